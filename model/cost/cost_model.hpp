#pragma once
/// @file cost_model.hpp
/// Build versus rent for one design: capital cost from the bill of materials and the
/// indicative prices (catalogs/prices.json), monthly cost each way, cost per delivered
/// GPU-hour, the break-even month, and the time and cost of a training run.
///
/// Formulas (US dollars; one month = kHoursPerMonth hours):
///   capital            = sum over BOM lines of count x unit price (lines without a price are
///                        named in BuildCost::lines as missing, never counted as zero)
///   amortisation/month = capital / (12 x amortisation years)                (straight line)
///   power/month        = IT kW x PUE x US$/kWh x kHoursPerMonth  (maximum power drawn all month)
///   operations/month   = capital x operations share per year / 12
///   build/month        = amortisation + power + operations
///   rent/month         = US$/GPU-hour x (1 - commitment discount) x GPUs x kHoursPerMonth x utilisation
///                        (on demand: pay only for the hours used)
///   per delivered GPU-hour: build/month / (GPUs x kHoursPerMonth x utilisation); rent: the
///                        discounted US$/GPU-hour
///   break-even month   = capital / (rent/month - (power + operations)/month): the month in
///                        which the money spent renting the same GPUs passes the money spent
///                        building (capital paid up front, then running costs); none when
///                        renting costs no more than running the built cluster
///   training run       = tokens / (tokens/s from the engine) seconds; it costs its GPU-hours x
///                        the cost per delivered GPU-hour each way
/// The defaults and their sources are in resolveAssumptions.

#include "model/analysis/analysis.hpp"
#include "model/catalog/catalog.hpp"
#include "model/cost/cost_settings.hpp"
#include "model/cost/price_table.hpp"
#include "model/design/design.hpp"
#include "model/topology/bom.hpp"

#include <optional>
#include <string>
#include <vector>

