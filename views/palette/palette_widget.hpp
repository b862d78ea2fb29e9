#pragma once
/// @file palette_widget.hpp
/// The palette: every server platform and switch of the catalog, grouped, each draggable onto
/// the canvas (payload: palette_mime.hpp).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/catalog.hpp"
#include "views/palette/palette_mime.hpp"

#include <QTreeWidget>

namespace views {

class PaletteWidget final : public QTreeWidget {
    Q_OBJECT
public:
    explicit PaletteWidget(const model::Catalog& catalog, QWidget* parent = nullptr);
    /// Rebuilds the list from `catalog` (after user catalogs were reloaded). Keeps no reference.
    void setCatalog(const model::Catalog& catalog);
    /// Redraws the symbol icons in the canvas's current colours (after a theme change).
    void refreshIcons();

    /// The entry a row places; nullopt for group headers.
    [[nodiscard]] std::optional<PaletteEntry> entryOf(const QTreeWidgetItem* item) const;
    /// The row for a catalog id, or nullptr.
    [[nodiscard]] QTreeWidgetItem* itemFor(model::NodeKind kind, const QString& catalogId) const;

signals:
    /// Double-click: place this entry (the main window puts it in the middle of the view).
    void placeRequested(const views::PaletteEntry& entry);

protected:
    [[nodiscard]] QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
    [[nodiscard]] QStringList mimeTypes() const override;
};

} // namespace views
