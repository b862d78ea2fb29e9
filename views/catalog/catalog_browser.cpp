#include "views/catalog/catalog_browser.hpp"
#include "views/common/qt_string.hpp"

#include "views/catalog/compare_view.hpp"
#include "views/catalog/problems_view.hpp"
#include "views/catalog/spec_sheet_view.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace views {

namespace {
constexpr model::EntryKind kKinds[] = {model::EntryKind::Gpu, model::EntryKind::Server, model::EntryKind::Nic,
                                       model::EntryKind::Switch, model::EntryKind::SwitchAsic, model::EntryKind::NvSwitch,
                                       model::EntryKind::Cable, model::EntryKind::Transceiver};
} // namespace

CatalogBrowser::CatalogBrowser(std::shared_ptr<const model::Catalog> catalog, QString userDir, QWidget* parent)
    : QWidget(parent), userDir_(std::move(userDir))
{
    try {
        prices_ = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    } catch (const model::InputError&) {
        prices_.reset(); // the browser still works; the spec sheet shows no prices
    }
    buildUi();
    setCatalog(std::move(catalog));
}

void CatalogBrowser::buildUi()
{
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Search id, name, vendor, notes"));
    search_->setClearButtonEnabled(true);
    kind_ = new QComboBox(this);
    kind_->addItem(tr("Any kind"), -1);
    for (auto k : kKinds) kind_->addItem(QString::fromUtf8(model::displayName(k)), static_cast<int>(k));
    vendor_ = new QComboBox(this);
    formFactor_ = new QComboBox(this);
    formFactor_->addItem(tr("Any form factor"), QString());
    for (const char* ff : {"SXM", "PCIe", "OAM", "superchip"}) formFactor_->addItem(QString::fromLatin1(ff), QString::fromLatin1(ff));
    nvlink_ = new QComboBox(this);
    nvlink_->addItem(tr("NVLink: any"), -1);
    nvlink_->addItem(tr("NVLink: yes"), 1);
    nvlink_->addItem(tr("NVLink: no"), 0);
    minMemory_ = new QDoubleSpinBox(this);
    minMemory_->setRange(0, 1e6);
    minMemory_->setDecimals(0);
    minMemory_->setSingleStep(16);
    minMemory_->setSuffix(tr(" GB"));
    minMemory_->setSpecialValueText(tr("any memory"));
    minMemory_->setToolTip(tr("GPU memory at least (decimal GB); servers by their GPU"));

    auto* filters = new QFormLayout;
    filters->addRow(tr("Search"), search_);
    filters->addRow(tr("Kind"), kind_);
    filters->addRow(tr("Vendor"), vendor_);
    filters->addRow(tr("Form factor"), formFactor_);
    filters->addRow(tr("NVLink"), nvlink_);
    filters->addRow(tr("Memory"), minMemory_);

    list_ = new QTreeWidget(this);
    list_->setColumnCount(4);
    list_->setHeaderLabels({tr("Kind"), tr("Name"), tr("Vendor"), tr("Id")});
    list_->setRootIsDecorated(false);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list_->setSortingEnabled(true);
    list_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    sheet_ = new SpecSheetView(this);
    compare_ = new CompareView(this);
    problems_ = new ProblemsView(this);
    tabs_ = new QTabWidget(this);
    tabs_->addTab(sheet_, tr("Spec sheet"));
    tabs_->addTab(compare_, tr("Compare"));
    tabs_->addTab(problems_, tr("User catalog problems"));

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(filters);
    topLayout->addWidget(list_, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(tabs_);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split);

    connect(search_, &QLineEdit::textChanged, this, &CatalogBrowser::refill);
    for (QComboBox* box : {kind_, vendor_, formFactor_, nvlink_})
        connect(box, qOverload<int>(&QComboBox::currentIndexChanged), this, &CatalogBrowser::refill);
    connect(minMemory_, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &CatalogBrowser::refill);
    connect(list_, &QTreeWidget::itemSelectionChanged, this, &CatalogBrowser::selectionChanged);
    connect(list_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        const auto& e = entries_.at(item->data(0, Qt::UserRole).toInt());
        emit entryActivated(QString::fromLatin1(model::toString(e.kind)), q(e.id));
    });
}

