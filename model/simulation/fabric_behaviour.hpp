#pragma once
/// @file fabric_behaviour.hpp
/// What a fabric does when more traffic is offered to a port than it can carry. Max-min sharing
/// (max_min.hpp) already gives every lossless fabric its behaviour; the two Ethernet cases
/// below turn into per-flow rate caps that a second max-min pass honours.
///
/// InfiniBand (FlowControl::Lossless): a sender may only transmit when the receiver has
/// advertised buffer credits (InfiniBand Architecture Specification vol. 1, link layer
/// flow control; Shanley, "InfiniBand Network Architecture", 2002, ch. 25). Nothing is
/// dropped: a congested port simply slows its senders to their fair share, which is exactly
/// the max-min rate. No cap.
///
/// Which ports can be overloaded. Only a switch's egress port queues packets it cannot
/// forward, so only channels leaving a switch carry FlowControl::Pfc or ::Lossy
/// (sim_graph.cpp). A host's own NIC egress (GPU -> NIC PCIe, NIC -> leaf) is a host queue:
/// several flows leaving one NIC simply share it, drop nothing and pause nobody.
///
/// A flow's offered rate ("demand") at a switch port. [eng] A sender offers what its own host
/// lets it send, whatever happens downstream: the max-min rate of the flow over the host part
/// of its path only (its channels up to and including the NIC -> first switch link), solved
/// together with every flow leaving the same GPUs and NICs, and at most the smallest capacity
/// on its whole path (so a lone flow's demand is unchanged). Reasons: (1) a NIC serves its
/// backlogged queue pairs in turn, so k flows leaving one 400G port offer about 1/k of it
/// each, not 400G each (before this rule every flow counted its path's full capacity, and
/// NCCL's double binary tree, with up to 4 flows per NIC, was judged to overload every
/// leaf -> NIC port it fans into); (2) downstream limits must NOT lower the demand: when the
/// receiving host's PCIe is slower than the port feeding it, the receiving NIC pauses that
/// port, the port's queue fills and it pauses its own ingress all the same, so the port is
/// still the congestion point. Switch-to-switch links upstream of the port count only by
/// capacity (their own overload is judged at their own egress).
///
/// Ethernet without PFC (FlowControl::Lossy): a port whose offered load (the sum of its flows'
/// demands) exceeds its capacity drops packets. The
/// senders' congestion control settles where the loss rate p makes the AIMD rate equal the fair
/// share s = C/n: Mathis et al. 1997 ("The macroscopic behavior of the TCP congestion avoidance
/// algorithm", CCR 27(3)): s = (MSS/RTT)·sqrt(3/(2p))  =>  p = 1.5·(MSS/(RTT·s))².
/// Losses also cost retransmission timeouts; the goodput with timeouts is the approximation of
/// Padhye, Firoiu, Towsley & Kurose 1998 ("Modeling TCP throughput", SIGCOMM, eq. 33, b = 1):
///     B(p) = MSS / ( RTT·sqrt(2p/3) + T0·min(1, 3·sqrt(3p/8))·p·(1 + 32p²) )
/// with T0 = SimulationOptions::retransmitTimeout. Because T0 >> RTT in a datacenter this is
/// the incast collapse of Phanishayee et al. (FAST 2008) and Vasudevan et al. (SIGCOMM 2009):
/// goodput falls far below the link rate. Every flow through the overloaded port is capped at
/// min over its lossy ports of B(p). [eng: the combination is ours; constants are the papers'.]
///
/// RoCEv2 with PFC (FlowControl::Pfc): lossless, but when a switch egress port is overloaded
/// (the demands of its flows add up to more than its capacity) the switch pauses (IEEE
/// 802.1Qbb) the ingress links feeding it, for every flow of the priority, not only the
/// congested ones: head-of-line blocking of "victim flows" (Zhu et al., "Congestion Control for
/// Large-Scale RDMA Deployments" (DCQCN), SIGCOMM 2015, section 2). Model [eng]: ingress link u
/// is unpaused a fraction φ_u = (rate the congested flows from u drain at) / (rate u would
/// offer them = min(C_u, their demand)). A victim flow on u (one that does not cross the
/// congested port) gets at most φ_u × the rate it sends at while u is unpaused: its demand
/// when u leaves a host NIC (the NIC feeds it no faster than its host share); when u leaves a
/// switch, the larger of its demand and its part of the capacity the congested flows leave on
/// u, C_u − min(C_u, their demand), split evenly among the victims, because that switch queues
/// the victim's bytes during the pause and drains them when u resumes. Consistent with the
/// demand rule: a sender whose link is half idle (a tree node with two flows whose peer has
/// four) is paused half the time at no cost to its other flow, and a spine link a tree flow
/// shares with a paused one has room to catch up. A genuine incast still fills the ingress and
/// leaves its victims φ_u × their demand.
/// DCQCN/ECN lowers how often PFC fires once it converges; this steady-state model ignores
/// that, so it bounds the harm from above. Pauses propagating further upstream (PFC storms)
/// are not modelled: the switch upstream of u holds a victim's backlog without pausing in turn.

#include "model/simulation/max_min.hpp"
#include "model/simulation/sim_graph.hpp"

#include <span>
#include <vector>

namespace model::sim {

/// Loss probability at which an AIMD sender's rate equals `shareBytesPerSecond` (Mathis 1997,
/// inverted), clamped to [0, 1]. @param rttSeconds round-trip time; @param mssBytes payload.
[[nodiscard]] double aimdLossRate(double shareBytesPerSecond, double rttSeconds, double mssBytes) noexcept;

/// PFTK goodput with timeouts, bytes per second (formula above); infinity when p <= 0.
[[nodiscard]] double pftkGoodput(double p, double rttSeconds, double rtoSeconds, double mssBytes) noexcept;

/// Inputs of one fabric-behaviour pass over a component of flows.
struct FabricView {
    const NetworkGraph* graph = nullptr;
    const FlowPaths* paths = nullptr;                          ///< per flow
    const std::vector<std::vector<int>>* onChannel = nullptr;  ///< active flows per channel
    /// per flow: rate it offers to a switch port (demand rule above), bytes/s
    const std::vector<double>* demand = nullptr;
    const std::vector<double>* rtt = nullptr;      ///< per flow, seconds
    const std::vector<double>* capacity = nullptr; ///< per channel, bytes/s
    double mssBytes = 4096;
    double rtoSeconds = 200e-6;
    bool pfcHeadOfLineBlocking = true;
};

/// Host part of a path: its channels up to and including the first one that enters a switch
/// (the sender's GPU -> NIC and NIC -> leaf hops); empty when the path meets no switch. A view
/// into `path` (no copy), valid as long as `path` is.
[[nodiscard]] std::span<const int> hostPrefix(const NetworkGraph& graph, std::span<const int> path);

/// True when some Pfc or Lossy channel among `channels` carries two or more flows whose
/// `demand` (bytes/s, per flow) adds up to more than its capacity. fabricCaps sets no cap
/// unless this holds; with an upper bound of the demand it is a cheap pre-check.
[[nodiscard]] bool anyOverloaded(const FabricView& view, const std::vector<int>& channels,
                                 const std::vector<double>& demand);

/// Computes rate caps for the flows of a component after a first max-min pass (`rates`).
/// Writes caps[f] for affected flows (others keep MaxMinSolver::kNoCap) and returns true when
/// any cap was set. `channels` are the component's channels.
bool fabricCaps(const FabricView& view, const std::vector<int>& flows, const std::vector<int>& channels,
                const std::vector<double>& rates, std::vector<double>& caps);

} // namespace model::sim
