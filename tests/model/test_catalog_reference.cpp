// Every figure that shared/reference/{gpus,servers,network}.csv gives agrees with the bundled
// catalog (matched by the entry's "reference_id" = the CSV row id). Cells that state a number
// must match it exactly (the first value where the cell gives a range or disagreeing sources);
// empty cells must be null in the catalog unless the row's notes give the value.
#include "test_catalog_support.hpp"
#include "model/catalog/catalog.hpp"
#include "model/catalog/catalog_entries.hpp"

#include "test_catalog_csv.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using namespace model;
using namespace csvtest;
using nlohmann::json;

namespace {

std::string refPath(const char* name) { return std::string(CD_SHARED_DIR "/reference/") + name; }

using testsupport::catalog;

std::map<std::string, EntryView> byReferenceId()
{
    std::map<std::string, EntryView> m;
    for (const auto& e : allEntries(catalog())) {
        auto it = e.raw->find("reference_id");
        if (it != e.raw->end() && it->is_string()) m.emplace(it->get<std::string>(), e);
    }
    return m;
}

json fieldOf(const json& e, const std::string& f)
{
    auto it = e.find(f);
    return it == e.end() ? json() : *it;
}

bool notesGive(const Row& row, double value)
{
    for (double n : numbersIn(row.at("notes")))
        if (n == Approx(value)) return true;
    return false;
}

/// The number in `col` (times `scale`) equals the catalog's `field`; an empty cell is null
/// in the catalog unless the notes of the row state the catalog's value.
void checkCell(const Row& row, const std::string& col, const json& e, const std::string& field, double scale = 1.0)
{
    const std::string& cell = row.at(col);
    const json v = fieldOf(e, field);
    INFO(row.at("id") << ": column " << col << " = \"" << cell << "\", catalog " << field << " = " << v.dump());
    if (auto n = leadingNumber(cell)) {
        REQUIRE(v.is_number());
        CHECK(v.get<double>() == Approx(*n * scale));
    } else if (cell.empty() && !v.is_null()) {
        REQUIRE(v.is_number());
        CHECK(notesGive(row, v.get<double>() / scale));
    }
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

} // namespace

TEST_CASE("Every row of the reference CSVs is in the catalog under its reference_id", "[catalog][reference]")
{
    const auto refs = byReferenceId();
    for (const char* file : {"gpus.csv", "servers.csv", "network.csv"}) {
        const auto rows = readCsv(refPath(file));
        CHECK(rows.size() > 10);
        for (const auto& r : rows) {
            INFO(file << " row " << r.at("id"));
            CHECK(refs.count(r.at("id")) == 1);
        }
    }
}

TEST_CASE("GPU figures agree with shared/reference/gpus.csv", "[catalog][reference]")
{
    const auto refs = byReferenceId();
    const auto rows = readCsv(refPath("gpus.csv"));
    REQUIRE(rows.size() == 25);
    for (const auto& r : rows) {
        REQUIRE(refs.count(r.at("id")));
        const EntryView& v = refs.at(r.at("id"));
        REQUIRE(v.kind == EntryKind::Gpu);
        const json& e = *v.raw;
        const GpuSpec* g = catalog().gpu(v.id);
        REQUIRE(g);
        INFO("GPU " << v.id);
        CHECK(e.at("name") == r.at("name"));
        CHECK(e.at("vendor") == r.at("vendor"));
        CHECK(toString(g->formFactor) == r.at("form_factor"));
        CHECK(contains(r.at("memory_type"), e.at("memory_type").get<std::string>()));
        checkCell(r, "memory_GB", e, "memory_GB");
        checkCell(r, "hbm_bandwidth_GBps", e, "hbm_bandwidth_GBps");
        checkCell(r, "bf16_dense_tflops", e, "bf16_dense_tflops");
        checkCell(r, "fp8_dense_tflops", e, "fp8_dense_tflops");
        checkCell(r, "fp16_dense_tflops", e, "fp16_dense_tflops");
        checkCell(r, "tdp_W", e, "tdp_W");
        checkCell(r, "release_year", e, "release_year");
        checkCell(r, "pcie_gen", e, "pcie_generation");
        checkCell(r, "pcie_lanes", e, "pcie_lanes");
        if (auto bw = leadingNumber(r.at("pcie_bandwidth_GBps_bidirectional")))
            CHECK(2.0 * g->pciePerDirection().inGBps() == Approx(*bw)); // both directions, NVIDIA rounding
        if (contains(r.at("pcie_gen"), "n/a")) CHECK(fieldOf(e, "pcie_generation").is_null());

        // Scale-up kind and bandwidth: NVLink, AMD Infinity Fabric and Gaudi RoCE are never mixed up.
        const std::string& nvgen = r.at("nvlink_generation");
        if (nvgen.rfind("NVLink ", 0) == 0) {
            CHECK(g->scaleUp == ScaleUpKind::NVLink);
            CHECK(g->nvlinkGeneration == std::stoi(nvgen.substr(7)));
            checkCell(r, "nvlink_bandwidth_GBps_per_gpu_bidirectional", e, "nvlink_GBps_bidirectional");
        } else if (nvgen == "none") {
            CHECK(g->scaleUp == ScaleUpKind::None);
            CHECK(g->scaleUpBidirectional.isZero());
        } else if (contains(nvgen, "Infinity Fabric")) {
            CHECK(g->scaleUp == ScaleUpKind::InfinityFabric);
            checkCell(r, "nvlink_bandwidth_GBps_per_gpu_bidirectional", e, "scale_up_GBps_bidirectional");
        } else {
            REQUIRE(contains(nvgen, "RoCE"));
            CHECK(g->scaleUp == ScaleUpKind::GaudiRoCE);
            checkCell(r, "nvlink_bandwidth_GBps_per_gpu_bidirectional", e, "scale_up_GBps_bidirectional");
        }
        if (g->scaleUp != ScaleUpKind::None) checkCell(r, "nvlink_links", e, "scale_up_links");
        if (g->scaleUp != ScaleUpKind::NVLink) CHECK(fieldOf(e, "nvlink_GBps_bidirectional") == json(0));

        // MIG: "none" and "n/a" (AMD, Intel) mean no MIG.
        const std::string& mig = r.at("mig_max_instances");
        if (auto n = leadingNumber(mig)) CHECK(g->migInstances == static_cast<int>(*n));
        else CHECK(g->migInstances.value_or(0) == 0);
    }
}

TEST_CASE("Parts without NVLink say so: L40S, L40, L4, A10, RTX 4090, RTX 5090, RTX 6000 Ada, RTX PRO 6000", "[catalog][reference]")
{
    for (const char* id : {"l40s", "l40", "l4", "a10", "rtx-4090", "rtx-5090", "rtx-6000-ada", "rtx-pro-6000"}) {
        INFO(id);
        const GpuSpec* g = catalog().gpu(id);
        REQUIRE(g);
        CHECK(g->scaleUp == ScaleUpKind::None);
        CHECK(g->nvlinkGeneration == 0);
        CHECK(g->scaleUpBidirectional.isZero());
        CHECK(g->nvlinkDomainMax == 1);
        CHECK_FALSE(g->nvlinkBridgeGpus.has_value());
    }
    // GeForce: no peer-to-peer over PCIe on the stock driver (NVIDIA/nccl #1127, club-3090 #1130).
    CHECK_FALSE(catalog().gpu("rtx-4090")->peerToPeerOverPcie);
    CHECK_FALSE(catalog().gpu("rtx-5090")->peerToPeerOverPcie);
    // AMD and Intel scale-up fabrics are their own kinds, with a per-peer rate below the total.
    const GpuSpec* mi300x = catalog().gpu("mi300x");
    REQUIRE(mi300x);
    CHECK(mi300x->scaleUp == ScaleUpKind::InfinityFabric);
    CHECK(mi300x->scaleUpBidirectional.inGBps() == Approx(896));
    CHECK(mi300x->scaleUpPeerPerDirection->inGBps() == Approx(64)); // 128 GB/s duplex link / 2
    CHECK(catalog().gpu("gaudi3")->scaleUp == ScaleUpKind::GaudiRoCE);
    // PCIe cards with NVLink bridges.
    CHECK(catalog().gpu("a40")->nvlinkBridgeGpus == 2);
    CHECK(catalog().gpu("a40")->scaleUpBidirectional.inGBps() == Approx(112.5));
    CHECK_FALSE(catalog().gpu("a100-pcie-80gb")->scaleUpBandwidthKnown);
}

TEST_CASE("Server figures agree with shared/reference/servers.csv", "[catalog][reference]")
{
    const auto refs = byReferenceId();
    const auto rows = readCsv(refPath("servers.csv"));
    REQUIRE(rows.size() == 21);
    for (const auto& r : rows) {
        REQUIRE(refs.count(r.at("id")));
        const EntryView& v = refs.at(r.at("id"));
        REQUIRE(v.kind == EntryKind::Server);
        const json& e = *v.raw;
        const ServerSpec* s = catalog().server(v.id);
        REQUIRE(s);
        INFO("server " << v.id);
        CHECK(e.at("name") == r.at("name"));
        CHECK(e.at("vendor") == r.at("vendor"));
        CHECK(s->kind == r.at("kind"));
        checkCell(r, "gpu_count", e, "gpu_count");
        checkCell(r, "gpu_memory_total_GB", e, "gpu_memory_total_GB");
        checkCell(r, "scaleup_domain_gpus", e, "scaleup_domain_gpus");
        checkCell(r, "nvswitch_count", e, "nvswitch_count");
        checkCell(r, "intra_node_gpu_bw_GBps_per_gpu_bidir", e, "intra_node_per_gpu_GBps_bidirectional");
        checkCell(r, "cpu_sockets", e, "cpu_sockets");
        checkCell(r, "pcie_gen", e, "pcie_generation");
        checkCell(r, "storage_inband_nics", e, "storage_nic_count");
        checkCell(r, "rack_units", e, "rack_units");
        // Power: a cell that only gives the GPUs' share is not the node's power (null).
        if (contains(r.at("power_kW_max"), "GPUs alone")) CHECK(fieldOf(e, "power_W").is_null());
        else checkCell(r, "power_kW_max", e, "power_W", 1000.0);

        // Compute NICs: count, speed (the NIC entry's), and count x speed.
        const std::string& nics = r.at("compute_nics");
        const NicSpec* nic = s->computeNicId.empty() ? nullptr : catalog().nic(s->computeNicId);
        if (nics.rfind("none", 0) == 0) {
            CHECK(s->computeNicCount == 0);
        } else if (contains(nics, "network adapters total")) { // "2-8-5": 5 adapters in all
            CHECK(s->computeNicCount + s->storageNicCount == static_cast<int>(*leadingNumber(nics)));
        } else if (!contains(nics, "tray")) {               // "4x ... per compute tray" is per tray
            checkCell(r, "compute_nics", e, "compute_nic_count");
        }
        const std::string& speed = r.at("compute_nic_speed_Gbps");
        if (auto lo = leadingNumber(speed)) {
            REQUIRE(nic);
            const auto dash = speed.find('-');
            const double hi = dash == std::string::npos ? *lo : *leadingNumber(speed.substr(dash + 1));
            CHECK(nic->speed.inGbps() >= *lo - 1e-9); // a single value, or a range "200-400"
            CHECK(nic->speed.inGbps() <= hi + 1e-9);
        } else {
            CHECK(nic == nullptr);
        }
        if (auto total = leadingNumber(r.at("compute_bw_total_Gbps"))) {
            REQUIRE(nic);
            CHECK(s->computeNicCount * nic->speed.inGbps() == Approx(*total));
        }
    }
}

TEST_CASE("DGX A100 640GB is the servers.csv dgx_a100 row's other GPU memory size, every other figure as dgx-a100", "[catalog][reference]")
{
    // servers.csv dgx_a100 gives the GPU as "A100 SXM4 40/80GB" and GPU memory "320 or 640": the
    // catalog holds both, dgx-a100 (40GB, the value the row gives first, checked by the test
    // above) and dgx-a100-640gb (80GB). Both carry the row's reference_id.
    Row row;
    for (const auto& r : readCsv(refPath("servers.csv")))
        if (r.at("id") == "dgx_a100") row = r;
    REQUIRE(row.count("id"));
    CHECK(contains(row.at("gpu_model"), "A100 SXM4 40/80GB"));
    const std::vector<double> sizes = numbersIn(row.at("gpu_memory_total_GB"));
    CHECK(sizes == std::vector<double>{320, 640});
    CHECK(byReferenceId().at("dgx_a100").id == "dgx-a100");

    const ServerSpec* base = catalog().server("dgx-a100");
    const ServerSpec* big = catalog().server("dgx-a100-640gb");
    REQUIRE(base);
    REQUIRE(big);
    CHECK(base->gpuId == "a100-sxm-40gb");
    CHECK(big->gpuId == "a100-sxm-80gb");
    CHECK(big->raw.at("reference_id") == "dgx_a100");
    CHECK(big->raw.at("gpu_memory_total_GB").get<double>() == Approx(sizes.at(1)));
    CHECK(big->raw.at("gpu_memory_total_GB").get<double>() == Approx(big->gpuCount * *catalog().gpu(big->gpuId)->memoryGB));
    CHECK(base->raw.at("gpu_memory_total_GB").get<double>() == Approx(base->gpuCount * *catalog().gpu(base->gpuId)->memoryGB));
    // Every other figure is the row's one figure for both variants.
    for (auto it = base->raw.begin(); it != base->raw.end(); ++it) {
        const std::string& f = it.key();
        if (f == "id" || f == "name" || f == "gpu" || f == "gpu_memory_total_GB" || isBookkeepingField(f)) continue;
        INFO(f);
        REQUIRE(big->raw.contains(f));
        CHECK(big->raw.at(f) == *it);
    }
    for (auto it = big->raw.begin(); it != big->raw.end(); ++it) {
        INFO(it.key());
        CHECK(base->raw.contains(it.key())); // no field of its own
    }
}

TEST_CASE("NIC, switch, NVSwitch, cable and optic figures agree with shared/reference/network.csv", "[catalog][reference]")
{
    const auto refs = byReferenceId();
    const auto rows = readCsv(refPath("network.csv"));
    REQUIRE(rows.size() == 36);
    for (const auto& r : rows) {
        REQUIRE(refs.count(r.at("id")));
        const EntryView& v = refs.at(r.at("id"));
        const json& e = *v.raw;
        const std::string& cat = r.at("category");
        const std::string& gen = r.at("protocol_generation");
        INFO(cat << " " << v.id);
        CHECK(e.at("vendor") == r.at("vendor"));
        checkCell(r, "power_W", e, "power_W");
        if (cat == "nic" || cat == "dpu" || cat == "cloud_nic") {
            REQUIRE(v.kind == EntryKind::Nic);
            const NicSpec* n = catalog().nic(v.id);
            CHECK(n->category == cat);
            checkCell(r, "per_port_speed_Gbps", e, "speed_Gbps");
            if (cat != "cloud_nic") checkCell(r, "ports", e, "ports"); // cloud rows count devices per instance
            // The first protocol the row names is the entry's; every protocol it names is supported.
            const auto ib = gen.find("InfiniBand") != std::string::npos ? gen.find("InfiniBand") : gen.find("IB ");
            const auto eth = gen.find("Ethernet");
            if (contains(gen, "SRD")) CHECK(n->protocol == NetProtocol::EFA);
            else if (ib != std::string::npos && (eth == std::string::npos || ib < eth)) CHECK(n->protocol == NetProtocol::InfiniBand);
            else CHECK(n->protocol == NetProtocol::Ethernet);
            if (ib != std::string::npos) CHECK(n->supports(NetProtocol::InfiniBand));
            if (eth != std::string::npos && !contains(gen, "SRD")) CHECK(n->supports(NetProtocol::Ethernet));
        } else if (cat == "switch" || cat == "switch_asic") {
            REQUIRE(v.kind == (cat == "switch" ? EntryKind::Switch : EntryKind::SwitchAsic));
            const SwitchSpec* s = cat == "switch" ? catalog().switchModel(v.id) : catalog().switchAsic(v.id);
            checkCell(r, "ports", e, "ports");
            checkCell(r, "per_port_speed_Gbps", e, "port_speed_Gbps");
            checkCell(r, "aggregate_throughput_Tbps", e, "aggregate_Tbps");
            if (cat == "switch") checkCell(r, "form_factor", e, "rack_units"); // "1U", "2U", "4RU"
            const std::string& lat = r.at("port_to_port_latency_ns");
            checkCell(r, "port_to_port_latency_ns", e, "latency_ns", contains(lat, " us") ? 1000.0 : 1.0);
            if (contains(gen, "InfiniBand")) {
                CHECK(s->protocol == NetProtocol::InfiniBand);
                CHECK(s->lossless == LosslessMode::CreditBased);
                CHECK(s->isLossless(false));
            } else {
                CHECK(s->protocol == NetProtocol::Ethernet);
                CHECK(s->lossless == LosslessMode::PfcEcn); // capable; configured per design node
                CHECK(s->isLossless(true));
                CHECK_FALSE(s->isLossless(false));
            }
            const std::string& red = r.at("in_network_reduction");
            if (contains(red, "SHARP") && red.rfind("no", 0) != 0) CHECK(contains(s->inNetworkReduction, "SHARP"));
            else CHECK(s->inNetworkReduction.empty());
        } else if (cat == "nvswitch") {
            REQUIRE(v.kind == EntryKind::NvSwitch);
            const NvSwitchSpec* s = catalog().nvswitch(v.id);
            CHECK(s->nvlinkGeneration == std::stoi(gen.substr(gen.find("NVLink ") + 7)));
            checkCell(r, "ports", e, "ports");
            checkCell(r, "per_port_speed_Gbps", e, "port_GBps_bidirectional"); // this column is in GB/s for NVSwitch rows
            checkCell(r, "aggregate_throughput_Tbps", e, "aggregate_TBps");     // and in TB/s
            const std::string& red = r.at("in_network_reduction");
            if (contains(red, "NVLS")) CHECK(s->inNetworkReduction == "NVLS");
            else CHECK(s->inNetworkReduction.empty());
        } else {
            REQUIRE((cat == "cable" || cat == "transceiver"));
            REQUIRE(v.kind == (cat == "cable" ? EntryKind::Cable : EntryKind::Transceiver));
            checkCell(r, "ports", e, "ports");
            checkCell(r, "per_port_speed_Gbps", e, "port_speed_Gbps");
            checkCell(r, "max_reach_m", e, "reach_m");
        }
    }
}

TEST_CASE("switch ports_per_cage agrees with shared/reference/network.csv", "[catalog][reference]")
{
    // Logical ports per physical cage, used by the BOM to count switch-side transceivers.
    // network.csv: sw_qm9700 ports "64 logical (32 OSFP twin-port cages)" -> 2; sw_q3400
    // notes "72x 1.6T OSFP cages" for 144 ports -> 2; sw_sn5600 "64x OSFP 800GbE", sw_sn5400
    // "QSFP-DD 400GbE" (64 ports), sw_qm8700 "40x QSFP56 200G" -> 1; the rest do not say (null).
    std::map<std::string, Row> rows;
    for (const auto& r : readCsv(refPath("network.csv"))) rows[r.at("id")] = r;
    const std::map<std::string, int> expected{{"qm9700", 2}, {"q3400", 2}, {"sn5600", 1}, {"sn5400", 1}, {"qm8700", 1}};
    for (const SwitchSpec& s : catalog().switches()) {
        INFO(s.id);
        REQUIRE(s.raw.contains("ports_per_cage"));
        const json& v = s.raw.at("ports_per_cage");
        if (auto it = expected.find(s.id); it != expected.end()) {
            REQUIRE(v.is_number_integer());
            CHECK(v.get<int>() == it->second);
            CHECK(s.ports % it->second == 0);
        } else CHECK(v.is_null());
    }
    CHECK(contains(rows.at("sw_qm9700").at("ports"), "32 OSFP twin-port cages"));
    CHECK(contains(rows.at("sw_qm9700").at("notes"), "Each OSFP cage = 2 logical IB ports"));
    CHECK(contains(rows.at("sw_q3400").at("notes"), "72x 1.6T OSFP cages"));
    CHECK(contains(rows.at("sw_sn5600").at("notes"), "64x OSFP 800GbE"));
    CHECK(contains(rows.at("sw_sn5400").at("notes"), "QSFP-DD 400GbE"));
    CHECK(contains(rows.at("sw_qm8700").at("notes"), "40x QSFP56 200G"));
}

TEST_CASE("server compute_nic_ports_per_cage agrees with shared/reference/servers.csv", "[catalog][reference][cages]")
{
    // Compute NIC ports per physical cage on the server, used by the BOM to count NIC-end
    // transceivers. servers.csv compute_nics: dgx_h100 "8x single-port ConnectX-7 VPI via 4x
    // twin-port OSFP cages", dgx_h200 and dgx_b200 "8x single-port ConnectX-7 via 4x OSFP" ->
    // 8 / 4 = 2; gb200_nvl72 "4x single-port ConnectX-7 400G OSFP (one per GPU)" per tray -> 1.
    // The other rows do not say: the field is absent (read as 1).
    std::map<std::string, Row> rows;
    for (const auto& r : readCsv(refPath("servers.csv"))) rows[r.at("id")] = r;
    const std::map<std::string, int> expected{{"dgx-h100", 2}, {"dgx-h200", 2}, {"dgx-b200", 2}, {"gb200-nvl72", 1}};
    for (const ServerSpec& s : catalog().servers()) {
        INFO(s.id);
        if (auto it = expected.find(s.id); it != expected.end()) {
            REQUIRE(s.raw.contains("compute_nic_ports_per_cage"));
            CHECK(s.raw.at("compute_nic_ports_per_cage") == it->second);
            CHECK(s.nicPortsPerCage() == it->second);
            CHECK(s.computeNicCount % it->second == 0);
        } else {
            CHECK_FALSE(s.raw.contains("compute_nic_ports_per_cage"));
            CHECK(s.nicPortsPerCage() == 1);
        }
    }
    CHECK(contains(rows.at("dgx_h100").at("compute_nics"), "8x single-port ConnectX-7 VPI via 4x twin-port OSFP cages"));
    for (const char* id : {"dgx_h200", "dgx_b200"}) {
        INFO(id);
        CHECK(contains(rows.at(id).at("compute_nics"), "8x single-port ConnectX-7 via 4x OSFP"));
    }
    CHECK(contains(rows.at("gb200_nvl72").at("compute_nics"), "4x single-port ConnectX-7 400G OSFP (one per GPU)"));
}
