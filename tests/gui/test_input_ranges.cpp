// Out-of-range input in the inspector and the dialogs is refused with a message naming the
// field and the allowed range, never taken or silently changed (views/common/checked_spin_box);
// so is an empty or blank server or switch name in the inspector (the name stays);
// counts show as whole numbers with digit grouping, never in scientific notation.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"
#include "views/common/checked_spin_box.hpp"
#include "views/common/gui_input_error.hpp"
#include "views/cost/cost_panel.hpp"
#include "views/cost/price_dialog.hpp"
#include "model/cost/cost_settings.hpp"
#include "views/generate/generate_dialog.hpp"
#include "views/common/number_text.hpp"
#include "views/inspector/inspector_panel.hpp"
#include "views/inspector/link_editor.hpp"
#include "views/inspector/node_editor.hpp"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <functional>

namespace {

/// Records refusals instead of opening a dialog, for the life of the object.
struct Refusals {
    QStringList messages;
    Refusals()
    {
        views::setRefusalReporter([this](QWidget*, const QString& m) { messages << m; });
    }
    ~Refusals() { views::setRefusalReporter({}); }
};

/// Types `text` into `box` over what it shows and presses Enter, then lets the refusal come.
void typeInto(QAbstractSpinBox* box, const QString& text)
{
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
    QTest::qWait(10);
}

QString grouped(double v, int decimals = 0) { return QLocale().toString(v, 'f', decimals); }

/// The Cost dock's PUE field, or nullptr.
views::CheckedDoubleSpinBox* pueField(app::MainWindow& w)
{
    for (auto* box : w.cost()->findChildren<views::CheckedDoubleSpinBox*>())
        if (box->field().startsWith(QStringLiteral("PUE"))) return box;
    return nullptr;
}

} // namespace

TEST_CASE("inspector: a NIC count over 32 is refused with the field and range, the design unchanged", "[gui][inspector][ranges]")
{
    Refusals refusals;
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.scene()->expandAllGroups();
    const model::Id dgx = guitest::idByName(w.document()->design(), "dgx-05");
    w.scene()->nodeItem(dgx)->setSelected(true);
    views::NodeEditor* editor = w.inspector()->nodeEditor();
    REQUIRE(editor->node() == dgx);
    auto* nics = editor->findChild<views::CheckedSpinBox*>(QStringLiteral("nicCount"));
    REQUIRE(nics != nullptr);
    CHECK(nics->maximum() == views::kMaxNicsPerServer);
    CHECK(nics->maximum() == 32);
    const int steps = w.document()->undoStack()->count();

    typeInto(nics, QStringLiteral("599"));
    REQUIRE(refusals.messages.size() == 1);
    CHECK(refusals.messages[0] == QStringLiteral("NIC count: 599 is outside the allowed range, 0 to 32. The value stays catalog default (8)."));
    CHECK(nics->lastRefusal() == refusals.messages[0]);
    CHECK(nics->value() == 0); // still the catalog default
    CHECK_FALSE(w.document()->design().node(dgx)->nicCount.has_value());
    CHECK(w.document()->undoStack()->count() == steps);

    // In range: taken, one undo step.
    typeInto(nics, QStringLiteral("16"));
    CHECK(refusals.messages.size() == 1);
    CHECK(w.document()->design().node(dgx)->nicCount == 16);
    CHECK(w.document()->undoStack()->count() == steps + 1);
    w.document()->undoStack()->setClean();
}

