#pragma once
/// @file link_heat.hpp
/// Puts a simulation's per-link utilisation on the canvas as heat (LinkItem::setHeat). The
/// values are the engine's (model::LinkUtilization): the peak or mean over the run, or the
/// utilisation of the series segment that holds a chosen instant. Nothing is computed here
/// beyond picking that segment.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QtGlobal>

#include "model/simulation/simulation.hpp"

#include <string>
#include <vector>

namespace views {

class CanvasScene;

/// Which of the engine's figures colours a link.
enum class HeatMeasure {
    Peak,   ///< LinkUtilization::peak, highest utilisation of either direction over the run
    Mean,   ///< LinkUtilization::mean, time-averaged over the run
    AtTime, ///< the series segment holding the chosen instant
};

/// Utilisation (0..1) of `link` at `t_s` seconds from the start: the segment with
/// start_s <= t_s < end_s (the last segment also holds its end), 0 outside every segment.
[[nodiscard]] double utilizationAt(const model::LinkUtilization& link, double t_s) noexcept;

/// The figure `measure` picks for `link` (0..1); `t_s` (seconds) is read for AtTime only.
[[nodiscard]] double heatValue(const model::LinkUtilization& link, HeatMeasure measure, double t_s) noexcept;

/// Colours every link of the scene's design: links of `result.links` with their heatValue,
/// the others with 0 (no traffic, grey). Links without a canvas item (unknown ids, links
/// hidden in a collapsed group) are skipped. @return the number of link items given heat.
int applyLinkHeat(CanvasScene& scene, const model::SimulationResult& result, HeatMeasure measure, double t_s);

/// Restores the normal link colours on every link item of the scene's design.
void clearLinkHeat(CanvasScene& scene);

/// Expands the collapsed server groups (CanvasScene::isCollapsed) that hold an end of a link
/// with traffic in `result`, so that each of those links shows its own heat instead of being
/// folded into a group bundle. @return the names of the groups it expanded, in name order.
std::vector<std::string> expandGroupsWithTraffic(CanvasScene& scene, const model::SimulationResult& result);

/// Collapses the groups `names` again (names the design no longer has are ignored).
void collapseGroups(CanvasScene& scene, const std::vector<std::string>& names);

} // namespace views
