// The import record a design keeps (import_record.hpp).
#include "model/io/import/import_record.hpp"

#include "model/io/input_error.hpp"
#include "model/io/json_fields.hpp"

#include <filesystem>

namespace model::io {

using nlohmann::json;

namespace {

std::string lineText(const ImportResult& r, int line)
{
    if (line < 1 || static_cast<std::size_t>(line) > r.lines.size()) return {};
    return trim(r.lines[static_cast<std::size_t>(line - 1)]);
}

void remember(ImportResult& r, int line, const std::string& text)
{
    if (line < 1 || line > 1000000) return;
    if (r.lines.size() < static_cast<std::size_t>(line)) r.lines.resize(static_cast<std::size_t>(line));
    r.lines[static_cast<std::size_t>(line - 1)] = text;
}

} // namespace

json importRecord(const ImportResult& r, const std::vector<std::string>& notes)
{
    json findings = json::array();
    for (const auto& f : r.findings) findings.push_back(toJson(f));
    json rec = {{"file", std::filesystem::path(r.file).filename().string()},
                {"format", r.format},
                {"kind", r.content},
                {"findings", std::move(findings)},
                {"notes", notes},
                {"warnings", r.warnings}};
    if (r.curve) {
        json pts = json::array();
        for (const auto& p : r.curve->points())
            pts.push_back({{"bytes", p.bytes}, {"busbw_GBps", p.busbwGBps}, {"algbw_GBps", p.algbwGBps}, {"time_us", p.timeUs},
                           {"line", p.line}, {"text", lineText(r, p.line)}});
        rec["curve"] = {{"collective", r.curve->collective}, {"ranks", r.curve->ranks}, {"nodes", r.curve->nodes},
                        {"gpu_name", r.curve->gpuName}, {"points", std::move(pts)}};
    }
    if (r.log) {
        json tr = json::array();
        for (const auto& t : r.log->transports)
            tr.push_back({{"transport", t.transport}, {"gdrdma", t.gdrdma}, {"connections", t.connections}, {"line", t.first.line}, {"text", t.first.text}});
        rec["transports"] = std::move(tr);
    }
    return rec;
}

ImportResult importFromRecord(const json& rec)
{
    const JsonContext c{"design", "analysis.imported"};
    if (!rec.is_object()) throw InputError(c.file, c.entry, "", "expected an object, got " + describe(rec));
    ImportResult r;
    r.file = requireString(rec, "file", c);
    r.format = optionalString(rec, "format", c);
    r.content = optionalString(rec, "kind", c);
    if (auto w = rec.find("warnings"); w != rec.end() && w->is_array())
        for (const auto& x : *w)
            if (x.is_string()) r.warnings.push_back(x.get<std::string>());
    if (auto fs = rec.find("findings"); fs != rec.end()) {
        if (!fs->is_array()) throw InputError(c.file, c.entry, "findings", "expected an array");
        for (std::size_t i = 0; i < fs->size(); ++i) {
            const JsonContext fc{c.file, c.entry + ".findings[" + std::to_string(i) + "]"};
            const json& f = (*fs)[i];
            if (!f.is_object()) throw InputError(fc.file, fc.entry, "", "expected an object");
            AdvisorFinding a;
            a.rule = requireString(f, "rule", fc);
            const std::string sev = optionalEnum(f, "severity", fc, {"error", "warning", "info"}, "warning");
            a.severity = sev == "error" ? topology::Severity::Error : sev == "info" ? topology::Severity::Info : topology::Severity::Warning;
            a.message = requireString(f, "message", fc);
            a.evidence.line = static_cast<int>(optionalInt(f, "line", fc, 0, 1000000, 0));
            a.evidence.text = optionalString(f, "evidence", fc);
            remember(r, a.evidence.line, a.evidence.text);
            r.findings.push_back(std::move(a));
        }
    }
    if (auto cv = rec.find("curve"); cv != rec.end() && !cv->is_null()) {
        const JsonContext cc{c.file, c.entry + ".curve"};
        if (!cv->is_object()) throw InputError(cc.file, cc.entry, "", "expected an object");
        MeasuredCurve m;
        m.collective = optionalString(*cv, "collective", cc);
        m.ranks = static_cast<int>(optionalInt(*cv, "ranks", cc, 0, 1 << 24, 0));
        m.nodes = static_cast<int>(optionalInt(*cv, "nodes", cc, 0, 1 << 24, 0));
        m.gpuName = optionalString(*cv, "gpu_name", cc);
        const auto pts = cv->find("points");
        if (pts == cv->end() || !pts->is_array()) throw InputError(cc.file, cc.entry, "points", "expected an array of measured points");
        for (std::size_t i = 0; i < pts->size(); ++i) {
            const JsonContext pc{cc.file, cc.entry + ".points[" + std::to_string(i) + "]"};
            MeasuredPoint p;
            p.bytes = requireNumber((*pts)[i], "bytes", pc, 0.0, kMaxMeasuredBytes);
            p.busbwGBps = requireNumber((*pts)[i], "busbw_GBps", pc, 0.0, kMaxMeasuredGBps);
            p.algbwGBps = optionalNumber((*pts)[i], "algbw_GBps", pc, 0.0, kMaxMeasuredGBps).value_or(0.0);
            p.timeUs = optionalNumber((*pts)[i], "time_us", pc, 0.0, kMaxMeasuredTimeUs).value_or(0.0);
            p.line = static_cast<int>(optionalInt((*pts)[i], "line", pc, 0, 1000000, 0));
            remember(r, p.line, optionalString((*pts)[i], "text", pc));
            m.outOfPlace.push_back(p);
        }
        r.curve = std::move(m);
    }
    if (auto tr = rec.find("transports"); tr != rec.end() && tr->is_array()) {
        LogSummary log;
        for (std::size_t i = 0; i < tr->size(); ++i) {
            const JsonContext tc{c.file, c.entry + ".transports[" + std::to_string(i) + "]"};
            TransportUse t;
            t.transport = requireString((*tr)[i], "transport", tc);
            t.gdrdma = optionalBool((*tr)[i], "gdrdma", tc, false);
            t.connections = static_cast<int>(optionalInt((*tr)[i], "connections", tc, 0, 1 << 30, 0));
            t.first.line = static_cast<int>(optionalInt((*tr)[i], "line", tc, 0, 1000000, 0));
            t.first.text = optionalString((*tr)[i], "text", tc);
            remember(r, t.first.line, t.first.text);
            log.transports.push_back(std::move(t));
        }
        r.log = std::move(log);
    }
    return r;
}

} // namespace model::io
