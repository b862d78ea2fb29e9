#include "model/simulation/utilization.hpp"

#include <algorithm>
#include <map>

namespace model::sim {

void UtilizationRecorder::addPattern(const FlowSimulator& sim, double t0, double duration, int repeats, double scale)
{
    if (repeats <= 0 || duration <= 0) return;
    for (std::size_t c = 0; c < g_.channels.size(); ++c) {
        if (g_.channels[c].link == 0) continue;
        const auto& steps = sim.trace(static_cast<int>(c));
        if (steps.empty()) continue;
        const double cap = sim.capacity()[c];
        if (cap <= 0) continue;
        Direction& d = channels_[static_cast<int>(c)];
        d.capacity = cap;
        const double bytes = sim.bytesOn(static_cast<int>(c));
        d.bytes += bytes * repeats * scale;
        for (const RateStep& s : steps) d.peak = std::max(d.peak, s.rate / cap);
        if (repeats == 1 && scale == 1.0) {
            for (std::size_t i = 0; i + 1 < steps.size(); ++i)
                if (steps[i].rate > 0)
                    d.segments.push_back({t0 + steps[i].t, t0 + steps[i + 1].t, steps[i].rate / cap});
        } else {
            d.segments.push_back({t0, t0 + duration * repeats, std::min(1.0, bytes * scale / (cap * duration))});
        }
    }
}

namespace {
/// Value of a sorted, non-overlapping segment list at time t (0 outside).
struct Cursor {
    const std::vector<UtilizationSegment>* segs;
    std::size_t i = 0;
    double at(double t)
    {
        while (i < segs->size() && (*segs)[i].end_s <= t) ++i;
        return i < segs->size() && (*segs)[i].start_s <= t ? (*segs)[i].utilization : 0.0;
    }
};

std::vector<UtilizationSegment> downsample(const std::vector<UtilizationSegment>& in, int maxPoints)
{
    if (maxPoints <= 0 || static_cast<int>(in.size()) <= maxPoints) return in;
    std::vector<UtilizationSegment> out;
    const std::size_t per = (in.size() + maxPoints - 1) / maxPoints;
    for (std::size_t i = 0; i < in.size(); i += per) {
        const std::size_t end = std::min(in.size(), i + per);
        double area = 0;
        for (std::size_t j = i; j < end; ++j) area += in[j].utilization * (in[j].end_s - in[j].start_s);
        const double span = in[end - 1].end_s - in[i].start_s;
        out.push_back({in[i].start_s, in[end - 1].end_s, span > 0 ? area / span : 0.0});
    }
    return out;
}
} // namespace

void UtilizationRecorder::finish(const Design& design, SimulationResult& r, double total, int maxPoints) const
{
    std::map<Id, std::pair<const Direction*, const Direction*>> byLink; // (a->b, b->a)
    for (const auto& [c, d] : channels_) {
        const Channel& ch = g_.channels[c];
        auto& slot = byLink[ch.link];
        (ch.aToB ? slot.first : slot.second) = &d;
    }
    r.links.clear();
    for (const auto& [id, pair] : byLink) {
        LinkUtilization lu;
        lu.link = id;
        lu.description = g_.describeLink(design, id);
        std::vector<double> cuts;
        for (const Direction* d : {pair.first, pair.second}) {
            if (!d) continue;
            lu.peak = std::max(lu.peak, d->peak);
            lu.capacity = Bandwidth::bytesPerSecond(std::max(lu.capacity.inBytesPerSecond(), d->capacity));
            for (const auto& s : d->segments) {
                cuts.push_back(s.start_s);
                cuts.push_back(s.end_s);
            }
        }
        lu.bytesAtoB = pair.first ? pair.first->bytes : 0;
        lu.bytesBtoA = pair.second ? pair.second->bytes : 0;
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        static const std::vector<UtilizationSegment> none;
        Cursor a{pair.first ? &pair.first->segments : &none}, b{pair.second ? &pair.second->segments : &none};
        std::vector<UtilizationSegment> series;
        double area = 0;
        for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
            const double mid = 0.5 * (cuts[i] + cuts[i + 1]);
            const double u = std::max(a.at(mid), b.at(mid));
            if (u <= 0) continue;
            area += u * (cuts[i + 1] - cuts[i]);
            if (!series.empty() && series.back().end_s == cuts[i] && series.back().utilization == u)
                series.back().end_s = cuts[i + 1];
            else
                series.push_back({cuts[i], cuts[i + 1], u});
        }
        lu.mean = total > 0 ? area / total : 0.0;
        lu.series = downsample(series, maxPoints);
        r.links.push_back(std::move(lu));
    }
    std::vector<const LinkUtilization*> order;
    for (const auto& l : r.links) order.push_back(&l);
    std::sort(order.begin(), order.end(), [](const LinkUtilization* x, const LinkUtilization* y) {
        if (x->peak != y->peak) return x->peak > y->peak;
        if (x->mean != y->mean) return x->mean > y->mean;
        return x->link < y->link;
    });
    r.mostCongested.clear();
    for (std::size_t i = 0; i < order.size() && i < 10; ++i) {
        LinkUtilization top = *order[i];
        top.series.clear();
        r.mostCongested.push_back(std::move(top));
    }
}

} // namespace model::sim
