// Measured curve helpers and JSON form.
#include "model/io/import/measured_curve.hpp"

#include "model/analysis/collective_types.hpp"

#include <algorithm>

namespace model::io {

using nlohmann::json;

std::vector<MeasuredPoint> MeasuredCurve::points() const
{
    std::vector<MeasuredPoint> out = outOfPlace;
    for (const auto& p : inPlace)
        if (std::none_of(out.begin(), out.end(), [&](const MeasuredPoint& q) { return q.bytes == p.bytes; })) out.push_back(p);
    std::sort(out.begin(), out.end(), [](const MeasuredPoint& a, const MeasuredPoint& b) { return a.bytes < b.bytes; });
    return out;
}

MeasuredPeak MeasuredCurve::peak() const
{
    // Both columns: an in-place run is as much a measurement as the out-of-place one
    // (nccl_tests_12: 476.53 in-place at 4 GiB against 473.60 out-of-place). The column is named
    // wherever the peak is shown, since the charted table shows the out-of-place half.
    MeasuredPeak best;
    auto consider = [&](const std::vector<MeasuredPoint>& pts, const char* column) {
        for (const auto& p : pts)
            if (p.busbwGBps > best.busbwGBps) best = {p.busbwGBps, p.bytes, column, p.line};
    };
    consider(outOfPlace, "out-of-place");
    consider(inPlace, "in-place");
    return best;
}

double MeasuredCurve::peakBusbwGBps() const { return peak().busbwGBps; }

std::optional<double> busbwFactor(const std::string& c, int n) noexcept
{
    if (n < 1) return std::nullopt;
    // The engines' collectives use the engines' one factor (collective_types.hpp).
    for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::AllGather, CollectiveOp::ReduceScatter, CollectiveOp::AllToAll,
                            CollectiveOp::Broadcast})
        if (c == toString(op)) return busBandwidthFactor(op, n);
    // The nccl-tests binaries the engines do not predict (src/reduce.cu, sendrecv.cu, gather.cu,
    // scatter.cu, hypercube.cu *GetBw).
    const double nd = n;
    if (c == "gather" || c == "scatter" || c == "hypercube") return (nd - 1) / nd;
    if (c == "reduce" || c == "sendrecv") return 1.0;
    return std::nullopt;
}

namespace {
json pointsJson(const std::vector<MeasuredPoint>& pts)
{
    json a = json::array();
    for (const auto& p : pts) {
        json j = {{"bytes", p.bytes},       {"time_us", p.timeUs}, {"algbw_GBps", p.algbwGBps},
                  {"busbw_GBps", p.busbwGBps}, {"type", p.type},   {"redop", p.redop},
                  {"wrong", p.wrong},       {"line", p.line}};
        j["count"] = p.count ? json(*p.count) : json(nullptr);
        j["root"] = p.root ? json(*p.root) : json(nullptr);
        a.push_back(std::move(j));
    }
    return a;
}
} // namespace

bool MeasuredCurve::ranksInferred() const { return ranks > 0 && ranksFrom.rfind("busbw/algbw", 0) == 0; }

std::string MeasuredCurve::ranksWords() const
{
    if (ranks <= 0) return "? ranks";
    return std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks") + (ranksInferred() ? " (inferred from busbw/algbw)" : "");
}

json toJson(const MeasuredCurve& c)
{
    const MeasuredPeak peak = c.peak();
    json j = {{"tool", c.tool},
              {"layout", c.layout},
              {"command", c.command},
              {"collective", c.collective.empty() ? json(nullptr) : json(c.collective)},
              {"collective_from", c.collectiveFrom},
              {"candidates", c.candidates},
              {"ranks", c.ranks > 0 ? json(c.ranks) : json(nullptr)},
              {"ranks_from", c.ranksFrom},
              {"ranks_inferred", c.ranksInferred()},
              {"nodes", c.nodes > 0 ? json(c.nodes) : json(nullptr)},
              {"hosts", c.hosts},
              {"gpu_name", c.gpuName},
              {"nccl_version", c.ncclVersion},
              {"nccl_version_line", c.ncclVersionLine},
              {"nccl_tests_version", c.testsVersion},
              {"out_of_place", pointsJson(c.outOfPlace)},
              {"in_place", pointsJson(c.inPlace)},
              {"peak_busbw_GBps", peak.busbwGBps},
              {"peak_busbw_column", peak.column.empty() ? json(nullptr) : json(peak.column)},
              {"peak_busbw_bytes", peak.column.empty() ? json(nullptr) : json(peak.bytes)},
              {"peak_busbw_line", peak.column.empty() ? json(nullptr) : json(peak.line)},
              {"avg_busbw_GBps", c.avgBusbwGBps ? json(*c.avgBusbwGBps) : json(nullptr)},
              {"complete", c.complete}};
    if (c.minBytes) j["min_bytes"] = *c.minBytes;
    if (c.maxBytes) j["max_bytes"] = *c.maxBytes;
    if (c.nThreads) j["nthreads"] = *c.nThreads;
    if (c.gpusPerThread) j["ngpus"] = *c.gpusPerThread;
    return j;
}

} // namespace model::io
