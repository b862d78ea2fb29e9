#include "model/analysis/sweep_spans.hpp"

namespace model {

std::vector<AlgorithmSpan> algorithmSpans(const CollectiveSweep& sweep)
{
    std::vector<AlgorithmSpan> out;
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        const CollectiveResult& r = sweep.points[i];
        const int at = static_cast<int>(i);
        if (!out.empty() && out.back().algorithm == r.algorithm && out.back().protocol == r.protocol) {
            out.back().toBytes = r.bytes;
            out.back().lastPoint = at;
            continue;
        }
        out.push_back({r.bytes, r.bytes, at, at, r.algorithm, r.protocol});
    }
    return out;
}

} // namespace model