void CatalogBrowser::setCatalog(std::shared_ptr<const model::Catalog> catalog)
{
    QStringList selected;
    for (const auto& e : selectedEntries()) selected << q(e.id);
    list_->clear(); // items index entries_, which is about to change
    catalog_ = std::move(catalog);
    entries_ = catalog_ ? model::allEntries(*catalog_) : std::vector<model::EntryView>{};
    fillVendors();
    problems_->setProblems(catalog_ ? catalog_->problems() : std::vector<model::InputError>{}, userDir_);
    const int count = catalog_ ? static_cast<int>(catalog_->problems().size()) : 0;
    tabs_->setTabText(2, count ? tr("User catalog problems (%1)").arg(count) : tr("User catalog problems"));
    refill();
    selectIds(selected);
}

void CatalogBrowser::fillVendors()
{
    const QString current = vendor_->currentData().toString();
    const QSignalBlocker block(vendor_);
    vendor_->clear();
    vendor_->addItem(tr("Any vendor"), QString());
    if (catalog_)
        for (const auto& v : model::vendors(*catalog_)) vendor_->addItem(q(v), q(v));
    const int idx = vendor_->findData(current);
    vendor_->setCurrentIndex(idx < 0 ? 0 : idx);
}

model::CatalogFilter CatalogBrowser::filter() const
{
    model::CatalogFilter f;
    f.text = search_->text().trimmed().toStdString();
    if (const int k = kind_->currentData().toInt(); k >= 0) f.kind = static_cast<model::EntryKind>(k);
    f.vendor = vendor_->currentData().toString().toStdString();
    f.formFactor = formFactor_->currentData().toString().toStdString();
    if (const int n = nvlink_->currentData().toInt(); n >= 0) f.nvlink = n == 1;
    if (minMemory_->value() > 0) f.minMemoryGB = minMemory_->value();
    return f;
}

void CatalogBrowser::refill()
{
    QStringList selected;
    for (const auto& e : selectedEntries()) selected << q(e.id);
    const QSignalBlocker block(list_);
    list_->setSortingEnabled(false);
    list_->clear();
    const model::CatalogFilter f = filter();
    for (int i = 0; i < static_cast<int>(entries_.size()); ++i) {
        const auto& e = entries_[i];
        if (!catalog_ || !f.matches(e, *catalog_)) continue;
        auto* item = new QTreeWidgetItem(list_, {QString::fromUtf8(model::displayName(e.kind)), q(e.name), q(e.vendor), q(e.id)});
        item->setData(0, Qt::UserRole, i);
    }
    list_->setSortingEnabled(true);
    selectIds(selected);
    selectionChanged();
}

QStringList CatalogBrowser::visibleIds() const
{
    QStringList ids;
    for (int i = 0; i < list_->topLevelItemCount(); ++i) ids << list_->topLevelItem(i)->text(3);
    return ids;
}

void CatalogBrowser::selectIds(const QStringList& ids)
{
    list_->clearSelection();
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        if (ids.contains(list_->topLevelItem(i)->text(3))) list_->topLevelItem(i)->setSelected(true);
}

std::vector<model::EntryView> CatalogBrowser::selectedEntries() const
{
    std::vector<model::EntryView> out;
    for (int i = 0; i < list_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = list_->topLevelItem(i);
        if (item->isSelected()) out.push_back(entries_.at(item->data(0, Qt::UserRole).toInt()));
    }
    return out;
}

void CatalogBrowser::selectionChanged()
{
    const auto sel = selectedEntries();
    const model::cost::PriceTable* prices = prices_ ? &*prices_ : nullptr;
    sheet_->showEntry(sel.empty() ? nullptr : &sel.front(), prices);
    compare_->compare(sel);
    if (sel.size() >= CompareView::kMinItems && tabs_->currentWidget() == sheet_) tabs_->setCurrentWidget(compare_);
    if (sel.size() == 1 && tabs_->currentWidget() == compare_) tabs_->setCurrentWidget(sheet_);
}

} // namespace views
