#pragma once
/// @file number_text.hpp
/// Numbers as the panels show them: plain decimal notation, never scientific ("39999600", not
/// "3.99996e+07"), so a large bundle or count reads as what it is.

#include <QRegularExpression>
#include <QString>

#include <cmath>

namespace views {

/// `v` in plain decimal notation with at most `decimals` decimals, trailing zeros dropped:
/// 3200, 2.5, 0.125, 39999600. Infinite or NaN values read "n/a".
inline QString plainNumber(double v, int decimals = 3)
{
    if (!std::isfinite(v)) return QStringLiteral("n/a");
    QString s = QString::number(v, 'f', decimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0'))) s.chop(1);
        if (s.endsWith(QLatin1Char('.'))) s.chop(1);
    }
    return s == QStringLiteral("-0") ? QStringLiteral("0") : s;
}

/// `text` with the space between a number and its unit made non-breaking ("78.1 %" ->
/// "78.1\u00a0%", likewise GB/s, Gb/s, GB, kW, s, ms, us), so a wrapped sentence never leaves
/// a unit alone at the start of a line ("(78.1" / "%)" in the Bottleneck box).
inline QString keepUnitsWithNumbers(QString text)
{
    static const QRegularExpression unit(QStringLiteral(R"((\d) (%|GB/s|Gb/s|GB|kW|ms|us|s)(?![\w/]))"));
    return text.replace(unit, QStringLiteral("\\1\u00a0\\2"));
}

} // namespace views
