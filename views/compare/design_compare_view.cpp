#include "views/compare/design_compare_view.hpp"

#include "views/charts/chart_widget.hpp"
#include "views/charts/result_charts.hpp"
#include "views/common/elided_header.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QScrollArea>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace views {

namespace {
QPushButton* button(const QString& text, QWidget* parent)
{
    auto* b = new QPushButton(text, parent);
    b->setAutoDefault(false);
    return b;
}
} // namespace

DesignCompareView::DesignCompareView(QWidget* parent) : QWidget(parent)
{
    list_ = new QListWidget(this);
    list_->setObjectName(QStringLiteral("compareDesigns"));
    list_->setMaximumHeight(96);
    auto* addFile = button(tr("Add design file..."), this);
    auto* addOpen = button(tr("Add the open design"), this);
    remove_ = button(tr("Remove"), this);
    exportReport_ = button(tr("Export report..."), this);
    exportCsv_ = button(tr("Export CSV..."), this);
    connect(addFile, &QPushButton::clicked, this, &DesignCompareView::addFileRequested);
    connect(addOpen, &QPushButton::clicked, this, &DesignCompareView::addOpenDesignRequested);
    connect(remove_, &QPushButton::clicked, this, [this] {
        if (list_->currentRow() >= 0) emit removeRequested(list_->currentRow());
    });
    connect(exportReport_, &QPushButton::clicked, this, &DesignCompareView::exportReportRequested);
    connect(exportCsv_, &QPushButton::clicked, this, &DesignCompareView::exportCsvRequested);
    auto* buttons = new QVBoxLayout;
    for (QPushButton* b : {addFile, addOpen, remove_, exportReport_, exportCsv_}) buttons->addWidget(b);
    buttons->addStretch();
    auto* top = new QHBoxLayout;
    top->addWidget(list_, 1);
    top->addLayout(buttons);

    message_ = new QLabel(this);
    message_->setWordWrap(true);
    busy_ = new QLabel(tr("Computing..."), this);
    busy_->setVisible(false);
    verdict_ = new QLabel(this);
    verdict_->setObjectName(QStringLiteral("compareVerdict"));
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    styleVerdict();

    table_ = new QTableWidget(this);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Long design names end in "…" at the column's width (the plain header cut them at both ends).
    table_->setHorizontalHeader(new ElidedHeader(Qt::Horizontal, table_));
    table_->horizontalHeader()->setStretchLastSection(false);

    auto* chartsBox = new QWidget(this);
    auto* grid = new QGridLayout(chartsBox);
    grid->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < 4; ++i) {
        auto* c = new ChartWidget(chartsBox);
        // Text never shrinks below the UI font on screen, so a chart squeezed under this size
        // piled its tick labels and legend together (helper-82 at 900 x 720): the charts scroll
        // instead.
        c->setMinimumSize(kMinChartSize);
        charts_.push_back(c);
        grid->addWidget(c, i / 2, i % 2);
    }
    auto* chartsScroll = new QScrollArea(this);
    chartsScroll->setObjectName(QStringLiteral("compareChartsScroll"));
    chartsScroll->setWidgetResizable(true);
    chartsScroll->setFrameShape(QFrame::NoFrame);
    chartsScroll->setWidget(chartsBox);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(chartsScroll);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(message_);
    layout->addWidget(busy_);
    layout->addWidget(verdict_);
    layout->addWidget(split, 1);
    showComparison(nullptr, {});
}

QStringList DesignCompareView::designList() const
{
    QStringList out;
    for (int i = 0; i < list_->count(); ++i) out << list_->item(i)->text();
    return out;
}

void DesignCompareView::setDesignList(const QStringList& lines)
{
    const int row = list_->currentRow();
    list_->clear();
    list_->addItems(lines);
    list_->setCurrentRow(std::min(row, static_cast<int>(lines.size()) - 1));
    remove_->setEnabled(!lines.isEmpty());
}

void DesignCompareView::setBusy(bool busy) { busy_->setVisible(busy); }

void DesignCompareView::setMessage(const QString& text)
{
    message_->setText(text);
    message_->setVisible(!text.isEmpty());
}

