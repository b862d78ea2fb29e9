#include "views/charts/charts_panel.hpp"

#include "views/common/number_text.hpp"
#include "views/common/step_text.hpp"

#include "model/analysis/chart_csv.hpp"
#include "views/charts/chart_legend.hpp"
#include "views/charts/chart_style.hpp"
#include "views/charts/chart_tools.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/charts/layer_chart.hpp"
#include "views/charts/scaling_chart.hpp"
#include "views/common/plural.hpp"
#include "views/common/reflow_label.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/compare/scope_title.hpp"
#include "model/design/part_counts.hpp"

#include <QChartView>
#include <QComboBox>
#include <QFrame>
#include <QGraphicsLayout>
#include <QLegend>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVariant>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace views {

QString ChartsPanel::bottleneckTitle(model::Scope s)
{
    return QString::fromUtf8(model::compare::scopeTitle(s)); // the words the comparison uses too
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
    row->addWidget(layers_, 4);
    row->addWidget(collectives_, 5);
    row->addWidget(scaling_, 4);

    auto* side = new QFrame(this);
    side->setFrameShape(QFrame::StyledPanel);
    auto* col = new QVBoxLayout(side);
    auto* header = new QHBoxLayout;
    title_ = new QLabel(tr("<b>Bottleneck</b>"), side);
    busy_ = new QLabel(tr("analysing…"), side);
    busy_->setStyleSheet(QStringLiteral("color: #b06000; font-style: italic;"));
    // Fixed size, shown by its text: showing and hiding it re-laid out the panel (and its
    // word-wrapped bottleneck text) twice per edit.
    busy_->setFixedSize(busy_->sizeHint());
    busy_->clear();
    header->addWidget(title_);
    header->addStretch(1);
    header->addWidget(busy_);
    col->addLayout(header);
    bottleneck_ = new ReflowLabel;
    bottleneck_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    bottleneck_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bottleneck_->setText(tr("Waiting for the first analysis…"));
    // Scrolled when the explanation and its warnings are taller than the box (each warning adds
    // a paragraph; at 1280 x 800 two of them ran past the box's foot and were cut off).
    auto* scroll = new QScrollArea(side);
    scroll->setObjectName(QStringLiteral("bottleneckScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(bottleneck_);
    col->addWidget(scroll, 1);
    // The unit choice under its label, not beside it: side by side they were cut short
    // ("Bandwidth un", "GB/s (gigal") in a narrow panel or in presentation type.
    auto* unitLabel = new QLabel(tr("Bandwidth unit:"), side);
    unitLabel->setWordWrap(true);
    col->addWidget(unitLabel);
    unit_ = new QComboBox(side);
    unit_->addItem(tr("GB/s"), static_cast<int>(model::RateUnit::GBps));
    unit_->addItem(tr("Gb/s"), static_cast<int>(model::RateUnit::Gbps));
    unit_->setItemData(0, tr("gigabytes per second (NVLink, HBM and spec sheets of GPUs)"), Qt::ToolTipRole);
    unit_->setItemData(1, tr("gigabits per second (network links and NICs; 8 Gb/s = 1 GB/s)"), Qt::ToolTipRole);
    col->addWidget(unit_, 0, Qt::AlignLeft);
    // No fixed minimum width: the header ("Bottleneck" and the busy note) sets it, so large
    // type widens the panel instead of cutting the title short.
    row->addWidget(side, 3);

    connect(unit_, &QComboBox::activated, this,
            [this] { setUnit(static_cast<model::RateUnit>(unit_->currentData().toInt())); });

    // Export and unit toggles of each chart (context menu, corner button).
    tools_[0] = new ChartTools(layers_, {QStringLiteral("layer-bandwidth"), [this] { return model::layersCsv(layers_->layers()); },
                                         [this] { return layers_->unit(); }, [this](model::RateUnit u) { layers_->setUnit(u); }});
    tools_[1] = new ChartTools(collectives_->chartView(),
                               {QStringLiteral("busbw-vs-size"),
                                [this] {
                                    const auto s = collectives_->sweeps();
                                    return s ? model::sweepsCsv(*s) : model::sweepsCsv({});
                                },
                                [this] { return collectives_->unit(); }, [this](model::RateUnit u) { collectives_->setUnit(u); },
                                collectives_->legend()});
    tools_[2] = new ChartTools(scaling_, {QStringLiteral("scaling-efficiency"), [this] { return model::scalingCsv(scaling_->scaling()); },
                                          nullptr, nullptr});
}

void ChartsPanel::setDark(bool dark)
{
    setProperty("darkTheme", dark);
    for (QChartView* v : findChildren<QChartView*>()) {
        chart_style::apply(v->chart(), dark);
        v->setBackgroundBrush(v->chart()->backgroundBrush());
    }
    layers_->setUnit(layers_->unit()); // re-colours its value labels
    collectives_->syncStyle();         // its legend takes the chart's colours
    if (shown_ && !errorShown_) showAnalysis(shown_); // the bottleneck text's colours
}

void ChartsPanel::setTypeScale(double factor)
{
    for (QChartView* v : findChildren<QChartView*>()) chart_style::setTypeScale(v->chart(), factor);
    layers_->setUnit(layers_->unit()); // value labels and decade labels follow the new size
    collectives_->syncStyle();         // legend type and the plot's room for its axis title
}

void ChartsPanel::setUnit(model::RateUnit unit)
{
    layers_->setUnit(unit);
    collectives_->setUnit(unit);
    unit_->setCurrentIndex(unit_->findData(static_cast<int>(unit)));
    for (ChartTools* t : tools_)
        if (t) t->unitChanged();
}

namespace {
/// `s` with its first letter in capitals ("No scaling curve: ...").
QString sentenceCase(QString s)
{
    if (!s.isEmpty()) s[0] = s[0].toUpper();
    return s;
}

/// True when `a` and `b` hold the same figures (nothing on screen would change).
bool sameFigures(const model::DesignAnalysis& a, const model::DesignAnalysis& b)
{
    return model::toJson(a, true) == model::toJson(b, true);
}

bool sameCurves(const std::vector<model::CollectiveSweep>& a, const std::vector<model::CollectiveSweep>& b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].op != b[i].op || a[i].gpus != b[i].gpus || a[i].scope != b[i].scope || a[i].points.size() != b[i].points.size())
            return false;
        for (std::size_t k = 0; k < a[i].points.size(); ++k) {
            const model::CollectiveResult& p = a[i].points[k];
            const model::CollectiveResult& q = b[i].points[k];
            if (p.bytes != q.bytes || p.time.inSeconds() != q.time.inSeconds() || p.busbw.inGBps() != q.busbw.inGBps() ||
                p.algbw.inGBps() != q.algbw.inGBps() || p.algorithm != q.algorithm || p.protocol != q.protocol)
                return false;
        }
    }
    return true;
}

