// Build versus rent for one design: assumptions, formulas, and computeCost (cost_model.hpp).
#include "model/cost/cost_model.hpp"

#include "model/analysis/memory_fit.hpp"
#include "model/analysis/training.hpp"
#include "model/cost/cost_lines.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace model::cost {

namespace {
const char* kAmortisationSource =
    "Amazon.com, Inc. Form 10-K for 2024: servers and networking equipment depreciated over 5 years from 2025 (was 6)";
const char* kOperationsSource =
    "support about 20% of the list price per year (supercluster.blog, DGX H100)";
const char* kUtilisationSource = "scenario: the GPUs work around the clock (lower it for a cluster that idles)";
const char* kDefaultState = "Virginia";
const char* kHoursSource = "8,760 hours in a 365-day year / 12";
const char* kTokensSource = "20 tokens per parameter, compute-optimal (Hoffmann et al. 2022, \"Chinchilla\")";
constexpr double kTokensPerParameter = 20.0;

Assumption make(const char* key, const char* name, double value, const char* unit, std::string source, bool overridden)
{
    return {key, name, value, unit, overridden ? "set in this design" : std::move(source), overridden};
}

double electricityPrice(const CostSettings& s, const PriceTable& t, const std::string& file, std::string& source)
{
    const std::string citation = t.citation(t.electricitySourceId);
    const std::string asOf = t.electricityDate ? ", as of " + *t.electricityDate : std::string();
    if (s.electricityUsdPerKWh) {
        source = "set in this design";
        return *s.electricityUsdPerKWh;
    }
    const std::string state = s.electricityState.empty() ? kDefaultState : s.electricityState;
    const ElectricityPrice* e = t.electricityIn(state);
    if (!e) {
        std::string states;
        for (const auto& p : t.electricity) states += (states.empty() ? "" : ", ") + p.state;
        throw InputError(file, "analysis.cost", "electricity_state", "expected a state of catalogs/prices.json (" + states + "), got \"" + state + "\"");
    }
    const bool industrial = s.electricityRate == "industrial";
    source = state + " " + (industrial ? "industrial" : "commercial") + " average" +
             (s.electricityState.empty() ? " (the largest U.S. data-centre market)" : " (state set in this design)") + ": " + citation + asOf;
    return industrial ? e->industrialUsdPerKWh : e->commercialUsdPerKWh;
}
} // namespace

Assumptions resolveAssumptions(const CostSettings& s, const PriceTable& t, const std::string& file)
{
    Assumptions a;
    a.amortisationYears = s.amortisationYears.value_or(5.0);
    a.operationsSharePerYear = s.operationsSharePerYear.value_or(0.20);
    a.utilisation = s.utilisation.value_or(1.0);
    a.pue = s.pue.value_or(t.defaultPue);
    std::string elecSource;
    a.electricityUsdPerKWh = electricityPrice(s, t, file, elecSource);
    a.commitmentDiscountPercent = s.commitmentDiscountPercent.value_or(t.commitmentDiscountPercent.value_or(0.0));
    std::string pueSource = "catalogs/prices.json defaults (typical enterprise / colocation";
    for (const auto& p : t.pue)
        if (std::abs(p.value - t.defaultPue) < 1e-9) pueSource += ": " + t.citation(p.sourceId) + (p.date ? ", " + *p.date : std::string());
    pueSource += ")";
    a.list = {
        make("amortisation_years", "Straight-line amortisation", a.amortisationYears, "years", kAmortisationSource, s.amortisationYears.has_value()),
        make("operations_share_per_year", "Operations and support", a.operationsSharePerYear * 100.0, "% of capital per year", kOperationsSource,
             s.operationsSharePerYear.has_value()),
        make("utilisation", "Utilisation", a.utilisation * 100.0, "% of hours", kUtilisationSource, s.utilisation.has_value()),
        make("pue", "Power usage effectiveness (PUE)", a.pue, "facility / IT power", pueSource, s.pue.has_value()),
        {"electricity_usd_per_kWh", "Electricity", a.electricityUsdPerKWh, "US$/kWh", elecSource,
         s.electricityUsdPerKWh.has_value() || !s.electricityState.empty() || !s.electricityRate.empty()},
        make("commitment_discount_percent", "Commitment discount on rent", a.commitmentDiscountPercent, "%",
             "catalogs/prices.json defaults: blank (no published reserved price was found; one unverified blog says 20-30% for 12 months)",
             s.commitmentDiscountPercent.has_value()),
        make("", "Hours per month", kHoursPerMonth, "hours", kHoursSource, false),
    };
    return a;
}

