#include "model/simulation/fabric_behaviour.hpp"

#include "model/simulation/max_min.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace model::sim {

double aimdLossRate(double share, double rtt, double mss) noexcept
{
    if (share <= 0 || rtt <= 0) return 1.0;
    const double x = mss / (rtt * share);
    return std::clamp(1.5 * x * x, 0.0, 1.0);
}

double pftkGoodput(double p, double rtt, double rto, double mss) noexcept
{
    if (p <= 0) return std::numeric_limits<double>::infinity();
    const double denom = rtt * std::sqrt(2.0 * p / 3.0) +
                         rto * std::min(1.0, 3.0 * std::sqrt(3.0 * p / 8.0)) * p * (1.0 + 32.0 * p * p);
    return mss / denom;
}

namespace {
constexpr double kOverload = 1.0 + 1e-9;

bool overloaded(const FabricView& v, int c, const std::vector<double>& demand)
{
    const auto& on = (*v.onChannel)[c];
    if (v.graph->channels[c].control == FlowControl::Lossless || on.size() < 2) return false;
    double offered = 0;
    for (int f : on) offered += demand[f];
    return offered > (*v.capacity)[c] * kOverload;
}

int positionOf(std::span<const int> path, int channel) noexcept
{
    for (std::size_t k = 0; k < path.size(); ++k)
        if (path[k] == channel) return static_cast<int>(k);
    return -1;
}
} // namespace

std::span<const int> hostPrefix(const NetworkGraph& g, std::span<const int> path)
{
    for (std::size_t k = 0; k < path.size(); ++k)
        if (g.vertices[g.channels[path[k]].to].kind == VertexKind::Switch) return path.first(k + 1);
    return {};
}

bool anyOverloaded(const FabricView& v, const std::vector<int>& channels, const std::vector<double>& demand)
{
    return std::any_of(channels.begin(), channels.end(), [&](int c) { return overloaded(v, c, demand); });
}

bool fabricCaps(const FabricView& v, const std::vector<int>& /*flows*/, const std::vector<int>& channels,
                const std::vector<double>& rates, std::vector<double>& caps)
{
    const auto& g = *v.graph;
    const auto& paths = *v.paths;
    const auto& on = *v.onChannel;
    const auto& demand = *v.demand;
    const auto& cap = *v.capacity;
    bool any = false;

    // Lossy ports: survival probability per flow, multiplied over its overloaded lossy ports.
    std::unordered_map<int, double> survive;
    for (int c : channels) {
        if (g.channels[c].control != FlowControl::Lossy || !overloaded(v, c, demand)) continue;
        const double share = cap[c] / static_cast<double>(on[c].size());
        for (int f : on[c]) {
            const double p = aimdLossRate(share, (*v.rtt)[f], v.mssBytes);
            auto [it, fresh] = survive.emplace(f, 1.0);
            it->second *= 1.0 - p;
        }
    }
    for (const auto& [f, s] : survive) {
        const double p = 1.0 - s;
        const double goodput = pftkGoodput(p, (*v.rtt)[f], v.rtoSeconds, v.mssBytes);
        if (goodput < caps[f]) {
            caps[f] = goodput;
            any = true;
        }
    }

    if (!v.pfcHeadOfLineBlocking) return any;
    // PFC: an overloaded egress c pauses the ingress links u feeding it. (The flows may be held
    // back further on, e.g. by the receiving host's PCIe; then the host pauses the port, whose
    // queue fills and pauses upstream all the same.)
    for (int c : channels) {
        if (g.channels[c].control != FlowControl::Pfc || !overloaded(v, c, demand)) continue;
        // Group the congested flows by the ingress channel they arrive on.
        std::unordered_map<int, std::pair<double, double>> ingress; // u -> (drained, offered)
        std::unordered_map<int, int> flowsOfIngress;                 // u -> congested flows on it
        for (int f : on[c]) {
            const int k = positionOf(paths[f], c);
            if (k <= 0) continue;
            auto& [drained, want] = ingress[paths[f][k - 1]];
            drained += rates[f];
            want += demand[f];
            ++flowsOfIngress[paths[f][k - 1]];
        }
        for (const auto& [u, dw] : ingress) {
            const double offeredU = std::min(cap[u], dw.second);
            if (offeredU <= 0) continue;
            const double unpaused = std::min(1.0, dw.first / offeredU);
            if (unpaused >= 0.999) continue;
            // While u is unpaused: a victim from a host NIC sends at its demand (its host share);
            // one from a switch also drains the backlog that switch held for it during the pause,
            // through u's capacity the congested flows leave (fabric_behaviour.hpp).
            const bool fromSwitch = g.vertices[g.channels[u].from].kind == VertexKind::Switch;
            const double victims = static_cast<double>(on[u].size()) - flowsOfIngress[u];
            const double spare = fromSwitch && victims > 0 ? std::max(0.0, cap[u] - offeredU) / victims : 0.0;
            for (int f : on[u]) {
                if (positionOf(paths[f], c) >= 0) continue; // a congested flow, not a victim
                const double limit = unpaused * std::max(demand[f], spare);
                if (limit < caps[f]) {
                    caps[f] = limit;
                    any = true;
                }
            }
        }
    }
    return any;
}

} // namespace model::sim
