// Readable names at overview zoom, painted by the view over the scene (overview_labels.hpp).
#include "views/canvas/overview_labels.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/node_item.hpp"
#include "views/common/design_document.hpp"

#include <QApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QRegion>

#include <algorithm>
#include <tuple>

namespace views {

namespace {

constexpr int kPadX = 5, kPadY = 2, kGap = 3; ///< tag padding and the space kept between tags, px

QFont tagFont(bool bold)
{
    QFont f = QApplication::font();
    f.setPixelSize(OverviewLabels::kTextPx);
    f.setBold(bold);
    return f;
}

/// A name waiting for its place: its anchor on the viewport and its rank in the order of the
/// file comment (cards, switches, servers; then top to bottom, left to right).
struct Candidate {
    int rank;
    QPointF anchor; ///< the middle of the card's or symbol's bottom edge; the tag hangs below it
    QString title, subtitle;
    bool selected;
};

std::vector<Candidate> candidates(const CanvasView& view)
{
    std::vector<Candidate> out;
    CanvasScene* scene = view.canvasScene();
    const double zoom = view.zoom();
    if (!GroupItem::titleReadableAt(zoom))
        for (GroupItem* g : scene->groupItems()) {
            const QRectF r = g->sceneBoundingRect();
            out.push_back({0, view.mapFromScene(QPointF(r.center().x(), r.bottom())), g->label(),
                           QStringLiteral("%1 · %2 GPUs").arg(QString::fromStdString(g->name())).arg(g->gpus()), g->isSelected()});
        }
    if (zoom < NodeItem::kMinTextZoom)
        for (const auto& [id, node] : scene->document()->design().nodes()) {
            const NodeItem* item = scene->nodeItem(id);
            if (!item || !item->isVisible()) continue; // a member of a collapsed group
            const QRectF r = item->sceneBoundingRect();
            out.push_back({item->kind() == model::NodeKind::Switch ? 1 : 2, view.mapFromScene(QPointF(r.center().x(), r.bottom())),
                           item->name(), {}, item->isSelected()});
        }
    std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
        return std::tuple(a.rank, a.anchor.y(), a.anchor.x()) < std::tuple(b.rank, b.anchor.y(), b.anchor.x());
    });
    return out;
}

} // namespace

std::vector<OverviewLabels::Tag> OverviewLabels::place(const CanvasView& view)
{
    std::vector<Tag> placed;
    const std::vector<Candidate> all = candidates(view);
    if (all.empty()) return placed;
    const QFontMetrics bold(tagFont(true)), plain(tagFont(false));
    const QRect viewport = view.viewport()->rect();
    std::vector<QRect> taken; // every placed tag, in view or not: panning never changes the placement
    for (const Candidate& c : all) {
        const int w = std::max(bold.horizontalAdvance(c.title), c.subtitle.isEmpty() ? 0 : plain.horizontalAdvance(c.subtitle)) + 2 * kPadX;
        const int h = bold.height() + (c.subtitle.isEmpty() ? 0 : plain.height()) + 2 * kPadY;
        const int left = static_cast<int>(std::lround(c.anchor.x() - w / 2.0));
        const int top = static_cast<int>(std::lround(c.anchor.y())) + 2;
        const QRect box(left, top, w, h);
        const QRect kept = box.adjusted(-kGap, -kGap, kGap, kGap);
        if (std::any_of(taken.begin(), taken.end(), [&](const QRect& t) { return t.intersects(kept); })) continue;
        taken.push_back(box);
        if (box.intersects(viewport)) placed.push_back({box, c.title, c.subtitle, c.selected});
    }
    return placed;
}

QRegion OverviewLabels::paint(QPainter& p, const CanvasView& view)
{
    const std::vector<Tag> tags = place(view);
    std::vector<QRect> now;
    const auto& pal = canvas_style::palette();
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    for (const Tag& t : tags) {
        now.push_back(t.box);
        p.setPen(t.selected ? QPen(canvas_style::selectionColor(), 2.0) : QPen(pal.frame, 1.0));
        QColor fill = pal.tagFill;
        fill.setAlpha(230);
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(t.box).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
        p.setPen(pal.text);
        const QRect inner = t.box.adjusted(kPadX, kPadY, -kPadX, -kPadY);
        p.setFont(tagFont(true));
        const int titleH = QFontMetrics(p.font()).height();
        p.drawText(QRect(inner.left(), inner.top(), inner.width(), titleH), Qt::AlignCenter, t.title);
        if (!t.subtitle.isEmpty()) {
            p.setFont(tagFont(false));
            p.setPen(pal.subtleText);
            p.drawText(QRect(inner.left(), inner.top() + titleH, inner.width(), inner.height() - titleH), Qt::AlignCenter, t.subtitle);
        }
    }
    p.restore();
    QRegion stale;
    if (now != drawn_) {
        for (const QRect& r : drawn_) stale += r.adjusted(-1, -1, 1, 1);
        for (const QRect& r : now) stale += r.adjusted(-1, -1, 1, 1);
    }
    drawn_ = std::move(now);
    return stale;
}

} // namespace views
