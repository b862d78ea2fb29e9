#include "views/charts/log_axis.hpp"

#include <QCategoryAxis>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <vector>

namespace views::log_axis {

QString compact(double v)
{
    const double a = std::fabs(v);
    auto trim = [](double x) { return QString::number(x, 'g', 3); };
    if (a >= 1e9) return trim(v / 1e9) + QStringLiteral("G");
    if (a >= 1e6) return trim(v / 1e6) + QStringLiteral("M");
    if (a >= 1e3) return trim(v / 1e3) + QStringLiteral("k");
    return trim(v);
}

QString powerLabel(int base, int p)
{
    if (base == 2) return QString::number(static_cast<qlonglong>(std::llround(std::pow(2.0, p))));
    return compact(std::pow(static_cast<double>(base), p));
}

void setPowerLabels(QCategoryAxis* axis, double lo, double hi, int base, double axisPx)
{
    const int first = static_cast<int>(std::ceil(lo - 1e-9)), last = static_cast<int>(std::floor(hi + 1e-9));
    // The labels wanted: every step-th power, so that neighbours stay apart on the axis.
    QStringList labels;
    std::vector<double> at;
    if (last >= first) {
        // Pixels between neighbouring powers, and the room the widest label needs (plus a gap).
        const QFontMetricsF fm(axis->labelsFont());
        double widest = 0;
        for (int p = first; p <= last; ++p) widest = std::max(widest, fm.horizontalAdvance(powerLabel(base, p)));
        const double pitch = axisPx / std::max(1e-9, hi - lo);
        // Qt elides a category label ("10...") well before it meets its neighbour (helper-80 saw
        // "10..." and "40..." at 43 px for "1024" and "4096" of about 28 px): room for 1.6 labels.
        const int step = std::max(1, static_cast<int>(std::ceil((1.6 * widest + 12.0) / std::max(1.0, pitch))));
        for (int p = first; p <= last; p += step) {
            labels << powerLabel(base, p);
            at.push_back(p);
        }
        // The last power (a design's whole GPU count, the largest layer) is labelled: where the
        // steps stop short of it, it takes the place of the label before it (1, 8, 64, 1,024
        // GPUs, not 1, 8, 64, 512).
        if (!at.empty() && at.back() < last) {
            labels.removeLast(); // closer to `last` than a step: the two would run together
            at.pop_back();
            labels << powerLabel(base, last);
            at.push_back(last);
        }
    }
    // The axis shows them already (most edits, most resizes): setting them again re-laid out
    // and repainted the whole chart (issue 11 item 7).
    const double start = lo - 1e-3; // a label exactly at lo needs a category ending above the start
    if (axis->labelsPosition() == QCategoryAxis::AxisLabelsPositionOnValue && axis->min() == lo && axis->max() == hi &&
        axis->startValue() == start && axis->categoriesLabels() == labels) {
        bool same = true;
        for (qsizetype i = 0; i < labels.size() && same; ++i) same = axis->endValue(labels[i]) == at[static_cast<std::size_t>(i)];
        if (same) return;
    }
    for (const QString& l : axis->categoriesLabels()) axis->remove(l);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(lo, hi);
    axis->setStartValue(start);
    for (qsizetype i = 0; i < labels.size(); ++i) axis->append(labels[i], at[static_cast<std::size_t>(i)]);
}

} // namespace views::log_axis
