#pragma once
/// @file wrapping_delegate.hpp
/// Word wrap for chosen columns of a QTreeView (a QTreeWidget of findings): each row as tall as
/// its longest wrapped text at the column's width. QTreeView asks its delegate for a row's
/// height without the column's width, so a plain word-wrapping tree keeps one line per row and
/// elides the rest ("the network …"); this delegate gives the width, and the rows are laid out
/// again whenever a column is resized (the window, the dock or the user moves it).
///
///     views::WrappingDelegate::install(list, {2, 4}); // "Likely cause" and "Evidence" wrap

#include <QList>
#include <QStyledItemDelegate>

class QTreeView;

namespace views {

class WrappingDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    /// Makes `columns` of `view` wrap: sets word wrap and non-uniform row heights on the view,
    /// installs the delegate (owned by the view) and relays the rows out on column resizes.
    static WrappingDelegate* install(QTreeView* view, QList<int> columns);

    /// Wrapped columns: the size of the text wrapped at the column's width; others as usual.
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    WrappingDelegate(QTreeView* view, QList<int> columns);

    QTreeView* view_;
    QList<int> columns_;
};

} // namespace views
