#include "model/design/node_lookup.hpp"

namespace model {

Id firstNode(const Design& design, const std::function<bool(const Node&)>& match)
{
    for (const auto& [id, n] : design.nodes())
        if (match(n)) return id;
    return 0;
}

Id nodeNamed(const Design& design, std::string_view name)
{
    return firstNode(design, [&](const Node& n) { return n.name == name; });
}

} // namespace model
