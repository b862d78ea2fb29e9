#include "views/presentation/what_if_panel.hpp"

#include "views/common/plural.hpp"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QSlider>

#include <array>
#include <cmath>

namespace views {

namespace {
const std::array<double, 4> kOversubscription = {1.0, 2.0, 3.0, 4.0};
/// 0 = the layout's own default (the template's batch); then micro-batches per step.
const std::array<int, 8> kAccumulation = {0, 1, 2, 4, 8, 16, 32, 64};

QSlider* slider(QWidget* parent)
{
    auto* s = new QSlider(Qt::Horizontal, parent);
    s->setTracking(true); // changed() while dragging, not only on release
    s->setPageStep(1);
    s->setTickPosition(QSlider::TicksBelow);
    s->setMinimumWidth(140);
    s->setFocusPolicy(Qt::NoFocus); // the presenter's arrow keys step slides
    return s;
}
} // namespace

WhatIfPanel::WhatIfPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("whatIfPanel"));
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(8, 4, 8, 4);
    grid->setHorizontalSpacing(14);
    nodes_ = slider(this);
    nic_ = slider(this);
    over_ = slider(this);
    accum_ = slider(this);
    server_ = new QComboBox(this);
    precision_ = new QComboBox(this);
    server_->setFocusPolicy(Qt::NoFocus);
    // Server names run long ("HGX B300 (a.k.a. ...)"): the box shows about 18 characters and
    // elides the rest (the list shows them whole), so presentation mode fits a 1280 px screen.
    server_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    server_->setMinimumContentsLength(18);
    precision_->setFocusPolicy(Qt::NoFocus);
    precision_->addItem(tr("BF16"), QStringLiteral("bf16"));
    precision_->addItem(tr("FP8"), QStringLiteral("fp8"));
    precision_->addItem(tr("FP32"), QStringLiteral("fp32"));
    nodesLabel_ = new QLabel(this);
    nicLabel_ = new QLabel(this);
    overLabel_ = new QLabel(this);
    accumLabel_ = new QLabel(this);
    for (QLabel* l : {nodesLabel_, nicLabel_, overLabel_, accumLabel_}) l->setWordWrap(true); // long values wrap, never widen the row
    struct Cell { QString title; QWidget* control; QLabel* value; };
    const Cell cells[] = {{tr("Servers"), nodes_, nodesLabel_},
                          {tr("GPU model"), server_, nullptr},
                          {tr("NIC speed"), nic_, nicLabel_},
                          {tr("Oversubscription"), over_, overLabel_},
                          {tr("Precision"), precision_, nullptr},
                          {tr("Gradient accumulation"), accum_, accumLabel_}};
    int col = 0;
    for (const Cell& c : cells) {
        auto* title = new QLabel(c.title, this);
        QFont f; // bold only: the size follows the window's (presentation type changes with the screen)
        f.setBold(true);
        title->setFont(f);
        grid->addWidget(title, 0, col);
        grid->addWidget(c.control, 1, col);
        if (c.value) grid->addWidget(c.value, 2, col);
        ++col;
    }
    for (QSlider* s : {nodes_, nic_, over_, accum_}) connect(s, &QSlider::valueChanged, this, &WhatIfPanel::emitChanged);
    for (QComboBox* b : {server_, precision_})
        connect(b, qOverload<int>(&QComboBox::currentIndexChanged), this, &WhatIfPanel::emitChanged);
}

void WhatIfPanel::setChoices(const model::topology::WhatIfChoices& choices, const model::Catalog& catalog)
{
    loading_ = true;
    choices_ = choices;
    const auto& cur = choices.current;
    nodes_->setRange(0, std::max<int>(0, static_cast<int>(choices.nodeSteps.size()) - 1));
    int at = 0;
    for (std::size_t i = 0; i < choices.nodeSteps.size(); ++i)
        if (choices.nodeSteps[i] == cur.nodes) at = static_cast<int>(i);
    nodes_->setValue(at);
    nodes_->setEnabled(choices.nodeSteps.size() > 1);
    server_->clear();
    for (const auto& id : choices.servers) {
        const model::ServerSpec* s = catalog.server(id);
        server_->addItem(s ? QString::fromStdString(s->name) : QString::fromStdString(id), QString::fromStdString(id));
    }
    server_->setEnabled(server_->count() > 1);
    nic_->setRange(0, std::max<int>(0, static_cast<int>(choices.nicGbps.size()) - 1));
    for (std::size_t i = 0; i < choices.nicGbps.size(); ++i)
        if (std::abs(choices.nicGbps[i] - cur.nicGbps) < 1e-6) nic_->setValue(static_cast<int>(i));
    nic_->setEnabled(choices.fabric && choices.nicGbps.size() > 1);
    over_->setRange(0, static_cast<int>(kOversubscription.size()) - 1);
    over_->setValue(0);
    for (std::size_t i = 0; i < kOversubscription.size(); ++i)
        if (std::abs(kOversubscription[i] - cur.oversubscription) < 1e-6) over_->setValue(static_cast<int>(i));
    over_->setEnabled(choices.fabric && choices.kind != "rented"); // a rented fabric is the provider's
    precision_->setCurrentIndex(std::max(0, precision_->findData(QString::fromStdString(cur.precision))));
    accum_->setRange(0, static_cast<int>(kAccumulation.size()) - 1);
    accum_->setValue(0);
    for (std::size_t i = 0; i < kAccumulation.size(); ++i)
        if (kAccumulation[i] == cur.gradAccumulation) accum_->setValue(static_cast<int>(i));
    loading_ = false;
    updateLabels();
}

model::topology::WhatIf WhatIfPanel::value() const
{
    model::topology::WhatIf w;
    const auto& c = choices_;
    if (nodes_->isEnabled() && nodes_->value() < static_cast<int>(c.nodeSteps.size()))
        w.nodes = c.nodeSteps[static_cast<std::size_t>(nodes_->value())];
    if (server_->isEnabled()) w.server = server_->currentData().toString().toStdString();
    if (nic_->isEnabled() && nic_->value() < static_cast<int>(c.nicGbps.size()))
        w.nicGbps = c.nicGbps[static_cast<std::size_t>(nic_->value())];
    if (over_->isEnabled()) w.oversubscription = kOversubscription[static_cast<std::size_t>(over_->value())];
    w.precision = precision_->currentData().toString().toStdString();
    w.gradAccumulation = kAccumulation[static_cast<std::size_t>(accum_->value())];
    return w;
}

void WhatIfPanel::updateLabels()
{
    const model::topology::WhatIf w = value();
    const bool rack = choices_.kind == "gb200-nvl72";
    const int n = w.nodes > 0 ? w.nodes : choices_.current.nodes;
    nodesLabel_->setText(rack ? countOf(n, tr("rack"), tr("racks")) : countOf(n, tr("server"), tr("servers")));
    nicLabel_->setText(nic_->isEnabled() ? tr("%1 Gb/s per NIC").arg(w.nicGbps) : tr("no fabric"));
    overLabel_->setText(over_->isEnabled() ? tr("%1:1 at the leaves").arg(w.oversubscription) : tr("fixed"));
    accumLabel_->setText(w.gradAccumulation == 0 ? tr("as planned (the template's batch)")
                                                 : countOf(w.gradAccumulation, tr("micro-batch"), tr("micro-batches")) + tr(" per step"));
}

void WhatIfPanel::emitChanged()
{
    if (loading_) return;
    updateLabels();
    emit changed(value());
}

} // namespace views
