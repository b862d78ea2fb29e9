#pragma once
// pdftotext (poppler-utils, packaging/deps.txt) for the report layout tests: the text of a
// PDF, of one page, and where each word lies on its page.
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <catch2/catch.hpp>

#include <vector>

namespace pdftest {

/// Standard output of pdftotext run with `args` (then the file and "-"); fails the running
/// test when pdftotext is missing or fails.
inline QString pdftotext(const QString& pdf, QStringList args = {})
{
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    INFO("pdftotext not found: install poppler-utils (listed in packaging/deps.txt)");
    REQUIRE_FALSE(tool.isEmpty());
    args << pdf << QStringLiteral("-");
    QProcess p;
    p.start(tool, args);
    REQUIRE(p.waitForFinished(60000));
    REQUIRE(p.exitCode() == 0);
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// The text of page `page` (1-based) of `pdf`, as pdftotext -layout extracts it.
inline QString pageText(const QString& pdf, int page)
{
    return pdftotext(pdf, {QStringLiteral("-layout"), QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"), QString::number(page)});
}

/// One word pdftotext finds, with its box in points from the page's top left corner.
struct Word {
    int page = 0; ///< 1-based
    double yMin = 0, yMax = 0;
    QString text;
};

/// Every word of `pdf` with its page and vertical extent (pdftotext -bbox): text the PDF
/// holds, drawn where the page shows it or not.
inline std::vector<Word> words(const QString& pdf)
{
    static const QRegularExpression word(QStringLiteral("<word xMin=\"[-\\d.]+\" yMin=\"([-\\d.]+)\" xMax=\"[-\\d.]+\" yMax=\"([-\\d.]+)\">([^<]*)</word>"));
    std::vector<Word> out;
    int page = 0;
    for (const QString& line : pdftotext(pdf, {QStringLiteral("-bbox")}).split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String("<page "))) ++page;
        const auto m = word.match(line);
        if (m.hasMatch()) out.push_back({page, m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3)});
    }
    return out;
}

} // namespace pdftest
