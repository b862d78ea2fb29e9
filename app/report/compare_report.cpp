// The compare report's content (reports.hpp).
#include "app/report/reports.hpp"

#include "app/report/chart_figure.hpp"
#include "app/report/report_format.hpp"
#include "views/charts/result_charts.hpp"

#include <QDate>
#include <QFileInfo>
#include <QPainter>

namespace app::report {

using model::compare::Comparison;
using model::compare::DesignResults;
using Tone = TableCell::Tone;

namespace {

QString designLabel(const Comparison& c, std::size_t i) { return q(c.labels[i]) + QStringLiteral(": ") + q(c.names[i]); }

void cover(ReportDoc& doc, const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    doc.kind = QStringLiteral("Design comparison");
    QStringList names;
    for (std::size_t i = 0; i < ds.size(); ++i) names << designLabel(c, i);
    doc.subject = names.join(QStringLiteral("  vs  "));
    doc.coverLines << QStringLiteral("Generated %1 by Cluster Designer (analytical engine)").arg(QDate::currentDate().toString(Qt::ISODate));
    for (std::size_t i = 0; i < ds.size(); ++i)
        if (!ds[i]->file.empty()) doc.coverLines << q(c.labels[i]) + QStringLiteral(": ") + QFileInfo(q(ds[i]->file)).fileName();
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const auto& k = ds[i]->cost;
        QString v = ds[i]->analysis ? count(ds[i]->analysis->gpus) + QStringLiteral(" GPUs") : QStringLiteral("not analysed");
        // The table's "Monthly cost, as paid" cell: "+" on a lower bound, and no figure
        // (never US$ 0.00) for a design with no price.
        const auto* month = c.row("monthly_USD");
        if (k && month && month->cells[i].value)
            v += QStringLiteral(", ") + q(month->cells[i].text) + (k->rentedDesign ? QStringLiteral("/month rented") : QStringLiteral("/month built"));
        else if (k)
            v += k->rentedDesign ? QStringLiteral(", rent unknown (no price)") : QStringLiteral(", cost unknown (no part has a price)");
        doc.keyFigures.push_back({designLabel(c, i), v});
    }
}

Tone toneOf(const model::compare::Row& r, std::size_t i)
{
    if (r.best && *r.best == i) return Tone::Best;
    if (r.cells[i].lowerBound) return Tone::Missing;
    return r.differs ? Tone::Differs : Tone::Normal;
}

void sideBySide(ReportDoc& doc, const Comparison& c)
{
    doc.pageBreak();
    doc.heading(kCompareSections[1]);
    doc.paragraph(QStringLiteral("Highlighted: the rows where the designs differ by more than 1%; bold green: the better figure; red: a lower bound "
                                 "(some price or power figure is unknown, so the true cost is higher). Money in US dollars."));
    Table t;
    t.header << QStringLiteral("Figure") << QStringLiteral("Unit");
    for (std::size_t i = 0; i < c.labels.size(); ++i) t.header << q(c.labels[i]);
    t.numeric.assign(static_cast<std::size_t>(t.header.size()), true);
    t.numeric[0] = t.numeric[1] = false;
    for (const auto& r : c.rows) {
        std::vector<TableCell> row = {{q(r.label), Tone::Normal}, {q(r.unit), Tone::Muted}};
        for (std::size_t i = 0; i < r.cells.size(); ++i) row.push_back({q(r.cells[i].text), toneOf(r, i)});
        t.rows.push_back(std::move(row));
    }
    doc.table(std::move(t));
}

void costOverTime(ReportDoc& doc, const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    doc.heading(kCompareSections[5]);
    views::ChartSpec chart = views::costOverlay(ds, c.labels);
    for (const auto& x : c.breakEvens)
        if (x.breakEven.months)
            chart.markers.push_back({*x.breakEven.months, QStringLiteral("%1 built vs %2 rented: month %3%4")
                                                              .arg(q(c.labels[x.build]), q(c.labels[x.rent]))
                                                              .arg(*x.breakEven.month())
                                                              .arg(x.breakEven.lowerBound ? QStringLiteral(" or later") : QString())});
    doc.figure(chartFigure(std::move(chart), QStringLiteral("Money spent per GPU by month: a built design pays its capital up front, then power "
                                                            "and operations; a rented one pays its rent.")));
    if (!c.breakEvens.empty()) {
        Table t;
        t.header = {QStringLiteral("Built"), QStringLiteral("Rented"), QStringLiteral("Break-even (per GPU)")};
        for (const auto& x : c.breakEvens)
            t.rows.push_back({{designLabel(c, x.build), Tone::Normal}, {designLabel(c, x.rent), Tone::Normal}, {q(x.breakEven.text), Tone::Normal}});
        doc.table(std::move(t));
    }
    for (std::size_t i = 0; i < ds.size(); ++i) {
        doc.heading(QStringLiteral("Cost of ") + designLabel(c, i), 2);
        if (ds[i]->cost) costSection(doc, *ds[i]->cost);
        else doc.paragraph(QStringLiteral("The cost could not be computed: ") + q(ds[i]->costError));
    }
}

void rules(ReportDoc& doc, const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    doc.heading(kCompareSections[6]);
    Table t;
    t.header = {QStringLiteral("Design"), QStringLiteral("Severity"), QStringLiteral("Rule"), QStringLiteral("Finding")};
    for (std::size_t i = 0; i < ds.size(); ++i) {
        if (!ds[i]->rules) {
            t.rows.push_back({{designLabel(c, i), Tone::Normal}, {QStringLiteral("n/a"), Tone::Muted}, {}, {q(ds[i]->rulesError), Tone::Missing}});
            continue;
        }
        if (ds[i]->rules->findings.empty()) t.rows.push_back({{designLabel(c, i), Tone::Normal}, {QStringLiteral("none"), Tone::Muted}, {}, {}});
        for (const auto& f : ds[i]->rules->findings)
            t.rows.push_back({{designLabel(c, i), Tone::Normal},
                              {q(model::topology::toString(f.severity)), f.severity == model::topology::Severity::Error ? Tone::Missing : Tone::Strong},
                              {q(f.rule), Tone::Normal},
                              {q(f.message), Tone::Normal}});
    }
    doc.table(std::move(t));
}

} // namespace