TEST_CASE("inspector: a cable count over a switch's ports is refused, a large count reads as a grouped integer", "[gui][inspector][ranges]")
{
    Refusals refusals;
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    const model::Id spine = guitest::idByName(w.document()->design(), "spine-2");
    const model::Link bundle = *w.document()->design().linksOf(spine).front();
    REQUIRE(bundle.count == 8);
    w.scene()->linkItem(bundle.id)->setSelected(true);
    views::LinkEditor* editor = w.inspector()->linkEditor();
    REQUIRE(editor->link() == bundle.id);
    auto* count = editor->findChild<views::CheckedSpinBox*>(QStringLiteral("count"));
    REQUIRE(count != nullptr);
    CHECK(count->maximum() == views::kMaxCablesPerLink);
    CHECK(count->maximum() == 144); // Quantum-X800 Q3400, the largest switch of the catalog
    const int steps = w.document()->undoStack()->count();

    typeInto(count, QStringLiteral("99999"));
    REQUIRE(refusals.messages.size() == 1);
    CHECK(refusals.messages[0] == QStringLiteral("Cables (count): %1 is outside the allowed range, 1 to 144. The value stays 8.").arg(grouped(99999)));
    CHECK(w.document()->design().link(bundle.id)->count == 8);
    CHECK(count->value() == 8);
    CHECK(w.document()->undoStack()->count() == steps);

    // A hand-written design file with 99,999 cables: shown as it is, never clamped, never 1e+05.
    model::Link huge = bundle;
    huge.count = 99999;
    REQUIRE(w.document()->requestSetLink(huge, QStringLiteral("test")));
    CHECK(count->value() == 99999);
    CHECK(count->text() == grouped(99999));
    const QString rate = editor->findChild<QLabel*>(QStringLiteral("bundleRate"))->text();
    CHECK(rate == QStringLiteral("39,999,600 Gb/s (4,999,950 GB/s)")); // separators, as every figure of the app
    const views::LinkItem* item = w.scene()->linkItem(bundle.id);
    CHECK(item->toolTip().contains(grouped(99999) + QStringLiteral(" × 400 Gb/s")));
    CHECK(item->toolTip().contains(QStringLiteral("(39,999,600 Gb/s per direction)")));
    CHECK_FALSE(item->toolTip().contains(QStringLiteral("e+")));
    w.document()->undoStack()->setClean();
}

TEST_CASE("inspector: an empty or blank server or switch name is refused with a message, the name stays", "[gui][inspector][ranges]")
{
    Refusals refusals;
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.scene()->expandAllGroups();
    const model::Id dgx = guitest::idByName(w.document()->design(), "dgx-05");
    const model::Id spine = guitest::idByName(w.document()->design(), "spine-2");
    views::NodeEditor* editor = w.inspector()->nodeEditor();
    auto* name = editor->findChild<QLineEdit*>(QStringLiteral("name"));
    REQUIRE(name != nullptr);
    const int steps = w.document()->undoStack()->count();

    struct Case { model::Id id; const char* kept; const char* kind; QString typed; };
    const Case cases[] = {{dgx, "dgx-05", "server", QString()},
                          {dgx, "dgx-05", "server", QStringLiteral("   ")},
                          {spine, "spine-2", "switch", QString()}};
    for (const Case& c : cases) {
        INFO(c.kept << " renamed to \"" << c.typed.toStdString() << "\"");
        w.scene()->clearSelection();
        w.scene()->nodeItem(c.id)->setSelected(true);
        REQUIRE(editor->node() == c.id);
        refusals.messages.clear();
        // As a user does it: clear the field (type blanks), press Enter.
        name->setFocus();
        name->selectAll();
        QTest::keyClick(name, Qt::Key_Delete);
        if (!c.typed.isEmpty()) QTest::keyClicks(name, c.typed);
        QTest::keyClick(name, Qt::Key_Return);
        QTest::qWait(10);
        REQUIRE(refusals.messages.size() == 1);
        const QString expected = QStringLiteral("Name: a %1 needs a name; an empty name is not accepted. The name stays \"%2\".")
                                     .arg(QLatin1String(c.kind), QLatin1String(c.kept));
        CHECK(refusals.messages[0] == expected);
        CHECK(editor->lastRefusal() == expected);
        // Nothing changed: the design, its card, the field, the undo stack.
        CHECK(w.document()->design().node(c.id)->name == c.kept);
        CHECK(w.scene()->nodeItem(c.id)->name() == QLatin1String(c.kept));
        CHECK(name->text() == QLatin1String(c.kept));
        CHECK(w.document()->undoStack()->count() == steps);
    }
    // The saved file holds no empty name.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("named.json"));
    REQUIRE(w.files()->saveTo(path));
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    CHECK_FALSE(f.readAll().contains("\"name\": \"\""));

    // A real name is still taken, one undo step, without a message.
    refusals.messages.clear();
    w.scene()->clearSelection();
    w.scene()->nodeItem(dgx)->setSelected(true);
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("dgx-renamed"));
    QTest::keyClick(name, Qt::Key_Return);
    QTest::qWait(10);
    CHECK(refusals.messages.isEmpty());
    CHECK(w.document()->design().node(dgx)->name == "dgx-renamed");
    CHECK(w.document()->undoStack()->count() == steps + 1);

    // Another node's name is refused too (helper-80: two "dgx-h100-02" made every warning about
    // either one ambiguous).
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("dgx-06"));
    QTest::keyClick(name, Qt::Key_Return);
    QTest::qWait(10);
    REQUIRE(refusals.messages.size() == 1);
    CHECK(refusals.messages[0] == QStringLiteral("Name: \"dgx-06\" is already the name of another server; names tell the boxes apart in "
                                                 "warnings and reports. The name stays \"dgx-renamed\"."));
    CHECK(w.document()->design().node(dgx)->name == "dgx-renamed");
    CHECK(name->text() == QStringLiteral("dgx-renamed"));
    CHECK(w.document()->undoStack()->count() == steps + 1);
    w.document()->undoStack()->setClean();
}

