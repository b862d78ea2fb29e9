// Findings the advisor made on an imported file, carried by the design it produced
// (design.analysis["imported"], written by model/io/import/import_design.cpp), shown among the
// design rules so the canvas and the rules panel list them with the rest.
#include "model/topology/rules.hpp"

namespace model::topology::rules {

void importedFindings(const Design& d, const Catalog&, std::vector<Finding>& out)
{
    if (!d.analysis.is_object()) return;
    const auto imp = d.analysis.find("imported");
    if (imp == d.analysis.end() || !imp->is_object()) return;
    const auto list = imp->find("findings");
    if (list == imp->end() || !list->is_array()) return;
    const std::string file = imp->value("file", std::string("the imported file"));
    std::vector<Id> servers;
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) servers.push_back(id);
    for (const auto& f : *list) {
        // A record edited by hand into something else is skipped, not fatal: rules never throw.
        if (!f.is_object() || !f.contains("rule") || !f["rule"].is_string() || !f.contains("message") || !f["message"].is_string()) continue;
        const std::string sev = f.value("severity", std::string("warning"));
        const Severity s = sev == "error" ? Severity::Error : sev == "info" ? Severity::Info : Severity::Warning;
        std::string where = file;
        if (f.contains("line") && f["line"].is_number_integer() && f["line"].get<long long>() > 0)
            where += " line " + std::to_string(f["line"].get<long long>());
        std::string msg = f["message"].get<std::string>() + " (from " + where;
        if (f.contains("evidence") && f["evidence"].is_string() && !f["evidence"].get<std::string>().empty())
            msg += ": \"" + f["evidence"].get<std::string>() + "\"";
        msg += ")";
        out.push_back({f["rule"].get<std::string>(), s, servers, {}, std::move(msg), ""});
    }
}

} // namespace model::topology::rules
