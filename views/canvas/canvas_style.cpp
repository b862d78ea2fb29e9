#include "views/canvas/canvas_style.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace views::canvas_style {

namespace {
const Palette kLight{
    QColor(0xfb, 0xfc, 0xfd), QColor(0xe8, 0xec, 0xf0), QColor(0x20, 0x24, 0x2b), QColor(0x3c, 0x44, 0x50),
    QColor(0xff, 0xff, 0xff), QColor(0xb0, 0xb8, 0xc4), QColor(0xdc, 0xe9, 0xf7), QColor(0xd8, 0xef, 0xd9),
    QColor(0xfb, 0xe6, 0xc2), QColor(0xe6, 0xdb, 0xf5), QColor(0xdf, 0xe6, 0xee), QColor(0x6b, 0x76, 0x88),
    QColor(0xb8, 0xbd, 0xc4)};
// Dark: deep blue-grey canvas, muted fills of the same hues, light text (contrast >= 7:1).
const Palette kDark{
    QColor(0x1b, 0x1f, 0x26), QColor(0x2a, 0x30, 0x3a), QColor(0xe8, 0xec, 0xf1), QColor(0xb4, 0xbd, 0xc9),
    QColor(0x2a, 0x30, 0x3a), QColor(0x55, 0x60, 0x70), QColor(0x24, 0x3b, 0x57), QColor(0x23, 0x4a, 0x2f),
    QColor(0x55, 0x40, 0x1c), QColor(0x40, 0x31, 0x5c), QColor(0x34, 0x3d, 0x4a), QColor(0x9a, 0xa6, 0xb8),
    QColor(0x5a, 0x62, 0x6e)};
bool gDark = false;
bool gAliasPassing = false;
} // namespace

void setAliasPassingLines(bool on) { gAliasPassing = on; }

bool aliasPassingLines() { return gAliasPassing; }

void setDark(bool dark) { gDark = dark; }

bool isDark() { return gDark; }

const Palette& palette() { return gDark ? kDark : kLight; }

QColor tierColor(model::SwitchTier tier)
{
    const Palette& p = palette();
    switch (tier) {
    case model::SwitchTier::Leaf: return p.leaf;
    case model::SwitchTier::Spine: return p.spine;
    case model::SwitchTier::Core: return p.core;
    case model::SwitchTier::None: break;
    }
    return p.lone;
}

QColor serverColor() { return palette().server; }

QColor edgeColor(QColor fill) { return gDark ? fill.lighter(190) : fill.darker(170); }

QColor railColor(int port)
{
    // Tableau-like qualitative palette: distinct under common colour-vision deficiencies; on the
    // dark canvas the same hues a little lighter so thin lines stay visible.
    static const std::array<QColor, 8> kRails = {
        QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
        QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
    if (port < 0) return palette().fabricLink;
    const QColor c = kRails[static_cast<std::size_t>(port) % kRails.size()];
    return gDark ? c.lighter(130) : c;
}

QColor selectionColor() { return gDark ? QColor(0x5a, 0xa2, 0xff) : QColor(0x1a, 0x73, 0xe8); }

double snap(double v) { return std::round(v / kGrid) * kGrid; }

QLineF visiblePart(const QLineF& line, const QPainter& p, double margin)
{
    bool invertible = false;
    const QTransform toItem = p.worldTransform().inverted(&invertible);
    if (!invertible || !p.device()) return line;
    const QRectF r = toItem.mapRect(QRectF(p.viewport())).adjusted(-margin, -margin, margin, margin);
    // Liang-Barsky: the parameter interval [t0, t1] of the segment inside r.
    const double dx = line.dx(), dy = line.dy();
    double t0 = 0.0, t1 = 1.0;
    const double pq[4][2] = {{-dx, line.x1() - r.left()}, {dx, r.right() - line.x1()},
                             {-dy, line.y1() - r.top()}, {dy, r.bottom() - line.y1()}};
    for (const auto& [pk, qk] : pq) {
        if (pk == 0.0) {
            if (qk < 0.0) return {};
            continue;
        }
        const double t = qk / pk;
        if (pk < 0.0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return {};
    }
    return QLineF(line.pointAt(t0), line.pointAt(t1));
}

} // namespace views::canvas_style
