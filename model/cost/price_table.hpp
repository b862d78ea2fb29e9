#pragma once
/// @file price_table.hpp
/// Indicative prices (catalogs/prices.json, facts from shared/reference/prices.md): hardware
/// purchase prices, cloud rent in US$ per GPU-hour per provider, maximum power per node,
/// electricity in US$ per kWh, PUE. They are editable defaults, never quotes: anything that
/// shows one must label it "indicative, as of <date>" with its source (see indicativeLabel).
/// Units: US dollars; watts; US$ per kWh; PUE is dimensionless (facility / IT power).

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace model::cost {

/// Where a price comes from (prices.md names the publication; `date` is on each row).
struct PriceSource {
    std::string citation;
};

/// A purchase price (US$). `usdHigh` is set when the source gives a range.
struct PurchasePrice {
    std::string item;                 ///< as prices.md names it
    std::string catalogId;            ///< GPU or server id, empty when none
    std::string unit;                 ///< "gpu", "system" or "kit_of_8"
    double usdLow = 0.0;              ///< US$, the single value or the low end of the range
    std::optional<double> usdHigh;    ///< US$, high end of a range
    std::optional<std::string> date;  ///< as the source dates it ("2024-10-03", "2026"); nullopt = undated
    std::string sourceId;             ///< key into PriceTable::sources
    std::string caveat;
    /// Middle of the range (or the single value), US$.
    [[nodiscard]] double usdMid() const noexcept { return usdHigh ? (usdLow + *usdHigh) / 2.0 : usdLow; }
};

/// A rent price for one offer of one provider.
struct RentPrice {
    std::string provider;             ///< "AWS", "RunPod", ...
    std::string offer;                ///< instance type or product, e.g. "p5.48xlarge"
    std::string tier;                 ///< "on-demand", "community", "secure", "marketplace", "market range", ...
    std::string gpuId;                ///< catalog GPU id, empty when the GPU is not in the catalog
    std::string gpuName;              ///< as the source names it
    std::string serverId;             ///< catalog server id when the offer is a catalogued instance
    int gpus = 1;                     ///< GPUs per instance
    std::optional<double> usdPerInstanceHour;
    bool instancePriceDerived = false; ///< per-instance price computed from the per-GPU one
    double usdPerGpuHour = 0.0;       ///< US$ per GPU-hour (the low end for a "market range")
    bool gpuPriceDerived = false;     ///< per-GPU price computed from the per-instance one
    std::optional<double> usdPerGpuHourHigh; ///< high end of a market range
    std::string region;
    std::optional<std::string> date;
    std::string sourceId;
    std::string note;
};

/// Maximum power of a system, W.
struct NodePower {
    std::string system;
    std::string catalogId;            ///< server id, empty for multi-node rows (a rack of 4, an SU)
    double maxW = 0.0;                ///< W
    std::optional<double> burstW;     ///< W, where a burst figure is published
    bool derived = false;             ///< computed by the research (e.g. a rack figure divided by nodes)
    std::string sourceId;
    std::string note;
};

/// Average retail electricity price of one U.S. state, US$ per kWh.
struct ElectricityPrice {
    std::string state;
    double commercialUsdPerKWh = 0.0;
    double industrialUsdPerKWh = 0.0;
};

/// A power usage effectiveness figure (facility power / IT power, >= 1).
struct PueFigure {
    std::string label;                ///< "typical enterprise / colo ...", "new build", "hyperscale"
    double value = 1.0;
    std::optional<double> high;       ///< upper end where a range is given
    std::optional<std::string> date;
    std::string sourceId;
    std::string note;
};

/// Everything catalogs/prices.json holds.
struct PriceTable {
    bool indicative = true;           ///< always true for the bundled table
    std::string note;
    std::map<std::string, PriceSource> sources;
    std::vector<PurchasePrice> purchases;
    std::vector<RentPrice> rents;
    std::vector<NodePower> nodePower;
    std::vector<ElectricityPrice> electricity;
    std::optional<std::string> electricityDate;
    std::string electricitySourceId;
    std::vector<PueFigure> pue;
    double defaultPue = 1.58;         ///< the editable default, from the table's "defaults"
    std::optional<double> commitmentDiscountPercent; ///< blank (nullopt): no source for reserved pricing

    /// Purchase price of catalog entry `catalogId`; nullptr when prices.md has none.
    [[nodiscard]] const PurchasePrice* purchaseFor(const std::string& catalogId) const noexcept;
    /// Every rent offer of GPU `gpuId`, cheapest per GPU-hour first.
    [[nodiscard]] std::vector<const RentPrice*> rentsFor(const std::string& gpuId) const;
    /// Maximum power of catalog server `catalogId`; nullptr when none is listed.
    [[nodiscard]] const NodePower* powerFor(const std::string& catalogId) const noexcept;
    /// Electricity price of `state`; nullptr when not listed.
    [[nodiscard]] const ElectricityPrice* electricityIn(const std::string& state) const noexcept;
    /// The citation of source `id`; empty when unknown.
    [[nodiscard]] std::string citation(const std::string& id) const;
};

/// Reads a price table (format "cluster-designer-prices", version 1).
/// @throws InputError naming the file, the entry (e.g. "rent[3]") and the field on any
///         missing, mistyped or inconsistent value (unknown source id, usd_high < usd_low, PUE < 1).
/// The file is refused before reading when larger than kMaxPriceFileBytes.
[[nodiscard]] PriceTable loadPriceTable(const std::string& path);

/// Parses a price table document as if read from `file` (the name used in errors).
/// @throws InputError as loadPriceTable.
[[nodiscard]] PriceTable priceTableFromJson(const nlohmann::json& doc, const std::string& file);

/// Largest price table read, bytes (8 MiB; the bundled one is 31 KiB).
inline constexpr std::size_t kMaxPriceFileBytes = std::size_t{8} << 20;

/// catalogs/prices.json in the bundled catalog directory (Catalog::bundledDirectory()).
[[nodiscard]] std::string bundledPricesPath();

/// The bundled price table, read once per process and shared (thread-safe).
/// @throws InputError as loadPriceTable when the file is broken (it is read again on the next call).
[[nodiscard]] std::shared_ptr<const PriceTable> bundledPriceTable();

/// "indicative, as of 2026-11-09 (source)" / "indicative, undated (source)": the label every
/// view must show beside a price.
[[nodiscard]] std::string indicativeLabel(const std::optional<std::string>& date, const std::string& sourceCitation);

} // namespace model::cost
