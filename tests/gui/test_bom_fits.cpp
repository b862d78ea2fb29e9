// The bill of materials of the DGX B200 four-unit template shows every cell whole at 1600 x 1000
// and 1280 x 800: the Detail column is as wide as its longest text (it was 100 px, "optical
// (between …").
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include "views/bom/bom_panel.hpp"

#include <QAbstractItemModel>
#include <QTableView>

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
