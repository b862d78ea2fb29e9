#include "views/charts/charts_panel.hpp"

#include "views/charts/collective_chart.hpp"
#include "views/charts/layer_chart.hpp"
#include "views/charts/scaling_chart.hpp"

#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace views {

QString ChartsPanel::bottleneckTitle(model::Scope s)
{
    switch (s) {
    case model::Scope::Compute: return tr("Compute (GPU math)");
    case model::Scope::Hbm: return tr("HBM (GPU memory bandwidth)");
    case model::Scope::IntraNode: return tr("Intra-node (NVLink / PCIe)");
    case model::Scope::NodeBoundary: return tr("Node boundary (compute NICs)");
    case model::Scope::Fabric: return tr("Fabric (switches: oversubscription / bisection)");
    case model::Scope::PipelineBubble: return tr("Pipeline bubble");
    case model::Scope::Latency: return tr("Latency");
    }
    return {};
}

ChartsPanel::ChartsPanel(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(4, 4, 4, 4);
    layers_ = new LayerChart(this);
    collectives_ = new CollectiveChart(this);
    scaling_ = new ScalingChart(this);
    layers_->setMinimumWidth(170);
    collectives_->setMinimumWidth(200);
    scaling_->setMinimumWidth(170);
    row->addWidget(layers_, 3);
    row->addWidget(collectives_, 5);
    row->addWidget(scaling_, 4);

    auto* side = new QFrame(this);
    side->setFrameShape(QFrame::StyledPanel);
    auto* col = new QVBoxLayout(side);
    auto* header = new QHBoxLayout;
    title_ = new QLabel(tr("<b>Bottleneck</b>"), side);
    busy_ = new QLabel(tr("analysing…"), side);
    busy_->setStyleSheet(QStringLiteral("color: #b06000; font-style: italic;"));
    busy_->setVisible(false);
    header->addWidget(title_);
    header->addStretch(1);
    header->addWidget(busy_);
    col->addLayout(header);
    bottleneck_ = new QLabel(tr("Waiting for the first analysis…"), side);
    bottleneck_->setWordWrap(true);
    bottleneck_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    bottleneck_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    col->addWidget(bottleneck_, 1);
    auto* unitRow = new QHBoxLayout;
    unitRow->addWidget(new QLabel(tr("Bandwidth unit:"), side));
    unit_ = new QComboBox(side);
    unit_->addItem(tr("GB/s (gigabytes)"), static_cast<int>(model::RateUnit::GBps));
    unit_->addItem(tr("Gb/s (gigabits)"), static_cast<int>(model::RateUnit::Gbps));
    unitRow->addWidget(unit_);
    unitRow->addStretch(1);
    col->addLayout(unitRow);
    side->setMinimumWidth(180);
    row->addWidget(side, 3);

    connect(unit_, &QComboBox::activated, this,
            [this] { setUnit(static_cast<model::RateUnit>(unit_->currentData().toInt())); });
}

void ChartsPanel::setUnit(model::RateUnit unit)
{
    layers_->setUnit(unit);
    collectives_->setUnit(unit);
    unit_->setCurrentIndex(unit_->findData(static_cast<int>(unit)));
}

void ChartsPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    if (!snapshot || (generation_ != 0 && snapshot->generation < generation_)) return;
    generation_ = snapshot->generation;
    if (!snapshot->analysis) {
        showError(QString::fromStdString(snapshot->analysisError));
        return;
    }
    // Aliasing pointers: the parts live as long as the snapshot that holds them.
    showAnalysis(std::shared_ptr<const model::DesignAnalysis>(snapshot, &*snapshot->analysis));
    showSweeps(snapshot->sweeps ? std::shared_ptr<const std::vector<model::CollectiveSweep>>(snapshot, &*snapshot->sweeps)
                                : nullptr);
}

void ChartsPanel::showAnalysis(std::shared_ptr<const model::DesignAnalysis> analysis)
{
    if (!analysis) return;
    shown_ = std::move(analysis);
    layers_->setLayers(shown_->layers);
    scaling_->setScaling(shown_->scaling, QString::fromStdString(shown_->workload));
    QString html = QStringLiteral("<p style='font-size:large'><b>%1</b></p><p>%2</p>")
                       .arg(bottleneckTitle(shown_->bottleneck.scope).toHtmlEscaped(),
                            QString::fromStdString(shown_->bottleneck.explanation).toHtmlEscaped());
    html += tr("<p style='color:#555'>%1 GPUs in %2 servers; workload %3.</p>")
                .arg(shown_->gpus)
                .arg(shown_->nodes)
                .arg(QString::fromStdString(shown_->workload).toHtmlEscaped());
    for (const auto& w : shown_->warnings)
        html += QStringLiteral("<p style='color:#a33'>⚠ %1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    bottleneck_->setText(html);
}

void ChartsPanel::showError(const QString& message)
{
    bottleneck_->setText(tr("<p style='color:#a33'><b>The design cannot be analysed:</b><br>%1</p>")
                             .arg(message.toHtmlEscaped()));
}

void ChartsPanel::showSweeps(std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps)
{
    collectives_->setSweeps(std::move(sweeps));
}

void ChartsPanel::setBusy(bool busy) { busy_->setVisible(busy); }

QVector<double> ChartsPanel::layerValuesGBps() const { return layers_->valuesGBps(); }

QStringList ChartsPanel::layerCategories() const { return layers_->categories(); }

QList<QPointF> ChartsPanel::scalingPoints() const { return scaling_->points(); }

QString ChartsPanel::bottleneckText() const
{
    return QTextDocumentFragment::fromHtml(bottleneck_->text()).toPlainText();
}

bool ChartsPanel::busyShown() const { return !busy_->isHidden(); }

} // namespace views
