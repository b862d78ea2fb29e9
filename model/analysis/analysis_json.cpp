// JSON for analysis results (contract: shared/design/ARCHITECTURE.md).
#include "model/analysis/analysis_json.hpp"

#include <cmath>

namespace model {

nlohmann::json toJson(const CollectiveResult& r)
{
    nlohmann::json j = {
        {"op", toString(r.op)},
        {"bytes", r.bytes},
        {"gpus", r.gpus},
        {"engine", r.engine},
        {"algorithm", toString(r.algorithm)},
        {"protocol", toString(r.protocol)},
        {"time_us", r.time.inMicroseconds()},
        {"algbw_GBps", r.algbw.inGBps()},
        {"busbw_GBps", r.busbw.inGBps()},
        {"latency_us", r.latency.inMicroseconds()},
        {"note", r.note},
    };
    // Algorithm auto: what NCCL's own tuner would run, and its time here (CollectiveResult).
    if (r.ncclDefaultTime.inMicroseconds() > 0) {
        j["nccl_default_algorithm"] = toString(r.ncclDefaultAlgorithm);
        j["nccl_default_time_us"] = r.ncclDefaultTime.inMicroseconds();
    }
    return j;
}

double ncclTestsCount(CollectiveOp op, double bytes, int gpus, int typeBytes) noexcept
{
    const double perRank = op == CollectiveOp::AllReduce || op == CollectiveOp::Broadcast ? bytes : bytes / std::max(1, gpus);
    return std::floor(perRank / typeBytes); // whole elements, as nccl-tests' integer division
}

nlohmann::json sweepToJson(const std::vector<CollectiveResult>& rows)
{
    nlohmann::json j = nlohmann::json::object();
    if (!rows.empty()) {
        j["op"] = toString(rows.front().op);
        j["gpus"] = rows.front().gpus;
        j["engine"] = rows.front().engine;
    }
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : rows) {
        arr.push_back({
            {"size", r.bytes},
            {"count", ncclTestsCount(r.op, r.bytes, r.gpus)},
            {"type", "float"},
            {"algorithm", toString(r.algorithm)},
            {"protocol", toString(r.protocol)},
            {"time_us", r.time.inMicroseconds()},
            {"algbw_GBps", r.algbw.inGBps()},
            {"busbw_GBps", r.busbw.inGBps()},
        });
    }
    j["rows"] = arr;
    return j;
}

namespace {
nlohmann::json scalingJson(const std::vector<ScalingPoint>& pts)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& p : pts) arr.push_back({{"gpus", p.gpus}, {"efficiency", p.efficiency}, {"fits_in_memory", p.fitsInMemory}});
    return arr;
}
nlohmann::json islandsJson(const std::vector<Island>& islands)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& i : islands) arr.push_back({{"servers", i.servers}, {"gpus", i.gpus}});
    return arr;
}
} // namespace

nlohmann::json toJson(const DesignAnalysis& a, bool withWorkload)
{
    nlohmann::json layers = nlohmann::json::array();
    for (const auto& l : a.layers)
        layers.push_back({{"scope", toString(l.scope)}, {"technology", l.technology}, {"per_gpu_GBps", l.perGpu.inGBps()}, {"note", l.note}});
    nlohmann::json j = {
        {"gpus", a.gpus},
        {"nodes", a.nodes},
        {"reachable_gpus", a.reachableGpus},
        {"islands", islandsJson(a.islands)},
        {"layers", layers},
        {"bottleneck", {{"scope", toString(a.bottleneck.scope)}, {"explanation", a.bottleneck.explanation}, {"checks", a.bottleneck.checks}}},
        {"scaling", scalingJson(a.scaling)},
        {"scaling_note", a.scalingNote},
        {"workload", a.workload},
        {"workload_note", a.workloadNote},
        {"layout_note", a.layoutNote},
        {"warnings", a.warnings},
        {"bisection_GBps", a.bisectionGBps},
        {"oversubscription", a.oversubscription},
    };
    if (!a.workloadError.empty()) j["workload_error"] = a.workloadError;
    if (withWorkload || (a.hasStep && a.step.fitsInMemory)) { // the bottleneck quotes the step: there whenever it runs
        if (a.hasStep) {
            const StepBreakdown& s = a.step;
            j["step"] = {
                {"workload", s.workload}, {"gpus", s.gpus}, {"idle_gpus", s.idleGpus}, {"tp", s.tp}, {"pp", s.pp}, {"dp", s.dp},
                {"interleave", s.interleave}, {"micro_batch", s.microBatch}, {"global_batch", s.globalBatch},
                {"grad_accumulation", s.gradAccumulation}, {"precision", s.precision}, {"recompute", s.recompute},
                {"compute_s", s.computeS}, {"tp_exposed_s", s.tpExposedS}, {"pp_bubble_s", s.ppBubbleS},
                {"pp_transfer_s", s.ppTransferS}, {"dp_exposed_s", s.dpExposedS}, {"step_s", s.stepS},
                {"tokens_per_s", s.tokensPerSecond}, {"mfu", s.mfu}, {"memory_per_gpu_GB", s.memoryPerGpuGB},
                {"state_per_gpu_GB", s.stateGB}, {"activations_per_gpu_GB", s.activationsGB},
                {"memory_bound_s", s.memoryBoundS}, {"tp_latency_share", s.tpLatencyShare}, {"dp_latency_share", s.dpLatencyShare},
                {"fits_in_memory", s.fitsInMemory},
            };
        } else {
            j["step"] = nullptr;
        }
        j["scaling_strong"] = scalingJson(a.scalingStrong);
        nlohmann::json lv = nlohmann::json::array();
        for (const auto& l : a.levers)
            lv.push_back({{"lever", l.lever}, {"description", l.description}, {"step_s", l.stepS},
                          {"tokens_per_s", l.tokensPerSecond}, {"mfu", l.mfu}});
        j["levers"] = lv;
    }
    return j;
}

} // namespace model
