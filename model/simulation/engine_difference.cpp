#include "model/simulation/engine_difference.hpp"

namespace model {

std::optional<double> busbwDifference(const SimulationResult& r) noexcept
{
    if (!r.analytical) return std::nullopt;
    const double a = r.analytical->busbw.inGBps();
    if (!(a > 0)) return std::nullopt;
    return (r.collective.busbw.inGBps() - a) / a;
}

} // namespace model
