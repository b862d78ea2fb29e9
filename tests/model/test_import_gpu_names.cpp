// What the import summary says of a server: the GPU model (NCCL topology XML names its GPUs by
// PCI device id, turned into the model name through the same PCI ID table as lspci,
// gpu_identity.cpp, no longer "not stated" when the id states it) and the NUMA node count.
#include "test_import_support.hpp"
#include "model/io/import/import.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model::io;

namespace {

using importtest::realInputPath;

bool anyWarningMentions(const ImportResult& r, const std::string& phrase)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) { return w.find(phrase) != std::string::npos; });
}

} // namespace

TEST_CASE("NCCL XML: GPUs are named from their PCI device id", "[import][xml][gpu_name]")
{
    struct Case {
        const char* file;
        const char* model; // PCI ID Repository name of the file's device id
    };
    for (const Case c : {Case{"nccl_topo_05.xml", "A100 SXM4 40GB"},   // device 0x20b0
                         Case{"nccl_topo_12.xml", "A100 SXM4 80GB"},   // device 0x20b2
                         Case{"nccl_topo_09.xml", "H100 SXM5 80GB"}}) { // device 0x2330
        INFO(c.file);
        const auto r = importFile(realInputPath(c.file), ImportKind::NcclTopo);
        REQUIRE(r.server);
        REQUIRE(r.server->gpus.size() == 8);
        for (const auto& g : r.server->gpus) CHECK(g.name == c.model);
        CHECK(r.server->gpuModel() == c.model);
        CHECK(toJson(*r.server)["gpus"][0]["name"] == c.model);
        CHECK_FALSE(anyWarningMentions(r, "GPUs are known only by their PCI class"));
        CHECK_FALSE(anyWarningMentions(r, "GPU is known only by their PCI class"));
        CHECK_FALSE(anyWarningMentions(r, "model, NVLinks and NIC speed are not stated"));
    }
}

TEST_CASE("NCCL XML: a GPU whose device id the table lacks is still said to be unnamed", "[import][xml][gpu_name]")
{
    const std::string xml = R"(<system version="1">
  <cpu numaid="0" affinity="ff" arch="x86_64" vendor="GenuineIntel">
    <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0xffff" link_speed="16 GT/s" link_width="16"/>
  </cpu>
</system>
)";
    const auto r = importText("unknown.xml", xml, ImportKind::NcclTopo);
    REQUIRE(r.server);
    CHECK(r.server->gpus.at(0).name.empty());
    CHECK(r.server->gpuModel().empty());
    CHECK(anyWarningMentions(r, "1 GPU is known only by their PCI class")); // was "1 GPUs are"
}

TEST_CASE("NUMA node count: from NUMA ids, else from distinct CPU-affinity sets, else unknown", "[import][numa]")
{
    bool fromAffinity = true;
    // topo_smi_03 (0-15,32-47 and 16-31,48-63) and topo_smi_09 (0-23,48-71 and 24-47,72-95) have
    // no NUMA column: two affinity sets, two nodes (the summary once printed "NUMA nodes 0").
    for (const char* file : {"topo_smi_03.txt", "topo_smi_09.txt"}) {
        INFO(file);
        const auto r = importFile(realInputPath(file), ImportKind::Auto);
        REQUIRE(r.server);
        CHECK(r.server->numaNodes().empty());
        CHECK(r.server->numaNodeCount(&fromAffinity) == 2);
        CHECK(fromAffinity);
    }
    // topo_smi_17 prints NUMA 0 and 1.
    const auto r17 = importFile(realInputPath("topo_smi_17.txt"), ImportKind::Auto);
    CHECK(r17.server->numaNodeCount(&fromAffinity) == 2);
    CHECK_FALSE(fromAffinity);
    // lspci -tv states neither: unknown, never 0.
    const auto lspci = importFile(realInputPath("lspci_01.txt"), ImportKind::Auto);
    REQUIRE(lspci.server);
    CHECK_FALSE(lspci.server->numaNodeCount(&fromAffinity).has_value());
}