TEST_CASE("price dialog: a price over the design file's US$ 1e15 is refused and the price stays", "[gui][cost][ranges]")
{
    // The dialog's bound is the design file's (model::cost::kMaxUnitPriceUsd, 1e15): it was
    // US$ 100 million, so a price a design file holds (US$ 2e9) could not be typed.
    Refusals refusals;
    views::PriceDialog dialog(QStringLiteral("DGX H100"), 199000.0);
    views::CheckedDoubleSpinBox* price = dialog.priceBox();
    CHECK(price->maximum() == model::cost::kMaxUnitPriceUsd);
    CHECK(model::cost::kMaxUnitPriceUsd == 1e15);
    typeInto(price, QStringLiteral("2000000000000000"));
    REQUIRE(refusals.messages.size() == 1);
    CHECK(refusals.messages[0] == (QStringLiteral("US$ per unit: %1 is outside the allowed range, %2 to %3. The value stays %4.")
                                              .arg(grouped(2e15, 2), grouped(0, 2), grouped(1e15, 2), grouped(199000, 2))));
    CHECK(dialog.price() == 199000.0);
    typeInto(price, QStringLiteral("250000"));
    CHECK(dialog.price() == 250000.0);
    // US$ 5 billion, which a design file accepts, is taken as typed.
    typeInto(price, QStringLiteral("5000000000"));
    CHECK(dialog.price() == 5e9);
    CHECK(refusals.messages.size() == 1);

    // The panel refuses a price over the bound from any caller, and takes one under it.
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    const int steps = w.document()->undoStack()->count();
    CHECK_FALSE(w.cost()->setPrice("qm9700", 2e15, QStringLiteral("typo")));
    CHECK(w.document()->undoStack()->count() == steps);
    CHECK(w.cost()->setPrice("qm9700", 5e9, QStringLiteral("quote")));
    CHECK(w.document()->undoStack()->count() == steps + 1);
    CHECK(model::cost::costSettingsOf(w.document()->design()).prices.at("qm9700").value == 5e9);
    w.document()->undoStack()->setClean();
}

