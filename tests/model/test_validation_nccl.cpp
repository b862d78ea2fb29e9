// Validation against published nccl-tests results (shared/validation/nccl_measurements.csv):
// every row with a message size whose system the catalog can build and whose system's notes do
// not mark it as under-performing, printed as one table. Bounds (issue 16 item 4):
//   - rows of 64 MiB and more: median |busbw error| <= 5%, none above 20% (tighter than issue
//     5's 10% / 25%, which they replace);
//   - rows from 1 MiB to 64 MiB: median |error| <= 15%;
//   - latency-bound rows (below 1 MiB): predicted time within a factor of 2 of the measured.
// Nothing is fitted per row: each row only chooses the catalog server, the NIC count and speed
// it states, the algorithm when the row says it was forced, and the NCCL release its system's
// notes name (NCCL's own tuner tables of that release, nccl_release.hpp).
#include "test_validation_support.hpp"

#include "test_catalog_support.hpp"
#include "model/analysis/analysis.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

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
    if (gpu == "RTX 4090")
        why = "the catalog has no 8 x RTX 4090 server (ws-4x-rtx4090 holds 4)";
    else if (gpu == "H100 PCIe")
        why = "catalog h100-pcie has no NVLink-bridge bandwidth (null = unknown), so a bridged pair cannot be built";
    else
        why = "GPU " + gpu + " is not in the catalog";
    return {};
}

/// Systems whose notes say they under-performed (shared/validation/README.md): every row of
/// such a system (same `system` and source) is left out, not only the row carrying the note.
std::set<std::string> misbehavingSystems(const std::vector<validation::Row>& rows)
{
    std::set<std::string> out;
    for (const auto& r : rows) {
        const std::string& n = r.at("notes");
        if (n.find("far below") != std::string::npos || n.find("broken") != std::string::npos)
            out.insert(r.at("system") + "|" + r.at("source_url_or_repo_path"));
    }
    return out;
}

/// NCCL release each system ran, from the first "NCCL <major.minor.patch>" its rows' notes
/// state (the Azure guide prints the version once per system, on its first row): the tuner
/// constants the prediction follows (nccl_release.hpp). Systems that state none: the current.
std::map<std::string, NcclRelease> ncclReleases(const std::vector<validation::Row>& rows)
{
    static const std::regex version(R"(NCCL (2\.\d+(\.\d+)?))");
    std::map<std::string, NcclRelease> out;
    for (const auto& r : rows) {
        std::smatch m;
        const std::string key = r.at("system") + "|" + r.at("source_url_or_repo_path");
        if (!out.count(key) && std::regex_search(r.at("notes"), m, version)) out[key] = parseNcclRelease(m[1].str());
    }
    return out;
}

Algorithm forcedAlgorithm(const validation::Row& r)
{
    const std::string& a = r.at("algo_if_known");
    if (a.find("Ring") == 0) return Algorithm::Ring;
    if (a.find("NVLSTree") == 0) return Algorithm::NvlsTree;
    // "NVLS (per doc)": Azure's harness forces it at every size (github.com/Azure/AI-benchmarking-guide
    // Benchmarks/NVIDIA/NCCLBandwidth.py runs `NCCL_ALGO=NVLS all_reduce_perf -b 8 -e 8G -f 2 -g 8`).
    if (a.find("NVLS") == 0) return Algorithm::Nvls;
    return Algorithm::Auto; // "not stated" or "NCCL picks": let the engine choose, as NCCL did
}

/// GPUs one host thread drove in the row's run (nccl-tests -g N in one process). Azure's
/// harness runs one process over every GPU of the VM (github.com/Azure/AI-benchmarking-guide
/// Benchmarks/NVIDIA/NCCLBandwidth.py: `all_reduce_perf -b 8 -e 8G -f 2 -g <GPU count>`); the
/// other sources ran one process per GPU (mpirun ... -g 1, as their logs print).
int gpusPerThread(const validation::Row& r)
{
    if (r.at("source_url_or_repo_path").find("Azure/AI-benchmarking-guide") != std::string::npos)
        return std::stoi(r.at("gpus_per_node")) * std::stoi(r.at("nodes"));
    return 1;
}

double median(std::vector<double> v)
{
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

/// Measured time of a row, us: the published time, else size x busbw factor / busbw.
double measuredUs(const validation::Row& r, CollectiveOp op, int gpus)
{
    if (!r.at("time_us").empty()) return std::stod(r.at("time_us"));
    return std::stod(r.at("message_bytes")) * busBandwidthFactor(op, gpus) / (std::stod(r.at("busbw_GBps")) * 1e3);
}

using testsupport::kMiB;

} // namespace

