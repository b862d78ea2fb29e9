// Report layout as a reader sees it: the sources table's dates on one line, in PDF and HTML;
// the PDF holds as text exactly what its pages show, once (no line or chart label drawn
// again, clipped away, on a neighbouring page).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "pdf_text.hpp"

#include "app/report/pdf_pages.hpp"
#include "app/report/report_format.hpp"
#include "app/report/reports.hpp"
#include "app/report/topology_picture.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/compare/comparison.hpp"

#include <QAbstractTextDocumentLayout>
#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextList>

#include <vector>

namespace {

/// What the engine computes for the design file at `path`, with the bundled prices.
model::compare::DesignResults resultsOf(const std::string& path)
{
    static const auto prices = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    return model::compare::computeDesignResults(std::make_shared<const model::Design>(model::loadDesign(path)), *guitest::catalog(), prices, {}, path);
}

/// The design report of the bundled default design (DGX SuperPOD H100, one unit).
app::report::ReportDoc superpodReport() { return app::report::designReport(resultsOf(model::defaultDesignPath()), guitest::catalog()); }

/// Words of `pdf` drawn outside what its A4 pages show: the body (20 mm from the top, 19 mm
/// from the bottom, as pdf_writer.cpp lays it out) and the header and footer lines (9-14 mm
/// from the top, 8-13 mm from the bottom), by the middle of each word's box. Text there was
/// drawn and then clipped away: invisible on the page, but in the PDF's text.
QStringList wordsOffThePage(const QString& pdf)
{
    constexpr double kPt = 72.0 / 25.4, kPageHeight = 297 * kPt;
    const auto within = [](double y, double top, double bottom) { return y >= top && y <= bottom; };
    QStringList out;
    for (const pdftest::Word& w : pdftest::words(pdf)) {
        const double y = (w.yMin + w.yMax) / 2;
        if (within(y, 20 * kPt, kPageHeight - 19 * kPt) || within(y, 9 * kPt, 14 * kPt) || within(y, kPageHeight - 13 * kPt, kPageHeight - 8 * kPt))
            continue;
        out << QStringLiteral("page %1 at %2 pt: %3").arg(w.page).arg(y, 0, 'f', 1).arg(w.text);
    }
    return out;
}

/// Every line of `text` in order: its text and where it lies (document coordinates).
struct PlacedLine {
    QString text;
    double x = 0, y = 0;
};
std::vector<PlacedLine> placedLines(QTextDocument& text)
{
    std::vector<PlacedLine> out;
    for (QTextBlock b = text.begin(); b.isValid(); b = b.next()) {
        const QRectF r = text.documentLayout()->blockBoundingRect(b);
        for (int i = 0; i < b.layout()->lineCount(); ++i) {
            const QTextLine l = b.layout()->lineAt(i);
            out.push_back({b.text().mid(l.textStart(), l.textLength()), r.left() + l.x(), r.top() + l.y()});
        }
    }
    return out;
}

/// Blocks of `text` whose lines lie on more than one page of height `pageHeight`.
int blocksOnTwoPages(QTextDocument& text, double pageHeight)
{
    int n = 0;
    for (QTextBlock b = text.begin(); b.isValid(); b = b.next()) {
        const double top = text.documentLayout()->blockBoundingRect(b).top();
        const QTextLayout* l = b.layout();
        if (l->lineCount() < 2) continue;
        const auto page = [&](int i) { return static_cast<int>((top + l->lineAt(i).y() + 1.0) / pageHeight); };
        n += page(l->lineCount() - 1) != page(0);
    }
    return n;
}

/// The "Catalog entry / Source / Date" table of `doc`; fails the running test without one.
const app::report::Table& sourcesTable(const app::report::ReportDoc& doc)
{
    for (const auto& b : doc.blocks)
        if (b.kind == app::report::Block::Kind::Table && b.table.header.value(2) == QStringLiteral("Date")) return b.table;
    FAIL("no sources table");
    return doc.blocks.front().table;
}

/// The table of `doc` whose header has `column` at `index`; fails the running test without one.
const app::report::Table& tableWith(const app::report::ReportDoc& doc, int index, const QString& column)
{
    for (const auto& b : doc.blocks)
        if (b.kind == app::report::Block::Kind::Table && b.table.header.value(index) == column) return b.table;
    FAIL("no table with column " << column.toStdString());
    return doc.blocks.front().table;
}

/// True when `cell` has three significant digits below 1,000 ("53.0", "308", "2.86") or is a
/// whole number with separators from 1,000 ("3,350").
bool oneFigureRule(const QString& cell)
{
    static const QRegularExpression small(QStringLiteral(R"(^(\d\.\d\d|\d\d\.\d|[1-9]\d\d|0\.0*[1-9]\d\d)$)"));
    static const QRegularExpression large(QStringLiteral(R"(^[1-9]\d{0,2}(,\d{3})+$)"));
    return small.match(cell).hasMatch() || large.match(cell).hasMatch();
}

} // namespace

