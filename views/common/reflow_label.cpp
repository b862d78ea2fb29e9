#include "views/common/reflow_label.hpp"

#include <QEvent>
#include <QFontMetrics>

namespace views {

namespace {
/// True when the ten digits have one advance in `font`.
bool sameDigitAdvance(const QFont& font)
{
    const QFontMetrics fm(font);
    const int zero = fm.horizontalAdvance(QLatin1Char('0'));
    for (char c = '1'; c <= '9'; ++c)
        if (fm.horizontalAdvance(QLatin1Char(c)) != zero) return false;
    return true;
}

bool tabularDigits(const QFont& font)
{
    QFont bold = font;
    bold.setBold(true);
    return sameDigitAdvance(font) && sameDigitAdvance(bold);
}
} // namespace

ReflowLabel::ReflowLabel(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
    tabularDigits_ = tabularDigits(font());
}

QString ReflowLabel::shapeOf(const QString& text)
{
    QString shape = text;
    for (QChar& c : shape)
        if (c >= QLatin1Char('0') && c <= QLatin1Char('9')) c = QLatin1Char('0');
    return shape;
}

void ReflowLabel::keepSizesForText() const
{
    const QString shape = tabularDigits_ ? shapeOf(text()) : text();
    if (shapeKnown_ && shape == measuredShape_) return;
    shapeKnown_ = true;
    measuredShape_ = shape;
    hint_ = minimum_ = QSize();
    heights_.clear();
}

bool ReflowLabel::setTextIfChanged(const QString& text)
{
    if (text == this->text()) return false;
    setText(text);
    return true;
}

QSize ReflowLabel::sizeHint() const
{
    keepSizesForText();
    if (!hint_.isValid()) hint_ = QLabel::sizeHint();
    return hint_;
}

QSize ReflowLabel::minimumSizeHint() const
{
    keepSizesForText();
    if (!minimum_.isValid()) minimum_ = QLabel::minimumSizeHint();
    return minimum_;
}

int ReflowLabel::heightForWidth(int width) const
{
    keepSizesForText();
    const auto it = heights_.constFind(width);
    if (it != heights_.cend()) return *it;
    const int h = QLabel::heightForWidth(width);
    heights_.insert(width, h);
    return h;
}

void ReflowLabel::changeEvent(QEvent* e)
{
    switch (e->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::ContentsRectChange:
        tabularDigits_ = tabularDigits(font());
        shapeKnown_ = false;
        hint_ = minimum_ = QSize();
        heights_.clear();
        break;
    default: break;
    }
    QLabel::changeEvent(e);
}

} // namespace views
