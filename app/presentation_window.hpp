#pragma once
/// @file presentation_window.hpp
/// Presentation mode (View > Presentation Mode, F5) for demos: full screen, large type, one
/// design at a time with its canvas, key figures and charts. The arrow keys (and Page Up /
/// Page Down, as presenter remotes send) step through the slides: the design on the main
/// window first, then every template. The what-if controls (views/presentation) rebuild the
/// design on show and the charts follow while a slider moves. Esc leaves and the main window's
/// design is unchanged; Enter ("Keep This Design") hands the design on show to the main window
/// as one undoable edit.
///
/// The slide's design lives in a scratch Document with its own AnalysisWorker, the very
/// pipeline of the main window, so what the audience sees is what the designer computes.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/templates.hpp"
#include "model/topology/what_if.hpp"

#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QLabel;
class QPushButton;
class QScrollArea;

namespace views {
class CanvasScene;
class CanvasView;
class ChartsPanel;
class WhatIfPanel;
} // namespace views

namespace app {

class AnalysisWorker;
class Document;

class PresentationWindow final : public QWidget {
    Q_OBJECT
public:
    /// One slide: a design with its title and one-line description.
    struct Slide {
        model::Design design;
        QString title;
        QString description;
    };

    /// @param slides at least one; @param dark paint charts and canvas dark.
    PresentationWindow(std::shared_ptr<const model::Catalog> catalog, std::vector<Slide> slides, bool dark,
                       QWidget* parent = nullptr);
    ~PresentationWindow() override;

    /// The slides of a presentation: `current` (the main window's design) then every template.
    [[nodiscard]] static std::vector<Slide> slidesFor(const model::Design& current, const model::Catalog& catalog);

    [[nodiscard]] int slideIndex() const { return index_; }
    [[nodiscard]] int slideCount() const { return static_cast<int>(slides_.size()); }
    /// The design on show (the slide with the what-if variation applied).
    [[nodiscard]] const model::Design& design() const;
    [[nodiscard]] Document* document() const { return doc_; }
    [[nodiscard]] AnalysisWorker* worker() const { return worker_; }
    [[nodiscard]] views::ChartsPanel* charts() const { return charts_; }
    [[nodiscard]] views::WhatIfPanel* whatIf() const { return whatIf_; }
    [[nodiscard]] views::CanvasView* canvas() const { return canvas_; }
    /// The key figures line in large type ("256 GPUs · step 22.0 s · MFU 38.0 % ...").
    [[nodiscard]] QString figuresText() const;
    /// The message shown when a what-if combination cannot be built (empty when fine).
    [[nodiscard]] QString problemText() const;
    /// The type scale (times the desktop's font) of a presentation window of `size`: 1.6 on a
    /// 1600 x 1000 screen and larger, smaller down to 1280 x 720 (1.05 there, 1.2 at 1280 x 800)
    /// so the whole slide fits the screen with room for the canvas; never under the desktop's
    /// own size. In steps of 0.05. A screen under 1280 x 720 cannot hold the slide in any type:
    /// it gets the full 1.6 and the slide scrolls.
    [[nodiscard]] static double typeScaleFor(QSize size);
    /// The type scale in use (typeScaleFor the window's size).
    [[nodiscard]] double typeScale() const { return typeScale_; }

public slots:
    /// Shows slide `i` (wrapping around), with the template's own values in the controls.
    void showSlide(int i);
    void nextSlide() { showSlide(index_ + 1); }
    void previousSlide() { showSlide(index_ - 1); }
    /// Rebuilds the design on show with `w`.
    void applyWhatIf(const model::topology::WhatIf& w);
    /// Hands the design on show to the main window (keepRequested) and closes.
    void keep();

signals:
    /// The presenter keeps `design`: the main window takes it as one undoable edit.
    void keepRequested(const model::Design& design);
    /// The window closed (Esc, Enter or the close button).
    void finished();

protected:
    void keyPressEvent(QKeyEvent* e) override;
    /// Sets the type for the window's new size (typeScaleFor) and fits the slide to it.
    void resizeEvent(QResizeEvent* e) override;
    void closeEvent(QCloseEvent* e) override;
    /// Fits the design on show to the canvas again whenever the canvas changes size: the first
    /// slide was fitted before the window had its full-screen size (a sliver of a 176-node
    /// fabric), and the slide's page, in a scroll area, is laid out after the window's own
    /// resize (the design drawn a few pixels wide in a corner). Also fits the slide's page to
    /// the screen (fitPage) when the screen or the slide's content changes size.
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void showFigures();
    /// A word-wrapped label whose type is `scale` times the slide's (applyTypeScale keeps it so).
    QLabel* scaledLabel(double scale, bool bold = false);
    /// Sets every font of the slide to `scale` times the desktop's font.
    void applyTypeScale(double scale);
    /// Sizes the slide's page to the screen: exactly the screen when the page's smallest size at
    /// the screen's width fits (no scrolling, the canvas takes what is left), else its smallest
    /// size, scrolled. (QScrollArea's own resizing asks for the page's preferred height when
    /// wrapped labels make its height depend on its width: the page scrolled on every screen.)
    void fitPage();

    std::shared_ptr<const model::Catalog> catalog_;
    std::vector<Slide> slides_;
    int index_ = 0;
    bool refitQueued_ = false; ///< a zoomToFit is queued for the canvas's new size
    bool pageFitQueued_ = false; ///< a fitPage is queued for a change of the page's layout
    double typeScale_ = 0;       ///< type in use, times the desktop's font (0: none set yet)
    QFont baseFont_;             ///< the desktop's font, which typeScale_ multiplies
    /// Labels in their own size: each with its size relative to the slide's type.
    std::vector<std::pair<QLabel*, double>> scaledLabels_;
    QScrollArea* scroll_ = nullptr;
    QWidget* page_ = nullptr;
    Document* doc_;
    AnalysisWorker* worker_;
    views::CanvasScene* scene_;
    views::CanvasView* canvas_;
    views::ChartsPanel* charts_;
    views::WhatIfPanel* whatIf_;
    QLabel* title_;
    QLabel* description_;
    QLabel* step_;
    QLabel* figures_;
    QLabel* problem_;
};

} // namespace app
