#pragma once
/// @file elided_label.hpp
/// A one-line label that shows as much of its text as its width holds, ending in "…" when it
/// had to shorten it, with the whole text in its tooltip. For the status bar: a message longer
/// than the room left of the bottleneck and zoom labels ends before them instead of running
/// under them (QStatusBar::showMessage clips its text at the first permanent widget, mid-word).
/// It asks for no more than a few characters of width, so a long text never widens the window.

#include <QLabel>

namespace views {

class ElidedLabel final : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    /// Sets the whole text; the label shows it, shortened to its width when needed.
    void setFullText(const QString& text);
    /// The whole text (QLabel::text() is what is drawn).
    [[nodiscard]] QString fullText() const { return full_; }
    /// True when the text drawn is shorter than the whole text.
    [[nodiscard]] bool isElided() const { return text() != full_; }

    /// The whole text on one line.
    [[nodiscard]] QSize sizeHint() const override;
    /// Room for "…" and a few characters.
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    /// Shows the whole text, or its start and "…" when it is wider than the label.
    void elide();

    QString full_;
};

} // namespace views