TEST_CASE("Report tables give every figure of a column the same precision", "[gui][report]")
{
    // Before: figures went through number(v, 4), which dropped trailing zeros, so the busbw
    // table read "53.01" beside "308.1" and "16.46" beside "163", and the levers' MFU "44%"
    // beside "45.2%". Now: busbw 53.0 / 308 / 366 / 370 (all-gather, 8 GPUs) and 16.5 / 163 /
    // 346 / 366 (all-reduce, 256 GPUs); MFU 44.0 % and 45.2 %.
    const app::report::ReportDoc doc = superpodReport();
    const app::report::Table& busbw = tableWith(doc, 2, QStringLiteral("1 MiB"));
    REQUIRE(busbw.rows.size() == 8);
    for (const auto& row : busbw.rows)
        for (int c = 2; c <= 5; ++c) {
            INFO(row.at(0).text.toStdString() << " " << row.at(1).text.toStdString() << " GPUs, column " << c << ": " << row.at(c).text.toStdString());
            CHECK(oneFigureRule(row.at(c).text));
        }
    CHECK(busbw.rows.at(1).at(2).text == QStringLiteral("53.0"));
    CHECK(busbw.rows.at(4).at(2).text == QStringLiteral("16.5"));
    const app::report::Table& layers = tableWith(doc, 2, QStringLiteral("GB/s per GPU"));
    for (const auto& row : layers.rows) {
        CHECK(oneFigureRule(row.at(2).text));
        CHECK(oneFigureRule(row.at(3).text));
    }
    const app::report::Table& levers = tableWith(doc, 3, QStringLiteral("MFU"));
    REQUIRE(levers.rows.size() >= 2);
    static const QRegularExpression percent(QStringLiteral(R"(^\d{1,3}\.\d %$)"));
    int notPossible = 0;
    for (const auto& row : levers.rows) {
        INFO(row.at(0).text.toStdString() << ": " << row.at(3).text.toStdString());
        // A lever that would not fit in GPU memory (no recompute) has no figures.
        if (row.at(0).text.contains(QStringLiteral("(not possible in this layout: "))) {
            ++notPossible;
            CHECK(row.at(1).text.isEmpty());
            CHECK(row.at(3).text.isEmpty());
            continue;
        }
        CHECK(percent.match(row.at(3).text).hasMatch());
    }
    CHECK(notPossible == 1);
    CHECK(levers.rows.at(0).at(3).text == QStringLiteral("49.3 %"));
}

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

TEST_CASE("The per-layer chart's labels print once and on the page that shows the chart", "[gui][report]")
{
    // Before: the chart, pushed to page 3 with its top 0.02 units above the page break, was
    // also drawn (clipped away) at the foot of page 2, so pdftotext found "Per-GPU bandwidth of
    // each layer, one direction", "spec rate", "HBM" and "3350" on page 2 as well.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("superpod.pdf"));
    REQUIRE(app::report::writeReport(superpodReport(), pdf).isEmpty());
    const QString title = QStringLiteral("Per-GPU bandwidth of each layer, one direction");
    CHECK(pdftest::pdftotext(pdf).count(title) == 1);
    int captionPage = 0;
    for (int page = 1; page <= 8 && captionPage == 0; ++page)
        if (pdftest::pageText(pdf, page).contains(QStringLiteral("Per-GPU bandwidth by layer (log scale)."))) captionPage = page;
    REQUIRE(captionPage > 0);
    CHECK(pdftest::pageText(pdf, captionPage).contains(title));
}

TEST_CASE("A section heading and its intro stay on the page of the chart they introduce", "[gui][report]")
{
    // Before: page 2 of the SuperPOD report ended with "Per-layer bandwidth" and its one-line
    // intro above a third of a page left blank; the chart they introduce opened page 3.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("superpod.pdf"));
    REQUIRE(app::report::writeReport(superpodReport(), pdf).isEmpty());
    int headingPage = 0, chartPage = 0;
    for (int page = 1; page <= 8; ++page) {
        const QString text = pdftest::pageText(pdf, page);
        if (headingPage == 0 && text.contains(QStringLiteral("Per-layer bandwidth\n"))) headingPage = page;
        if (chartPage == 0 && text.contains(QStringLiteral("Per-GPU bandwidth of each layer, one direction"))) chartPage = page;
    }
    REQUIRE(headingPage > 0);
    CHECK(headingPage == chartPage);
}