/// True when the layer bars would read the same (every field a bar or its tooltip shows).
bool sameLayers(const std::vector<model::LayerBandwidth>& a, const std::vector<model::LayerBandwidth>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return x.scope == y.scope && x.technology == y.technology && x.perGpu.inGBps() == y.perGpu.inGBps() && x.note == y.note;
    });
}

bool sameScaling(const model::DesignAnalysis& a, const model::DesignAnalysis& b)
{
    return a.workload == b.workload && a.scalingNote == b.scalingNote && std::equal(a.scaling.begin(), a.scaling.end(), b.scaling.begin(), b.scaling.end(),
                                                  [](const auto& x, const auto& y) { return x.gpus == y.gpus && x.efficiency == y.efficiency && x.fitsInMemory == y.fitsInMemory; });
}
} // namespace

void ChartsPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    if (!snapshot || (generation_ != 0 && snapshot->generation < generation_)) return;
    generation_ = snapshot->generation;
    if (!snapshot->analysis) {
        showError(QString::fromStdString(snapshot->analysisError));
        return;
    }
    // Most edits (a move, a rename) leave the figures as they were: then the charts are not
    // laid out and drawn again (that is most of an edit's cost on the UI thread).
    const bool kindChanged = serverKind_ != snapshot->counts.serverKind;
    serverKind_ = snapshot->counts.serverKind;
    if (errorShown_ || !shown_ || kindChanged || !sameFigures(*shown_, *snapshot->analysis))
        showAnalysis(std::shared_ptr<const model::DesignAnalysis>(snapshot, &*snapshot->analysis)); // aliasing: lives with the snapshot
    const bool sameSweeps = snapshot->sweeps ? shownSweeps_ && sameCurves(*shownSweeps_, *snapshot->sweeps) : !shownSweeps_;
    if (!sameSweeps)
        showSweeps(snapshot->sweeps ? std::shared_ptr<const std::vector<model::CollectiveSweep>>(snapshot, &*snapshot->sweeps)
                                    : nullptr);
    collectives_->setMeasured(snapshot->imported ? std::shared_ptr<const model::io::CurveComparison>(snapshot, &snapshot->imported->comparison)
                                                 : nullptr);
    // New axis labels or legend names re-lay a chart out in a posted event, which came after
    // the chart's scene had painted the new curves once: each changed chart was painted twice
    // per edit. Laid out now, it is painted once, finished (issue 11 item 7).
    for (QChartView* v : {static_cast<QChartView*>(layers_), collectives_->chartView(), static_cast<QChartView*>(scaling_)}) {
        if (QGraphicsLayout* l = v->chart()->legend()->layout()) l->activate(); // new series names
        if (QGraphicsLayout* l = v->chart()->layout()) l->activate();
    }
}

