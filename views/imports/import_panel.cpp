#include "views/imports/import_panel.hpp"
#include "views/common/qt_string.hpp"

#include "views/common/wrapping_delegate.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cstdio>

namespace views {

namespace {

/// Columns of the findings list.
enum Column { kSeverity = 0, kRule = 1, kCause = 2, kLine = 3, kEvidence = 4 };

QString percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", fraction * 100.0);
    return QString::fromLatin1(buf);
}
} // namespace

/// What the panel says before anything is imported: every format File > Import reads.
QString ImportPanel::nothingImportedText()
{
    return tr("Nothing imported. File > Import (or drop a file on the window) reads nvidia-smi topo -m or topo -p2p, "
              "rocm-smi --showtopo, NCCL topology XML, nccl-tests or rccl-tests output, an NCCL_DEBUG=INFO log or "
              "lspci -tv, and says what it shows.");
}

ImportPanel::ImportPanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), comparison_(new QLabel(this)), warnings_(new QLabel(this)), list_(new QTreeWidget(this))
{
    title_->setText(nothingImportedText());
    title_->setWordWrap(true);
    comparison_->setWordWrap(true);
    warnings_->setWordWrap(true);
    warnings_->setTextFormat(Qt::PlainText);
    comparison_->hide();
    warnings_->hide();
    list_->setColumnCount(5);
    list_->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Likely cause"), tr("Line"), tr("Evidence")});
    list_->setRootIsDecorated(false);
    // Severity, rule and line as wide as their text; the likely cause and the evidence share
    // the rest and wrap onto as many lines as they need (the cause was a 100 px column cut to
    // "the network …", its 550 characters only in a tooltip).
    list_->header()->setStretchLastSection(false);
    for (int c : {kSeverity, kRule, kLine}) list_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    for (int c : {kCause, kEvidence}) list_->header()->setSectionResizeMode(c, QHeaderView::Stretch);
    WrappingDelegate::install(list_, {kCause, kEvidence});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(title_);
    layout->addWidget(comparison_);
    layout->addWidget(warnings_);
    layout->addWidget(list_, 1);
}

QString ImportPanel::title() const { return title_->text(); }

QStringList ImportPanel::findingRules() const
{
    QStringList out;
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        if (!list_->topLevelItem(i)->text(1).isEmpty()) out << list_->topLevelItem(i)->text(1);
    return out;
}

QString ImportPanel::comparisonText() const { return comparison_->isHidden() ? QString() : comparison_->text(); }

QStringList ImportPanel::warnings() const { return warningTexts_; }

void ImportPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    if (!snapshot || (shown_ && snapshot->generation < shown_->generation)) return;
    shown_ = std::move(snapshot);
    list_->clear();
    warningTexts_.clear();
    comparison_->hide();
    warnings_->hide();
    if (!shown_->imported) {
        if (!shown_->importedError.empty()) title_->setText(tr("The design's import record cannot be read: %1").arg(q(shown_->importedError)));
        else
            title_->setText(nothingImportedText());
        return;
    }
    const model::io::ImportReview& review = *shown_->imported;
    title_->setText(tr("%1: %2 (%3)").arg(q(review.file), q(review.format), q(review.kind)));
    for (const auto& w : review.warnings) warningTexts_ << q(w);
    for (const auto& n : review.notes) warningTexts_ << tr("assumed: %1").arg(q(n));
    if (!warningTexts_.isEmpty()) {
        warnings_->setText(warningTexts_.join(QLatin1Char('\n')));
        warnings_->show();
    }
    const model::io::CurveComparison& cmp = review.comparison;
    if (!cmp.points.empty()) {
        const auto& last = cmp.points.back();
        comparison_->setText(tr("Measured %1 on %2 GPUs against \"%3\": %4 at %5 (%6 GB/s measured, %7 GB/s predicted, %8); bound by the %9.")
                                 .arg(q(cmp.op))
                                 .arg(cmp.gpus)
                                 .arg(q(cmp.designName), percent(last.error), q(model::formatBytes(last.bytes)))
                                 .arg(last.measuredBusbwGBps, 0, 'f', 2)
                                 .arg(last.predictedBusbwGBps, 0, 'f', 2)
                                 .arg(q(last.algorithm), q(cmp.boundLayer)));
        comparison_->show();
    } else if (!cmp.note.empty()) {
        comparison_->setText(tr("The measured curve is not compared: %1.").arg(q(cmp.note)));
        comparison_->show();
    }
    for (const auto& f : review.findings) {
        auto* item = new QTreeWidgetItem(list_);
        item->setText(0, q(model::topology::toString(f.severity)));
        item->setText(1, q(f.rule));
        item->setText(2, q(f.message));
        item->setText(3, f.evidence.line > 0 ? QString::number(f.evidence.line) : QString());
        item->setText(4, q(f.evidence.text));
        item->setToolTip(2, item->text(2));
        item->setToolTip(4, item->text(4));
        if (f.severity == model::topology::Severity::Error) item->setForeground(0, QColor(0xb0, 0x00, 0x20));
        else if (f.severity == model::topology::Severity::Warning) item->setForeground(0, QColor(0xa0, 0x60, 0x00));
    }
    if (review.findings.empty()) {
        auto* item = new QTreeWidgetItem(list_);
        item->setText(2, tr("No likely cause found in this file."));
    }
}

} // namespace views
