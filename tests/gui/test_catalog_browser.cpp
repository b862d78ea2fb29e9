// The catalog browser dock and the user catalog watcher, driven offscreen.
#include "app/document.hpp"
#include "app/main_window.hpp"
#include "app/user_catalogs.hpp"
#include "views/catalog/catalog_browser.hpp"
#include "views/catalog/compare_view.hpp"
#include "views/catalog/problems_view.hpp"
#include "views/catalog/spec_sheet_view.hpp"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>

namespace {
std::shared_ptr<const model::Catalog> bundled()
{
    static const auto c = std::make_shared<const model::Catalog>(model::Catalog::loadBundled());
    return c;
}
QString cell(QTableWidget* t, const QString& figure, int column)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == figure) return t->item(r, column)->text();
    return QStringLiteral("<no row %1>").arg(figure);
}
void writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}
} // namespace

TEST_CASE("Catalog browser: search, NVLink filter, spec sheet with sources, comparison", "[gui][catalog]")
{
    views::CatalogBrowser b(bundled(), QStringLiteral("/tmp/user-catalogs"));
    CHECK(b.visibleIds().size() == static_cast<int>(model::allEntries(*bundled()).size()));

    b.searchBox()->setText(QStringLiteral("h100"));
    CHECK(b.visibleIds().contains(QStringLiteral("h100-sxm")));
    CHECK(b.visibleIds().contains(QStringLiteral("dgx-h100")));
    CHECK_FALSE(b.visibleIds().contains(QStringLiteral("l40s")));
    b.searchBox()->clear();

    b.kindBox()->setCurrentIndex(b.kindBox()->findText(QStringLiteral("GPU")));
    b.nvlinkBox()->setCurrentIndex(b.nvlinkBox()->findData(0)); // NVLink: no
    const QStringList noNvlink = b.visibleIds();
    for (const char* id : {"l40s", "l40", "l4", "a10", "rtx-4090", "rtx-5090", "rtx-6000-ada", "rtx-pro-6000"})
        CHECK(noNvlink.contains(QString::fromLatin1(id)));
    CHECK_FALSE(noNvlink.contains(QStringLiteral("h100-sxm")));

    b.selectIds({QStringLiteral("l40s")});
    QTableWidget* sheet = b.specSheet()->table();
    CHECK(b.specSheet()->title().contains(QStringLiteral("L40S")));
    CHECK(cell(sheet, QStringLiteral("hbm bandwidth"), 1) == QStringLiteral("864"));
    CHECK(cell(sheet, QStringLiteral("hbm bandwidth"), 2) == QStringLiteral("GB/s"));
    CHECK(cell(sheet, QStringLiteral("hbm bandwidth"), 3).contains(QStringLiteral("mullet.se")));
    CHECK(cell(sheet, QStringLiteral("hbm bandwidth"), 4) == QStringLiteral("2026-08"));
    bool rentShown = false;
    for (int r = 0; r < sheet->rowCount(); ++r)
        if (sheet->item(r, 0)->text().startsWith(QStringLiteral("rent:"))) {
            rentShown = true;
            CHECK(sheet->item(r, 0)->text().contains(QStringLiteral("indicative, as of")));
            CHECK(sheet->item(r, 2)->text() == QStringLiteral("US$ per GPU-hour"));
        }
    CHECK(rentShown);

    b.selectIds({QStringLiteral("l40s"), QStringLiteral("rtx-4090"), QStringLiteral("a10")});
    CHECK(b.tabs()->currentWidget() == b.compareView());
    QTableWidget* cmp = b.compareView()->table();
    CHECK(cmp->columnCount() == 4);
    CHECK(cell(cmp, QStringLiteral("tdp (W)"), 0) == QStringLiteral("tdp (W)"));
    QStringList tdps;
    for (int c = 1; c < 4; ++c)
        for (int r = 0; r < cmp->rowCount(); ++r)
            if (cmp->item(r, 0)->text() == QStringLiteral("tdp (W)")) tdps << cmp->item(r, c)->text();
    tdps.sort();
    CHECK(tdps == QStringList{QStringLiteral("350"), QStringLiteral("450"), QStringLiteral("unknown")});
}

