#pragma once
/// @file arrange.hpp
/// Align and distribute (Arrange menu): new centres for a set of boxes. A box is whatever the
/// canvas moves as one piece: a node, or a collapsed group card whose members move together.
/// Sizes come from the caller (the canvas knows how big it draws things); the result is in
/// the same scene units. Qt-free.
///
///   align left:      |[a]        align centre (h):   [a]      distribute (h):  [a]  [b]  [c]
///                    |[bbbb]                        [bbbb]     equal gaps between neighbours,
///                    |[cc]                           [cc]      the outermost two stay put

#include "model/design/design.hpp"

#include <vector>

namespace model {

/// One movable piece: `key` is the caller's handle (a node id, or an index), `centre` its
/// centre and `width`/`height` its size, scene units.
struct ArrangeBox {
    Id key = 0;
    Point centre;
    double width = 0.0;
    double height = 0.0;
};

enum class Alignment { Left, HCenter, Right, Top, VCenter, Bottom };
enum class Distribution { Horizontal, Vertical };

/// Centres after aligning `boxes` on the chosen edge or centre line of their common
/// bounding box (left edges to the leftmost left edge, and so on). Boxes keep their order;
/// fewer than two boxes come back unchanged. Never throws.
[[nodiscard]] std::vector<ArrangeBox> align(std::vector<ArrangeBox> boxes, Alignment how);

/// Centres after distributing `boxes` with equal gaps between neighbours along one axis,
/// the first and last (by position) staying where they are. When the boxes overlap too much
/// to leave a gap, they are spread with equal centre spacing instead. Fewer than three
/// boxes come back unchanged. Never throws.
[[nodiscard]] std::vector<ArrangeBox> distribute(std::vector<ArrangeBox> boxes, Distribution how);

} // namespace model
