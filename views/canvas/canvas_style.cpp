#include "views/canvas/canvas_style.hpp"

#include <array>
#include <cmath>

namespace views::canvas_style {

QColor tierColor(model::SwitchTier tier)
{
    switch (tier) {
    case model::SwitchTier::Leaf: return QColor(0xd8, 0xef, 0xd9);
    case model::SwitchTier::Spine: return QColor(0xfb, 0xe6, 0xc2);
    case model::SwitchTier::Core: return QColor(0xe6, 0xdb, 0xf5);
    case model::SwitchTier::None: break;
    }
    return QColor(0xdf, 0xe6, 0xee);
}

QColor serverColor() { return QColor(0xdc, 0xe9, 0xf7); }

QColor railColor(int port)
{
    // Tableau-like qualitative palette: distinct under common colour-vision deficiencies.
    static const std::array<QColor, 8> kRails = {
        QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
        QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
    if (port < 0) return QColor(0x6b, 0x76, 0x88);
    return kRails[static_cast<std::size_t>(port) % kRails.size()];
}

QColor selectionColor() { return QColor(0x1a, 0x73, 0xe8); }

double snap(double v) { return std::round(v / kGrid) * kGrid; }

} // namespace views::canvas_style
