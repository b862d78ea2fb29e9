// The chart painter the reports draw with (views/charts/chart_painter.hpp): marker labels of
// markers close together stack instead of overprinting; bar values and axis ticks read as the
// tables beside the chart print them.
#include <catch2/catch.hpp>

#include "views/charts/chart_painter.hpp"

TEST_CASE("marker labels close together stack in rows instead of overprinting", "[gui][charts]")
{
    // The four-design comparison's cost chart: break-evens at months 10.5, 16.4 and 20.5 put
    // "A built vs B rented: month 11 or later", "C built vs B rented: month 17 or later" and
    // "D built vs B rented: month 21 or later" on one line, on top of each other.
    const std::vector<QRectF> boxes = views::stackLabelBoxes(
        {QRectF(100, 10, 150, 12), QRectF(160, 10, 150, 12), QRectF(190, 10, 150, 12), QRectF(400, 10, 50, 12)}, 14, 300);
    REQUIRE(boxes.size() == 4);
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            INFO(i << " and " << j);
            CHECK_FALSE(boxes[i].intersects(boxes[j]));
        }
    CHECK(boxes[0].top() == 10);
    CHECK(boxes[1].top() == 24); // one row down
    CHECK(boxes[2].top() == 38); // two rows down
    CHECK(boxes[3].top() == 10); // far enough right: stays on the first row
    CHECK(boxes[2].left() == 190); // only moved down
    // No room left below: a label stays where it is rather than leaving the plot.
    const std::vector<QRectF> tight = views::stackLabelBoxes({QRectF(0, 10, 100, 12), QRectF(10, 10, 100, 12)}, 14, 30);
    CHECK(tight[1].top() == 10);
}

TEST_CASE("chart axis numbers from 1,000 carry thousands separators", "[gui][charts]")
{
    CHECK(views::axisLabel(10000, views::AxisLabels::Number) == QStringLiteral("10,000"));
    CHECK(views::axisLabel(1000, views::AxisLabels::Number) == QStringLiteral("1,000"));
    CHECK(views::axisLabel(450, views::AxisLabels::Number) == QStringLiteral("450"));
    CHECK(views::axisLabel(50, views::AxisLabels::Number) == QStringLiteral("50"));
}
