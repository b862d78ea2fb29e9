// import ... --server ID: a catalog server that contradicts the file (GPU count, NVLinks per
// GPU) is refused naming both sides, instead of writing a design of GPUs the file never showed.
#include "test_catalog_support.hpp"

#include "model/io/import/import_design.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;
using namespace model::io;

namespace {
std::string realInput(const std::string& name) { return std::string(CD_SHARED_DIR) + "/real_inputs/" + name; }

/// The InputError designFromImport throws for `file` with --server `server`.
InputError refusal(const std::string& file, const std::string& server)
{
    const ImportResult r = importFile(realInput(file), ImportKind::Auto);
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
        CHECK(e.file() == realInput("topo_smi_03.txt"));
        CHECK(e.problem().rfind(std::string("the file shows 4 GPUs but ") + eight + " has 8; pass a server with 4 GPUs (", 0) == 0);
        CHECK(e.problem().find("ws-4x-rtx4090") != std::string::npos); // a server that fits is named
    }
    // 8 GPUs (topo_smi_01, NV18) against a 4-GPU server: the other way round.
    const InputError four = refusal("topo_smi_01.txt", "ws-4x-rtx4090");
    CHECK(four.problem().rfind("the file shows 8 GPUs but ws-4x-rtx4090 has 4; pass a server with 8 GPUs (", 0) == 0);
    // A 4-GPU server without NVLink fits the 4-GPU PCIe matrix: written, as asked.
    const ImportedDesign d = designFromImport(importFile(realInput("topo_smi_03.txt"), ImportKind::Auto), testsupport::bundledCatalog(),
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
    CHECK(designFromImport(importFile(realInput("topo_smi_01.txt"), ImportKind::Auto), testsupport::bundledCatalog(), "dgx-h100").serverId ==
          "dgx-h100");
}

namespace {
/// The InputError designFromImport throws for `file` without --server.
InputError matchRefusal(const std::string& file)
{
    const ImportResult r = importFile(realInput(file), ImportKind::Auto);
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
    const ImportedDesign p5 = designFromImport(importFile(realInput("nccl_topo_07.xml"), ImportKind::Auto), testsupport::bundledCatalog());
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
