#include "views/cost/cost_panel.hpp"
#include "views/common/escape_reverts.hpp"
#include "views/common/qt_string.hpp"

#include "views/common/design_document.hpp"
#include "views/common/checked_spin_box.hpp"
#include "views/common/hidden_tab.hpp"
#include "views/common/reflow_label.hpp"
#include "views/cost/price_dialog.hpp"

#include <QDate>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QBrush>
#include <QTableWidget>
#include <QTextDocumentFragment>
#include <QShowEvent>
#include <QVBoxLayout>

#include <cmath>

namespace views {

namespace {

QString usd(double v) { return QString::fromStdString(model::cost::formatUsd(v)); }

/// An assumption the panel edits: its analysis["cost"] key, label, shown unit and the factor
/// from the shown value to the stored one.
struct AssumptionField {
    const char* key;
    const char* label;
    double scale;  ///< stored = shown x scale
    double min, max;
    int decimals;
};

const AssumptionField kFields[] = {
    {"amortisation_years", "Amortisation (years)", 1.0, 0.1, 100, 1},
    {"operations_share_per_year", "Operations (% of capital a year)", 0.01, 0, 100, 1},
    {"utilisation", "Utilisation (% of hours)", 0.01, 1, 100, 0},
    {"pue", "PUE (facility / IT power)", 1.0, 1, 5, 2},
    {"electricity_usd_per_kWh", "Electricity (US$/kWh)", 1.0, 0, 10, 4},
    {"commitment_discount_percent", "Rent commitment discount (%)", 1.0, 0, 100, 1},
    {"tokens", "Training run (billion tokens)", 1e9, model::cost::kMinRunTokens / 1e9, model::cost::kMaxRunTokens / 1e9, 1},
};

/// The resolved value of field `key` of `c`, in the unit the panel shows.
double shownValue(const model::cost::CostResult& c, const std::string& key)
{
    const auto& a = c.assumptions;
    if (key == "amortisation_years") return a.amortisationYears;
    if (key == "operations_share_per_year") return a.operationsSharePerYear * 100.0;
    if (key == "utilisation") return a.utilisation * 100.0;
    if (key == "pue") return a.pue;
    if (key == "electricity_usd_per_kWh") return a.electricityUsdPerKWh;
    if (key == "commitment_discount_percent") return a.commitmentDiscountPercent;
    return c.run.tokens / 1e9;
}

QString summaryOf(const model::cost::CostResult& c)
{
    QStringList lines;
    const auto missing = c.build.missing().size();
    if (!c.build.anyPriced()) // unknown, never "US$ 0 capital" (a price of US$ 0 is a known price)
        lines << QStringLiteral("<b>Build:</b> <span style='color:#b3261e'>not priced: no part has a price</span>; power %1%2 a month.")
                     .arg(usd(c.build.monthlyPowerUsd), c.build.powerUnknown().empty() ? QString() : QStringLiteral(" or more"));
    else
        lines << QStringLiteral("<b>Build:</b> %1 capital%2; %3%8 a month (amortisation %4, power %5, operations %6); %7%8 per delivered GPU-hour.")
                     .arg(usd(c.build.capitalUsd),
                          missing ? QStringLiteral(" <span style='color:#b3261e'>+ %1 without a price</span>").arg(missing == 1 ? QStringLiteral("1 part") : QStringLiteral("%1 parts").arg(missing)) : QString(),
                          usd(c.build.monthlyUsd()), usd(c.build.monthlyAmortisationUsd), usd(c.build.monthlyPowerUsd), usd(c.build.monthlyOperationsUsd),
                          usd(c.build.usdPerDeliveredGpuHour), c.build.monthlyLowerBound() ? QStringLiteral(" or more") : QString());
    if (!c.rent.any()) // no rent figure, never "US$ 0.00 per GPU-hour"
        lines << QStringLiteral("<b>Rent:</b> <span style='color:#b3261e'>n/a: no rent offer prices these GPUs</span> (set one with analysis.cost.rent in the design file).");
    else
        lines << QStringLiteral("<b>Rent</b> (%1): %2 per GPU-hour, %3 a month%4.")
                     .arg(q(c.rent.offerText()).toHtmlEscaped(), usd(c.rent.usdPerGpuHour), usd(c.rent.monthlyUsd),
                          c.rent.complete() ? QString() : QStringLiteral(" or more"));
    lines << QStringLiteral("<b>Break-even, building against renting the same GPUs:</b> %1.").arg(q(c.breakEven.text).toHtmlEscaped());
    if (c.run.available)
        lines << QStringLiteral("<b>Training run</b> (%1, %2 billion tokens): %3 days; %4 built, %5 rented.")
                     .arg(q(c.run.workload).toHtmlEscaped(), QString::number(c.run.tokens / 1e9, 'g', 4), QString::number(c.run.seconds / 86400.0, 'f', 1),
                          c.run.buildUsd ? usd(*c.run.buildUsd) : QStringLiteral("n/a"), c.run.rentUsd ? usd(*c.run.rentUsd) : QStringLiteral("n/a"));
    else // never dropped silently: the run that cannot be priced, and why
        lines << QStringLiteral("<b>Training run</b>%1: not priced: %2.")
                     .arg(c.run.workload.empty() ? QString() : QStringLiteral(" (%1)").arg(q(c.run.workload).toHtmlEscaped()),
                          q(c.run.whyNot.empty() ? std::string("no training step for this workload") : c.run.whyNot).toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

} // namespace

CostPanel::CostPanel(DesignDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    summary_ = new ReflowLabel(this);
    summary_->setObjectName(QStringLiteral("costSummary"));
    summary_->setTextFormat(Qt::RichText);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setText(tr("No results yet."));

    lines_ = new QTableWidget(this);
    lines_->setColumnCount(5);
    lines_->setHorizontalHeaderLabels({tr("Item"), tr("Count"), tr("Unit price"), tr("Total"), tr("Source (indicative, never a quote)")});
    lines_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    lines_->setSelectionBehavior(QAbstractItemView::SelectRows);
    lines_->setSelectionMode(QAbstractItemView::SingleSelection);
    lines_->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    lines_->verticalHeader()->setVisible(false);
    connect(lines_, &QTableWidget::cellDoubleClicked, this, &CostPanel::editSelectedPrice);

    setPrice_ = new QPushButton(tr("Set price..."), this);
    clearPrice_ = new QPushButton(tr("Use catalog price"), this);
    setPrice_->setToolTip(tr("Set this part's price for this design (saved in the design file, undoable)."));
    connect(setPrice_, &QPushButton::clicked, this, &CostPanel::editSelectedPrice);
    connect(clearPrice_, &QPushButton::clicked, this, [this] {
        const int row = lines_->currentRow();
        if (row >= 0) setPrice(lines_->item(row, 0)->data(Qt::UserRole).toString().toStdString(), std::nullopt, {});
    });

    auto* form = new QFormLayout;
    for (const AssumptionField& f : kFields) {
        // Out of range is refused with a message naming the assumption, never clamped.
        auto* spin = new CheckedDoubleSpinBox(tr(f.label), f.min, f.max, f.decimals, this);
        const std::string key = f.key;
        connect(spin, &QDoubleSpinBox::editingFinished, this, [this, key, spin] {
            if (shown_ && shown_->cost && std::abs(shownValue(*shown_->cost, key) - spin->value()) > 1e-9) setAssumption(key, spin->value());
        });
        form->addRow(tr(f.label), spin);
        assumptions_.emplace_back(key, spin);
    }
    auto* defaults = new QPushButton(tr("Default assumptions"), this);
    connect(defaults, &QPushButton::clicked, this, [this] {
        model::cost::CostSettings s;
        try {
            s = model::cost::costSettingsOf(doc_->design());
        } catch (const std::exception&) {
        }
        model::cost::CostSettings reset;
        reset.rent = s.rent;
        reset.prices = s.prices;
        reset.powerW = s.powerW;
        requestSettings(reset, tr("Default cost assumptions"));
    });
    form->addRow(defaults);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(setPrice_);
    buttons->addWidget(clearPrice_);
    buttons->addStretch();
    auto* left = new QVBoxLayout;
    left->addWidget(summary_);
    left->addWidget(lines_, 1);
    left->addLayout(buttons);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 3);
    layout->addLayout(form, 1);
    installEscapeReverts(this); // Escape puts back what a field showed before the edit
}

std::uint64_t CostPanel::shownGeneration() const { return shown_ ? shown_->generation : 0; }

QTableWidget* CostPanel::table() const
{
    const_cast<CostPanel*>(this)->catchUp(); // a reader sees the newest snapshot, shown or not
    return lines_;
}

QString CostPanel::summaryText() const
{
    const_cast<CostPanel*>(this)->catchUp();
    QTextDocumentFragment f = QTextDocumentFragment::fromHtml(summary_->text());
    return f.toPlainText();
}

void CostPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    // Hidden (another bottom tab is raised): nothing on screen to change. Sizing the table's
    // columns to their contents and parsing the summary cost every edit a millisecond or more.
    if (keepNewestSnapshot(shown_, std::move(snapshot), behind_, *this)) catchUp();
}

void CostPanel::showEvent(QShowEvent* e)
{
    catchUp();
    QWidget::showEvent(e);
}

void CostPanel::catchUp()
{
    if (!shown_ || !behind_) return;
    behind_ = false;
    if (!shown_->cost) {
        summary_->setTextIfChanged(tr("The cost could not be computed: %1").arg(q(shown_->costError).toHtmlEscaped()));
        lines_->setRowCount(0);
        return;
    }
    summary_->setTextIfChanged(summaryOf(*shown_->cost));
    fillLines(*shown_->cost);
    fillAssumptions(*shown_->cost);
}

void CostPanel::fillLines(const model::cost::CostResult& c)
{
    // The cells are kept and only what differs is set: a new item for every cell and sizing
    // the columns to their contents after each edit measured every cell's text again.
    const int selected = lines_->currentRow();
    const int rows = static_cast<int>(c.build.lines.size());
    bool changed = lines_->rowCount() != rows;
    lines_->setRowCount(rows);
    const auto set = [&changed](QTableWidgetItem* item, int role, const QVariant& value) {
        if (item->data(role) == value) return;
        item->setData(role, value);
        changed = true;
    };
    for (int r = 0; r < rows; ++r) {
        const auto& l = c.build.lines[static_cast<std::size_t>(r)];
        const QString cells[] = {q(l.item), QLocale().toString(static_cast<qlonglong>(l.count)), l.unitUsd ? usd(*l.unitUsd) : tr("no price"),
                                 l.priced() ? usd(l.totalUsd()) : tr("not counted"), q(l.priced() ? l.provenance.label : l.missingReason)};
        for (int col = 0; col < 5; ++col) {
            QTableWidgetItem* item = lines_->item(r, col);
            if (!item) {
                item = new QTableWidgetItem;
                if (col >= 1 && col <= 3) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                lines_->setItem(r, col, item);
                changed = true;
            }
            set(item, Qt::DisplayRole, cells[col]);
            set(item, Qt::ForegroundRole, l.priced() ? QVariant() : QVariant(QBrush(QColor(0xb3, 0x26, 0x1e))));
            set(item, Qt::ToolTipRole, l.provenance.overridden ? QVariant(tr("Set in this design")) : QVariant());
            if (col == 0) set(item, Qt::UserRole, q(l.key));
        }
    }
    if (changed) lines_->resizeColumnsToContents();
    if (selected >= 0 && selected < lines_->rowCount()) lines_->selectRow(selected);
}

void CostPanel::fillAssumptions(const model::cost::CostResult& c)
{
    for (const auto& [key, spin] : assumptions_) {
        if (spin->hasFocus()) continue; // do not overwrite what the user is typing
        const QSignalBlocker block(spin);
        spin->setValue(shownValue(c, key));
        for (const auto& a : c.assumptions.list)
            if (a.key == key) spin->setToolTip(q(a.source));
        if (key == "tokens") spin->setToolTip(q(c.run.tokensSource));
    }
}

bool CostPanel::requestSettings(const model::cost::CostSettings& s, const QString& what)
{
    nlohmann::json analysis = doc_->design().analysis.is_object() ? doc_->design().analysis : nlohmann::json::object();
    const nlohmann::json cost = model::cost::toJson(s);
    if (cost.empty()) analysis.erase("cost");
    else analysis["cost"] = cost;
    return doc_->requestSetAnalysis(analysis, what);
}

bool CostPanel::setPrice(const std::string& key, std::optional<double> usdPerUnit, const QString& source)
{
    model::cost::CostSettings s;
    try {
        s = model::cost::costSettingsOf(doc_->design());
    } catch (const std::exception&) {
        return false; // a malformed cost block: the summary says so; fix the file first
    }
    if (usdPerUnit && !(*usdPerUnit >= 0.0 && *usdPerUnit <= model::cost::kMaxUnitPriceUsd)) return false; // PriceDialog refuses it
    if (usdPerUnit) s.prices[key] = {*usdPerUnit, source.toStdString(), QDate::currentDate().toString(Qt::ISODate).toStdString()};
    else s.prices.erase(key);
    return requestSettings(s, usdPerUnit ? tr("Price of %1").arg(q(key)) : tr("Catalog price of %1").arg(q(key)));
}

bool CostPanel::setAssumption(const std::string& key, std::optional<double> shown)
{
    model::cost::CostSettings s;
    try {
        s = model::cost::costSettingsOf(doc_->design());
    } catch (const std::exception&) {
        return false;
    }
    double scale = 1.0;
    for (const AssumptionField& f : kFields)
        if (key == f.key) scale = f.scale;
    const std::optional<double> stored = shown ? std::optional<double>(*shown * scale) : std::nullopt;
    if (key == "amortisation_years") s.amortisationYears = stored;
    else if (key == "operations_share_per_year") s.operationsSharePerYear = stored;
    else if (key == "utilisation") s.utilisation = stored;
    else if (key == "pue") s.pue = stored;
    else if (key == "electricity_usd_per_kWh") s.electricityUsdPerKWh = stored;
    else if (key == "commitment_discount_percent") s.commitmentDiscountPercent = stored;
    else if (key == "tokens") s.tokens = stored;
    else return false;
    return requestSettings(s, tr("Cost assumption %1").arg(q(key)));
}

void CostPanel::editSelectedPrice()
{
    const int row = lines_->currentRow();
    if (row < 0 || !shown_ || !shown_->cost) return;
    const auto& l = shown_->cost->build.lines[static_cast<std::size_t>(row)];
    PriceDialog dialog(q(l.item), l.unitUsd.value_or(0.0), this);
    if (dialog.exec() == QDialog::Accepted) setPrice(l.key, dialog.price(), dialog.source());
}

} // namespace views
