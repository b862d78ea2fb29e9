// Number formatting for reports (report_format.hpp).
#include "app/report/report_format.hpp"

#include "model/cost/cost_model.hpp"
#include "model/units/number_format.hpp"

#include <cmath>

namespace app::report {

namespace {
QString grouped(const QString& digits)
{
    QString out;
    const int n = static_cast<int>(digits.size());
    for (int i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % 3 == 0) out += QLatin1Char(',');
        out += digits[i];
    }
    return out;
}
} // namespace

QString number(double v, int significant)
{
    if (!std::isfinite(v)) return QStringLiteral("n/a");
    if (v == 0) return QStringLiteral("0");
    const double a = std::abs(v);
    const int magnitude = static_cast<int>(std::floor(std::log10(a)));
    const int decimals = std::max(0, significant - 1 - magnitude);
    if (a >= 1e15 || a < 1e-4) return QString::number(v, 'g', significant);
    QString s = QString::number(a, 'f', decimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0'))) s.chop(1);
        if (s.endsWith(QLatin1Char('.'))) s.chop(1);
    }
    const int dot = static_cast<int>(s.indexOf(QLatin1Char('.')));
    const QString whole = dot < 0 ? s : s.left(dot);
    const QString frac = dot < 0 ? QString() : s.mid(dot);
    return (v < 0 ? QStringLiteral("-") : QString()) + grouped(whole) + frac;
}

QString count(double v) { return number(std::round(v), 18); }

QString gbps(double GBps) { return number(GBps) + QStringLiteral(" GB/s"); }

QString usd(double v) { return QString::fromStdString(model::cost::formatUsd(v)); }

QString duration(double s)
{
    if (!std::isfinite(s)) return QStringLiteral("n/a");
    if (s == 0) return QStringLiteral("0 s");
    // Three significant digits with trailing zeros kept ("5.80 s", "47.0 ms", as analyze
    // prints them), so a column of times reads at one precision.
    const auto three = [](double v) { return QString::fromStdString(model::formatFigure(v)); };
    if (s < 0.9995e-3) return three(s * 1e6) + QStringLiteral(" us");
    if (s < 0.9995) return three(s * 1e3) + QStringLiteral(" ms");
    if (s < 120) return three(s) + QStringLiteral(" s");
    if (s < 2 * 3600) return three(s / 60) + QStringLiteral(" minutes");
    if (s < 2 * 86400) return three(s / 3600) + QStringLiteral(" hours");
    if (s < 2 * 365.25 * 86400) return count(s / 86400) + QStringLiteral(" days");
    return three(s / (365.25 * 86400)) + QStringLiteral(" years");
}

QString percent(double fraction) { return QString::fromStdString(model::formatPercent(fraction)); }

QString figure(double v) { return QString::fromStdString(model::formatFigure(v)); }

QString tokens(double n)
{
    if (n >= 1e12) return number(n / 1e12, 3) + QStringLiteral(" trillion");
    if (n >= 1e9) return number(n / 1e9, 3) + QStringLiteral(" billion");
    if (n >= 1e6) return number(n / 1e6, 3) + QStringLiteral(" million");
    return count(n);
}

} // namespace app::report
