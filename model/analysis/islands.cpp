// Islands of a design in words (islands.hpp).
#include "model/analysis/islands.hpp"

#include <algorithm>
#include <numeric>

namespace model::analysis {

namespace {
std::string plural(int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

std::string islandWords(const Island& i) { return plural(i.gpus, "GPU", "GPUs") + " (" + plural(i.servers, "server", "servers") + ")"; }

/// Most islands named one by one; the rest are summed ("and 94 more islands, 376 GPUs").
constexpr std::size_t kIslandsNamed = 6;
} // namespace

std::vector<Island> largestFirst(std::vector<Island> islands)
{
    std::stable_sort(islands.begin(), islands.end(), [](const Island& a, const Island& b) {
        return a.gpus != b.gpus ? a.gpus > b.gpus : a.servers > b.servers;
    });
    return islands;
}

std::string islandGpuList(const std::vector<Island>& islands)
{
    std::string out;
    const std::size_t named = std::min(islands.size(), kIslandsNamed);
    for (std::size_t i = 0; i < named; ++i) out += (i ? " + " : "") + std::to_string(islands[i].gpus);
    if (named < islands.size()) out += " + " + std::to_string(islands.size() - named) + " more";
    return out;
}

std::string splitDesignNote(const std::vector<Island>& islands)
{
    if (islands.size() < 2) return {};
    const std::vector<Island> sorted = largestFirst(islands);
    const int total = std::accumulate(sorted.begin(), sorted.end(), 0, [](int s, const Island& i) { return s + i.gpus; });
    const int largest = sorted.front().gpus;
    std::string list;
    const std::size_t named = std::min(sorted.size(), kIslandsNamed);
    for (std::size_t i = 0; i < named; ++i) {
        if (i > 0) list += (i + 1 == sorted.size()) ? " and " : ", ";
        list += islandWords(sorted[i]);
    }
    if (named < sorted.size()) {
        int restGpus = 0, restServers = 0;
        for (std::size_t i = named; i < sorted.size(); ++i) {
            restGpus += sorted[i].gpus;
            restServers += sorted[i].servers;
        }
        list += " and " + plural(static_cast<int>(sorted.size() - named), "more island", "more islands") + " of " +
                plural(restGpus, "GPU", "GPUs") + " (" + plural(restServers, "server", "servers") + ") in all";
    }
    return "the design is split into " + std::to_string(sorted.size()) + " islands that cannot reach each other: " + list +
           "; one job reaches at most " + std::to_string(largest) + " of the " + std::to_string(total) +
           " GPUs, so multi-node figures and the scaling curve stop at " + plural(largest, "GPU", "GPUs");
}

} // namespace model::analysis
