// Whole-table checks of nccl-tests output: printed busbw against factor x size / time.
#include "model/io/import/nccl_tests_checks.hpp"
#include "model/io/import/repeated_warnings.hpp"
#include "model/units/number_format.hpp"

#include <cmath>
#include <cstdio>

namespace model::io {

double halfLastDigit(std::string_view cell) noexcept
{
    const std::size_t e = cell.find_first_of("eE");
    const std::string_view mantissa = cell.substr(0, e);
    int exponent = 0;
    if (e != std::string_view::npos) {
        const std::string_view ex = cell.substr(e + 1);
        int sign = 1;
        std::size_t i = 0;
        if (i < ex.size() && (ex[i] == '+' || ex[i] == '-')) sign = ex[i++] == '-' ? -1 : 1;
        for (; i < ex.size() && ex[i] >= '0' && ex[i] <= '9' && exponent < 400; ++i) exponent = exponent * 10 + (ex[i] - '0');
        exponent *= sign;
    }
    const std::size_t dot = mantissa.find('.');
    const int decimals = dot == std::string_view::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
    return 0.5 * std::pow(10.0, exponent - decimals);
}

namespace {

/// Keeps the points of `pts` whose busbw agrees with factor x bytes / time; warns for the others.
void keepConsistent(std::vector<MeasuredPoint>& pts, const char* half, const MeasuredCurve& c, double factor, RepeatedWarnings& warnings)
{
    std::vector<MeasuredPoint> kept;
    for (const MeasuredPoint& p : pts) {
        if (p.timeUs <= 0) {
            kept.push_back(p);
            continue;
        }
        const double expect = factor * p.bytes / (p.timeUs * 1e3); // B / us -> GB/s
        // Rounding: the busbw's own last digit, the time's last digit (busbw scales as 1/time),
        // and 0.1 % for the float arithmetic and the factor nccl-tests applies in double.
        const double tTol = p.timeRoundingUs > 0 && p.timeRoundingUs < p.timeUs ? p.timeRoundingUs / (p.timeUs - p.timeRoundingUs) : 0.0;
        const double tol = p.busbwRoundingGBps + expect * (tTol + 1e-3) + 1e-9;
        if (std::fabs(p.busbwGBps - expect) <= tol) {
            kept.push_back(p);
            continue;
        }
        char factorText[32];
        std::snprintf(factorText, sizeof factorText, "%.4g", factor);
        warnings.add(std::string(half) + " halves whose busbw is not the factor x size / time",
                     "line " + std::to_string(p.line) + ": " + half + " busbw " + fixedDecimals(p.busbwGBps, 2) + " GB/s is not " + c.collective +
                         "'s factor " + factorText + " on " + std::to_string(c.ranks) + " ranks x size / time (" +
                         std::to_string(static_cast<long long>(p.bytes)) + " B in " + fixedDecimals(p.timeUs, 2) + " us = " + fixedDecimals(expect, 2) +
                         " GB/s), beyond the rounding of the printed digits; that half of the row is ignored",
                     p.line);
    }
    pts = std::move(kept);
}

} // namespace

void dropBusbwMismatches(MeasuredCurve& c, bool factorTrusted, std::vector<std::string>& warnings)
{
    const auto factor = busbwFactor(c.collective, c.ranks);
    if (!factor || !factorTrusted) return;
    RepeatedWarnings capped(warnings);
    keepConsistent(c.outOfPlace, "out-of-place", c, *factor, capped);
    keepConsistent(c.inPlace, "in-place", c, *factor, capped);
    capped.summarise();
}

} // namespace model::io
