#pragma once
/// @file canvas_view.hpp
/// The canvas widget: wheel zoom around the cursor, middle-mouse pan, zoom to fit, Delete key,
/// context menu on items, drops from the palette, and the active tool (select or wire).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/design.hpp"

#include <QGraphicsView>

#include <memory>

namespace views {

class CanvasScene;
class CanvasTool;
class NodeItem;
class PlaceTool;

class CanvasView final : public QGraphicsView {
    Q_OBJECT
public:
    enum class Tool { Select, Wire };

    explicit CanvasView(CanvasScene* scene, QWidget* parent = nullptr);
    ~CanvasView() override;

    [[nodiscard]] CanvasScene* canvasScene() const { return scene_; }
    [[nodiscard]] PlaceTool* placeTool() const { return place_.get(); }
    [[nodiscard]] Tool tool() const { return toolKind_; }
    /// Current zoom factor (1 = 100 %).
    [[nodiscard]] double zoom() const;
    /// The node symbol under a viewport point, or nullptr.
    [[nodiscard]] NodeItem* nodeAt(QPoint viewportPos) const;

public slots:
    void setTool(views::CanvasView::Tool tool);
    void zoomIn();
    void zoomOut();
    /// Fits the whole design in the view (never above 100 %).
    void zoomToFit();

signals:
    void zoomChanged(double zoom);
    /// The user asked for the properties of the selection (context menu).
    void propertiesRequested();

protected:
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void scaleBy(double factor);

    CanvasScene* scene_;
    std::unique_ptr<CanvasTool> select_;
    std::unique_ptr<CanvasTool> wire_;
    std::unique_ptr<PlaceTool> place_;
    CanvasTool* active_ = nullptr;
    Tool toolKind_ = Tool::Select;
    bool panning_ = false;
    QPoint panLast_;
};

} // namespace views
