// Is a measured curve steady enough to be read as a bandwidth limit (curve_steadiness.hpp)?
#include "model/io/import/curve_steadiness.hpp"

#include "model/units/number_format.hpp"
#include "model/units/units.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace model::io {

std::optional<Unsteadiness> unsteadyTimes(const MeasuredCurve& curve)
{
    std::map<double, const MeasuredPoint*> inPlace, outOfPlace; // by size: a table out of order is read in size order
    for (const MeasuredPoint& p : curve.inPlace) inPlace.emplace(p.bytes, &p);
    for (const MeasuredPoint& p : curve.outOfPlace) outOfPlace.emplace(p.bytes, &p);
    std::set<double> unsteadyRows; // a row whose halves differ and whose busbw falls is one disturbed row
    double worstRatio = 0;
    const MeasuredPoint *worstOut = nullptr, *worstIn = nullptr;
    const MeasuredPoint *fallFrom = nullptr, *fallTo = nullptr;
    int falls = 0;
    const MeasuredPoint* previous = nullptr;
    for (const auto& [bytes, p] : outOfPlace) {
        if (bytes < kSteadyMinBytes) continue;
        if (const auto it = inPlace.find(bytes); it != inPlace.end() && p->timeUs > 0 && it->second->timeUs > 0) {
            const double ratio = std::max(p->timeUs, it->second->timeUs) / std::min(p->timeUs, it->second->timeUs);
            if (ratio >= kHalvesRatio) {
                unsteadyRows.insert(bytes);
                if (ratio > worstRatio) worstRatio = ratio, worstOut = p, worstIn = it->second;
            }
        }
        if (previous && previous->busbwGBps > 0 && p->busbwGBps < kFallShare * previous->busbwGBps) {
            unsteadyRows.insert(bytes);
            ++falls;
            if (!fallFrom) fallFrom = previous, fallTo = p;
        }
        previous = p;
    }
    if (static_cast<int>(unsteadyRows.size()) < kUnsteadySignals) return std::nullopt;
    Unsteadiness u;
    if (worstOut) {
        u.words = "in-place and out-of-place times differ by up to " + significantDigits(worstRatio, 3) + "x (out-of-place " +
                  formatCount(worstOut->timeUs) + " us against in-place " + formatCount(worstIn->timeUs) + " us at " + formatBytes(worstOut->bytes) + ")";
        u.line = worstOut->line;
    }
    if (fallFrom) {
        u.words += (u.words.empty() ? "" : "; ") + std::string("busbw falls from ") + significantDigits(fallFrom->busbwGBps, 3) + " GB/s at " +
                   formatBytes(fallFrom->bytes) + " to " + significantDigits(fallTo->busbwGBps, 3) + " GB/s at " + formatBytes(fallTo->bytes) +
                   (falls > 1 ? " (the first of " + std::to_string(falls) + " such falls)" : "");
        if (!u.line) u.line = fallTo->line;
    }
    return u;
}

} // namespace model::io
