#include "app/main_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/autosave.hpp"
#include "app/document.hpp"
#include "app/edit_controller.hpp"
#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "app/theme.hpp"
#include "model/design/part_counts.hpp"
#include "model/topology/rules.hpp"
#include "model/units/number_format.hpp"
#include "views/common/plural.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/mini_map.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/common/elided_label.hpp"
#include "views/palette/palette_widget.hpp"

#include <QCloseEvent>
#include <QGuiApplication>
#include <QDockWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QFileInfo>
#include <QLabel>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace app {

MainWindow::MainWindow(std::shared_ptr<const model::Catalog> catalog, QWidget* parent) : QMainWindow(parent)
{
    theme_ = new Theme(this); // first: every part below paints in its colours
    doc_ = new Document(std::move(catalog), this);
    scene_ = new views::CanvasScene(doc_, this);
    canvas_ = new views::CanvasView(scene_, this);
    setCentralWidget(canvas_);
    files_ = new FileController(this, doc_, canvas_, this);
    edit_ = new EditController(doc_, canvas_, this);
    worker_ = new AnalysisWorker(doc_, this);
    autosave_ = new Autosave(doc_, QString(), this);
    imports_ = new ImportController(this, doc_, this);
    imports_->setSaveDesign([this] { return files_->save(); });

    createDocks();
    createActions();

    // The design's counts and a message take the room left of the bottleneck and the zoom, each
    // shortened with "…" to it: QStatusBar::showMessage drew an import error under the bottleneck
    // label, cut mid-word.
    statusDesign_ = new views::ElidedLabel(this);
    statusDesign_->setObjectName(QStringLiteral("statusDesign"));
    statusMessage_ = new views::ElidedLabel(this);
    statusMessage_->setObjectName(QStringLiteral("statusMessage"));
    statusMessage_->hide();
    statusAnalysis_ = new QLabel(this);
    statusZoom_ = new QLabel(this);
    statusBar()->addWidget(statusDesign_, 1);
    statusBar()->addWidget(statusMessage_, 1);
    statusBar()->addPermanentWidget(statusAnalysis_);
    statusBar()->addPermanentWidget(statusZoom_);
    statusMessageTimer_ = new QTimer(this);
    statusMessageTimer_->setSingleShot(true);
    connect(statusMessageTimer_, &QTimer::timeout, this, [this] {
        statusMessage_->hide();
        statusDesign_->show();
    });

    // The results panels follow the worker's snapshots (main_window_docks.cpp); so does the
    // status bar: it counts nothing itself.
    connect(worker_, &AnalysisWorker::busyChanged, charts_, &views::ChartsPanel::setBusy);
    connect(worker_, &AnalysisWorker::snapshotReady, this, &MainWindow::updateStatus);
    connect(worker_, &AnalysisWorker::busyChanged, this, &MainWindow::updateStatus);
    connect(imports_, &ImportController::finished, this, [this](bool, const QString& summary) { showStatusMessage(summary, 10000); });
    connect(doc_, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(doc_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(doc_, &Document::designReset, this, &MainWindow::updateTitle);
    connect(doc_, &Document::changed, this, &MainWindow::updateTitle); // the design's name may change
    connect(canvas_, &views::CanvasView::zoomChanged, this,
            [this](double z) {
                // Three significant digits: "Zoom 100 %", "Zoom 6.25 %", never "Zoom 0 %" on a huge design.
                statusZoom_->setText(tr("Zoom %1 %").arg(QString::fromStdString(model::threeDigits(z * 100))));
            });

    connect(theme_, &Theme::changed, this, &MainWindow::applyTheme);
    if (theme_->isDark()) applyTheme(true);

    resize(1600, 1000);
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow()
{
    // The document goes first (children die in the order they were made) and its undo stack,
    // cleared as it dies, reports the design clean: the autosave must not take that for a save
    // and delete the copy of unsaved work (a window ended by a signal keeps it for recovery).
    QObject::disconnect(doc_, nullptr, autosave_, nullptr);
    QObject::disconnect(doc_->undoStack(), nullptr, autosave_, nullptr);
}

QAction* MainWindow::action(const QString& objectName) const { return findChild<QAction*>(objectName); }

void MainWindow::updateTitle()
{
    // An untitled design (new, or opened from a template) says so: Save will ask for a name.
    // A new design's default name already says it ("Untitled design", not "Untitled — Untitled design").
    const QString designName = QString::fromStdString(doc_->design().name);
    const QString name = !doc_->filePath().isEmpty() ? QFileInfo(doc_->filePath()).fileName()
                         : designName.startsWith(QStringLiteral("Untitled")) ? designName
                                                                              : tr("Untitled — %1").arg(designName);
    setWindowTitle(tr("%1[*] - Cluster Designer").arg(name));
    setWindowModified(doc_->isModified());
}

void MainWindow::updateStatus()
{
    const SnapshotPtr s = worker_->latest();
    if (s) {
        const model::PartCounts& c = s->counts;
        using views::countOf;
        QString text = QStringLiteral("%1, %2, %3, %4")
                           .arg(countOf(c.servers, QString::fromStdString(model::serverNoun(c.serverKind, 1)), QString::fromStdString(model::serverNoun(c.serverKind, 2))),
                                countOf(c.gpus, tr("GPU"), tr("GPUs")),
                                countOf(c.switches, tr("switch"), tr("switches")), countOf(static_cast<long long>(c.links), tr("link"), tr("links")));
        if (c.appliances > 0) text += QStringLiteral(", ") + countOf(c.appliances, tr("appliance"), tr("appliances"));
        statusDesign_->setFullText(text);
    }
    if (worker_->isBusy())
        statusAnalysis_->setText(tr("Analysing…"));
    else if (s && s->analysis) {
        QString text = tr("Bottleneck: %1").arg(views::ChartsPanel::bottleneckTitle(s->analysis->bottleneck.scope));
        // A design the rules find impossible says so beside its figures (helper-91: 101 ports on a
        // 64-port switch read "Compute-bound" with no sign of the 4 errors).
        if (const int errors = s->rules ? s->rules->count(model::topology::Severity::Error) : 0; errors > 0)
            text += tr(" · %1 (Design rules)").arg(views::countOf(errors, tr("rule error"), tr("rule errors")));
        statusAnalysis_->setText(text);
    }
    else
        statusAnalysis_->setText(tr("Analysis failed: see the charts panel"));
}

QString MainWindow::statusText() const { return statusDesign_->fullText() + QStringLiteral(" | ") + statusAnalysis_->text(); }

void MainWindow::showStatusMessage(const QString& text, int ms)
{
    statusMessage_->setFullText(text);
    statusDesign_->hide();
    statusMessage_->show();
    statusMessageTimer_->start(ms);
}

void MainWindow::applyTheme(bool dark)
{
    scene_->update();
    canvas_->viewport()->update();
    canvas_->miniMap()->renderNow();
    palette_->refreshIcons();
    charts_->setDark(dark);
}

void MainWindow::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::ThemeChange) theme_->desktopChanged();
    QMainWindow::changeEvent(e);
}

void MainWindow::restoreWindowLayout()
{
    QSettings settings;
    const QScreen* screen = this->screen();
    const QRect avail = screen ? screen->availableGeometry() : QRect(0, 0, 1600, 1000);
    // The window's minimum height is 749 px once the charts hold results (their legends and
    // algorithm table come with the first results, after this runs): below 800 px of screen
    // (a 1,280 x 720 laptop or projector) the charts scroll inside their dock, 667 px then.
    if (chartsScrollOn(avail.height())) scrollAnalysisCharts();
    const bool restored = restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (restored) restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    // A saved layout from a larger or detached screen: start over rather than open off screen.
    bool onScreen = false;
    for (const QScreen* s : QGuiApplication::screens())
        if (s->availableGeometry().intersects(frameGeometry())) onScreen = true;
    if (restored && onScreen) {
        fitInside(screenHolding(frameGeometry(), avail));
        fitOnShow_ = true; // again with the frame, once the window is shown
        return;
    }
    const QSize size = QSize(1600, 1000).boundedTo(avail.size() * 0.9);
    resize(size);
    move(avail.center() - QPoint(size.width() / 2, size.height() / 2));
}

void MainWindow::showEvent(QShowEvent* e)
{
    QMainWindow::showEvent(e);
    if (!fitOnShow_) return;
    fitOnShow_ = false;
    // Once the platform has framed the window (the next turn of the event loop).
    QTimer::singleShot(0, this, [this] {
        if (!isVisible() || isMaximized() || isFullScreen()) return;
        fitInside(screenHolding(frameGeometry(), screen() ? screen()->availableGeometry() : frameGeometry()));
    });
}

void MainWindow::fitInside(const QRect& avail)
{
    // The frame (title bar and borders, once the window has been shown) counts too.
    const QSize frame = frameGeometry().size() - size();
    const QSize most = (avail.size() - frame).expandedTo(minimumSizeHint());
    if (width() > most.width() || height() > most.height()) resize(size().boundedTo(most)); // a smaller screen now
    // Then moved, only as far as needed, so its right and bottom edges are on the screen too (it
    // was shrunk in place: at 1,280 x 720 after a 1,600 x 1,000 session it sat at (79, 49) with
    // both edges off the screen). A window larger than the screen keeps its top-left corner on it.
    const QRect f = frameGeometry();
    const int x = std::max(avail.left(), std::min(f.left(), avail.right() + 1 - f.width()));
    const int y = std::max(avail.top(), std::min(f.top(), avail.bottom() + 1 - f.height()));
    if (QPoint(x, y) != f.topLeft()) move(x, y);
}

QRect MainWindow::screenHolding(const QRect& frame, const QRect& fallback)
{
    QRect best = fallback;
    int most = -1;
    for (const QScreen* s : QGuiApplication::screens()) {
        const QRect shared = s->availableGeometry().intersected(frame);
        const int area = shared.isEmpty() ? 0 : shared.width() * shared.height();
        if (area > most) {
            most = area;
            best = s->availableGeometry();
        }
    }
    return most > 0 ? best : fallback;
}

void MainWindow::scrollAnalysisCharts()
{
    auto* dock = findChild<QDockWidget*>(QStringLiteral("chartsDock"));
    if (!dock || dock->widget() != charts_) return;
    auto* scroll = new QScrollArea(dock);
    scroll->setObjectName(QStringLiteral("chartsScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(charts_); // takes the charts out of the dock
    dock->setWidget(scroll);
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    if (files_->maybeSave()) {
        autosave_->discard(); // saved or knowingly discarded: nothing to recover next time
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
        e->accept();
    }
    else
        e->ignore();
}

} // namespace app
