#pragma once
/// @file max_min.hpp
/// Max-min fair rates by progressive filling ("water-filling"): all unfrozen flows grow at the
/// same pace; when a channel fills, the flows on it freeze at its fair share; a flow with a
/// rate cap freezes when it reaches the cap. This is the algorithm of Bertsekas & Gallager,
/// "Data Networks" (2nd ed., 1992), section 6.5.2, run with a priority queue of channel fair
/// shares (remaining capacity / unfrozen flows). Shares only grow as flows freeze, so a
/// channel's entry is refreshed lazily, when it reaches the top with a share that has grown
/// since: the heap holds at most one entry per channel and one solve costs
/// O(F x hops + (C + refreshes) x log C).
///
/// The solver works on any subset of flows that is closed under sharing channels (a connected
/// component of the flow-channel graph): the simulator re-solves only the component touched by
/// an arrival or departure, which gives the same rates as a global solve.

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace model::sim {

/// The channel lists of many flows in one contiguous array (compressed rows): flow f crosses
/// channels data[start[f]] .. data[start[f+1] - 1]. One allocation for all flows instead of
/// one per flow, read in order by the solver and the simulator's event loop.
class FlowPaths {
public:
    /// Appends the path of the next flow. @return its flow index.
    int add(std::span<const int> path)
    {
        data_.insert(data_.end(), path.begin(), path.end());
        start_.push_back(static_cast<int>(data_.size()));
        return static_cast<int>(start_.size()) - 2;
    }
    /// Channels of flow f (empty for a local copy).
    [[nodiscard]] std::span<const int> operator[](int f) const noexcept
    {
        return {data_.data() + start_[static_cast<std::size_t>(f)],
                static_cast<std::size_t>(start_[static_cast<std::size_t>(f) + 1] - start_[static_cast<std::size_t>(f)])};
    }
    [[nodiscard]] std::size_t size() const noexcept { return start_.size() - 1; }
    void reserve(std::size_t flows, std::size_t channels)
    {
        start_.reserve(flows + 1);
        data_.reserve(channels);
    }
    /// Frees both arrays (size() is 0 afterwards).
    void clear()
    {
        std::vector<int>{0}.swap(start_);
        std::vector<int>{}.swap(data_);
    }

private:
    std::vector<int> start_{0};
    std::vector<int> data_;
};

class MaxMinSolver {
public:
    /// `capacity[c]`: bytes per second of channel c.
    explicit MaxMinSolver(std::vector<double> capacity);

    /// Writes max-min fair rates (bytes/s) into rates[f] for every f in `flows`.
    /// `paths[f]`: the channels flow f crosses (non-empty, no repeats). `caps[f]`: the most
    /// flow f may get (infinity = no cap); `caps` may be empty (no caps at all). Channels used by
    /// `flows` must carry no other flows than `flows` and `fixed`: the flows in `fixed` keep
    /// rates[f] and take it from every channel they cross before the filling starts (a
    /// continued filling: valid when every fixed rate is below every rate the filling gives,
    /// FlowSimulator::resolve). Rates never exceed any channel's capacity in total.
    void solve(const std::vector<int>& flows, const FlowPaths& paths, const std::vector<double>& caps,
               std::vector<double>& rates, const std::vector<int>& fixed = {});
    /// The same flows again with other caps: valid only right after solve() with the same
    /// `flows` and `paths` and no `fixed` flows. Reuses that call's per-channel flow lists
    /// instead of building them again (a capped second pass, FlowSimulator::resolve), with
    /// the same result as solve(flows, paths, caps, rates).
    void solveAgain(const std::vector<int>& flows, const FlowPaths& paths, const std::vector<double>& caps,
                    std::vector<double>& rates);
    /// The same with one vector of channels per flow.
    void solve(const std::vector<int>& flows, const std::vector<std::vector<int>>& paths,
               const std::vector<double>& caps, std::vector<double>& rates);

    [[nodiscard]] const std::vector<double>& capacity() const noexcept { return capacity_; }
    /// Frees the per-channel scratch of the solves (about 30 bytes per channel, and the last
    /// solve's flow lists), keeping capacity(): for a solver that will not solve again
    /// (FlowSimulator::releaseFlows). Solving afterwards is not allowed.
    void releaseScratch();

    static constexpr double kNoCap = std::numeric_limits<double>::infinity();

private:
    std::vector<double> capacity_;
    // Scratch, indexed by channel; sized once.
    std::vector<double> remaining_;
    std::vector<int> unfrozen_;
    std::vector<int> version_;
    std::vector<int> stamp_;
    std::vector<int> start_;   ///< CSR offsets into onChannel_ for local channels
    std::vector<int> length_;  ///< CSR block length per local channel
    std::vector<int> onChannel_;
    std::vector<int> local_;   ///< channel ids touched by this solve
    std::vector<char> frozen_; ///< indexed by position in `flows`
    int epoch_ = 0;
    /// Progressive filling over the flow lists solve() built (remaining_ and unfrozen_ set).
    void fill(const std::vector<int>& flows, const FlowPaths& paths, const std::vector<double>& caps,
              std::vector<double>& rates);
};

} // namespace model::sim
