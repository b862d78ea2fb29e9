// All-to-all schedules: NCCL's concurrent "direct" exchange and the synchronized "pairwise"
// rounds (collective_schedule.hpp, schedule_algorithms.hpp).
#include "model/simulation/schedule_algorithms.hpp"

#include "model/analysis/ecmp_imbalance.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

namespace model::sim {

namespace {

/// The transfers of peer offset `r` (rank i -> rank i + r mod n) of every group, S/n bytes each.
void appendOffset(ScheduledPhase& p, const Groups& groups, int r, double bytesPerPeer)
{
    const int n = static_cast<int>(groups.front().size());
    for (std::size_t gi = 0; gi < groups.size(); ++gi)
        for (int i = 0; i < n; ++i)
            p.transfers.push_back({groups[gi][static_cast<std::size_t>(i)],
                                   groups[gi][static_cast<std::size_t>((i + r) % n)], bytesPerPeer,
                                   scheduleKey(gi, static_cast<std::uint64_t>(r), static_cast<std::uint64_t>(i)), {}});
}

} // namespace

Schedule allToAllSchedule(const Groups& groups, double bytes, const SimulationOptions& o, bool pairwise)
{
    Schedule s;
    const int n = static_cast<int>(groups.front().size());
    const double perPeer = bytes / n;
    // Each phase's transfers are built when the engine simulates it (ScheduledPhase::generate),
    // from one shared copy of the groups: only one batch or round exists at a time.
    const auto shared = std::make_shared<const Groups>(groups);
    if (pairwise) {
        s.algorithm = Algorithm::Pairwise;
        for (int r = 1; r < n; ++r) {
            ScheduledPhase p;
            p.label = "pairwise all-to-all round";
            p.generate = [shared, r, perPeer] {
                ScheduledPhase round;
                round.transfers.reserve(shared->size() * shared->front().size());
                appendOffset(round, *shared, r, perPeer);
                return std::move(round.transfers);
            };
            s.phases.push_back(std::move(p));
        }
        s.note = std::to_string(n - 1) + " synchronized pairwise rounds (rank i sends to i+r in round r)";
        return s;
    }
    s.algorithm = Algorithm::Direct;
    const int batches = analysis::allToAllBatches(n, static_cast<int>(groups.size()), o.maxConcurrentFlows);
    // Batch b holds the offsets r = b+1, b+1+B, b+1+2B, ...: strided, so each batch mixes near
    // peers (same server, NVLink) and far ones (other servers, NICs) as the whole exchange does.
    for (int b = 0; b < batches; ++b) {
        ScheduledPhase p;
        p.label = "concurrent all-to-all";
        p.generate = [shared, b, batches, n, perPeer] {
            ScheduledPhase batch;
            // One allocation for the batch's transfers (1,024 ranks in one batch: a million),
            // not a doubling vector's copies and fresh pages.
            const std::size_t offsets = n - 1 > b ? static_cast<std::size_t>((n - 2 - b) / batches + 1) : 0;
            batch.transfers.reserve(offsets * shared->size() * static_cast<std::size_t>(n));
            for (int r = b + 1; r < n; r += batches) appendOffset(batch, *shared, r, perPeer);
            return std::move(batch.transfers);
        };
        s.phases.push_back(std::move(p));
    }
    s.note = batches == 1
                 ? "all " + std::to_string(n - 1) + " peers of every rank exchanged at once (NCCL posts every "
                   "send/recv inside one group; no barrier between peers)"
                 : "peers exchanged in " + std::to_string(batches) + " concurrent batches of strided offsets, at most " +
                       std::to_string(o.maxConcurrentFlows) + " flows each (SimulationOptions::maxConcurrentFlows)";
    return s;
}

} // namespace model::sim
