#pragma once
/// @file rules_panel.hpp
/// Design-rule panel: one row per finding of model::topology::checkDesign (severity, rule,
/// explanation), recomputed a moment after the document changes. Activating a row emits
/// selectRequested with the node and link ids the finding concerns, so the window can select
/// them on the canvas. Waived findings are listed last, greyed, with their reason. To dock it:
///
///     auto* rules = new views::RulesPanel(doc_, this);
///     auto* rulesDock = new QDockWidget(tr("Design rules"), this);
///     rulesDock->setObjectName("rulesDock");
///     rulesDock->setWidget(rules);
///     addDockWidget(Qt::BottomDockWidgetArea, rulesDock);
///     connect(rules, &views::RulesPanel::selectRequested, scene_, /* select these ids */);

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/topology/rules.hpp"

#include <vector>

class QLabel;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace views {

class DesignDocument;

class RulesPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RulesPanel(DesignDocument* doc, QWidget* parent = nullptr);
    /// The report currently shown.
    [[nodiscard]] const model::topology::RuleReport& report() const { return report_; }
    /// Recomputes now (a change of the document schedules this after 150 ms).
    void refresh();
    /// Emits selectRequested for row `row` (as a double click does).
    void activateRow(int row);

signals:
    void selectRequested(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);

private:
    DesignDocument* doc_;
    model::topology::RuleReport report_;
    QTreeWidget* list_;
    QLabel* summary_;
    QTimer* timer_;
};

} // namespace views
