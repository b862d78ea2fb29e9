// The scaling chart draws a point whose layout would not fit in GPU memory hollow, with a
// legend saying so only while one is shown (helper-81: 1, 2 and 8 GPUs of gpt3-175b were
// charted like runs).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "views/charts/scaling_chart.hpp"

#include <QChart>
#include <QLegend>

TEST_CASE("scaling chart: points that would not fit in GPU memory are hollow, and the legend says so", "[gui][charts]")
{
    views::ScalingChart chart;
    std::vector<model::ScalingPoint> pts = {{1, 1.0, false}, {8, 0.9, false}, {64, 0.88, true}, {256, 0.87, true}};
    chart.setScaling(pts, QStringLiteral("gpt3-175b"));
    CHECK(chart.points().size() == 4); // the line joins them all
    CHECK(chart.hollowPoints() == 2);
    CHECK(chart.chart()->legend()->isVisible());
    for (auto& p : pts) p.fitsInMemory = true;
    chart.setScaling(pts, QStringLiteral("llama3-8b"));
    CHECK(chart.hollowPoints() == 0);
    CHECK_FALSE(chart.chart()->legend()->isVisible());
}

TEST_CASE("scaling chart: the GPU axis always labels the design's whole count", "[gui][charts]")
{
    // Thinned to every third power on a narrow chart, the axis read 1, 8, 64, 512 for a
    // 1,024-GPU design: its own count had no label.
    for (const int width : {260, 315, 420, 900}) {
        views::ScalingChart chart;
        std::vector<model::ScalingPoint> pts;
        for (int n = 1; n <= 1024; n *= 2) pts.push_back({n, 0.9, true});
        chart.setScaling(pts, QStringLiteral("gpt3-175b"));
        chart.resize(width, 300);
        chart.show();
        QTest::qWait(20);
        INFO(width << " px: " << chart.axisLabels().join(QLatin1Char(' ')).toStdString());
        REQUIRE(chart.axisLabels().size() >= 2);
        CHECK(chart.axisLabels().last() == QStringLiteral("1024"));
        CHECK(chart.axisLabels().first() == QStringLiteral("1"));
    }
}
