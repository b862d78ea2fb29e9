// PDF from a ReportDoc through Qt's PDF writer: the content is laid out by QTextDocument (real,
// searchable text), every figure is a text object whose drawObject() paints straight into the
// PDF painter (vector graphics), and each page gets a header and a footer.
#include "app/report/pdf_pages.hpp"
#include "model/catalog/data_dirs.hpp"
#include "app/report/report_doc.hpp"

#include <QAbstractTextDocumentLayout>
#include <QDate>
#include <QFile>
#include <QFileInfo>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextLayout>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>

namespace app::report {

namespace {

constexpr int kDpi = 300;
constexpr int kFigureObject = QTextFormat::UserObject + 12;
constexpr int kFigureIndex = QTextFormat::UserProperty + 1;
constexpr int kFigureSize = QTextFormat::UserProperty + 2;
const char* kFont = "DejaVu Sans";
const char* kAccent = "#0b3d73";

double mm(double v) { return v / 25.4 * kDpi; }

/// Draws ReportDoc figures where the layout placed their object characters.
class FigureObject final : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    explicit FigureObject(const ReportDoc& doc) : doc_(doc) {}
    QSizeF intrinsicSize(QTextDocument*, int, const QTextFormat& f) override { return f.property(kFigureSize).toSizeF(); }
    void drawObject(QPainter* p, const QRectF& rect, QTextDocument*, int, const QTextFormat& f) override
    {
        const int i = f.property(kFigureIndex).toInt();
        if (i < 0 || i >= static_cast<int>(doc_.figures.size()) || !doc_.figures[static_cast<std::size_t>(i)].paint) return;
        p->save();
        p->setClipRect(rect, Qt::IntersectClip); // never outside the page drawContents clips to
        doc_.figures[static_cast<std::size_t>(i)].paint(*p, rect);
        p->restore();
    }

private:
    const ReportDoc& doc_;
};

QString toneStyle(TableCell::Tone t)
{
    switch (t) {
    case TableCell::Tone::Best: return QStringLiteral("color:#0a6b3b; font-weight:bold;");
    case TableCell::Tone::Differs: return QStringLiteral("background-color:#fff4cc;");
    case TableCell::Tone::Missing: return QStringLiteral("color:#b3261e;");
    case TableCell::Tone::Muted: return QStringLiteral("color:#778192;");
    case TableCell::Tone::Strong: return QStringLiteral("font-weight:bold;");
    case TableCell::Tone::Normal: break;
    }
    return {};
}

QString pdfTableHtml(const Table& t)
{
    const auto numeric = [&t](std::size_t i) { return i < t.numeric.size() && t.numeric[i]; };
    // white-space:nowrap makes QTextDocument lay the cell out as one unbreakable line, so the
    // column's minimum width is the whole text (without it, "2026-09-13" broke as "2026-09-1" / "3").
    const auto noWrap = [&t](std::size_t i) { return i < t.noWrap.size() && t.noWrap[i] ? QStringLiteral("white-space:nowrap;") : QString(); };
    QString h = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"5\" border=\"0\" "
                               "style=\"margin-top:4px; margin-bottom:10px; font-size:8pt;\"><thead><tr>");
    for (int i = 0; i < t.header.size(); ++i)
        h += QStringLiteral("<th align=\"%1\" style=\"background-color:%2; color:#ffffff; font-weight:bold;\">%3</th>")
                 .arg(numeric(static_cast<std::size_t>(i)) ? QStringLiteral("right") : QStringLiteral("left"), QLatin1String(kAccent), esc(t.header[i]));
    // <thead>: QTextDocument repeats the header row atop each page a long table runs onto.
    h += QStringLiteral("</tr></thead>");
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const QString bg = r % 2 ? QStringLiteral("background-color:#f4f7fa;") : QString();
        h += QStringLiteral("<tr>");
        for (std::size_t i = 0; i < t.rows[r].size(); ++i) {
            const TableCell& c = t.rows[r][i];
            h += QStringLiteral("<td align=\"%1\" style=\"%2%3%4\">%5</td>")
                     .arg(numeric(i) ? QStringLiteral("right") : QStringLiteral("left"), bg, toneStyle(c.tone), noWrap(i), esc(c.text));
        }
        h += QStringLiteral("</tr>");
    }
    return h + QStringLiteral("</table>");
}

