#pragma once
// Checks that text on screen is whole: a label is as tall as its wrapped text needs (or as wide
// as its one line), and two widgets side by side or one above the other do not overlap.
#include <QLabel>
#include <QRect>
#include <QString>
#include <QWidget>

#include <string>

namespace guitest {

/// `w`'s rectangle in the coordinates of `ancestor` (a parent of it, at any depth).
inline QRect rectIn(const QWidget* w, const QWidget* ancestor) { return QRect(w->mapTo(ancestor, QPoint(0, 0)), w->size()); }

/// True when the whole text of `l` is on screen: a word-wrapped label at least as tall as the
/// height its text needs at its width, a one-line label at least as wide and tall as its text.
inline bool labelFits(const QLabel* l)
{
    if (l->wordWrap()) return l->height() >= l->heightForWidth(l->width());
    return l->width() >= l->sizeHint().width() && l->height() >= l->sizeHint().height();
}

/// "name 120x40 at (3, 7) needs 120x56": what a failed check reports.
inline std::string describe(const QLabel* l)
{
    const int need = l->wordWrap() ? l->heightForWidth(l->width()) : l->sizeHint().height();
    return (l->objectName() + QStringLiteral(" \"") + l->text().left(60) + QStringLiteral("\" %1x%2 needs height %3")
                                                                             .arg(l->width())
                                                                             .arg(l->height())
                                                                             .arg(need))
        .toStdString();
}

} // namespace guitest

#include <QAbstractItemView>
#include <QFontMetrics>
#include <QModelIndex>
#include <QStyle>

namespace guitest {

/// True when the whole text of cell `index` shows in `view`: the cell lies within the viewport's
/// width (no scrolling sideways to read it) and its text fits the cell on one line or, when the
/// view wraps (`wraps`), wrapped at the cell's width, as QStyledItemDelegate lays it out (a text
/// margin of PM_FocusFrameHMargin + 1 on each side). `why` says what did not fit.
inline bool cellFits(const QAbstractItemView* view, const QModelIndex& index, bool wraps, std::string* why = nullptr)
{
    const QRect r = view->visualRect(index);
    const QString text = index.data(Qt::DisplayRole).toString();
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const QFontMetrics fm(view->font());
    const int width = r.width() - 2 * margin;
    const bool inside = r.left() >= 0 && r.right() < view->viewport()->width();
    const bool oneLine = fm.horizontalAdvance(text) <= width;
    const int wrapped = fm.boundingRect(QRect(0, 0, std::max(1, width), 1 << 20), Qt::TextWordWrap, text).height();
    const bool fits = inside && (oneLine || (wraps && wrapped <= r.height()));
    if (why && !fits)
        *why = QStringLiteral("\"%1\" in a cell %2x%3 at x %4 (viewport %5 wide): one line needs %6 px, wrapped %7 px high")
                   .arg(text.left(60))
                   .arg(r.width())
                   .arg(r.height())
                   .arg(r.left())
                   .arg(view->viewport()->width())
                   .arg(fm.horizontalAdvance(text))
                   .arg(wrapped)
                   .toStdString();
    return fits;
}

} // namespace guitest
