#include "app/presentation_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/document.hpp"
#include "app/template_library.hpp"
#include "model/analysis/memory_fit.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/common/plural.hpp"
#include "views/presentation/what_if_panel.hpp"
#include "views/common/step_text.hpp"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScreen>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace app {

namespace {
/// Presentation type on a 1600 x 1000 screen and larger: this many times the desktop's font.
constexpr double kTypeScale = 1.6;
/// The screen that type is made for; a smaller one gets smaller type (typeScaleFor).
constexpr double kTypeScreenWidth = 1600.0;
constexpr double kTypeScreenHeight = 1000.0;
/// The smallest screen the whole slide fits without scrolling.
constexpr QSize kFitScreen(1280, 720);
/// A screen this share of 1600 x 1000 would get the desktop's own type (1280 x 720 is 0.72).
constexpr double kSmallestScreen = 0.7;
/// The charts' type, relative to the slide's.
constexpr double kChartTypeScale = 0.8;
} // namespace

double PresentationWindow::typeScaleFor(QSize size)
{
    // Below 1280 x 720 the slide does not fit in any type: it scrolls, in the full type.
    if (size.width() < kFitScreen.width() || size.height() < kFitScreen.height()) return kTypeScale;
    // From about the desktop's type at 1280 x 720 (the charts need their height there and the
    // canvas gets the rest: 160 px at 1.05 against 100 px at 1.15) up to the full presentation
    // type at 1600 x 1000, in proportion between.
    const double fit = std::min(size.width() / kTypeScreenWidth, size.height() / kTypeScreenHeight);
    const double share = std::clamp((fit - kSmallestScreen) / (1.0 - kSmallestScreen), 0.0, 1.0);
    const double scale = 1.0 + (kTypeScale - 1.0) * share;
    return std::round(scale * 20.0) / 20.0; // steps of 0.05: a few pixels more or less keep the type
}

QLabel* PresentationWindow::scaledLabel(double scale, bool bold)
{
    auto* l = new QLabel(this);
    QFont f; // only the size and the weight: the family and the rest come from the window
    f.setBold(bold);
    l->setFont(f);
    l->setWordWrap(true);
    scaledLabels_.emplace_back(l, scale);
    return l;
}

std::vector<PresentationWindow::Slide> PresentationWindow::slidesFor(const model::Design& current, const model::Catalog& catalog)
{
    std::vector<Slide> slides;
    slides.push_back({current, tr("This design"), QString::fromStdString(current.name)});
    for (const auto& t : availableTemplates(catalog)) {
        try {
            slides.push_back({model::loadDesign(t.path), QString::fromStdString(t.title), QString::fromStdString(t.description)});
        } catch (const std::exception&) {
            // a template that cannot be read is left out of the show (File > New from Template says why)
        }
    }
    return slides;
}

