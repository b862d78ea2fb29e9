#pragma once
/// @file mini_map.hpp
/// The mini-map: a small overview of the whole design in the canvas's bottom-right corner,
/// with a frame around the part the canvas shows. Clicking or dragging in it moves the canvas
/// there. It shows only while the design is larger than the view (and the user has not
/// turned it off in View > Mini-Map). The overview is a picture rendered once per burst of
/// changes (debounced), so panning and zooming a 2,048-server design only redraw the frame.

#include <QPixmap>
#include <QRectF>
#include <QTimer>
#include <QWidget>

namespace views {

class CanvasView;

class MiniMap final : public QWidget {
    Q_OBJECT
public:
    /// Largest size of the overview, device-independent pixels (a canvas 960 wide or more).
    static constexpr int kWidth = 240;
    static constexpr int kHeight = 150;
    /// Smallest width: the overview takes a quarter of the canvas's width, no less than this.
    static constexpr int kMinWidth = 120;

    /// The overview's size on a canvas viewport of `viewport`: a quarter of its width between
    /// kMinWidth and kWidth, at kWidth:kHeight (helper-89: at 1024 x 700 the full size hid much
    /// of a small canvas).
    [[nodiscard]] static QSize sizeFor(QSize viewport);

    explicit MiniMap(CanvasView* view);

    /// Turned on or off by the user (View > Mini-Map); on by default.
    void setUserEnabled(bool on);
    [[nodiscard]] bool userEnabled() const { return userEnabled_; }
    /// True when it is shown: enabled and the design does not fit in the view.
    [[nodiscard]] bool wanted() const;
    /// The scene rectangle the overview covers (the design bounds when last rendered).
    [[nodiscard]] QRectF sceneArea() const { return area_; }
    /// Maps a point of this widget to the scene, and back.
    [[nodiscard]] QPointF toScene(QPointF widgetPos) const;
    [[nodiscard]] QPointF toWidget(QPointF scenePos) const;

    /// The canvas moved or zoomed: redraw the frame, show or hide.
    void viewChanged();
    /// The design changed: re-render the overview soon.
    void sceneChanged();
    /// Re-renders the overview now.
    void renderNow();
    /// Keeps the widget in the bottom-right corner of the canvas's viewport (its parent), sized
    /// for it (sizeFor).
    void placeInCorner();

protected:
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    void centreViewAt(QPointF widgetPos);
    [[nodiscard]] QRectF target() const; ///< where the overview picture sits inside the widget

    CanvasView* view_;
    QPixmap picture_;
    QRectF area_;
    QTimer render_;
    /// Delay from a design edit to the overview's new picture, ms (longer for a design whose
    /// picture takes long to draw: ten times its drawing time, at most 5 s).
    static constexpr int kRenderDelayMs = 200;
    bool userEnabled_ = true;
};

} // namespace views
