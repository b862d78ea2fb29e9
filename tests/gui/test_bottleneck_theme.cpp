// The Bottleneck box's secondary text follows the theme the window sets, also back to light
// (helper-82: after Dark and back to Follow Desktop the grey line stayed near-white).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/common/reflow_label.hpp"

#include <QPalette>

TEST_CASE("bottleneck text: the subtle colour follows the theme both ways", "[gui][theme]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    QApplication::processEvents();
    const auto html = [&] {
        QString all;
        for (const auto* l : w.charts()->findChildren<views::ReflowLabel*>()) all += l->text();
        return all;
    };
    // The dark palette on the labels, as after Dark; going back, the window sets the light theme
    // before the light palette has reached them.
    QPalette dark;
    dark.setColor(QPalette::Window, Qt::black);
    for (auto* l : w.charts()->findChildren<views::ReflowLabel*>()) l->setPalette(dark);
    w.charts()->setDark(true);
    CHECK(html().contains(QStringLiteral("#b4bdc9")));
    w.charts()->setDark(false);
    CHECK(html().contains(QStringLiteral("#555")));
    CHECK_FALSE(html().contains(QStringLiteral("#b4bdc9")));
}
