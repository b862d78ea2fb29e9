// Balls into bins for per-flow ECMP (ecmp_imbalance.hpp).
#include "model/analysis/ecmp_imbalance.hpp"

#include <algorithm>
#include <cmath>

namespace model::analysis {

double ecmpBusiestLinkFactor(double meanFlowsPerLink, double links) noexcept
{
    const double lambda = meanFlowsPerLink;
    if (!(lambda > 0) || !(links >= 2) || !std::isfinite(lambda) || !std::isfinite(links)) return 1.0;
    // Counts below k0 have Poisson probability under e^-50 (k0 is 10 standard deviations below
    // the mean): P(max > k) is 1 there to double precision for any realistic link count.
    const double sd = std::sqrt(lambda);
    const double k0 = std::max(0.0, std::floor(lambda - 10.0 * sd - 10.0));
    double pmf = std::exp(-lambda + k0 * std::log(lambda) - std::lgamma(k0 + 1.0));
    double cdf = 0;
    double expectedMax = k0; // sum over k < k0 of P(max > k) = 1 each
    for (double k = k0;; k += 1.0) {
        cdf = std::min(1.0, cdf + pmf);
        // P(max > k) = 1 - F(k)^links, F^links = exp(links ln(1 - tail)).
        const double tail = 1.0 - cdf;
        const double above = tail >= 1.0 ? 1.0 : -std::expm1(links * std::log1p(-tail));
        expectedMax += above;
        if (k > lambda && above < 1e-12) break;
        if (k > lambda + 60.0 * sd + 200.0) break; // cannot be reached with finite inputs; a guard
        pmf *= lambda / (k + 1.0);
    }
    return std::max(1.0, expectedMax / lambda);
}

int allToAllBatches(int n, int groups, int maxFlows) noexcept
{
    if (n < 2) return 1;
    const double flows = static_cast<double>(n) * (n - 1) * std::max(1, groups);
    const double limit = std::max(1, maxFlows);
    int batches = static_cast<int>(std::clamp(std::ceil(flows / limit), 1.0, static_cast<double>(n - 1)));
    // Batch b holds the offsets b+1, b+1+B, ...: with B even (16 for 1,004 ranks) the
    // offsets of a batch fall on half the residues mod 8 or fewer, so a rank of a batch sends
    // to a few rails only (a rank of the 8 + 4 last server to one rail's peers). An odd B
    // keeps every residue mod 2, 4 and 8, the GPUs of a server, so each batch reaches every
    // rail as the one concurrent exchange does.
    if (batches > 1 && batches < n - 1 && batches % 2 == 0) ++batches;
    return batches;
}

} // namespace model::analysis