TEST_CASE("price dialog: a design's US$ 2e9 price opens as it is and OK keeps it", "[gui][cost][ranges]")
{
    // Before: the dialog widened its range to show a US$ 2e9 price from the file, but the panel
    // refused anything over US$ 100 million, so OK after typing a new source changed nothing,
    // silently; and a price in fractions of a cent (US$ 199,000.123) was saved rounded to cents.
    QFile in(guitest::templatePath());
    REQUIRE(in.open(QIODevice::ReadOnly));
    nlohmann::json j = nlohmann::json::parse(in.readAll().toStdString());
    j["analysis"]["cost"]["prices"] = {{"qm9700", {{"usd", 2e9}, {"source", "file quote"}}},
                                       {"dgx-h100", {{"usd", 199000.123}, {"source", "list"}}}};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dear.json"));
    QFile out(path);
    REQUIRE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(j.dump(1)));
    out.close();

    Refusals refusals;
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(path));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    views::CostPanel* panel = w.cost();
    QTableWidget* table = panel->table();
    QPushButton* setPrice = nullptr;
    for (auto* b : panel->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Set price...")) setPrice = b;
    REQUIRE(setPrice);
    const auto rowOf = [&](const QString& key) {
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->data(Qt::UserRole).toString() == key) return r;
        return -1;
    };

    // Opens the dialog on `key` with the button, as a user does; `edit` acts on it, then OK.
    const auto pressOk = [&](const QString& key, const std::function<void(views::PriceDialog&)>& edit) {
        const int row = rowOf(key);
        REQUIRE(row >= 0);
        table->setCurrentCell(row, 0);
        bool seen = false;
        QTimer::singleShot(0, &w, [&] {
            auto* dlg = qobject_cast<views::PriceDialog*>(QApplication::activeModalWidget());
            if (!dlg) return;
            seen = true;
            edit(*dlg);
            dlg->accept();
        });
        setPrice->click();
        CHECK(seen);
    };

    const int steps = w.document()->undoStack()->count();
    double shownMax = 0, shownValue = 0;
    pressOk(QStringLiteral("qm9700"), [&](views::PriceDialog& d) {
        shownMax = d.priceBox()->maximum();
        shownValue = d.priceBox()->value();
        d.findChild<QLineEdit*>(QStringLiteral("source"))->setText(QStringLiteral("new quote"));
    });
    CHECK(shownValue == 2e9);
    CHECK(shownMax == model::cost::kMaxUnitPriceUsd);
    CHECK(w.document()->undoStack()->count() == steps + 1);
    const model::cost::Override kept = model::cost::costSettingsOf(w.document()->design()).prices.at("qm9700");
    CHECK(kept.value == 2e9);
    CHECK(kept.source == "new quote");

    // OK on an unedited box keeps the file's price to the fraction of a cent.
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    table = panel->table();
    pressOk(QStringLiteral("dgx-h100"), [&](views::PriceDialog& d) {
        shownValue = d.priceBox()->value();
        d.findChild<QLineEdit*>(QStringLiteral("source"))->setText(QStringLiteral("list"));
    });
    CHECK(shownValue == Approx(199000.12).epsilon(0).margin(1e-6)); // shown in cents
    CHECK(model::cost::costSettingsOf(w.document()->design()).prices.at("dgx-h100").value == 199000.123);
    CHECK(refusals.messages.isEmpty());
    w.document()->undoStack()->setClean();
}

TEST_CASE("cost assumptions: a PUE of 50 is refused with the field and range", "[gui][cost][ranges]")
{
    Refusals refusals;
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    w.cost()->catchUp();
    views::CheckedDoubleSpinBox* pue = pueField(w);
    REQUIRE(pue != nullptr);
    const double before = pue->value();
    const int steps = w.document()->undoStack()->count();
    typeInto(pue, QStringLiteral("50"));
    REQUIRE(refusals.messages.size() == 1);
    CHECK(refusals.messages[0].startsWith(QStringLiteral("PUE (facility / IT power): 50.00 is outside the allowed range, 1.00 to 5.00.")));
    CHECK(pue->value() == before);
    CHECK(w.document()->undoStack()->count() == steps);
}

TEST_CASE("generate dialog: an oversubscription of 1000000:1 is refused, not clamped", "[gui][ranges]")
{
    views::GenerateDialog dialog(*guitest::catalog());
    dialog.setKind(QStringLiteral("fat-tree"));
    dialog.setOversubscription(QStringLiteral("2:1"));
    CHECK(dialog.isValid());
    dialog.setOversubscription(QStringLiteral("1000000:1"));
    CHECK_FALSE(dialog.isValid());
    CHECK(dialog.previewText().contains(QStringLiteral("Oversubscription")));
    CHECK(dialog.previewText().contains(QStringLiteral("1000000:1 is outside the allowed range: expected at most 64:1")));
    dialog.setOversubscription(QStringLiteral("64:1"));
    CHECK(dialog.isValid());
    // Below 1:1 is refused too, named as the dialog's row (helper-89: 0.5 built 1,029 spines).
    dialog.setOversubscription(QStringLiteral("0.5"));
    CHECK_FALSE(dialog.isValid());
    CHECK(dialog.previewText().contains(QStringLiteral("Oversubscription")));
    CHECK(dialog.previewText().contains(QStringLiteral("at least 1:1")));
    // One server reads "1 server" (it read "1 servers").
    dialog.setOversubscription(QStringLiteral("1:1"));
    dialog.setNodes(1);
    REQUIRE(dialog.isValid());
    CHECK(dialog.previewText().contains(QStringLiteral("\n1 server, 8 GPUs;")));
}

