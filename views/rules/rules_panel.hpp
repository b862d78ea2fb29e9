#pragma once
/// @file rules_panel.hpp
/// Design-rule panel: one row per finding of the newest results snapshot (severity, rule,
/// explanation; model::ResultsSnapshot::rules, computed off the UI thread by the app's
/// worker). Activating a row emits selectRequested with the node and link ids the finding
/// concerns, so the window can select them on the canvas. Waived findings are listed last,
/// greyed, with their reason. Computes nothing. To dock it:
///
///     auto* rules = new views::RulesPanel(this);
///     auto* rulesDock = new QDockWidget(tr("Design rules"), this);
///     rulesDock->setObjectName("rulesDock");
///     rulesDock->setWidget(rules);
///     addDockWidget(Qt::BottomDockWidgetArea, rulesDock);
///     connect(worker, &app::AnalysisWorker::snapshotReady, rules, &views::RulesPanel::showSnapshot);
///     connect(rules, &views::RulesPanel::selectRequested, scene_, /* select these ids */);

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/results/results_snapshot.hpp"

#include <cstdint>
#include <memory>
#include <vector>

class QLabel;
class QTreeWidget;

namespace views {

class RulesPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RulesPanel(QWidget* parent = nullptr);
    /// The report currently shown (empty before the first snapshot or when its rules failed).
    [[nodiscard]] const model::topology::RuleReport& report() const;
    /// Generation of the snapshot on screen (0 before the first one).
    [[nodiscard]] std::uint64_t shownGeneration() const;
    /// Emits selectRequested for row `row` (as a double click does).
    void activateRow(int row);

public slots:
    /// Lists the findings of `snapshot`, or why its rules could not be checked. Ignores null
    /// and snapshots older than the one on screen.
    /// While the panel is hidden (another bottom tab is raised) only the snapshot is kept;
    /// the rows and summary are filled by catchUp(), when the panel is shown again.
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);
    /// Fills the rows and summary from the newest snapshot, unless they show it already.
    void catchUp();

signals:
    void selectRequested(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);

protected:
    void showEvent(QShowEvent* e) override;

private:
    std::shared_ptr<const model::ResultsSnapshot> shown_;
    std::shared_ptr<const model::ResultsSnapshot> listed_; ///< the snapshot the rows were made from
    QTreeWidget* list_;
    QLabel* summary_;
};

} // namespace views
