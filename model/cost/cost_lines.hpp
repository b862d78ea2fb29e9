#pragma once
/// @file cost_lines.hpp
/// Internal steps of computeCost (cost_model.hpp): the capital lines of a design
/// (capital_lines.cpp), its power lines, and the rent lines (rent_lines.cpp).

#include "model/cost/cost_model.hpp"

namespace model::cost::detail {

/// Capital lines: servers (system price, or GPU price plus a missing "server without its
/// GPUs" line), compute NICs of servers not priced as a system, switches, cables by kind,
/// transceivers by form. Every line without a price is kept and named as missing.
[[nodiscard]] std::vector<CapitalLine> capitalLines(const Design& d, const Catalog& c, const topology::Bom& bom,
                                                    const PriceTable& t, const CostSettings& s);

/// Power of every server and switch model: the design's override, else the catalog's
/// maximum power, else prices.json node_power; unknown otherwise (named, never zero).
[[nodiscard]] std::vector<PowerLine> powerLines(const Design& d, const Catalog& c, const PriceTable& t,
                                                const CostSettings& s);

/// Rent lines: the design's choice (analysis.cost.rent), else its rental block, else per GPU
/// model the default offer (catalogued cloud instance's own offer; else the cheapest
/// on-demand whole 8-GPU node; else the cheapest on-demand offer; else the cheapest offer of
/// any tier, market averages excluded).
/// @throws InputError (file, "analysis.cost.rent") when the chosen provider/offer is not in the table.
[[nodiscard]] std::vector<RentLine> rentLines(const Design& d, const Catalog& c, const PriceTable& t,
                                              const CostSettings& s, const std::string& file,
                                              std::vector<std::string>& warnings);

/// Provenance of a prices.json row: "indicative, as of DATE (citation)".
[[nodiscard]] Provenance tableProvenance(const PriceTable& t, const std::optional<std::string>& date,
                                         const std::string& sourceId, const std::string& caveat);
/// Provenance of a design override: "set in this design: SOURCE, DATE".
[[nodiscard]] Provenance overrideProvenance(const Override& o);

/// True when the design carries a rental block (analysis["rental"]) or was generated as rented.
[[nodiscard]] bool isRentedDesign(const Design& d);

} // namespace model::cost::detail
