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
/// Ethernet without PFC (FlowControl::Lossy): a port whose offered load (each flow at the rate
/// it could reach without this port, its "demand") exceeds its capacity drops packets. The
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
/// RoCEv2 with PFC (FlowControl::Pfc): lossless, but when an egress port is overloaded (the
/// demands of its flows add up to more than its capacity) the
/// switch pauses (IEEE 802.1Qbb) the ingress links feeding it, for every flow of the priority,
/// not only the congested ones: head-of-line blocking of "victim flows" (Zhu et al., "Congestion
/// Control for Large-Scale RDMA Deployments" (DCQCN), SIGCOMM 2015, section 2). Model: ingress
/// link u is unpaused a fraction φ_u = (rate the congested flows from u drain at) / (rate u
/// would offer them = min(C_u, their demand)); a victim flow on u that does not cross the
/// congested port gets at most φ_u × its max-min rate. DCQCN/ECN lowers how often PFC fires
/// once it converges; this steady-state model ignores that, so it bounds the harm from above.
/// Pauses propagating further upstream (PFC storms) are not modelled.

#include "model/simulation/sim_graph.hpp"

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
    const std::vector<std::vector<int>>* paths = nullptr;      ///< per flow
    const std::vector<std::vector<int>>* onChannel = nullptr;  ///< active flows per channel
    const std::vector<double>* demand = nullptr;   ///< per flow: min channel capacity on its path, bytes/s
    const std::vector<double>* rtt = nullptr;      ///< per flow, seconds
    const std::vector<double>* capacity = nullptr; ///< per channel, bytes/s
    double mssBytes = 4096;
    double rtoSeconds = 200e-6;
    bool pfcHeadOfLineBlocking = true;
};

/// Computes rate caps for the flows of a component after a first max-min pass (`rates`).
/// Writes caps[f] for affected flows (others keep MaxMinSolver::kNoCap) and returns true when
/// any cap was set. `channels` are the component's channels.
bool fabricCaps(const FabricView& view, const std::vector<int>& flows, const std::vector<int>& channels,
                const std::vector<double>& rates, std::vector<double>& caps);

} // namespace model::sim