TEST_CASE("generate dialog: a generator's option error names the dialog's row, not the command-line option", "[gui][ranges]")
{
    const model::InputError e("<command line>", "generate fat-tree", "--ufm",
                              "the UFM appliance manages InfiniBand fabrics; switch \"sn5600\" is Ethernet");
    CHECK(views::guiInputError(e, views::generateFieldLabel(e.field())) ==
          QStringLiteral("UFM appliance: the UFM appliance manages InfiniBand fabrics; switch \"sn5600\" is Ethernet"));
    CHECK(views::generateFieldLabel("--nodes") == QStringLiteral("Servers"));
    CHECK(views::generateFieldLabel("--spine-count") == QStringLiteral("Spine count"));
    // An import's --server error keeps its file and names the field the user chose in.
    const model::InputError imported("topo.txt", "", "--server", "the file shows 8 GPUs but dgx-b200x has 4; pass a server with 8 GPUs");
    CHECK(views::guiInputError(imported, QStringLiteral("Server")) ==
          QStringLiteral("topo.txt: Server: the file shows 8 GPUs but dgx-b200x has 4; choose a server with 8 GPUs"));
}

TEST_CASE("inspector: a link speed of 0 or -400 or 99999999 Gb/s is refused with a message - never silently", "[gui][inspector][ranges]")
{
    Refusals refusals;
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    const model::Id spine = guitest::idByName(w.document()->design(), "spine-2");
    const model::Link bundle = *w.document()->design().linksOf(spine).front();
    w.scene()->linkItem(bundle.id)->setSelected(true);
    views::LinkEditor* editor = w.inspector()->linkEditor();
    REQUIRE(editor->link() == bundle.id);
    auto* speed = editor->findChild<views::CheckedDoubleSpinBox*>(QStringLiteral("laneSpeedGbps"));
    REQUIRE(speed != nullptr);
    const int steps = w.document()->undoStack()->count();
    int refused = 0;
    for (const char* bad : {"0", "-400", "99999999"}) {
        INFO(bad);
        typeInto(speed, QString::fromLatin1(bad));
        REQUIRE(refusals.messages.size() == ++refused);
        CHECK(refusals.messages.back().startsWith(QStringLiteral("Link speed: ")));
        CHECK(refusals.messages.back().contains(QStringLiteral("is outside the allowed range, 1.0 to %1").arg(grouped(model::kMaxLaneGbps, 1))));
        CHECK(w.document()->design().link(bundle.id)->laneSpeed.inGbps() == 400.0);
        CHECK(w.document()->undoStack()->count() == steps);
    }
    w.document()->undoStack()->setClean();
}

TEST_CASE("plain numbers group thousands and never turn scientific", "[gui][numbers]")
{
    CHECK(views::plainNumber(3200) == QStringLiteral("3,200"));
    CHECK(views::plainNumber(400) == QStringLiteral("400"));
    CHECK(views::plainNumber(2.5) == QStringLiteral("2.5"));
    CHECK(views::plainNumber(0.125) == QStringLiteral("0.125"));
    CHECK(views::plainNumber(1234567.25) == QStringLiteral("1,234,567.25"));
    CHECK(views::plainNumber(-1234) == QStringLiteral("-1,234"));
    CHECK(views::plainNumber(-0.0001) == QStringLiteral("0"));
    CHECK(views::plainNumber(999) == QStringLiteral("999"));
    CHECK(views::plainNumber(std::nan("")) == QStringLiteral("n/a"));
}

TEST_CASE("price dialog: an unpriced part is not made free by a stray Enter", "[gui][cost][ranges]")
{
    // A part without a price opens at US$ 0.00; OK (and so Enter) took it, and the part counted
    // as free ("US$ 0.00 - set in this design: no source given"), against "a part without a
    // price is never counted as zero". Now US$ 0 needs a source that says why.
    views::PriceDialog dialog(QStringLiteral("Quantum-2 QM9700 (leaf)"), 0.0);
    CHECK(dialog.priceBox()->value() == 0.0);
    CHECK_FALSE(dialog.canAccept());
    auto* hint = dialog.findChild<QLabel*>(QStringLiteral("priceHint"));
    REQUIRE(hint);
    CHECK(hint->text().contains(QStringLiteral("counts this part as free")));
    QTest::keyClick(&dialog, Qt::Key_Return);
    CHECK(dialog.result() != QDialog::Accepted);
    dialog.sourceBox()->setText(QStringLiteral("bundled with the servers"));
    CHECK(dialog.canAccept());
    dialog.sourceBox()->setText(QStringLiteral("  "));
    CHECK_FALSE(dialog.canAccept());
    typeInto(dialog.priceBox(), QStringLiteral("32000"));
    CHECK(dialog.canAccept());
    CHECK(dialog.price() == 32000.0);
    // A priced part opens with its price and OK as it was.
    views::PriceDialog priced(QStringLiteral("DGX H100"), 199000.0);
    CHECK(priced.canAccept());
}

