// The verdict of a comparison in words (comparison.hpp verdictOf): what costs less and until
// when, which design trains the run faster and why, and what each run costs.
#include "model/compare/comparison.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace model::compare {

namespace {

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

std::string ratio(double r) { return fixedDecimals(r, r < 10 ? 1 : 0) + "x"; }

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
    // With different GPU counts the comparison is per GPU (cost per GPU-month), which the
    // sentence says first: in total money a smaller rented cluster may cost less forever.
    const bool perGpuOnly = b.gpus != r.gpus;
    const std::string lead = perGpuOnly ? "Per GPU, " + rent : capitalize(rent);
    const std::string perGpu = perGpuOnly ? " (" + c.labels[x.build] + " has " + formatCount(b.gpus) + " GPUs, " + c.labels[x.rent] + " " +
                                                formatCount(r.gpus) + ".)"
                                          : "";
    if (!x.breakEven.months) {
        if (x.breakEven.text.rfind("never", 0) == 0)
            return lead + " costs less than " + build + " at any horizon: its rent per GPU is no more than the cost of running " +
                   c.labels[x.build] + " once built." + perGpu;
        return "Renting " + c.labels[x.rent] + " against building " + c.labels[x.build] + ": " + x.breakEven.text + ".";
    }
    const int month = *x.breakEven.month();
    std::string s = lead + " costs less than " + build + " until month " + std::to_string(month) +
                    missingNote(b, c.labels[x.build]) + "; after that " + build + " costs less.";
    const double lifeMonths = 12.0 * b.assumptions.amortisationYears;
    if (month > lifeMonths)
        s += " That is beyond " + c.labels[x.build] + "'s " + fixedDecimals(b.assumptions.amortisationYears, 0) + "-year amortisation, so over the hardware's life renting costs less.";
    return s + perGpu;
}

/// What design `k` costs per delivered GPU-hour as it is paid for (the rent as offered for a
/// rented design, the build cost for a built one); nullopt when that is unknown.
std::optional<double> paidPerGpuHour(const cost::CostResult& k)
{
    if (k.rentedDesign ? !k.rent.any() : !k.build.anyPriced()) return std::nullopt;
    return k.primaryUsdPerGpuHour();
}

/// The paid figure leaves something out: a GPU without a rent price, or a part without a
/// price or power figure.
bool paidLowerBound(const cost::CostResult& k) { return k.rentedDesign ? !k.rent.complete() : k.build.monthlyLowerBound(); }

/// "US$ 1.50 per GPU-hour" (" or more" when a lower bound).
std::string paidText(const cost::CostResult& k)
{
    return cost::formatUsd(*paidPerGpuHour(k)) + " per GPU-hour" + (paidLowerBound(k) ? " or more" : "");
}

/// Designs `which` compared on what each costs as paid, per delivered GPU-hour: the cheapest,
/// or a tie when the cheapest figures are equal to the cent. `prefix` opens the sentence.
std::string asPaidSentence(const Comparison& c, const std::vector<const DesignResults*>& ds, const std::vector<std::size_t>& which,
                           const std::string& prefix)
{
    // A design without any cost is missing for its own reason (a refused setting, no bill of
    // materials), not for want of prices: say so instead of blaming prices.
    std::string errors;
    std::vector<std::size_t> known, unknown;
    for (std::size_t i : which) {
        if (!ds[i]->cost) errors += (errors.empty() ? "" : "; ") + c.labels[i] + ": " + (ds[i]->costError.empty() ? "no cost computed" : ds[i]->costError);
        else (paidPerGpuHour(*ds[i]->cost) ? known : unknown).push_back(i);
    }
    const auto cents = [&](std::size_t i) { return std::llround(*paidPerGpuHour(*ds[i]->cost) * 100.0); };
    std::string unpriced;
    for (std::size_t i : unknown)
        unpriced += (unpriced.empty() ? "" : ", ") + c.labels[i] + (ds[i]->cost->rentedDesign ? " (no rent price for its GPUs)" : " (no part has a price)");
    if (known.empty()) {
        if (!errors.empty() && unknown.empty()) return "Costs are not compared, because a cost could not be computed (" + errors + ").";
        bool allRented = true, allBuilt = true;
        for (std::size_t i : unknown) (ds[i]->cost->rentedDesign ? allBuilt : allRented) = false;
        return std::string(allBuilt    ? "No design has a priced part, so their costs cannot be compared; set prices in the designs (analysis.cost.prices)"
                           : allRented ? "No design has a rent price, so their costs cannot be compared; state one in each design's rental block"
                                       : "No design has a price (" + unpriced + "), so their costs cannot be compared") +
               (errors.empty() ? "." : "; no cost for " + errors + ".");
    }
    std::stable_sort(known.begin(), known.end(), [&](std::size_t a, std::size_t b) { return cents(a) < cents(b); });
    std::vector<std::size_t> best;
    for (std::size_t i : known)
        if (cents(i) == cents(known.front())) best.push_back(i);
    std::string s = prefix;
    if (known.size() == 1) {
        s += how(c, known[0], *ds[known[0]]->cost, false) + " is the only one with a known cost: " + paidText(*ds[known[0]]->cost);
    } else if (best.size() > 1) {
        for (std::size_t n = 0; n < best.size(); ++n)
            s += (n == 0 ? "" : n + 1 == best.size() ? " and " : ", ") + how(c, best[n], *ds[best[n]]->cost, false);
        s += " cost the same: " + paidText(*ds[best[0]]->cost) + " each";
        // Equal to the cent but a lower bound on one side: the tie is on the known figures.
        for (std::size_t i : best)
            if (paidLowerBound(*ds[i]->cost) != paidLowerBound(*ds[best[0]]->cost)) {
                s += " (" + c.labels[i] + "'s figure is a lower bound)";
                break;
            }
    } else {
        s += how(c, best[0], *ds[best[0]]->cost, false) + " costs least: " + paidText(*ds[best[0]]->cost);
    }
    for (std::size_t i : known)
        if (std::find(best.begin(), best.end(), i) == best.end())
            s += ", against " + paidText(*ds[i]->cost) + " " + how(c, i, *ds[i]->cost, false);
    bool lowerBuilt = false, lowerRented = false;
    for (std::size_t i : known) (ds[i]->cost->rentedDesign ? lowerRented : lowerBuilt) |= paidLowerBound(*ds[i]->cost);
    if (lowerBuilt || lowerRented)
        s += std::string(" (a figure \"or more\" leaves out ") + (lowerBuilt ? "parts without a price or power figure" : "") +
             (lowerBuilt && lowerRented ? ", and " : "") + (lowerRented ? "GPUs without a rent price" : "") + ")";
    if (!unpriced.empty()) s += "; no price for " + unpriced;
    return s + (errors.empty() ? "." : "; no cost for " + errors + ".");
}

