// Is a measured curve steady enough to be read as a bandwidth limit (curve_steadiness.hpp)?
#include "model/io/import/curve_steadiness.hpp"

#include "model/units/number_format.hpp"
#include "model/units/units.hpp"

#include <algorithm>
#include <map>

namespace model::io {

std::optional<Unsteadiness> unsteadyTimes(const MeasuredCurve& curve)
{
    std::map<double, const MeasuredPoint*> inPlace;
    for (const MeasuredPoint& p : curve.inPlace) inPlace[p.bytes] = &p;
    int signals = 0;
    double worstRatio = 0;
    const MeasuredPoint *worstOut = nullptr, *worstIn = nullptr;
    const MeasuredPoint *fallFrom = nullptr, *fallTo = nullptr;
    const MeasuredPoint* previous = nullptr;
    for (const MeasuredPoint& p : curve.outOfPlace) {
        if (p.bytes < kSteadyMinBytes) continue;
        if (const auto it = inPlace.find(p.bytes); it != inPlace.end() && p.timeUs > 0 && it->second->timeUs > 0) {
            const double ratio = std::max(p.timeUs, it->second->timeUs) / std::min(p.timeUs, it->second->timeUs);
            if (ratio >= kHalvesRatio) {
                ++signals;
                if (ratio > worstRatio) worstRatio = ratio, worstOut = &p, worstIn = it->second;
            }
        }
        if (previous && previous->busbwGBps > 0 && p.busbwGBps < kFallShare * previous->busbwGBps) {
            ++signals;
            if (!fallFrom) fallFrom = previous, fallTo = &p;
        }
        previous = &p;
    }
    if (signals < kUnsteadySignals) return std::nullopt;
    Unsteadiness u;
    if (worstOut) {
        u.words = "in-place and out-of-place times differ by up to " + significantDigits(worstRatio, 3) + "x (" +
                  formatCount(worstOut->timeUs) + " against " + formatCount(worstIn->timeUs) + " us at " + formatBytes(worstOut->bytes) + ")";
        u.line = worstOut->line;
    }
    if (fallFrom) {
        u.words += (u.words.empty() ? "" : "; ") + std::string("busbw falls from ") + significantDigits(fallFrom->busbwGBps, 3) + " GB/s at " +
                   formatBytes(fallFrom->bytes) + " to " + significantDigits(fallTo->busbwGBps, 3) + " GB/s at " + formatBytes(fallTo->bytes);
        if (!u.line) u.line = fallTo->line;
    }
    return u;
}

} // namespace model::io
