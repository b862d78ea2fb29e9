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
#include <vector>

class QLabel;
class QPushButton;

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
    void closeEvent(QCloseEvent* e) override;
    /// Fits the design on show to the canvas again whenever the canvas changes size: the first
    /// slide was fitted before the window had its full-screen size (a sliver of a 176-node
    /// fabric), and the slide's page, in a scroll area, is laid out after the window's own
    /// resize (the design drawn a few pixels wide in a corner).
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void showFigures();

    std::shared_ptr<const model::Catalog> catalog_;
    std::vector<Slide> slides_;
    int index_ = 0;
    bool refitQueued_ = false; ///< a zoomToFit is queued for the canvas's new size
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
