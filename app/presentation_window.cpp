#include "app/presentation_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/document.hpp"
#include "app/template_library.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/units/number_format.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/common/plural.hpp"
#include "views/presentation/what_if_panel.hpp"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

namespace app {

namespace {
/// Presentation type: this many times the desktop's font.
constexpr double kTypeScale = 1.6;

QLabel* label(QWidget* parent, double scale, bool bold = false)
{
    auto* l = new QLabel(parent);
    QFont f = parent->font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(bold);
    l->setFont(f);
    l->setWordWrap(true);
    return l;
}
} // namespace

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
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * kTypeScale);
    setFont(big);

    doc_ = new Document(catalog_, this);
    scene_ = new views::CanvasScene(doc_, this);
    canvas_ = new views::CanvasView(scene_, this);
    canvas_->setInteractive(false); // look, pan and zoom; no editing during a demo
    worker_ = new AnalysisWorker(doc_, this);
    charts_ = new views::ChartsPanel(this);
    charts_->setDark(dark);
    charts_->setTypeScale(kTypeScale * 0.8);
    canvas_->setFocusPolicy(Qt::NoFocus); // the arrow keys step slides, they do not pan
    canvas_->installEventFilter(this); // the view, not its viewport: scroll bars shown by a zoom must not refit
    setFocusPolicy(Qt::StrongFocus);
    whatIf_ = new views::WhatIfPanel(this);

    title_ = label(this, 1.5, true);
    description_ = label(this, 1.0);
    step_ = label(this, 0.8);
    step_->setAlignment(Qt::AlignRight | Qt::AlignTop);
    figures_ = label(this, 1.15, true);
    problem_ = label(this, 0.9);
    problem_->setStyleSheet(QStringLiteral("color: #d9534f;"));
    auto* keepButton = new QPushButton(tr("Keep This Design (Enter)"), this);
    auto* leaveButton = new QPushButton(tr("Leave (Esc)"), this);
    keepButton->setFocusPolicy(Qt::NoFocus);
    leaveButton->setFocusPolicy(Qt::NoFocus);

    // The slide is laid out on a page inside a scroll area: full screen on a screen smaller than
    // the slide's minimum (a 1280 x 720 projector, large type) scrolls instead of failing to go
    // full screen with the window wider than the screen.
    auto* page = new QWidget(this);
    auto* col = new QVBoxLayout(page);
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
    body->addWidget(canvas_, 2);
    // The charts get the larger share: at 1600 x 1000 an even split left the busbw plot 80 px
    // tall, too short for its axis title ("busbw, ...").
    col->addLayout(body, 2);
    col->addWidget(charts_, 3);
    col->addWidget(whatIf_);
    auto* scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus); // the arrow keys step slides
    scroll->setWidgetResizable(true);
    scroll->setWidget(page);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

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
        text += tr(" · step %1 · MFU %2 · %3 tokens/s")
                    .arg(QString::fromStdString(model::formatSeconds(a->step.stepS)),
                         QString::fromStdString(model::formatPercent(a->step.mfu)),
                         QString::fromStdString(model::formatCount(a->step.tokensPerSecond)));
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

bool PresentationWindow::eventFilter(QObject* watched, QEvent* e)
{
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