TEST_CASE("User catalogs reload on change and a broken entry is listed and skipped", "[gui][catalog]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QByteArray good = R"({"format": "cluster-designer-catalog", "version": 1, "gpus": [
      {"id": "lab-gpu", "name": "Lab GPU", "vendor": "Lab", "form_factor": "PCIe", "scale_up": "none",
       "pcie_generation": 4, "pcie_lanes": 16, "memory_GB": 24,
       "sources": {"lab": {"citation": "lab inventory", "date": "2026-11"}}, "default_source": "lab"},
      {"id": "lab-bad", "name": "Broken", "vendor": "Lab", "form_factor": "socket", "scale_up": "none",
       "pcie_generation": 4, "pcie_lanes": 16,
       "sources": {"lab": {"citation": "lab inventory", "date": "2026-11"}}, "default_source": "lab"}]})";
    app::UserCatalogWatcher watcher(dir.path(), nullptr, 20);
    QSignalSpy reloaded(&watcher, &app::UserCatalogWatcher::catalogReloaded);
    watcher.reload();
    REQUIRE(reloaded.count() == 1);
    CHECK_FALSE(watcher.catalog()->gpu("lab-gpu"));

    views::CatalogBrowser b(watcher.catalog(), dir.path());
    QObject::connect(&watcher, &app::UserCatalogWatcher::catalogReloaded, &b, &views::CatalogBrowser::setCatalog);

    writeFile(dir.filePath(QStringLiteral("lab.json")), good); // a new file: the folder changes
    REQUIRE(reloaded.wait(5000));
    auto c = watcher.catalog();
    CHECK(c->gpu("lab-gpu"));
    CHECK_FALSE(c->gpu("lab-bad"));
    CHECK(c->gpu("h100-sxm")); // the bundled catalog is still there
    REQUIRE(c->problems().size() == 1);
    CHECK(c->problems()[0].entry() == "lab-bad");
    CHECK(c->problems()[0].field() == "form_factor");
    CHECK(b.visibleIds().contains(QStringLiteral("lab-gpu")));
    QTableWidget* problems = b.problemsView()->table();
    REQUIRE(problems->rowCount() == 1);
    CHECK(problems->item(0, 0)->text().endsWith(QStringLiteral("lab.json")));
    CHECK(problems->item(0, 1)->text() == QStringLiteral("lab-bad"));
    CHECK(problems->item(0, 2)->text() == QStringLiteral("form_factor"));
    CHECK(problems->item(0, 3)->text().contains(QStringLiteral("expected one of")));

    // Editing the file (fix the entry) reloads again without a restart.
    QByteArray fixed = good;
    fixed.replace("\"socket\"", "\"PCIe\"");
    writeFile(dir.filePath(QStringLiteral("lab.json")), fixed);
    REQUIRE(reloaded.wait(5000));
    CHECK(watcher.catalog()->gpu("lab-bad"));
    CHECK(watcher.catalog()->problems().empty());
    CHECK(b.problemsView()->table()->rowCount() == 0);
}

TEST_CASE("A reloaded catalog reaches the document, the palette and the engine", "[gui][catalog]")
{
    // The bundled catalog plus one user server: the document takes it without a restart,
    // and the next analysis runs against it.
    auto base = std::make_shared<model::Catalog>(model::Catalog::loadBundled());
    app::MainWindow window(base);
    auto* doc = window.document();
    REQUIRE(doc->catalog().server("my-dgx") == nullptr);

    auto extended = std::make_shared<model::Catalog>(*base);
    model::ServerSpec custom = *base->server("dgx-h100");
    custom.id = "my-dgx";
    custom.name = "My DGX";
    extended->addOrReplace(custom);
    doc->setCatalog(extended);
    CHECK(doc->catalog().server("my-dgx") != nullptr);
    CHECK(&doc->catalog() == extended.get());
}
