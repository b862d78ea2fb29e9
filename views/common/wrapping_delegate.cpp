#include "views/common/wrapping_delegate.hpp"

#include <QHeaderView>
#include <QTimer>
#include <QTreeView>

namespace views {

WrappingDelegate::WrappingDelegate(QTreeView* view, QList<int> columns)
    : QStyledItemDelegate(view), view_(view), columns_(std::move(columns))
{
}

WrappingDelegate* WrappingDelegate::install(QTreeView* view, QList<int> columns)
{
    auto* d = new WrappingDelegate(view, std::move(columns));
    view->setWordWrap(true);
    view->setUniformRowHeights(false);
    view->setItemDelegate(d);
    // One new layout of the rows per turn of the event loop, however many sections moved.
    auto* relayout = new QTimer(d);
    relayout->setSingleShot(true);
    relayout->setInterval(0);
    QObject::connect(relayout, &QTimer::timeout, view, [view] { view->doItemsLayout(); });
    QObject::connect(view->header(), &QHeaderView::sectionResized, relayout, [d, relayout](int section) {
        if (d->columns_.contains(section)) relayout->start();
    });
    return d;
}

QSize WrappingDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    if (!columns_.contains(index.column())) return QStyledItemDelegate::sizeHint(option, index);
    QStyleOptionViewItem o(option);
    // The style wraps at the option's rectangle when it is valid (QCommonStyle's viewItemSize).
    o.rect = QRect(0, 0, view_->header()->sectionSize(index.column()), 1 << 16);
    return QStyledItemDelegate::sizeHint(o, index);
}

} // namespace views
