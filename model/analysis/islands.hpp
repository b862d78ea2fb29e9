#pragma once
/// @file islands.hpp
/// Islands of a drawn design: groups of servers that can reach each other over the drawn
/// cables (a server without a cabled compute NIC is an island of its own). One job (a
/// collective, a training run) runs inside one island, so the largest island bounds every
/// multi-GPU figure: the scaling curves and the "whole design" collectives stop at its GPU
/// count, never at the design's total.

#include <string>
#include <vector>

namespace model {

/// One island: its servers and their GPUs.
struct Island {
    int servers = 0;
    int gpus = 0;
    bool operator==(const Island&) const = default;
};

namespace analysis {

/// `islands` ordered largest first (most GPUs, then most servers; ties keep their order).
[[nodiscard]] std::vector<Island> largestFirst(std::vector<Island> islands);

/// Words for a design split into more than one island, e.g. "the design is split into 2
/// islands that cannot reach each other: 8 GPUs (1 server) and 8 GPUs (1 server); one job
/// reaches at most 8 of the 16 GPUs, so multi-node figures and the scaling curve stop at 8
/// GPUs". The six largest islands are named one by one, the rest summed. Empty for one
/// island or none.
[[nodiscard]] std::string splitDesignNote(const std::vector<Island>& islands);

/// GPU counts of `islands` as given (largest first from largestFirst), e.g. "16 + 8 + 4";
/// beyond six islands the rest as "+ 94 more". Empty for no island.
[[nodiscard]] std::string islandGpuList(const std::vector<Island>& islands);

} // namespace analysis
} // namespace model
