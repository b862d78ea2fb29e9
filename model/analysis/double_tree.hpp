#pragma once
/// @file double_tree.hpp
/// NCCL's double binary tree over the servers of a communicator (src/graph/trees.cc,
/// ncclGetDtree, v2.30.7), and what its edges load onto a leaf's uplinks. The simulator builds
/// its tree schedules from doubleTreeParents (model/simulation/schedule_tree.cpp); the
/// analytical engine prices the tree traffic that leaves each leaf from the same edges
/// (comm_group.cpp), so both engines see the same trees.

#include <vector>

namespace model::analysis {

/// Parent of every position 0..k-1 in one of NCCL's two complementary binary trees (tree 0 or
/// 1), -1 for the root. Tree 0 is the in-order tree NCCL builds from the binary digits of the
/// rank (trees.cc): the parent of r, whose lowest set bit is b, is r - b when bit 2b of r is
/// set, else r + b, or r - b when r + b >= k; the root 0 has one child. Tree 1 is tree 0
/// mirrored (k even: then no rank is an inner node of both trees) or with the ranks shifted by
/// one (k odd), as NCCL does (trees.cc ncclGetDtree, v2.30.7); either way no rank has more than
/// 4 tree edges in the two trees together. @throws std::invalid_argument for k < 1 or a tree
/// other than 0 or 1.
[[nodiscard]] std::vector<int> doubleTreeParents(int k, int tree);

/// How much of NCCL's double binary tree leaves one set of positions (the servers behind one
/// leaf switch), in units of the busiest server's own tree traffic. Each tree edge carries the
/// same bytes each way in a pipelined tree all-reduce (reduce up, broadcast down), so a
/// server's NIC carries (its edges in both trees) x the edge rate and the busiest server, with
/// E edges (4, or up to 6 for the middle server of an odd count), sets that rate; the edges
/// with exactly one end in `inside` (C of them) cross the leaf's uplinks. @return C / E:
/// 0 when no edge crosses, 1 when the leaf's uplinks must carry one busiest server's worth
/// (a ring's load), 6 for the middle scalable unit of 128 servers in units of 43, 43 and 42.
/// `inside[p]` is true for the positions behind the leaf; its size is k (the servers, >= 1).
[[nodiscard]] double doubleTreeCrossingShare(const std::vector<char>& inside);

/// The most tree edges any position has in NCCL's two trees over k positions together (k >= 1):
/// 0 for one, 2 for two (one edge in each tree), 4 for most counts, up to 6 for the middle
/// position of an odd count (see doubleTreeParents). Each edge carries the same bytes out of
/// the position in a pipelined tree all-reduce (to the parent the reduction, to a child the
/// broadcast). @throws std::invalid_argument for k < 1.
[[nodiscard]] int doubleTreeMostEdges(int k);

/// Bytes the busiest GPU's own host link (PCIe) sends, per byte of a tree all-reduce, on a
/// server without NVLink, where every byte a GPU sends, to a GPU of its server or to a NIC,
/// crosses that link (GPUDirect RDMA: GPU -> PCIe -> NIC). The schedule is the simulator's
/// (model/simulation/schedule_tree.cpp, after NCCL's tree channels): `lanes` channels per tree
/// (one per NIC the node's ranks reach, at most one per rank), each carrying 1 / (2 lanes) of
/// the message; lane l's chain runs through the node's `ranksPerNode` ranks in order from its
/// head, the first rank on NIC l (rank ceil(l x ranksPerNode / lanes)), round to the rank
/// before it, each rank sending 2 chunk copies (reduce up, broadcast down) where it is inside
/// the chain and 1 at either end; the head also sends `mostEdges` (doubleTreeMostEdges) tree
/// edges' worth to other nodes through its NIC. E.g. 8 L40S on 4 NICs, 4 or more nodes:
/// 7/4 on the chain + 4/8 to the network = 2.25, where an NVLink server's chain bypasses PCIe.
/// Dimensionless (bytes per message byte), >= 0; 0 when ranksPerNode < 1 or lanes < 1.
[[nodiscard]] double treeHostLinkLoad(int ranksPerNode, int lanes, int mostEdges) noexcept;

} // namespace model::analysis
