#pragma once
/// @file hidden_tab.hpp
/// Results panels that sit in a tab behind another (Bill of materials, Cost) keep the newest
/// snapshot and fill their widgets only when they are on screen: resetting tables and
/// re-measuring word-wrapped text of a hidden panel cost every edit a millisecond or more
/// (issue 11 item 7).

#include "model/results/results_snapshot.hpp"

#include <QWidget>

#include <memory>

namespace views {

/// Keeps `snapshot` in `shown` unless it is older than the one kept (a stale generation is
/// dropped; a null one changes nothing) and marks the widgets `behind`. @return true when the
/// panel is on screen now and should fill in (catch up) at once; a tab behind another stays
/// visible to Qt with an empty visible region, so that counts as hidden.
inline bool keepNewestSnapshot(std::shared_ptr<const model::ResultsSnapshot>& shown,
                               std::shared_ptr<const model::ResultsSnapshot> snapshot, bool& behind, const QWidget& panel)
{
    if (!snapshot || (shown && snapshot->generation < shown->generation)) return false;
    shown = std::move(snapshot);
    behind = true;
    return panel.isVisible() && !panel.visibleRegion().isEmpty();
}

} // namespace views
