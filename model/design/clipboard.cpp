#include "model/design/clipboard.hpp"

#include "model/io/input_error.hpp"
#include "model/io/json_fields.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_set>

namespace model {

nlohmann::json copySelection(const Design& d, const std::vector<Id>& nodeIds, const std::vector<Id>& linkIds)
{
    std::set<Id> nodes;
    for (Id id : nodeIds)
        if (d.node(id)) nodes.insert(id);
    std::set<Id> links;
    for (Id id : nodes)
        for (const Link* l : d.linksOf(id))
            if (nodes.count(l->a.node) && nodes.count(l->b.node)) links.insert(l->id);
    for (Id id : linkIds)
        if (const Link* l = d.link(id); l && nodes.count(l->a.node) && nodes.count(l->b.node)) links.insert(id);
    nlohmann::json out = {{"format", kSelectionFormat}, {"version", 1}, {"nodes", nlohmann::json::array()},
                          {"links", nlohmann::json::array()}};
    for (Id id : nodes) out["nodes"].push_back(toJson(*d.node(id)));
    for (Id id : links) out["links"].push_back(toJson(*d.link(id)));
    return out;
}

std::string uniqueName(const std::string& name, const std::unordered_set<std::string>& used)
{
    if (!used.count(name)) return name;
    // Split "dgx-07" into stem "dgx-" and number 7 of width 2.
    std::size_t digits = name.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
    if (digits < name.size() && name.size() - digits <= 9) {
        const std::string stem = name.substr(0, digits);
        const std::size_t width = name.size() - digits;
        for (long long n = std::stoll(name.substr(digits)) + 1;; ++n) {
            std::string num = std::to_string(n);
            if (num.size() < width) num.insert(0, width - num.size(), '0');
            if (!used.count(stem + num)) return stem + num;
        }
    }
    for (int n = 2;; ++n)
        if (!used.count(name + " " + std::to_string(n))) return name + " " + std::to_string(n);
}

namespace {
/// Renames every value of `field` (group or rack) that `d` already uses, once per value.
void renameClashing(std::vector<Node>& nodes, const Design& d, std::string Node::*field)
{
    std::unordered_set<std::string> taken;
    for (const auto& [id, n] : d.nodes())
        if (!(n.*field).empty()) taken.insert(n.*field);
    const std::unordered_set<std::string> existing = taken;
    std::map<std::string, std::string> renamed;
    for (Node& n : nodes) {
        const std::string& v = n.*field;
        if (v.empty() || !existing.count(v)) continue;
        auto it = renamed.find(v);
        if (it == renamed.end()) {
            const std::string fresh = uniqueName(v, taken);
            taken.insert(fresh);
            it = renamed.emplace(v, fresh).first;
        }
        n.*field = it->second;
    }
}
} // namespace

PastePlan planPaste(const Design& d, const nlohmann::json& selection, Point offset)
{
    const std::string file = "<clipboard>";
    if (!selection.is_object()) throw InputError(file, "", "", "expected a copied selection (a JSON object)");
    const io::JsonContext top{file, ""};
    if (io::requireString(selection, "format", top) != kSelectionFormat)
        throw InputError(file, "", "format", std::string("expected \"") + kSelectionFormat + "\"");
    for (const char* section : {"nodes", "links"})
        if (!selection.contains(section) || !selection[section].is_array())
            throw InputError(file, "", section, "expected an array");

    PastePlan plan;
    std::map<Id, Id> idMap;
    Id next = d.peekNextId();
    std::unordered_set<std::string> names;
    for (const auto& [id, n] : d.nodes()) names.insert(n.name);
    const auto& nodes = selection["nodes"];
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        Node n = nodeFromJson(nodes[i], file, "nodes[" + std::to_string(i) + "]");
        if (idMap.count(n.id)) throw InputError(file, "nodes[" + std::to_string(i) + "]", "id", "expected a unique id");
        idMap[n.id] = next;
        n.id = next++;
        n.position = {n.position.x + offset.x, n.position.y + offset.y};
        n.name = uniqueName(n.name, names);
        names.insert(n.name);
        plan.nodes.push_back(std::move(n));
    }
    renameClashing(plan.nodes, d, &Node::group);
    renameClashing(plan.nodes, d, &Node::rack);
    const auto& links = selection["links"];
    for (std::size_t i = 0; i < links.size(); ++i) {
        const std::string entry = "links[" + std::to_string(i) + "]";
        Link l = linkFromJson(links[i], file, entry);
        const auto a = idMap.find(l.a.node), b = idMap.find(l.b.node);
        if (a == idMap.end()) throw InputError(file, entry, "a.node", "expected a node of the selection");
        if (b == idMap.end()) throw InputError(file, entry, "b.node", "expected a node of the selection");
        if (a->second == b->second) throw InputError(file, entry, "b.node", "expected a node other than a.node");
        l.a.node = a->second;
        l.b.node = b->second;
        l.id = next++;
        plan.links.push_back(std::move(l));
    }
    return plan;
}

} // namespace model
