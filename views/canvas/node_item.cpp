#include "views/canvas/node_item.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/link_item.hpp"

#include <QApplication>
#include <QGraphicsScene>
#include <QPainter>
#include <QRegularExpression>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace views {

namespace {
QString protocolShort(model::NetProtocol p)
{
    switch (p) {
    case model::NetProtocol::InfiniBand: return QStringLiteral("IB");
    case model::NetProtocol::Ethernet: return QStringLiteral("Eth");
    case model::NetProtocol::EFA: return QStringLiteral("EFA");
    }
    return {};
}

QString compactRate(model::Bandwidth b) { return QString::number(b.inGbps(), 'g', 4) + QStringLiteral("G"); }

/// The GPU as a symbol has room for it: "H100", "B200", "GB200", "L40S", "RTX 4090",
/// "RTX PRO 6000" (catalog id up to its form factor; GeForce/RTX ids keep every part).
QString gpuShort(const model::GpuSpec* g)
{
    if (!g) return QStringLiteral("unknown GPU");
    const QString id = QString::fromStdString(g->id);
    if (id.startsWith(QStringLiteral("rtx"))) return id.toUpper().replace(QLatin1Char('-'), QLatin1Char(' '));
    return id.section(QLatin1Char('-'), 0, 0).toUpper();
}

/// A catalog name as the symbol has room for it: without its parenthesised remarks,
/// "Quantum-2 QM9700 (managed) / QM9790 (unmanaged)" -> "Quantum-2 QM9700 / QM9790",
/// "GB200 NVL72 rack (DGX GB200)" -> "GB200 NVL72 rack". The tooltip keeps the whole name.
QString symbolName(const std::string& catalogName)
{
    static const QRegularExpression remarks(QStringLiteral("\\s*\\([^()]*\\)"));
    QString s = QString::fromStdString(catalogName);
    s.remove(remarks);
    return s.simplified();
}

/// The name shortened for overview zoom: "leaf-3 (rails 4-5)" -> "leaf-3", then "dgx-07" -> "07".
QString shortName(const QString& name, const QFontMetrics& fm, double width)
{
    QString text = name;
    if (fm.horizontalAdvance(text) <= width) return text;
    if (const int paren = text.indexOf(QStringLiteral(" (")); paren > 0) text = text.left(paren);
    if (fm.horizontalAdvance(text) <= width) return text;
    return text.section(QLatin1Char('-'), -1);
}
} // namespace

NodeItem::NodeItem(const model::Node& node, const model::Catalog& catalog) : id_(node.id), kind_(node.kind)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setZValue(1.0);
    sync(node, catalog);
}

