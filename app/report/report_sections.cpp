// Sections shared by the design and compare reports: rule findings, cost, assumptions and
// sources; and the single-design verdict (reports.hpp).
#include "app/report/reports.hpp"

#include "app/report/chart_figure.hpp"
#include "app/report/report_format.hpp"
#include "model/analysis/calibration_list.hpp"
#include "views/charts/result_charts.hpp"

#include <QPainter>

#include <set>

namespace app::report {

using model::compare::DesignResults;
using Tone = TableCell::Tone;

namespace {

QString missingNote(const model::cost::CostResult& c)
{
    const auto n = c.build.missing().size();
    return n ? QStringLiteral(" (%1 part%2 without a price not counted)").arg(n).arg(n == 1 ? "" : "s") : QString();
}

void capitalTable(ReportDoc& doc, const model::cost::BuildCost& b)
{
    Table t;
    t.header = {QStringLiteral("Item"), QStringLiteral("Count"), QStringLiteral("Unit price"), QStringLiteral("Total"), QStringLiteral("Source")};
    t.numeric = {false, true, true, true, false};
    for (const auto& l : b.lines) {
        if (l.priced())
            t.rows.push_back({cell(q(l.item)), cell(count(static_cast<double>(l.count))), cell(usd(*l.unitUsd)), cell(usd(l.totalUsd())),
                              cell(q(l.provenance.label) + (l.provenance.caveat.empty() ? QString() : QStringLiteral(". ") + q(l.provenance.caveat)), Tone::Muted)});
        else
            t.rows.push_back({cell(q(l.item)), cell(count(static_cast<double>(l.count))), cell(QStringLiteral("no price"), Tone::Missing),
                              cell(QStringLiteral("not counted"), Tone::Missing), cell(q(l.missingReason), Tone::Missing)});
    }
    t.rows.push_back({cell(QStringLiteral("Capital cost, priced parts"), Tone::Strong), cell({}), cell({}),
                      cell(b.anyPriced() ? usd(b.capitalUsd) : QStringLiteral("none priced"), b.anyPriced() ? Tone::Strong : Tone::Missing),
                      cell(b.lines.empty()           ? QStringLiteral("no parts")
                           : b.missing().empty() ? QStringLiteral("every part priced")
                                                 : QStringLiteral("a lower bound: the parts above without a price are not counted"),
                           b.missing().empty() ? Tone::Muted : Tone::Missing)});
    doc.table(std::move(t));
}

void monthlyTable(ReportDoc& doc, const model::cost::CostResult& c)
{
    const auto& a = c.assumptions;
    const auto& b = c.build;
    Table t;
    t.header = {QStringLiteral("Each month, built"), QStringLiteral("US$"), QStringLiteral("How")};
    t.numeric = {false, true, false};
    // No part priced: amortisation, operations and the totals are unknown (not US$ 0); the
    // power, a figure of its own, stands.
    const bool priced = b.anyPriced();
    const auto known = [&](double v) { return priced ? cell(usd(v)) : cell(QStringLiteral("unknown"), Tone::Missing); };
    t.rows.push_back({cell(QStringLiteral("Amortisation")), known(b.monthlyAmortisationUsd),
                      cell(QStringLiteral("capital / (12 x %1 years), straight line").arg(number(a.amortisationYears, 3)), Tone::Muted)});
    QString unknown;
    for (const auto& m : b.powerUnknown()) unknown += (unknown.isEmpty() ? QString() : QStringLiteral(", ")) + q(m);
    t.rows.push_back({cell(QStringLiteral("Power")), cell(usd(b.monthlyPowerUsd)),
                      cell(QStringLiteral("%1 kW x PUE %2 x US$ %3/kWh x %4 h%5")
                               .arg(number(b.itPowerKw), number(a.pue, 3), number(a.electricityUsdPerKWh, 3), number(model::cost::kHoursPerMonth, 3),
                                    unknown.isEmpty() ? QString() : QStringLiteral("; power unknown for ") + unknown + QStringLiteral(" (not counted)")),
                           unknown.isEmpty() ? Tone::Muted : Tone::Missing)});
    t.rows.push_back({cell(QStringLiteral("Operations and support")), known(b.monthlyOperationsUsd),
                      cell(QStringLiteral("capital x %1 per year / 12").arg(percent(a.operationsSharePerYear)), Tone::Muted)});
    const bool lower = b.monthlyLowerBound();
    const QString lowerBound = !priced          ? QStringLiteral("no part has a price: no amortisation or operations figure")
                               : !lower         ? QString()
                               : !b.missing().empty() ? QStringLiteral("a lower bound: parts without a price add no amortisation or operations")
                                                      : QStringLiteral("a lower bound: parts of unknown power add no power cost");
    t.rows.push_back({cell(QStringLiteral("Total per month"), Tone::Strong), priced ? cell(usd(b.monthlyUsd()), Tone::Strong) : known(0),
                      cell(lowerBound, lower || !priced ? Tone::Missing : Tone::Muted)});
    t.rows.push_back({cell(QStringLiteral("Per delivered GPU-hour")), c.gpus > 0 ? known(b.usdPerDeliveredGpuHour) : cell(QStringLiteral("n/a")),
                      cell(QStringLiteral("total / (%1 GPUs x %2 h x %3 utilisation)%4")
                               .arg(count(c.gpus), number(model::cost::kHoursPerMonth, 3), percent(a.utilisation),
                                    lower && priced ? QStringLiteral("; a lower bound") : QString()),
                           lower && priced ? Tone::Missing : Tone::Muted)});
    doc.table(std::move(t));
}

void rentTable(ReportDoc& doc, const model::cost::CostResult& c)
{
    Table t;
    t.header = {QStringLiteral("GPUs"), QStringLiteral("Offer"), QStringLiteral("US$ per GPU-hour"), QStringLiteral("Why this offer"), QStringLiteral("Source")};
    t.numeric = {true, false, true, false, false};
    for (const auto& l : c.rent.lines) {
        const QString gpus = count(l.gpus) + QStringLiteral(" x ") + q(l.gpuName);
        if (l.listUsdPerGpuHour)
            t.rows.push_back({cell(gpus), cell(q(l.provider + " " + l.offer)), cell(usd(*l.listUsdPerGpuHour)), cell(q(l.basis), Tone::Muted),
                              cell(q(l.provenance.label), Tone::Muted)});
        else
            t.rows.push_back({cell(gpus), cell(QStringLiteral("no offer"), Tone::Missing), cell(QStringLiteral("no price"), Tone::Missing), cell({}),
                              cell(q(l.missingReason), Tone::Missing)});
    }
    doc.table(std::move(t));
    // No offer prices any of the GPUs: no rent figure (never "US$ 0.00 per GPU-hour").
    if (!c.rent.any()) {
        doc.paragraph(QStringLiteral("n/a: no rent offer prices these GPUs, so there is no rent figure; set one with analysis.cost.rent."),
                      QStringLiteral("Rent:"));
        return;
    }
    int pricedGpus = 0;
    for (const auto& l : c.rent.lines)
        if (l.listUsdPerGpuHour) pricedGpus += l.gpus;
    const auto& a = c.assumptions;
    doc.paragraph(QStringLiteral("%1 per GPU-hour after a %2 commitment discount x %3 GPUs x %4 h x %5 utilisation = %6 a month (on demand: only the hours used are paid)%7.")
                      .arg(usd(c.rent.usdPerGpuHour), percent(a.commitmentDiscountPercent / 100.0), count(pricedGpus), number(model::cost::kHoursPerMonth, 3),
                           percent(a.utilisation), usd(c.rent.monthlyUsd),
                           c.rent.complete() ? QString()
                                             : QStringLiteral("; a lower bound: %1 of the %2 GPUs have no rent offer and are not counted")
                                                   .arg(count(c.gpus - pricedGpus), count(c.gpus))),
                  QStringLiteral("Rent:"));
}

void runTable(ReportDoc& doc, const model::cost::TrainingRun& r, bool buildLowerBound)
{
    doc.heading(QStringLiteral("Training run"), 2);
    if (!r.available) {
        doc.paragraph(QStringLiteral("Not available: ") + q(r.whyNot));
        return;
    }
    Table t;
    t.header = {QStringLiteral("Training run"), QStringLiteral("Value"), QStringLiteral("How")};
    t.numeric = {false, true, false};
    t.rows.push_back({cell(QStringLiteral("Workload")), cell(q(r.workload)), cell({})});
    t.rows.push_back({cell(QStringLiteral("Tokens")), cell(tokens(r.tokens)), cell(q(r.tokensSource), Tone::Muted)});
    t.rows.push_back({cell(QStringLiteral("Tokens per second")), cell(count(r.tokensPerSecond)), cell(QStringLiteral("engine: one step's tokens / step time"), Tone::Muted)});
    t.rows.push_back({cell(QStringLiteral("Time"), Tone::Strong), cell(duration(r.seconds), Tone::Strong), cell(QStringLiteral("tokens / tokens per second"), Tone::Muted)});
    t.rows.push_back({cell(QStringLiteral("GPU-hours")), cell(count(r.gpuHours)), cell({})});
    t.rows.push_back({cell(QStringLiteral("Cost, built")), cell(r.buildUsd ? usd(*r.buildUsd) : QStringLiteral("n/a")),
                      cell(QStringLiteral("GPU-hours x cost per delivered GPU-hour, built") +
                               (buildLowerBound && r.buildUsd ? QStringLiteral("; a lower bound, as that cost leaves out parts without a price or a power figure") : QString()),
                           buildLowerBound && r.buildUsd ? Tone::Missing : Tone::Muted)});
    t.rows.push_back({cell(QStringLiteral("Cost, rented")), cell(r.rentUsd ? usd(*r.rentUsd) : QStringLiteral("n/a")),
                      cell(QStringLiteral("GPU-hours x rent per GPU-hour"), Tone::Muted)});
    doc.table(std::move(t));
}

} // namespace

void rulesSection(ReportDoc& doc, const model::topology::RuleReport& rules, const std::string& error)
{
    doc.heading(kDesignSections[7]);
    if (!error.empty()) {
        doc.paragraph(QStringLiteral("The rules could not run: ") + q(error));
        return;
    }
    if (rules.findings.empty()) doc.paragraph(QStringLiteral("No rule raises a finding on this design."));
    else {
        const auto errors = rules.count(model::topology::Severity::Error), warnings = rules.count(model::topology::Severity::Warning);
        doc.paragraph(QStringLiteral("%1 %2, %3 %4. Errors mean the design cannot be built or will not perform as drawn.")
                          .arg(errors)
                          .arg(errors == 1 ? QStringLiteral("error") : QStringLiteral("errors"))
                          .arg(warnings)
                          .arg(warnings == 1 ? QStringLiteral("warning") : QStringLiteral("warnings")));
        Table t;
        t.header = {QStringLiteral("Severity"), QStringLiteral("Rule"), QStringLiteral("Finding")};
        for (const auto& f : rules.findings)
            t.rows.push_back({cell(q(model::topology::toString(f.severity)), f.severity == model::topology::Severity::Error ? Tone::Missing : Tone::Strong),
                              cell(q(f.rule)), cell(q(f.message))});
        doc.table(std::move(t));
    }
    if (rules.waived.empty()) return;
    Table w;
    w.header = {QStringLiteral("Waived rule"), QStringLiteral("Finding"), QStringLiteral("Reason the design gives")};
    for (const auto& f : rules.waived) w.rows.push_back({cell(q(f.rule)), cell(q(f.message), Tone::Muted), cell(q(f.waiverReason))});
    doc.table(std::move(w));
}

void costSection(ReportDoc& doc, const model::cost::CostResult& c)
{
    doc.paragraph(QStringLiteral("Prices are indicative (catalogs/prices.json, from published list prices, press reports and provider price pages), "
                                 "never quotes. A part without a published price is named and left out, never counted as zero; set a price "
                                 "for this design with analysis.cost.prices in the design file (saved with it)."));
    doc.heading(QStringLiteral("Building it"), 2);
    capitalTable(doc, c.build);
    monthlyTable(doc, c);
    doc.heading(QStringLiteral("Renting the same GPUs"), 2);
    rentTable(doc, c);
    doc.heading(QStringLiteral("Break-even"), 2);
    doc.paragraph(QStringLiteral("Building against renting the same GPUs: ") + q(c.breakEven.text) + missingNote(c) + QLatin1Char('.'));
    doc.figure(chartFigure(views::costChart(c), QStringLiteral("Money spent by month: the capital up front, then power and operations, against the rent.")));
    runTable(doc, c.run, c.build.monthlyLowerBound());
    for (const auto& w : c.warnings) doc.paragraph(q(w), QStringLiteral("Note:"));
}

void sourcesSection(ReportDoc& doc, const std::vector<const DesignResults*>& designs, const model::Catalog& catalog)
{
    doc.heading(QStringLiteral("Assumptions and sources"));
    if (!designs.empty() && designs.front()->cost) {
        doc.heading(QStringLiteral("Cost assumptions"), 2);
        Table t;
        t.header = {QStringLiteral("Assumption"), QStringLiteral("Value"), QStringLiteral("Unit"), QStringLiteral("Source")};
        t.numeric = {false, true, false, false};
        for (const auto& a : designs.front()->cost->assumptions.list)
            t.rows.push_back({cell(q(a.name)), cell(number(a.value, 4), a.overridden ? Tone::Strong : Tone::Normal), cell(q(a.unit)), cell(q(a.source), Tone::Muted)});
        doc.table(std::move(t));
    }
    doc.heading(QStringLiteral("Engine calibration constants"), 2);
    Table k;
    k.header = {QStringLiteral("Constant"), QStringLiteral("Value"), QStringLiteral("Source")};
    for (const auto& c : model::calibration::listConstants()) k.rows.push_back({cell(q(c.name)), cell(q(c.value)), cell(q(c.source), Tone::Muted)});
    doc.table(std::move(k));
    doc.heading(QStringLiteral("Hardware figures: catalog sources"), 2);
    std::set<std::pair<std::string, std::string>> seen;
    Table s;
    s.header = {QStringLiteral("Catalog entry"), QStringLiteral("Source"), QStringLiteral("Date")};
    s.noWrap = {false, false, true}; // a date on one line
    const auto add = [&](const std::string& name, const model::Provenance& p) {
        for (const auto& [id, src] : p.sources)
            if (seen.insert({name, src.citation}).second) s.rows.push_back({cell(q(name)), cell(q(src.citation), Tone::Muted), cell(q(src.date))});
    };
    for (const DesignResults* d : designs)
        for (const auto& [id, n] : d->design->nodes()) {
            if (const auto* sv = catalog.server(n.model)) {
                add(sv->name, sv->provenance);
                if (const auto* g = catalog.gpu(sv->gpuId)) add(g->name, g->provenance);
                if (const auto* nic = catalog.nic(n.nicModel.empty() ? sv->computeNicId : n.nicModel)) add(nic->name, nic->provenance);
            } else if (const auto* sw = catalog.switchModel(n.model)) {
                add(sw->name, sw->provenance);
            }
        }
    doc.table(std::move(s));
    doc.paragraph(QStringLiteral("Formulas: NCCL's own cost model (src/graph/tuning.cc), nccl-tests' bus bandwidth "
                                 "(doc/PERFORMANCE.md) and Megatron-LM's training step (Narayanan et al. 2021, Korthikanti et "
                                 "al. 2022); prices: the sources the cost table names, with the date each gives."));
}

QStringList designVerdict(const DesignResults& r)
{
    QStringList out;
    if (r.rules && r.rules->count(model::topology::Severity::Error) > 0)
        out << (r.rules->count(model::topology::Severity::Error) == 1 ? QStringLiteral("1 design-rule error: fix it before ordering (see Rule findings).")
                                                                       : QStringLiteral("%1 design-rule errors: fix them before ordering (see Rule findings).")
                                                                             .arg(r.rules->count(model::topology::Severity::Error)));
    if (!r.cost) return out;
    const auto& c = *r.cost;
    const QString months = c.breakEven.month() ? QStringLiteral("month %1%2").arg(*c.breakEven.month()).arg(c.breakEven.lowerBound ? QStringLiteral(" or later") : QString())
                                               : QString();
    const double life = 12 * c.assumptions.amortisationYears;
    if (c.rentedDesign && !c.rent.any()) {
        out << QStringLiteral("Rented, but no rent price is stated for its GPUs, so what it costs is unknown.");
    } else if (c.rentedDesign) {
        out << QStringLiteral("Rented at %1 per GPU-hour: %2 a month.").arg(usd(c.rent.usdPerGpuHour), usd(c.rent.monthlyUsd)) +
                   (months.isEmpty() ? QString()
                                     : QStringLiteral(" Building the same cluster would cost %1 up front%2 and pay back against this rent in %3%4.")
                                           .arg(usd(c.build.capitalUsd), missingNote(c), months,
                                                *c.breakEven.months > life ? QStringLiteral(", beyond its amortisation: keep renting") : QString()));
    } else if (c.breakEven.month()) {
        out << QStringLiteral("Building costs %1 up front%2 and %3 a month; against renting the same GPUs (%4 at %8 per GPU-hour, %5 a month) it pays back in %6%7.")
                   .arg(usd(c.build.capitalUsd), missingNote(c),
                        usd(c.build.monthlyUsd()) + (c.build.monthlyLowerBound() ? QStringLiteral(" or more") : QString()),
                        q(c.rent.offerText()), usd(c.rent.monthlyUsd), months,
                        *c.breakEven.months <= life ? QStringLiteral(", within its %1-year amortisation: for steady use, building costs less").arg(number(c.assumptions.amortisationYears, 2))
                                                    : QStringLiteral(", beyond its amortisation: renting costs less over the hardware's life"),
                        usd(c.rent.usdPerGpuHour));
    } else {
        out << QStringLiteral("Build against rent: ") + q(c.breakEven.text) + QLatin1Char('.');
    }
    if (c.run.available) {
        QStringList costs;
        if (c.run.buildUsd) costs << usd(*c.run.buildUsd) + (c.build.monthlyLowerBound() ? QStringLiteral(" or more") : QString()) + QStringLiteral(" built");
        if (c.run.rentUsd) costs << usd(*c.run.rentUsd) + QStringLiteral(" rented");
        out << QStringLiteral("Training %1 on %2 tokens takes %3%4.")
                   .arg(q(c.run.workload), tokens(c.run.tokens), duration(c.run.seconds),
                        costs.isEmpty() ? QString() : QStringLiteral(" and costs ") + costs.join(QStringLiteral(" or ")));
    }
    return out;
}

} // namespace app::report
