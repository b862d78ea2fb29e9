#pragma once
/// @file tier_layout.hpp
/// Auto-layout in tiers (Arrange > Auto-Layout): places every node of any design, drawn by
/// hand or generated, in the rows of a fat tree, the same rows the generators use
/// (layout.hpp):
///
///   cores    y = -350   spread over the whole width, ordered by the spines they serve
///   spines   y =    0   spread over the whole width, ordered by the leaves they serve
///   leaves   y =  300   each over the servers it serves (barycentre), kept kSwitchMinPitch apart
///   servers  y =  650   one block per group (or rack), rows of up to 32, blocks side by side
///
/// A switch's row is its tier when it has one; a switch without a tier goes one row above the
/// lowest neighbour it is wired to (a switch wired to servers is a leaf). Unwired switches sit
/// in the leaf row. Qt-free; positions in scene units (1 unit = 1 px at 100 % zoom).

#include "model/design/design.hpp"

#include <map>

namespace model::topology {

/// New centre of every node of `d` (every id appears once). Never throws.
[[nodiscard]] std::map<Id, Point> tierLayout(const Design& d);

} // namespace model::topology
