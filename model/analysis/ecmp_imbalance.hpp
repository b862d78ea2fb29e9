#pragma once
/// @file ecmp_imbalance.hpp
/// What per-flow ECMP costs an all-to-all on an Ethernet fabric.
///
/// An Ethernet switch without adaptive routing hashes each flow (its 5-tuple; for RoCE the
/// UDP source port of the queue pair) onto one of its equal-cost uplinks. The flows of an
/// all-to-all are equal in size and start together, so each uplink carries the bytes of the
/// flows that happened to hash onto it, and the exchange ends when the busiest uplink has
/// drained: the uplink tier delivers mean / max of its even-split rate. InfiniBand does not
/// pay this: its subnet manager spreads destinations over the uplinks (D-mod-K) and adaptive
/// routing moves flows off busy ones.
///
/// Both engines make the same assumption about how many flows are in flight at once: at most
/// calibration::kAllToAllConcurrentFlows, the simulator's concurrent batches of strided peer
/// offsets (model/simulation/schedule_algorithms.hpp allToAllSchedule), one after another.

namespace model::analysis {

/// Expected load of the busiest of `links` equal links, over their mean load, when flows are
/// hashed onto them uniformly at random with `meanFlowsPerLink` flows per link on average
/// (balls into bins). Each link's count is taken as an independent Poisson variable of mean
/// lambda (Poissonization of balls into bins: Mitzenmacher and Upfal, "Probability and
/// Computing", 2005, sec. 5.4) and E[max] = sum over k >= 0 of 1 - F(k)^links, F the Poisson
/// CDF, summed numerically. For many flows per link it approaches 1 + sqrt(2 ln(links) /
/// lambda) (Raab and Steger, "Balls into bins: a simple and tight analysis", RANDOM 1998).
/// Examples: 295 flows per link over 288 links 1.171; 1,000 over 100 1.080; 5 over 100 2.28.
/// Dimensionless, >= 1; 1 when links < 2 or meanFlowsPerLink <= 0 (nothing to imbalance).
[[nodiscard]] double ecmpBusiestLinkFactor(double meanFlowsPerLink, double links) noexcept;

/// Batches the concurrent all-to-all of `groups` groups of `n` ranks is cut into, at most
/// `maxFlows` flows each: ceil(n (n - 1) groups / maxFlows), raised by one when even so that
/// the strided offsets of one batch reach every rail of a server of 2, 4 or 8 GPUs
/// (schedule_alltoall.cpp), between 1 and n - 1 (1 for n < 2). [eng]
[[nodiscard]] int allToAllBatches(int n, int groups, int maxFlows) noexcept;

} // namespace model::analysis
