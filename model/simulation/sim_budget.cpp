// The simulator's work estimate and its budget (simulation.hpp estimateSimulationWork,
// SimulationOptions::flowBudget): a request too large to simulate in reasonable time is refused
// before anything is built, with what to do instead.
#include "model/simulation/simulation.hpp"

#include "model/analysis/ecmp_imbalance.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>

namespace model {

namespace {

/// Flows of an all-to-all of `groups` groups of `n` ranks: n(n-1) x groups.
long long allToAllFlows(long long n, long long groups) { return n < 2 ? 0 : n * (n - 1) * std::max(1LL, groups); }

} // namespace

SimulationWork estimateSimulationWork(CollectiveOp op, Algorithm algorithm, int gpus, const SimulationOptions& options,
                                      int groups) noexcept
{
    SimulationWork w;
    w.budget = options.flowBudget;
    // Only the all-to-all schedules (direct, pairwise; auto = direct) hold n(n-1) transfers.
    if (op != CollectiveOp::AllToAll || gpus < 2) return w;
    if (algorithm != Algorithm::Auto && algorithm != Algorithm::Direct && algorithm != Algorithm::Pairwise) return w;
    const int g = std::max(1, groups);
    w.flows = allToAllFlows(gpus, g);
    w.patterns = algorithm == Algorithm::Pairwise ? gpus - 1 : analysis::allToAllBatches(gpus, g, options.maxConcurrentFlows);
    if (w.budget > 0) {
        // Largest n with n(n-1) g <= budget: n = floor((1 + sqrt(1 + 4 budget / g)) / 2), then
        // corrected by one either way for rounding.
        long long n = static_cast<long long>((1.0 + std::sqrt(1.0 + 4.0 * static_cast<double>(w.budget) / g)) / 2.0);
        while (n > 1 && allToAllFlows(n, g) > w.budget) --n;
        while (allToAllFlows(n + 1, g) <= w.budget) ++n;
        w.maxGpusWithinBudget = static_cast<int>(std::min<long long>(n, 1LL << 30));
    }
    return w;
}

std::string simulationBudgetMessage(const SimulationWork& work, CollectiveOp op, int gpus, const std::string& label)
{
    const std::string flows = formatCount(static_cast<double>(work.flows));
    std::string m = "too large to simulate: ";
    if (label.empty())
        m += std::string(toString(op)) + " over " + formatCount(gpus) + " GPUs is " + flows + " flows (one per ordered pair of ranks";
    else
        m += label + " are " + flows + " flows (the largest: " + toString(op) + " in groups of " + formatCount(gpus) +
             " ranks, one flow per ordered pair of ranks of a group";
    if (work.patterns > 1)
        m += ", " + formatCount(static_cast<double>(work.patterns)) + " patterns simulated one after another";
    m += "), above the simulator's budget of " + formatCount(static_cast<double>(work.budget)) +
         " flows (an engineering bound that keeps one run within about a minute and a few GB on two cores). "
         "Use the analytical engine instead (collective --engine analytical; the Collectives charts), which prices "
         "this exchange in milliseconds, or simulate fewer GPUs: at most " +
         formatCount(work.maxGpusWithinBudget) + (label.empty() ? " GPUs" : " ranks per group") +
         " fit the budget (--gpus on the command line, GPUs in the Simulation tab).";
    return m;
}

} // namespace model
