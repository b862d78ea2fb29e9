#include "views/common/elided_header.hpp"

#include <QFontMetrics>
#include <QStyle>
#include <QStyleOptionHeader>

#include <algorithm>

namespace views {

ElidedHeader::ElidedHeader(Qt::Orientation orientation, QWidget* parent) : QHeaderView(orientation, parent)
{
    setTextElideMode(Qt::ElideRight);
}

QString ElidedHeader::shownText(int logicalIndex) const
{
    const QString text = model() ? model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString() : QString();
    if (textElideMode() == Qt::ElideNone) return text;
    QFont bold = font();
    bold.setBold(true);
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    // Horizontal titles run across their section, vertical ones across the header's width.
    const int room = std::max(0, (orientation() == Qt::Horizontal ? sectionSize(logicalIndex) : width()) - 2 * margin - 2);
    return QFontMetrics(bold).elidedText(text, textElideMode(), room);
}

void ElidedHeader::initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const
{
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    option->text = shownText(logicalIndex);
}

} // namespace views