double monthlyPowerUsd(double itKw, double pue, double usdPerKWh) noexcept { return itKw * pue * usdPerKWh * kHoursPerMonth; }
double monthlyAmortisationUsd(double capitalUsd, double years) noexcept { return years > 0 ? capitalUsd / (12.0 * years) : 0.0; }
double monthlyOperationsUsd(double capitalUsd, double sharePerYear) noexcept { return capitalUsd * sharePerYear / 12.0; }
double monthlyRentUsd(double usdPerGpuHour, int gpus, double utilisation) noexcept
{
    return usdPerGpuHour * gpus * kHoursPerMonth * utilisation;
}

BreakEven breakEven(double capitalUsd, double runningMonthlyUsd, double rentMonthlyUsd, bool lowerBound, const std::string& per)
{
    BreakEven b;
    b.lowerBound = lowerBound;
    const double saving = rentMonthlyUsd - runningMonthlyUsd;
    if (!(saving > 0)) {
        b.text = "never: renting costs " + formatUsd(rentMonthlyUsd) + per + " a month, no more than running the built cluster (" +
                 formatUsd(runningMonthlyUsd) + per + " a month)";
        return b;
    }
    b.months = capitalUsd / saving;
    b.text = std::string(lowerBound ? "month " + std::to_string(*b.month()) + " or later" : "month " + std::to_string(*b.month())) +
             " (" + significantDigits(*b.months, 3) + " months: " + formatUsd(capitalUsd) + per + " capital / " + formatUsd(saving) + per + " a month saved)";
    return b;
}

std::optional<int> BreakEven::month() const
{
    if (!months) return std::nullopt;
    return std::max(1, static_cast<int>(std::ceil(*months - 1e-9)));
}

std::vector<const CapitalLine*> BuildCost::missing() const
{
    std::vector<const CapitalLine*> out;
    for (const auto& l : lines)
        if (!l.priced()) out.push_back(&l);
    return out;
}

bool BuildCost::complete() const noexcept
{
    for (const auto& l : lines)
        if (!l.priced()) return false;
    return !lines.empty();
}

bool BuildCost::anyPriced() const noexcept
{
    return std::any_of(lines.begin(), lines.end(), [](const CapitalLine& l) { return l.priced(); });
}

std::vector<std::string> BuildCost::powerUnknown() const
{
    std::vector<std::string> out;
    for (const auto& p : power)
        if (!p.wattsEach) out.push_back(p.model);
    return out;
}

bool RentCost::complete() const noexcept
{
    for (const auto& l : lines)
        if (!l.listUsdPerGpuHour) return false;
    return !lines.empty();
}

bool RentCost::any() const noexcept
{
    for (const auto& l : lines)
        if (l.listUsdPerGpuHour) return true;
    return false;
}

std::string RentCost::offerText() const
{
    if (lines.empty()) return "no GPUs";
    if (lines.size() > 1) return "several offers";
    if (!lines[0].listUsdPerGpuHour) return "no offer";
    if (lines[0].provider.empty() && lines[0].offer.empty()) return "an unnamed offer"; // the design names no provider
    return lines[0].provider + (lines[0].offer.empty() ? "" : " " + lines[0].offer);
}

RunInputs runInputsOf(const DesignAnalysis& a, const nlohmann::json& settings)
{
    RunInputs r;
    r.workload = a.hasStep ? a.step.workload : a.workload;
    try {
        nlohmann::json s = settings.is_object() ? settings : nlohmann::json::object();
        // A design that names no workload trains the preset analyzeDesign picked for it
        // (DesignAnalysis::workloadNote), not the settings' default: its size sets the run's tokens.
        if (!s.contains("workload") && !s.contains("model") && !a.workload.empty()) s["workload"] = a.workload;
        const analysis::TrainingConfig c = analysis::trainingConfigFromJson(s, "<design>");
        r.params = analysis::parameterCount(c.model);
        if (r.workload.empty()) r.workload = c.model.name;
    } catch (const std::exception& e) {
        r.whyNot = e.what();
    }
    // A step the engine could time is no run when its state does not fit in GPU memory.
    const auto overflow = std::find_if(a.warnings.begin(), a.warnings.end(),
                                       [](const std::string& w) { return w.rfind(kWorkloadExceedsGpuMemory, 0) == 0; });
    if (overflow != a.warnings.end()) {
        if (r.whyNot.empty()) r.whyNot = *overflow;
    } else if (a.hasStep && a.step.tokensPerSecond > 0) {
        r.tokensPerSecond = a.step.tokensPerSecond;
    } else if (r.whyNot.empty()) {
        r.whyNot = a.warnings.empty() ? "the workload cannot run on this design" : a.warnings.front();
    }
    return r;
}

