#pragma once
/// @file reflow_label.hpp
/// A word-wrapped label for text that is set again after every edit (the bottleneck box, the
/// busbw algorithm spans, the inspector's design summary). A plain word-wrapped rich-text
/// QLabel measures its text again whenever the text is set: its size hints lay the document
/// out six to eight times, and because the hints are invalid the dock and the main window lay
/// themselves out again. After a delete or an undo that was most of the edit's time on the UI
/// thread (issue 11 item 7: 50 ms on the default design).
///
/// ReflowLabel shows exactly what a QLabel shows and reports the same size hints, but:
/// - setTextIfChanged does nothing when the text is the one on screen;
/// - the size hints and heights for a width are kept while the text keeps its shape: the same
///   text with other digits ("256 GPUs in 32 servers" against "248 GPUs in 31 servers"). In a
///   font whose digits all have the same advance (tabular figures, as DejaVu Sans, Noto Sans
///   and most UI fonts have) such texts wrap at the same places and have the same sizes, so
///   nothing needs measuring and the layouts above stay valid. With a font whose digits
///   differ in width, every new text is measured, as a QLabel does.
/// The sizes of the last few shapes are kept (kShapesKept): an edit and its undo switch
/// between two texts of different shapes (a warning line comes and goes with a server delete),
/// and neither is measured again. A font, style or margin change measures again. Set the text
/// format, alignment and margin before the first text.
/// - A rich-text QLabel asks to be painted again whenever its document is laid out: when it
///   is measured at a trial width, and when it lays its new text out while painting it. That
///   second paint showed the same pixels, one event-loop turn later (each rich-text label was
///   painted twice per edit). ReflowLabel drops the document's repaint requests made while it
///   measures or paints; the others (a selection made with the mouse) repaint as before.

#include <QHash>
#include <QLabel>

#include <vector>

namespace views {

class ReflowLabel final : public QLabel {
    Q_OBJECT
public:
    explicit ReflowLabel(QWidget* parent = nullptr);

    /// Sets `text` unless it is the text on screen. @return true when the text changed.
    bool setTextIfChanged(const QString& text);

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] int heightForWidth(int width) const override;

    /// The text with every decimal digit replaced by '0': texts with the same shape have the
    /// same sizes when the font's digits have one advance (see the file comment).
    [[nodiscard]] static QString shapeOf(const QString& text);

protected:
    void changeEvent(QEvent* e) override;
    void paintEvent(QPaintEvent* e) override;
    void childEvent(QChildEvent* e) override;

private slots:
    /// A repaint request of the text document: honoured unless made while measuring or painting.
    void documentWantsRepaint();

private:
    /// Drops the measured sizes unless the text on screen has the shape they were measured
    /// for (checked on every query, so QLabel::setText called directly is followed too).
    void keepSizesForText() const;

    /// Routes the repaint requests of QLabel's text document through documentWantsRepaint
    /// (once the document exists; QLabel makes it with the first rich text).
    void routeDocumentRepaints() const;
    /// Drops every measured size (the font, style or margins changed).
    void forgetSizes() const;

    /// Sizes measured for the texts of one shape.
    struct Measured {
        QString shape;            ///< shape of the text the sizes belong to
        QSize hint, minimum;      ///< invalid: not measured yet
        QHash<int, int> heights;  ///< height in pixels for a width in pixels
    };
    static constexpr std::size_t kShapesKept = 4;

    bool tabularDigits_ = false;         ///< every digit has one advance, regular and bold
    mutable bool routed_ = false;        ///< the document's repaint requests come to documentWantsRepaint
    mutable int quiet_ = 0;              ///< > 0 while QLabel measures or paints
    mutable std::vector<Measured> sizes_; ///< most recently shown shape first; front: the text on screen
};

} // namespace views
