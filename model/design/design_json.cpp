// JSON form of a design (format "cluster-designer-design", version 1) and atomic file I/O.
#include "model/design/design.hpp"
#include "model/catalog/data_dirs.hpp"

#include "model/cost/cost_settings.hpp"
#include "model/io/atomic_file.hpp"
#include "model/io/json_fields.hpp"

#include <limits>
#include <stdexcept>

namespace model {

using nlohmann::json;
using io::JsonContext;

json toJson(const Node& n)
{
    json j = {{"id", n.id}, {"kind", toString(n.kind)}, {"model", n.model}, {"name", n.name},
              {"x", n.position.x}, {"y", n.position.y}};
    if (!n.group.empty()) j["group"] = n.group;
    if (!n.rack.empty()) j["rack"] = n.rack;
    if (n.kind == NodeKind::Switch) {
        j["tier"] = toString(n.tier);
        if (!n.pfcEcn) j["pfc_ecn"] = false;
    } else {
        if (!n.nicModel.empty()) j["nic_model"] = n.nicModel;
        if (n.nicCount) j["nic_count"] = *n.nicCount;
    }
    return j;
}

json toJson(const Link& l)
{
    json j = {{"id", l.id},
              {"a", {{"node", l.a.node}, {"port", l.a.port}}},
              {"b", {{"node", l.b.node}, {"port", l.b.port}}},
              {"medium", toString(l.medium)},
              {"lane_speed_Gbps", l.laneSpeed.inGbps()},
              {"lanes", l.lanes}};
    if (l.count != 1) j["count"] = l.count;
    return j;
}

json toJson(const Design& d)
{
    json nodes = json::array();
    for (const auto& [id, n] : d.nodes()) nodes.push_back(toJson(n));
    json links = json::array();
    for (const auto& [id, l] : d.links()) links.push_back(toJson(l));
    return {{"format", Design::kFormat}, {"version", Design::kVersion}, {"name", d.name},
            {"nodes", std::move(nodes)},  {"links", std::move(links)},  {"analysis", d.analysis}};
}

namespace {
Id requireId(const json& j, const char* field, const JsonContext& c)
{
    return static_cast<Id>(io::requireInt(j, field, c, 1, (1LL << 53)));
}

Endpoint endpointFromJson(const json& j, const char* field, const JsonContext& c)
{
    auto it = j.find(field);
    if (it == j.end() || !it->is_object())
        throw InputError(c.file, c.entry, field, "expected an object {\"node\": ID, \"port\": N}");
    JsonContext sub{c.file, c.entry + "." + field};
    Endpoint e;
    e.node = requireId(*it, "node", sub);
    e.port = static_cast<int>(io::optionalInt(*it, "port", sub, -1, 1 << 20, -1));
    return e;
}
/// `a` without the numbers the engine reads with a range of its own (analysis::
/// trainingConfigFromJson: tp, pp, dp, micro_batch, ... and a custom model's layers, hidden,
/// params, ...). Those are refused when the design is analysed, with the field's own range
/// ("params: expected a number from 0 to 1e+15, got 1e+20"); the generic bound below would
/// speak first with a range the field does not have ("from -1e+15 to 1e+15").
json withoutEngineNumbers(json a)
{
    for (const char* key : {"seq_len", "tp", "pp", "dp", "interleave", "micro_batch", "global_batch", "grad_accumulation",
                            "compute_efficiency"})
        a.erase(key);
    if (auto m = a.find("model"); m != a.end() && m->is_object())
        for (const char* key : {"layers", "hidden", "heads", "kv_heads", "ffn", "seq_len", "vocab", "params"}) m->erase(key);
    return a;
}

/// Checks the type of each analysis entry the model reads outside the engine's own settings
/// (those are checked by trainingConfigFromJson when analysed): a generator block with a
/// string kind, a rental object, a boolean sharp, the cost block (cost::checkCostBlock). A
/// number where the kind belongs once made `bom` die on nlohmann's type_error (issue 13).
void checkAnalysisBlock(const json& a, const std::string& file)
{
    if (auto g = a.find("generator"); g != a.end() && !g->is_null()) {
        if (!g->is_object())
            throw InputError(file, "analysis", "generator", "expected an object such as {\"kind\": \"fat-tree\"}, got " + io::describe(*g));
        (void)io::optionalString(*g, "kind", {file, "analysis.generator"});
    }
    if (auto r = a.find("rental"); r != a.end() && !r->is_null() && !r->is_object())
        throw InputError(file, "analysis", "rental", "expected an object with the provider and price, got " + io::describe(*r));
    (void)io::optionalBool(a, "sharp", {file, "analysis"}, false);
    // The cost block first, so its prices, power figures and rent are refused with the cost
    // block's own message (the one bom and report gave), not the generic range below.
    cost::checkCostBlock(a, file);
    io::checkMagnitudes(withoutEngineNumbers(a), {file, "analysis"}, "");
}
} // namespace

Node nodeFromJson(const json& j, const std::string& file, const std::string& entry)
{
    if (!j.is_object()) throw InputError(file, entry, "", "expected an object, got " + io::describe(j));
    const JsonContext c{file, entry};
    Node n;
    n.id = requireId(j, "id", c);
    n.kind = io::requireEnum(j, "kind", c, {"server", "switch"}) == "server" ? NodeKind::Server : NodeKind::Switch;
    n.model = io::requireString(j, "model", c);
    n.name = io::optionalString(j, "name", c);
    n.position.x = io::optionalNumber(j, "x", c, -kMaxCoordinate, kMaxCoordinate).value_or(0.0);
    n.position.y = io::optionalNumber(j, "y", c, -kMaxCoordinate, kMaxCoordinate).value_or(0.0);
    n.group = io::optionalString(j, "group", c);
    n.rack = io::optionalString(j, "rack", c);
    if (n.kind == NodeKind::Switch) {
        const std::string t = io::optionalEnum(j, "tier", c, {"none", "leaf", "spine", "core"}, "none");
        n.tier = t == "leaf" ? SwitchTier::Leaf : t == "spine" ? SwitchTier::Spine : t == "core" ? SwitchTier::Core : SwitchTier::None;
        n.pfcEcn = io::optionalBool(j, "pfc_ecn", c, true);
    } else {
        n.nicModel = io::optionalString(j, "nic_model", c);
        if (j.contains("nic_count") && !j["nic_count"].is_null())
            n.nicCount = static_cast<int>(io::requireInt(j, "nic_count", c, 0, 1024));
    }
    return n;
}

Link linkFromJson(const json& j, const std::string& file, const std::string& entry)
{
    if (!j.is_object()) throw InputError(file, entry, "", "expected an object, got " + io::describe(j));
    const JsonContext c{file, entry};
    Link l;
    l.id = requireId(j, "id", c);
    l.a = endpointFromJson(j, "a", c);
    l.b = endpointFromJson(j, "b", c);
    const std::string m = io::requireEnum(j, "medium", c, {"infiniband", "ethernet", "nvlink", "pcie"});
    l.medium = m == "infiniband" ? LinkMedium::InfiniBand : m == "ethernet" ? LinkMedium::Ethernet
             : m == "nvlink" ? LinkMedium::NVLink : LinkMedium::PCIe;
    // The fastest ports sold run 1.6 Tb/s (network.csv: ConnectX-8, Quantum-X800); a lane above
    // 10 Tb/s is a typo, and would print as "infG" transceivers and meaningless times.
    // A number too large gets its own words; anything else (text, a negative number) the range.
    if (const auto it = j.find("lane_speed_Gbps"); it != j.end() && it->is_number() && it->get<double>() > kMaxLaneGbps)
        throw InputError(c.file, c.entry, "lane_speed_Gbps",
                         "expected at most " + std::to_string(static_cast<int>(kMaxLaneGbps)) + " Gb/s per lane, got " + io::describe(*it));
    const double laneGbps = io::requireNumber(j, "lane_speed_Gbps", c, 0.001, kMaxLaneGbps);
    l.laneSpeed = Bandwidth::Gbps(laneGbps);
    l.lanes = static_cast<int>(io::optionalInt(j, "lanes", c, 1, 1024, 1));
    l.count = static_cast<int>(io::optionalInt(j, "count", c, 1, 1 << 20, 1));
    return l;
}

Design designFromJson(const json& doc, const std::string& file)
{
    if (!doc.is_object()) throw InputError(file, "", "", "expected a JSON object at the top level");
    const JsonContext top{file, ""};
    const std::string format = io::requireString(doc, "format", top);
    if (format != Design::kFormat)
        throw InputError(file, "", "format", std::string("expected \"") + Design::kFormat + "\", got \"" + format + "\"");
    // A file from a newer Cluster Designer says so, rather than "expected an integer from 1 to 1".
    if (const auto v = doc.find("version"); v != doc.end() && v->is_number_integer() && v->get<long long>() > Design::kVersion)
        throw InputError(file, "", "version",
                         "this file was saved by a newer Cluster Designer (design format version " + std::to_string(v->get<long long>()) +
                             "; this one reads " + (Design::kVersion == 1 ? std::string("version 1") : "versions 1 to " + std::to_string(Design::kVersion)) +
                             "): open it with that version or a later one");
    (void)io::requireInt(doc, "version", top, 1, Design::kVersion);

    Design d;
    d.name = io::optionalString(doc, "name", top, "Untitled design");
    if (auto a = doc.find("analysis"); a != doc.end() && !a->is_null()) {
        if (!a->is_object()) throw InputError(file, "", "analysis", "expected an object, got " + io::describe(*a));
        checkAnalysisBlock(*a, file);
        d.analysis = *a;
    }
    for (const char* section : {"nodes", "links"}) {
        auto it = doc.find(section);
        if (it == doc.end()) throw InputError(file, "", section, "missing; expected an array");
        if (!it->is_array()) throw InputError(file, "", section, "expected an array, got " + io::describe(*it));
    }
    const json& nodes = doc["nodes"];
    const json& links = doc["links"];
    if (nodes.size() > kMaxDesignNodes)
        throw InputError(file, "", "nodes", "holds " + std::to_string(nodes.size()) + " nodes; a design may hold at most " +
                                                std::to_string(kMaxDesignNodes));
    if (links.size() > kMaxDesignLinks)
        throw InputError(file, "", "links", "holds " + std::to_string(links.size()) + " links; a design may hold at most " +
                                                std::to_string(kMaxDesignLinks));
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const std::string entry = "nodes[" + std::to_string(i) + "]";
        Node n = nodeFromJson(nodes[i], file, entry);
        try {
            d.addNode(std::move(n));
        } catch (const std::invalid_argument& e) {
            throw InputError(file, entry, "id", std::string("expected a unique id: ") + e.what());
        }
    }
    for (std::size_t i = 0; i < links.size(); ++i) {
        const std::string entry = "links[" + std::to_string(i) + "]";
        Link l = linkFromJson(links[i], file, entry);
        if (!d.node(l.a.node))
            throw InputError(file, entry, "a.node", "expected the id of a node in \"nodes\", got " + std::to_string(l.a.node));
        if (!d.node(l.b.node))
            throw InputError(file, entry, "b.node", "expected the id of a node in \"nodes\", got " + std::to_string(l.b.node));
        if (l.a.node == l.b.node)
            throw InputError(file, entry, "b.node", "expected a node other than a.node: a link cannot join a node to itself");
        if (d.node(l.id) || d.link(l.id))
            throw InputError(file, entry, "id", "expected a unique id: " + std::to_string(l.id) + " is already used");
        try {
            d.addLink(std::move(l));
        } catch (const std::invalid_argument& e) {
            throw InputError(file, entry, "", e.what());
        }
    }
    return d;
}

Design loadDesign(const std::string& path)
{
    return designFromJson(io::readJsonFile(path, kMaxDesignFileBytes), path);
}

void saveDesign(const Design& d, const std::string& path)
{
    if (const std::string why = bundledDataWriteProblem(path); !why.empty()) throw std::runtime_error(why);
    io::writeFileAtomically(path, toJson(d).dump(1) + '\n');
}

} // namespace model
