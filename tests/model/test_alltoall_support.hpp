#pragma once
// The 1 GiB all-to-all request the simulator's all-to-all and flow-budget tests share.
#include "model/analysis/analysis.hpp"

#include <string>

namespace testsupport {

/// 1 GiB (2^30 bytes) all-to-all over `gpus` GPUs with `algorithm` (parseAlgorithm's names;
/// empty = auto). @throws std::invalid_argument for an unknown algorithm name.
inline model::CollectiveRequest allToAllGiB(int gpus, const std::string& algorithm = {})
{
    model::CollectiveRequest r;
    r.op = model::CollectiveOp::AllToAll;
    r.bytes = 1024.0 * 1024.0 * 1024.0;
    r.gpus = gpus;
    r.algorithm = model::parseAlgorithm(algorithm);
    return r;
}

} // namespace testsupport
