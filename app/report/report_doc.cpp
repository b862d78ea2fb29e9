// Report content helpers and the writer chosen by file extension (report_doc.hpp).
#include "app/report/report_doc.hpp"

#include <QFileInfo>

namespace app::report {

void ReportDoc::heading(const QString& text, int level)
{
    Block b;
    b.kind = Block::Kind::Heading;
    b.level = level;
    b.text = text;
    blocks.push_back(std::move(b));
}

void ReportDoc::paragraph(const QString& text, const QString& lead)
{
    Block b;
    b.kind = Block::Kind::Paragraph;
    b.text = text;
    b.lead = lead;
    blocks.push_back(std::move(b));
}

void ReportDoc::callout(const QString& text)
{
    Block b;
    b.kind = Block::Kind::Callout;
    b.text = text;
    blocks.push_back(std::move(b));
}

void ReportDoc::bullets(const QStringList& items)
{
    if (items.isEmpty()) return;
    Block b;
    b.kind = Block::Kind::Bullets;
    b.items = items;
    blocks.push_back(std::move(b));
}

void ReportDoc::table(Table t)
{
    Block b;
    b.kind = Block::Kind::Table;
    b.table = std::move(t);
    blocks.push_back(std::move(b));
}

void ReportDoc::figure(Figure f)
{
    Block b;
    b.kind = Block::Kind::Figure;
    b.figure = static_cast<int>(figures.size());
    figures.push_back(std::move(f));
    blocks.push_back(std::move(b));
}

void ReportDoc::pageBreak()
{
    Block b;
    b.kind = Block::Kind::PageBreak;
    blocks.push_back(std::move(b));
}

QStringList ReportDoc::sectionTitles() const
{
    QStringList out;
    for (const Block& b : blocks)
        if (b.kind == Block::Kind::Heading && b.level == 1) out << b.text;
    return out;
}

QString writeReport(const ReportDoc& doc, const QString& path)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == QLatin1String("pdf")) return writePdf(doc, path);
    if (ext == QLatin1String("html") || ext == QLatin1String("htm")) return writeHtml(doc, path);
    return path + QStringLiteral(": expected a file name ending in .pdf or .html");
}

} // namespace app::report
