// The verdict of a comparison in words (comparison.hpp verdictOf): what costs less and until
// when, which design trains the run faster and why, and what each run costs.
#include "model/compare/comparison.hpp"

#include <cmath>
#include <sstream>

namespace model::compare {

namespace {

std::string num(double v, int precision = 2)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(precision);
    s << v;
    return s.str();
}

/// 1234567 -> "1,234,567".
std::string whole(double v)
{
    const std::string d = std::to_string(std::llround(v));
    std::string g;
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (i > 0 && (d.size() - i) % 3 == 0) g += ',';
        g += d[i];
    }
    return g;
}

/// 3.5e12 -> "3.5 trillion", 3e11 -> "300 billion".
std::string tokenWords(double n)
{
    std::ostringstream s;
    s.precision(3);
    if (n >= 1e12) s << n / 1e12 << " trillion";
    else if (n >= 1e9) s << n / 1e9 << " billion";
    else if (n >= 1e6) s << n / 1e6 << " million";
    else s << n;
    return s.str();
}

std::string ratio(double r) { return num(r, r < 10 ? 1 : 0) + "x"; }

/// "building A" or "renting B (Lambda 8x H100 SXM node)".
std::string how(const Comparison& c, std::size_t i, const cost::CostResult& k, bool withOffer)
{
    if (!k.rentedDesign) return "building " + c.labels[i];
    return "renting " + c.labels[i] + (withOffer ? " (" + k.rent.offerText() + ", " + cost::formatUsd(k.rent.usdPerGpuHour) + " per GPU-hour)" : "");
}

/// First sentence of an explanation.
std::string firstSentence(const std::string& s)
{
    const auto dot = s.find(". ");
    return dot == std::string::npos ? s : s.substr(0, dot);
}

std::string capitalize(std::string s)
{
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

std::string missingNote(const cost::CostResult& k, const std::string& label)
{
    const auto missing = k.build.missing().size();
    const auto power = k.build.powerUnknown().size();
    if (missing == 0 && power == 0) return "";
    std::string s = " (or later: " + label + "'s ";
    if (missing) s += std::to_string(missing) + " unpriced part" + (missing == 1 ? "" : "s");
    if (missing && power) s += " and ";
    if (power) s += std::to_string(power) + " part" + (power == 1 ? "" : "s") + " of unknown power";
    return s + " are not counted)";
}

std::string breakEvenSentence(const Comparison& c, const CrossBreakEven& x, const std::vector<const DesignResults*>& ds)
{
    const auto& b = *ds[x.build]->cost;
    const auto& r = *ds[x.rent]->cost;
    const std::string rent = how(c, x.rent, r, true), build = how(c, x.build, b, false);
    const std::string perGpu = b.gpus != r.gpus ? " Compared per GPU: " + c.labels[x.build] + " has " + std::to_string(b.gpus) +
                                                      " GPUs, " + c.labels[x.rent] + " " + std::to_string(r.gpus) + "."
                                                : "";
    if (!x.breakEven.months) {
        if (x.breakEven.text.rfind("never", 0) == 0)
            return capitalize(rent) + " costs less than " + build + " at any horizon: its rent per GPU is no more than the cost of running " +
                   c.labels[x.build] + " once built." + perGpu;
        return "Renting " + c.labels[x.rent] + " against building " + c.labels[x.build] + ": " + x.breakEven.text + ".";
    }
    const int month = *x.breakEven.month();
    std::string s = capitalize(rent) + " costs less than " + build + " until month " + std::to_string(month) +
                    missingNote(b, c.labels[x.build]) + "; after that " + build + " costs less.";
    const double lifeMonths = 12.0 * b.assumptions.amortisationYears;
    if (month > lifeMonths)
        s += " That is beyond " + c.labels[x.build] + "'s " + num(b.assumptions.amortisationYears, 0) + "-year amortisation, so over the hardware's life renting costs less.";
    return s + perGpu;
}

/// "A: why; B: why" for the designs whose cost could not be computed at all; "" when none.
std::string costErrors(const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    std::string s;
    for (std::size_t i = 0; i < ds.size(); ++i)
        if (!ds[i]->cost) s += (s.empty() ? "" : "; ") + c.labels[i] + ": " + (ds[i]->costError.empty() ? "no cost computed" : ds[i]->costError);
    return s;
}

/// When no design is rented: the cheapest per delivered GPU-hour.
std::string cheapestSentence(const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    // A design without any cost is missing for its own reason (a refused setting, no bill of
    // materials), not for want of prices: say so instead of blaming prices.
    const std::string errors = costErrors(c, ds);
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const auto& k = ds[i]->cost;
        if (!k || !k->build.anyPriced()) continue;
        if (!best || k->build.usdPerDeliveredGpuHour < ds[*best]->cost->build.usdPerDeliveredGpuHour) best = i;
    }
    if (!best && !errors.empty()) return "Costs are not compared, because a cost could not be computed (" + errors + ").";
    if (!best) return "No design has a priced part, so their costs cannot be compared; set prices in the designs (analysis.cost.prices).";
    std::string s = "Per delivered GPU-hour, " + how(c, *best, *ds[*best]->cost, false) + " costs least: " +
                    cost::formatUsd(ds[*best]->cost->build.usdPerDeliveredGpuHour) + " per GPU-hour";
    for (std::size_t i = 0; i < ds.size(); ++i)
        if (i != *best && ds[i]->cost && ds[i]->cost->build.anyPriced())
            s += ", against " + cost::formatUsd(ds[i]->cost->build.usdPerDeliveredGpuHour) + " per GPU-hour for " + c.labels[i];
    s += " (known parts only where prices are missing)";
    return s + (errors.empty() ? "." : "; no cost for " + errors + ".");
}

