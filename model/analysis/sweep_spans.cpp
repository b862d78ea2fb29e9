#include "model/analysis/sweep_spans.hpp"

namespace model {

std::vector<AlgorithmSpan> algorithmSpans(const CollectiveSweep& sweep)
{
    std::vector<AlgorithmSpan> out;
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        const CollectiveResult& r = sweep.points[i];
        const int at = static_cast<int>(i);
        // Points with no default named (a forced algorithm, a zero size) default to their own.
        const Algorithm nccl = r.ncclDefaultTime.inMicroseconds() > 0 ? r.ncclDefaultAlgorithm : r.algorithm;
        if (!out.empty() && out.back().algorithm == r.algorithm && out.back().protocol == r.protocol && out.back().ncclDefault == nccl) {
            out.back().toBytes = r.bytes;
            out.back().lastPoint = at;
            continue;
        }
        out.push_back({r.bytes, r.bytes, at, at, r.algorithm, r.protocol, nccl});
    }
    return out;
}

} // namespace model