PresentationWindow::PresentationWindow(std::shared_ptr<const model::Catalog> catalog, std::vector<Slide> slides, bool dark,
                                       QWidget* parent)
    : QWidget(parent, Qt::Window), catalog_(std::move(catalog)), slides_(std::move(slides))
{
    setObjectName(QStringLiteral("presentation"));
    setWindowTitle(tr("Cluster Designer - Presentation"));
    setAttribute(Qt::WA_DeleteOnClose, false);
    baseFont_ = font();

    doc_ = new Document(catalog_, this);
    scene_ = new views::CanvasScene(doc_, this);
    canvas_ = new views::CanvasView(scene_, this);
    canvas_->setInteractive(false); // look, pan and zoom; no editing during a demo
    worker_ = new AnalysisWorker(doc_, this);
    charts_ = new views::ChartsPanel(this);
    charts_->setDark(dark);
    canvas_->setFocusPolicy(Qt::NoFocus); // the arrow keys step slides, they do not pan
    canvas_->installEventFilter(this); // the view, not its viewport: scroll bars shown by a zoom must not refit
    setFocusPolicy(Qt::StrongFocus);
    whatIf_ = new views::WhatIfPanel(this);

    title_ = scaledLabel(1.5, true);
    description_ = scaledLabel(1.0);
    step_ = scaledLabel(0.8);
    step_->setAlignment(Qt::AlignRight | Qt::AlignTop);
    figures_ = scaledLabel(1.15, true);
    problem_ = scaledLabel(0.9);
    problem_->setStyleSheet(QStringLiteral("color: #d9534f;"));
    auto* keepButton = new QPushButton(tr("Keep This Design (Enter)"), this);
    auto* leaveButton = new QPushButton(tr("Leave (Esc)"), this);
    keepButton->setFocusPolicy(Qt::NoFocus);
    leaveButton->setFocusPolicy(Qt::NoFocus);

    // The slide is laid out on a page inside a scroll area: on a screen smaller than the slide's
    // minimum (under 1280 x 720) it scrolls instead of failing to go full screen with the window
    // larger than the screen. From 1280 x 720 up the page is the screen's size (fitPage).
    page_ = new QWidget(this);
    page_->setObjectName(QStringLiteral("presentationPage"));
    auto* col = new QVBoxLayout(page_);
    col->setContentsMargins(24, 16, 24, 12);
    auto* head = new QHBoxLayout;
    auto* titles = new QVBoxLayout;
    titles->addWidget(title_);
    titles->addWidget(description_);
    head->addLayout(titles, 1);
    auto* side = new QVBoxLayout;
    side->addWidget(step_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(keepButton);
    buttons->addWidget(leaveButton);
    side->addLayout(buttons);
    head->addLayout(side);
    col->addLayout(head);
    col->addWidget(figures_);
    col->addWidget(problem_);
    auto* body = new QHBoxLayout;
    body->addWidget(canvas_);
    // The canvas takes what the title, the charts and the what-if row leave (fitPage holds the
    // charts at the height they need); its own preferred 600 px would squeeze the charts.
    canvas_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    col->addLayout(body, 1);
    col->addWidget(charts_);
    col->addWidget(whatIf_);
    scroll_ = new QScrollArea(this);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setFocusPolicy(Qt::NoFocus); // the arrow keys step slides
    scroll_->setWidgetResizable(false);   // fitPage sizes the page
    scroll_->setWidget(page_);
    scroll_->viewport()->installEventFilter(this);
    page_->installEventFilter(this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll_);
    applyTypeScale(typeScaleFor(screen() ? screen()->geometry().size() : QSize(1600, 1000)));

    connect(worker_, &AnalysisWorker::snapshotReady, charts_, &views::ChartsPanel::showSnapshot);
    connect(worker_, &AnalysisWorker::busyChanged, charts_, &views::ChartsPanel::setBusy);
    connect(worker_, &AnalysisWorker::snapshotReady, this, &PresentationWindow::showFigures);
    connect(whatIf_, &views::WhatIfPanel::changed, this, &PresentationWindow::applyWhatIf);
    connect(keepButton, &QPushButton::clicked, this, &PresentationWindow::keep);
    connect(leaveButton, &QPushButton::clicked, this, &QWidget::close);
    showSlide(0);
}

PresentationWindow::~PresentationWindow() = default;

const model::Design& PresentationWindow::design() const { return doc_->design(); }

void PresentationWindow::showSlide(int i)
{
    const int n = slideCount();
    index_ = ((i % n) + n) % n;
    const Slide& s = slides_[static_cast<std::size_t>(index_)];
    title_->setText(s.title);
    description_->setText(s.description);
    step_->setText(tr("%1 / %2 · ← → step · Esc leave").arg(index_ + 1).arg(n));
    problem_->clear();
    whatIf_->setChoices(model::topology::whatIfChoices(s.design, *catalog_), *catalog_);
    doc_->newDesign(s.design);
    canvas_->zoomToFit();
}

void PresentationWindow::applyWhatIf(const model::topology::WhatIf& w)
{
    const Slide& s = slides_[static_cast<std::size_t>(index_)];
    try {
        doc_->newDesign(model::topology::applyWhatIf(s.design, *catalog_, w));
        problem_->clear();
    } catch (const std::exception& e) {
        // Say why this combination cannot be built; the last design that could stays on show.
        problem_->setText(tr("This combination cannot be built: %1").arg(QString::fromStdString(e.what())));
        return;
    }
    canvas_->zoomToFit();
}

void PresentationWindow::showFigures()
{
    const auto snapshot = worker_->latest();
    if (!snapshot || !snapshot->analysis) {
        figures_->clear();
        return;
    }
    const model::DesignAnalysis* a = &*snapshot->analysis;
    QString text = tr("%1 in %2").arg(views::countOf(a->gpus, tr("GPU"), tr("GPUs")), views::countOf(a->nodes, tr("server"), tr("servers")));
    if (a->hasStep && model::memoryOverflowWarning(a->warnings))
        text += tr(" · %1 does not fit in GPU memory").arg(QString::fromStdString(a->step.workload));
    else if (a->hasStep)
        text += QStringLiteral(" · ") + views::stepSummary(a->step);
    text += tr(" · bottleneck: %1").arg(views::ChartsPanel::bottleneckTitle(a->bottleneck.scope));
    figures_->setText(text);
}

QString PresentationWindow::figuresText() const { return figures_->text(); }

QString PresentationWindow::problemText() const { return problem_->text(); }

void PresentationWindow::keep()
{
    emit keepRequested(doc_->design());
    close();
}

void PresentationWindow::keyPressEvent(QKeyEvent* e)
{
    switch (e->key()) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        nextSlide();
        return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        previousSlide();
        return;
    case Qt::Key_Escape:
        close();
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        keep();
        return;
    default: break;
    }
    QWidget::keyPressEvent(e);
}