QString coverHtml(const ReportDoc& doc)
{
    QString h = QStringLiteral("<p style=\"font-size:9pt; color:#0b5cad; font-weight:bold; margin-top:40px;\">CLUSTER DESIGNER</p>");
    h += QStringLiteral("<p style=\"font-size:26pt; font-weight:bold; margin-top:6px; margin-bottom:4px;\">%1</p>").arg(esc(doc.kind));
    h += QStringLiteral("<p style=\"font-size:15pt; color:#2b3440; margin-bottom:14px;\">%1</p>").arg(esc(doc.subject));
    for (const QString& line : doc.coverLines) h += QStringLiteral("<p style=\"font-size:8.5pt; color:#5d6878; margin:0px;\">%1</p>").arg(esc(line));
    if (!doc.keyFigures.empty()) {
        h += QStringLiteral("<table width=\"100%\" cellspacing=\"6\" cellpadding=\"8\" style=\"margin-top:24px;\">");
        for (std::size_t i = 0; i < doc.keyFigures.size(); i += 2) {
            h += QStringLiteral("<tr>");
            for (std::size_t j = i; j < i + 2; ++j) {
                if (j >= doc.keyFigures.size()) {
                    h += QStringLiteral("<td width=\"50%\"></td>");
                    continue;
                }
                h += QStringLiteral("<td width=\"50%\" style=\"background-color:#f0f4f9;\"><span style=\"font-size:7pt; color:#556070;\">%1</span><br>"
                                    "<span style=\"font-size:12pt; font-weight:bold;\">%2</span></td>")
                         .arg(esc(doc.keyFigures[j].first.toUpper()), esc(doc.keyFigures[j].second));
            }
            h += QStringLiteral("</tr>");
        }
        h += QStringLiteral("</table>");
    }
    return h;
}

QString bodyHtml(const ReportDoc& doc)
{
    QString h = coverHtml(doc);
    bool breakNext = false; // the first section (the summary) follows the cover on page 1
    for (const Block& b : doc.blocks) {
        switch (b.kind) {
        case Block::Kind::PageBreak: breakNext = true; break;
        case Block::Kind::Heading:
            if (b.level == 1)
                h += QStringLiteral("<h2 style=\"font-size:15pt; color:%1; margin-top:18px; margin-bottom:6px;%2\">%3</h2>")
                         .arg(QLatin1String(kAccent), breakNext ? QStringLiteral(" page-break-before:always;") : QString(), esc(b.text));
            else
                h += QStringLiteral("<h3 style=\"font-size:11pt; margin-top:12px; margin-bottom:4px;%1\">%2</h3>")
                         .arg(breakNext ? QStringLiteral(" page-break-before:always;") : QString(), esc(b.text));
            breakNext = false;
            break;
        case Block::Kind::Paragraph:
            h += QStringLiteral("<p style=\"margin-top:3px; margin-bottom:5px;\">%1%2</p>")
                     .arg(b.lead.isEmpty() ? QString() : QStringLiteral("<b>%1</b> ").arg(esc(b.lead)), esc(b.text));
            break;
        case Block::Kind::Callout:
            h += QStringLiteral("<table width=\"100%\" cellpadding=\"8\" cellspacing=\"0\" style=\"margin-top:6px; margin-bottom:8px;\"><tr>"
                                "<td width=\"4\" style=\"background-color:#0b5cad;\"></td><td style=\"background-color:#eef5fc;\">%1</td></tr></table>")
                     .arg(esc(b.text));
            break;
        case Block::Kind::Bullets:
            h += QStringLiteral("<ul style=\"margin-top:2px; margin-bottom:6px;\">");
            for (const QString& i : b.items) h += QStringLiteral("<li>%1</li>").arg(esc(i));
            h += QStringLiteral("</ul>");
            break;
        case Block::Kind::Table: h += pdfTableHtml(b.table); break;
        case Block::Kind::Figure: {
            const Figure& f = doc.figures[static_cast<std::size_t>(b.figure)];
            h += QStringLiteral("<p align=\"center\" style=\"margin-top:6px; margin-bottom:0px;\"><img src=\"cdfig:%1\"></p>"
                                "<p style=\"font-size:7.5pt; color:#556070; margin-top:2px; margin-bottom:8px;\">%2</p>")
                     .arg(b.figure)
                     .arg(esc(f.caption));
            break;
        }
        }
    }
    return h;
}

/// Replaces each <img src="cdfig:N"> by a FigureObject character of the figure's size.
void placeFigures(QTextDocument& text, const ReportDoc& doc, double width, double maxHeight)
{
    std::vector<std::pair<int, int>> at; // (position, figure index)
    for (QTextBlock b = text.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment fr = it.fragment();
            if (!fr.charFormat().isImageFormat()) continue;
            const QString name = fr.charFormat().toImageFormat().name();
            if (name.startsWith(QLatin1String("cdfig:"))) at.emplace_back(fr.position(), name.mid(6).toInt());
        }
    for (auto it = at.rbegin(); it != at.rend(); ++it) {
        const Figure& f = doc.figures[static_cast<std::size_t>(it->second)];
        double w = width, h = width * f.aspect;
        if (h > maxHeight) {
            w *= maxHeight / h;
            h = maxHeight;
        }
        QTextCharFormat fmt;
        fmt.setObjectType(kFigureObject);
        fmt.setProperty(kFigureIndex, it->second);
        fmt.setProperty(kFigureSize, QSizeF(w, h));
        QTextCursor c(&text);
        c.setPosition(it->first);
        c.setPosition(it->first + 1, QTextCursor::KeepAnchor);
        c.insertText(QString(QChar::ObjectReplacementCharacter), fmt);
    }
}