ReportDoc compareReport(const Comparison& c, const std::vector<const DesignResults*>& ds, std::shared_ptr<const model::Catalog> catalog)
{
    ReportDoc doc;
    cover(doc, c, ds);
    doc.heading(kCompareSections[0]);
    for (const auto& v : c.verdict) doc.callout(q(v));
    for (std::size_t i = 0; i < ds.size(); ++i) {
        QString what = ds[i]->analysis && ds[i]->analysis->hasStep ? QStringLiteral("workload ") + q(ds[i]->analysis->step.workload) : QStringLiteral("no training step");
        if (ds[i]->analysis) what += QStringLiteral("; bottleneck: ") + q(model::compare::scopeWords(ds[i]->analysis->bottleneck.scope));
        doc.paragraph(what + QLatin1Char('.'), designLabel(c, i) + QLatin1Char('.'));
    }
    sideBySide(doc, c);
    doc.heading(kCompareSections[2]);
    doc.figure(chartFigure(views::busbwOverlay(ds, c.labels), QStringLiteral("All-reduce busbw over every GPU of each design, 8 B to 16 GiB.")));
    doc.heading(kCompareSections[3]);
    doc.figure(chartFigure(views::scalingOverlay(ds, c.labels), QStringLiteral("Weak scaling efficiency of each design's workload.")));
    doc.heading(kCompareSections[4]);
    doc.figure(chartFigure(views::layersOverlay(ds, c.labels), QStringLiteral("Per-GPU bandwidth by layer (log scale)."), 0.45));
    costOverTime(doc, c, ds);
    rules(doc, c, ds);
    sourcesSection(doc, ds, *catalog);
    return doc;
}

} // namespace app::report