TEST_CASE("predicted collectives match every sized row of nccl_measurements.csv", "[validation][collective]")
{
    const Catalog cat = Catalog::loadBundled();
    const auto rows = validation::readCsv(std::string(CD_SHARED_DIR "/validation/nccl_measurements.csv"));
    REQUIRE(rows.size() > 30);
    const std::set<std::string> misbehaving = misbehavingSystems(rows);
    const std::map<std::string, NcclRelease> releases = ncclReleases(rows);
    std::vector<double> large, medium, smallRatio;
    std::printf("\n%-18s %5s %-14s %12s %-10s %-6s %-7s %10s %10s %9s %9s %8s\n", "row", "gpus", "op", "bytes", "algorithm",
                "proto", "nccl", "pred_us", "meas_us", "pred_bus", "meas_bus", "error");
    for (const auto& r : rows) {
        if (r.at("message_bytes").empty()) continue;
        if (misbehaving.count(r.at("system") + "|" + r.at("source_url_or_repo_path"))) {
            std::printf("%-18s skipped: the notes mark this system as under-performing\n", r.at("id").c_str());
            continue;
        }
        std::string why;
        const std::string server = serverFor(r, why);
        if (server.empty()) {
            std::printf("%-18s skipped: %s\n", r.at("id").c_str(), why.c_str());
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
        req.gpusPerThread = gpusPerThread(r);
        const auto release = releases.find(r.at("system") + "|" + r.at("source_url_or_repo_path"));
        if (release != releases.end()) req.ncclRelease = release->second;
        const CollectiveResult res = predictCollective(d, cat, req);
        const double measUs = measuredUs(r, req.op, req.gpus);
        const double predUs = res.time.inMicroseconds();
        // busbw error = predicted / measured busbw - 1 = measured time / predicted time - 1.
        const double err = measUs / predUs - 1.0;
        const double measBus = r.at("busbw_GBps").empty() ? 0.0 : std::stod(r.at("busbw_GBps"));
        std::printf("%-18s %5d %-14s %12.0f %-10s %-6s %-7s %10.1f %10.1f %9.2f %9.2f %+7.1f%%\n", r.at("id").c_str(), req.gpus,
                    r.at("collective").c_str(), req.bytes, toString(res.algorithm), toString(res.protocol),
                    toString(req.ncclRelease), predUs, measUs,
                    res.busbw.inGBps(), measBus, 100.0 * err);
        if (req.bytes >= 64 * kMiB) {
            large.push_back(std::fabs(err));
            CHECK(std::fabs(err) <= 0.20);
        } else if (req.bytes >= kMiB) {
            medium.push_back(std::fabs(err));
        } else {
            smallRatio.push_back(predUs / measUs);
        }
    }
    const double largeMedian = median(large), mediumMedian = median(medium);
    std::printf(">= 64 MiB: %zu rows, median |error| %.1f%%, max %.1f%%\n", large.size(), 100 * largeMedian,
                large.empty() ? 0.0 : 100 * *std::max_element(large.begin(), large.end()));
    std::printf("1-64 MiB:  %zu rows, median |error| %.1f%%, max %.1f%%\n", medium.size(), 100 * mediumMedian,
                medium.empty() ? 0.0 : 100 * *std::max_element(medium.begin(), medium.end()));
    std::printf("< 1 MiB:   %zu rows, predicted/measured time", smallRatio.size());
    for (double x : smallRatio) std::printf(" %.2f", x);
    std::printf("\n");
    REQUIRE(large.size() >= 18);
    REQUIRE(medium.size() >= 8);
    REQUIRE(smallRatio.size() >= 4);
    CHECK(largeMedian <= 0.05);
    // Latency-bound rows hold once each run is predicted as it was launched: the Azure rows ran
    // all 8 GPUs from one thread (-g 8), whose host-issue floor (analysis/host_issue.hpp,
    // nccl-tests issue 123: 4.2 us per GPU) bounds az-ndv4-1k's 44.8 us.
    // Medium rows (issue 16 item 4): median 12.0 % over 8 rows. The NVLS rows of NCCL 2.18
    // hold once its kernel's channel distribution is priced (nccl_cost.hpp
    // ncclPipelineFillFactor: below one loop of channels x heads x chunk the first channels
    // carry the message whole; az-ndv5-1m 23.1 % -> 7.1 %). Still outside 15 % and left as
    // measured: single-node A100 ring LL128 at 16 MiB (az-ndv4-16m, a bandwidth ramp NCCL's
    // model does not have) and gj-aion's 2- and 8-node cluster (nccl-tests issue 309), whose
    // 1 MiB time on 2 nodes is 35 us above the model where another H100 cluster in the same
    // thread matches it to 8 %.
    CHECK(mediumMedian <= 0.15);
    for (double x : smallRatio) CHECK((x >= 0.5 && x <= 2.0));
}
