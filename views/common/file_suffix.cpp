// Suffix of the chosen file type on a typed name (file_suffix.hpp).
#include "views/common/file_suffix.hpp"

#include <QFileInfo>
#include <QRegularExpression>

namespace views {

QStringList filterSuffixes(const QString& filters)
{
    QStringList out;
    static const QRegularExpression pattern(QStringLiteral(R"(\*\.([A-Za-z0-9]+))"));
    for (auto it = pattern.globalMatch(filters); it.hasNext();) {
        const QString s = it.next().captured(1).toLower();
        if (!out.contains(s)) out << s;
    }
    return out;
}

QString withChosenSuffix(const QString& path, const QString& filters, const QString& selectedFilter)
{
    if (path.isEmpty()) return path;
    const QStringList known = filterSuffixes(filters);
    if (known.contains(QFileInfo(path).suffix().toLower())) return path;
    QStringList chosen = filterSuffixes(selectedFilter);
    if (chosen.isEmpty()) chosen = known;
    return chosen.isEmpty() ? path : path + QLatin1Char('.') + chosen.front();
}

} // namespace views
