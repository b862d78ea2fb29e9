// Word wrapping for the command line's text tables (app/cli/text_wrap.hpp).
#include "app/cli/text_wrap.hpp"

#include <catch2/catch.hpp>

using app::cli::wrapWords;

TEST_CASE("wrapWords breaks at spaces within the width and never cuts a word", "[cli][wrap]")
{
    const QString offer = QStringLiteral("renting (Lambda (8x H100 SXM nodes, on demand), US$ 3.99 per GPU-hour)");
    for (int width : {10, 20, 28, 40, 100}) {
        INFO(width);
        const QStringList lines = wrapWords(offer, width);
        CHECK(lines.join(QLatin1Char(' ')) == offer); // nothing lost, nothing reordered
        for (const QString& l : lines) {
            const bool oneWord = !l.contains(QLatin1Char(' '));
            CHECK((l.size() <= width || oneWord));
        }
    }
    CHECK(wrapWords(offer, 28) == QStringList{QStringLiteral("renting (Lambda (8x H100 SXM"), QStringLiteral("nodes, on demand), US$ 3.99"),
                                              QStringLiteral("per GPU-hour)")});
    CHECK(wrapWords(QStringLiteral("superlongwordwithoutspaces short"), 5)
          == QStringList{QStringLiteral("superlongwordwithoutspaces"), QStringLiteral("short")});
    CHECK(wrapWords(QString(), 10) == QStringList{QString()});
    CHECK(wrapWords(QStringLiteral("  a   b  "), 0) == QStringList{QStringLiteral("a"), QStringLiteral("b")});
}
