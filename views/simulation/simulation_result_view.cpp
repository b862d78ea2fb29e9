#include "views/simulation/simulation_result_view.hpp"
#include "views/common/qt_string.hpp"

#include <cmath>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

namespace views {

namespace {
QString gbpsText(model::Bandwidth bw) { return q(model::formatBandwidth(bw, model::RateUnit::GBps)); }
QString percent(double fraction) { return QStringLiteral("%1 %").arg(fraction * 100.0, 0, 'f', 1); }

QLabel* valueLabel(QWidget* parent, bool strong = false)
{
    auto* l = new QLabel(QStringLiteral("-"), parent);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (strong) {
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
    }
    return l;
}
} // namespace

SimulationResultView::SimulationResultView(QWidget* parent)
    : QWidget(parent), simTime_(valueLabel(this, true)), simAlgbw_(valueLabel(this, true)),
      simBusbw_(valueLabel(this, true)), simAlgorithm_(valueLabel(this)), anaTime_(valueLabel(this)),
      anaAlgbw_(valueLabel(this)), anaBusbw_(valueLabel(this)), anaAlgorithm_(valueLabel(this)),
      difference_(valueLabel(this)), stats_(new QLabel(this)), notes_(new QLabel(this)), table_(new QTableWidget(this))
{
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(4);
    const QStringList heads = {QString(), tr("Time"), tr("algbw"), tr("busbw"), tr("Algorithm")};
    for (int c = 0; c < heads.size(); ++c) {
        auto* h = new QLabel(heads[c], this);
        h->setForegroundRole(QPalette::PlaceholderText);
        grid->addWidget(h, 0, c);
    }
    grid->addWidget(new QLabel(tr("Simulated"), this), 1, 0);
    grid->addWidget(simTime_, 1, 1);
    grid->addWidget(simAlgbw_, 1, 2);
    grid->addWidget(simBusbw_, 1, 3);
    grid->addWidget(simAlgorithm_, 1, 4);
    grid->addWidget(new QLabel(tr("Analytical"), this), 2, 0);
    grid->addWidget(anaTime_, 2, 1);
    grid->addWidget(anaAlgbw_, 2, 2);
    grid->addWidget(anaBusbw_, 2, 3);
    grid->addWidget(anaAlgorithm_, 2, 4);
    grid->addWidget(new QLabel(tr("Difference"), this), 3, 0);
    grid->addWidget(difference_, 3, 1, 1, 4);
    grid->setColumnStretch(5, 1);

    stats_->setForegroundRole(QPalette::PlaceholderText);
    notes_->setWordWrap(true);
    notes_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* notesScroll = new QScrollArea(this);
    notesScroll->setWidget(notes_);
    notesScroll->setWidgetResizable(true);
    notesScroll->setFrameShape(QFrame::NoFrame);

    auto* left = new QVBoxLayout;
    left->addLayout(grid);
    left->addWidget(stats_);
    left->addWidget(notesScroll, 1);

    table_->setColumnCount(3);
    table_->setHorizontalHeaderLabels({tr("Most congested links"), tr("Peak"), tr("Mean")});
    table_->setMinimumWidth(300);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    table_->setToolTip(tr("Click a link to select it on the canvas"));
    connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) { activateRow(row); });

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(16);
    layout->addLayout(left, 4);
    layout->addWidget(table_, 6);
    clear();
}

void SimulationResultView::clear()
{
    for (QLabel* l : {simTime_, simAlgbw_, simBusbw_, simAlgorithm_, anaTime_, anaAlgbw_, anaBusbw_, anaAlgorithm_,
                      difference_})
        l->setText(QStringLiteral("-"));
    difference_->setToolTip(QString());
    stats_->clear();
    notes_->clear();
    table_->setRowCount(0);
}

void SimulationResultView::showResult(const model::SimulationResult& r)
{
    clear();
    simTime_->setText(q(model::formatDuration(r.collective.time)));
    simAlgbw_->setText(gbpsText(r.collective.algbw));
    simBusbw_->setText(gbpsText(r.collective.busbw));
    simAlgorithm_->setText(QString::fromLatin1(model::toString(r.collective.algorithm)));
    if (r.analytical) {
        const auto& a = *r.analytical;
        anaTime_->setText(q(model::formatDuration(a.time)));
        anaAlgbw_->setText(gbpsText(a.algbw));
        anaBusbw_->setText(gbpsText(a.busbw));
        anaAlgorithm_->setText(QString::fromLatin1(model::toString(a.algorithm)));
        anaAlgorithm_->setToolTip(tr("NCCL protocol %1").arg(QString::fromLatin1(model::toString(a.protocol))));
        if (a.time.inSeconds() > 0.0) {
            // Relative difference of the two engines' times, as shown: (simulated - analytical) / analytical.
            const double d = (r.collective.time.inSeconds() - a.time.inSeconds()) / a.time.inSeconds() * 100.0;
            difference_->setText(tr("%1%2 % simulated vs analytical").arg(d >= 0 ? QStringLiteral("+") : QString()).arg(d, 0, 'f', 1));
            // The same figure is the expected answer, not a broken simulator: both engines price
            // a step with one cost model, and the simulator departs where routed traffic contends.
            if (std::fabs(d) < 0.05) {
                difference_->setText(difference_->text() + tr(": no link carries more than its share here"));
                difference_->setToolTip(tr("Both engines price each step with NCCL's cost model; the simulation routes every flow "
                                           "and departs from the formula where traffic contends: an oversubscribed tier, a "
                                           "failed link or switch (Fail...), uneven wiring, lossy Ethernet."));
            }
        }
    } else {
        anaTime_->setText(tr("n/a"));
        difference_->setText(r.analyticalError.empty() ? tr("no analytical prediction") : q(r.analyticalError));
    }
    const QLocale loc;
    stats_->setText(tr("%1 flows, %2 events, %3 host time%4")
                        .arg(loc.toString(r.flowsSimulated), loc.toString(r.events),
                             q(model::formatDuration(model::Duration::seconds(r.wallSeconds))))
                        .arg(r.reroutedFlows > 0 ? tr(", %1 flows rerouted").arg(r.reroutedFlows) : QString()));
    QStringList notes;
    for (const auto& n : r.notes) notes << QStringLiteral("• ") + q(n).toHtmlEscaped();
    notes_->setText(notes.join(QStringLiteral("<br>")));

    table_->setRowCount(static_cast<int>(r.mostCongested.size()));
    for (int row = 0; row < table_->rowCount(); ++row) {
        const auto& l = r.mostCongested[static_cast<std::size_t>(row)];
        auto* name = new QTableWidgetItem(q(l.description));
        name->setData(Qt::UserRole, QVariant::fromValue<qulonglong>(l.link));
        name->setToolTip(tr("%1\ncapacity %2 per direction").arg(q(l.description), gbpsText(l.capacity)));
        table_->setItem(row, 0, name);
        for (int c : {1, 2}) {
            auto* item = new QTableWidgetItem(percent(c == 1 ? l.peak : l.mean));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(row, c, item);
        }
    }
}

QString SimulationResultView::simulatedTimeText() const { return simTime_->text(); }
QString SimulationResultView::analyticalTimeText() const { return anaTime_->text(); }

QString SimulationResultView::differenceText() const { return difference_->text(); }

void SimulationResultView::activateRow(int row)
{
    if (row < 0 || row >= table_->rowCount() || !table_->item(row, 0)) return;
    table_->selectRow(row);
    emit linkActivated(static_cast<model::Id>(table_->item(row, 0)->data(Qt::UserRole).toULongLong()));
}

} // namespace views
