#pragma once
/// @file catalog_browser.hpp
/// The hardware catalog browser: a search box and filters (kind, vendor, form factor, NVLink
/// yes/no, minimum memory) over every catalog entry; a spec sheet of the selection with each
/// figure's unit and source; a side-by-side comparison of 2-4 selected items; the problems
/// of the user catalogs. It reads the catalog, never changes it.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/spec_sheet.hpp"
#include "model/cost/price_table.hpp"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QTabWidget;
class QTreeWidget;

namespace views {

class CompareView;
class ProblemsView;
class SpecSheetView;

class CatalogBrowser : public QWidget {
    Q_OBJECT
public:
    /// @param catalog shown catalog (may be null: empty browser until setCatalog)
    /// @param userDir the user catalog folder, named in the problems panel
    explicit CatalogBrowser(std::shared_ptr<const model::Catalog> catalog, QString userDir = {}, QWidget* parent = nullptr);

    /// Shows a new catalog (after a user catalog reload), keeping the filters and the
    /// selected ids that still exist.
    void setCatalog(std::shared_ptr<const model::Catalog> catalog);

    /// The filter the controls describe.
    [[nodiscard]] model::CatalogFilter filter() const;
    /// Ids of the listed entries, in list order.
    [[nodiscard]] QStringList visibleIds() const;
    /// Selects the listed entries with these ids (others are deselected).
    void selectIds(const QStringList& ids);

    [[nodiscard]] QLineEdit* searchBox() const noexcept { return search_; }
    [[nodiscard]] QComboBox* kindBox() const noexcept { return kind_; }
    [[nodiscard]] QComboBox* vendorBox() const noexcept { return vendor_; }
    [[nodiscard]] QComboBox* formFactorBox() const noexcept { return formFactor_; }
    [[nodiscard]] QComboBox* nvlinkBox() const noexcept { return nvlink_; }
    [[nodiscard]] QDoubleSpinBox* minMemoryBox() const noexcept { return minMemory_; }
    [[nodiscard]] SpecSheetView* specSheet() const noexcept { return sheet_; }
    [[nodiscard]] CompareView* compareView() const noexcept { return compare_; }
    [[nodiscard]] ProblemsView* problemsView() const noexcept { return problems_; }
    [[nodiscard]] QTabWidget* tabs() const noexcept { return tabs_; }

signals:
    /// An entry was double-clicked (e.g. to place it on the canvas).
    void entryActivated(const QString& kind, const QString& id);

private:
    void buildUi();
    void fillVendors();
    void refill();
    void selectionChanged();
    [[nodiscard]] std::vector<model::EntryView> selectedEntries() const;

    std::shared_ptr<const model::Catalog> catalog_;
    std::vector<model::EntryView> entries_;  ///< views into catalog_, rebuilt by setCatalog
    std::optional<model::cost::PriceTable> prices_;
    QString userDir_;
    QLineEdit* search_ = nullptr;
    QComboBox* kind_ = nullptr;
    QComboBox* vendor_ = nullptr;
    QComboBox* formFactor_ = nullptr;
    QComboBox* nvlink_ = nullptr;
    QDoubleSpinBox* minMemory_ = nullptr;
    QTreeWidget* list_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    SpecSheetView* sheet_ = nullptr;
    CompareView* compare_ = nullptr;
    ProblemsView* problems_ = nullptr;
};

} // namespace views
