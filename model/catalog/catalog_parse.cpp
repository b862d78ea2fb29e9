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

namespace {

/// The entry name used in errors: its id when it has a usable one, else its index.
JsonContext contextFor(const json& e, const std::string& file, const std::string& index)
{
    if (!e.is_object()) throw InputError(file, index, "", "expected an object, got " + io::describe(e));
    auto it = e.find("id");
    if (it != e.end() && it->is_string() && !it->get_ref<const std::string&>().empty())
        return {file, it->get<std::string>()};
    return {file, index};
}

int intOr(const json& e, const char* f, const JsonContext& c, int lo, int hi, int fallback)
{
    return static_cast<int>(io::optionalInt(e, f, c, lo, hi, fallback));
}

std::optional<int> optInt(const json& e, const char* f, const JsonContext& c, int lo, int hi)
{
    auto it = e.find(f);
    if (it == e.end() || it->is_null()) return std::nullopt;
    return static_cast<int>(io::requireInt(e, f, c, lo, hi));
}

std::optional<Bandwidth> optGBps(const json& e, const char* f, const JsonContext& c)
{
    auto v = io::optionalNumber(e, f, c, 0.0);
    if (!v) return std::nullopt;
    return Bandwidth::GBps(*v);
}

} // namespace

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
            p.fieldSources.emplace(it.key(), it->get<std::string>());
        }
    }
    for (auto it = e.begin(); it != e.end(); ++it)
        if (it->is_null()) p.unknownFields.push_back(it.key());
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
    g.memoryGB = io::optionalNumber(e, "memory_GB", c, 0.0);
    g.hbmBandwidth = optGBps(e, "hbm_bandwidth_GBps", c);
    const std::string su = io::requireEnum(e, "scale_up", c, {"none", "nvlink", "infinity_fabric", "gaudi_roce"});
    g.scaleUp = su == "nvlink" ? ScaleUpKind::NVLink : su == "infinity_fabric" ? ScaleUpKind::InfinityFabric
              : su == "gaudi_roce" ? ScaleUpKind::GaudiRoCE : ScaleUpKind::None;
    const double nvl = io::optionalNumber(e, "nvlink_GBps_bidirectional", c, 0.0).value_or(0.0);
    if (g.scaleUp == ScaleUpKind::NVLink) {
        g.nvlinkGeneration = static_cast<int>(io::requireInt(e, "nvlink_generation", c, 1, 9));
        g.scaleUpBidirectional = Bandwidth::GBps(nvl);
    } else {
        if (nvl != 0.0)
            throw InputError(file, g.id, "nvlink_GBps_bidirectional",
                             "expected 0 because scale_up is \"" + su + "\" (only NVLink parts have NVLink bandwidth)");
        g.scaleUpBidirectional = Bandwidth::GBps(io::optionalNumber(e, "scale_up_GBps_bidirectional", c, 0.0).value_or(0.0));
    }
    g.scaleUpLinks = optInt(e, "scale_up_links", c, 0, 1024);
    g.nvlinkDomainMax = intOr(e, "nvlink_domain_max", c, 1, 100000, 1);
    g.pcieGeneration = static_cast<int>(io::requireInt(e, "pcie_generation", c, 1, 7));
    g.pcieLanes = static_cast<int>(io::requireInt(e, "pcie_lanes", c, 1, 32));
    g.peerToPeerOverPcie = io::optionalBool(e, "peer_to_peer_pcie", c, true);
    g.bf16DenseTflops = io::optionalNumber(e, "bf16_dense_tflops", c, 0.0);
    g.fp8DenseTflops = io::optionalNumber(e, "fp8_dense_tflops", c, 0.0);
    g.tdpW = io::optionalNumber(e, "tdp_W", c, 0.0);
    g.migInstances = optInt(e, "mig_instances", c, 0, 64);
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
    s.gpuId = io::requireString(e, "gpu", c);
    s.gpuCount = static_cast<int>(io::requireInt(e, "gpu_count", c, 1, 1024));
    const std::string f = io::requireEnum(e, "intra_node", c, {"nvswitch", "nvlink_bridge", "direct_mesh", "pcie"});
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
    s.powerW = io::optionalNumber(e, "power_W", c, 0.0);
    s.rackUnits = optInt(e, "rack_units", c, 1, 64);
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
    n.speed = Bandwidth::Gbps(io::requireNumber(e, "speed_Gbps", c, 1.0));
    n.ports = intOr(e, "ports", c, 1, 64, 1);
    n.protocol = parseProtocol(e, c);
    n.gpuDirectRdma = io::optionalBool(e, "gpudirect_rdma", c, true);
    n.powerW = io::optionalNumber(e, "power_W", c, 0.0);
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
    s.ports = static_cast<int>(io::requireInt(e, "ports", c, 1, 100000));
    s.portSpeed = Bandwidth::Gbps(io::requireNumber(e, "port_speed_Gbps", c, 1.0));
    s.protocol = parseProtocol(e, c);
    const std::string l = io::requireEnum(e, "lossless", c, {"credit_based", "pfc_ecn", "none"});
    s.lossless = l == "credit_based" ? LosslessMode::CreditBased : l == "pfc_ecn" ? LosslessMode::PfcEcn : LosslessMode::None;
    if (s.protocol == NetProtocol::InfiniBand && s.lossless != LosslessMode::CreditBased)
        throw InputError(file, s.id, "lossless", "expected \"credit_based\": InfiniBand is lossless by credit-based flow control");
    s.inNetworkReduction = io::optionalString(e, "in_network_reduction", c);
    s.latencyNs = io::optionalNumber(e, "latency_ns", c, 0.0);
    s.powerW = io::optionalNumber(e, "power_W", c, 0.0);
    s.rackUnits = optInt(e, "rack_units", c, 1, 64);
    s.provenance = parseProvenance(e, file, s.id);
    s.raw = e;
    return s;
}

} // namespace model::catalog_parse
