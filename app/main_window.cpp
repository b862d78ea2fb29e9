#include "app/main_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/autosave.hpp"
#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/charts/charts_panel.hpp"

#include <QCloseEvent>
#include <QFileInfo>
#include <QLabel>
#include <QStatusBar>

namespace app {

MainWindow::MainWindow(std::shared_ptr<const model::Catalog> catalog, QWidget* parent) : QMainWindow(parent)
{
    doc_ = new Document(std::move(catalog), this);
    scene_ = new views::CanvasScene(doc_, this);
    canvas_ = new views::CanvasView(scene_, this);
    setCentralWidget(canvas_);
    files_ = new FileController(this, doc_, canvas_, this);
    worker_ = new AnalysisWorker(doc_, this);
    autosave_ = new Autosave(doc_, QString(), this);
    imports_ = new ImportController(this, doc_, this);

    createDocks();
    createActions();

    statusDesign_ = new QLabel(this);
    statusAnalysis_ = new QLabel(this);
    statusZoom_ = new QLabel(this);
    statusBar()->addWidget(statusDesign_, 1);
    statusBar()->addPermanentWidget(statusAnalysis_);
    statusBar()->addPermanentWidget(statusZoom_);

    // The results panels follow the worker's snapshots (main_window_docks.cpp); so does the
    // status bar: it counts nothing itself.
    connect(worker_, &AnalysisWorker::busyChanged, charts_, &views::ChartsPanel::setBusy);
    connect(worker_, &AnalysisWorker::snapshotReady, this, &MainWindow::updateStatus);
    connect(worker_, &AnalysisWorker::busyChanged, this, &MainWindow::updateStatus);
    connect(imports_, &ImportController::finished, this, [this](bool, const QString& summary) { statusBar()->showMessage(summary, 10000); });
    connect(doc_, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(doc_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(doc_, &Document::designReset, this, &MainWindow::updateTitle);
    connect(canvas_, &views::CanvasView::zoomChanged, this,
            [this](double z) { statusZoom_->setText(tr("Zoom %1 %").arg(qRound(z * 100))); });

    resize(1600, 1000);
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::updateTitle()
{
    const QString name = doc_->filePath().isEmpty() ? QString::fromStdString(doc_->design().name)
                                                    : QFileInfo(doc_->filePath()).fileName();
    setWindowTitle(tr("%1[*] - Cluster Designer").arg(name));
    setWindowModified(doc_->isModified());
}

void MainWindow::updateStatus()
{
    const SnapshotPtr s = worker_->latest();
    if (s) {
        const model::PartCounts& c = s->counts;
        QString text = tr("%1 servers, %2 GPUs, %3 switches, %4 links")
                           .arg(c.servers)
                           .arg(c.gpus)
                           .arg(c.switches)
                           .arg(c.links);
        if (c.appliances > 0) text += tr(", %n appliance(s)", nullptr, c.appliances);
        statusDesign_->setText(text);
    }
    if (worker_->isBusy())
        statusAnalysis_->setText(tr("Analysing…"));
    else if (s && s->analysis)
        statusAnalysis_->setText(tr("Bottleneck: %1").arg(views::ChartsPanel::bottleneckTitle(s->analysis->bottleneck.scope)));
    else
        statusAnalysis_->setText(tr("Analysis failed: see the charts panel"));
}

QString MainWindow::statusText() const { return statusDesign_->text() + QStringLiteral(" | ") + statusAnalysis_->text(); }

void MainWindow::closeEvent(QCloseEvent* e)
{
    if (files_->maybeSave()) {
        autosave_->discard(); // saved or knowingly discarded: nothing to recover next time
        e->accept();
    }
    else
        e->ignore();
}

} // namespace app
