#include "views/palette/palette_mime.hpp"

namespace views {

QMimeData* encodePaletteEntry(const PaletteEntry& entry)
{
    auto* mime = new QMimeData;
    const QString kind = entry.kind == model::NodeKind::Server ? QStringLiteral("server") : QStringLiteral("switch");
    mime->setData(QString::fromLatin1(kPaletteMimeType), (kind + QLatin1Char(':') + entry.catalogId).toUtf8());
    mime->setText(entry.catalogId);
    return mime;
}

std::optional<PaletteEntry> decodePaletteEntry(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(QString::fromLatin1(kPaletteMimeType))) return std::nullopt;
    const QString text = QString::fromUtf8(mime->data(QString::fromLatin1(kPaletteMimeType)));
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0 || colon + 1 >= text.size()) return std::nullopt;
    const QString kind = text.left(colon);
    if (kind != QLatin1String("server") && kind != QLatin1String("switch")) return std::nullopt;
    return PaletteEntry{kind == QLatin1String("server") ? model::NodeKind::Server : model::NodeKind::Switch,
                        text.mid(colon + 1)};
}

} // namespace views