void ChartsPanel::showAnalysis(std::shared_ptr<const model::DesignAnalysis> analysis)
{
    if (!analysis) return;
    errorShown_ = false;
    // A chart whose figures did not change (the layers after most deletes) is not set again:
    // setting it re-laid out and repainted the whole chart. The same analysis shown again
    // (a theme change) sets everything, as before.
    const std::shared_ptr<const model::DesignAnalysis> previous = std::exchange(shown_, std::move(analysis));
    const bool again = previous == shown_ || !previous;
    if (again || !sameLayers(previous->layers, shown_->layers)) layers_->setLayers(shown_->layers);
    if (again || !sameScaling(*previous, *shown_)) scaling_->setScaling(shown_->scaling, shown_->workloadError.empty() ? QString::fromStdString(shown_->workload) : QString(),
                                                                             sentenceCase(QString::fromStdString(shown_->scalingNote)));
    QString html = QStringLiteral("<p style='font-size:large'><b>%1</b></p><p>%2</p>")
                       .arg(bottleneckTitle(shown_->bottleneck.scope).toHtmlEscaped(),
                            keepUnitsWithNumbers(QString::fromStdString(shown_->bottleneck.explanation)).toHtmlEscaped());
    // Secondary text and warnings in colours that read on the light and the dark theme (the
    // fixed #555 was dark grey on the dark panel).
    // The theme the window last set wins over the panel's palette, which follows it only after
    // the palette change reaches the panel (back to light, the grey text stayed near-white).
    const QVariant theme = property("darkTheme");
    const bool darkPanel = theme.isValid() ? theme.toBool() : bottleneck_->palette().color(QPalette::Window).lightness() < 128;
    const QString subtle = darkPanel ? QStringLiteral("#b4bdc9") : QStringLiteral("#555");
    const QString warn = darkPanel ? QStringLiteral("#ff8a80") : QStringLiteral("#a33");
    // A split design says so here: how many islands and the GPUs of each (the warning below
    // adds the servers of each and where the figures stop).
    const QString split = shown_->islands.size() > 1
                              ? tr(", <b>split into %1 islands of %2 GPUs</b>")
                                    .arg(shown_->islands.size())
                                    .arg(QString::fromStdString(model::analysis::islandGpuList(shown_->islands)))
                              : QString();
    html += tr("<p style='color:%4'>%1 in %2%5; workload %3.</p>")
                .arg(countOf(shown_->gpus, tr("GPU"), tr("GPUs")),
                     countOf(shown_->nodes, QString::fromStdString(model::serverNoun(serverKind_, 1)), QString::fromStdString(model::serverNoun(serverKind_, 2))))
                .arg((shown_->workloadError.empty() ? QString::fromStdString(shown_->workload)
                                                    : tr("%1 (its settings cannot be read)").arg(QString::fromStdString(shown_->workload)))
                         .toHtmlEscaped(),
                     subtle, split);
    // The step the bottleneck speaks of, in figures (never for a run that cannot start).
    if (shown_->hasStep && shown_->step.fitsInMemory) {
        QString step = stepSummary(shown_->step);
        step[0] = step[0].toUpper();
        html += QStringLiteral("<p>%1</p>").arg(keepUnitsWithNumbers(step).toHtmlEscaped());
    }
    // Why this workload, when the design names none: its first clause in the narrow panel (the
    // whole note ran past the panel's height, the figures only reached by scrolling), all of
    // it on hover.
    const QString note = sentenceCase(QString::fromStdString(shown_->workloadNote));
    if (!note.isEmpty()) {
        const qsizetype cut = note.indexOf(QStringLiteral(" ("));
        html += QStringLiteral("<p style='color:%2'>%1.</p>").arg((cut > 0 ? note.left(cut) : note).toHtmlEscaped(), subtle);
    }
    bottleneck_->setToolTip(note.isEmpty() ? QString() : note + QLatin1Char('.'));
    for (const auto& w : shown_->warnings)
        html += QStringLiteral("<p style='color:%2'>⚠ %1</p>").arg(QString::fromStdString(w).toHtmlEscaped(), warn);
    bottleneck_->setTextIfChanged(html);
}

void ChartsPanel::showError(const QString& message)
{
    errorShown_ = true;
    bottleneck_->setTextIfChanged(tr("<p style='color:#a33'><b>The design cannot be analysed:</b><br>%1</p>")
                             .arg(message.toHtmlEscaped()));
}

void ChartsPanel::showSweeps(std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps)
{
    shownSweeps_ = sweeps;
    collectives_->setSweeps(std::move(sweeps));
}

void ChartsPanel::setBusy(bool busy) { busy_->setText(busy ? tr("analysing…") : QString()); }

QVector<double> ChartsPanel::layerValuesGBps() const { return layers_->valuesGBps(); }

QStringList ChartsPanel::layerCategories() const { return layers_->categories(); }

QList<QPointF> ChartsPanel::scalingPoints() const { return scaling_->points(); }

QString ChartsPanel::bottleneckText() const
{
    return QTextDocumentFragment::fromHtml(bottleneck_->text()).toPlainText();
}

bool ChartsPanel::busyShown() const { return !busy_->text().isEmpty(); }

} // namespace views
