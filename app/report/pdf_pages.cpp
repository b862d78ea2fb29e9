// Pagination of the PDF's text (pdf_pages.hpp).
#include "app/report/pdf_pages.hpp"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextList>

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

} // namespace

void keepHeadingsWithNext(QTextDocument& text, double pageHeight)
{
    QAbstractTextDocumentLayout* layout = text.documentLayout();
    for (int pass = 0; pass < 60; ++pass) {
        bool moved = false;
        for (QTextBlock b = text.begin(); b.isValid(); b = b.next()) {
            const QTextBlock next = b.next();
            if (b.blockFormat().headingLevel() == 0 || !next.isValid()) continue;
            if (b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
            if (pageOf(lineTop(layout, next, 0), pageHeight) <= static_cast<int>(lineTop(layout, b, 0) / pageHeight)) continue;
            QTextBlockFormat f = b.blockFormat();
            f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            QTextCursor(b).setBlockFormat(f);
            relayout(text);
            moved = true;
            break; // what follows moved: measure again
        }
        if (!moved) return;
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
