// NCCL's double binary tree and its leaf crossings (double_tree.hpp).
#include "model/analysis/double_tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace model::analysis {

namespace {

/// Tree 0 over positions 0..k-1 (see doubleTreeParents).
std::vector<int> inOrderTree(int k)
{
    std::vector<int> parent(static_cast<std::size_t>(k), -1);
    for (int r = 1; r < k; ++r) {
        const int low = r & -r;
        int p = (r & (low << 1)) ? r - low : r + low;
        if (p >= k) p = r - low;
        parent[static_cast<std::size_t>(r)] = p;
    }
    return parent;
}

} // namespace

std::vector<int> doubleTreeParents(int k, int tree)
{
    if (k < 1) throw std::invalid_argument("a tree needs at least one position, got " + std::to_string(k));
    if (tree != 0 && tree != 1) throw std::invalid_argument("NCCL's double tree has trees 0 and 1, not " + std::to_string(tree));
    const std::vector<int> base = inOrderTree(k);
    if (tree == 0) return base;
    // Position of node r in the base tree, and back: NCCL shifts the tree by one position when
    // the count is odd and mirrors it when it is even (trees.cc ncclGetDtree, v2.30.7). The
    // mirror of an odd count keeps its middle node in place, interior in both trees with 1.5x
    // the NIC traffic of the others (5 servers: 384 MiB per rail where NCCL's trees move 256).
    auto role = [k](int r) { return k % 2 == 1 ? (r - 1 + k) % k : k - 1 - r; };
    auto node = [k](int q) { return k % 2 == 1 ? (q + 1) % k : k - 1 - q; };
    std::vector<int> parent(static_cast<std::size_t>(k), -1);
    for (int r = 0; r < k; ++r) {
        const int p = base[static_cast<std::size_t>(role(r))];
        parent[static_cast<std::size_t>(r)] = p < 0 ? -1 : node(p);
    }
    return parent;
}

double doubleTreeCrossingShare(const std::vector<char>& inside)
{
    const int k = static_cast<int>(inside.size());
    if (k < 2) return 0.0;
    int crossing = 0;
    for (int t = 0; t < 2; ++t) {
        const std::vector<int> parent = doubleTreeParents(k, t);
        for (std::size_t r = 0; r < parent.size(); ++r) {
            const int p = parent[r];
            if (p >= 0 && (inside[r] != 0) != (inside[static_cast<std::size_t>(p)] != 0)) ++crossing;
        }
    }
    const int busiest = doubleTreeMostEdges(k);
    return busiest > 0 ? static_cast<double>(crossing) / busiest : 0.0;
}

int doubleTreeMostEdges(int k)
{
    if (k < 1) throw std::invalid_argument("a tree needs at least one position, got " + std::to_string(k));
    std::vector<int> edges(static_cast<std::size_t>(k), 0);
    for (int t = 0; t < 2; ++t) {
        const std::vector<int> parent = doubleTreeParents(k, t);
        for (std::size_t r = 0; r < parent.size(); ++r)
            if (parent[r] >= 0) {
                ++edges[r];
                ++edges[static_cast<std::size_t>(parent[r])];
            }
    }
    return *std::max_element(edges.begin(), edges.end());
}

double treeHostLinkLoad(int ranksPerNode, int lanes, int mostEdges) noexcept
{
    const int g = ranksPerNode;
    const int h = std::min(lanes, g);
    if (g < 1 || h < 1) return 0.0;
    std::vector<int> headOf(static_cast<std::size_t>(h));
    for (int l = 0; l < h; ++l) headOf[static_cast<std::size_t>(l)] = (l * g + h - 1) / h; // ceil(l g / h)
    double busiest = 0;
    for (int i = 0; i < g; ++i) {
        double copies = 0; // chunk copies rank i sends over all lanes (each lane 1 / h of the message)
        bool head = false;
        for (int l = 0; l < h; ++l) {
            const int first = headOf[static_cast<std::size_t>(l)], last = (first + g - 1) % g;
            if (g > 1) copies += (i == first || i == last) ? 1.0 : 2.0;
            head = head || i == first;
        }
        const double load = copies / h + (head ? mostEdges / (2.0 * h) : 0.0);
        busiest = std::max(busiest, load);
    }
    return busiest;
}

} // namespace model::analysis
