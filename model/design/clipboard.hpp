#pragma once
/// @file clipboard.hpp
/// Copy, paste and duplicate of part of a design (shared/design/STYLE.md item 2: the selection
/// travels as JSON). A copy holds the chosen nodes and every link whose two ends are both
/// among them, so pasting keeps the wiring between the copied items; links to nodes left
/// behind are dropped (a pasted server is not wired into the old fabric).
///
///     {"format": "cluster-designer-selection", "version": 1,
///      "nodes": [node JSON...], "links": [link JSON...]}
///
/// Pasting gives every item a fresh id, moves it by an offset, and renames what would clash:
/// "dgx-07" becomes the first free "dgx-NN" (same zero padding), other names get " 2", " 3".
/// Groups and racks that already exist in the target design are renamed the same way, so
/// 32 pasted servers form a new group "su-2" beside "su-1" instead of joining it. Qt-free.

#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_set>
#include <vector>

namespace model {

/// Format name of a copied selection.
inline constexpr const char* kSelectionFormat = "cluster-designer-selection";

/// The JSON of nodes `nodeIds` (unknown ids ignored) and of every link between two of them.
/// Links named in `linkIds` are included only when both their ends are copied too.
[[nodiscard]] nlohmann::json copySelection(const Design& d, const std::vector<Id>& nodeIds,
                                           const std::vector<Id>& linkIds = {});

/// What a paste adds: nodes and links with fresh ids (from d.peekNextId() upward), names,
/// groups and racks that do not clash with `d`, positions moved by `offset` (scene units).
struct PastePlan {
    std::vector<Node> nodes;
    std::vector<Link> links;
};

/// Plans pasting `selection` (from copySelection) into `d`; `d` itself is not changed.
/// @throws InputError (file "<clipboard>", entry "nodes[i]"/"links[i]", field) when the JSON is
/// not a copied selection, and when a link names a node the selection does not hold.
[[nodiscard]] PastePlan planPaste(const Design& d, const nlohmann::json& selection, Point offset);

/// The first name of the form `name` that `taken` does not hold: "dgx-07" -> "dgx-33" when
/// dgx-01 .. dgx-32 are taken (zero padding kept), "leaf" -> "leaf 2". Never throws.
[[nodiscard]] std::string uniqueName(const std::string& name, const std::unordered_set<std::string>& taken);

} // namespace model