namespace model::cost {

/// Hours in a month: 8,760 h in a 365-day year / 12 = 730 h (calendar arithmetic).
inline constexpr double kHoursPerMonth = 8760.0 / 12.0;

/// One assumption the cost rests on, as the report lists it.
struct Assumption {
    std::string key;           ///< the analysis["cost"] field that overrides it, e.g. "pue"
    std::string name;          ///< in words, e.g. "Power usage effectiveness (PUE)"
    double value = 0.0;
    std::string unit;          ///< "years", "% of capital per year", "US$/kWh", ...
    std::string source;        ///< where the value comes from (the default's source or "set in this design")
    bool overridden = false;   ///< set in the design file
};

/// The assumptions of one design after its settings are applied to the defaults.
struct Assumptions {
    double amortisationYears = 5.0;
    double operationsSharePerYear = 0.20;      ///< fraction of capital per year
    double utilisation = 1.0;                  ///< fraction of the month's hours the GPUs work
    double pue = 1.58;
    double electricityUsdPerKWh = 0.0895;
    double commitmentDiscountPercent = 0.0;    ///< 0 when blank (no source for reserved pricing)
    std::vector<Assumption> list;              ///< every one of them, in words, with its source
};

/// Applies `s` to the defaults, each default with its source:
/// - amortisation 5 years: Amazon.com, Inc. Form 10-K for 2024 (servers and networking
///   equipment depreciated over 5 years from 2025, down from 6);
/// - operations 20% of capital per year: prices.md, DGX H100 row ("+~20%/yr support",
///   supercluster.blog), taken as the yearly operations share;
/// - utilisation 100%: the cluster works around the clock (a scenario, not a measurement);
/// - PUE: prices.json "defaults" (1.58, Uptime Institute industry average 2023);
/// - electricity: Virginia commercial US$ 0.0895/kWh (EIA Electric Power Annual 2023 data,
///   the largest U.S. data-centre market), or the state/rate the design names;
/// - commitment discount: prices.json "defaults" (blank: no source for reserved pricing).
/// @throws InputError (file, "analysis.cost", "electricity_state") when the state is not in the table.
[[nodiscard]] Assumptions resolveAssumptions(const CostSettings& s, const PriceTable& t, const std::string& file);

/// Where a price or power figure comes from.
struct Provenance {
    std::string label;         ///< "indicative, as of 2026 (fetchlogic.net; ...)" or "set in this design: vendor quote, 2026-05-01"
    std::string caveat;        ///< the source's caveat, if any
    bool overridden = false;   ///< from the design file
};

/// One line of the capital cost.
struct CapitalLine {
    std::string key;           ///< price key: catalog id, or "cable-dac", "cable-optical", "transceiver-800g-twin-port", ...
    std::string category;      ///< "server", "gpu", "nic", "switch", "cable", "transceiver"
    std::string item;          ///< in words, e.g. "DGX H100" or "H100 SXM GPUs in HGX H100 8-GPU baseboard"
    long long count = 0;
    std::optional<double> unitUsd; ///< US$ per unit; nullopt = no price (missing, never zero)
    std::string basis;         ///< how the line is priced, e.g. "system price: GPUs and compute NICs included"
    Provenance provenance;     ///< empty label when missing
    std::string missingReason; ///< why there is no price, and which key would set one
    [[nodiscard]] bool priced() const noexcept { return unitUsd.has_value(); }
    [[nodiscard]] double totalUsd() const noexcept { return unitUsd ? *unitUsd * static_cast<double>(count) : 0.0; }
};

/// Power of one model of the design.
struct PowerLine {
    std::string model, item;
    long long count = 0;
    std::optional<double> wattsEach; ///< W, maximum; nullopt = unpublished (named, not zero)
    Provenance provenance;
    bool fromCatalog = false;        ///< the catalog's own figure (not the design's, not prices.json's)
};

/// Building (buying) the design.
struct BuildCost {
    std::vector<CapitalLine> lines;
    double capitalUsd = 0.0;           ///< sum of the priced lines, US$
    std::vector<PowerLine> power;
    double itPowerKw = 0.0;            ///< kW, parts with a power figure
    double monthlyAmortisationUsd = 0.0;
    double monthlyPowerUsd = 0.0;
    double monthlyOperationsUsd = 0.0;
    double usdPerDeliveredGpuHour = 0.0;
    /// Lines without a price (their cost is not in capitalUsd).
    [[nodiscard]] std::vector<const CapitalLine*> missing() const;
    [[nodiscard]] bool complete() const noexcept;
    /// True when at least one line has a price, US$ 0 included (an explicit price of zero is a
    /// known price, not a missing one): only then do capitalUsd and the monthly figures say
    /// what building costs. False for a design none of whose parts has a price (its capital
    /// is unknown, never US$ 0).
    [[nodiscard]] bool anyPriced() const noexcept;
    /// Models whose power is unknown (not in itPowerKw).
    [[nodiscard]] std::vector<std::string> powerUnknown() const;
    /// True when the monthly figures (monthlyUsd, usdPerDeliveredGpuHour) leave something out:
    /// a part without a price (no amortisation, no operations share) or without a power figure.
    [[nodiscard]] bool monthlyLowerBound() const { return !missing().empty() || !powerUnknown().empty(); }
    [[nodiscard]] double monthlyUsd() const noexcept { return monthlyAmortisationUsd + monthlyPowerUsd + monthlyOperationsUsd; }
    /// Cash out each month once built: power + operations.
    [[nodiscard]] double monthlyRunningUsd() const noexcept { return monthlyPowerUsd + monthlyOperationsUsd; }
};

/// The rent price of the GPUs of one model.
struct RentLine {
    std::string gpuId, gpuName;
    int gpus = 0;
    std::string provider, offer, tier;
    std::optional<double> listUsdPerGpuHour; ///< before any commitment discount; nullopt = no offer
    std::string basis;         ///< "the design's rental block", "chosen in this design", or the default rule used
    Provenance provenance;
    std::string missingReason;
};

/// Renting the same GPUs.
struct RentCost {
    std::vector<RentLine> lines;
    double usdPerHour = 0.0;           ///< priced GPUs, after the discount, US$ per hour
    double usdPerGpuHour = 0.0;        ///< average over priced GPUs, after the discount
    double monthlyUsd = 0.0;           ///< at the utilisation
    [[nodiscard]] bool complete() const noexcept;
    [[nodiscard]] bool any() const noexcept; ///< at least one line priced
    /// "Lambda 8x H100 SXM node", "several offers", or "an unnamed offer" where the design names
    /// neither provider nor offer.
    [[nodiscard]] std::string offerText() const;
};

/// The break-even month of building against renting.
struct BreakEven {
    std::optional<double> months;      ///< fractional months; nullopt = never or not computable
    bool lowerBound = false;           ///< some build cost is unknown, so the true month is later
    std::string text;                  ///< in words: "month 11 (10.5 months)", "never: ..."
    /// The first whole month by whose end building has cost less (ceil of months).
    [[nodiscard]] std::optional<int> month() const;
};

/// What the engine says about training the design's workload.
struct RunInputs {
    std::string workload;              ///< preset id or model name
    double params = 0.0;               ///< parameters
    double tokensPerSecond = 0.0;      ///< whole design; 0 = the workload cannot run (see whyNot)
    std::string whyNot;
    /// The run size the design sets is refused (costSettingsExceptRunSize): no run, for this
    /// reason, whatever the engine says; the rest of the cost stands.
    std::string sizeError;
};

/// A training run of `tokens` tokens on the design.
struct TrainingRun {
    bool available = false;
    std::string whyNot;
    std::string workload;
    double tokens = 0.0;
    std::string tokensSource;          ///< "20 tokens per parameter (Hoffmann et al. 2022, Chinchilla)" or "set in this design"
    double tokensPerSecond = 0.0;
    double seconds = 0.0;
    double gpuHours = 0.0;
    std::optional<double> buildUsd;    ///< nullopt when the build cost per GPU-hour is unknown
    std::optional<double> rentUsd;     ///< nullopt when no rent offer prices the GPUs
};

/// Everything the cost model says about one design.
struct CostResult {
    int gpus = 0;
    bool rentedDesign = false;         ///< the design carries a rental block (it is rented, not built)
    Assumptions assumptions;
    BuildCost build;
    RentCost rent;
    BreakEven breakEven;               ///< building this design against renting the same GPUs
    TrainingRun run;
    std::vector<std::string> warnings;
    /// The way the design is meant to be paid for: rent for a rented design, else build.
    [[nodiscard]] double primaryMonthlyUsd() const noexcept { return rentedDesign ? rent.monthlyUsd : build.monthlyUsd(); }
    [[nodiscard]] double primaryUsdPerGpuHour() const noexcept { return rentedDesign ? rent.usdPerGpuHour : build.usdPerDeliveredGpuHour; }
};

// ---- formulas (each documented in the file comment) ----
[[nodiscard]] double monthlyPowerUsd(double itKw, double pue, double usdPerKWh) noexcept;
[[nodiscard]] double monthlyAmortisationUsd(double capitalUsd, double years) noexcept;
[[nodiscard]] double monthlyOperationsUsd(double capitalUsd, double sharePerYear) noexcept;
[[nodiscard]] double monthlyRentUsd(double usdPerGpuHour, int gpus, double utilisation) noexcept;
/// Break-even of paying `capitalUsd` up front plus `runningMonthlyUsd` a month against
/// `rentMonthlyUsd` a month: capital / (rent - running); never when rent <= running.
/// `per` follows every money figure of the text: " per GPU" when the figures are per GPU
/// (a comparison of designs of different sizes), "" for a whole design.
[[nodiscard]] BreakEven breakEven(double capitalUsd, double runningMonthlyUsd, double rentMonthlyUsd, bool lowerBound,
                                  const std::string& per = "");

/// Tokens/s and model size of the design's workload, from the engine's analysis and the
/// design's analysis settings (same keys as analyzeDesign).
[[nodiscard]] RunInputs runInputsOf(const DesignAnalysis& a, const nlohmann::json& analysisSettings);

/// The power figures the cost counts that are not the catalog's, for computeBom: a model the
/// design sets (analysis.cost.power_W, `settings`) or one whose catalog entry has no figure
/// but prices.json node_power has one; each with its provenance label as `source`. Passing
/// them to topology::computeBom makes the BOM's power the cost's IT power, watt for watt.
/// Never throws.
[[nodiscard]] topology::PowerFigures bomPowerFigures(const Design& d, const Catalog& catalog, const PriceTable& prices,
                                                     const CostSettings& settings);

/// Prices design `d`. `bom` must be computeBom(d, catalog, bomPowerFigures(...)). Never silently zero: a part
/// without a price is a missing CapitalLine, a GPU without an offer a RentLine without price.
/// @throws InputError naming `file` and the analysis.cost field when a setting names an
///         unknown state or offer.
[[nodiscard]] CostResult computeCost(const Design& d, const Catalog& catalog, const topology::Bom& bom,
                                     const PriceTable& prices, const CostSettings& settings, const RunInputs& run,
                                     const std::string& file = "<design>");

/// JSON (money `_USD`, months as numbers): gpus, rented_design, assumptions [...],
/// build {capital_USD, capital_complete, any_priced (a part has a price, US$ 0 included; false:
/// capital and monthly figures unknown), lines [...], missing [...], it_power_kW,
/// power_unknown, monthly_amortisation_USD, monthly_power_USD, monthly_operations_USD,
/// monthly_USD, usd_per_gpu_hour_USD}, rent {lines, usd_per_hour_USD, usd_per_gpu_hour_USD,
/// monthly_USD, complete}, break_even {months, month, lower_bound, text}, run {...}, warnings.
[[nodiscard]] nlohmann::json toJson(const CostResult& c);
/// CSV `section,item,key,count,unit_USD,total_USD,source` of the capital lines, monthly
/// figures and the rent, every number at full precision (17 significant digits).
[[nodiscard]] std::string toCsv(const CostResult& c);

/// "US$ 6,368,000" style money text (whole dollars; cents below US$ 100).
[[nodiscard]] std::string formatUsd(double usd);

} // namespace model::cost
