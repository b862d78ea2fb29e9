// Bytes around the text that do not change what a file says: a UTF-8 byte-order mark before
// line 1, tabs where the tool printed blanks, an empty file.
#include "model/io/import/import.hpp"
#include "model/io/input_error.hpp"

#include "test_import_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

using namespace model;
using namespace model::io;

namespace {

using importtest::realInput;

} // namespace

TEST_CASE("importers: a UTF-8 byte-order mark before line 1 is skipped by every importer", "[import][encoding]")
{
    const std::string bom = "\xEF\xBB\xBF";
    // topo_smi_05 opens with its header on line 1: with a BOM it was "cut off at the top".
    for (const char* name : {"topo_smi_05.txt", "nccl_topo_12.xml", "nccl_tests_12.txt", "nccl_log_05.txt", "lspci_01.txt", "topo_p2p_01.txt"}) {
        INFO(name);
        const ImportResult plain = importText(name, realInput(name), ImportKind::Auto);
        const ImportResult marked = importText(name, bom + realInput(name), ImportKind::Auto);
        CHECK(marked.kind == plain.kind);
        CHECK(marked.warnings == plain.warnings);
        CHECK(marked.findings.size() == plain.findings.size());
        if (plain.server) CHECK(marked.server->gpus.size() == plain.server->gpus.size());
        if (plain.curve) CHECK(marked.curve->points().size() == plain.curve->points().size());
    }
}

TEST_CASE("nccl-tests: tabs for blanks read as the original, the GPU name included", "[import][encoding]")
{
    const std::string spaced = realInput("nccl_tests_12.txt");
    const std::string tabbed = std::regex_replace(spaced, std::regex(" +"), "\t"); // sed 's/  */\t/g'
    const ImportResult r = importText("tabs.txt", tabbed, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(r.curve->gpuName == "NVIDIA H100 80GB HBM3"); // was "NVIDIA\tH100\t80GB\tHBM3", matching no GPU
    CHECK(r.curve->avgBusbwGBps == Approx(439.369));    // was a false "table ends without # Avg bus bandwidth"
    CHECK(r.warnings == importText("n12.txt", spaced, ImportKind::Auto).warnings);
}

TEST_CASE("importers: an empty file is called empty, whatever the kind named", "[import][encoding]")
{
    for (const std::string& text : {std::string(), std::string("\n\n  \r\n"), std::string("\xEF\xBB\xBF")}) {
        for (ImportKind kind : {ImportKind::Auto, ImportKind::NcclTopo, ImportKind::NvidiaSmiTopo, ImportKind::NcclTests, ImportKind::NcclLog, ImportKind::Lspci}) {
            INFO(toString(kind) << " on " << text.size() << " bytes");
            try {
                (void)importText("empty.txt", text, kind);
                FAIL("an empty file was imported");
            } catch (const InputError& e) {
                // Was "looks like none of them" (auto) and "cut off before its elements close" (nccl-topo).
                CHECK(e.file() == "empty.txt");
                CHECK(e.problem().find("the file is empty") == 0);
                CHECK(e.problem().find("cut off") == std::string::npos);
            }
        }
    }
}

TEST_CASE("topo -m: a matrix of NICs only is said to have no GPU columns", "[import][topo]")
{
    const std::string text = "\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\n"
                             "NIC0\t X \tPIX\n"
                             "NIC1\tPIX\t X \n\n"
                             "NIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_1\n";
    try {
        (void)importText("nics.txt", text, ImportKind::NvidiaSmiTopo);
        FAIL("a NIC-only matrix was imported");
    } catch (const InputError& e) {
        CHECK(e.entry() == "line 1");
        CHECK(e.problem().find("no GPU columns") != std::string::npos); // was "cut off at the top"
        CHECK(e.problem().find("cut off") == std::string::npos);
    }
}

TEST_CASE("importers: a UTF-16 file is named as such, with how to save it as UTF-8", "[import][encoding]")
{
    // helper-81: it read "binary data (a NUL byte at offset 3)".
    const std::string ascii = realInput("topo_smi_05.txt");
    for (const bool little : {true, false}) {
        std::string utf16 = little ? std::string("\xFF\xFE") : std::string("\xFE\xFF");
        for (const char ch : ascii) {
            if (little) utf16 += ch, utf16 += '\0';
            else utf16 += '\0', utf16 += ch;
        }
        try {
            (void)importText("utf16.txt", utf16, ImportKind::Auto);
            FAIL("a UTF-16 file was imported");
        } catch (const InputError& e) {
            CHECK(e.file() == "utf16.txt");
            CHECK(e.problem().rfind(std::string("expected UTF-8 or ASCII text, got UTF-16 (") + (little ? "little" : "big") + "-endian", 0) == 0);
            CHECK(e.problem().find("iconv -f UTF-16 -t UTF-8") != std::string::npos);
        }
    }
    // Other NUL bytes are still binary data.
    CHECK_THROWS_WITH(importText("bin.txt", std::string("GPU0\0X", 6), ImportKind::Auto), Catch::Contains("binary data (a NUL byte at offset 4)"));
}

TEST_CASE("importers: blanks or a lone carriage return after the final newline do not make a complete file incomplete", "[import][encoding]")
{
    // topo_smi_05 with "   " or "\r" appended read as cut off: "NUMA nodes at least 2 (rows are
    // missing) ... (incomplete file)" and JSON complete false, though every row is there.
    const std::string topo = realInput("topo_smi_05.txt");
    REQUIRE(!topo.empty());
    REQUIRE(topo.back() == '\n');
    const ImportResult plain = importText("topo_smi_05.txt", topo, ImportKind::Auto);
    REQUIRE(plain.server);
    REQUIRE(plain.server->complete);
    for (const std::string& tail : {std::string("   "), std::string("\r"), std::string("\t \r"), std::string("\n  \n \r")}) {
        INFO("tail of " << tail.size() << " bytes");
        const ImportResult r = importText("topo_smi_05.txt", topo + tail, ImportKind::Auto);
        REQUIRE(r.server);
        CHECK(r.server->complete);
        CHECK(r.server->gpus.size() == 8);
        CHECK(r.server->nics.size() == 1);
        bool fromAffinity = true;
        CHECK(r.server->numaNodeCount(&fromAffinity) == 2);
        CHECK(r.warnings == plain.warnings);
        CHECK(toJson(r)["server"]["complete"] == true);
        // nccl-tests alike: the closing lines are there, nothing is cut.
        const ImportResult t = importText("n12.txt", realInput("nccl_tests_12.txt") + tail, ImportKind::Auto);
        REQUIRE(t.curve);
        CHECK(t.curve->complete);
        CHECK(t.curve->outOfPlace.size() == 6);
    }
    // A last line with text and no newline is still cut off.
    const ImportResult cut = importText("topo_smi_05.txt", topo.substr(0, topo.size() - 1) + "  ", ImportKind::Auto);
    REQUIRE(cut.server);
    CHECK_FALSE(cut.server->complete);
}
