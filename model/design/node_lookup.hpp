#pragma once
/// @file node_lookup.hpp
/// Finding a node of a design by what it is rather than by id: its name, its kind, its tier.
/// For tests, benchmarks and scripts that build a design and then need one of its nodes.

#include "model/design/design.hpp"

#include <functional>
#include <string_view>

namespace model {

/// The first node, in id order, for which `match` is true; 0 (never a node's id) when none.
/// O(nodes). Throws nothing itself; what `match` throws passes through.
[[nodiscard]] Id firstNode(const Design& design, const std::function<bool(const Node&)>& match);

/// The first node named `name`, in id order; 0 when none (names need not be unique).
[[nodiscard]] Id nodeNamed(const Design& design, std::string_view name);

} // namespace model
