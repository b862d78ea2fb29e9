#pragma once
/// @file inspector_panel.hpp
/// The inspector: shows the selected node or link (NodeEditor / LinkEditor), a summary for a
/// multiple selection, a hint when nothing is selected. Follows document changes by id.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/common/design_document.hpp"
#include "views/common/gpu_count_cache.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QStackedWidget;

namespace views {

class LinkEditor;
class ReflowLabel;
class NodeEditor;

class InspectorPanel final : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(DesignDocument* doc, QWidget* parent = nullptr);

    [[nodiscard]] NodeEditor* nodeEditor() const { return node_; }
    [[nodiscard]] LinkEditor* linkEditor() const { return link_; }

public slots:
    /// Shows the selection (ids from the canvas scene).
    void setSelection(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);

private:
    void refresh();

    DesignDocument* doc_;
    GpuCountCache gpus_; ///< the summary's GPU count (before every connection: see its file)
    QStackedWidget* stack_;
    ReflowLabel* summary_;
    NodeEditor* node_;
    LinkEditor* link_;
    std::vector<model::Id> nodes_;
    std::vector<model::Id> links_;
};

} // namespace views
