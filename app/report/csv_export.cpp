// CSV exports of results and comparisons (csv_export.hpp).
#include "app/report/csv_export.hpp"
#include "views/common/safe_write.hpp"
#include "model/catalog/data_dirs.hpp"

#include "model/io/results_csv.hpp"

#include <QDir>

#include <filesystem>
#include <stdexcept>

namespace app::report {

void writeTextFile(const QString& path, const std::string& text)
{
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) throw std::runtime_error(why);
    if (const QString reason = views::writeWholeFile(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        throw std::runtime_error(reason.toStdString()); // names the path, the step and the system's reason
}

namespace {
QString ensureDir(const QString& dir)
{
    // Refused before any folder is made (a --csv folder inside the bundled catalogs was created,
    // then its files refused).
    if (const std::string why = model::bundledDataWriteProblem((std::filesystem::path(dir.toStdString()) / "data.csv").string()); !why.empty())
        throw std::runtime_error(dir.toStdString() + ": the CSV folder would lie in " + why.substr(why.find("the folder of the bundled")));
    if (!QDir().mkpath(dir)) throw std::runtime_error(dir.toStdString() + ": cannot create the folder");
    return QDir(dir).absolutePath();
}
} // namespace

QStringList writeDesignCsv(const model::compare::DesignResults& r, const QString& dir, const QString& prefix)
{
    const QString base = ensureDir(dir) + QLatin1Char('/') + prefix;
    QStringList written;
    const auto put = [&](const QString& name, const std::string& text) {
        writeTextFile(base + name, text);
        written << base + name;
    };
    if (r.bom) put(QStringLiteral("bom.csv"), model::topology::toCsv(*r.bom));
    if (r.analysis) {
        put(QStringLiteral("layers.csv"), model::io::layersCsv(*r.analysis));
        put(QStringLiteral("scaling.csv"), model::io::scalingCsv(*r.analysis));
    }
    if (r.sweeps) put(QStringLiteral("busbw.csv"), model::io::sweepsCsv(*r.sweeps));
    if (r.cost) put(QStringLiteral("cost.csv"), model::cost::toCsv(*r.cost));
    return written;
}

QStringList writeCompareCsv(const model::compare::Comparison& c, const std::vector<const model::compare::DesignResults*>& ds, const QString& dir)
{
    const QString base = ensureDir(dir);
    writeTextFile(base + QStringLiteral("/compare.csv"), model::compare::toCsv(c));
    QStringList written{base + QStringLiteral("/compare.csv")};
    for (std::size_t i = 0; i < ds.size(); ++i) written << writeDesignCsv(*ds[i], dir, QString::fromStdString(c.labels[i]) + QLatin1Char('-'));
    return written;
}

} // namespace app::report