TEST_CASE("A table's header row never ends a page without its rows and repeats atop a continued table", "[gui][report]")
{
    // Before: page 3 of the SuperPOD report ended with the busbw table's header row (and its
    // intro); its eight rows opened page 4 without it. And the levers table, split over pages
    // 4 and 5, continued on page 5 without its header.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("superpod.pdf"));
    REQUIRE(app::report::writeReport(superpodReport(), pdf).isEmpty());
    const int pages = static_cast<int>(pdftest::pdftotext(pdf).count(QChar(u'\f')));
    REQUIRE(pages >= 6);
    int headerPage = 0, introPage = 0;
    for (int page = 1; page <= pages; ++page) {
        const QString text = pdftest::pageText(pdf, page);
        if (text.contains(QStringLiteral("Algorithm at 8 GiB"))) {
            headerPage = page;
            CHECK(text.contains(QStringLiteral("reduce-scatter"))); // the rows are on the header's page
        }
        if (text.contains(QStringLiteral("busbw in GB/s at four sizes"))) introPage = page;
        // Every page showing a lever row shows the levers' header.
        if (text.contains(QStringLiteral("keep activations instead of recomputing them")) ||
            text.contains(QStringLiteral("FP8 GEMMs (dense FP8 TFLOPS)")))
            CHECK(text.contains(QStringLiteral("Tokens/s")));
    }
    REQUIRE(headerPage > 0);
    CHECK(introPage == headerPage);
}

TEST_CASE("No template's report PDF has a page without body text or with a heading alone", "[gui][report]")
{
    // Before: keeping tables with their intros decided page breaks out of document order, and
    // a break set early went stale as later ones moved text: the RoCE template's report had a
    // page 6 with only its header and footer, the "Each month, built" table opening page 7.
    constexpr double kPt = 72.0 / 25.4, kPageHeight = 297 * kPt;
    QTemporaryDir dir;
    const QDir templates(QString::fromStdString(model::bundledTemplateDirectory()));
    for (const QString& f : templates.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString pdf = dir.filePath(f + QStringLiteral(".pdf"));
        REQUIRE(app::report::writeReport(app::report::designReport(resultsOf(templates.filePath(f).toStdString()), guitest::catalog()), pdf).isEmpty());
        const int pages = static_cast<int>(pdftest::pdftotext(pdf).count(QChar(u'\f')));
        std::vector<int> bodyWords(static_cast<std::size_t>(pages) + 1, 0);
        for (const pdftest::Word& w : pdftest::words(pdf)) {
            const double y = (w.yMin + w.yMax) / 2;
            if (y >= 20 * kPt && y <= kPageHeight - 19 * kPt && w.page >= 1 && w.page <= pages) ++bodyWords[static_cast<std::size_t>(w.page)];
        }
        // Nor a page with a heading alone (helper-86: the SuperPOD report's page 7 held only
        // "Assumptions and sources", its tables on page 8): more than a heading's few words.
        for (int page = 1; page <= pages; ++page) {
            INFO(f.toStdString() << " page " << page << " of " << pages << ": " << bodyWords[static_cast<std::size_t>(page)] << " words");
            CHECK(bodyWords[static_cast<std::size_t>(page)] > 5);
        }
    }
}

TEST_CASE("The report PDFs hold no text outside what their pages show", "[gui][report]")
{
    // Before: 23 words of the SuperPOD report lay outside the body (the chart above, the last
    // line of page 4 again above page 5's top, a table cell's line above page 7's) and 49 of
    // the four-design comparison.
    QTemporaryDir dir;
    const QString design = dir.filePath(QStringLiteral("superpod.pdf"));
    REQUIRE(app::report::writeReport(superpodReport(), design).isEmpty());
    CHECK(wordsOffThePage(design).join(QStringLiteral("; ")).toStdString() == "");

    const std::string t = model::bundledTemplateDirectory() + "/";
    std::vector<model::compare::DesignResults> rs;
    for (const char* f : {"superpod-h100-1su.json", "rented-8x-h100-3200g.json", "server-8x-l40s.json", "dgx-b200-4su.json"}) rs.push_back(resultsOf(t + f));
    std::vector<const model::compare::DesignResults*> ptrs;
    for (const auto& r : rs) ptrs.push_back(&r);
    const QString compare = dir.filePath(QStringLiteral("compare.pdf"));
    REQUIRE(app::report::writeReport(app::report::compareReport(model::compare::compareDesigns(ptrs), ptrs, guitest::catalog()), compare).isEmpty());
    CHECK(wordsOffThePage(compare).join(QStringLiteral("; ")).toStdString() == "");
}

