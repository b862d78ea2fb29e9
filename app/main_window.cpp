#include "app/main_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/autosave.hpp"
#include "app/document.hpp"
#include "app/file_controller.hpp"
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

    createDocks();
    createActions();

    statusDesign_ = new QLabel(this);
    statusAnalysis_ = new QLabel(this);
    statusZoom_ = new QLabel(this);
    statusBar()->addWidget(statusDesign_, 1);
    statusBar()->addPermanentWidget(statusAnalysis_);
    statusBar()->addPermanentWidget(statusZoom_);

    connect(worker_, &AnalysisWorker::analysisReady, charts_, &views::ChartsPanel::showAnalysis);
    connect(worker_, &AnalysisWorker::analysisFailed, charts_, &views::ChartsPanel::showError);
    connect(worker_, &AnalysisWorker::sweepsReady, charts_, &views::ChartsPanel::showSweeps);
    connect(worker_, &AnalysisWorker::busyChanged, charts_, &views::ChartsPanel::setBusy);
    connect(worker_, &AnalysisWorker::analysisReady, this, &MainWindow::updateStatus);
    connect(worker_, &AnalysisWorker::analysisFailed, this, &MainWindow::updateStatus);
    connect(worker_, &AnalysisWorker::busyChanged, this, &MainWindow::updateStatus);
    connect(doc_, &Document::changed, this, &MainWindow::updateStatus);
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
    const model::Design& d = doc_->design();
    int servers = 0, appliances = 0, switches = 0;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind == model::NodeKind::Switch) ++switches;
        else if (const model::ServerSpec* s = doc_->catalog().server(n.model); s && s->isAppliance()) ++appliances;
        else ++servers;
    }
    QString text = tr("%1 servers, %2 GPUs, %3 switches, %4 links")
                       .arg(servers)
                       .arg(d.gpuCount(doc_->catalog()))
                       .arg(switches)
                       .arg(d.links().size());
    if (appliances > 0) text += tr(", %n appliance(s)", nullptr, appliances);
    statusDesign_->setText(text);
    if (worker_->isBusy())
        statusAnalysis_->setText(tr("Analysing…"));
    else if (auto a = worker_->latest())
        statusAnalysis_->setText(tr("Bottleneck: %1").arg(views::ChartsPanel::bottleneckTitle(a->bottleneck.scope)));
    else
        statusAnalysis_->setText(tr("Analysis failed: see the charts panel"));
}

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
