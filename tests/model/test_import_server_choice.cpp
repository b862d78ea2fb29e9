// import ... --server ID: a catalog server that contradicts the file (GPU count, NVLinks per
// GPU) is refused naming both sides, instead of writing a design of GPUs the file never showed.
#include "test_import_support.hpp"
#include "test_catalog_support.hpp"

#include "model/io/import/import_design.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;
using namespace model::io;

namespace {
using importtest::realInputPath;

/// The InputError designFromImport throws for `file` with --server `server`.
InputError refusal(const std::string& file, const std::string& server)
{
    const ImportResult r = importFile(realInputPath(file), ImportKind::Auto);
    try {
        (void)designFromImport(r, testsupport::bundledCatalog(), server);
    } catch (const InputError& e) {
        return e;
    }
    FAIL("no InputError for " + file + " with --server " + server);
    return InputError("", "", "", "");
}
} // namespace

TEST_CASE("import --server refuses a server whose GPU count differs from the file's", "[import][server]")
{
    // topo_smi_03: 4 Tesla T4 (no GPU names in topo -m); every 8-GPU server contradicts it.
    for (const char* eight : {"dgx-h100", "dgx-a100", "hgx-h100-8gpu"}) {
        const InputError e = refusal("topo_smi_03.txt", eight);
        INFO(e.what());
        CHECK(e.field() == "--server");
        CHECK(e.file() == realInputPath("topo_smi_03.txt"));
        CHECK(e.problem().rfind(std::string("the file shows 4 GPUs but ") + eight + " has 8; pass a server with 4 GPUs (", 0) == 0);
        CHECK(e.problem().find("ws-4x-rtx4090") != std::string::npos); // a server that fits is named
    }
    // 8 GPUs (topo_smi_01, NV18) against a 4-GPU server: the other way round.
    const InputError four = refusal("topo_smi_01.txt", "ws-4x-rtx4090");
    CHECK(four.problem().rfind("the file shows 8 GPUs but ws-4x-rtx4090 has 4; pass a server with 8 GPUs (", 0) == 0);
    // A 4-GPU server without NVLink fits the 4-GPU PCIe matrix: written, as asked.
    const ImportedDesign d = designFromImport(importFile(realInputPath("topo_smi_03.txt"), ImportKind::Auto), testsupport::bundledCatalog(),
                                              "ws-4x-rtx4090");
    CHECK(d.serverId == "ws-4x-rtx4090");
    CHECK(d.design.gpuCount(testsupport::bundledCatalog()) == 4);
    // The note the design keeps reads the same in the app and on the command line (it once
    // said "as asked (--server)" in designs imported through the app's dialog).
    CHECK(std::find(d.notes.begin(), d.notes.end(), "server ws-4x-rtx4090 as chosen for this import (not matched from the file)") !=
          d.notes.end());
}

TEST_CASE("import --server refuses a server whose NVLinks contradict the file", "[import][server]")
{
    // topo_smi_01 shows NV18 (H100 class); the DGX A100's A100 has 12 NVLinks per GPU.
    const InputError a100 = refusal("topo_smi_01.txt", "dgx-a100");
    INFO(a100.what());
    CHECK(a100.problem().find("the file shows 18 NVLinks per GPU but dgx-a100's") != std::string::npos);
    CHECK(a100.problem().find("has 12 NVLinks per GPU") != std::string::npos);
    // topo_smi_05: 8 RTX 4090 on PCIe only: no NVLink server is what it shows.
    const InputError pcie = refusal("topo_smi_05.txt", "dgx-h100");
    INFO(pcie.what());
    CHECK(pcie.problem().find("the file shows no NVLink between the GPUs but dgx-h100's") != std::string::npos);
    // The matching NVLink server is still accepted.
    CHECK(designFromImport(importFile(realInputPath("topo_smi_01.txt"), ImportKind::Auto), testsupport::bundledCatalog(), "dgx-h100").serverId ==
          "dgx-h100");
}

namespace {
/// The InputError designFromImport throws for `file` without --server.
InputError matchRefusal(const std::string& file)
{
    const ImportResult r = importFile(realInputPath(file), ImportKind::Auto);
    try {
        (void)designFromImport(r, testsupport::bundledCatalog());
    } catch (const InputError& e) {
        return e;
    }
    FAIL("no InputError for " + file);
    return InputError("", "", "", "");
}
} // namespace

