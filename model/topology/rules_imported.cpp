// Findings the advisor makes on an imported file, carried by the design (design.analysis
// ["imported"], import_record.hpp) and listed among the design rules so the canvas and the
// rules panel show them with the rest: the file's own findings as recorded, and those that
// set the recorded measurement beside the design as it is now (a curve below the prediction,
// NET/Socket on an RDMA design), recomputed on every check.
#include "model/topology/rules.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/import/import_record.hpp"
#include "model/io/input_error.hpp"

namespace model::topology::rules {

void importedFindings(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    if (!d.analysis.is_object()) return;
    const auto imp = d.analysis.find("imported");
    if (imp == d.analysis.end() || imp->is_null()) return;
    io::ImportResult r;
    try {
        r = io::importFromRecord(*imp);
    } catch (const InputError& e) {
        // A record edited by hand into something else is reported, not fatal: rules never throw.
        out.push_back({"imported-record", Severity::Warning, {}, {}, std::string("the import record is unreadable: ") + e.what(), ""});
        return;
    }
    std::vector<Id> servers;
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) servers.push_back(id);
    for (const auto& f : io::reviewImport(r, &d, c).findings) {
        std::string msg = f.message + " (from " + r.file;
        if (f.evidence.line > 0) msg += " line " + std::to_string(f.evidence.line);
        if (!f.evidence.text.empty()) msg += ": \"" + f.evidence.text + "\"";
        msg += ")";
        out.push_back({f.rule, f.severity, servers, {}, std::move(msg), ""});
    }
}

} // namespace model::topology::rules
