#pragma once
/// @file bom_panel.hpp
/// Bill-of-materials panel: a QTableView over BomTableModel plus a summary line (power in
/// kW, rack units, racks) and the cable reach rule, for the BOM of the newest results
/// snapshot (model::ResultsSnapshot::bom, computed off the UI thread by the app's worker).
/// Computes nothing. To dock it in the main window:
///
///     auto* bom = new views::BomPanel(this);
///     auto* bomDock = new QDockWidget(tr("Bill of materials"), this);
///     bomDock->setObjectName("bomDock");
///     bomDock->setWidget(bom);
///     addDockWidget(Qt::BottomDockWidgetArea, bomDock);
///     connect(worker, &app::AnalysisWorker::snapshotReady, bom, &views::BomPanel::showSnapshot);

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/results/results_snapshot.hpp"

#include <cstdint>
#include <memory>

class QLabel;
class QTableView;

namespace views {

class BomTableModel;

class BomPanel final : public QWidget {
    Q_OBJECT
public:
    explicit BomPanel(QWidget* parent = nullptr);
    /// The BOM currently shown (empty before the first snapshot).
    [[nodiscard]] const model::topology::Bom& bom() const;
    /// The table's model, filled with the newest snapshot's BOM (also while the panel is
    /// hidden behind another tab).
    [[nodiscard]] BomTableModel* tableModel() const;
    /// The summary line under the table (power, rack units, racks, reach rule), newest snapshot.
    [[nodiscard]] QString summaryText() const;
    /// Generation of the snapshot on screen (0 before the first one).
    [[nodiscard]] std::uint64_t shownGeneration() const;

public slots:
    /// Shows the BOM of `snapshot`, or why it could not be counted. Ignores null and
    /// snapshots older than the one on screen.
    /// While the panel is hidden (another bottom tab is raised) only the snapshot is kept;
    /// the table and summary are filled by catchUp(), when the panel is shown again.
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);
    /// Fills the table and summary from the newest snapshot, unless they show it already.
    void catchUp();

protected:
    void showEvent(QShowEvent* e) override;

private:
    bool behind_ = false; ///< the table and summary show an older snapshot than shown_
    std::shared_ptr<const model::ResultsSnapshot> shown_;
    BomTableModel* model_;
    QTableView* table_;
    QLabel* summary_;
};

} // namespace views
