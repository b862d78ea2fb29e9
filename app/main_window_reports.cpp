// File > Export Report and View > Compare Designs of the main window: both read the results
// snapshots of the analysis worker (nothing is computed here).
#include "app/main_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/compare_window.hpp"
#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/report/csv_export.hpp"
#include "views/common/file_suffix.hpp"
#include "app/report/reports.hpp"
#include "views/common/dialog_folders.hpp"

#include <QApplication>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTimer>

namespace app {

namespace {
/// Longest wait for the snapshot of the newest edit before an export gives up, milliseconds.
constexpr int kSnapshotWaitMs = 60000;
} // namespace

SnapshotPtr MainWindow::currentSnapshot()
{
    if (worker_->isBusy()) {
        // The report must show the design as it is now: wait for the run of the newest edit.
        QEventLoop loop;
        QTimer timeout;
        timeout.setSingleShot(true);
        connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
        connect(worker_, &AnalysisWorker::busyChanged, &loop, [&loop](bool busy) {
            if (!busy) loop.quit();
        });
        timeout.start(kSnapshotWaitMs);
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    return worker_->isBusy() ? nullptr : worker_->latest();
}

QString MainWindow::exportReportTo(const QString& path)
{
    const SnapshotPtr s = currentSnapshot();
    if (!s) return tr("The results of the latest edit are not ready yet; try again in a moment.");
    const model::compare::DesignResults r = model::compare::resultsFromSnapshot(*s, std::make_shared<const model::Design>(doc_->design()), doc_->filePath().toStdString());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    try {
        const QFileInfo info(path);
        if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
            (void)report::writeDesignCsv(r, info.absolutePath(), info.completeBaseName() + QLatin1Char('-'));
        else if (info.isDir())
            (void)report::writeDesignCsv(r, path);
        else
            error = report::writeReport(report::designReport(r, doc_->sharedCatalog()), path);
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    QApplication::restoreOverrideCursor();
    return error;
}

QString MainWindow::reportStartPath() const
{
    return views::dialog_folders::startPath(views::dialog_folders::Kind::Report, true,
                                            files_->suggestedBaseName() + QStringLiteral("-report.pdf"), doc_->filePath());
}

void MainWindow::exportReport()
{
    const QString filters = tr("PDF report (*.pdf);;HTML report, one file (*.html);;CSV data files (*.csv)");
    QString chosen;
    const QString path = views::withChosenSuffix(QFileDialog::getSaveFileName(this, tr("Export Report"), reportStartPath(), filters, &chosen),
                                                 filters, chosen); // "r2" with HTML chosen is r2.html
    if (path.isEmpty()) return;
    const QString error = exportReportTo(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export Report"), error);
    else views::dialog_folders::remember(views::dialog_folders::Kind::Report, path);
}

CompareWindow* MainWindow::showCompare()
{
    if (!compare_) {
        compare_ = new CompareWindow(doc_->sharedCatalog(), this);
        // The open design's column follows the worker's snapshots; the design is copied only
        // while the window is shown (a snapshot keeps no copy of it).
        connect(worker_, &AnalysisWorker::snapshotReady, compare_, [this](const SnapshotPtr& s) {
            if (compare_->isVisible()) compare_->setOpenDesign(s, std::make_shared<const model::Design>(doc_->design()), doc_->filePath());
        });
        compare_->setOpenDesign(worker_->latest(), std::make_shared<const model::Design>(doc_->design()), doc_->filePath());
        compare_->addOpenDesign();
    } else {
        // Closed (hidden) while the design was edited: its open-design column catches up.
        compare_->setOpenDesign(worker_->latest(), std::make_shared<const model::Design>(doc_->design()), doc_->filePath());
    }
    compare_->show();
    compare_->raise();
    compare_->activateWindow();
    return compare_;
}

} // namespace app
