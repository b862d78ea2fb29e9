// The catalog browser's model side: spec sheets (figure, unit, source + date or unknown),
// comparisons and filters.
#include "test_catalog_support.hpp"
#include "model/catalog/spec_sheet.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;

namespace {
using testsupport::catalog;
EntryView find(const std::string& id)
{
    for (const auto& e : allEntries(catalog()))
        if (e.id == id) return e;
    FAIL("no entry " << id);
    return {};
}
const SpecRow& row(const std::vector<SpecRow>& rows, const std::string& field)
{
    auto it = std::find_if(rows.begin(), rows.end(), [&](const SpecRow& r) { return r.field == field; });
    REQUIRE(it != rows.end());
    return *it;
}
std::vector<std::string> ids(const CatalogFilter& f)
{
    std::vector<std::string> out;
    for (const auto& e : allEntries(catalog()))
        if (f.matches(e, catalog())) out.push_back(e.id);
    return out;
}
bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }
} // namespace

TEST_CASE("A spec sheet lists each figure with its unit and its source and date", "[catalog][browser]")
{
    const auto rows = specSheet(find("h100-sxm"));
    const SpecRow& hbm = row(rows, "hbm_bandwidth_GBps");
    CHECK(hbm.value == "3350");
    CHECK(hbm.unit == "GB/s");
    CHECK(hbm.label == "hbm bandwidth");
    CHECK(hbm.citation == "https://glennklockwood.com/garden/processors/h100");
    CHECK(hbm.date == "2026-08");
    const SpecRow& mig = row(rows, "mig_instances");
    CHECK(mig.citation == "https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-gpus.html");
    CHECK(row(rows, "nvlink_GBps_bidirectional").unit == "GB/s (both directions)");
    CHECK(row(rows, "tdp_W").unit == "W");
    CHECK(row(rows, "bf16_dense_tflops").unit == "TFLOPS");
    CHECK(row(rows, "peer_to_peer_pcie").value == "yes");
    for (const auto& r : rows) CHECK(r.field != "sources");

    const auto a10 = specSheet(find("a10"));
    CHECK(row(a10, "tdp_W").unknown);
    CHECK(row(a10, "tdp_W").value == "unknown");
    CHECK(row(a10, "tdp_W").citation.empty());
    CHECK(row(specSheet(find("l40s")), "bf16_dense_tflops").value == "362.05");
    CHECK(row(specSheet(find("connectx-7-400g")), "protocols_supported").value == "infiniband, ethernet");
    CHECK(row(specSheet(find("qm9700")), "port_speed_Gbps").unit == "Gb/s");
    CHECK(row(specSheet(find("osfp-800g-2x400-sm")), "reach_m").unit == "m");
}

TEST_CASE("A comparison lines up the fields of 2-4 entries", "[catalog][browser]")
{
    const std::vector<EntryView> e{find("h100-sxm"), find("mi300x"), find("gaudi3")};
    const auto fields = comparisonFields(e);
    CHECK(fields.front() == "name");
    CHECK(has(fields, "scale_up_peer_GBps_per_direction"));
    CHECK(formatField(e[0], "scale_up") == "nvlink");
    CHECK(formatField(e[1], "scale_up") == "infinity_fabric");
    CHECK(formatField(e[2], "scale_up") == "gaudi_roce");
    CHECK(formatField(e[0], "scale_up_peer_GBps_per_direction").empty()); // H100 has no such field
    CHECK(formatField(e[1], "scale_up_peer_GBps_per_direction") == "64");
}

TEST_CASE("Browser filters: search, kind, vendor, form factor, NVLink, memory", "[catalog][browser]")
{
    CatalogFilter f;
    f.text = "connectx";
    auto r = ids(f);
    CHECK(has(r, "connectx-7-400g"));
    CHECK_FALSE(has(r, "h100-sxm"));

    f = {};
    f.kind = EntryKind::Gpu;
    f.nvlink = false;
    r = ids(f);
    for (const char* id : {"l40s", "l40", "l4", "a10", "rtx-4090", "rtx-5090", "rtx-6000-ada", "rtx-pro-6000", "mi300x", "gaudi3"})
        CHECK(has(r, id));
    CHECK_FALSE(has(r, "h100-sxm"));
    CHECK_FALSE(has(r, "a40")); // PCIe card with an NVLink bridge

    f = {};
    f.formFactor = "OAM";
    r = ids(f);
    CHECK(r.size() == 5); // MI250X, MI300X, MI325X, MI355X, Gaudi 3
    f = {};
    f.vendor = "AMD";
    f.minMemoryGB = 250;
    r = ids(f);
    CHECK(r == std::vector<std::string>{"mi325x", "mi355x"});
    f = {};
    f.kind = EntryKind::Server;
    f.nvlink = true;
    r = ids(f);
    CHECK(has(r, "dgx-h100"));
    CHECK(has(r, "gb200-nvl72"));
    CHECK_FALSE(has(r, "pcie-2-8-5-l40s"));
    CHECK_FALSE(has(r, "ws-4x-rtx4090"));
    const auto v = vendors(catalog());
    CHECK(std::is_sorted(v.begin(), v.end()));
    CHECK(has(v, "NVIDIA"));
    CHECK(has(v, "Intel"));
}
