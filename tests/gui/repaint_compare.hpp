#pragma once
// The canvas as it is on screen (a picture Qt scrolled, with only the uncovered strips
// repainted) beside a full repaint of the same widget: used by the pan test (test_canvas_habits)
// and by bench_gui to check that partial repaints show what a full repaint shows.
#include <QGuiApplication>
#include <QImage>
#include <QPoint>
#include <QRegion>
#include <QScreen>
#include <QWidget>
#include <QWindow>

#include <utility>

namespace guitest {

/// The pixels of `widget` as shown on its screen and a full repaint of it at the same size,
/// both RGB32 device pixels. The first is null when the screen cannot be read (platforms
/// without grabWindow, e.g. offscreen).
inline std::pair<QImage, QImage> shownAndRepainted(QWidget* widget)
{
    const QPoint at = widget->mapTo(widget->window(), QPoint(0, 0));
    const QImage shown = widget->window()
                             ->screen()
                             ->grabWindow(widget->window()->winId(), at.x(), at.y(), widget->width(), widget->height())
                             .toImage()
                             .convertToFormat(QImage::Format_RGB32);
    QImage full(shown.size(), QImage::Format_RGB32);
    full.setDevicePixelRatio(shown.devicePixelRatio());
    widget->render(&full, QPoint(), QRegion(), QWidget::DrawWindowBackground);
    return {shown, full};
}

} // namespace guitest
