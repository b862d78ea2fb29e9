#pragma once
/// @file bom_panel.hpp
/// Bill-of-materials panel: a QTableView over BomTableModel plus a summary line (power in
/// kW, rack units, racks) and the cable reach rule. It recomputes the BOM (model::topology::
/// computeBom) a moment after the document changes (single-shot timer, so a drag or a
/// generated fabric recomputes once). To dock it in the main window:
///
///     auto* bomDock = new QDockWidget(tr("Bill of materials"), this);
///     bomDock->setObjectName("bomDock");
///     bomDock->setWidget(new views::BomPanel(doc_, bomDock));
///     addDockWidget(Qt::BottomDockWidgetArea, bomDock);

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/topology/bom.hpp"

class QLabel;
class QTableView;
class QTimer;

namespace views {

class BomTableModel;
class DesignDocument;

class BomPanel final : public QWidget {
    Q_OBJECT
public:
    explicit BomPanel(DesignDocument* doc, QWidget* parent = nullptr);
    /// The BOM currently shown.
    [[nodiscard]] const model::topology::Bom& bom() const { return bom_; }
    [[nodiscard]] BomTableModel* tableModel() const { return model_; }
    /// Recomputes now (the change signal schedules this after 150 ms).
    void refresh();

private:
    DesignDocument* doc_;
    model::topology::Bom bom_;
    BomTableModel* model_;
    QTableView* table_;
    QLabel* summary_;
    QTimer* timer_;
};

} // namespace views
