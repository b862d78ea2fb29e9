// Host-issue floor of single-thread multi-GPU runs (host_issue.hpp).
#include "model/analysis/host_issue.hpp"

#include "model/analysis/calibration.hpp"

#include <cstdio>

namespace model::analysis {

double hostIssueFloorUs(int gpusPerThread) noexcept
{
    return gpusPerThread >= 2 ? gpusPerThread * calibration::kHostIssuePerGpuUs : 0.0;
}

void applyHostIssueFloor(CollectiveResult& r, int gpusPerThread)
{
    const double floorUs = hostIssueFloorUs(gpusPerThread);
    if (!(floorUs > r.time.inMicroseconds())) return;
    r.time = Duration::microseconds(floorUs);
    r.latency = r.time;
    r.algbw = Bandwidth::bytesPerSecond(r.bytes / (floorUs * 1e-6));
    r.busbw = r.algbw * busBandwidthFactor(r.op, r.gpus);
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "host-bound: one thread issues the collective on %d GPUs (nccl-tests -g %d), %.1f us per iteration at least",
                  gpusPerThread, gpusPerThread, floorUs);
    r.note = r.note.empty() ? std::string(buf) : std::string(buf) + "; GPU time: " + r.note;
}

} // namespace model::analysis