/// Every design compared on what it costs as paid, when none is compared by a break-even
/// (all built or all rented); where some are rented and some built, the break-evens compare
/// those, and this compares the rented designs among themselves and the built ones.
void costSentences(const Comparison& c, const std::vector<const DesignResults*>& ds, std::vector<std::string>& out)
{
    const std::string perHour = "Per delivered GPU-hour, ";
    if (c.breakEvens.empty()) {
        std::vector<std::size_t> all(ds.size());
        for (std::size_t i = 0; i < ds.size(); ++i) all[i] = i;
        out.push_back(asPaidSentence(c, ds, all, perHour));
        return;
    }
    for (const bool rented : {true, false}) {
        std::vector<std::size_t> group;
        for (std::size_t i = 0; i < ds.size(); ++i)
            if (ds[i]->cost && ds[i]->cost->rentedDesign == rented) group.push_back(i);
        if (group.size() >= 2)
            out.push_back(asPaidSentence(c, ds, group, std::string("Of the ") + (rented ? "rented" : "built") + " designs, per delivered GPU-hour, "));
    }
}

/// Why `fast` trains faster than `slow`: more GPUs, more work per GPU, or both.
std::string because(const Comparison& c, std::size_t fast, std::size_t slow, const std::vector<const DesignResults*>& ds)
{
    const auto& f = *ds[fast]->analysis;
    const auto& s = *ds[slow]->analysis;
    const double g = static_cast<double>(f.gpus) / s.gpus;
    const double p = (f.step.tokensPerSecond / f.gpus) / (s.step.tokensPerSecond / s.gpus);
    const std::string limited = c.labels[slow] + " is limited by " + scopeWords(s.bottleneck.scope) + ": " + firstSentence(s.bottleneck.explanation);
    const std::string gpus = "it has " + ratio(g) + " the GPUs (" + formatCount(f.gpus) + " against " + formatCount(s.gpus) + ")";
    if (g > 1.05 && p > 1.05) return gpus + " and each does " + ratio(p) + " the work (" + limited + ")";
    if (g > 1.05 && p < 0.95)
        return gpus + ", although each does only " + fixedDecimals(p, 2) + "x the work (" + c.labels[fast] + " is limited by " + scopeWords(f.bottleneck.scope) +
               ": " + firstSentence(f.bottleneck.explanation) + ")";
    if (g > 1.05) return gpus + " at about the same work per GPU";
    if (g < 0.95) return "each of its GPUs does " + ratio(p) + " the work, more than making up for " + fixedDecimals(1 / g, 1) + "x fewer GPUs (" + limited + ")";
    return "each GPU does " + ratio(p) + " the work (" + limited + ")";
}

std::string daysText(double seconds)
{
    const double days = seconds / 86400.0;
    if (seconds < 120) return fixedDecimals(seconds, seconds < 10 ? 1 : 0) + " seconds";
    if (seconds < 7200) return fixedDecimals(seconds / 60.0, 0) + " minutes";
    if (days < 2) return fixedDecimals(seconds / 3600.0, 1) + " hours";
    return formatFigure(days) + " days"; // as the table prints the run time: "69.6 days", "1,519 days"
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
    bool built = false;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const auto& k = ds[i]->cost;
        if (!k || !k->run.available) continue;
        const auto usd = k->rentedDesign ? k->run.rentUsd : k->run.buildUsd;
        if (!usd) continue;
        const bool lower = k->rentedDesign ? !k->rent.complete() : (!k->build.complete() || !k->build.powerUnknown().empty());
        built = built || !k->rentedDesign;
        s += std::string(s.empty() ? "The run costs " : ", ") + cost::formatUsd(*usd) + (lower ? " or more" : "") + " " + how(c, i, *k, false);
    }
    // A built design's run is its hours at the cost per delivered GPU-hour: the capital enters
    // amortised over those hours, not whole (helper-95 read it as left out).
    if (!s.empty()) out.push_back(s + (built ? " (a built design's capital counted as amortised over the run's GPU-hours)" : "") + ".");
}

} // namespace

std::vector<std::string> verdictOf(const Comparison& c, const std::vector<const DesignResults*>& ds)
{
    std::vector<std::string> out;
    for (const auto& x : c.breakEvens) out.push_back(breakEvenSentence(c, x, ds));
    costSentences(c, ds, out);
    speedSentences(c, ds, out);
    runCostSentence(c, ds, out);
    return out;
}

} // namespace model::compare
