#include "model/simulation/max_min.hpp"

#include <algorithm>
#include <queue>
#include <type_traits>

namespace model::sim {

MaxMinSolver::MaxMinSolver(std::vector<double> capacity)
    : capacity_(std::move(capacity)),
      remaining_(capacity_.size(), 0.0),
      unfrozen_(capacity_.size(), 0),
      version_(capacity_.size(), 0),
      stamp_(capacity_.size(), -1),
      start_(capacity_.size(), 0),
      length_(capacity_.size(), 0)
{
}

void MaxMinSolver::releaseScratch()
{
    auto drop = [](auto& v) { std::remove_reference_t<decltype(v)>().swap(v); };
    drop(remaining_);
    drop(unfrozen_);
    drop(version_);
    drop(stamp_);
    drop(start_);
    drop(length_);
    drop(onChannel_);
    drop(local_);
    drop(frozen_);
}

void MaxMinSolver::solve(const std::vector<int>& flows, const std::vector<std::vector<int>>& paths,
                         const std::vector<double>& caps, std::vector<double>& rates)
{
    FlowPaths table;
    for (const auto& p : paths) table.add(p);
    solve(flows, table, caps, rates);
}

void MaxMinSolver::solve(const std::vector<int>& flows, const FlowPaths& paths, const std::vector<double>& caps,
                         std::vector<double>& rates, const std::vector<int>& fixed)
{
    ++epoch_;
    local_.clear();
    // Count flows per channel; stamp_ marks channels of this solve.
    for (int f : flows)
        for (int c : paths[f]) {
            if (stamp_[c] != epoch_) {
                stamp_[c] = epoch_;
                unfrozen_[c] = 0;
                remaining_[c] = capacity_[c];
                local_.push_back(c);
            }
            ++unfrozen_[c];
        }
    // Fixed flows hold their rates on the channels the filling uses.
    for (int f : fixed)
        for (int c : paths[f])
            if (stamp_[c] == epoch_) remaining_[c] = std::max(0.0, remaining_[c] - rates[f]);
    // CSR of flow positions per channel: start_ holds running offsets keyed by channel id.
    int offset = 0;
    for (int c : local_) {
        start_[c] = offset;
        length_[c] = unfrozen_[c];
        offset += unfrozen_[c];
    }
    onChannel_.assign(offset, 0);
    {
        // Temporary cursor per channel: reuse version_ as the cursor, reset afterwards.
        for (int c : local_) version_[c] = start_[c];
        for (std::size_t i = 0; i < flows.size(); ++i)
            for (int c : paths[flows[i]]) onChannel_[version_[c]++] = static_cast<int>(i);
        for (int c : local_) version_[c] = 0;
    }
    fill(flows, paths, caps, rates);
}

void MaxMinSolver::solveAgain(const std::vector<int>& flows, const FlowPaths& paths, const std::vector<double>& caps,
                              std::vector<double>& rates)
{
    for (int c : local_) {
        remaining_[c] = capacity_[c];
        unfrozen_[c] = length_[c];
    }
    fill(flows, paths, caps, rates);
}

void MaxMinSolver::fill(const std::vector<int>& flows, const FlowPaths& paths, const std::vector<double>& caps,
                        std::vector<double>& rates)
{
    frozen_.assign(flows.size(), 0);

    struct Entry {
        double share;
        int channel;
        bool operator>(const Entry& o) const noexcept { return share > o.share; }
    };
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    for (int c : local_) heap.push({remaining_[c] / unfrozen_[c], c});

    // Flows with a finite cap, ascending.
    std::vector<int> capped;
    if (!caps.empty()) {
        for (std::size_t i = 0; i < flows.size(); ++i)
            if (caps[flows[i]] < kNoCap) capped.push_back(static_cast<int>(i));
        std::sort(capped.begin(), capped.end(),
                  [&](int a, int b) { return caps[flows[a]] < caps[flows[b]]; });
    }
    std::size_t nextCap = 0;
    std::size_t left = flows.size();

    // A channel's fair share only grows as flows freeze (they freeze at the smallest share), so
    // its heap entry may lag behind: an entry is checked when it reaches the top and pushed again
    // with the channel's current share if that grew (lazy keys; the heap holds one entry per
    // channel with unfrozen flows, not one per freeze that touched it).
    auto freeze = [&](int i, double rate) {
        frozen_[i] = 1;
        --left;
        const int f = flows[i];
        rates[f] = rate;
        for (int c : paths[f]) {
            remaining_[c] = std::max(0.0, remaining_[c] - rate);
            --unfrozen_[c];
        }
    };

    while (left > 0) {
        while (!heap.empty()) {
            const Entry top = heap.top();
            if (unfrozen_[top.channel] == 0) {
                heap.pop();
                continue;
            }
            const double share = remaining_[top.channel] / unfrozen_[top.channel];
            if (share <= top.share) break;
            heap.pop();
            heap.push({share, top.channel});
        }
        while (nextCap < capped.size() && frozen_[capped[nextCap]]) ++nextCap;
        const bool haveCap = nextCap < capped.size();
        if (heap.empty() && !haveCap) break; // cannot happen for non-empty paths
        if (haveCap && (heap.empty() || caps[flows[capped[nextCap]]] <= heap.top().share)) {
            freeze(capped[nextCap], caps[flows[capped[nextCap]]]);
            continue;
        }
        const Entry top = heap.top();
        heap.pop();
        // Freeze every unfrozen flow on the full channel at its fair share.
        const double share = remaining_[top.channel] / unfrozen_[top.channel];
        const int begin = start_[top.channel];
        const int end = begin + length_[top.channel];
        for (int k = begin; k < end; ++k) {
            const int i = onChannel_[k];
            if (!frozen_[i]) freeze(i, share);
        }
    }
}

} // namespace model::sim