TEST_CASE("Splitting blocks at page breaks moves no line and keeps one marker per list item", "[gui][report]")
{
    QTextDocument text;
    QString html = QStringLiteral("<p>Opening paragraph.</p><ul>");
    for (int i = 0; i < 30; ++i)
        html += QStringLiteral("<li>Item %1: a check long enough to wrap over several lines of the narrow page, so that some item "
                               "starts near the foot of one page and ends on the next.</li>")
                    .arg(i);
    html += QStringLiteral("</ul>");
    for (int i = 0; i < 20; ++i) html += QStringLiteral("<p>Paragraph %1 that wraps over a few lines of this narrow page as a report's sentences do.</p>").arg(i);
    text.setHtml(html);
    constexpr double kPageHeight = 300;
    text.setPageSize(QSizeF(250, kPageHeight));
    const std::vector<PlacedLine> before = placedLines(text);
    const QString plain = text.toPlainText().remove(QLatin1Char('\n'));
    REQUIRE(blocksOnTwoPages(text, kPageHeight) > 1); // the case under test happens here

    app::report::splitBlocksAtPageBreaks(text, kPageHeight);

    CHECK(blocksOnTwoPages(text, kPageHeight) == 0);
    const std::vector<PlacedLine> after = placedLines(text);
    REQUIRE(after.size() == before.size());
    for (std::size_t i = 0; i < before.size(); ++i) {
        INFO(i << ": " << before[i].text.toStdString());
        CHECK(after[i].text == before[i].text);
        CHECK(after[i].x == Approx(before[i].x).margin(0.5));
        CHECK(after[i].y == Approx(before[i].y).margin(0.5));
    }
    CHECK(text.toPlainText().remove(QLatin1Char('\n')) == plain);
    QTextList* list = nullptr;
    for (QTextBlock b = text.begin(); b.isValid() && !list; b = b.next()) list = b.textList();
    REQUIRE(list != nullptr);
    CHECK(list->count() == 30);
}

TEST_CASE("Report durations keep three significant digits in every unit", "[gui][report]")
{
    // Before: trailing zeros were dropped, so the RoCE report's FP8 lever read "5.8 s" where
    // analyze prints "5.80 s", and a 2,048-node design's DP time "47 ms" beside "46.8 ms".
    using app::report::duration;
    CHECK(duration(5.8) == QStringLiteral("5.80 s"));
    CHECK(duration(0.047) == QStringLiteral("47.0 ms"));
    CHECK(duration(0.0468) == QStringLiteral("46.8 ms"));
    CHECK(duration(4.2e-5) == QStringLiteral("42.0 us"));
    CHECK(duration(0.99996) == QStringLiteral("1.00 s"));
    CHECK(duration(150) == QStringLiteral("2.50 minutes"));
    CHECK(duration(5.2 * 3600) == QStringLiteral("5.20 hours"));
    CHECK(duration(34.2 * 86400) == QStringLiteral("34 days"));
    CHECK(duration(3.1 * 365.25 * 86400) == QStringLiteral("3.10 years"));
    CHECK(duration(0) == QStringLiteral("0 s"));
}

TEST_CASE("A topology too wide for the page reserves only its strip and says where to read it", "[gui][report]")
{
    // 2,048 DGX H100 on a three-tier QM9700 fat tree: hundreds of switches in a row. The figure
    // reserved a quarter of the page width in height, a third of a page left blank under a strip.
    model::topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 2048;
    o.switchModel = "qm9700";
    const app::report::Figure wide = app::report::topologyFigure(model::topology::generateFatTree(*guitest::catalog(), o), guitest::catalog());
    CHECK(wide.aspect < 0.1);
    CHECK(wide.aspect >= 0.03);
    CHECK(wide.caption.contains(QStringLiteral("Too wide to read at page width")));
    // The default design keeps its drawing at its own proportions, without the note.
    const app::report::Figure unit = app::report::topologyFigure(model::loadDesign(model::defaultDesignPath()), guitest::catalog());
    CHECK(unit.aspect >= 0.25);
    CHECK_FALSE(unit.caption.contains(QStringLiteral("Too wide")));
}