void PresentationWindow::applyTypeScale(double scale)
{
    typeScale_ = scale;
    QFont f = baseFont_;
    f.setPointSizeF(baseFont_.pointSizeF() * scale);
    setFont(f);
    for (const auto& [l, relative] : scaledLabels_) {
        QFont lf = l->font();
        lf.setPointSizeF(baseFont_.pointSizeF() * scale * relative);
        l->setFont(lf);
    }
    charts_->setTypeScale(scale * kChartTypeScale);
}

void PresentationWindow::resizeEvent(QResizeEvent* e)
{
    const double scale = typeScaleFor(e->size());
    if (scale != typeScale_) applyTypeScale(scale);
    QWidget::resizeEvent(e);
}

void PresentationWindow::fitPage()
{
    const QSize area = scroll_->viewport()->size();
    // The charts as tall as their axis titles, legends and algorithm table need at their width
    // (at 1600 x 1000 an even split with the canvas had left the busbw plot 80 px tall, too short
    // for its axis title "busbw, ..."); the canvas takes the rest.
    const int chartsNeed = std::max(charts_->minimumSizeHint().height(), charts_->layout()->totalMinimumHeightForWidth(charts_->width()));
    if (charts_->maximumHeight() != chartsNeed) charts_->setMaximumHeight(chartsNeed);
    QLayout* l = page_->layout();
    l->activate();
    const int width = std::max(area.width(), l->totalMinimumSize().width());
    // Wrapped labels and the charts' legends need their height at this width, not at the
    // narrower one their minimum size assumes; neither may come under the minimum size.
    const int height = std::max({area.height(), l->totalMinimumSize().height(), l->totalMinimumHeightForWidth(width)});
    if (page_->size() != QSize(width, height)) page_->resize(width, height);
}

bool PresentationWindow::eventFilter(QObject* watched, QEvent* e)
{
    if (!scroll_ || !page_) return QWidget::eventFilter(watched, e); // still being built
    if ((watched == scroll_->viewport() && e->type() == QEvent::Resize) ||
        (watched == page_ && e->type() == QEvent::LayoutRequest && !pageFitQueued_)) {
        if (watched == page_) {
            pageFitQueued_ = true; // after the page's own layout has taken the request
            QTimer::singleShot(0, this, [this] {
                pageFitQueued_ = false;
                fitPage();
            });
        } else {
            fitPage();
        }
    }
    if (watched == canvas_ && e->type() == QEvent::Resize && !refitQueued_) {
        refitQueued_ = true; // once per burst of resizes
        QTimer::singleShot(0, this, [this] {
            refitQueued_ = false;
            canvas_->zoomToFit();
        });
    }
    return QWidget::eventFilter(watched, e);
}

void PresentationWindow::closeEvent(QCloseEvent* e)
{
    QWidget::closeEvent(e);
    emit finished();
}

} // namespace app
