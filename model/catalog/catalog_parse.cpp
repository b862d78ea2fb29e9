#include "model/catalog/catalog_parse.hpp"

#include "model/io/json_fields.hpp"

namespace model::catalog_parse {

using nlohmann::json;
using io::JsonContext;

void checkHeader(const json& doc, const std::string& file)
{
    if (!doc.is_object()) throw InputError(file, "", "", "expected a JSON object at the top level");
    JsonContext ctx{file, ""};
    const std::string format = io::requireString(doc, "format", ctx);
    if (format != "cluster-designer-catalog")
        throw InputError(file, "", "format", "expected \"cluster-designer-catalog\", got \"" + format + "\"");
    (void)io::requireInt(doc, "version", ctx, 1, 1);
}

JsonContext contextFor(const json& e, const std::string& file, const std::string& index)
{
    if (!e.is_object()) throw InputError(file, index, "", "expected an object, got " + io::describe(e));
    auto it = e.find("id");
    if (it != e.end() && it->is_string() && !it->get_ref<const std::string&>().empty())
        return {file, it->get<std::string>()};
    return {file, index};
}

namespace {

int intOr(const json& e, const char* f, const JsonContext& c, int lo, int hi, int fallback)
{
    return static_cast<int>(io::optionalInt(e, f, c, lo, hi, fallback));
}

} // namespace

std::optional<int> optInt(const json& e, const char* f, const JsonContext& c, int lo, int hi)
{
    auto it = e.find(f);
    if (it == e.end() || it->is_null()) return std::nullopt;
    return static_cast<int>(io::requireInt(e, f, c, lo, hi));
}

std::optional<Bandwidth> optGBps(const json& e, const char* f, const JsonContext& c, double maxGBps)
{
    auto v = io::optionalNumber(e, f, c, 0.0, maxGBps);
    return v ? std::optional<Bandwidth>(Bandwidth::GBps(*v)) : std::nullopt;
}

std::optional<Bandwidth> optGbps(const json& e, const char* f, const JsonContext& c, double maxGbps)
{
    auto v = io::optionalNumber(e, f, c, 0.0, maxGbps);
    return v ? std::optional<Bandwidth>(Bandwidth::Gbps(*v)) : std::nullopt;
}

Provenance parseProvenance(const json& e, const std::string& file, const std::string& entry)
{
    JsonContext ctx{file, entry};
    Provenance p;
    auto srcs = e.find("sources");
    if (srcs == e.end() || !srcs->is_object() || srcs->empty())
        throw InputError(file, entry, "sources",
                         "expected an object of sources, e.g. {\"s1\": {\"citation\": \"https://...\", \"date\": \"2026-08\"}}");
    for (auto it = srcs->begin(); it != srcs->end(); ++it) {
        JsonContext sctx{file, entry};
        const std::string field = "sources." + it.key();
        if (!it->is_object()) throw InputError(file, entry, field, "expected an object with citation and date");
        Source s;
        s.citation = io::requireString(*it, "citation", {file, entry + "/" + field});
        s.date = io::requireString(*it, "date", {file, entry + "/" + field});
        p.sources.emplace(it.key(), std::move(s));
    }
    p.defaultSource = io::requireString(e, "default_source", ctx);
    if (!p.sources.count(p.defaultSource))
        throw InputError(file, entry, "default_source", "names source \"" + p.defaultSource + "\", not in \"sources\"");
    if (auto fs = e.find("field_sources"); fs != e.end()) {
        if (!fs->is_object()) throw InputError(file, entry, "field_sources", "expected an object field -> source id");
        for (auto it = fs->begin(); it != fs->end(); ++it) {
            if (!it->is_string() || !p.sources.count(it->get<std::string>()))
                throw InputError(file, entry, "field_sources." + it.key(),
                                 "expected the id of a source in \"sources\", got " + io::describe(*it));
            if (!e.contains(it.key()))
                throw InputError(file, entry, "field_sources." + it.key(),
                                 "names a field the entry does not have; expected one of the entry's field names");
            p.fieldSources.emplace(it.key(), it->get<std::string>());
        }
    }
    for (auto it = e.begin(); it != e.end(); ++it)
        if (it->is_null()) p.unknownFields.push_back(it.key());
    // Fields the parsers do not read are still shown on the spec sheet and exported: no
    // absurd magnitude there either, and no negative one (every catalog figure is a count,
    // a rate, a size, a power or a year).
    io::checkMagnitudes(e, ctx, "", 0.0, io::kMaxMagnitude);
    return p;
}

GpuSpec parseGpu(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    GpuSpec g;
    g.id = io::requireString(e, "id", c);
    g.name = io::requireString(e, "name", c);
    g.vendor = io::requireString(e, "vendor", c);
    const std::string ff = io::requireEnum(e, "form_factor", c, {"SXM", "PCIe", "OAM", "superchip"});
    g.formFactor = ff == "SXM" ? FormFactor::SXM : ff == "PCIe" ? FormFactor::PCIe : ff == "OAM" ? FormFactor::OAM : FormFactor::Superchip;
    g.architecture = io::optionalString(e, "architecture", c);
    g.memoryGB = io::optionalNumber(e, "memory_GB", c, 0.0, kMaxGpuMemoryGB);
    g.hbmBandwidth = optGBps(e, "hbm_bandwidth_GBps", c, kMaxHbmGBps);
    const std::string su = io::requireEnum(e, "scale_up", c, {"none", "nvlink", "infinity_fabric", "gaudi_roce"});
    g.scaleUp = su == "nvlink" ? ScaleUpKind::NVLink : su == "infinity_fabric" ? ScaleUpKind::InfinityFabric
              : su == "gaudi_roce" ? ScaleUpKind::GaudiRoCE : ScaleUpKind::None;
    const auto nvlOpt = io::optionalNumber(e, "nvlink_GBps_bidirectional", c, 0.0, kMaxLinkGBps);
    const double nvl = nvlOpt.value_or(0.0);
    if (g.scaleUp == ScaleUpKind::NVLink) {
        g.nvlinkGeneration = static_cast<int>(io::requireInt(e, "nvlink_generation", c, 1, 9));
        g.scaleUpBidirectional = Bandwidth::GBps(nvl);
        g.scaleUpBandwidthKnown = nvlOpt.has_value();
    } else {
        if (nvl != 0.0)
            throw InputError(file, g.id, "nvlink_GBps_bidirectional",
                             "expected 0 because scale_up is \"" + su + "\" (only NVLink parts have NVLink bandwidth)");
        const auto other = io::optionalNumber(e, "scale_up_GBps_bidirectional", c, 0.0, kMaxLinkGBps);
        if (g.scaleUp != ScaleUpKind::None && e.contains("scale_up_GBps_bidirectional") && !other)
            g.scaleUpBandwidthKnown = false;
        g.scaleUpBidirectional = Bandwidth::GBps(other.value_or(0.0));
    }
    g.scaleUpLinks = optInt(e, "scale_up_links", c, 0, 1024);
    g.nvlinkDomainMax = intOr(e, "nvlink_domain_max", c, 1, 100000, 1);
    g.hostLink = io::optionalEnum(e, "host_link", c, {"pcie", "nvlink_c2c"}, "pcie");
    if (g.hostLink == "pcie") {
        g.pcieGeneration = static_cast<int>(io::requireInt(e, "pcie_generation", c, 1, 7));
        g.pcieLanes = static_cast<int>(io::requireInt(e, "pcie_lanes", c, 1, 32));
    } else { // a superchip GPU hangs off its CPU by NVLink-C2C: no PCIe host link
        g.pcieGeneration = static_cast<int>(io::optionalInt(e, "pcie_generation", c, 0, 7, 0));
        g.pcieLanes = static_cast<int>(io::optionalInt(e, "pcie_lanes", c, 0, 32, 0));
    }
    g.hostLinkBidirectional = optGBps(e, "host_link_GBps_bidirectional", c, kMaxLinkGBps);
    // Unknown (null) peer-to-peer is treated as "no": the engine then stages through host memory.
    g.peerToPeerOverPcie = io::optionalBool(e, "peer_to_peer_pcie", c, false);
    g.bf16DenseTflops = io::optionalNumber(e, "bf16_dense_tflops", c, 0.0, kMaxTflops);
    g.fp8DenseTflops = io::optionalNumber(e, "fp8_dense_tflops", c, 0.0, kMaxTflops);
    g.tdpW = io::optionalNumber(e, "tdp_W", c, 0.0, kMaxPartW);
    g.migInstances = optInt(e, "mig_instances", c, 0, 64);
    g.referenceId = io::optionalString(e, "reference_id", c);
    g.memoryType = io::optionalString(e, "memory_type", c);
    g.fp16DenseTflops = io::optionalNumber(e, "fp16_dense_tflops", c, 0.0, kMaxTflops);
    g.nvlinkBridgeGpus = optInt(e, "nvlink_bridge_gpus", c, 2, 8);
    if (g.nvlinkBridgeGpus && g.scaleUp != ScaleUpKind::NVLink)
        throw InputError(file, g.id, "nvlink_bridge_gpus", "expected null because scale_up is not \"nvlink\"");
    g.scaleUpDomainMax = optInt(e, "scale_up_domain_max", c, 1, 100000);
    if (!g.scaleUpDomainMax && g.scaleUp == ScaleUpKind::NVLink) g.scaleUpDomainMax = g.nvlinkDomainMax;
    g.scaleUpPeerPerDirection = optGBps(e, "scale_up_peer_GBps_per_direction", c, kMaxLinkGBps);
    g.releaseYear = optInt(e, "release_year", c, 1990, 2100);
    g.provenance = parseProvenance(e, file, g.id);
    g.raw = e;
    return g;
}

ServerSpec parseServer(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    ServerSpec s;
    s.id = io::requireString(e, "id", c);
    s.name = io::requireString(e, "name", c);
    s.vendor = io::requireString(e, "vendor", c);
    s.kind = io::optionalEnum(e, "kind", c, {"node", "baseboard", "rack", "cloud_instance", "workstation", "appliance"}, "node");
    s.gpuCount = static_cast<int>(io::requireInt(e, "gpu_count", c, 0, 1024));
    if (s.kind == "appliance") {
        // A GPU-less box on the fabric (the UFM appliance): gpu_count 0 and no GPU.
        if (s.gpuCount != 0)
            throw InputError(file, s.id, "gpu_count", "expected 0 for kind \"appliance\", got " + std::to_string(s.gpuCount));
        if (!io::optionalString(e, "gpu", c).empty())
            throw InputError(file, s.id, "gpu", "expected no GPU for kind \"appliance\"");
    } else {
        if (s.gpuCount == 0)
            throw InputError(file, s.id, "gpu_count", "expected at least 1; only kind \"appliance\" may have 0 GPUs");
        s.gpuId = io::requireString(e, "gpu", c);
    }
    // An appliance has no GPUs to join, so its intra_node may be left out (read as "pcie").
    const std::vector<std::string> fabrics{"nvswitch", "nvlink_bridge", "direct_mesh", "pcie"};
    const std::string f = s.isAppliance() ? io::optionalEnum(e, "intra_node", c, fabrics, "pcie")
                                          : io::requireEnum(e, "intra_node", c, fabrics);
    s.intraNode = f == "nvswitch" ? IntraNodeFabric::NVSwitch : f == "nvlink_bridge" ? IntraNodeFabric::NVLinkBridge
                : f == "direct_mesh" ? IntraNodeFabric::DirectMesh : IntraNodeFabric::PCIe;
    s.nvswitchCount = intOr(e, "nvswitch_count", c, 0, 1024, 0);
    s.scaleUpDomainGpus = intOr(e, "scaleup_domain_gpus", c, 1, 100000, 1);
    s.computeNicId = io::optionalString(e, "compute_nic", c);
    s.computeNicCount = intOr(e, "compute_nic_count", c, 0, 1024, 0);
    if (!s.computeNicId.empty() && s.computeNicCount == 0)
        throw InputError(file, s.id, "compute_nic_count", "expected at least 1 because compute_nic is set");
    s.storageNicCount = intOr(e, "storage_nic_count", c, 0, 1024, 0);
    s.cpuSockets = intOr(e, "cpu_sockets", c, 0, 64, 1);
    s.pcieSwitches = intOr(e, "pcie_switches", c, 0, 1024, 0);
    s.powerW = io::optionalNumber(e, "power_W", c, 0.0, kMaxSystemW);
    s.rackUnits = optInt(e, "rack_units", c, 1, 64);
    s.referenceId = io::optionalString(e, "reference_id", c);
    s.nvswitchId = io::optionalString(e, "nvswitch", c);
    s.storageNicId = io::optionalString(e, "storage_nic", c);
    s.cpu = io::optionalString(e, "cpu", c);
    s.cooling = io::optionalString(e, "cooling", c);
    // A cage holds one module: 2 logical ports in a twin-port OSFP, at most 8 in an octal breakout.
    s.computeNicPortsPerCage = optInt(e, "compute_nic_ports_per_cage", c, 1, 8);
    if (s.scaleUpDomainGpus < 1)
        throw InputError(file, s.id, "scaleup_domain_gpus", "expected at least 1");
    s.provenance = parseProvenance(e, file, s.id);
    s.raw = e;
    return s;
}

namespace {
NetProtocol parseProtocol(const json& e, const JsonContext& c)
{
    const std::string p = io::requireEnum(e, "protocol", c, {"infiniband", "ethernet", "efa"});
    return p == "infiniband" ? NetProtocol::InfiniBand : p == "ethernet" ? NetProtocol::Ethernet : NetProtocol::EFA;
}
} // namespace

NicSpec parseNic(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    NicSpec n;
    n.id = io::requireString(e, "id", c);
    n.name = io::requireString(e, "name", c);
    n.vendor = io::requireString(e, "vendor", c);
    n.speed = Bandwidth::Gbps(io::requireNumber(e, "speed_Gbps", c, 1.0, kMaxPortGbps));
    n.ports = intOr(e, "ports", c, 1, 64, 1);
    n.protocol = parseProtocol(e, c);
    // Unknown (null) GPUDirect RDMA is treated as "no" (staged through host memory).
    n.gpuDirectRdma = io::optionalBool(e, "gpudirect_rdma", c, false);
    n.powerW = io::optionalNumber(e, "power_W", c, 0.0, kMaxPartW);
    n.referenceId = io::optionalString(e, "reference_id", c);
    n.category = io::optionalEnum(e, "category", c, {"nic", "dpu", "cloud_nic"}, "nic");
    n.protocolGeneration = io::optionalString(e, "protocol_generation", c);
    n.hostInterface = io::optionalString(e, "host_interface", c);
    n.formFactor = io::optionalString(e, "form_factor", c);
    n.ncclNetLatencyUs = io::optionalNumber(e, "nccl_net_latency_us", c, 0.0, 1e6).value_or(0.0);
    if (auto it = e.find("nccl_protocols"); it != e.end() && !it->is_null()) {
        if (!it->is_array() || it->empty())
            throw InputError(file, n.id, "nccl_protocols", "expected a non-empty array such as [\"LL128\", \"Simple\"]");
        for (const auto& p : *it) {
            const std::string name = p.is_string() ? p.get<std::string>() : std::string();
            if (name != "LL" && name != "LL128" && name != "Simple")
                throw InputError(file, n.id, "nccl_protocols", "expected protocol names \"LL\", \"LL128\" or \"Simple\", got " + p.dump());
            n.ncclProtocols.push_back(name);
        }
    }
    if (auto it = e.find("protocols_supported"); it != e.end() && !it->is_null()) {
        if (!it->is_array()) throw InputError(file, n.id, "protocols_supported", "expected an array such as [\"infiniband\", \"ethernet\"]");
        for (const auto& p : *it) {
            const auto proto = p.is_string() ? netProtocolFromString(p.get<std::string>()) : std::nullopt;
            if (!proto)
                throw InputError(file, n.id, "protocols_supported",
                                 "expected each item to be \"infiniband\", \"ethernet\" or \"efa\", got " + io::describe(p));
            n.supportedProtocols.push_back(*proto);
        }
        if (!n.supports(n.protocol))
            throw InputError(file, n.id, "protocols_supported", "expected it to include the entry's \"protocol\"");
    }
    n.provenance = parseProvenance(e, file, n.id);
    n.raw = e;
    return n;
}

SwitchSpec parseSwitch(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    SwitchSpec s;
    s.id = io::requireString(e, "id", c);
    s.name = io::requireString(e, "name", c);
    s.vendor = io::requireString(e, "vendor", c);
    // null = unpublished (e.g. a modular chassis): 0 ports / zero speed, see portsKnown().
    if (!e.contains("ports")) (void)io::requireInt(e, "ports", c, 1, 100000); // "missing" error
    s.ports = static_cast<int>(io::optionalInt(e, "ports", c, 1, 100000, 0));
    if (!e.contains("port_speed_Gbps")) (void)io::requireNumber(e, "port_speed_Gbps", c, 1.0, kMaxPortGbps);
    s.portSpeed = Bandwidth::Gbps(io::optionalNumber(e, "port_speed_Gbps", c, 1.0, kMaxPortGbps).value_or(0.0));
    s.protocol = parseProtocol(e, c);
    const std::string l = io::requireEnum(e, "lossless", c, {"credit_based", "pfc_ecn", "none"});
    s.lossless = l == "credit_based" ? LosslessMode::CreditBased : l == "pfc_ecn" ? LosslessMode::PfcEcn : LosslessMode::None;
    if (s.protocol == NetProtocol::InfiniBand && s.lossless != LosslessMode::CreditBased)
        throw InputError(file, s.id, "lossless", "expected \"credit_based\": InfiniBand is lossless by credit-based flow control");
    if (s.protocol != NetProtocol::InfiniBand && s.lossless == LosslessMode::CreditBased)
        throw InputError(file, s.id, "lossless", "expected \"pfc_ecn\" or \"none\": credit-based flow control is InfiniBand's");
    s.inNetworkReduction = io::optionalString(e, "in_network_reduction", c);
    s.latencyNs = io::optionalNumber(e, "latency_ns", c, 0.0, kMaxLatencyNs);
    s.powerW = io::optionalNumber(e, "power_W", c, 0.0, kMaxSystemW);
    s.rackUnits = optInt(e, "rack_units", c, 1, 64);
    s.referenceId = io::optionalString(e, "reference_id", c);
    s.category = io::optionalEnum(e, "category", c, {"switch", "switch_asic"}, "switch");
    s.protocolGeneration = io::optionalString(e, "protocol_generation", c);
    s.asic = io::optionalString(e, "asic", c);
    s.aggregateTbps = io::optionalNumber(e, "aggregate_Tbps", c, 0.0, kMaxAggregateTbps);
    s.formFactor = io::optionalString(e, "form_factor", c);
    s.maxLogicalPorts = optInt(e, "max_logical_ports", c, 1, 100000);
    if (s.maxLogicalPorts && s.ports > 0 && *s.maxLogicalPorts < s.ports)
        throw InputError(file, s.id, "max_logical_ports",
                         "expected at least the switch's " + std::to_string(s.ports) + " ports (the most logical ports its ports split into), got " +
                             std::to_string(*s.maxLogicalPorts));
    s.provenance = parseProvenance(e, file, s.id);
    s.raw = e;
    return s;
}

} // namespace model::catalog_parse
