// Report layout as a reader sees it: the sources table's dates on one line, in PDF and HTML.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "pdf_text.hpp"

#include "app/report/reports.hpp"
#include "model/compare/comparison.hpp"

#include <QTemporaryDir>

namespace {

/// The design report of the bundled default design (DGX SuperPOD H100, one unit).
app::report::ReportDoc superpodReport()
{
    static const auto prices = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    const auto design = std::make_shared<const model::Design>(model::loadDesign(model::defaultDesignPath()));
    const auto r = model::compare::computeDesignResults(design, *guitest::catalog(), prices, {}, model::defaultDesignPath());
    return app::report::designReport(r, guitest::catalog());
}

/// The "Catalog entry / Source / Date" table of `doc`; fails the running test without one.
const app::report::Table& sourcesTable(const app::report::ReportDoc& doc)
{
    for (const auto& b : doc.blocks)
        if (b.kind == app::report::Block::Kind::Table && b.table.header.value(2) == QStringLiteral("Date")) return b.table;
    FAIL("no sources table");
    return doc.blocks.front().table;
}

} // namespace

TEST_CASE("The sources table prints each date on one line in PDF and HTML", "[gui][report]")
{
    // Before: the Date column was as narrow as "2026-08" needs, so the PDF printed the QM9700
    // manual's "2026-09-13" as "2026-09-1" above "3"; a browser may break it at a hyphen.
    const app::report::ReportDoc doc = superpodReport();
    const app::report::Table& t = sourcesTable(doc);
    QStringList dates;
    for (const auto& row : t.rows)
        if (!row.at(2).text.isEmpty() && !dates.contains(row.at(2).text)) dates << row.at(2).text;
    REQUIRE(dates.contains(QStringLiteral("2026-09-13"))); // the longest date the default design cites
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("superpod.pdf"));
    REQUIRE(app::report::writeReport(doc, pdf).isEmpty());
    const QString text = pdftest::pdftotext(pdf, {QStringLiteral("-layout")});
    for (const QString& d : dates) {
        INFO(d.toStdString());
        CHECK(text.contains(d));
    }
    const QString html = app::report::toHtml(doc);
    CHECK(html.contains(QStringLiteral("td.nowrap { white-space: nowrap; }")));
    for (const QString& d : dates) CHECK(html.contains(QStringLiteral("<td class=\"nowrap\">%1</td>").arg(d)));
}
