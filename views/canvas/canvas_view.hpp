#pragma once
/// @file canvas_view.hpp
/// The canvas widget and its navigation habits (shared/design/UX.md):
/// - wheel: zoom around the point under the cursor (that point stays put), 15 % a notch;
/// - pan: middle-button drag, Space + left drag, or the arrow keys (a tenth of the view a
///   press, a half with Shift);
/// - zoom to fit (always the whole design, scroll bars to reach past it) and zoom to selection;
/// - a mini-map in the corner for designs larger than the view (views/canvas/mini_map.hpp);
/// - on a large design, draft quality while a zoom gesture is under way (cables drawn without
///   antialiasing) and one full-quality repaint kZoomSettleMs after its last step;
/// - context menus on items, links and empty canvas, filled with the window's actions
///   (setContextActions) plus the group and properties entries the canvas owns;
/// - drops from the palette, and the active tool (select or wire).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/design.hpp"

#include <QGraphicsView>
#include <QList>
#include <QTimer>

#include <cstddef>
#include <memory>

class QAction;
class QMenu;

namespace views {

class CanvasScene;
class CanvasTool;
class MiniMap;
class OverviewCache;
class OverviewLabels;
class NodeItem;
class PlaceTool;

class CanvasView final : public QGraphicsView {
    Q_OBJECT
public:
    enum class Tool { Select, Wire };
    /// Which context menu a list of actions belongs to.
    enum class MenuKind { Item, Link, Canvas };

    explicit CanvasView(CanvasScene* scene, QWidget* parent = nullptr);
    ~CanvasView() override;

    [[nodiscard]] CanvasScene* canvasScene() const { return scene_; }
    /// The picture a large design is painted from at overview zoom (overview_cache.hpp).
    [[nodiscard]] OverviewCache* overviewCache() const { return overview_.get(); }
    [[nodiscard]] PlaceTool* placeTool() const { return place_.get(); }
    [[nodiscard]] MiniMap* miniMap() const { return miniMap_; }
    [[nodiscard]] Tool tool() const { return toolKind_; }
    /// Current zoom factor (1 = 100 %).
    [[nodiscard]] double zoom() const;
    /// The node symbol under a viewport point, or nullptr.
    [[nodiscard]] NodeItem* nodeAt(QPoint viewportPos) const;
    /// The scene rectangle the viewport shows now.
    [[nodiscard]] QRectF visibleSceneRect() const;

    /// The window's actions shown in the context menu of `kind` (nullptr = separator).
    void setContextActions(MenuKind kind, QList<QAction*> actions);
    /// Scene position where the last context menu opened ("Paste Here").
    [[nodiscard]] QPointF contextScenePos() const { return contextPos_; }
    /// Builds the context menu for a click at viewport point `pos` (selecting what is under it
    /// first, as the menu acts on the selection); the caller owns the menu. For tests.
    [[nodiscard]] std::unique_ptr<QMenu> buildContextMenu(QPoint pos);

    /// Zooms by `factor` keeping the scene point under viewport point `anchor` where it is.
    void zoomAround(double factor, QPoint anchor);
    /// Scrolls the view by (dx, dy) viewport pixels.
    void panBy(int dx, int dy);
    /// Sets the zoom to `zoom` (1 = 100 %, clamped to 0.1 %..800 %) keeping the scene point at
    /// the viewport's centre where it is; emits zoomChanged like every other zoom.
    void setZoom(double zoom);

    /// Time after the last step of a zoom gesture at which a draft canvas is repainted at full
    /// quality, milliseconds (wheel notches and pinch steps come tens of ms apart).
    static constexpr int kZoomSettleMs = 150;
    /// True while the canvas paints in draft quality: a zoom on a design of at least
    /// zoomDraftMinElements() nodes plus links happened less than kZoomSettleMs ago (see
    /// canvas_style::setDraft for what draft leaves out and why).
    [[nodiscard]] bool zoomDraft() const { return zoomDraft_; }
    /// Fewest design nodes plus links for draft quality while zooming
    /// (OverviewCache::kMinElements unless a test sets it).
    [[nodiscard]] std::size_t zoomDraftMinElements() const { return zoomDraftMinElements_; }
    void setZoomDraftMinElements(std::size_t n) { zoomDraftMinElements_ = n; }
    /// Ends draft quality now, as the settle timer does: the whole canvas is repainted at full
    /// quality on the next update (nothing happens when it is not in draft).
    void finishZoomDraft();

public slots:
    void setTool(views::CanvasView::Tool tool);
    void zoomIn();
    void zoomOut();
    /// Fits the whole design in the view (never above 100 %), on any design, including right
    /// after a generate (groups and the scene rectangle are brought up to date first).
    void zoomToFit();
    /// Fits the selection (zoom to fit when nothing is selected), at most 200 %.
    void zoomToSelection();
    /// Shows or hides the mini-map (it also shows by itself only when the design is larger
    /// than the view).
    void setMiniMapEnabled(bool on);

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
    void keyReleaseEvent(QKeyEvent* e) override;
    void focusOutEvent(QFocusEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void scrollContentsBy(int dx, int dy) override;
    /// A large design at overview zoom is painted from one picture (overview_cache.hpp).
    void paintEvent(QPaintEvent* e) override;

private:
    void scaleBy(double factor);
    void fitRect(const QRectF& r, double maxZoom);
    void restoreCursor();
    void viewChanged();

    CanvasScene* scene_;
    std::unique_ptr<CanvasTool> select_;
    std::unique_ptr<CanvasTool> wire_;
    std::unique_ptr<PlaceTool> place_;
    CanvasTool* active_ = nullptr;
    Tool toolKind_ = Tool::Select;
    bool panning_ = false;         ///< a pan drag is under way
    Qt::MouseButton panButton_ = Qt::NoButton;
    bool spaceHeld_ = false;       ///< Space is down: a left drag pans
    QPoint panLast_;
    QList<QAction*> itemActions_, linkActions_, canvasActions_;
    QPointF contextPos_;
    MiniMap* miniMap_ = nullptr;
    std::unique_ptr<OverviewCache> overview_;
    std::unique_ptr<OverviewLabels> labels_; ///< names at overview zoom (overview_labels.hpp)
    bool viewMoved_ = false; ///< scrolled, zoomed or resized since the last paint
    bool zoomDraft_ = false; ///< painting in draft quality until zoomSettle_ fires
    std::size_t zoomDraftMinElements_;
    QTimer zoomSettle_;      ///< kZoomSettleMs after the last zoom step: finishZoomDraft
};

} // namespace views
