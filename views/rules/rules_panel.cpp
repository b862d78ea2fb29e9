#include "views/rules/rules_panel.hpp"

#include "views/common/design_document.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace views {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

RulesPanel::RulesPanel(DesignDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), list_(new QTreeWidget(this)), summary_(new QLabel(this)), timer_(new QTimer(this))
{
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Explanation")});
    list_->setRootIsDecorated(false);
    list_->setWordWrap(true);
    list_->header()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(summary_);
    layout->addWidget(list_);
    connect(list_, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item) { activateRow(list_->indexOfTopLevelItem(item)); });
    timer_->setSingleShot(true);
    timer_->setInterval(150);
    connect(timer_, &QTimer::timeout, this, &RulesPanel::refresh);
    connect(doc_, &DesignDocument::changed, timer_, qOverload<>(&QTimer::start));
    connect(doc_, &DesignDocument::designReset, timer_, qOverload<>(&QTimer::start));
    refresh();
}

void RulesPanel::refresh()
{
    try {
        report_ = model::topology::checkDesign(doc_->design(), doc_->catalog());
    } catch (const std::exception& e) { // a malformed "rule_waivers" entry
        report_ = {};
        list_->clear();
        summary_->setText(q(e.what()));
        return;
    }
    list_->clear();
    const auto add = [this](const model::topology::Finding& f, bool waived) {
        auto* item = new QTreeWidgetItem(list_);
        item->setText(0, waived ? tr("waived") : q(model::topology::toString(f.severity)));
        item->setText(1, q(f.rule));
        item->setText(2, waived ? q(f.message) + tr(" (accepted: %1)").arg(q(f.waiverReason)) : q(f.message));
        item->setToolTip(2, item->text(2));
        if (waived) item->setForeground(2, palette().brush(QPalette::Disabled, QPalette::Text));
        else if (f.severity == model::topology::Severity::Error) item->setForeground(0, QColor(0xb0, 0x00, 0x20));
        else if (f.severity == model::topology::Severity::Warning) item->setForeground(0, QColor(0xa0, 0x60, 0x00));
    };
    for (const auto& f : report_.findings) add(f, false);
    for (const auto& f : report_.waived) add(f, true);
    summary_->setText(tr("%1 errors, %2 warnings, %3 waived")
                          .arg(report_.count(model::topology::Severity::Error))
                          .arg(report_.count(model::topology::Severity::Warning))
                          .arg(report_.waived.size()));
}

void RulesPanel::activateRow(int row)
{
    const std::size_t n = report_.findings.size();
    if (row < 0) return;
    const auto r = static_cast<std::size_t>(row);
    const model::topology::Finding* f = r < n ? &report_.findings[r]
                                      : r - n < report_.waived.size() ? &report_.waived[r - n] : nullptr;
    if (f) emit selectRequested(f->nodes, f->links);
}

} // namespace views
