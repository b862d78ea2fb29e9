// Rule engine: runs the rule families, applies the design's waivers, orders findings.
#include "model/topology/rules.hpp"
#include "model/units/number_format.hpp"

#include "model/io/input_error.hpp"

#include <algorithm>
#include <map>
#include <cmath>
#include <sstream>

namespace model::topology {

const char* toString(Severity s) noexcept
{
    switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "?";
}

int RuleReport::count(Severity s) const noexcept
{
    return static_cast<int>(std::count_if(findings.begin(), findings.end(), [s](const Finding& f) { return f.severity == s; }));
}

namespace rules {

const NicSpec* nicOf(const Node& n, const Catalog& c) noexcept
{
    if (!n.nicModel.empty()) return c.nic(n.nicModel);
    const ServerSpec* s = c.server(n.model);
    return s ? c.nic(s->computeNicId) : nullptr;
}

int nicCountOf(const Node& n, const Catalog& c) noexcept
{
    if (n.nicCount) return *n.nicCount;
    const ServerSpec* s = c.server(n.model);
    return s ? s->computeNicCount : 0;
}

bool isNetwork(const Link& l) noexcept
{
    return l.medium == LinkMedium::InfiniBand || l.medium == LinkMedium::Ethernet;
}

bool hasNetworkLinks(const Design& d, Id node)
{
    for (const Link* l : d.linksAt(node))
        if (isNetwork(*l)) return true;
    return false;
}

std::string label(const Node& n)
{
    return n.name.empty() ? "node " + std::to_string(n.id) : n.name;
}

std::string num(double v)
{
    // From 1,000 whole, with separators, as every figure of the app ("3,200 Gb/s").
    if (std::fabs(v) >= 1000.0 && std::isfinite(v)) return formatFigure(v);
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

namespace {
void unknownModels(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        const bool known = n.kind == NodeKind::Server ? c.server(n.model) != nullptr : c.switchModel(n.model) != nullptr;
        if (known) continue;
        out.push_back({"unknown-model", Severity::Error, {id}, {},
                       label(n) + ": \"" + n.model + "\" is not a " + (n.kind == NodeKind::Server ? "server" : "switch") +
                           " in the catalog, so no rule can check it",
                       ""});
    }
}

void duplicateNames(const Design& d, std::vector<Finding>& out)
{
    std::map<std::string, std::vector<Id>> byName; // ids ascending within a name (nodes() is ordered)
    for (const auto& [id, n] : d.nodes()) {
        // "dgx-01 " is "dgx-01" to a reader: blanks at either end do not tell names apart.
        const auto first = n.name.find_first_not_of(" \t"), last = n.name.find_last_not_of(" \t");
        byName[first == std::string::npos ? std::string() : n.name.substr(first, last - first + 1)].push_back(id);
    }
    for (const auto& [name, ids] : byName) {
        if (ids.size() < 2) continue;
        std::string list;
        for (Id i : ids) list += (list.empty() ? "" : ", ") + std::to_string(i);
        out.push_back({"duplicate-name", Severity::Warning, ids, {},
                       std::to_string(ids.size()) + " nodes are named \"" + name + "\" (ids " + list +
                           "): every finding, report and export names nodes, so one about \"" + name + "\" could be either; rename all but one",
                       ""});
    }
}
} // namespace
} // namespace rules

namespace {
struct Waiver {
    std::string rule, reason;
    std::vector<Id> nodes;
};

std::vector<Waiver> readWaivers(const Design& d)
{
    std::vector<Waiver> out;
    const auto it = d.analysis.find("rule_waivers");
    if (it == d.analysis.end() || it->is_null()) return out;
    if (!it->is_array()) throw InputError("design", "analysis", "rule_waivers", "expected an array of {rule, reason, nodes}");
    for (std::size_t i = 0; i < it->size(); ++i) {
        const auto& w = (*it)[i];
        const std::string entry = "analysis.rule_waivers[" + std::to_string(i) + "]";
        if (!w.is_object() || !w.contains("rule") || !w["rule"].is_string())
            throw InputError("design", entry, "rule", "expected a rule id string");
        if (!w.contains("reason") || !w["reason"].is_string() || w["reason"].get<std::string>().empty())
            throw InputError("design", entry, "reason", "expected the reason the finding is accepted");
        Waiver x{w["rule"].get<std::string>(), w["reason"].get<std::string>(), {}};
        if (w.contains("nodes")) {
            if (!w["nodes"].is_array()) throw InputError("design", entry, "nodes", "expected an array of node ids");
            for (const auto& id : w["nodes"]) {
                if (!id.is_number_unsigned()) throw InputError("design", entry, "nodes", "expected node ids (positive integers)");
                x.nodes.push_back(id.get<Id>());
            }
        }
        out.push_back(std::move(x));
    }
    return out;
}

const Waiver* matching(const std::vector<Waiver>& ws, const Finding& f)
{
    for (const Waiver& w : ws) {
        if (w.rule != f.rule) continue;
        if (w.nodes.empty()) return &w;
        const bool all = std::all_of(f.nodes.begin(), f.nodes.end(), [&](Id n) {
            return std::find(w.nodes.begin(), w.nodes.end(), n) != w.nodes.end();
        });
        if (all && !f.nodes.empty()) return &w;
    }
    return nullptr;
}
} // namespace

RuleReport checkDesign(const Design& d, const Catalog& c)
{
    const std::vector<Waiver> waivers = readWaivers(d);
    std::vector<Finding> all;
    rules::unknownModels(d, c, all);
    rules::duplicateNames(d, all);
    rules::switchPortBudget(d, c, all);
    rules::switchPortNumbers(d, c, all);
    rules::serverNicBudget(d, c, all);
    rules::serverPortNumbers(d, c, all);
    rules::linkSpeedMismatch(d, c, all);
    rules::protocolMismatch(d, c, all);
    rules::nvlinkRules(d, c, all);
    rules::sharedNics(d, c, all);
    rules::nicAcrossSockets(d, c, all);
    rules::consumerNoP2p(d, c, all);
    rules::roceWithoutPfc(d, c, all);
    rules::unconnected(d, c, all);
    rules::importedFindings(d, c, all);
    RuleReport r;
    for (Finding& f : all) {
        if (const Waiver* w = matching(waivers, f)) {
            f.waiverReason = w->reason;
            r.waived.push_back(std::move(f));
        } else {
            r.findings.push_back(std::move(f));
        }
    }
    std::stable_sort(r.findings.begin(), r.findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity < b.severity; });
    return r;
}

nlohmann::json toJson(const RuleReport& r)
{
    auto one = [](const Finding& f) {
        nlohmann::json j = {{"rule", f.rule}, {"severity", toString(f.severity)}, {"nodes", f.nodes},
                            {"links", f.links}, {"message", f.message}};
        if (!f.waiverReason.empty()) j["reason"] = f.waiverReason;
        return j;
    };
    nlohmann::json findings = nlohmann::json::array(), waived = nlohmann::json::array();
    for (const Finding& f : r.findings) findings.push_back(one(f));
    for (const Finding& f : r.waived) waived.push_back(one(f));
    return {{"errors", r.count(Severity::Error)}, {"warnings", r.count(Severity::Warning)},
            {"findings", findings}, {"waived", waived}};
}

} // namespace model::topology
