#pragma once
/// @file csv_export.hpp
/// CSV files of a design's results (bill of materials, the data of every chart, cost) and of
/// a comparison (its table), numbers at full precision, written into a folder.

#include "model/compare/comparison.hpp"

#include <QString>
#include <QStringList>

namespace app::report {

/// Writes PREFIX bom.csv, layers.csv, busbw.csv, scaling.csv and cost.csv (those whose data
/// exists) into `dir` (created when missing). @return the files written, or throws
/// std::runtime_error naming the file that could not be written.
QStringList writeDesignCsv(const model::compare::DesignResults& r, const QString& dir, const QString& prefix = {});

/// Writes compare.csv and, per design, "A-bom.csv" ... into `dir`. @throws std::runtime_error as above.
QStringList writeCompareCsv(const model::compare::Comparison& c, const std::vector<const model::compare::DesignResults*>& ds,
                            const QString& dir);

/// Writes `text` to `path` atomically (QSaveFile). @throws std::runtime_error naming the path.
void writeTextFile(const QString& path, const std::string& text);

} // namespace app::report
