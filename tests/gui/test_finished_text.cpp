// Text a customer reads is finished (issue 14 item 7): counts agree in number and carry
// thousands separators under any locale, and the chart panel's labels are not cut short at
// presentation type in a narrow panel.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/document.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/common/plural.hpp"
#include "views/inspector/inspector_panel.hpp"

#include <QComboBox>
#include <QLabel>
#include <QLocale>

TEST_CASE("counts: number agreement and thousands separators, also under the C locale", "[gui][text]")
{
    const QLocale saved;
    QLocale::setDefault(QLocale::c()); // LANG=C / C.UTF-8: QLocale omits group separators by default
    CHECK(views::countOf(0, QStringLiteral("node"), QStringLiteral("nodes")) == QStringLiteral("0 nodes"));
    CHECK(views::countOf(1, QStringLiteral("node"), QStringLiteral("nodes")) == QStringLiteral("1 node"));
    CHECK(views::countOf(2, QStringLiteral("link"), QStringLiteral("links")) == QStringLiteral("2 links"));
    CHECK(views::countOf(1024, QStringLiteral("GPU"), QStringLiteral("GPUs")) == QStringLiteral("1,024 GPUs"));
    CHECK(views::countOf(16384, QStringLiteral("GPU"), QStringLiteral("GPUs")) == QStringLiteral("16,384 GPUs"));
    QLocale::setDefault(saved);
}

TEST_CASE("inspector summary: 1 node and 0 links, then 2 nodes and 1 link", "[gui][text]")
{
    app::Document doc(guitest::catalog());
    model::Design d;
    d.name = "tiny";
    model::Node sw;
    sw.kind = model::NodeKind::Switch;
    sw.model = "qm9700";
    sw.name = "leaf-1";
    const model::Id a = d.addNode(sw);
    doc.newDesign(d);
    views::InspectorPanel panel(&doc);
    auto* summary = panel.findChild<QLabel*>(QStringLiteral("inspectorSummary"));
    REQUIRE(summary != nullptr);
    CHECK(summary->text().contains(QStringLiteral("1 node, 0 links, 0 GPUs.")));

    sw.name = "leaf-2";
    const model::Id b = d.addNode(sw);
    model::Link l;
    l.a = {a, 0};
    l.b = {b, 0};
    d.addLink(l);
    doc.newDesign(d);
    panel.setSelection({}, {});
    CHECK(summary->text().contains(QStringLiteral("2 nodes, 1 link, 0 GPUs.")));
    panel.setSelection({a, b}, {});
    CHECK(summary->text() == QStringLiteral("2 nodes and 0 links selected."));
}

TEST_CASE("charts panel at presentation type in a narrow panel: no label or choice cut short", "[gui][text]")
{
    views::ChartsPanel panel;
    QFont big = panel.font();
    big.setPointSizeF(big.pointSizeF() * 1.6); // presentation_window.cpp's kTypeScale
    panel.setFont(big);
    panel.setTypeScale(1.28);
    for (const int width : {1000, 1400}) {
        panel.resize(width, 340);
        panel.show();
        REQUIRE(QTest::qWaitForWindowExposed(&panel));
        QApplication::processEvents();
        int checked = 0;
        for (QLabel* l : panel.findChildren<QLabel*>()) {
            if (!l->isVisible() || l->text().isEmpty()) continue;
            INFO("width " << width << ", label \"" << l->text().toStdString() << "\" " << l->width() << "x" << l->height());
            if (l->wordWrap()) CHECK(l->height() >= l->heightForWidth(l->width()));
            else CHECK(l->width() >= l->sizeHint().width());
            ++checked;
        }
        for (QComboBox* c : panel.findChildren<QComboBox*>()) {
            if (!c->isVisible()) continue;
            INFO("width " << width << ", choice \"" << c->currentText().toStdString() << "\" " << c->width());
            CHECK(c->width() >= c->sizeHint().width());
            ++checked;
        }
        CHECK(checked >= 5); // titles, "Bandwidth unit:", the bottleneck text, two choices
    }
}
