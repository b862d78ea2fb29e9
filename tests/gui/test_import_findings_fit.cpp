// After File > Import of nccl-tests output (shared/real_inputs/nccl_tests_09.txt: an
// NCCL_DEBUG=INFO run without GPUDirect RDMA and with two environment overrides), the Import
// dock's findings are readable in the table itself: the rule whole, the likely cause wrapped at
// its column's width (it was a 100 px column cut to "the network …", the rest only in a tooltip).
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include "views/imports/import_panel.hpp"

#include <QTreeWidget>

TEST_CASE("import findings: the likely cause is readable in the table itself, wrapped at the column's width", "[gui][fits]")
{
    for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)}) {
        INFO("window " << size.width() << "x" << size.height());
        app::MainWindow w(guitest::catalog());
        guitest::openB200(w, size);
        QStringList errors;
        // NCCL_DEBUG=INFO lines and busbw rows: no GPUDirect RDMA, two environment overrides, and
        // the run's H100 against the open design's B200 (design-mismatch).
        REQUIRE(guitest::importQuietly(w, guitest::realInput("nccl_tests_09.txt"), errors));
        CHECK(errors.isEmpty());
        guitest::raiseDockOf(w.importPanel());
        auto* list = w.importPanel()->findChild<QTreeWidget*>();
        REQUIRE(list != nullptr);
        REQUIRE(list->topLevelItemCount() == 4);
        for (int row = 0; row < list->topLevelItemCount(); ++row) {
            QTreeWidgetItem* item = list->topLevelItem(row);
            list->scrollToItem(item);
            QApplication::processEvents();
            INFO("finding " << item->text(1).toStdString());
            for (int column : {1, 2}) { // the rule and the likely cause
                std::string why;
                const bool fits = guitest::cellFits(list, list->indexFromItem(item, column), list->wordWrap(), &why);
                INFO(why);
                CHECK(fits);
            }
        }
        w.document()->undoStack()->setClean();
    }
}