TEST_CASE("Escape puts back what a field showed: nothing typed is committed when the focus then leaves", "[gui][inspector][cost]")
{
    // helper-91: PUE typed as 2.5, Escape, a click on the canvas: PUE became 2.50 (US$ 105,137
    // to 166,356 a month); a rename typed and escaped was kept the same way.
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::showTemplateWindow(w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    w.cost()->catchUp();
    views::CheckedDoubleSpinBox* pue = pueField(w);
    REQUIRE(pue != nullptr);
    const int steps = w.document()->undoStack()->count();
    const double before = pue->value();
    const QString shown = pue->text();
    pue->setFocus();
    pue->selectAll();
    QTest::keyClicks(pue, QStringLiteral("2.5"));
    REQUIRE(pue->text() != shown);
    QTest::keyClick(pue, Qt::Key_Escape);
    CHECK(pue->text() == shown);
    pue->clearFocus(); // the focus leaves, as a click elsewhere takes it
    QTest::qWait(10);
    CHECK(pue->value() == before);
    CHECK(w.document()->undoStack()->count() == steps);

    // The inspector's name field: typed, escaped, left.
    w.scene()->expandAllGroups();
    const model::Id dgx = guitest::idByName(w.document()->design(), "dgx-05");
    w.scene()->clearSelection();
    w.scene()->nodeItem(dgx)->setSelected(true);
    auto* name = w.inspector()->nodeEditor()->findChild<QLineEdit*>(QStringLiteral("name"));
    REQUIRE(name != nullptr);
    name->setFocus();
    QTest::keyClick(name, Qt::Key_End);
    QTest::keyClicks(name, QStringLiteral("XYZ"));
    REQUIRE(name->text() == QStringLiteral("dgx-05XYZ"));
    QTest::keyClick(name, Qt::Key_Escape);
    CHECK(name->text() == QStringLiteral("dgx-05"));
    name->clearFocus();
    QTest::qWait(10);
    CHECK(w.document()->design().node(dgx)->name == "dgx-05");
    CHECK(w.document()->undoStack()->count() == steps);

    // Enter still commits; Escape after it has nothing to put back.
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("dgx-05b"));
    QTest::keyClick(name, Qt::Key_Return);
    QTest::qWait(10);
    QTest::keyClick(name, Qt::Key_Escape);
    CHECK(name->text() == QStringLiteral("dgx-05b"));
    CHECK(w.document()->design().node(dgx)->name == "dgx-05b");
    w.document()->undoStack()->setClean();
}

TEST_CASE("generate dialog: the preview and Replace follow each keystroke in a count, before the edit ends", "[gui][ranges]")
{
    // helper-91: 4000 committed with Tab, then 64 typed without Tab: the preview still read 4,000
    // servers in 3 tiers while Replace built 64; 100000 typed left Replace enabled.
    views::GenerateDialog dialog(*guitest::catalog());
    dialog.setKind(QStringLiteral("fat-tree"));
    dialog.setNodes(4000);
    dialog.show();
    REQUIRE(QTest::qWaitForWindowExposed(&dialog));
    CHECK(dialog.previewText().contains(QStringLiteral("4,000 servers")));
    views::CheckedSpinBox* servers = nullptr;
    for (auto* box : dialog.findChildren<views::CheckedSpinBox*>())
        if (box->field() == QStringLiteral("Servers")) servers = box;
    REQUIRE(servers != nullptr);
    servers->setFocus();
    servers->selectAll();
    QTest::keyClicks(servers, QStringLiteral("64"));
    INFO(servers->text().toStdString() << " / " << dialog.previewText().toStdString());
    CHECK(dialog.previewText().contains(QStringLiteral("64 servers, 512 GPUs")));
    REQUIRE(dialog.isValid());
    CHECK(dialog.result().nodes().size() > 64);
    int built = 0;
    for (const auto& [id, n] : dialog.result().nodes()) built += n.kind == model::NodeKind::Server;
    CHECK(built == 64);
    // Out of range while typing: said with the row's name, Replace off.
    servers->selectAll();
    QTest::keyClicks(servers, QStringLiteral("99999999"));
    CHECK_FALSE(dialog.isValid());
    CHECK(dialog.previewText().contains(QStringLiteral("Servers")));
    CHECK(dialog.previewText().contains(QStringLiteral("99,999,999 is outside the allowed range")));
}