TEST_CASE("import matches a GPU-less NCCL XML by its sm and NICs, and says what the file lacks", "[import][server][match]")
{
    // nccl_topo_07 (AWS p5.48xlarge): no <nvlink>, no GPU name, but sm="90" (Hopper) and 32 EFA
    // NICs at 100 Gb/s: only aws-p5-48xlarge has 8 Hopper GPUs and 32 x 100G compute NICs.
    const ImportedDesign p5 = designFromImport(importFile(realInputPath("nccl_topo_07.xml"), ImportKind::Auto), testsupport::bundledCatalog());
    CHECK(p5.serverId == "aws-p5-48xlarge");
    CHECK(std::find(p5.notes.begin(), p5.notes.end(),
                    "server aws-p5-48xlarge (AWS p5.48xlarge): the only catalog server with 8 Hopper GPUs (sm=\"90\") and the file's 32 compute "
                    "NICs at 100 Gb/s (the file does not name the GPU model)") != p5.notes.end());

    // topo_smi_05: 8 GPUs on PCIe only, no name: the message says so (it once blamed "the NVLinks
    // the file shows") and offers the 8-GPU servers without NVLink.
    const InputError pcie = matchRefusal("topo_smi_05.txt");
    INFO(pcie.what());
    CHECK(pcie.problem() ==
          "the file does not name the GPU model and shows only PCIe paths between the GPUs, so no catalog server can be matched to it; "
          "catalog servers with 8 GPUs and no NVLink: pcie-2-8-5-l40s; pass --server with one of them (or add one in a user catalog)");
    CHECK(pcie.problem().find("the NVLinks the file shows") == std::string::npos);

    // topo_p2p_01: 2 GPUs, neither model nor NVLinks stated, and no 2-GPU server in the catalog.
    const InputError two = matchRefusal("topo_p2p_01.txt");
    INFO(two.what());
    CHECK(two.problem() == "the file names neither the GPU model nor its NVLinks, so no catalog server can be matched to it; "
                           "the catalog has no server with 2 GPUs: add one in a user catalog");
}

TEST_CASE("an A100 SXM4 80GB server imports as the DGX A100 640GB", "[import][server]")
{
    // nccl_topo_12.xml: 8 GPUs of PCI device 0x20b2 (A100 SXM4 80GB) on 6 NVSwitches. Before
    // catalog dgx-a100-640gb it was refused: "no catalog server has 8 GPUs of type a100-sxm-80gb".
    const Catalog& cat = testsupport::bundledCatalog();
    const ImportResult r = importFile(realInputPath("nccl_topo_12.xml"), ImportKind::NcclTopo);
    const ImportedDesign d = designFromImport(r, cat);
    CHECK(d.serverId == "dgx-a100-640gb");
    REQUIRE(cat.server(d.serverId));
    CHECK(cat.server(d.serverId)->gpuId == "a100-sxm-80gb");
    CHECK(d.design.gpuCount(cat) == 8);
    REQUIRE_FALSE(d.notes.empty());
    CHECK(d.notes.front() == "server dgx-a100-640gb (DGX A100 640GB): its GPU is the one the file names (a100-sxm-80gb)");
    // The server the design holds is the 640 GB one: 8 x 80 GB, 2,039 GB/s HBM per GPU.
    const GpuSpec* gpu = cat.gpu("a100-sxm-80gb");
    REQUIRE(gpu);
    CHECK(*gpu->memoryGB == Approx(80));
    CHECK(cat.server("dgx-a100-640gb")->raw.at("gpu_memory_total_GB") == 640);
}

TEST_CASE("import --server with the other memory size of the file's GPU is refused, naming the server that fits", "[import][server]")
{
    // The 40 GB DGX A100 for a file of A100 SXM4 80GB: still refused (the design would hold GPUs
    // the file does not show), and the message now names dgx-a100-640gb.
    const InputError a = refusal("nccl_topo_12.xml", "dgx-a100");
    INFO(a.what());
    CHECK(a.field() == "--server");
    CHECK(a.problem() == "the file's GPUs are a100-sxm-80gb but dgx-a100 carries a100-sxm-40gb, the same A100 SXM4 GPU with 40 GB "
                         "instead of 80 GB; pass a server with a100-sxm-80gb GPUs (dgx-a100-640gb)");
    // The other way round: nccl_topo_05.xml (AWS p4d, 0x20b0 = A100 SXM4 40GB) against the 640 GB one.
    const InputError b = refusal("nccl_topo_05.xml", "dgx-a100-640gb");
    INFO(b.what());
    CHECK(b.problem() == "the file's GPUs are a100-sxm-40gb but dgx-a100-640gb carries a100-sxm-80gb, the same A100 SXM4 GPU with 80 GB "
                         "instead of 40 GB; pass a server with a100-sxm-40gb GPUs (dgx-a100)");
    // Another GPU altogether (nccl_topo_09.xml, H100 SXM5 80GB) is not called the same GPU; the
    // servers that carry the file's GPU are named.
    const InputError c = refusal("nccl_topo_09.xml", "dgx-a100-640gb");
    INFO(c.what());
    CHECK(c.problem().rfind("the file's GPUs are h100-sxm but dgx-a100-640gb carries a100-sxm-80gb; pass a server with h100-sxm GPUs (dgx-h100, ", 0) == 0);
    CHECK(c.problem().find("the same") == std::string::npos);
}

TEST_CASE("import --server refuses a server without NVLink for a matrix that shows NVLink", "[import][server]")
{
    // topo_smi_01 shows NV18 between every GPU pair; the L40S has no NVLink at all.
    const InputError l40s = refusal("topo_smi_01.txt", "pcie-2-8-5-l40s");
    INFO(l40s.what());
    CHECK(l40s.field() == "--server");
    CHECK(l40s.entry() == "line 2");
    CHECK(l40s.problem().rfind("the file shows NVLink between the GPUs (GPU0/GPU1 \"NV18\") but pcie-2-8-5-l40s's L40S has no NVLink: "
                               "the file contradicts the chosen server; pass a server whose GPUs have NVLink (dgx-h100",
                               0) == 0);
}
