#pragma once
/// @file comparison.hpp
/// Side-by-side comparison of two to four designs (issue 12 item 2): one row per figure
/// (GPUs, per-layer bandwidth, 8 GiB all-reduce busbw over all GPUs, step time, tokens/s,
/// scaling efficiency, bottleneck, rule findings, capital, monthly cost, cost per GPU-hour,
/// break-even month, time and cost of the training run), the differences marked, and a
/// verdict in words.
///
/// Cost across designs of different sizes is compared per GPU: building design X against
/// renting design Y breaks even when X's capital per GPU is paid back by the difference
/// between Y's rent per GPU-month and X's running cost per GPU-month (cost_model.hpp
/// breakEven, with every figure divided by the design's own GPU count). A rented design is
/// paid for by renting it, any other by building it (CostResult::rentedDesign).

#include "model/compare/design_results.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace model::compare {

/// Which way a figure is better.
enum class Better { None, Higher, Lower };

/// One figure of one design.
struct Cell {
    std::optional<double> value;   ///< the number (in the row's unit); nullopt for text-only or unknown
    std::string text;              ///< as displayed, e.g. "US$ 6,368,000+" or "Node boundary (compute NICs)"
    bool lowerBound = false;       ///< the true figure is higher (some price or power is unknown)
};

/// One row of the comparison table.
struct Row {
    std::string key;               ///< JSON key of the figure in each `designs[i]`, e.g. "capital_USD"
    std::string label;             ///< "Capital cost"
    std::string unit;              ///< "US$", "GB/s", "s", ... ("" for text rows)
    Better better = Better::None;
    std::vector<Cell> cells;       ///< one per design, in order
    bool differs = false;          ///< the designs differ here (numbers by more than 1%, or texts)
    std::optional<std::size_t> best; ///< the best design on this row, when `better` says which way
    /// A figure of each design's own training workload (tokens/s, MFU, scaling efficiency, run
    /// time and cost): where the designs train different workloads (model or run size) it
    /// names no best, as the verdict says their times do not compare the designs.
    bool perWorkload = false;
};

/// Building design `build` against renting design `rent`, compared per GPU.
struct CrossBreakEven {
    std::size_t build = 0;
    std::size_t rent = 0;
    cost::BreakEven breakEven;
};

/// The whole comparison.
struct Comparison {
    std::vector<std::string> labels;   ///< "A", "B", "C", "D"
    std::vector<std::string> names;    ///< design names
    std::vector<Row> rows;
    std::vector<CrossBreakEven> breakEvens;
    std::vector<std::string> verdict;  ///< sentences, most important first
    /// The verdict as one paragraph.
    [[nodiscard]] std::string verdictText() const;
    /// The row with `key`; nullptr when absent.
    [[nodiscard]] const Row* row(const std::string& key) const;
};

/// Compares `designs` (2 to 4, in the order given: labels A, B, C, D).
/// @throws std::invalid_argument for fewer than 2 or more than 4 designs, or a null entry.
[[nodiscard]] Comparison compareDesigns(const std::vector<const DesignResults*>& designs);

/// Building `build` against renting `rent`, per GPU (see the file comment). Not computed
/// (months nullopt, text says why) when the build has no priced part or the rent has no price.
[[nodiscard]] cost::BreakEven crossBreakEven(const cost::CostResult& build, const cost::CostResult& rent);

/// The verdict sentences (verdict.cpp).
[[nodiscard]] std::vector<std::string> verdictOf(const Comparison& c, const std::vector<const DesignResults*>& designs);

/// `compare --json` (shared/design/ARCHITECTURE.md): `designs` (one object per design: label,
/// name, file, every row's figure under the row's key (a number, or null when the design has
/// none; text only on text rows such as bottleneck), layers, bottleneck, scaling_note, rules, cost),
/// `verdict` (text), `verdict_sentences`, `break_even` [{build, rent, months, month,
/// lower_bound, text}], `rows` [{key, label, unit, better, differs, best, values, texts}].
/// Money in US dollars (`_USD`), months as numbers.
[[nodiscard]] nlohmann::json toJson(const Comparison& c, const std::vector<const DesignResults*>& designs);

/// CSV of the table: `figure,unit,A,B[,C,D],A lower bound,B lower bound[,...]` (the header
/// names the designs and says what the flags mean), numbers at full precision, text rows as
/// text; each design's flag is `true` where its figure is a lower bound (the table's "+" or
/// "or later": some price or power figure is unknown, the true figure is higher), else
/// `false`. Last line: `verdict,,TEXT`.
[[nodiscard]] std::string toCsv(const Comparison& c);

/// Display words for a bottleneck scope ("the node boundary (compute NICs)"; "no bottleneck"
/// for Scope::None, a design with nothing to analyse; "GPU memory capacity (the workload does
/// not fit)" for Scope::Memory).
[[nodiscard]] std::string scopeWords(Scope s);

} // namespace model::compare
