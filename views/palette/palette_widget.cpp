#include "views/palette/palette_widget.hpp"

#include "views/canvas/canvas_style.hpp"

#include <QHeaderView>
#include <QPainter>
#include <QPixmap>

namespace views {

namespace {
constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;

QIcon symbolIcon(model::NodeKind kind)
{
    // A small picture of the canvas symbol in the canvas's colours (light or dark): a box for a
    // server, a wide bar with ports for a switch. Drawn at 1x and 2x so high-DPI screens get
    // sharp lines instead of a scaled-up bitmap.
    QIcon icon;
    for (const qreal dpr : {1.0, 2.0}) {
        QPixmap pm(QSize(32, 32) * dpr);
        pm.setDevicePixelRatio(dpr);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        if (kind == model::NodeKind::Server) {
            const QColor c = canvas_style::serverColor();
            p.setPen(QPen(canvas_style::edgeColor(c), 1.5));
            p.setBrush(c);
            p.drawRoundedRect(QRectF(5, 7, 22, 18), 3, 3);
            p.setPen(QPen(canvas_style::edgeColor(c), 1.5));
            for (int i = 0; i < 3; ++i) p.drawLine(QPointF(9, 12 + 4 * i), QPointF(23, 12 + 4 * i));
        } else {
            const QColor c = canvas_style::tierColor(model::SwitchTier::Leaf);
            p.setPen(QPen(canvas_style::edgeColor(c), 1.5));
            p.setBrush(c);
            p.drawRoundedRect(QRectF(1, 11, 30, 10), 3, 3);
            p.setPen(QPen(canvas_style::edgeColor(c), 1.2));
            for (int i = 0; i < 7; ++i) p.drawLine(QPointF(4.5 + 4 * i, 18), QPointF(4.5 + 4 * i, 21));
        }
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

QString portRateText(model::Bandwidth b) { return QString::number(b.inGbps(), 'g', 4) + QStringLiteral(" Gb/s"); }
} // namespace

PaletteWidget::PaletteWidget(const model::Catalog& catalog, QWidget* parent) : QTreeWidget(parent)
{
    setHeaderHidden(true);
    setColumnCount(1);
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setIconSize(QSize(24, 24));
    setRootIsDecorated(true);
    setUniformRowHeights(true);
    setCatalog(catalog);
    connect(this, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (auto e = entryOf(item)) emit placeRequested(*e);
    });
}

void PaletteWidget::setCatalog(const model::Catalog& catalog)
{
    clear();
    auto* servers = new QTreeWidgetItem(this, {tr("Servers")});
    auto* switches = new QTreeWidgetItem(this, {tr("Switches")});
    for (auto* group : {servers, switches}) {
        group->setFlags(Qt::ItemIsEnabled);
        QFont f = group->font(0);
        f.setBold(true);
        group->setFont(0, f);
    }
    const QIcon serverIcon = symbolIcon(model::NodeKind::Server);
    const QIcon switchIcon = symbolIcon(model::NodeKind::Switch);
    QTreeWidgetItem* appliances = nullptr; // after Switches, only when the catalog has one
    for (const auto& s : catalog.servers()) {
        if (s.isAppliance() && !appliances) {
            appliances = new QTreeWidgetItem(this, {tr("Appliances")});
            appliances->setFlags(Qt::ItemIsEnabled);
            appliances->setFont(0, servers->font(0));
        }
        auto* item = new QTreeWidgetItem(s.isAppliance() ? appliances : servers, {QString::fromStdString(s.name)});
        item->setIcon(0, serverIcon);
        item->setData(0, kKindRole, static_cast<int>(model::NodeKind::Server));
        item->setData(0, kIdRole, QString::fromStdString(s.id));
        const model::GpuSpec* g = catalog.gpu(s.gpuId);
        const model::NicSpec* nic = catalog.nic(s.computeNicId);
        const QString gpus = s.isAppliance() ? tr("no GPUs (appliance)")
                                             : QStringLiteral("%1 × %2").arg(s.gpuCount).arg(
                                                   g ? QString::fromStdString(g->name) : QString::fromStdString(s.gpuId));
        item->setToolTip(0, tr("%1 (%2)\n%3\n%4 compute NICs × %5\nDrag onto the canvas")
                                .arg(QString::fromStdString(s.name), QString::fromStdString(s.id), gpus)
                                .arg(s.computeNicCount)
                                .arg(nic ? portRateText(nic->speed) : tr("unknown")));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    for (const auto& s : catalog.switches()) {
        auto* item = new QTreeWidgetItem(switches, {QString::fromStdString(s.name)});
        item->setIcon(0, switchIcon);
        item->setData(0, kKindRole, static_cast<int>(model::NodeKind::Switch));
        item->setData(0, kIdRole, QString::fromStdString(s.id));
        item->setToolTip(0, tr("%1 (%2)\n%3 ports × %4, %5\nDrag onto the canvas")
                                .arg(QString::fromStdString(s.name), QString::fromStdString(s.id))
                                .arg(s.ports)
                                .arg(portRateText(s.portSpeed), QString::fromLatin1(model::toString(s.protocol))));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    expandAll();
}

void PaletteWidget::refreshIcons()
{
    const QIcon serverIcon = symbolIcon(model::NodeKind::Server);
    const QIcon switchIcon = symbolIcon(model::NodeKind::Switch);
    for (int g = 0; g < topLevelItemCount(); ++g)
        for (int i = 0; i < topLevelItem(g)->childCount(); ++i) {
            QTreeWidgetItem* item = topLevelItem(g)->child(i);
            if (auto e = entryOf(item)) item->setIcon(0, e->kind == model::NodeKind::Server ? serverIcon : switchIcon);
        }
}

std::optional<PaletteEntry> PaletteWidget::entryOf(const QTreeWidgetItem* item) const
{
    if (!item || !item->data(0, kIdRole).isValid()) return std::nullopt;
    return PaletteEntry{static_cast<model::NodeKind>(item->data(0, kKindRole).toInt()),
                        item->data(0, kIdRole).toString()};
}

QTreeWidgetItem* PaletteWidget::itemFor(model::NodeKind kind, const QString& catalogId) const
{
    for (int g = 0; g < topLevelItemCount(); ++g)
        for (int i = 0; i < topLevelItem(g)->childCount(); ++i) {
            QTreeWidgetItem* item = topLevelItem(g)->child(i);
            auto e = entryOf(item);
            if (e && e->kind == kind && e->catalogId == catalogId) return item;
        }
    return nullptr;
}

QMimeData* PaletteWidget::mimeData(const QList<QTreeWidgetItem*>& items) const
{
    if (items.isEmpty()) return nullptr;
    auto e = entryOf(items.first());
    return e ? encodePaletteEntry(*e) : nullptr;
}

QStringList PaletteWidget::mimeTypes() const { return {QString::fromLatin1(kPaletteMimeType)}; }

} // namespace views
