#pragma once
/// @file link_defaults.hpp
/// The link the wire tool draws between two nodes when the user has not said more: one cable
/// at the rate both ends support (a server's compute-NIC speed, a switch's port speed; the
/// lower of the two), InfiniBand or Ethernet after the switch's (or NIC's) protocol, and the
/// next free port on each end (a server's next NIC index is its next rail).

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <optional>

namespace views {

/// Default link from node `a` to node `b` (id 0, to be assigned by the document).
/// @return nullopt when either node is missing or a == b.
[[nodiscard]] std::optional<model::Link> defaultLink(const model::Design& design, const model::Catalog& catalog,
                                                     model::Id a, model::Id b);

/// Default node placed from the palette: a unique name ("dgx-h100-33", "leaf-9"), leaf tier
/// for switches, position `at` (scene units).
[[nodiscard]] model::Node defaultNode(const model::Design& design, const model::Catalog& catalog,
                                      model::NodeKind kind, const std::string& catalogId, model::Point at);

} // namespace views
