#pragma once
/// @file groups.hpp
/// Groups of identical servers (Node::group, e.g. the 32 DGX H100 of one scalable unit) as
/// the canvas shows them collapsed: one item labelled "DGX H100 x32" and, for every other
/// node they are wired to, one bundle whose count is the cables between the group and it.
///
///     [leaf-1 (rail 0)]  [leaf-2 (rail 1)] ...        [leaf-1]    [leaf-2]  ...
///       |  |  |  |         |  |  |  |          ->        \32         /32
///     dgx-01 dgx-02 ... dgx-32                          [ DGX H100 x32 ]
///
/// Qt-free: the canvas (views/canvas) draws what this computes and expands a group on demand.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <optional>
#include <string>
#include <vector>

namespace model::topology {

/// One group of servers as drawn collapsed.
struct NodeGroup {
    std::string name;          ///< the Node::group value, e.g. "su-1"
    std::string label;         ///< "DGX H100 x32" (catalog name, or model id, and member count);
                               ///< "mixed x5" when the members differ in model
    std::vector<Id> members;   ///< node ids, ascending
    Point topLeft, bottomRight;///< bounding box of the members' positions, scene units
    int gpus = 0;              ///< GPUs over all members (catalog counts)
};

/// A collapsed bundle: every link between a group's members and one outside node.
struct GroupBundle {
    std::string group;         ///< NodeGroup::name
    Id outside = 0;            ///< the node outside the group
    std::vector<Id> links;     ///< the links folded into the bundle, ascending
    long long cables = 0;      ///< sum of their counts: the number drawn on the bundle
};

/// Every group with at least two members, in name order. Nodes with an empty group are
/// left out. Never throws.
[[nodiscard]] std::vector<NodeGroup> groupsOf(const Design& d, const Catalog& catalog);

/// Group `name` made of `members` (node ids, ascending, each a node of `d` whose Node::group
/// is `name`) exactly as groupsOf reports it: label, bounding box, GPU count. Used by the
/// canvas to re-derive only the groups an edit touched. std::nullopt when fewer than two
/// members are given or one of them is not in `d`. Never throws.
[[nodiscard]] std::optional<NodeGroup> groupFromMembers(const Design& d, const Catalog& catalog, const std::string& name,
                                                        const std::vector<Id>& members);

/// The bundles between group `g` and the nodes outside it (links inside the group are
/// left out), in order of the outside node's id.
[[nodiscard]] std::vector<GroupBundle> bundlesOf(const Design& d, const NodeGroup& g);

} // namespace model::topology
