// Validation against published nccl-tests results (shared/validation/nccl_measurements.csv):
// every row with a message of 64 MiB or more whose system the catalog can build and whose
// notes do not mark it as misbehaving. Bounds (issue 5 item 6): median |error| <= 10%, none
// above 25%. Nothing is fitted per row: each row only chooses the catalog server, the NIC
// count and speed it states, and the algorithm when the row says it was forced.
#include "test_validation_support.hpp"

#include "model/analysis/analysis.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace model;

namespace {

/// Catalog server for a row, or empty with the reason when the catalog cannot build it.
std::string serverFor(const validation::Row& r, std::string& why)
{
    const std::string& sys = r.at("system");
    const std::string& gpu = r.at("gpu");
    if (sys.find("GCP A3 Mega") != std::string::npos) return "gcp-a3-megagpu-8g";
    if (sys.find("Azure ND H100 v5") != std::string::npos) return "azure-nd96isr-h100-v5";
    if (sys.find("p6-b200") != std::string::npos) return "aws-p6-b200-48xlarge";
    if (gpu.rfind("A100-SXM4", 0) == 0) return "dgx-a100";
    if (gpu.rfind("H100 80GB", 0) == 0) return "dgx-h100";
    if (gpu == "H200") return "dgx-h200";
    if (gpu == "B200") return "dgx-b200";
    if (gpu == "H100 PCIe")
        why = "catalog h100-pcie has no NVLink-bridge bandwidth (null = unknown), so a bridged pair cannot be built";
    else
        why = "GPU " + gpu + " is not in the catalog";
    return {};
}

/// Rows whose notes say the system itself under-performed (shared/validation/README.md).
bool misbehaving(const validation::Row& r)
{
    const std::string& n = r.at("notes");
    return n.find("far below") != std::string::npos || n.find("broken") != std::string::npos;
}

Algorithm forcedAlgorithm(const validation::Row& r)
{
    const std::string& a = r.at("algo_if_known");
    if (a.find("Ring") == 0) return Algorithm::Ring;
    if (a.find("NVLSTree") == 0) return Algorithm::NvlsTree;
    return Algorithm::Auto; // NVLS "per doc" or "NCCL picks": let the engine choose, as NCCL did
}

} // namespace

TEST_CASE("predicted busbw of large collectives matches nccl_measurements.csv", "[validation][collective]")
{
    const Catalog cat = Catalog::loadBundled();
    const auto rows = validation::readCsv(std::string(CD_SHARED_DIR) + "/validation/nccl_measurements.csv");
    REQUIRE(rows.size() > 30);
    std::vector<double> errors;
    std::printf("\n%-20s %5s %-10s %-10s %10s %10s %8s\n", "row", "gpus", "op", "algorithm", "pred_busbw", "meas_busbw", "error");
    for (const auto& r : rows) {
        if (r.at("message_bytes").empty() || std::stod(r.at("message_bytes")) < 64.0 * 1024 * 1024) continue;
        if (misbehaving(r)) {
            std::printf("%-20s skipped: notes mark the system as under-performing\n", r.at("id").c_str());
            continue;
        }
        std::string why;
        const std::string server = serverFor(r, why);
        if (server.empty()) {
            std::printf("%-20s skipped: %s\n", r.at("id").c_str(), why.c_str());
            continue;
        }
        const int nodes = std::stoi(r.at("nodes"));
        const int perNode = std::stoi(r.at("gpus_per_node"));
        const int nics = r.at("nic_per_node").empty() ? 0 : std::stoi(r.at("nic_per_node"));
        const double gbps = r.at("nic_gbps").empty() ? 0.0 : std::stod(r.at("nic_gbps"));
        const std::string leaf = r.at("inter_fabric").find("InfiniBand") != std::string::npos ? "qm9700" : "sn5600";
        const Design d = validation::railDesign(cat, server, nodes, nics, gbps, leaf);
        CollectiveRequest req;
        req.op = parseCollectiveOp(r.at("collective"));
        req.bytes = std::stod(r.at("message_bytes"));
        req.gpus = nodes * perNode;
        req.algorithm = forcedAlgorithm(r);
        const CollectiveResult res = predictCollective(d, cat, req);
        const double measured = std::stod(r.at("busbw_GBps"));
        const double err = res.busbw.inGBps() / measured - 1.0;
        errors.push_back(std::fabs(err));
        std::printf("%-20s %5d %-10s %-10s %10.1f %10.1f %+7.1f%%\n", r.at("id").c_str(), req.gpus, r.at("collective").c_str(),
                    toString(res.algorithm), res.busbw.inGBps(), measured, 100.0 * err);
        CHECK(std::fabs(err) <= 0.25);
    }
    REQUIRE(errors.size() >= 15);
    std::sort(errors.begin(), errors.end());
    const double median = errors.size() % 2 ? errors[errors.size() / 2]
                                            : 0.5 * (errors[errors.size() / 2 - 1] + errors[errors.size() / 2]);
    std::printf("rows %zu, median |error| %.1f%%, max %.1f%%\n", errors.size(), 100 * median, 100 * errors.back());
    CHECK(median <= 0.10);
}
