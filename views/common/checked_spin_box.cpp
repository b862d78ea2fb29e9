#include "views/common/checked_spin_box.hpp"

#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>

#include <cmath>

namespace views {

namespace {

std::function<void(QWidget*, const QString&)>& reporter()
{
    static std::function<void(QWidget*, const QString&)> r;
    return r;
}

void report(QWidget* box, const QString& message)
{
    if (reporter()) {
        reporter()(box, message);
        return;
    }
    QMessageBox::warning(box->window(), QObject::tr("Value not accepted"), message);
}

/// The number in `input` once `prefix`, `suffix` and group separators are removed; nullopt
/// when it is not a number.
std::optional<double> parseTyped(const QLocale& locale, QString input, const QString& prefix, const QString& suffix)
{
    input = input.trimmed();
    if (!prefix.isEmpty() && input.startsWith(prefix.trimmed())) input.remove(0, prefix.trimmed().size());
    if (!suffix.isEmpty() && input.endsWith(suffix.trimmed())) input.chop(suffix.trimmed().size());
    input = input.trimmed();
    input.remove(locale.groupSeparator());
    bool ok = false;
    double v = locale.toDouble(input, &ok);
    if (!ok) v = QLocale::c().toDouble(input, &ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

/// True when `input` (without prefix and suffix) is a sign alone, the start of a negative (or
/// explicitly positive) number: kept while typing, so "-400" reaches the range check and is
/// refused with a message. QAbstractSpinBox drops the '-' when the minimum is not negative, so
/// "-400" became 400, silently.
bool signAlone(QString input, const QString& prefix, const QString& suffix)
{
    input = input.trimmed();
    if (!prefix.isEmpty() && input.startsWith(prefix.trimmed())) input.remove(0, prefix.trimmed().size());
    if (!suffix.isEmpty() && input.endsWith(suffix.trimmed())) input.chop(suffix.trimmed().size());
    input = input.trimmed();
    return input == QStringLiteral("-") || input == QStringLiteral("+");
}

/// Reports `message` for `box` once the event loop is back (after the edit has ended).
template <class Box>
void queueRefusal(const Box* box, QString& last, bool& queued, const QString& message)
{
    last = message;
    if (queued) return;
    queued = true;
    QPointer<Box> guard(const_cast<Box*>(box));
    QTimer::singleShot(0, guard, [guard, &last, &queued] {
        queued = false;
        emit guard->refused(last);
        report(guard, last);
    });
}

} // namespace

void setRefusalReporter(std::function<void(QWidget*, const QString&)> r) { reporter() = std::move(r); }

void reportRefusal(QWidget* field, const QString& message)
{
    QPointer<QWidget> guard(field);
    QTimer::singleShot(0, field, [guard, message] {
        if (guard) report(guard, message);
    });
}

QString refusalMessage(const QString& field, double typed, double min, double max, const QString& kept, int decimals)
{
    const QLocale l;
    const auto n = [&](double v) { return l.toString(v, 'f', decimals); };
    return QObject::tr("%1: %2 is outside the allowed range, %3 to %4. The value stays %5.")
        .arg(field, n(typed), n(min), n(max), kept);
}

CheckedSpinBox::CheckedSpinBox(const QString& field, int min, int max, QWidget* parent) : QSpinBox(parent), field_(field)
{
    setRange(min, max);
    setGroupSeparatorShown(true);
    setKeyboardTracking(false);
    setAccessibleName(field);
}

std::optional<double> CheckedSpinBox::typedNumber(const QString& input) const
{
    return parseTyped(locale(), input, prefix(), suffix());
}

QValidator::State CheckedSpinBox::validate(QString& input, int& pos) const
{
    const QValidator::State s = QSpinBox::validate(input, pos);
    if (s != QValidator::Invalid) return s;
    // A whole number out of range may be typed: refused with a message when the edit ends.
    if (signAlone(input, prefix(), suffix())) return QValidator::Intermediate;
    const auto v = typedNumber(input);
    return v && *v == std::floor(*v) ? QValidator::Intermediate : QValidator::Invalid;
}

void CheckedSpinBox::fixup(QString& input) const
{
    const bool special = value() == minimum() && !specialValueText().isEmpty();
    if (const auto v = typedNumber(input); v && (*v < minimum() || *v > maximum()))
        queueRefusal(this, last_, queued_, refusalMessage(field_, *v, minimum(), maximum(),
                                                            special ? specialValueText() : prefix() + textFromValue(value()) + suffix(), 0));
    QSpinBox::fixup(input);
}

CheckedDoubleSpinBox::CheckedDoubleSpinBox(const QString& field, double min, double max, int decimals, QWidget* parent)
    : QDoubleSpinBox(parent), field_(field)
{
    setDecimals(decimals);
    setRange(min, max);
    setGroupSeparatorShown(true);
    setKeyboardTracking(false);
    setAccessibleName(field);
}

std::optional<double> CheckedDoubleSpinBox::typedNumber(const QString& input) const
{
    return parseTyped(locale(), input, prefix(), suffix());
}

QValidator::State CheckedDoubleSpinBox::validate(QString& input, int& pos) const
{
    const QValidator::State s = QDoubleSpinBox::validate(input, pos);
    if (s != QValidator::Invalid) return s;
    if (signAlone(input, prefix(), suffix())) return QValidator::Intermediate;
    return typedNumber(input) ? QValidator::Intermediate : QValidator::Invalid;
}

void CheckedDoubleSpinBox::fixup(QString& input) const
{
    if (const auto v = typedNumber(input); v && (*v < minimum() || *v > maximum()))
        queueRefusal(this, last_, queued_, refusalMessage(field_, *v, minimum(), maximum(), prefix() + textFromValue(value()) + suffix(), decimals()));
    QDoubleSpinBox::fixup(input);
}

} // namespace views
