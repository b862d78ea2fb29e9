#pragma once
/// @file training_comm.hpp
/// The communication of one training step as a sequence of collectives (CommPhase) for
/// simulateTrainingStep, with the same volumes the analytical engine uses
/// (model/analysis/training.cpp; engine_formulas.md section 10). Rank order is Megatron's
/// tp, dp, pp (tensor-parallel ranks adjacent, data-parallel peers tp apart, pipeline stages
/// tp x dp apart).
///
/// - Tensor parallel (10.2): per layer per micro-batch 4 all-reduces of b·s·h activation bytes
///   (+2 with full recompute), groups of tp adjacent ranks; with sequence parallelism each is a
///   reduce-scatter plus an all-gather of the same size. Occurrences: micro-batches x layers
///   per stage x collectives.
/// - Pipeline (10.3): at a stage boundary b·s·h/tp bytes go forward and come back per micro-batch
///   and virtual stage, 2·v·m blocking transfers on the critical path; simulated between the
///   first two stages as a 2-rank all-gather (each side sends the bytes once).
/// - Data parallel (10.4): one all-reduce of the rank's gradient shard, params/(tp·pp) x bytes
///   per gradient (2 for BF16/FP8, 4 for FP32), groups of dp ranks tp apart. With a sharded
///   optimizer the reduce-scatter + all-gather moves the same bytes, so the all-reduce stands
///   for it. No overlap with compute: this is the communication alone.

#include "model/analysis/training.hpp"
#include "model/simulation/simulation.hpp"

#include <vector>

namespace model {

/// Phases of one step of `cfg` (TP, then PP, then DP; phases with nothing to send are left out).
/// @throws std::invalid_argument when global batch is not a multiple of dp x micro-batch or a
///         size is not positive.
[[nodiscard]] std::vector<CommPhase> trainingStepPhases(const analysis::TrainingConfig& cfg);

} // namespace model
