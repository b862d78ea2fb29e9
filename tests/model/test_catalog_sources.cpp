// Every figure of the bundled catalog is traceable: each numeric (or yes/no) field has a
// source with a citation and an ISO date, or is null (unknown). Web citations point at
// sources the research in shared/reference/ used.
#include "test_catalog_support.hpp"
#include "model/catalog/catalog.hpp"
#include "model/catalog/catalog_entries.hpp"
#include "model/catalog/catalog_export.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

using namespace model;
using nlohmann::json;

namespace {
using testsupport::catalog;

std::string slurp(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// "https://host/path..." -> "host" (without a leading "www.").
std::string hostOf(const std::string& citation)
{
    static const std::regex re(R"(https?://([^/\s]+))");
    std::smatch m;
    if (!std::regex_search(citation, m, re)) return {};
    std::string h = m[1];
    if (h.rfind("www.", 0) == 0) h = h.substr(4);
    return h;
}
} // namespace

TEST_CASE("Every numeric or yes/no catalog figure has a dated source or is null", "[catalog][sources]")
{
    static const std::regex isoDate(R"(\d{4}(-\d{2}(-\d{2})?)?)");
    int figures = 0, unknown = 0;
    for (const auto& v : allEntries(catalog())) {
        for (auto it = v.raw->begin(); it != v.raw->end(); ++it) {
            INFO(toString(v.kind) << " " << v.id << " field " << it.key());
            if (it->is_null()) {
                CHECK(v.provenance->isUnknown(it.key()));
                ++unknown;
                continue;
            }
            if (!it->is_number() && !it->is_boolean()) continue;
            const Source* s = v.provenance->sourceOf(it.key());
            REQUIRE(s != nullptr);
            CHECK_FALSE(s->citation.empty());
            CHECK(std::regex_match(s->date, isoDate));
            ++figures;
        }
    }
    CHECK(figures > 500); // 25 GPUs, 21 servers, 40 network parts, ~7 sourced figures each
    CHECK(unknown > 50);   // the research left gaps; they stay unknown rather than guessed
}

TEST_CASE("Web citations of the catalog are sources the reference research used", "[catalog][sources]")
{
    const std::string dir = std::string(CD_SHARED_DIR "/reference/");
    std::string research = slurp(dir + "gpus.csv") + slurp(dir + "servers.csv") + slurp(dir + "network.csv") +
                           slurp(dir + "reference_architectures.md") + slurp(dir + "README.md");
    REQUIRE(research.size() > 10000);
    // Hosts of figures filled in after that research: only the table of catalogs/README.md's
    // "Sources beyond the reference research" section, where each names what it gave.
    const std::string readme = slurp(Catalog::bundledDirectory() + "/README.md");
    const auto section = readme.find("### Sources beyond the reference research");
    REQUIRE(section != std::string::npos);
    research += readme.substr(section, readme.find("\n## ", section) - section);
    for (const auto& v : allEntries(catalog()))
        for (const auto& [id, src] : v.provenance->sources) {
            const std::string host = hostOf(src.citation);
            if (host.empty()) continue; // a document under shared/, cited by path
            INFO(v.id << " source " << id << ": " << src.citation);
            CHECK(research.find(host) != std::string::npos);
        }
}

TEST_CASE("catalog --json lists every kind with ids and names", "[catalog][export]")
{
    const json j = catalogToJson(catalog());
    for (const char* key : {"gpus", "servers", "nics", "switches", "switch_asics", "nvswitches", "cables", "transceivers"}) {
        INFO(key);
        REQUIRE(j.contains(key));
        CHECK_FALSE(j[key].empty());
        for (const auto& e : j[key]) {
            CHECK(e.at("id").is_string());
            CHECK(e.at("name").is_string());
        }
    }
    CHECK(j["gpus"].size() == 25);
    CHECK(j["servers"].size() == 23); // 21 reference servers, DGX A100 in both GPU memory sizes, and the UFM appliance
    for (const auto& g : j["gpus"]) {
        CHECK(g.contains("form_factor"));
        CHECK(g.contains("nvlink_GBps_bidirectional"));
        if (g["id"] == "l40s") CHECK(g["nvlink_GBps_bidirectional"] == json(0.0));
        if (g["id"] == "h100-sxm") CHECK(g["nvlink_GBps_bidirectional"] == json(900.0));
        if (g["id"] == "a100-pcie-80gb") CHECK(g["nvlink_GBps_bidirectional"].is_null()); // NVLink, rate unknown
    }
}

TEST_CASE("Catalog ids other engineers rely on exist and hang together", "[catalog]")
{
    const Catalog& c = catalog();
    for (const char* id : {"h100-sxm", "a100-sxm-80gb", "l40s", "rtx-4090", "a100-sxm-40gb", "a100-pcie-80gb", "h100-pcie",
                           "h100-nvl", "h200-sxm", "h200-nvl", "b200-sxm", "b300-sxm", "gb200", "l40", "l4", "a10", "a40",
                           "rtx-5090", "rtx-6000-ada", "rtx-pro-6000", "mi250x", "mi300x", "mi325x", "mi355x", "gaudi3"})
        CHECK(c.gpu(id));
    for (const char* id : {"dgx-h100", "pcie-2-8-5-l40s", "dgx-a100", "dgx-a100-640gb", "dgx-h200", "dgx-b200", "dgx-b300", "hgx-h100-8gpu",
                           "hgx-b200-8gpu", "hgx-b300-8gpu", "gb200-nvl72", "gb300-nvl72", "ws-4x-rtx4090", "aws-p5-48xlarge",
                           "aws-p5en-48xlarge", "aws-p6-b200-48xlarge", "aws-p6-b300-48xlarge", "azure-nd96isr-h100-v5",
                           "gcp-a3-highgpu-8g", "gcp-a3-megagpu-8g", "gcp-a3-ultragpu-8g", "gcp-a4x-highgpu-4g"})
        CHECK(c.server(id));
    for (const char* id : {"connectx-7-400g", "connectx-6-200g", "connectx-8-800g", "connectx-9-1600g", "bluefield-3-400g",
                           "thor2-400g", "thor-ultra-800g", "pollara-400g", "efa-v1-100g", "efa-v2-100g", "efa-v3-200g", "efa-v4-400g"})
        CHECK(c.nic(id));
    for (const char* id : {"qm9700", "qm8700", "q3400", "sn5600", "sn5400", "spectrum-6", "arista-7060x6", "arista-7060xe7",
                           "arista-7800r", "meta-minipack2"})
        CHECK(c.switchModel(id));

    // The first slice's figures (issue 2 item 3).
    const ServerSpec* dgx = c.server("dgx-h100");
    CHECK(dgx->gpuCount == 8);
    CHECK(dgx->nvswitchCount == 4);
    CHECK(dgx->computeNicCount == 8);
    CHECK(c.nic(dgx->computeNicId)->speed.inGbps() == Approx(400));
    CHECK(c.gpu("h100-sxm")->scaleUpPerDirection().inGBps() == Approx(450));
    CHECK(c.switchModel("qm9700")->ports == 64);
    CHECK(c.switchModel("qm9700")->portSpeed.inGbps() == Approx(400));
    const ServerSpec* nvl72 = c.server("gb200-nvl72");
    CHECK(nvl72->gpuCount == 72);
    CHECK(nvl72->intraNode == IntraNodeFabric::NVSwitch);
    CHECK(nvl72->scaleUpDomainGpus == 72);
    CHECK(nvl72->computeNicCount == 72);
    CHECK(nvl72->computeNicId == "connectx-7-400g");
    // Switches whose port count is unpublished load with ports unknown.
    CHECK_FALSE(c.switchModel("arista-7800r")->portsKnown());
    CHECK_FALSE(c.switchModel("meta-minipack2")->portsKnown());
    CHECK(c.switchModel("arista-7060x6")->asic == "tomahawk-5");
}
