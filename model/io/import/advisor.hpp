#pragma once
/// @file advisor.hpp
/// "Before you blame the network": from what was imported (and, when given, the design it ran
/// on) the advisor names likely causes in words, each resting on one line of the file. Rule
/// ids are stable strings (tests, waivers and the design rules use them):
///
///   no-peer-to-peer        warning  GPUs that cannot copy peer-to-peer (GeForce, GNS/CNS, PHB paths in NCCL's search)
///   nic-far-from-gpu       warning  a GPU whose nearest NIC is PHB/NODE/SYS: no GPUDirect RDMA by default
///   fewer-nics-than-gpus   warning  GPUs share NICs (topology: the compute NICs of nicRoles, those nearest to no GPU named apart;
///                                    or NCCL using one NIC for several local ranks)
///   gpus-across-sockets    warning  GPU pairs without NVLink that cross the CPU-to-CPU link (SYS
///                                   between GPUs of different CPU/NUMA affinity, or with none printed)
///   sys-within-numa-node   info     SYS pairs of one CPU/NUMA affinity: between host bridges of one socket
///   no-nvlink              info     no GPU pair has NVLink: collectives run over PCIe
///   nvlink-partial         info     NVLink joins only some pairs (hybrid cube mesh)
///   vm-flattened-topology  warning  a virtual machine's topology (numaid -1, link width 0, 2.5 GT/s x1 bridges, virtio/QEMU devices)
///   pcie-link-degraded     warning  a GPU's PCIe link narrower or slower than its slot or its own generation
///   pcie-speed-unknown     info     NCCL could not read a PCIe link's speed from sysfs
///   acs-check              info     GPUs and NICs share PCIe switches: ACS on them redirects peer traffic
///   net-socket             warning  inter-node traffic over TCP sockets (NET/Socket), not RDMA (error on an RDMA design)
///   no-gdrdma              warning  the network transport ran without GPUDirect RDMA
///   shm-transport          warning  GPUs of one node exchange data through host shared memory (SHM)
///   nvls-unavailable       info     NVLink SHARP (NVLS) multicast not available
///   env-override           info/warning  an NCCL environment variable that forces a path (NCCL_P2P_DISABLE, NCCL_ALGO, ...)
///   curve-collapse         warning  busbw falls by more than half from one size to the next
///   below-prediction       warning  the measured curve sits well below the prediction for the design
///   above-prediction       info     the measured curve sits well above it (the design may not be the machine)
///   design-mismatch        warning  the imported server differs from the design's (GPU count, NIC count), or the run's GPU model does

#include "model/analysis/analysis.hpp"
#include "model/io/import/import.hpp"

#include <optional>
#include <string>
#include <vector>

