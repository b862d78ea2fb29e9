// Pagination of the PDF's text (pdf_pages.hpp).
#include "app/report/pdf_pages.hpp"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextList>
#include <QTextTable>

#include <algorithm>
#include <functional>
#include <vector>

namespace app::report {

namespace {

/// A line pushed to the next page starts at its top edge, give or take rounding: one unit
/// (1/300 inch) decides which page a line or box is on.
constexpr double kTouch = 1.0;

/// Top of line `line` of `b` in document coordinates (blockBoundingRect's top is the block's
/// position, before any line of it pushed to a later page).
double lineTop(QAbstractTextDocumentLayout* layout, const QTextBlock& b, int line)
{
    const QTextLayout* l = b.layout();
    return layout->blockBoundingRect(b).top() + (l && l->lineCount() > line ? l->lineAt(line).y() : 0.0);
}

int pageOf(double y, double pageHeight) { return static_cast<int>((y + kTouch) / pageHeight); }

/// Lays the whole document out again: after an edit QTextDocument relayouts only part of it,
/// and blocks after a page-spanning table would then go undrawn.
void relayout(QTextDocument& text) { text.setPageSize(text.pageSize()); }

/// Document positions where a line starts a later page than the line before it in its block.
std::vector<int> breaksInsideBlocks(QTextDocument& text, double pageHeight)
{
    QAbstractTextDocumentLayout* layout = text.documentLayout();
    std::vector<int> at;
    for (QTextBlock b = text.begin(); b.isValid(); b = b.next()) {
        const QTextLayout* l = b.layout();
        if (!l) continue;
        for (int i = 1; i < l->lineCount(); ++i)
            if (pageOf(lineTop(layout, b, i), pageHeight) > pageOf(lineTop(layout, b, i - 1), pageHeight))
                at.push_back(b.position() + l->lineAt(i).textStart());
    }
    return at;
}

/// Ends the block holding `position` there and continues its text in a new block.
void splitAt(QTextDocument& text, int position)
{
    QTextCursor c(&text);
    c.setPosition(position);
    QTextBlockFormat head = c.blockFormat(), tail = head;
    QTextList* list = c.currentList();
    head.setBottomMargin(0);
    tail.setTopMargin(0);
    tail.setTextIndent(0);
    tail.setPageBreakPolicy(QTextFormat::PageBreak_Auto);
    c.setBlockFormat(head);
    c.insertBlock(tail, c.charFormat());
    if (list) list->remove(c.block()); // no second marker; QTextList::remove keeps the text's indent
}

/// True when `b` holds a figure (a chart or the topology drawing: an image, or the object
/// character pdf_writer.cpp draws a figure as): a block that cannot be split.
bool holdsImage(const QTextBlock& b)
{
    for (auto it = b.begin(); !it.atEnd(); ++it) {
        const QTextCharFormat f = it.fragment().charFormat();
        if (f.isImageFormat() || f.objectType() >= QTextFormat::UserObject) return true;
    }
    return false;
}

/// The block a heading `b` must share a page with: the next one, or, where that is a plain
/// paragraph introducing a figure, the figure (a section's heading and its one-line intro
/// left at the foot of a page above their chart read as an empty section).
QTextBlock keptWith(const QTextBlock& b)
{
    const QTextBlock next = b.next();
    const QTextBlock after = next.isValid() ? next.next() : QTextBlock();
    const bool plainParagraph = next.isValid() && next.blockFormat().headingLevel() == 0 && !next.textList() && !holdsImage(next);
    return plainParagraph && after.isValid() && holdsImage(after) ? after : next;
}

/// True for a block of running text: no heading, list item, figure or table cell.
bool plainParagraph(const QTextBlock& b)
{
    return b.isValid() && b.blockFormat().headingLevel() == 0 && !b.textList() && !holdsImage(b) && !QTextCursor(b).currentTable();
}

/// `b`, or the first of the headings right above it where `b` is a heading: a section's
/// heading and its first subsection's move together ("Assumptions and sources" was left alone
/// on a page when the table under "Cost assumptions" took only the subheading along).
QTextBlock withHeadingsAbove(QTextBlock b)
{
    while (b.blockFormat().headingLevel() > 0) {
        const QTextBlock above = b.previous();
        if (!above.isValid() || above.blockFormat().headingLevel() == 0 || above.text().trimmed().isEmpty()) break;
        b = above;
    }
    return b;
}

/// The first block a table's move to the next page takes along: the paragraph introducing it
/// and the heading above that, or the heading right above it, with the headings right above
/// that heading. Invalid when neither is there (the table itself moves then).
QTextBlock leadInto(QTextTable* table)
{
    const QTextBlock before = table->document()->findBlock(table->firstPosition()).previous();
    // An empty block is the separator Qt keeps between two tables: nothing to take along.
    if (!before.isValid() || before.text().trimmed().isEmpty()) return {};
    if (before.blockFormat().headingLevel() > 0) return withHeadingsAbove(before);
    if (!plainParagraph(before)) return {};
    const QTextBlock heading = before.previous();
    return heading.isValid() && heading.blockFormat().headingLevel() > 0 ? withHeadingsAbove(heading) : before;
}

/// True when nothing lies above `b` on its page (its previous block ends on an earlier page):
/// a page break there would only leave a blank page.
bool startsPage(QAbstractTextDocumentLayout* layout, const QTextBlock& b, double pageHeight)
{
    const QTextBlock prev = b.previous();
    if (!prev.isValid()) return true;
    const int lines = prev.layout() ? prev.layout()->lineCount() : 0;
    return pageOf(lineTop(layout, prev, std::max(0, lines - 1)), pageHeight) < pageOf(lineTop(layout, b, 0), pageHeight);
}

/// Where a page break keeps content together: before `block`, or before `table` when it has
/// no lead-in block to move with it.
struct KeepBreak {
    QTextBlock block;
    QTextTable* table = nullptr;
    int position = -1; ///< document position of the break; -1: none needed
};

/// The first heading of `text` whose kept-with block (keptWith) starts a later page, and that
/// is not already at a page's top.
KeepBreak headingBreak(QTextDocument& text, double pageHeight)
{
    QAbstractTextDocumentLayout* layout = text.documentLayout();
    for (QTextBlock b = text.begin(); b.isValid(); b = b.next()) {
        const QTextBlock next = keptWith(b);
        if (b.blockFormat().headingLevel() == 0 || !next.isValid()) continue;
        if (b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
        if (pageOf(lineTop(layout, next, 0), pageHeight) <= pageOf(lineTop(layout, b, 0), pageHeight)) continue;
        if (startsPage(layout, b, pageHeight)) continue;
        return {b, nullptr, b.position()};
    }
    return {};
}

/// The first table of `text` whose header row ends a page while its first body row opens the
/// next (a header alone at a page's foot), or that opens a page while the paragraph or heading
/// leading into it ends the page before; the break goes before that lead-in (or the table),
/// unless it is already at a page's top or already breaks.
KeepBreak tableBreak(QTextDocument& text, double pageHeight)
{
    QAbstractTextDocumentLayout* layout = text.documentLayout();
    for (QTextFrame* frame : text.rootFrame()->childFrames()) {
        auto* table = qobject_cast<QTextTable*>(frame);
        if (!table || table->rows() < 2 || table->format().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
        const QTextBlock header = table->cellAt(0, 0).firstCursorPosition().block();
        const QTextBlock body = table->cellAt(1, 0).firstCursorPosition().block();
        const QTextBlock lead = leadInto(table);
        const int headerPage = pageOf(lineTop(layout, header, 0), pageHeight);
        const bool split = pageOf(lineTop(layout, body, 0), pageHeight) > headerPage;
        // The intro (or heading) left at the foot of the page before the table starts.
        const bool leftBehind = lead.isValid() && headerPage > pageOf(lineTop(layout, lead, 0), pageHeight);
        if (!split && !leftBehind) continue;
        const QTextBlock first = lead.isValid() ? lead : header;
        if (lead.isValid() && lead.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
        if (startsPage(layout, first, pageHeight)) continue;
        return lead.isValid() ? KeepBreak{lead, nullptr, lead.position()} : KeepBreak{{}, table, table->firstPosition()};
    }
    return {};
}

} // namespace

void keepHeadingsWithNext(QTextDocument& text, double pageHeight)
{
    for (int pass = 0; pass < 60; ++pass) {
        // The earliest break the document needs, so that each break only moves what follows it
        // and none set before goes stale (a stale break leaves a blank or nearly blank page).
        const KeepBreak h = headingBreak(text, pageHeight), t = tableBreak(text, pageHeight);
        const KeepBreak* at = h.position < 0 ? &t : t.position < 0 ? &h : (h.position <= t.position ? &h : &t);
        if (at->position < 0) return;
        if (at->table) {
            QTextTableFormat f = at->table->format();
            f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            at->table->setFormat(f);
        } else {
            QTextBlockFormat f = at->block.blockFormat();
            f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            QTextCursor(at->block).setBlockFormat(f);
        }
        relayout(text); // what follows moved: measure again
    }
}

void splitBlocksAtPageBreaks(QTextDocument& text, double pageHeight)
{
    // A split leaves every line where it was, so one pass finds them all; a few more passes
    // only guard against a layout that moved after all.
    for (int pass = 0; pass < 8; ++pass) {
        std::vector<int> at = breaksInsideBlocks(text, pageHeight);
        if (at.empty()) return;
        std::sort(at.begin(), at.end(), std::greater<>()); // from the end: earlier positions stay valid
        for (int position : at) splitAt(text, position);
        relayout(text);
    }
}

QAbstractTextDocumentLayout::PaintContext pageContext(const QRectF& view)
{
    QAbstractTextDocumentLayout::PaintContext ctx;
    ctx.clip = view.adjusted(0, kTouch, 0, -kTouch);
    return ctx;
}

} // namespace app::report
