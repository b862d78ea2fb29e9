#include "views/rules/rules_panel.hpp"
#include "views/common/plural.hpp"
#include "views/common/qt_string.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QShowEvent>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace views {

namespace {

/// True when the two lists read the same: every row's severity, rule, explanation and waiver
/// (the ids a row selects may differ; they are not shown).
bool sameText(const model::topology::RuleReport& a, const model::topology::RuleReport& b)
{
    const auto same = [](const std::vector<model::topology::Finding>& x, const std::vector<model::topology::Finding>& y) {
        return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const auto& f, const auto& g) {
            return f.severity == g.severity && f.rule == g.rule && f.message == g.message && f.waiverReason == g.waiverReason;
        });
    };
    return same(a.findings, b.findings) && same(a.waived, b.waived);
}
} // namespace

RulesPanel::RulesPanel(QWidget* parent) : QWidget(parent), list_(new QTreeWidget(this)), summary_(new QLabel(this))
{
    list_->setObjectName(QStringLiteral("rulesList"));
    summary_->setObjectName(QStringLiteral("rulesSummary"));
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Explanation")});
    list_->setRootIsDecorated(false);
    list_->setWordWrap(true);
    list_->header()->setStretchLastSection(true);
    summary_->setText(tr("Checking the design…"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(summary_);
    layout->addWidget(list_);
    connect(list_, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item) { activateRow(list_->indexOfTopLevelItem(item)); });
}

const model::topology::RuleReport& RulesPanel::report() const
{
    static const model::topology::RuleReport none;
    return shown_ && shown_->rules ? *shown_->rules : none;
}

std::uint64_t RulesPanel::shownGeneration() const { return shown_ ? shown_->generation : 0; }

void RulesPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    if (!snapshot || (shown_ && snapshot->generation < shown_->generation)) return;
    // shown_ is replaced either way, so activateRow selects the newest ids. Hidden behind
    // another bottom tab, the rows wait for catchUp (issue 11 item 7).
    shown_ = std::move(snapshot);
    // A tab behind another stays visible to Qt with an empty visible region.
    if (isVisible() && !visibleRegion().isEmpty()) catchUp();
}

void RulesPanel::showEvent(QShowEvent* e)
{
    catchUp();
    QWidget::showEvent(e);
}

void RulesPanel::catchUp()
{
    if (!shown_ || listed_ == shown_) return;
    // The rows stay when the new report reads the same (most edits): rebuilding them re-laid
    // out every word-wrapped row and lost the selection and scroll position after each edit.
    const bool sameRows = listed_ && listed_->rules && shown_->rules && sameText(*listed_->rules, *shown_->rules);
    listed_ = shown_;
    if (sameRows) return;
    list_->clear();
    if (!shown_->rules) { // a malformed "rule_waivers" entry
        summary_->setText(q(shown_->rulesError));
        return;
    }
    const model::topology::RuleReport& report = *shown_->rules;
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
    for (const auto& f : report.findings) add(f, false);
    for (const auto& f : report.waived) add(f, true);
    // "1 warning", not "1 warnings" (helper-82).
    summary_->setText(tr("%1, %2, %3 waived")
                          .arg(countOf(report.count(model::topology::Severity::Error), tr("error"), tr("errors")),
                               countOf(report.count(model::topology::Severity::Warning), tr("warning"), tr("warnings")))
                          .arg(report.waived.size()));
}

void RulesPanel::activateRow(int row)
{
    const model::topology::RuleReport& report = this->report();
    const std::size_t n = report.findings.size();
    if (row < 0) return;
    const auto r = static_cast<std::size_t>(row);
    const model::topology::Finding* f = r < n ? &report.findings[r]
                                      : r - n < report.waived.size() ? &report.waived[r - n] : nullptr;
    if (f) emit selectRequested(f->nodes, f->links);
}

} // namespace views
