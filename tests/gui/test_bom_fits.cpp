// The bill of materials of the DGX B200 four-unit template shows every cell whole at 1600 x 1000
// and 1280 x 800: the Detail column is as wide as its longest text (it was 100 px, "optical
// (between …").
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include "views/bom/bom_panel.hpp"

#include <QAbstractItemModel>
#include <QTableView>
#include <QTest>

TEST_CASE("bill of materials: every detail shows whole in its column", "[gui][fits]")
{
    for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)}) {
        INFO("window " << size.width() << "x" << size.height());
        app::MainWindow w(guitest::catalog());
        guitest::openB200(w, size);
        guitest::raiseDockOf(w.bom());
        auto* table = w.bom()->findChild<QTableView*>();
        REQUIRE(table != nullptr);
        QAbstractItemModel* m = table->model();
        REQUIRE(m->rowCount() >= 6);
        for (int row = 0; row < m->rowCount(); ++row)
            for (int column = 0; column < m->columnCount(); ++column) {
                const QModelIndex index = m->index(row, column);
                table->scrollTo(index);
                QApplication::processEvents();
                std::string why;
                const bool fits = guitest::cellFits(table, index, table->wordWrap(), &why);
                INFO(why);
                CHECK(fits);
            }
        w.document()->undoStack()->setClean();
    }
}

TEST_CASE("bill of materials: a cable row names its kind as the item and where it runs as the detail, as the report does", "[gui][bom]")
{
    // helper-89: the panel put node-leaf under Item and "optical (between racks)" under Detail,
    // the report the other way round.
    app::MainWindow w(guitest::catalog());
    guitest::openB200(w, QSize(1600, 1000));
    guitest::raiseDockOf(w.bom());
    auto* table = w.bom()->findChild<QTableView*>();
    REQUIRE(table != nullptr);
    QAbstractItemModel* m = table->model();
    REQUIRE(QTest::qWaitFor([m] { return m->rowCount() >= 6; }, 60000));
    int cables = 0;
    for (int row = 0; row < m->rowCount(); ++row) {
        if (m->index(row, 0).data().toString() != QStringLiteral("Cable")) continue;
        ++cables;
        const QString item = m->index(row, 1).data().toString(), detail = m->index(row, 2).data().toString();
        INFO(item.toStdString() << " | " << detail.toStdString());
        CHECK((item == QStringLiteral("copper DAC") || item == QStringLiteral("optical")));
        CHECK((detail.endsWith(QStringLiteral(", within a rack")) || detail.endsWith(QStringLiteral(", between racks"))));
        CHECK((detail.startsWith(QStringLiteral("node-leaf")) || detail.startsWith(QStringLiteral("leaf-spine"))));
    }
    CHECK(cables >= 2);
    w.document()->undoStack()->setClean();
}