namespace {
void priceBuild(BuildCost& b, const Assumptions& a, int gpus)
{
    for (const auto& l : b.lines) b.capitalUsd += l.totalUsd();
    for (const auto& p : b.power)
        if (p.wattsEach) b.itPowerKw += *p.wattsEach * static_cast<double>(p.count) / 1000.0;
    b.monthlyAmortisationUsd = monthlyAmortisationUsd(b.capitalUsd, a.amortisationYears);
    b.monthlyPowerUsd = monthlyPowerUsd(b.itPowerKw, a.pue, a.electricityUsdPerKWh);
    b.monthlyOperationsUsd = monthlyOperationsUsd(b.capitalUsd, a.operationsSharePerYear);
    const double delivered = gpus * kHoursPerMonth * a.utilisation;
    b.usdPerDeliveredGpuHour = delivered > 0 ? b.monthlyUsd() / delivered : 0.0;
}

void priceRent(RentCost& r, const Assumptions& a)
{
    int priced = 0;
    for (const auto& l : r.lines)
        if (l.listUsdPerGpuHour) {
            r.usdPerHour += *l.listUsdPerGpuHour * (1.0 - a.commitmentDiscountPercent / 100.0) * l.gpus;
            priced += l.gpus;
        }
    r.usdPerGpuHour = priced > 0 ? r.usdPerHour / priced : 0.0;
    r.monthlyUsd = monthlyRentUsd(r.usdPerGpuHour, priced, a.utilisation);
}

TrainingRun priceRun(const CostResult& c, const RunInputs& in, const CostSettings& s)
{
    TrainingRun run;
    run.workload = in.workload;
    run.tokens = s.tokens.value_or(kTokensPerParameter * in.params);
    run.tokensSource = s.tokens ? "set in this design" : kTokensSource;
    run.tokensPerSecond = in.tokensPerSecond;
    if (!in.sizeError.empty()) {
        run.tokens = 0.0;
        run.tokensSource = "refused: " + in.sizeError;
        run.whyNot = in.sizeError;
        return run;
    }
    if (!(in.tokensPerSecond > 0) || !(run.tokens > 0)) {
        run.whyNot = in.whyNot.empty() ? "no training step for this workload" : in.whyNot;
        return run;
    }
    run.available = true;
    run.seconds = run.tokens / in.tokensPerSecond;
    run.gpuHours = c.gpus * run.seconds / 3600.0;
    if (c.build.anyPriced()) run.buildUsd = run.gpuHours * c.build.usdPerDeliveredGpuHour;
    if (c.rent.any()) run.rentUsd = run.gpuHours * c.rent.usdPerGpuHour;
    return run;
}
} // namespace

topology::PowerFigures bomPowerFigures(const Design& d, const Catalog& catalog, const PriceTable& prices,
                                       const CostSettings& settings)
{
    topology::PowerFigures out;
    for (const PowerLine& l : detail::powerLines(d, catalog, prices, settings))
        if (l.wattsEach && !l.fromCatalog) out[l.model] = {*l.wattsEach, l.provenance.label};
    return out;
}

CostResult computeCost(const Design& d, const Catalog& catalog, const topology::Bom& bom, const PriceTable& prices,
                       const CostSettings& settings, const RunInputs& run, const std::string& file)
{
    CostResult c;
    c.gpus = d.gpuCount(catalog);
    c.rentedDesign = detail::isRentedDesign(d);
    c.assumptions = resolveAssumptions(settings, prices, file);
    c.build.lines = detail::capitalLines(d, catalog, bom, prices, settings);
    c.build.power = detail::powerLines(d, catalog, prices, settings);
    priceBuild(c.build, c.assumptions, c.gpus);
    c.rent.lines = detail::rentLines(d, catalog, prices, settings, file, c.warnings);
    priceRent(c.rent, c.assumptions);
    if (c.rent.complete() && c.build.anyPriced()) {
        const bool lowerBound = !c.build.complete() || !c.build.powerUnknown().empty();
        c.breakEven = breakEven(c.build.capitalUsd, c.build.monthlyRunningUsd(), c.rent.monthlyUsd, lowerBound);
    } else {
        std::string unpriced;
        for (const RentLine& l : c.rent.lines)
            if (!l.listUsdPerGpuHour && unpriced.find(l.gpuName) == std::string::npos)
                unpriced += (unpriced.empty() ? "" : ", ") + (l.gpuName.empty() ? l.gpuId : l.gpuName);
        c.breakEven.text = c.build.anyPriced()
                               ? "not computed: no rent price for " + (unpriced.empty() ? std::string("some GPUs") : unpriced)
                               : "not computed: no part of the build has a price";
    }
    if (!c.build.missing().empty()) c.warnings.push_back((c.build.missing().size() == 1 ? std::string("1 part has no price") : std::to_string(c.build.missing().size()) + " parts have no price") +
                                                 ": the capital cost is a lower bound");
    if (!c.build.powerUnknown().empty()) c.warnings.push_back("power unknown for some parts: the power cost is a lower bound");
    c.run = priceRun(c, run, settings);
    return c;
}

} // namespace model::cost
