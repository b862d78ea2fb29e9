#include "app/cli/text_wrap.hpp"

#include <algorithm>

namespace app::cli {

QStringList wrapWords(const QString& text, int width)
{
    width = std::max(width, 1);
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        if (!line.isEmpty()) line += QLatin1Char(' ');
        line += word;
    }
    lines << line;
    return lines;
}

} // namespace app::cli
