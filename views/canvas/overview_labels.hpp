#pragma once
/// @file overview_labels.hpp
/// Names that stay readable when the canvas is zoomed out to see a large design whole. Below
/// the zoom at which a symbol's own text can still be read (a group card's title under 9 px on
/// screen, a switch or server symbol below GroupItem/NodeItem's 5 % cut-off), the view paints
/// that name over the scene in a tag of fixed size on screen (11 px text):
/// - a collapsed group card: its title and "group · GPUs" line ("DGX H100 x32", "su-1 · 256
///   GPUs"), under the card (the card itself stays in sight and under the mouse);
/// - a switch: its name, under the symbol; a server outside any collapsed group: its name.
/// A tag of a selected card or symbol is framed in the selection colour.
/// Tags never overlap: they are placed cards first, then switches from the top tier down and
/// left to right, then servers, and one that would touch a tag already placed is left out, so
/// a row of 32 leaves at 5 % shows every few names rather than a smear. The placement is worked
/// over the whole design, not the part in view, so panning never makes a tag appear or vanish.

#include <QFont>
#include <QRect>
#include <QString>

#include <vector>

class QPainter;

namespace views {

class CanvasView;

class OverviewLabels {
public:
    /// Text size of the tags, device pixels.
    static constexpr int kTextPx = 11;

    /// One tag: its viewport rectangle and its lines (one or two).
    struct Tag {
        QRect box;
        QString title;
        QString subtitle; ///< second line, empty for one-line tags
        bool selected = false; ///< its card or symbol is selected
    };

    /// The tags `view` shows at its current zoom and scroll position, placed as the file
    /// comment says (viewport coordinates; empty when every symbol's own text is readable).
    [[nodiscard]] static std::vector<Tag> place(const CanvasView& view);

    /// Paints the tags of `view` with `p` (a painter on its viewport, clipped to the paint
    /// event's region) and remembers where. @return the viewport region that held tags at the
    /// last paint but holds none, or other ones, now: the caller repaints it so no tag is left
    /// behind where the scene was not repainted (empty when nothing moved).
    QRegion paint(QPainter& p, const CanvasView& view);

private:
    std::vector<QRect> drawn_;
};

} // namespace views
