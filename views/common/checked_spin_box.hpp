#pragma once
/// @file checked_spin_box.hpp
/// Spin boxes that refuse a typed value outside their range with a message naming the field
/// and the allowed range ("NIC count: 599 is outside the allowed range, 0 to 32 ..."), instead
/// of QAbstractSpinBox's silent handling (keystrokes past the maximum dropped, or the value
/// clamped). The refused value is never taken: the box goes back to the value it had, and no
/// edit is made. Whole-number boxes show digit grouping (1,024), never scientific notation.

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QString>

#include <functional>
#include <optional>

namespace views {

/// Shows a refusal: `box` is the spin box, `message` names the field, the value typed and the
/// allowed range. The default opens QMessageBox::warning on the box's window once the edit
/// has ended (never inside the focus change that ended it). Tests replace it; an empty
/// function restores the default.
void setRefusalReporter(std::function<void(QWidget* box, const QString& message)> reporter);

/// Shows the refusal of what was typed into `field` (any input widget, e.g. the inspector's
/// Name) through the same reporter, once the event loop is back: never inside the focus change
/// that ended the edit. Nothing is shown when `field` is gone by then.
void reportRefusal(QWidget* field, const QString& message);

/// The message for `typed` refused in `field` whose allowed range is `min` to `max` (shown
/// with `decimals` decimals and digit grouping), the value staying `kept` (as the box shows it,
/// e.g. "catalog default (8)").
[[nodiscard]] QString refusalMessage(const QString& field, double typed, double min, double max, const QString& kept, int decimals);

/// A QSpinBox for whole numbers (counts) that refuses out-of-range input with a message.
class CheckedSpinBox final : public QSpinBox {
    Q_OBJECT
public:
    /// `field` is the name shown in the form ("NIC count"); the range is [min, max].
    CheckedSpinBox(const QString& field, int min, int max, QWidget* parent = nullptr);
    [[nodiscard]] QString field() const { return field_; }
    /// The last refusal's message (empty when none); for tests.
    [[nodiscard]] QString lastRefusal() const { return last_; }
    /// The number the box's text reads now, typed but not yet committed (keyboard tracking is
    /// off: value() changes only when the edit ends), in or out of range; empty when the text
    /// is no number (the special value text, a lone sign).
    [[nodiscard]] std::optional<double> typedValue() const { return typedNumber(text()); }

signals:
    /// A typed value was refused; emitted once per refused edit, after the edit ended.
    void refused(const QString& message);

protected:
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;

private:
    [[nodiscard]] std::optional<double> typedNumber(const QString& input) const;

    QString field_;
    mutable QString last_;
    mutable bool queued_ = false;
};

/// A QDoubleSpinBox (prices, speeds) that refuses out-of-range input with a message.
class CheckedDoubleSpinBox final : public QDoubleSpinBox {
    Q_OBJECT
public:
    /// `field` is the name shown in the form ("US$ per unit"); the range is [min, max].
    CheckedDoubleSpinBox(const QString& field, double min, double max, int decimals, QWidget* parent = nullptr);
    [[nodiscard]] QString field() const { return field_; }
    /// The last refusal's message (empty when none); for tests.
    [[nodiscard]] QString lastRefusal() const { return last_; }
    /// The number the box's text reads now, typed but not yet committed (keyboard tracking is
    /// off: value() changes only when the edit ends), in or out of range; empty when the text
    /// is no number (the special value text, a lone sign).
    [[nodiscard]] std::optional<double> typedValue() const { return typedNumber(text()); }

signals:
    /// A typed value was refused; emitted once per refused edit, after the edit ended.
    void refused(const QString& message);

protected:
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;

private:
    [[nodiscard]] std::optional<double> typedNumber(const QString& input) const;

    QString field_;
    mutable QString last_;
    mutable bool queued_ = false;
};

} // namespace views
