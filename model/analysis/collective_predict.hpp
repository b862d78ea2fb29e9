#pragma once
/// @file collective_predict.hpp
/// Picks the algorithm for one collective on a placed group, as NCCL does (the fastest of
/// the algorithms it implements for that operation), or the one the caller forces.

#include "model/analysis/analysis.hpp"
#include "model/analysis/comm_group.hpp"

#include <string>

namespace model::analysis {

/// Predicts `op` of `bytes` bytes (nccl-tests size) on group `g`. `algorithm` empty or
/// "auto" = fastest of autoCandidates(); otherwise that algorithm.
/// @throws std::invalid_argument for a negative or non-finite size, an unknown algorithm
///         name, or a forced algorithm that cannot run on this group (the reason in words).
[[nodiscard]] CollectiveResult predictOnGroup(const CommGroup& g, CollectiveOp op, double bytes,
                                              const std::string& algorithm);

/// Names accepted by --algo: auto, ring, tree, nvls, nvls_tree, sharp, hierarchical, pairwise.
[[nodiscard]] const std::vector<std::string>& algorithmNames();

} // namespace model::analysis
