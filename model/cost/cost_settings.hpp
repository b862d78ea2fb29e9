#pragma once
/// @file cost_settings.hpp
/// What a user sets for the cost of one design, saved in the design file under
/// analysis["cost"]: assumptions (amortisation, operations share, utilisation, PUE,
/// electricity, commitment discount, training-run size), the rent offer to price against, and
/// per-design prices and power figures that fill or replace the indicative catalog ones.
/// Every field is optional: an absent one takes the documented default (cost_model.hpp
/// resolveAssumptions names each default's source).
///
/// JSON (all keys optional):
///   "cost": {
///     "amortisation_years": 5, "operations_share_per_year": 0.2, "utilisation": 0.8,
///     "pue": 1.3, "electricity_usd_per_kWh": 0.07 | "electricity_state": "Texas",
///     "electricity_rate": "commercial" | "industrial",
///     "commitment_discount_percent": 25, "tokens": 1.0e12,
///     "rent": {"provider": "AWS", "offer": "p5.48xlarge"}
///           | {"usd_per_gpu_hour": 2.5, "source": "quote from X", "date": "2026-05-01"},
///     "prices": {"qm9700": {"usd": 30000, "source": "vendor quote", "date": "2026-05-01"}, ...},
///     "power_W": {"hgx-h100-8gpu": {"W": 10200, "source": "OEM spec sheet"}, ...}
///   }
/// Price keys: a catalog id (server = the whole system with its GPUs and compute NICs, GPU,
/// NIC, switch) or a BOM part key (cost_model.hpp: "cable-dac", "cable-optical",
/// "transceiver-800g-2port", ...). Money in US dollars, power in watts.

#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>

namespace model::cost {

/// Training-run sizes the cost model accepts (analysis.cost.tokens, `--tokens`), in tokens:
/// from 1 million (a small fine-tuning run) to 1e15 (a quadrillion, about 25x the largest
/// published pre-training runs: Qwen3, 36 trillion tokens, Qwen3 Technical Report 2025).
/// Outside it a run's time and cost mean nothing (1e25 tokens would take 3 billion years even
/// at 100 million tokens/s), so the size is refused, naming this range.
inline constexpr double kMinRunTokens = 1e6;
inline constexpr double kMaxRunTokens = 1e15;
/// "from 1e6 to 1e15 tokens (1 million to 1,000 trillion)": the range in words, for messages.
[[nodiscard]] std::string runTokensRangeText();

/// Largest figure a design may set for a price (US$ per unit or per GPU-hour) or a power
/// (W per unit): the bound every number of a design file has (io::kMaxMagnitude), stated in
/// the cost block's own messages ("a price in US dollars from 0 to 1e15").
inline constexpr double kMaxSetFigure = 1e15;
/// Highest price of one part, US$ per unit, that a design file may state
/// (analysis.cost.prices) and the GUI price dialog takes: kMaxSetFigure, one constant for
/// both, so that any price a design holds opens in the dialog as it is and is kept on OK
/// (views/cost/price_dialog.hpp). The bundled price list's rows stop below it (1e10).
inline constexpr double kMaxUnitPriceUsd = kMaxSetFigure;

/// A figure set by the user for one design, with where it comes from.
struct Override {
    double value = 0.0;        ///< US$ for a price, W for a power figure, US$/GPU-hour for rent
    std::string source;        ///< who says so (free text); empty = "set in this design"
    std::string date;          ///< as the source dates it; empty = undated
    bool operator==(const Override&) const = default;
};

/// The rent offer a design is priced against: a catalog offer (provider + offer name as in
/// catalogs/prices.json) or a price of the user's own.
struct RentChoice {
    std::string provider;      ///< with `offer`: a row of prices.json
    std::string offer;
    std::optional<Override> custom; ///< US$ per GPU-hour with its source
    bool operator==(const RentChoice&) const = default;
};

/// The cost settings of one design (analysis["cost"]); nullopt = the documented default.
struct CostSettings {
    std::optional<double> amortisationYears;      ///< years, > 0
    std::optional<double> operationsSharePerYear; ///< fraction of capital per year, 0..1
    std::optional<double> utilisation;            ///< fraction of hours the GPUs work, (0, 1]
    std::optional<double> pue;                    ///< facility / IT power, >= 1
    std::optional<double> electricityUsdPerKWh;   ///< US$ per kWh, >= 0 (wins over the state)
    std::string electricityState;                 ///< a state of prices.json "electricity"
    std::string electricityRate;                  ///< "commercial" or "industrial"; empty = commercial
    std::optional<double> commitmentDiscountPercent; ///< off the rent price, 0..100
    std::optional<double> tokens;                 ///< training-run size, tokens, kMinRunTokens..kMaxRunTokens
    std::optional<RentChoice> rent;
    std::map<std::string, Override> prices;       ///< key -> US$ per unit
    std::map<std::string, Override> powerW;       ///< server or switch model -> W per unit
    bool operator==(const CostSettings&) const = default;
};

/// Reads analysis["cost"] of `d` (absent: all defaults).
/// @throws InputError naming `file`, entry "analysis.cost" (or "analysis.cost.prices.KEY") and
///         the field when a value is mistyped or out of range.
[[nodiscard]] CostSettings costSettingsOf(const Design& d, const std::string& file = "<design>");
/// As costSettingsOf, except that a training-run size out of range (analysis.cost.tokens)
/// does not refuse the whole cost: `tokens` is left unset and `runSizeError` gets the
/// InputError's message, so capital and monthly cost are still computed and the run alone is
/// impossible, for that reason (cost::RunInputs::sizeError). `runSizeError` is cleared first.
/// @throws InputError as costSettingsOf for any other bad field.
[[nodiscard]] CostSettings costSettingsExceptRunSize(const Design& d, const std::string& file, std::string& runSizeError);
/// Checks the cost block of a design's analysis object (`analysis`["cost"]) as the design
/// file is read (loadDesign), so that every command (analyze, bom, report, compare, export,
/// the GUI) refuses a bad price, power figure, rent or assumption with the same message, the
/// cost block's own (e.g. entry "analysis.cost.prices.qm9700", field "usd": "expected a price
/// in US dollars from 0 to 1e15, got -5000"). The training-run size (tokens) is not judged
/// here: one out of range refuses the run alone (costSettingsExceptRunSize). Absent or null
/// block: nothing to check.
/// @throws InputError as costSettingsOf.
void checkCostBlock(const nlohmann::json& analysis, const std::string& file);
/// Parses a "cost" object. @throws InputError as costSettingsOf.
[[nodiscard]] CostSettings costSettingsFromJson(const nlohmann::json& j, const std::string& file);
/// The JSON form (only the fields that are set), the inverse of costSettingsFromJson.
[[nodiscard]] nlohmann::json toJson(const CostSettings& s);
/// Stores `s` as analysis["cost"] of `d` (removes the key when nothing is set), so the
/// settings travel with the design file.
void setCostSettings(Design& d, const CostSettings& s);

} // namespace model::cost
