#include "model/design/arrange.hpp"

#include <algorithm>
#include <numeric>

namespace model {

std::vector<ArrangeBox> align(std::vector<ArrangeBox> boxes, Alignment how)
{
    if (boxes.size() < 2) return boxes;
    double left = 1e300, right = -1e300, top = 1e300, bottom = -1e300;
    for (const auto& b : boxes) {
        left = std::min(left, b.centre.x - b.width / 2);
        right = std::max(right, b.centre.x + b.width / 2);
        top = std::min(top, b.centre.y - b.height / 2);
        bottom = std::max(bottom, b.centre.y + b.height / 2);
    }
    for (auto& b : boxes) switch (how) {
        case Alignment::Left: b.centre.x = left + b.width / 2; break;
        case Alignment::HCenter: b.centre.x = (left + right) / 2; break;
        case Alignment::Right: b.centre.x = right - b.width / 2; break;
        case Alignment::Top: b.centre.y = top + b.height / 2; break;
        case Alignment::VCenter: b.centre.y = (top + bottom) / 2; break;
        case Alignment::Bottom: b.centre.y = bottom - b.height / 2; break;
        }
    return boxes;
}

std::vector<ArrangeBox> distribute(std::vector<ArrangeBox> boxes, Distribution how)
{
    const std::size_t n = boxes.size();
    if (n < 3) return boxes;
    const bool h = how == Distribution::Horizontal;
    auto pos = [h](const ArrangeBox& b) { return h ? b.centre.x : b.centre.y; };
    auto size = [h](const ArrangeBox& b) { return h ? b.width : b.height; };
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return pos(boxes[a]) < pos(boxes[b]); });
    const ArrangeBox& first = boxes[order.front()];
    const ArrangeBox& last = boxes[order.back()];
    const double start = pos(first) - size(first) / 2, end = pos(last) + size(last) / 2;
    double total = 0;
    for (const auto& b : boxes) total += size(b);
    const double gap = (end - start - total) / static_cast<double>(n - 1);
    std::vector<double> target(n);
    if (gap >= 0) {
        double edge = start;
        for (std::size_t i : order) {
            target[i] = edge + size(boxes[i]) / 2;
            edge += size(boxes[i]) + gap;
        }
    } else { // overlapping: equal spacing of centres between the outermost two
        const double a = pos(first), step = (pos(last) - a) / static_cast<double>(n - 1);
        for (std::size_t k = 0; k < n; ++k) target[order[k]] = a + step * static_cast<double>(k);
    }
    for (std::size_t i = 0; i < n; ++i) (h ? boxes[i].centre.x : boxes[i].centre.y) = target[i];
    return boxes;
}

} // namespace model