void paintHeaderFooter(QPainter& p, const ReportDoc& doc, const QRectF& page, const QRectF& body, int index, int count)
{
    QFont f(QString::fromLatin1(kFont));
    f.setPixelSize(static_cast<int>(mm(2.6)));
    p.setFont(f);
    p.setPen(QColor(0x5d, 0x68, 0x78));
    const double line = mm(0.2);
    if (index > 0) {
        const QRectF head(body.left(), page.top() + mm(9), body.width(), mm(5));
        const QString left = p.fontMetrics().elidedText(QStringLiteral("Cluster Designer  \u00b7  ") + doc.kind + QStringLiteral(": ") + doc.subject,
                                                        Qt::ElideRight, static_cast<int>(body.width() * 0.8));
        p.drawText(head, Qt::AlignLeft | Qt::AlignVCenter, left);
        p.drawText(head, Qt::AlignRight | Qt::AlignVCenter, QDate::currentDate().toString(Qt::ISODate));
        p.fillRect(QRectF(body.left(), head.bottom() + mm(1), body.width(), line), QColor(0xd5, 0xdb, 0xe3));
    }
    const QRectF foot(body.left(), page.bottom() - mm(13), body.width(), mm(5));
    p.fillRect(QRectF(body.left(), foot.top() - mm(1.5), body.width(), line), QColor(0xd5, 0xdb, 0xe3));
    p.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("Indicative prices, never quotes; sources in \"Assumptions and sources\"."));
    p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("Page %1 of %2").arg(index + 1).arg(count));
}

} // namespace

QString writePdf(const ReportDoc& doc, const QString& path)
{
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) return QString::fromStdString(why);
    {
        QFile probe(path);
        if (!probe.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return path + QStringLiteral(": cannot open for writing (") + probe.errorString() + QLatin1Char(')');
    }
    QPdfWriter writer(path);
    writer.setResolution(kDpi);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(doc.kind + QStringLiteral(": ") + doc.subject);
    writer.setCreator(QStringLiteral("Cluster Designer"));
    const QRectF page(0, 0, writer.width(), writer.height());
    const QRectF body = page.adjusted(mm(18), mm(20), -mm(18), -mm(19));

    QTextDocument text;
    text.documentLayout()->setPaintDevice(&writer);
    FigureObject figures(doc);
    text.documentLayout()->registerHandler(kFigureObject, &figures);
    QFont font(QString::fromLatin1(kFont));
    font.setPointSizeF(9.0);
    // No ligatures: "fi" drawn as one glyph copies out of the PDF as U+FB01, so an id the
    // report quotes (analysis.cost.prices["bluefield-3-400g"]) would not paste back. Qt
    // shapes without ligatures when letter spacing is set (qtextengine.cpp, HarfBuzz "liga"
    // off); two hundredths of a point (the least Qt keeps, 1/64) are invisible.
    font.setLetterSpacing(QFont::AbsoluteSpacing, 0.02);
    text.setDefaultFont(font);
    text.setDocumentMargin(0);
    text.setHtml(bodyHtml(doc));
    placeFigures(text, doc, body.width(), body.height() * 0.92);
    // Paginate after the figures are in: laid out in one pass, every block is drawn (a layout
    // updated piecemeal after an edit left the blocks after a page-spanning table undrawn).
    text.setPageSize(body.size());
    keepHeadingsWithNext(text, body.height());
    splitBlocksAtPageBreaks(text, body.height());

    QPainter painter;
    if (!painter.begin(&writer)) return path + QStringLiteral(": the PDF writer could not start");
    const int pages = text.pageCount();
    for (int i = 0; i < pages; ++i) {
        if (i > 0) writer.newPage();
        painter.save();
        painter.translate(body.left(), body.top() - i * body.height());
        // Clip to this page: a block that starts here may hold a line pushed to the next page.
        const QRectF view(0, i * body.height(), body.width(), body.height());
        painter.setClipRect(view);
        text.documentLayout()->draw(&painter, pageContext(view)); // not drawContents: see pdf_pages.hpp
        painter.restore();
        paintHeaderFooter(painter, doc, page, body, i, pages);
    }
    if (!painter.end()) return path + QStringLiteral(": writing the PDF failed");
    if (QFileInfo(path).size() == 0) return path + QStringLiteral(": writing the PDF failed (empty file)");
    return {};
}

} // namespace app::report

#include "pdf_writer.moc"
