#include "app/compare_window.hpp"

#include "app/report/csv_export.hpp"
#include "app/report/reports.hpp"
#include "views/common/dialog_folders.hpp"
#include "views/common/file_suffix.hpp"
#include "views/compare/design_compare_view.hpp"

#include <QDir>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMessageBox>
#include <QShortcut>
#include <QThread>
#include <QVBoxLayout>

namespace app {

CompareWindow::CompareWindow(std::shared_ptr<const model::Catalog> catalog, QWidget* parent)
    : QWidget(parent, Qt::Window), catalog_(std::move(catalog))
{
    setWindowTitle(tr("Compare Designs"));
    setObjectName(QStringLiteral("compareWindow"));
    view_ = new views::DesignCompareView(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(view_);
    // A window of its own: closed by its Close button, Esc or Ctrl+W (it had none of them).
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setObjectName(QStringLiteral("compareButtons"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QWidget::close);
    layout->addWidget(buttons);
    for (const QKeySequence& keys : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W)}) {
        auto* shortcut = new QShortcut(keys, this);
        connect(shortcut, &QShortcut::activated, this, &QWidget::close);
    }
    resize(1200, 900);
    try {
        prices_ = std::make_shared<const model::cost::PriceTable>(model::cost::loadPriceTable(model::cost::bundledPricesPath()));
    } catch (const std::exception& e) {
        pricesError_ = QString::fromStdString(e.what());
    }
    connect(view_, &views::DesignCompareView::addFileRequested, this, &CompareWindow::chooseFile);
    connect(view_, &views::DesignCompareView::addOpenDesignRequested, this, &CompareWindow::addOpenDesign);
    connect(view_, &views::DesignCompareView::removeRequested, this, &CompareWindow::removeDesign);
    connect(view_, &views::DesignCompareView::exportReportRequested, this, &CompareWindow::chooseReportFile);
    connect(view_, &views::DesignCompareView::exportCsvRequested, this, &CompareWindow::chooseCsvFolder);
    refresh();
}

CompareWindow::~CompareWindow()
{
    // Each thread owns copies of what it reads; wait for them so none outlives its receiver.
    for (QThread* t : findChildren<QThread*>()) t->wait();
}

bool CompareWindow::isBusy() const { return running_ > 0; }

bool CompareWindow::addDesign(const model::Design& design, const QString& file)
{
    if (static_cast<int>(entries_.size()) >= kMaxDesigns || !prices_) {
        view_->setMessage(prices_ ? tr("At most %1 designs can be compared; remove one first.").arg(kMaxDesigns) : pricesError_);
        return false;
    }
    model::compare::ResultOptions options;
    // Every design trains the first design's workload, so the training runs compare; a first
    // design whose workload cannot be read (its column says why) sets none.
    if (!entries_.empty() && entries_.front().results && entries_.front().results->analysis &&
        entries_.front().results->analysis->workloadError.empty() && !entries_.front().results->design->analysis.contains("model"))
        options.workload = entries_.front().results->analysis->workload;
    entries_.push_back({nextId_++, file.isEmpty() ? tr("open design") : file, nullptr, {}});
    auto shared = std::make_shared<const model::Design>(design);
    const std::string name = file.toStdString();
    start(entries_.back(), [shared, catalog = catalog_, prices = prices_, options, name] {
        return model::compare::computeDesignResults(shared, *catalog, *prices, options, name);
    });
    refresh();
    return true;
}

bool CompareWindow::addOpenDesign()
{
    for (const Entry& e : entries_)
        if (e.live) {
            view_->setMessage(tr("The open design is already compared; its column follows your edits."));
            return false;
        }
    if (static_cast<int>(entries_.size()) >= kMaxDesigns) {
        view_->setMessage(tr("At most %1 designs can be compared; remove one first.").arg(kMaxDesigns));
        return false;
    }
    Entry e;
    e.id = nextId_++;
    e.file = openFile_.isEmpty() ? tr("open design") : openFile_;
    e.live = true;
    if (openSnapshot_ && openDesign_) e.results = std::make_shared<const model::compare::DesignResults>(model::compare::resultsFromSnapshot(*openSnapshot_, openDesign_, openFile_.toStdString()));
    entries_.push_back(std::move(e));
    refresh();
    return true;
}

void CompareWindow::setOpenDesign(std::shared_ptr<const model::ResultsSnapshot> snapshot, std::shared_ptr<const model::Design> design,
                                  const QString& file)
{
    if (!snapshot || !design) return;
    openSnapshot_ = std::move(snapshot);
    openDesign_ = std::move(design);
    openFile_ = file;
    for (Entry& e : entries_)
        if (e.live && openSnapshot_) {
            e.file = openFile_.isEmpty() ? tr("open design") : openFile_;
            e.results = std::make_shared<const model::compare::DesignResults>(model::compare::resultsFromSnapshot(*openSnapshot_, openDesign_, openFile_.toStdString()));
            refresh();
        }
}

bool CompareWindow::addFile(const QString& path)
{
    // The same file twice compares nothing, and its identical curves hide each other
    // (helper-91): refused with the column it already has.
    const QString canonical = QFileInfo(path).canonicalFilePath();
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (!entries_[i].live && !canonical.isEmpty() && QFileInfo(entries_[i].file).canonicalFilePath() == canonical) {
            view_->setMessage(tr("%1 is already compared (design %2).").arg(QDir::toNativeSeparators(path), QChar(u'A' + static_cast<int>(i))));
            return false;
        }
    try {
        model::Design d = model::loadDesign(path.toStdString());
        d.validateAgainst(*catalog_, path.toStdString());
        (void)model::cost::costSettingsOf(d, path.toStdString());
        return addDesign(d, path);
    } catch (const std::exception& e) {
        view_->setMessage(QString::fromStdString(e.what()));
        return false;
    }
}

void CompareWindow::removeDesign(int index)
{
    if (index < 0 || index >= static_cast<int>(entries_.size())) return;
    entries_.erase(entries_.begin() + index);
    refresh();
}

void CompareWindow::start(Entry& e, std::function<model::compare::DesignResults()> compute)
{
    ++running_;
    view_->setBusy(true);
    auto result = std::make_shared<std::shared_ptr<const model::compare::DesignResults>>();
    auto error = std::make_shared<QString>();
    QThread* t = QThread::create([compute = std::move(compute), result, error] {
        try {
            *result = std::make_shared<const model::compare::DesignResults>(compute());
        } catch (const std::exception& ex) {
            *error = QString::fromStdString(ex.what());
        }
    });
    t->setParent(this);
    const quint64 id = e.id;
    connect(t, &QThread::finished, this, [this, t, id, result, error] {
        --running_;
        for (Entry& entry : entries_)
            if (entry.id == id) {
                entry.results = *result;
                entry.error = *error;
            }
        t->deleteLater();
        view_->setBusy(running_ > 0);
        refresh();
    });
    t->start(QThread::LowPriority);
}

std::vector<const model::compare::DesignResults*> CompareWindow::ready() const
{
    std::vector<const model::compare::DesignResults*> out;
    for (const Entry& e : entries_)
        if (e.results) out.push_back(e.results.get());
    return out;
}

void CompareWindow::refresh()
{
    QStringList lines;
    QString message;
    int label = 0;
    for (const Entry& e : entries_) {
        const QString name = e.results ? QString::fromStdString(e.results->design->name) : QFileInfo(e.file).fileName();
        // The open design's own line says so once: "A: name  [open design: follows your edits]",
        // its file in brackets only when it has one (was "(open design)  [open design: ...]").
        const bool unsaved = e.live && e.file == tr("open design");
        QString line = !e.results ? name
                       : unsaved  ? QStringLiteral("%1: %2").arg(QChar('A' + label++)).arg(name)
                                  : QStringLiteral("%1: %2  (%3)").arg(QChar('A' + label++)).arg(name, e.file);
        if (!e.results) line += e.error.isEmpty() ? tr("  (computing...)") : tr("  (failed)");
        if (e.live) line += tr("  [open design: follows your edits]");
        if (!e.error.isEmpty()) message = e.error;
        lines << line;
    }
    view_->setDesignList(lines);
    const auto designs = ready();
    if (designs.size() < 2) {
        comparison_.reset();
        view_->showComparison(nullptr, {});
        view_->setMessage(message.isEmpty() ? tr("Add two to four designs: the open one (\"Add the open design\") or design files.") : message);
    } else {
        comparison_ = std::make_shared<const model::compare::Comparison>(model::compare::compareDesigns(designs));
        std::vector<std::shared_ptr<const model::compare::DesignResults>> shared;
        for (const Entry& e : entries_)
            if (e.results) shared.push_back(e.results);
        view_->showComparison(comparison_, std::move(shared));
        view_->setMessage(message);
    }
    emit comparisonChanged();
}

QString CompareWindow::exportReportTo(const QString& path)
{
    if (!comparison_) return tr("Nothing to export: add at least two designs.");
    return report::writeReport(report::compareReport(*comparison_, ready(), catalog_), path);
}

QString CompareWindow::exportCsvTo(const QString& dir)
{
    if (!comparison_) return tr("Nothing to export: add at least two designs.");
    try {
        (void)report::writeCompareCsv(*comparison_, ready(), dir);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void CompareWindow::chooseFile()
{
    namespace folders = views::dialog_folders;
    const QString path = QFileDialog::getOpenFileName(this, tr("Add a design to compare"), folders::startFolder(folders::Kind::Design, false),
                                                      tr("Designs (*.json)"));
    if (path.isEmpty()) return;
    folders::remember(folders::Kind::Design, path);
    addFile(path);
}

void CompareWindow::chooseReportFile()
{
    namespace folders = views::dialog_folders;
    const QString filters = tr("PDF (*.pdf);;HTML, one file (*.html)");
    QString chosen;
    const QString path = views::withChosenSuffix(
        QFileDialog::getSaveFileName(this, tr("Export compare report"),
                                     folders::startPath(folders::Kind::Report, true, QStringLiteral("comparison.pdf")), filters, &chosen),
        filters, chosen);
    if (path.isEmpty()) return;
    const QString error = exportReportTo(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
    else folders::remember(folders::Kind::Report, path);
}

void CompareWindow::chooseCsvFolder()
{
    namespace folders = views::dialog_folders;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export CSV into folder"), folders::startFolder(folders::Kind::Report, true));
    if (dir.isEmpty()) return;
    const QString error = exportCsvTo(dir);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export failed"), error);
    else folders::remember(folders::Kind::Report, dir);
}

} // namespace app
