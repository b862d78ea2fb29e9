#pragma once
/// @file collective_predict.hpp
/// Picks the algorithm for one collective on a placed group, as NCCL does (the fastest of
/// the algorithms it implements for that operation), or the one the caller forces.

#include "model/analysis/analysis.hpp"
#include "model/analysis/comm_group.hpp"

#include <string>

namespace model::analysis {

/// Predicts `op` of `bytes` bytes (nccl-tests size) on group `g`. `algorithm` Auto = fastest
/// of autoCandidates(); otherwise that algorithm.
/// @throws std::invalid_argument for a negative or non-finite size, an algorithm the analytical
///         engine does not model, or a forced algorithm that cannot run on this group (the
///         reason in words).
[[nodiscard]] CollectiveResult predictOnGroup(const CommGroup& g, CollectiveOp op, double bytes,
                                              Algorithm algorithm);

} // namespace model::analysis