namespace model::io {

/// The rules that need only the file. Never throws.
[[nodiscard]] std::vector<AdvisorFinding> adviseFromFile(const ImportResult& r);

/// One measured size beside the prediction.
struct ComparedPoint {
    double bytes = 0;
    double measuredBusbwGBps = 0;             ///< decimal GB/s, as printed
    double predictedBusbwGBps = 0;            ///< decimal GB/s
    double measuredTimeUs = 0;                ///< microseconds, as printed (0: not printed)
    double predictedTimeUs = 0;               ///< microseconds
    /// (measured - predicted) / predicted busbw: -0.4 = 40 % below the prediction. Taken from the
    /// times (predicted / measured - 1, the same ratio, since busbw = factor x bytes / time) when
    /// the file prints one: nccl-tests prints busbw with two decimals, so below ~1 GB/s the
    /// printed busbw is too coarse (0.00 at 8 B would read -100 %), while the time keeps 3-4
    /// significant digits at every size.
    double error = 0;
    std::string algorithm;                    ///< the algorithm the prediction assumes
    int line = 0;                             ///< the measured row's line
};

/// A measured curve against the engine's prediction for a design.
struct CurveComparison {
    std::string op;                           ///< nccl-tests name
    int gpus = 0;
    std::vector<ComparedPoint> points;        ///< one per measured size (out-of-place, else in-place)
    std::string designName;
    std::string note;                         ///< why some sizes or all were not compared; empty when all were
    /// The layer that bounds the prediction at the largest size, in words ("node boundary:
    /// 8x 400 Gb/s per server"), and its scope name ("intra_node", "node_boundary", "fabric").
    std::string boundLayer, boundScope;
    [[nodiscard]] bool empty() const noexcept { return points.empty(); }
};

/// Predicts every measured size on `design` (same collective and rank count) and sets the
/// two side by side. Empty, with `note` saying why, when the collective is unknown or one the
/// engine does not predict (sendrecv, reduce, gather, scatter), when the design has fewer GPUs
/// than the run, or when the engine would place the ranks differently (fewer ranks per node
/// than a server holds on a multi-node run). Never throws.
[[nodiscard]] CurveComparison compareCurve(const MeasuredCurve& curve, const Design& design, const Catalog& catalog);

/// A design built for a measured curve when the user gives none: servers of the catalog whose
/// GPU the curve names (its "# Rank" lines) and that hold as many GPUs as one node of the run,
/// one per node, on one non-blocking leaf switch at the NIC rate. nullopt when the curve does not
/// name its GPU and node count or the catalog has no such server. `assumption` says in words
/// what was assumed (the catalog's NICs), so findings can state it. When none is built and
/// `whyNot` is given, it receives the reason in words (the GPU not named or not in the catalog,
/// no server of the run's GPUs per node, ...), ending with what to pass instead.
[[nodiscard]] std::optional<Design> designForCurve(const MeasuredCurve& curve, const Catalog& catalog, std::string& assumption,
                                                   std::string* whyNot = nullptr);

/// The rules that need a design: a measured curve well below/above the prediction, NET/Socket
/// on an RDMA design, an imported server that differs from the design's. `comparison` is
/// compareCurve's result for r.curve (pass an empty one when there is no curve).
[[nodiscard]] std::vector<AdvisorFinding> adviseAgainstDesign(const ImportResult& r, const CurveComparison& comparison,
                                                              const Design& design, const Catalog& catalog);

/// What an import says once set beside a design: every finding (the file's and the design's),
/// the measured curve against the prediction, and which design that was.
struct ImportReview {
    std::string file;                       ///< the imported file's name (ImportResult::file)
    std::string format;                     ///< ImportResult::format, e.g. "nccl-tests output"
    std::string kind;                       ///< ImportResult::content: "server model", "curve", "log"
    std::vector<std::string> warnings;      ///< what the file lacks (ImportResult::warnings)
    std::vector<std::string> notes;         ///< what a design made from it assumed (import record "notes"; empty here)
    std::vector<AdvisorFinding> findings;   ///< adviseFromFile, then adviseAgainstDesign
    CurveComparison comparison;             ///< empty without a curve
    std::string comparedWith;               ///< the design's name; empty when there was none
    std::string assumption;                 ///< when the design was built for the curve (designForCurve)
};

/// Reviews an import against `design` (may be null: then a curve is compared with the design
/// designForCurve() builds, and the assumption says so). When a curve or a log is not compared
/// with a prediction, comparison.note says why (the collective is not predicted, no catalog
/// server stands for the run, the log has no nccl-tests table, ...). Never throws.
[[nodiscard]] ImportReview reviewImport(const ImportResult& r, const Design* design, const Catalog& catalog);

/// JSON form of a comparison: {"op", "gpus", "design", "note", "bound_layer", "bound_scope",
/// "points": [{bytes, measured_busbw_GBps, predicted_busbw_GBps, error, algorithm, line}]}.
[[nodiscard]] nlohmann::json toJson(const CurveComparison& c);
/// JSON form of a review: {"compared_with", "assumption", "comparison"} (findings are printed
/// with the import's own, see `import --json`).
[[nodiscard]] nlohmann::json toJson(const ImportReview& r);

} // namespace model::io
