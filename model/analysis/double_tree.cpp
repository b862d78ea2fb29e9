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
    std::vector<int> edges(inside.size(), 0);
    int crossing = 0;
    for (int t = 0; t < 2; ++t) {
        const std::vector<int> parent = doubleTreeParents(k, t);
        for (std::size_t r = 0; r < parent.size(); ++r) {
            const int p = parent[r];
            if (p < 0) continue;
            ++edges[r];
            ++edges[static_cast<std::size_t>(p)];
            if ((inside[r] != 0) != (inside[static_cast<std::size_t>(p)] != 0)) ++crossing;
        }
    }
    const int busiest = *std::max_element(edges.begin(), edges.end());
    return busiest > 0 ? static_cast<double>(crossing) / busiest : 0.0;
}

} // namespace model::analysis
