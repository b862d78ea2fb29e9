// A status message longer than the room in the status bar (an import error at 1280 x 800) ends,
// shortened with "…", before the bottleneck and zoom labels, the whole message in its tooltip
// (QStatusBar::showMessage drew it under the bottleneck label, cut mid-word).
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include <QFontMetrics>
#include <QLabel>
#include <QStatusBar>

#include <vector>

TEST_CASE("a status message longer than the room ends before the bottleneck label, whole in its tooltip", "[gui][fits]")
{
    app::MainWindow w(guitest::catalog());
    guitest::openB200(w, QSize(1280, 800));
    QStringList errors;
    // A cut-off NCCL topology: its parse error is far longer than the room left of the labels.
    guitest::importQuietly(w, guitest::realInput("nccl_topo_14_partial.xml"), errors);
    REQUIRE(errors.size() == 1);
    QStatusBar* bar = w.statusBar();
    QApplication::processEvents();
    std::vector<QLabel*> shown;
    for (QLabel* l : bar->findChildren<QLabel*>())
        if (l->isVisible() && !l->text().isEmpty()) shown.push_back(l);
    REQUIRE(shown.size() >= 2); // the message or the design's counts, the bottleneck, the zoom
    // No two labels share pixels, and each draws all of the text it holds.
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const QRect r = guitest::rectIn(shown[i], bar);
        INFO("label \"" << shown[i]->text().toStdString() << "\" at " << r.left() << "-" << r.right());
        CHECK(QFontMetrics(shown[i]->font()).horizontalAdvance(shown[i]->text()) <= shown[i]->contentsRect().width());
        for (std::size_t j = i + 1; j < shown.size(); ++j) {
            const QRect o = guitest::rectIn(shown[j], bar);
            INFO("and \"" << shown[j]->text().toStdString() << "\" at " << o.left() << "-" << o.right());
            CHECK_FALSE(r.intersects(o));
        }
    }
    // A message QStatusBar paints itself runs from x = 6 to the first label on its right.
    const QString drawnByBar = bar->currentMessage();
    if (!drawnByBar.isEmpty()) {
        int room = bar->width();
        for (QLabel* l : shown) room = std::min(room, guitest::rectIn(l, bar).left() - 2);
        INFO("message \"" << drawnByBar.toStdString() << "\"");
        CHECK(QFontMetrics(bar->font()).horizontalAdvance(drawnByBar) <= room - 6);
    }
    // The whole message stays at hand: in the bar or, shortened there, in a label's tooltip.
    bool whole = drawnByBar == errors.front();
    for (QLabel* l : shown) whole = whole || l->text() == errors.front() || l->toolTip() == errors.front();
    CHECK(whole);
    w.document()->undoStack()->setClean();
}
