// One self-contained HTML file from a ReportDoc: CSS inline, every figure an SVG drawn by
// QSvgGenerator and embedded as a data: URI (an <img>, so nothing in it can run), every text
// escaped.
#include "app/report/report_doc.hpp"
#include "views/common/safe_write.hpp"
#include "model/catalog/data_dirs.hpp"

#include <QBuffer>
#include <QFile>
#include <QPainter>
#include <QSvgGenerator>

namespace app::report {

namespace {

const char* kCss = R"css(
body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: #1d2430; max-width: 960px;
       margin: 32px auto; padding: 0 24px; line-height: 1.45; font-size: 14px; background: #fff; }
header.cover { border-bottom: 3px solid #0b5cad; padding-bottom: 18px; margin-bottom: 8px; }
.brand { text-transform: uppercase; letter-spacing: .14em; color: #0b5cad; font-size: 12px; font-weight: 700; }
h1.kind { font-size: 30px; margin: 8px 0 2px; font-weight: 700; }
.subject { font-size: 20px; color: #2b3440; margin-bottom: 6px; }
.meta { color: #5d6878; font-size: 12px; margin: 1px 0; }
.keyfigs { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 10px; margin: 18px 0 6px; }
.kf { background: #f3f6fa; border-left: 4px solid #0b5cad; padding: 8px 12px; }
.kf .l { font-size: 11px; color: #556070; text-transform: uppercase; letter-spacing: .05em; }
.kf .v { font-size: 16px; font-weight: 700; margin-top: 2px; }
h2 { font-size: 21px; border-bottom: 1px solid #d5dbe3; padding-bottom: 4px; margin-top: 36px; color: #0b3d73; }
h3 { font-size: 15px; margin: 22px 0 6px; color: #1d2430; }
p { margin: 8px 0; }
ul { margin: 6px 0 10px 0; padding-left: 22px; }
li { margin: 3px 0; }
table { border-collapse: collapse; width: 100%; margin: 10px 0 16px; font-size: 12.5px; }
th { background: #0b3d73; color: #fff; text-align: left; padding: 6px 8px; font-weight: 600; }
td { border-bottom: 1px solid #e3e7ec; padding: 5px 8px; vertical-align: top; }
tr:nth-child(even) td { background: #f8fafc; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.nowrap { white-space: nowrap; }
td.best { color: #0a6b3b; font-weight: 700; }
td.differs { background: #fff4cc !important; }
td.missing { color: #b3261e; }
td.muted { color: #778192; }
td.strong { font-weight: 700; }
.callout { background: #eef5fc; border-left: 4px solid #0b5cad; padding: 10px 14px; margin: 14px 0; }
figure { margin: 16px 0; }
figure img { width: 100%; height: auto; border: 1px solid #e3e7ec; }
figcaption { font-size: 12px; color: #556070; margin-top: 4px; }
footer { margin-top: 44px; color: #778192; font-size: 11px; border-top: 1px solid #d5dbe3; padding-top: 8px; }
@media print { h2, h3 { page-break-after: avoid; } figure, table { page-break-inside: avoid; } .pagebreak { page-break-after: always; } }
)css";

/// The figure as SVG text (viewBox 1000 wide).
QByteArray svgOf(const Figure& f)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const QSize size(1000, std::max(1, static_cast<int>(1000 * f.aspect)));
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(size);
    gen.setViewBox(QRect(QPoint(0, 0), size));
    gen.setResolution(96);
    {
        QPainter p(&gen);
        if (f.paint) f.paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return buffer.data();
}

QString cellClass(const TableCell& c, bool numeric, bool noWrap)
{
    QStringList cls;
    if (numeric) cls << QStringLiteral("num");
    if (noWrap) cls << QStringLiteral("nowrap");
    switch (c.tone) {
    case TableCell::Tone::Best: cls << QStringLiteral("best"); break;
    case TableCell::Tone::Differs: cls << QStringLiteral("differs"); break;
    case TableCell::Tone::Missing: cls << QStringLiteral("missing"); break;
    case TableCell::Tone::Muted: cls << QStringLiteral("muted"); break;
    case TableCell::Tone::Strong: cls << QStringLiteral("strong"); break;
    case TableCell::Tone::Normal: break;
    }
    return cls.isEmpty() ? QString() : QStringLiteral(" class=\"") + cls.join(QLatin1Char(' ')) + QLatin1Char('"');
}

QString htmlTable(const Table& t)
{
    const auto numeric = [&t](std::size_t i) { return i < t.numeric.size() && t.numeric[i]; };
    const auto noWrap = [&t](std::size_t i) { return i < t.noWrap.size() && t.noWrap[i]; };
    QString h = QStringLiteral("<table>\n<thead><tr>");
    for (int i = 0; i < t.header.size(); ++i)
        h += QStringLiteral("<th%1>%2</th>").arg(numeric(static_cast<std::size_t>(i)) ? QStringLiteral(" class=\"num\"") : QString(), esc(t.header[i]));
    h += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (const auto& row : t.rows) {
        h += QStringLiteral("<tr>");
        for (std::size_t i = 0; i < row.size(); ++i) h += QStringLiteral("<td%1>%2</td>").arg(cellClass(row[i], numeric(i), noWrap(i)), esc(row[i].text));
        h += QStringLiteral("</tr>\n");
    }
    return h + QStringLiteral("</tbody></table>\n");
}

QString blockHtml(const ReportDoc& doc, const Block& b)
{
    switch (b.kind) {
    case Block::Kind::Heading: return b.level == 1 ? QStringLiteral("<h2>%1</h2>\n").arg(esc(b.text)) : QStringLiteral("<h3>%1</h3>\n").arg(esc(b.text));
    case Block::Kind::Paragraph:
        return QStringLiteral("<p>%1%2</p>\n").arg(b.lead.isEmpty() ? QString() : QStringLiteral("<strong>%1</strong> ").arg(esc(b.lead)), esc(b.text));
    case Block::Kind::Callout: return QStringLiteral("<div class=\"callout\">%1</div>\n").arg(esc(b.text));
    case Block::Kind::Bullets: {
        QString h = QStringLiteral("<ul>\n");
        for (const QString& i : b.items) h += QStringLiteral("<li>%1</li>\n").arg(esc(i));
        return h + QStringLiteral("</ul>\n");
    }
    case Block::Kind::Table: return htmlTable(b.table);
    case Block::Kind::Figure: {
        const Figure& f = doc.figures[static_cast<std::size_t>(b.figure)];
        return QStringLiteral("<figure><img alt=\"%1\" src=\"data:image/svg+xml;base64,%2\"><figcaption>%1</figcaption></figure>\n")
            .arg(esc(f.caption), QString::fromLatin1(svgOf(f).toBase64()));
    }
    case Block::Kind::PageBreak: return QStringLiteral("<div class=\"pagebreak\"></div>\n");
    }
    return {};
}

} // namespace

QString toHtml(const ReportDoc& doc)
{
    QString h = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    h += QStringLiteral("<title>%1: %2</title>\n<style>%3</style>\n</head>\n<body>\n").arg(esc(doc.kind), esc(doc.subject), QString::fromUtf8(kCss));
    h += QStringLiteral("<header class=\"cover\">\n<div class=\"brand\">Cluster Designer</div>\n<h1 class=\"kind\">%1</h1>\n<div class=\"subject\">%2</div>\n")
             .arg(esc(doc.kind), esc(doc.subject));
    for (const QString& line : doc.coverLines) h += QStringLiteral("<div class=\"meta\">%1</div>\n").arg(esc(line));
    if (!doc.keyFigures.empty()) {
        h += QStringLiteral("<div class=\"keyfigs\">\n");
        for (const auto& [label, value] : doc.keyFigures)
            h += QStringLiteral("<div class=\"kf\"><div class=\"l\">%1</div><div class=\"v\">%2</div></div>\n").arg(esc(label), esc(value));
        h += QStringLiteral("</div>\n");
    }
    h += QStringLiteral("</header>\n<main>\n");
    for (const Block& b : doc.blocks)
        if (b.kind != Block::Kind::PageBreak) h += blockHtml(doc, b);
    h += QStringLiteral("</main>\n<footer>Generated by Cluster Designer. Prices are indicative (never quotes); every figure names its "
                        "source in the Assumptions and sources section.</footer>\n</body>\n</html>\n");
    return h;
}

QString writeHtml(const ReportDoc& doc, const QString& path)
{
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) return QString::fromStdString(why);
    if (const QString reason = views::writeWholeFile(path, toHtml(doc).toUtf8()); !reason.isEmpty())
        return reason; // names the path, the step and the system's reason
    return {};
}

} // namespace app::report
