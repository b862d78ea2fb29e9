#pragma once
/// @file canvas_style.hpp
/// Sizes (scene units: 1 unit = 1 px at 100 % zoom) and colours of the canvas. Server symbols
/// fit the 130-unit pitch of the bundled templates; switch symbols are wide so many links
/// can land on them side by side. Colours come from the light or the dark palette
/// (setDark, chosen by app/theme.hpp from the desktop's setting).

#include "model/design/design.hpp"

#include <QColor>
#include <QLineF>
#include <QPainter>
#include <QSizeF>

namespace views::canvas_style {

inline constexpr double kGrid = 10.0;                 ///< snap grid pitch
inline const QSizeF kServerSize{116.0, 62.0};
inline const QSizeF kSwitchSize{320.0, 50.0};

/// Every colour the canvas paints outside the rail palette.
struct Palette {
    QColor background;   ///< canvas behind everything
    QColor grid;         ///< grid lines
    QColor text;         ///< names and labels on symbols
    QColor subtleText;   ///< second and third lines, hints
    QColor tagFill;      ///< count tags on links and bundles
    QColor frame;        ///< outlines of overlays (mini-map)
    QColor server;       ///< server symbol fill
    QColor leaf, spine, core, lone; ///< switch fills by tier
    QColor fabricLink;   ///< switch-to-switch links
    QColor idleLink;     ///< links without traffic in the simulation heat view
};

/// Switches between the light and the dark palette (the app calls it when the theme changes;
/// the scene must be repainted afterwards).
void setDark(bool dark);
[[nodiscard]] bool isDark();
/// The palette in use.
[[nodiscard]] const Palette& palette();

/// Fill colour of a switch by tier (leaf green, spine amber, core violet, lone grey-blue).
QColor tierColor(model::SwitchTier tier);
/// Fill colour of a server symbol.
QColor serverColor();
/// Outline of a symbol filled with `fill`: darker on light, lighter on dark.
QColor edgeColor(QColor fill);
/// Colour of a server-to-switch link on rail `port` (cycled palette of 8), or of a
/// switch-to-switch link when `port` < 0.
QColor railColor(int port);
/// Colour used to highlight the selection.
QColor selectionColor();

/// The part of `line` (item coordinates) that can reach the painter's device, widened by
/// `margin` item units: a 140,000-unit cable at 100 % zoom is stroked for the pixels on
/// screen, not along its whole length (the raster engine stroked and scanned all of it: 22 s
/// per frame on a 2,048-server design). A null line when none of it shows.
[[nodiscard]] QLineF visiblePart(const QLineF& line, const QPainter& p, double margin);
/// The area being painted now: CanvasView sets the region of its viewport that one paint
/// event repaints (device pixels of `device`) for the time of that paint, and nullptr after.
/// After a pan only the strips the scroll uncovered are repainted (Qt scrolls the rest of the
/// picture), but their bounding rectangle is the whole view: a cable drawn over its visible
/// part in the view cost as much as in a full repaint, the clip dropped the pixels only after
/// the raster engine had produced them.
void setPaintRegion(const QPaintDevice* device, const QRegion* region);
/// Large designs (CanvasView sets this while it paints one of OverviewCache::kMinElements
/// nodes and links or more): drawCable antialiases a cable only within kSmoothEndPx device
/// pixels of its ends and draws the stretch between without. At 100 % zoom on a 2,048-server
/// fat tree some 500 spine-core cables cross the view as one solid band; antialiasing them
/// took half the frame time, and the band looks the same without it, while the fans at each
/// switch keep it. The stretches depend on the zoom only, not on where the view is: a pan
/// repaints strips of the picture and they join the scrolled rest without a seam (a rule on
/// "an end in view" changed as the view moved and left cables striped).
void setAliasPassingLines(bool on);
[[nodiscard]] bool aliasPassingLines();
/// Antialiased length at each end of a cable in a large design, device pixels: the fan of
/// cables at a switch stays smooth where they converge and can be told apart; beyond it a
/// thin cable is drawn without antialiasing. With 1,200 px (the whole view smooth) a zoom
/// frame of the spine tier of a 2,048-server fat tree at 100 % took 40-56 ms CPU (bench_gui
/// grouped:spines); with 150 px it takes 12.5 ms and the pictures differ only along the
/// middle stretches of thin grey cables.
inline constexpr double kSmoothEndPx = 150.0;
/// Draft quality (CanvasView sets it while it paints a large design during a zoom gesture,
/// until the gesture pauses): drawCable draws whole cables without antialiasing. On the spine
/// tier of a 2,048-server fat tree at 100 % the antialiased ends of some 500 cables took most
/// of a zoom frame, half of it in Qt's raster thread pool (a blend of 96 spans or more is
/// handed to it and waited for). The view repaints itself at full quality when the gesture
/// pauses, so the picture that stays is the normal one.
void setDraft(bool on);
[[nodiscard]] bool draft();
/// Draws `line` (item coordinates) with `pen` (give it flat caps) where it can reach the area
/// being painted: the parts of it inside the paint region (setPaintRegion; the painter's
/// whole device when none is set), each widened by `margin` item units so the pen's width
/// and caps lie outside the area. Antialiased as described at setAliasPassingLines, or
/// wholly when that is off; not at all in draft quality (setDraft). Sets the painter's
/// Antialiasing hint.
void drawCable(QPainter& p, const QLineF& line, const QPen& pen, double margin);
/// Snaps a scene coordinate to the grid.
[[nodiscard]] double snap(double v);

} // namespace views::canvas_style
