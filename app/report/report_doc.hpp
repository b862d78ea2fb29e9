#pragma once
/// @file report_doc.hpp
/// A report as plain content (headings, paragraphs, tables, figures), built once from the
/// results and written by two writers: PDF (pdf_writer.cpp, Qt's PDF writer, real text and
/// vector figures) and HTML (html_writer.cpp, one self-contained file). Text here is plain
/// text: the writers escape it, so a design named "<script>" prints as text, never as markup.

#include <QSizeF>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class QPainter;
class QRectF;

namespace app::report {

/// A picture drawn by a function into any rectangle: vector graphics in PDF and SVG.
struct Figure {
    QString caption;
    double aspect = 0.5;                                     ///< height / width
    std::function<void(QPainter&, const QRectF&)> paint;
    std::shared_ptr<void> keepAlive;                         ///< whatever `paint` draws from (a scene)
};

/// One table cell and how it is emphasised.
struct TableCell {
    enum class Tone { Normal, Best, Differs, Missing, Muted, Strong };
    QString text;
    Tone tone = Tone::Normal;
};

/// A table cell of text `t` in `tone`.
[[nodiscard]] inline TableCell cell(const QString& t, TableCell::Tone tone = TableCell::Tone::Normal) { return {t, tone}; }

/// `s` escaped for HTML text and attribute values (QString::toHtmlEscaped).
[[nodiscard]] inline QString esc(const QString& s) { return s.toHtmlEscaped(); }

struct Table {
    QStringList header;
    std::vector<std::vector<TableCell>> rows;
    std::vector<bool> numeric;                               ///< per column: right-aligned figures
    std::vector<bool> noWrap;                                ///< per column: each cell on one line (dates such as 2026-09-13)
};

struct Block {
    enum class Kind { Heading, Paragraph, Bullets, Table, Figure, Callout, PageBreak };
    Kind kind = Kind::Paragraph;
    int level = 1;                                           ///< headings: 1 (section) or 2
    QString lead;                                            ///< paragraphs: bold words before the text
    QString text;
    QStringList items;                                       ///< bullets
    Table table;
    int figure = -1;                                         ///< index into ReportDoc::figures
};

/// The whole report.
struct ReportDoc {
    QString kind;                                            ///< "Design report" or "Design comparison"
    QString subject;                                         ///< the design name(s), as the user wrote them
    QStringList coverLines;                                  ///< date, files, engine, under the subject
    std::vector<std::pair<QString, QString>> keyFigures;     ///< cover box: label, value
    std::vector<Block> blocks;
    std::vector<Figure> figures;

    void heading(const QString& text, int level = 1);
    void paragraph(const QString& text, const QString& lead = {});
    void callout(const QString& text);
    void bullets(const QStringList& items);
    void table(Table t);
    void figure(Figure f);
    void pageBreak();
    /// Section titles (level-1 headings) in order.
    [[nodiscard]] QStringList sectionTitles() const;
};

/// Writes `doc` as PDF (Qt's PDF writer: selectable text, vector figures, A4, page header and
/// footer). @return an error text naming the path, or empty on success.
[[nodiscard]] QString writePdf(const ReportDoc& doc, const QString& path);
/// Writes `doc` as one self-contained HTML file (CSS and SVG figures inline, no external
/// link needed). @return an error text naming the path, or empty on success.
[[nodiscard]] QString writeHtml(const ReportDoc& doc, const QString& path);
/// The HTML text writeHtml writes.
[[nodiscard]] QString toHtml(const ReportDoc& doc);
/// Writes by the extension of `path`: .pdf or .html/.htm. @return an error text, or empty.
[[nodiscard]] QString writeReport(const ReportDoc& doc, const QString& path);

} // namespace app::report
