#pragma once
/// @file pdf_pages.hpp
/// How the PDF writer cuts its QTextDocument into pages so that each page holds, as text,
/// exactly what it shows: headings kept with what follows them, no block's lines on two
/// pages, and each page drawn without the lines that merely touch it.
///
/// Why the last two: writePdf draws the one document page by page, clipped to each page.
/// QTextLayout::draw draws, besides the lines inside its clip, the last line above it (its
/// loop keeps "firstLine = i" for every line above), and every line whose box touches the
/// clip's edge; a page break falls, give or take rounding, on exactly such an edge. The clip
/// hides those lines, but the PDF keeps their text, so pdftotext found a paragraph's last line
/// of one page again above the next page's top, and the per-layer chart (its top 0.02 units
/// above the break, at 6094.72 against 6094.74) with its labels at the foot of the page before.

#include <QAbstractTextDocumentLayout>

class QTextDocument;

namespace app::report {

/// Moves every heading whose next block starts on a later page to that page (QTextDocument
/// has no "keep with next" of its own); a heading followed by a plain paragraph and then a
/// figure is kept with the figure. A table whose header row would end a page, its rows on the
/// next, moves there too, with the paragraph and heading that lead into it. `text` is
/// paginated at `pageHeight`.
void keepHeadingsWithNext(QTextDocument& text, double pageHeight);

/// Splits every block whose lines lie on two pages (a paragraph, a list item or a table
/// cell's text) into two blocks at the page break, so no block reaches back onto the page
/// before: the first keeps its top margin, the second its bottom margin and no list marker
/// of its own (indented as the item's text). What the pages show does not move.
void splitBlocksAtPageBreaks(QTextDocument& text, double pageHeight);

/// What to draw of the page `view` (document coordinates): the lines and figures that lie on
/// it by more than one unit (1/300 inch), not those whose box only touches its edge.
[[nodiscard]] QAbstractTextDocumentLayout::PaintContext pageContext(const QRectF& view);

} // namespace app::report
