#pragma once
/// @file results_loading.hpp
/// What `report` and `compare` share: the price table, designs loaded into results, and the
/// --workload / --tokens options.

#include "model/compare/design_results.hpp"
#include "model/cost/price_table.hpp"

#include <QCommandLineParser>
#include <QString>

#include <memory>
#include <optional>

namespace app::cli {

/// The bundled price table (catalogs/prices.json). @return nullopt after printing the error.
[[nodiscard]] std::optional<model::cost::PriceTable> loadPricesOrReport();

/// Parses a token count: plain ("3.5e12") or with a decimal suffix K, M, B (or G), T
/// ("300B", "3.5T"), within model::cost::kMinRunTokens..kMaxRunTokens.
/// @throws std::invalid_argument naming --tokens, the range and the text.
[[nodiscard]] double parseTokens(const QString& text);

/// --workload and --tokens from `p` (options added by addResultOptions). @throws std::invalid_argument.
[[nodiscard]] model::compare::ResultOptions resultOptions(const QCommandLineParser& p);
/// Adds --workload NAME and --tokens N to `p`.
void addResultOptions(QCommandLineParser& p);

/// Loads `path` and computes every result. @return nullopt after printing the error; when the
/// design loads but the engine cannot analyse it, the results (with analysisError) after a
/// warning on stderr.
[[nodiscard]] std::optional<model::compare::DesignResults> loadResultsOrReport(const QString& path, const model::Catalog& catalog,
                                                                              const model::cost::PriceTable& prices,
                                                                              const model::compare::ResultOptions& options);

} // namespace app::cli
