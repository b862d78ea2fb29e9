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
    [[nodiscard]] BomTableModel* tableModel() const { return model_; }
    /// Generation of the snapshot on screen (0 before the first one).
    [[nodiscard]] std::uint64_t shownGeneration() const;

public slots:
    /// Shows the BOM of `snapshot`, or why it could not be counted. Ignores null and
    /// snapshots older than the one on screen.
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);

private:
    std::shared_ptr<const model::ResultsSnapshot> shown_;
    BomTableModel* model_;
    QTableView* table_;
    QLabel* summary_;
};

} // namespace views
