// Host-issue floor of single-thread multi-GPU runs (host_issue.hpp).
#include "model/analysis/host_issue.hpp"

#include "model/analysis/calibration.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace model::analysis {

double hostIssueFloorUs(int gpusPerThread) noexcept
{
    return gpusPerThread >= 2 ? gpusPerThread * calibration::kHostIssuePerGpuUs : 0.0;
}

void applyHostIssueFloor(CollectiveResult& r, int gpusPerThread)
{
    if (gpusPerThread < 1)
        throw std::invalid_argument("GPUs per thread (nccl-tests -g N) must be at least 1, got " + std::to_string(gpusPerThread));
    if (r.gpus > 0 && gpusPerThread > r.gpus)
        throw std::invalid_argument("GPUs per thread (nccl-tests -g N) is " + std::to_string(gpusPerThread) + ", more than the " +
                                    std::to_string(r.gpus) + " GPUs of the run: one thread drives at most every GPU of the run");
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
