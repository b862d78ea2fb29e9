#include "views/canvas/canvas_style.hpp"

#include <QRegion>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

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
bool gDraft = false;
} // namespace

void setAliasPassingLines(bool on) { gAliasPassing = on; }

void setDraft(bool on) { gDraft = on; }

bool draft() { return gDraft; }

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

namespace {
/// Liang-Barsky: narrows [t0, t1] to the parameters of `line` inside `r`; false when none is.
bool clipToRect(const QLineF& line, const QRectF& r, double& t0, double& t1)
{
    const double dx = line.dx(), dy = line.dy();
    const double pq[4][2] = {{-dx, line.x1() - r.left()}, {dx, r.right() - line.x1()},
                             {-dy, line.y1() - r.top()}, {dy, r.bottom() - line.y1()}};
    for (const auto& [pk, qk] : pq) {
        if (pk == 0.0) {
            if (qk < 0.0) return false;
            continue;
        }
        const double t = qk / pk;
        if (pk < 0.0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    return true;
}

const QPaintDevice* gRegionDevice = nullptr;
const QRegion* gRegion = nullptr;
/// More rectangles than this in a paint region: the parts are not worth it (a pan uncovers
/// two strips, a moved mini-map adds one or two rectangles).
constexpr int kMaxRegionRects = 8;
} // namespace

QLineF visiblePart(const QLineF& line, const QPainter& p, double margin)
{
    bool invertible = false;
    const QTransform toItem = p.worldTransform().inverted(&invertible);
    if (!invertible || !p.device()) return line;
    const QRectF r = toItem.mapRect(QRectF(p.viewport())).adjusted(-margin, -margin, margin, margin);
    double t0 = 0.0, t1 = 1.0;
    if (!clipToRect(line, r, t0, t1)) return {};
    return QLineF(line.pointAt(t0), line.pointAt(t1));
}

void setPaintRegion(const QPaintDevice* device, const QRegion* region)
{
    gRegionDevice = region ? device : nullptr;
    gRegion = device ? region : nullptr;
}

namespace {
/// The parameter intervals [t0, t1] of `line` inside the paint region's rectangles (or the
/// device) widened by `margin` item units, ascending and disjoint: overlapping intervals are
/// merged, two overlapping parts would blend a translucent cable twice.
QVarLengthArray<std::pair<double, double>, kMaxRegionRects> visibleSpans(const QLineF& line, const QPainter& p, double margin)
{
    QVarLengthArray<std::pair<double, double>, kMaxRegionRects> spans;
    bool invertible = false;
    const QTransform toItem = p.worldTransform().inverted(&invertible);
    if (!invertible || !p.device()) {
        spans.append({0.0, 1.0});
        return spans;
    }
    const auto clip = [&](const QRect& device) {
        const QRectF r = toItem.mapRect(QRectF(device)).adjusted(-margin, -margin, margin, margin);
        double t0 = 0.0, t1 = 1.0;
        if (clipToRect(line, r, t0, t1)) spans.append({t0, t1});
    };
    if (gRegion && p.device() == gRegionDevice && gRegion->rectCount() <= kMaxRegionRects)
        for (const QRect& r : *gRegion) clip(r);
    else
        clip(p.viewport());
    std::sort(spans.begin(), spans.end());
    qsizetype out = 0;
    for (qsizetype i = 0; i < spans.size(); ++i) {
        if (out > 0 && spans[i].first <= spans[out - 1].second) spans[out - 1].second = std::max(spans[out - 1].second, spans[i].second);
        else spans[out++] = spans[i];
    }
    spans.resize(out);
    return spans;
}
} // namespace

void drawCable(QPainter& p, const QLineF& line, const QPen& pen, double margin)
{
    const auto spans = visibleSpans(line, p, margin);
    if (spans.isEmpty()) return;
    p.setPen(pen);
    const QLineF device = p.worldTransform().map(line);
    // In pieces of at most kRowsPerDraw device rows: Qt 6's raster engine hands a blend of
    // more than 96 spans (one or a few per row of a thin line) to its thread pool, in tasks
    // of 64 spans, and waits for them; for a one-pixel line that is a few hundred pixels of
    // work against waking threads. On the spine tier of a 2,048-server design at 100 % the
    // fans of steep cables spent most of a zoom frame waiting for it (bench_gui grouped:spines,
    // zoom frames 14-23 ms -> 8-10 ms wall at load 7).
    constexpr double kRowsPerDraw = 40.0;
    // The cuts sit at fixed places along the whole line (multiples of 1/n), wherever the view
    // is: a strip repainted after a pan meets the scrolled picture without a seam.
    const double n = std::max(1.0, std::ceil(std::abs(device.dy()) / kRowsPerDraw));
    const auto draw = [&](double t0, double t1) {
        if (t1 <= t0) return;
        for (double k = std::floor(t0 * n); k < t1 * n; ++k)
            if (const double a = std::max(t0, k / n), b = std::min(t1, (k + 1.0) / n); b > a)
                p.drawLine(QLineF(line.pointAt(a), line.pointAt(b)));
    };
    // Antialiased within kSmoothEndPx of each end (the whole line when it is that short).
    const double lengthPx = device.length();
    const double smooth = gDraft ? 0.0 : gAliasPassing && lengthPx > 0.0 ? kSmoothEndPx / lengthPx : 1.0;
    p.setRenderHint(QPainter::Antialiasing, true);
    if (smooth >= 0.5) {
        for (const auto& [t0, t1] : spans) draw(t0, t1);
        return;
    }
    for (const auto& [t0, t1] : spans) {
        draw(t0, std::min(t1, smooth));
        draw(std::max(t0, 1.0 - smooth), t1);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const auto& [t0, t1] : spans) draw(std::max(t0, smooth), std::min(t1, 1.0 - smooth));
}

} // namespace views::canvas_style
