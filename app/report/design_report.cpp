// The design report's content (reports.hpp): one function per section.
#include "app/report/reports.hpp"

#include "app/report/chart_figure.hpp"
#include "app/report/report_format.hpp"
#include "app/report/topology_picture.hpp"
#include "views/charts/result_charts.hpp"
#include "model/analysis/memory_advice.hpp"
#include "model/analysis/memory_fit.hpp"

#include <QDate>
#include <QFileInfo>
#include <QPainter>

#include <map>

namespace app::report {

using model::compare::DesignResults;

namespace {

QString layerName(model::Scope s)
{
    switch (s) {
    case model::Scope::Hbm: return QStringLiteral("HBM");
    case model::Scope::IntraNode: return QStringLiteral("Intra-node");
    case model::Scope::NodeBoundary: return QStringLiteral("Node boundary");
    case model::Scope::Fabric: return QStringLiteral("Fabric");
    default: return q(model::toString(s));
    }
}


/// "32 x DGX H100, 8 x QM9700 (leaf), ..." from the BOM.
QString partsText(const model::topology::Bom& b)
{
    QStringList parts;
    for (const auto& s : b.servers) parts << count(s.count) + QStringLiteral(" x ") + q(s.name);
    for (const auto& s : b.switches) parts << count(s.count) + QStringLiteral(" x ") + q(s.name) + QStringLiteral(" (") + q(toString(s.tier)) + QLatin1Char(')');
    return parts.join(QStringLiteral(", "));
}

void coverPage(ReportDoc& doc, const DesignResults& r)
{
    doc.kind = QStringLiteral("Design report");
    doc.subject = q(r.design->name);
    doc.coverLines << QStringLiteral("Generated %1 by Cluster Designer (analytical engine)").arg(QDate::currentDate().toString(Qt::ISODate));
    if (!r.file.empty()) doc.coverLines << QStringLiteral("Design file: ") + QFileInfo(q(r.file)).fileName();
    if (r.analysis) {
        doc.keyFigures.push_back({QStringLiteral("GPUs"), count(r.analysis->gpus) + QStringLiteral(" in ") + count(r.analysis->nodes) +
                                                           (r.analysis->nodes == 1 ? QStringLiteral(" server") : QStringLiteral(" servers"))});
        if (const auto* ar = r.allReduce8GiB())
            doc.keyFigures.push_back({QStringLiteral("All-reduce 8 GiB busbw"), gbps(ar->busbw.inGBps())});
        if (r.analysis->hasStep)
            doc.keyFigures.push_back({q(r.analysis->step.workload) + QStringLiteral(" tokens/s"),
                                      model::memoryOverflowWarning(r.analysis->warnings) ? QStringLiteral("does not fit in GPU memory")
                                                                                         : count(r.analysis->step.tokensPerSecond)});
        doc.keyFigures.push_back({QStringLiteral("Bottleneck"), q(model::compare::scopeWords(r.analysis->bottleneck.scope))});
    }
    if (r.cost) {
        const auto& c = *r.cost;
        // A price of US$ 0 is a known price: capital US$ 0 and the month's power are figures.
        if (c.build.anyPriced())
            doc.keyFigures.push_back({c.rentedDesign ? QStringLiteral("Capital cost, if built") : QStringLiteral("Capital cost"),
                                      usd(c.build.capitalUsd) + (c.build.missing().empty() ? QString() : QStringLiteral(" + unpriced parts"))});
        // A built design's month is a lower bound when a part has no price (no amortisation,
        // no operations share for it) or no power figure, marked as the capital figure is.
        // With no price at all the month is unknown, never "US$ 0.00 or more".
        const bool monthKnown = c.rentedDesign ? c.rent.any() : c.build.anyPriced();
        const bool monthLowerBound = c.rentedDesign ? !c.rent.complete() : c.build.monthlyLowerBound();
        doc.keyFigures.push_back({c.rentedDesign ? QStringLiteral("Rent per month") : QStringLiteral("Cost per month (built)"),
                                  !monthKnown ? (c.rentedDesign ? QStringLiteral("unknown: no rent price") : QStringLiteral("unknown: no part has a price"))
                                              : usd(c.primaryMonthlyUsd()) + (monthLowerBound ? QStringLiteral(" or more") : QString())});
        if (c.breakEven.month())
            doc.keyFigures.push_back({QStringLiteral("Break-even, build vs rent"),
                                      QStringLiteral("month ") + QString::number(*c.breakEven.month()) + (c.breakEven.lowerBound ? QStringLiteral(" or later") : QString())});
    }
}

void summarySection(ReportDoc& doc, const DesignResults& r)
{
    doc.heading(kDesignSections[0]);
    for (const QString& v : designVerdict(r)) doc.callout(v);
    if (r.bom) doc.paragraph(q(r.design->name) + QStringLiteral(": ") + partsText(*r.bom) + QLatin1Char('.'), QStringLiteral("Parts."));
    if (!r.analysis) {
        doc.paragraph(QStringLiteral("The engine could not analyse this design: ") + q(r.analysisError), QStringLiteral("Analysis."));
        return;
    }
    const auto& a = *r.analysis;
    if (const auto* ar = r.allReduce8GiB())
        doc.paragraph((a.islands.size() > 1 ? QStringLiteral("An 8 GiB all-reduce over the %1 GPUs of the largest island reaches %2 bus "
                                                             "bandwidth (%3 algorithm, %4, algbw %5).")
                                            : QStringLiteral("An 8 GiB all-reduce over all %1 GPUs reaches %2 bus bandwidth (%3 algorithm, %4, algbw %5)."))
                          .arg(count(ar->gpus), gbps(ar->busbw.inGBps()), QString::fromLatin1(model::toString(ar->algorithm)), duration(ar->time.inSeconds()), gbps(ar->algbw.inGBps())),
                      QStringLiteral("Collectives."));
    if (const std::string* overflow = a.hasStep ? model::memoryOverflowWarning(a.warnings) : nullptr) {
        // The ways out the engine checked follow the warning's first "; " (memory_fit.hpp).
        const std::size_t cut = overflow->find("; ");
        const QString ways = cut == std::string::npos ? QString() : q(overflow->substr(cut + 2));
        doc.paragraph(QStringLiteral("%1 does not fit in GPU memory on this design with tensor %2, pipeline %3, data %4 parallel: it "
                                     "needs %5, so the run cannot start: no step time, tokens/s, MFU or scaling figure is given.%6")
                          .arg(q(a.step.workload), QString::number(a.step.tp), QString::number(a.step.pp), QString::number(a.step.dp),
                               q(model::analysis::memoryNeedWords(a.step.stateGB, a.step.activationsGB)),
                               ways.isEmpty() ? QString() : QStringLiteral(" Ways out: ") + ways + QLatin1Char('.')),
                      QStringLiteral("Training."));
    } else if (a.hasStep) {
        const auto& s = a.step;
        doc.paragraph(QStringLiteral("%1 with tensor %2, pipeline %3, data %4 parallel (global batch %5): a step takes %6, %7 tokens/s, "
                                     "model FLOPs utilisation %8; weak-scaling efficiency at %9 GPUs %10.")
                          .arg(q(s.workload), QString::number(s.tp), QString::number(s.pp), QString::number(s.dp), count(s.globalBatch),
                               duration(s.stepS), count(s.tokensPerSecond), percent(s.mfu),
                               count(a.scaling.empty() ? a.reachableGpus : a.scaling.back().gpus))
                          .arg(a.scaling.empty() ? QStringLiteral("n/a") : percent(a.scaling.back().efficiency)),
                      QStringLiteral("Training."));
    }
    // The scope's words, then why; not twice where the explanation opens with them ("the
    // pipeline bubble: the pipeline bubble ((pp-1)/(v m) ...").
    const QString scope = q(model::compare::scopeWords(a.bottleneck.scope)), why = q(a.bottleneck.explanation);
    doc.paragraph(why.startsWith(scope) ? why : scope + QStringLiteral(": ") + why, QStringLiteral("Bottleneck:"));
    for (const auto& w : a.warnings) doc.paragraph(q(w), QStringLiteral("Warning:"));
}

} // namespace

QString topologySummary(const model::DesignAnalysis& a)
{
    const QString servers = a.nodes == 1 ? QStringLiteral("1 server") : count(a.nodes) + QStringLiteral(" servers");
    if (a.bisectionGBps <= 0)
        return servers + QStringLiteral(" with %1 GPUs and no switched fabric between servers (no bisection or oversubscription to state).")
                             .arg(count(a.gpus));
    return servers + QStringLiteral(" with %1 GPUs; fabric bisection %2 one direction, worst leaf/spine oversubscription %3:1.")
                         .arg(count(a.gpus), gbps(a.bisectionGBps), number(a.oversubscription, 3));
}

namespace {

void topologySection(ReportDoc& doc, const DesignResults& r, std::shared_ptr<const model::Catalog> catalog)
{
    doc.pageBreak();
    doc.heading(kDesignSections[1]);
    if (r.analysis)
        doc.paragraph(topologySummary(*r.analysis));
    doc.figure(topologyFigure(*r.design, std::move(catalog)));
}

void bomSection(ReportDoc& doc, const DesignResults& r)
{
    doc.heading(kDesignSections[2]);
    if (!r.bom) {
        doc.paragraph(QStringLiteral("The bill of materials could not be computed: ") + q(r.bomError));
        return;
    }
    const auto& b = *r.bom;
    Table t;
    t.header = {QStringLiteral("Part"), QStringLiteral("Model"), QStringLiteral("Detail"), QStringLiteral("Count")};
    t.numeric = {false, false, false, true};
    for (const auto& s : b.servers)
        t.rows.push_back({cell(s.appliance ? QStringLiteral("Appliance") : QStringLiteral("Server")), cell(q(s.name)),
                          cell(count(s.gpus) + QStringLiteral(" GPUs")), cell(count(s.count))});
    for (const auto& s : b.switches)
        t.rows.push_back({cell(QStringLiteral("Switch")), cell(q(s.name)), cell(q(model::toString(s.tier))), cell(count(s.count))});
    for (const auto& n : b.nics)
        t.rows.push_back({cell(QStringLiteral("Compute NIC")), cell(q(n.name)), cell(q(n.model)), cell(count(static_cast<double>(n.count)))});
    for (const auto& c : b.cables) {
        if (c.dac)
            t.rows.push_back({cell(QStringLiteral("Cable")), cell(QStringLiteral("copper DAC")), cell(q(c.between) + QStringLiteral(", within a rack")),
                              cell(count(static_cast<double>(c.dac)))});
        if (c.optical)
            t.rows.push_back({cell(QStringLiteral("Cable")), cell(QStringLiteral("optical")), cell(q(c.between) + QStringLiteral(", between racks")),
                              cell(count(static_cast<double>(c.optical)))});
    }
    for (const auto& x : b.transceivers)
        t.rows.push_back({cell(QStringLiteral("Transceiver")), cell(q(x.form())), cell(q(x.end) + QStringLiteral(" end")), cell(count(static_cast<double>(x.count)))});
    doc.table(std::move(t));
    doc.paragraph(q(model::topology::powerText(b)), QStringLiteral("Power:"));
    doc.paragraph(QStringLiteral("%1; racks: %2.").arg(q(model::topology::rackUnitsText(b)), q(model::topology::racksText(b))), QStringLiteral("Space:"));
    doc.paragraph(q(b.reachRule), QStringLiteral("Cable rule:"));
    doc.paragraph(q(b.transceiverRule), QStringLiteral("Transceiver rule:"));
}

void layersSection(ReportDoc& doc, const model::DesignAnalysis& a)
{
    doc.heading(kDesignSections[3]);
    doc.paragraph(QStringLiteral("What one GPU can send in one direction through each layer at the spec rate (NVLink's \"900 GB/s\" is 450 GB/s "
                                 "each way; a 400 Gb/s NIC is 50 GB/s)."));
    doc.figure(chartFigure(views::layersChart(a), QStringLiteral("Per-GPU bandwidth by layer (log scale)."), 0.36));
    Table t;
    t.header = {QStringLiteral("Layer"), QStringLiteral("Technology"), QStringLiteral("GB/s per GPU"), QStringLiteral("Gb/s per GPU"), QStringLiteral("How it is derived")};
    t.numeric = {false, false, true, true, false};
    for (const auto& l : a.layers)
        t.rows.push_back({cell(layerName(l.scope), TableCell::Tone::Strong), cell(q(l.technology)), cell(figure(l.perGpu.inGBps())),
                          cell(figure(l.perGpu.inGbps())), cell(q(l.note), TableCell::Tone::Muted)});
    doc.table(std::move(t));
}

void busbwSection(ReportDoc& doc, const DesignResults& r)
{
    doc.heading(kDesignSections[4]);
    if (!r.sweeps || r.sweeps->empty()) {
        doc.paragraph(QStringLiteral("No curve: the design has fewer than two connected GPUs") +
                      (r.sweepsError.empty() ? QString() : QStringLiteral(" (") + q(r.sweepsError) + QLatin1Char(')')) + QLatin1Char('.'));
        return;
    }
    doc.figure(chartFigure(views::busbwChart(*r.sweeps), QStringLiteral("busbw against message size, 8 B to 16 GiB, as nccl-tests -b 8 -e 16G -f 2 would sweep."), 0.52));
    const double sizes[] = {1024.0 * 1024, 64.0 * 1024 * 1024, 1024.0 * 1024 * 1024, 8.0 * 1024 * 1024 * 1024};
    Table t;
    t.header = {QStringLiteral("Collective"), QStringLiteral("GPUs"), QStringLiteral("1 MiB"), QStringLiteral("64 MiB"), QStringLiteral("1 GiB"),
                QStringLiteral("8 GiB"), QStringLiteral("Algorithm at 8 GiB")};
    t.numeric = {false, true, true, true, true, true, false};
    for (const auto& s : *r.sweeps) {
        std::vector<TableCell> row = {cell(views::collectiveLabel(s.op)), cell(count(s.gpus))};
        QString algorithm;
        for (double size : sizes) {
            QString v = QStringLiteral("n/a");
            for (const auto& p : s.points)
                if (std::abs(p.bytes - size) < 0.5) {
                    v = figure(p.busbw.inGBps());
                    algorithm = QString::fromLatin1(model::toString(p.algorithm)) + QStringLiteral(" (") + QString::fromLatin1(model::toString(p.protocol)) + QLatin1Char(')');
                }
            row.push_back(cell(v));
        }
        row.push_back(cell(algorithm, TableCell::Tone::Muted));
        t.rows.push_back(std::move(row));
    }
    doc.paragraph(QStringLiteral("busbw in GB/s at four sizes; the last curve of each collective covers every GPU."));
    doc.table(std::move(t));
}

void scalingSection(ReportDoc& doc, const model::DesignAnalysis& a)
{
    doc.heading(kDesignSections[5]);
    if (!a.workloadNote.empty()) doc.paragraph(q(a.workloadNote).left(1).toUpper() + q(a.workloadNote).mid(1) + QLatin1Char('.'));
    if (!a.scaling.empty())
        doc.figure(chartFigure(views::scalingChart(a), QStringLiteral("Throughput per GPU relative to one GPU, as the GPU count grows."), 0.52));
    else if (!a.scalingNote.empty())
        doc.paragraph(q(a.scalingNote).left(1).toUpper() + q(a.scalingNote).mid(1) + QLatin1Char('.'));
    if (!a.hasStep) return;
    const auto& s = a.step;
    doc.heading(QStringLiteral("One training step of ") + q(s.workload), 2);
    if (model::memoryOverflowWarning(a.warnings))
        doc.callout(QStringLiteral("Not a run: %1 does not fit in GPU memory on this design. The figures below are what a step would "
                                   "take if it did, to show which lever matters; the run itself cannot start.")
                        .arg(q(s.workload)));
    Table t;
    t.header = {QStringLiteral("Part of the step"), QStringLiteral("Time")};
    t.numeric = {false, true};
    const std::pair<const char*, double> parts[] = {{"Compute (incl. memory-bound layer work)", s.computeS}, {"Tensor-parallel collectives, exposed", s.tpExposedS},
                                                    {"Pipeline bubble", s.ppBubbleS}, {"Pipeline transfers", s.ppTransferS},
                                                    {"Data-parallel gradient reduction, exposed", s.dpExposedS}};
    for (const auto& [name, v] : parts) t.rows.push_back({cell(QString::fromLatin1(name)), cell(duration(v))});
    t.rows.push_back({cell(QStringLiteral("Step"), TableCell::Tone::Strong), cell(duration(s.stepS), TableCell::Tone::Strong)});
    doc.table(std::move(t));
    doc.paragraph(QStringLiteral("tp %1, pp %2, dp %3, micro-batch %4, global batch %5 (%6), %7, recompute %8; %9; "
                                 "%10 tokens/s, MFU %11.")
                      .arg(QString::number(s.tp), QString::number(s.pp), QString::number(s.dp), QString::number(s.microBatch), count(s.globalBatch),
                           s.gradAccumulation == 1 ? QStringLiteral("1 micro-batch") : QString::number(s.gradAccumulation) + QStringLiteral(" micro-batches"), q(s.precision), q(s.recompute),
                           q(model::analysis::memoryNeedWords(s.stateGB, s.activationsGB)))
                      .arg(count(s.tokensPerSecond), percent(s.mfu)),
                  QStringLiteral("Layout."));
    if (!a.layoutNote.empty()) doc.paragraph(q(a.layoutNote).left(1).toUpper() + q(a.layoutNote).mid(1) + QLatin1Char('.'), QStringLiteral("Why this layout."));
    if (s.idleGpus > 0)
        doc.paragraph(QStringLiteral("%1 of the %2 GPUs stay idle: %3 data-parallel replicas of %4 GPUs (tensor x pipeline parallel) use %5.")
                          .arg(count(s.idleGpus), count(s.gpus + s.idleGpus), count(s.dp), count(s.tp * s.pp), count(s.gpus)),
                      QStringLiteral("Idle GPUs."));
    if (a.levers.empty()) return;
    Table l;
    l.header = {QStringLiteral("Lever"), QStringLiteral("Step"), QStringLiteral("Tokens/s"), QStringLiteral("MFU")};
    l.numeric = {false, true, true, true};
    for (const auto& e : a.levers) {
        // A lever that cannot run has no step: its description says why, the figures stay empty.
        const bool runs = e.stepS > 0;
        l.rows.push_back({cell(q(e.description)), cell(runs ? duration(e.stepS) : QString()),
                          cell(runs ? count(e.tokensPerSecond) : QString()), cell(runs ? percent(e.mfu) : QString())});
    }
    doc.heading(QStringLiteral("What each lever would change"), 2);
    doc.table(std::move(l));
}

void bottleneckSection(ReportDoc& doc, const model::DesignAnalysis& a)
{
    // Without checks (a workload that does not fit in GPU memory never reaches the network)
    // the heading promises none.
    doc.heading(a.bottleneck.checks.empty() ? kBottleneckOnlySection : kDesignSections[6]);
    doc.paragraph(q(a.bottleneck.explanation), q(model::compare::scopeWords(a.bottleneck.scope)) + QLatin1Char(':'));
    if (a.bottleneck.checks.empty()) return;
    doc.paragraph(QStringLiteral("Before blaming the network, check, most relevant first:"));
    QStringList items;
    for (const auto& c : a.bottleneck.checks) items << q(c);
    doc.bullets(items);
}

} // namespace

ReportDoc designReport(const DesignResults& r, std::shared_ptr<const model::Catalog> catalog)
{
    ReportDoc doc;
    coverPage(doc, r);
    summarySection(doc, r);
    topologySection(doc, r, catalog);
    bomSection(doc, r);
    if (r.analysis) {
        layersSection(doc, *r.analysis);
        busbwSection(doc, r);
        scalingSection(doc, *r.analysis);
        bottleneckSection(doc, *r.analysis);
    } else {
        for (int i = 3; i <= 6; ++i) {
            doc.heading(kDesignSections[i]);
            doc.paragraph(QStringLiteral("Not available: the engine could not analyse this design (") + q(r.analysisError) + QStringLiteral(")."));
        }
    }
    if (r.rules) rulesSection(doc, *r.rules, {});
    else rulesSection(doc, {}, r.rulesError);
    doc.heading(kDesignSections[8]);
    if (r.cost) costSection(doc, *r.cost);
    else doc.paragraph(QStringLiteral("The cost could not be computed: ") + q(r.costError));
    sourcesSection(doc, {&r}, *catalog);
    return doc;
}

} // namespace app::report
