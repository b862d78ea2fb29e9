#include "views/common/reflow_label.hpp"

#include <QChildEvent>
#include <QEvent>
#include <QFontMetrics>

#include <algorithm>

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

/// Counts a measuring or painting in progress for as long as it lives.
struct Quiet {
    explicit Quiet(int& n) : n_(n) { ++n_; }
    ~Quiet() { --n_; }
    Quiet(const Quiet&) = delete;
    Quiet& operator=(const Quiet&) = delete;
    int& n_;
};

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
    if (!sizes_.empty() && sizes_.front().shape == shape) return;
    const auto it = std::find_if(sizes_.begin(), sizes_.end(), [&](const Measured& m) { return m.shape == shape; });
    if (it != sizes_.end()) {
        std::rotate(sizes_.begin(), it, it + 1); // measured before: to the front
        return;
    }
    if (sizes_.size() >= kShapesKept) sizes_.pop_back();
    sizes_.insert(sizes_.begin(), Measured{shape, QSize(), QSize(), {}});
}

void ReflowLabel::forgetSizes() const { sizes_.clear(); }

void ReflowLabel::routeDocumentRepaints() const
{
    if (routed_) return;
    // QLabel's rich-text document lives in a private QWidgetTextControl child; its repaint
    // requests go to QLabel::update(). Should a Qt version wire it otherwise, disconnect
    // finds nothing and every request keeps repainting, as for a QLabel.
    for (QObject* child : children()) {
        if (child->isWidgetType() || qstrcmp(child->metaObject()->className(), "QWidgetTextControl") != 0) continue;
        routed_ = true;
        auto* self = const_cast<ReflowLabel*>(this);
        if (QObject::disconnect(child, SIGNAL(updateRequest(QRectF)), self, SLOT(update())))
            connect(child, SIGNAL(updateRequest(QRectF)), self, SLOT(documentWantsRepaint()));
        return;
    }
}

void ReflowLabel::childEvent(QChildEvent* e)
{
    if (e->added() && !e->child()->isWidgetType()) routed_ = false; // perhaps a new document: route it too
    QLabel::childEvent(e);
}

void ReflowLabel::documentWantsRepaint()
{
    if (quiet_ == 0) update();
}

void ReflowLabel::paintEvent(QPaintEvent* e)
{
    routeDocumentRepaints();
    const Quiet quiet(quiet_); // the document laid out for this paint is the one painted now
    QLabel::paintEvent(e);
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
    if (!sizes_.front().hint.isValid()) {
        routeDocumentRepaints();
        const Quiet quiet(quiet_); // trial layouts, then the document as it was: nothing to repaint
        const QSize hint = QLabel::sizeHint();
        sizes_.front().hint = hint;
    }
    return sizes_.front().hint;
}

QSize ReflowLabel::minimumSizeHint() const
{
    keepSizesForText();
    if (!sizes_.front().minimum.isValid()) {
        routeDocumentRepaints();
        const Quiet quiet(quiet_);
        const QSize minimum = QLabel::minimumSizeHint();
        sizes_.front().minimum = minimum;
    }
    return sizes_.front().minimum;
}

int ReflowLabel::heightForWidth(int width) const
{
    keepSizesForText();
    const QHash<int, int>& heights = sizes_.front().heights;
    const auto it = heights.constFind(width);
    if (it != heights.cend()) return *it;
    routeDocumentRepaints();
    const Quiet quiet(quiet_);
    const int h = QLabel::heightForWidth(width);
    sizes_.front().heights.insert(width, h);
    return h;
}

void ReflowLabel::changeEvent(QEvent* e)
{
    switch (e->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::ContentsRectChange:
        tabularDigits_ = tabularDigits(font());
        forgetSizes();
        break;
    default: break;
    }
    QLabel::changeEvent(e);
}

} // namespace views
