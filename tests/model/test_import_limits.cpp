// The importers on hostile sizes: nesting and matrices far beyond any real server are refused
// or read quickly, never crash or stall.
#include "model/io/import/import.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace model;
using namespace model::io;

namespace {

/// `<system><cpu>` with `depth` nested `<pci>` elements, each on its own line.
std::string nestedPci(int depth)
{
    std::string s = "<system>\n<cpu>\n";
    for (int i = 0; i < depth; ++i) s += "<pci>\n";
    for (int i = 0; i < depth; ++i) s += "</pci>";
    return s + "\n</cpu>\n</system>\n";
}

} // namespace

TEST_CASE("NCCL XML: <pci> nested thousands deep is refused at the line where it passes the limit", "[import][xml][robustness]")
{
    try {
        (void)importText("deep.xml", nestedPci(8000), ImportKind::NcclTopo);
        FAIL("a file nested 8000 deep was read");
    } catch (const InputError& e) {
        CHECK(e.file() == "deep.xml");
        CHECK(e.entry() == "line 35"); // <system> line 1, <cpu> line 2, the 33rd <pci> (depth 32) on line 35
        CHECK(e.problem().find("nesting deeper than 32") != std::string::npos);
    }
    // A handful of switch levels, as on a real server, is still read.
    const ImportResult r = importText("ok.xml", nestedPci(6), ImportKind::NcclTopo);
    REQUIRE(r.server);
    CHECK(r.server->pcie.size() == 6);
}

TEST_CASE("topo -m: a 400-GPU matrix is read whole (its speed is bench_analysis's)", "[import][topo][robustness]")
{
    constexpr int n = 400;
    std::string text = "";
    for (int i = 0; i < n; ++i) text += "\tGPU" + std::to_string(i);
    text += "\tCPU Affinity\tNUMA Affinity\n";
    for (int i = 0; i < n; ++i) {
        text += "GPU" + std::to_string(i);
        for (int j = 0; j < n; ++j) text += i == j ? "\tX" : "\tNV18";
        text += "\t0-9\t0\n";
    }
    const ImportResult r = importText("big.txt", text, ImportKind::Auto);
    REQUIRE(r.server);
    CHECK(r.server->gpus.size() == n);
    CHECK(r.server->gpus.back().nvlinks == 18); // every pair NV18: NVSwitch, the full count per GPU
}
