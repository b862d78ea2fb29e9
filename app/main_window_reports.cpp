// File > Export Report and View > Compare Designs of the main window.
#include "app/main_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/compare_window.hpp"
#include "app/document.hpp"
#include "app/report/csv_export.hpp"
#include "app/report/reports.hpp"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace app {

namespace {
/// The results of the design as it is now (every part, cost included).
model::compare::DesignResults currentResults(const Document& doc)
{
    const auto prices = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    return model::compare::computeDesignResults(std::make_shared<const model::Design>(doc.design()), doc.catalog(), prices, {},
                                                doc.filePath().toStdString());
}
} // namespace

QString MainWindow::exportReportTo(const QString& path)
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    try {
        const model::compare::DesignResults r = currentResults(*doc_);
        if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) || QFileInfo(path).isDir())
            (void)report::writeDesignCsv(r, QFileInfo(path).isDir() ? path : QFileInfo(path).absolutePath(),
                                         QFileInfo(path).isDir() ? QString() : QFileInfo(path).completeBaseName() + QLatin1Char('-'));
        else
            error = report::writeReport(report::designReport(r, doc_->sharedCatalog()), path);
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    QApplication::restoreOverrideCursor();
    return error;
}

void MainWindow::exportReport()
{
    const QString base = doc_->filePath().isEmpty() ? QStringLiteral("design") : QFileInfo(doc_->filePath()).completeBaseName();
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), base + QStringLiteral("-report.pdf"),
                                                      tr("PDF report (*.pdf);;HTML report, one file (*.html);;CSV data files (*.csv)"), &filter);
    if (path.isEmpty()) return;
    const QString error = exportReportTo(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export Report"), error);
}

CompareWindow* MainWindow::showCompare()
{
    if (!compare_) {
        compare_ = new CompareWindow(doc_->sharedCatalog(), [this] { return std::make_pair(doc_->design(), doc_->filePath()); }, this);
        compare_->addDesign(doc_->design(), doc_->filePath());
    }
    compare_->show();
    compare_->raise();
    compare_->activateWindow();
    return compare_;
}

} // namespace app