void NodeItem::sync(const model::Node& node, const model::Catalog& catalog)
{
    prepareGeometryChange();
    kind_ = node.kind;
    tier_ = node.tier;
    name_ = QString::fromStdString(node.name);
    QString tip;
    if (kind_ == model::NodeKind::Server) {
        size_ = canvas_style::kServerSize;
        const model::ServerSpec* s = catalog.server(node.model);
        const std::string nicId = node.nicModel.empty() && s ? s->computeNicId : node.nicModel;
        const model::NicSpec* nic = catalog.nic(nicId);
        const int nics = node.nicCount.value_or(s ? s->computeNicCount : 0);
        ports_ = std::max(1, nics);
        line2_ = s ? symbolName(s->name) : QString::fromStdString(node.model);
        const model::GpuSpec* g = s ? catalog.gpu(s->gpuId) : nullptr;
        const QString gpu = gpuShort(g);
        // "8×H100 · 8×400G"; a box without compute NICs says so instead of "0×?".
        const QString nicText = nics == 0 || !nic ? QStringLiteral("no NIC") : QStringLiteral("%1×%2").arg(nics).arg(compactRate(nic->speed));
        const bool appliance = s && s->isAppliance(); // GPU-less (UFM): say so instead of "0×?"
        line3_ = appliance ? QStringLiteral("appliance · %1").arg(nicText)
                 : s       ? QStringLiteral("%1×%2 · %3").arg(s->gpuCount).arg(gpu, nicText)
                           : QStringLiteral("not in the catalog");
        const QString gpuLine = appliance ? QStringLiteral("no GPUs (appliance)")
                                          : QStringLiteral("%1 GPUs (%2)").arg(s ? s->gpuCount : 0).arg(
                                                g ? QString::fromStdString(g->name) : QStringLiteral("unknown GPU"));
        tip = QStringLiteral("%1\n%2\n%3\n%4 compute NICs: %5")
                  .arg(name_, s ? QString::fromStdString(s->name) : line2_, gpuLine)
                  .arg(nics)
                  .arg(nic ? QString::fromStdString(nic->name) : QStringLiteral("none"));
    } else {
        size_ = canvas_style::kSwitchSize;
        const model::SwitchSpec* s = catalog.switchModel(node.model);
        ports_ = std::max(1, s ? s->ports : 1);
        line2_ = s ? QStringLiteral("%1 · %2×%3 %4")
                         .arg(symbolName(s->name))
                         .arg(s->ports)
                         .arg(compactRate(s->portSpeed), protocolShort(s->protocol))
                   : QString::fromStdString(node.model);
        line3_.clear();
        tip = QStringLiteral("%1 (%2)\n%3").arg(name_, QString::fromLatin1(model::toString(node.tier)),
                                                 s ? QString::fromStdString(s->name) + QStringLiteral(" · ") +
                                                         line2_.section(QStringLiteral(" · "), 1)
                                                   : line2_);
    }
    setToolTip(tip);
    setPos(node.position.x, node.position.y);
    for (LinkItem* l : links_) l->adjust(); // the port count (anchors) may have changed
    for (BundleItem* b : bundles_) b->adjust();
    update();
}

QRectF NodeItem::boundingRect() const
{
    return QRectF(-size_.width() / 2 - 2, -size_.height() / 2 - 2, size_.width() + 4, size_.height() + 4);
}

QPainterPath NodeItem::shape() const
{
    QPainterPath path;
    path.addRoundedRect(QRectF(-size_.width() / 2, -size_.height() / 2, size_.width(), size_.height()), 5, 5);
    return path;
}

void NodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF r(-size_.width() / 2, -size_.height() / 2, size_.width(), size_.height());
    const bool selected = option->state & QStyle::State_Selected;
    const QColor fill = kind_ == model::NodeKind::Server ? canvas_style::serverColor() : canvas_style::tierColor(tier_);
    p->setRenderHint(QPainter::Antialiasing);
    p->setPen(QPen(selected ? canvas_style::selectionColor() : canvas_style::edgeColor(fill), selected ? 2.5 : 1.0));
    p->setBrush(fill);
    p->drawRoundedRect(r, 5, 5);

    // Ports: small ticks along the bottom edge (servers: one per NIC; switches: every port).
    if (ports_ > 1 && ports_ <= 128) {
        p->setPen(QPen(canvas_style::edgeColor(fill), 1.0));
        const double y = kind_ == model::NodeKind::Server ? r.top() : r.bottom();
        const double dy = kind_ == model::NodeKind::Server ? 3.0 : -3.0;
        for (int i = 0; i < ports_; ++i) {
            const double x = r.left() + (i + 0.5) * r.width() / ports_;
            p->drawLine(QPointF(x, y), QPointF(x, y + dy));
        }
    }

    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    if (lod < kMinTextZoom) return; // a dot on screen: the shape alone
    QFont f = QApplication::font();
    const bool server = kind_ == model::NodeKind::Server;
    const double namePx = server ? 12 : 14;
    if (namePx * lod < 8.0) {
        // Overview zoom: only the name, at a size that stays readable on screen (9 px), shortened
        // to its last part ("dgx-07" -> "07") when the whole name does not fit the symbol.
        f.setPixelSize(std::max(1, int(std::lround(9.0 / lod))));
        f.setBold(true);
        p->setFont(f);
        p->setPen(canvas_style::palette().text);
        const QFontMetrics fm(f);
        const QString text = shortName(name_, fm, r.width() - 4);
        p->drawText(r, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, int(r.width() - 2)));
        return;
    }
    f.setPixelSize(int(namePx));
    f.setBold(true);
    p->setFont(f);
    p->setPen(canvas_style::palette().text);
    const double lineH = server ? 17.0 : 20.0;
    QRectF t = r.adjusted(4, 5, -4, 0);
    t.setHeight(lineH);
    p->drawText(t, Qt::AlignHCenter | Qt::AlignVCenter, QFontMetrics(f).elidedText(name_, Qt::ElideRight, int(t.width())));
    f.setBold(false);
    f.setPixelSize(server ? 10 : 12);
    p->setFont(f);
    p->setPen(canvas_style::palette().subtleText);
    for (const QString& line : {line2_, line3_}) {
        if (line.isEmpty()) continue;
        t.translate(0, lineH - 2);
        // A long catalog name ("4x RTX 4090 workstation") shrinks to fit, down to 80 %, before
        // it would be cut short.
        QFont g = f;
        const double base = f.pixelSize();
        for (double px = base; px >= base * 0.8 - 1e-9; px -= 0.5) {
            g.setPixelSize(static_cast<int>(std::lround(px)));
            if (QFontMetricsF(g).horizontalAdvance(line) <= t.width()) break;
        }
        p->setFont(g);
        p->drawText(t, Qt::AlignHCenter | Qt::AlignVCenter, QFontMetrics(g).elidedText(line, Qt::ElideRight, int(t.width())));
    }
}

QPointF NodeItem::anchor(int port, QPointF other) const
{
    const QPointF c = pos();
    const double w = size_.width(), h = size_.height();
    const double dy = other.y() - c.y();
    double x = c.x();
    if (port >= 0) x = c.x() - w / 2 + (std::min(port, ports_ - 1) + 0.5) * w / ports_;
    if (std::abs(dy) < h) // side by side: leave from the side facing the other end
        return QPointF(other.x() < c.x() ? c.x() - w / 2 : c.x() + w / 2, c.y());
    return QPointF(x, dy < 0 ? c.y() - h / 2 : c.y() + h / 2);
}

void NodeItem::attach(LinkItem* link) { links_.push_back(link); }

void NodeItem::detach(LinkItem* link) { links_.erase(std::remove(links_.begin(), links_.end(), link), links_.end()); }

void NodeItem::attachBundle(BundleItem* bundle) { bundles_.push_back(bundle); }

void NodeItem::detachBundle(BundleItem* bundle)
{
    bundles_.erase(std::remove(bundles_.begin(), bundles_.end(), bundle), bundles_.end());
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionChange && scene() && scene()->mouseGrabberItem() &&
        !(QApplication::keyboardModifiers() & Qt::AltModifier)) {
        // Snap while the user drags (Alt disables), never when the model sets the position.
        const QPointF p = value.toPointF();
        return QPointF(canvas_style::snap(p.x()), canvas_style::snap(p.y()));
    }
    if (change == ItemPositionHasChanged) {
        for (LinkItem* l : links_) l->adjust();
        for (BundleItem* b : bundles_) b->adjust();
    }
    if (change == ItemSelectedHasChanged) // links of a selected node are highlighted
        for (LinkItem* l : links_) {
            l->setZValue(value.toBool() || l->endA()->isSelected() || l->endB()->isSelected() ? 0.5 : 0.0);
            l->update();
        }
    if (change == ItemSelectedHasChanged)
        for (BundleItem* b : bundles_) b->update();
    return QGraphicsItem::itemChange(change, value);
}

} // namespace views
