#include "model/units/number_format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace model {

std::string threeDigits(double v)
{
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
    const double mag = v == 0.0 ? 0.0 : std::floor(std::log10(std::fabs(v)));
    int decimals = static_cast<int>(2 - mag);
    if (decimals < 0) decimals = 0;
    if (decimals > 9) decimals = 9;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    // Rounding may have added a digit (9.996 -> "10.00"): one decimal fewer then.
    if (decimals > 0 && v != 0.0 && std::fabs(std::atof(buf)) >= std::pow(10.0, mag + 1))
        std::snprintf(buf, sizeof buf, "%.*f", decimals - 1, v);
    return buf;
}

std::string formatSeconds(double seconds)
{
    const double a = std::fabs(seconds);
    if (a == 0.0) return "0 s";
    if (!std::isfinite(seconds) || a >= 0.9995) return formatFigure(seconds) + " s"; // "2,164 s"
    // 0.9995 ms and up reads in ms ("842 ms", not "0.842 s"); below, in us; threeDigits' own
    // rounding would otherwise print "1000 ms" for 0.99996 s.
    if (a >= 0.9995e-3) return threeDigits(seconds * 1e3) + " ms";
    return threeDigits(seconds * 1e6) + " us";
}

std::string formatPercent(double fraction)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f %%", fraction * 100.0);
    return buf;
}

std::string formatCount(double v)
{
    if (!std::isfinite(v)) return threeDigits(v);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", std::fabs(v));
    const std::string digits = buf;
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return (v < 0 && out != "0" ? "-" : "") + out;
}

std::string formatFigure(double v)
{
    if (v == 0.0) return "0";
    // 999.5 and up rounds to four digits: threeDigits would print "1000" without a separator.
    if (std::isfinite(v) && std::fabs(v) >= 999.5) return formatCount(v);
    return threeDigits(v);
}

std::string significantDigits(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits < 1 ? 1 : digits, v);
    return buf;
}

std::string fixedDecimals(double v, int decimals)
{
    char buf[512]; // %.0f of 1e308 is 309 digits
    std::snprintf(buf, sizeof buf, "%.*f", decimals < 0 ? 0 : (decimals > 17 ? 17 : decimals), v);
    return buf;
}

} // namespace model