QString DesignCompareView::verdictText() const { return verdict_->text(); }

int DesignCompareView::selectedDesign() const { return list_->currentRow(); }

void DesignCompareView::showComparison(std::shared_ptr<const model::compare::Comparison> c,
                                 std::vector<std::shared_ptr<const model::compare::DesignResults>> designs)
{
    comparison_ = std::move(c);
    designs_ = std::move(designs);
    exportReport_->setEnabled(comparison_ != nullptr);
    exportCsv_->setEnabled(comparison_ != nullptr);
    verdict_->setVisible(comparison_ != nullptr);
    verdict_->setText(comparison_ ? QString::fromStdString(comparison_->verdictText()) : QString());
    fillTable();
    std::vector<const model::compare::DesignResults*> ptrs;
    for (const auto& d : designs_) ptrs.push_back(d.get());
    const std::vector<std::string> labels = comparison_ ? comparison_->labels : std::vector<std::string>{};
    if (!comparison_) {
        for (ChartWidget* w : charts_) w->setSpec({});
        return;
    }
    charts_[0]->setSpec(busbwOverlay(ptrs, labels));
    charts_[1]->setSpec(scalingOverlay(ptrs, labels));
    charts_[2]->setSpec(layersOverlay(ptrs, labels));
    charts_[3]->setSpec(costOverlay(ptrs, labels));
}

void DesignCompareView::fillTable()
{
    table_->clear();
    if (!comparison_) {
        table_->setRowCount(0);
        table_->setColumnCount(0);
        return;
    }
    const auto& c = *comparison_;
    table_->setColumnCount(static_cast<int>(c.labels.size()));
    table_->setRowCount(static_cast<int>(c.rows.size()));
    for (std::size_t i = 0; i < c.labels.size(); ++i) {
        const QString title = QString::fromStdString(c.labels[i] + ": " + c.names[i]);
        auto* h = new QTableWidgetItem(title);
        h->setToolTip(title); // whole, where the header shortens it
        table_->setHorizontalHeaderItem(static_cast<int>(i), h);
    }
    QStringList rows;
    for (const auto& r : c.rows)
        rows << QString::fromStdString(r.label) + (r.unit.empty() ? QString() : QStringLiteral(" (") + QString::fromStdString(r.unit) + QLatin1Char(')'));
    table_->setVerticalHeaderLabels(rows);
    const bool dark = darkPalette();
    for (int row = 0; row < static_cast<int>(c.rows.size()); ++row) {
        const auto& r = c.rows[static_cast<std::size_t>(row)];
        for (std::size_t i = 0; i < r.cells.size(); ++i) {
            auto* item = new QTableWidgetItem(QString::fromStdString(r.cells[i].text));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (r.differs) {
                // Amber behind the figures that differ, with the theme's text on it.
                item->setBackground(dark ? QColor(0x4a, 0x3f, 0x1c) : QColor(0xff, 0xf4, 0xcc));
                item->setForeground(palette().color(QPalette::Text));
            }
            if (r.cells[i].lowerBound) {
                item->setForeground(dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e));
                item->setToolTip(tr("A lower bound: some price or power figure is unknown."));
            }
            if (r.best && *r.best == i) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
                item->setForeground(dark ? QColor(0x7e, 0xe2, 0xa8) : QColor(0x0a, 0x6b, 0x3b));
            }
            table_->setItem(row, static_cast<int>(i), item);
        }
    }
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
}

bool DesignCompareView::darkPalette() const { return palette().color(QPalette::Window).lightness() < 128; }

void DesignCompareView::styleVerdict()
{
    verdict_->setStyleSheet(darkPalette()
                                ? QStringLiteral("QLabel { background: #1f2a38; color: #e8ecf1; border-left: 4px solid #5aa0e6; padding: 8px; }")
                                : QStringLiteral("QLabel { background: #eef5fc; color: #20242b; border-left: 4px solid #0b5cad; padding: 8px; }"));
}

void DesignCompareView::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() != QEvent::PaletteChange) return;
    styleVerdict();
    if (comparison_) fillTable();
}

} // namespace views