/// Why `fast` trains faster than `slow`: more GPUs, more work per GPU, or both.
std::string because(const Comparison& c, std::size_t fast, std::size_t slow, const std::vector<const DesignResults*>& ds)
{
    const auto& f = *ds[fast]->analysis;
    const auto& s = *ds[slow]->analysis;
    const double g = static_cast<double>(f.gpus) / s.gpus;
    const double p = (f.step.tokensPerSecond / f.gpus) / (s.step.tokensPerSecond / s.gpus);
    const std::string limited = c.labels[slow] + " is limited by " + scopeWords(s.bottleneck.scope) + ": " + firstSentence(s.bottleneck.explanation);
    const std::string gpus = "it has " + ratio(g) + " the GPUs (" + std::to_string(f.gpus) + " against " + std::to_string(s.gpus) + ")";
    if (g > 1.05 && p > 1.05) return gpus + " and each does " + ratio(p) + " the work (" + limited + ")";
    if (g > 1.05 && p < 0.95)
        return gpus + ", although each does only " + num(p, 2) + "x the work (" + c.labels[fast] + " is limited by " + scopeWords(f.bottleneck.scope) +
               ": " + firstSentence(f.bottleneck.explanation) + ")";
    if (g > 1.05) return gpus + " at about the same work per GPU";
    if (g < 0.95) return "each of its GPUs does " + ratio(p) + " the work, more than making up for " + num(1 / g, 1) + "x fewer GPUs (" + limited + ")";
    return "each GPU does " + ratio(p) + " the work (" + limited + ")";
}

std::string daysText(double seconds)
{
    const double days = seconds / 86400.0;
    if (seconds < 120) return num(seconds, seconds < 10 ? 1 : 0) + " seconds";
    if (seconds < 7200) return num(seconds / 60.0, 0) + " minutes";
    if (days < 2) return num(seconds / 3600.0, 1) + " hours";
    return whole(days) + " days";
}

void speedSentences(const Comparison& c, const std::vector<const DesignResults*>& ds, std::vector<std::string>& out)
{
    std::optional<std::size_t> fastest;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        if (!ds[i]->cost || !ds[i]->cost->run.available || !ds[i]->analysis) continue;
        if (!fastest || ds[i]->cost->run.seconds < ds[*fastest]->cost->run.seconds) fastest = i;
    }
    if (!fastest) {
        std::string why;
        for (std::size_t i = 0; i < ds.size(); ++i) {
            const auto& k = ds[i]->cost;
            const std::string reason = k ? k->run.whyNot : !ds[i]->analysis ? ds[i]->analysisError : ds[i]->costError;
            why += (why.empty() ? "" : "; ") + c.labels[i] + ": " + (reason.empty() ? "no training step" : reason);
        }
        out.push_back("No design can run the training workload, so run times are not compared (" + why + ").");
        return;
    }
    const auto& fr = ds[*fastest]->cost->run;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        if (i == *fastest) continue;
        const auto& k = ds[i]->cost;
        if (!k || !k->run.available || !ds[i]->analysis) {
            out.push_back(c.labels[i] + " cannot run the workload: " +
                          (k ? k->run.whyNot : !ds[i]->analysis ? ds[i]->analysisError : "its cost could not be computed: " + ds[i]->costError) + ".");
            continue;
        }
        if (k->run.workload != fr.workload || k->run.tokens != fr.tokens) {
            // Different runs: their times say nothing about the designs against each other.
            out.push_back(capitalize(how(c, *fastest, *ds[*fastest]->cost, false)) + " trains its own " + fr.workload + " run of " +
                          tokenWords(fr.tokens) + " tokens in " + daysText(fr.seconds) + " and " + how(c, i, *k, false) +
                          " its own " + k->run.workload + " run of " + tokenWords(k->run.tokens) + " tokens in " +
                          daysText(k->run.seconds) +
                          ": different workloads, so these times do not compare the designs; compare them on one workload "
                          "(compare --workload NAME, or the same model in both designs' analysis settings).");
            continue;
        }
        const double speedup = k->run.seconds / fr.seconds;
        if (speedup < 1.05) {
            out.push_back(c.labels[*fastest] + " and " + c.labels[i] + " train the run in about the same time (" + daysText(fr.seconds) + ").");
            continue;
        }
        out.push_back(capitalize(how(c, *fastest, *ds[*fastest]->cost, false)) + " trains the " + fr.workload + " run of " +
                      tokenWords(fr.tokens) + " tokens " + ratio(speedup) + " faster than " + how(c, i, *k, false) + " (" +
                      daysText(fr.seconds) + " against " + daysText(k->run.seconds) + ") because " + because(c, *fastest, i, ds) + ".");
    }
}

void runCostSentence(const Comparison& c, const std::vector<const DesignResults*>& ds, std::vector<std::string>& out)
{
    std::string s;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const auto& k = ds[i]->cost;
        if (!k || !k->run.available) continue;
        const auto usd = k->rentedDesign ? k->run.rentUsd : k->run.buildUsd;
        if (!usd) continue;
        const bool lower = k->rentedDesign ? !k->rent.complete() : (!k->build.complete() || !k->build.powerUnknown().empty());
        s += std::string(s.empty() ? "The run costs " : ", ") + cost::formatUsd(*usd) + (lower ? " or more" : "") + " " + how(c, i, *k, false);
    }
    if (!s.empty()) out.push_back(s + ".");
}

} // namespace

std::vector<std::string> verdictOf(const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    std::vector<std::string> out;
    for (const auto& x : c.breakEvens) out.push_back(breakEvenSentence(c, x, ds));
    if (c.breakEvens.empty()) out.push_back(cheapestSentence(c, ds));
    speedSentences(c, ds, out);
    runCostSentence(c, ds, out);
    return out;
}

} // namespace model::compare
