#pragma once
/// @file number_text.hpp
/// Numbers as the panels show them: plain decimal notation, never scientific ("39,999,600", not
/// "3.99996e+07"), so a large bundle or count reads as what it is.

#include <QRegularExpression>
#include <QString>

#include <cmath>

namespace views {

/// `v` in plain decimal notation with at most `decimals` decimals, trailing zeros dropped, and
/// thousands separated by commas as the engine's figures are (model::formatFigure): 3,200, 2.5,
/// 0.125, 39,999,600. Infinite or NaN values read "n/a".
inline QString plainNumber(double v, int decimals = 3)
{
    if (!std::isfinite(v)) return QStringLiteral("n/a");
    QString s = QString::number(v, 'f', decimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0'))) s.chop(1);
        if (s.endsWith(QLatin1Char('.'))) s.chop(1);
    }
    if (s == QStringLiteral("-0")) return QStringLiteral("0");
    const qsizetype start = s.startsWith(QLatin1Char('-')) ? 1 : 0;
    qsizetype point = s.indexOf(QLatin1Char('.'));
    if (point < 0) point = s.size();
    for (qsizetype at = point - 3; at > start; at -= 3) s.insert(at, QLatin1Char(','));
    return s;
}

/// `text` with the space between a number and its unit made non-breaking ("78.1 %" ->
/// "78.1\u00a0%", likewise GB/s, Gb/s, GB, kW, s, ms, us, tokens/s), so a wrapped sentence never leaves
/// a unit alone at the start of a line ("(78.1" / "%)" in the Bottleneck box).
inline QString keepUnitsWithNumbers(QString text)
{
    static const QRegularExpression unit(QStringLiteral(R"((\d) (%|GB/s|Gb/s|GB|kW|ms|us|tokens/s|s)(?![\w/]))"));
    return text.replace(unit, QStringLiteral("\\1\u00a0\\2"));
}

} // namespace views
