// NCCL_DEBUG=INFO logs. Every NCCL line reads "host:pid:tid [dev] NCCL INFO message"; the
// messages matched here are those NCCL prints at init (src/init.cc, src/transport/*.cc,
// src/graph/topo.cc, search.cc, paths.cc), as they appear in the logs of shared/real_inputs.
#include "model/io/import/importers.hpp"
#include "model/io/import/nccl_version.hpp"

#include "model/io/input_error.hpp"

#include <algorithm>
#include <regex>
#include <set>

namespace model::io {

using nlohmann::json;

json toJson(const Evidence& e)
{
    return {{"line", e.line}, {"text", e.text}};
}

json toJson(const LogSummary& s)
{
    json env = json::array();
    for (const auto& e : s.env) env.push_back({{"name", e.name}, {"value", e.value}, {"line", e.line.line}});
    json tr = json::array();
    for (const auto& t : s.transports)
        tr.push_back({{"transport", t.transport}, {"gdrdma", t.gdrdma}, {"connections", t.connections}, {"first", toJson(t.first)}});
    json devs = json::array();
    for (const auto& d : s.netDevices) devs.push_back({{"plugin", d.plugin}, {"name", d.name}, {"link_layer", d.linkLayer}, {"line", d.line.line}});
    json links = json::array();
    for (const auto& l : s.topoLinks)
        links.push_back({{"type", l.type}, {"bandwidth_GBps", l.bandwidthGBps}, {"from", l.from}, {"to", l.to}, {"ids", l.ids}, {"line", l.line.line}});
    json paths = json::array();
    for (const auto& p : s.paths)
        paths.push_back({{"from", p.from}, {"to", p.to}, {"hops", p.hops}, {"bandwidth_GBps", p.bandwidthGBps}, {"type", p.type}, {"line", p.line.line}});
    auto opt = [](const auto& v) { return v ? json(*v) : json(nullptr); };
    json j = {{"nccl_version", s.ncclVersion},
              {"env", std::move(env)},
              {"transports", std::move(tr)},
              {"net_devices", std::move(devs)},
              {"network", s.network},
              {"channels", s.channels},
              {"rings", s.rings},
              {"tree_lines", s.treeLines},
              {"ranks", opt(s.ranks)},
              {"nodes", opt(s.nodes)},
              {"local_ranks", opt(s.localRanks)},
              {"nvls_channels", opt(s.nvlsChannels)},
              {"nvls_unavailable", s.nvlsUnavailable.has_value()},
              {"system_max_bw_GBps", opt(s.systemMaxBwGBps)},
              {"system_total_bw_GBps", opt(s.systemTotalBwGBps)},
              {"topology_links", std::move(links)},
              {"paths", std::move(paths)},
              {"affinity_lines", s.affinity.size()},
              {"warnings", s.ncclWarnings.size()},
              {"nccl_lines", s.ncclLines}};
    if (s.curve) j["curve"] = toJson(*s.curve);
    return j;
}

namespace {

void addTransport(LogSummary& s, const std::string& via, const Evidence& e)
{
    // "P2P/IPC", "P2P/direct pointer", "P2P/CUMEM/read", "SHM/direct/direct", "NET/IB/1(2)/GDRDMA/Shared",
    // "NET/Socket/0", "NET/AWS Libfabric/0/GDRDMA".
    std::string name;
    bool gdr = false;
    if (startsWith(via, "NET/")) {
        const std::size_t slash = via.find('/', 4);
        name = "NET/" + via.substr(4, slash == std::string::npos ? std::string::npos : slash - 4);
        gdr = via.find("/GDRDMA") != std::string::npos;
    } else if (startsWith(via, "P2P/")) {
        std::string rest = via.substr(4);
        if (startsWith(rest, "direct pointer")) name = "P2P/direct pointer";
        else name = "P2P/" + rest.substr(0, rest.find('/'));
    } else if (startsWith(via, "SHM")) {
        name = "SHM";
    } else if (startsWith(via, "CollNet")) {
        name = "CollNet";
    } else {
        name = via.substr(0, via.find(' '));
    }
    for (auto& t : s.transports)
        if (t.transport == name && t.gdrdma == gdr) {
            ++t.connections;
            return;
        }
    s.transports.push_back({name, gdr, 1, e});
}

} // namespace

LogSummary parseNcclLog(const ImportText& text, std::vector<std::string>& warnings)
{
    LogSummary s;
    static const std::regex lineRe(R"(^\s*(\S+):(\d+):(\d+) \[(\d+)\] NCCL (INFO|WARN|TRACE|ABORT) ?(.*)$)");
    static const std::regex envRe(R"(^(NCCL_[A-Z0-9_]+) set (?:by environment )?to (.*?)\.?$)");
    static const std::regex netRe(R"(^NET/(\S+) ?: Using (.*)$)");
    static const std::regex devRe(R"(\[(\d+)\]([^\s;\[]+))");
    static const std::regex channelRe(R"(^Channel (\d{1,6})/(\d{1,6}) : ([\d ]+)$)");
    static const std::regex oldRingRe(R"(^Ring (\d{1,6}) : )");
    static const std::regex commRe(R"(nRanks (\d{1,9}) nNodes (\d{1,9}) localRanks (\d{1,9}))");
    static const std::regex chanCountRe(R"((\d{1,6}) coll channels, (\d{1,6}) collnet channels, (\d{1,6}) nvls channels)");
    static const std::regex gdrRe(R"(Connected all rings.*GDR (\d))");
    static const std::regex systemRe(R"(=== System : maxBw ([\d.]+) totalBw ([\d.]+) ===)");
    static const std::regex treeNodeRe(R"(^(\s*)([A-Z]+/[0-9A-Fa-f-]+)(?: \(.*\))?$)");
    static const std::regex treeLinkRe(R"(^(\s*)\+ ([A-Z0-9]+)\[([\d.]+)\] - (\S+)(?: \(([^)]*)\))?$)");
    static const std::regex pathHeadRe(R"(^([A-Z]+/[0-9A-Fa-f-]+) :(.*)$)");
    static const std::regex pathRe(R"(([A-Z]+/[0-9A-Fa-f-]+) \((\d{1,6})/([\d.]+)/([A-Z]+)\))");
    static const std::regex versionRe(R"((?:^|\s)NCCL version (\S+))");
    static const std::regex plainVersionRe(R"(^\s*(NCCL|RCCL) version (\S+))");
    NcclVersionReader versions; // every version line: the first valid one is the log's
    std::vector<std::pair<std::size_t, std::string>> treeStack; // indentation -> node
    std::set<std::string> ringIds;
    int maxChannels = 0;
    for (const SourceLine& l : text.lines()) {
        if (l.text.size() > kMaxLineChars) {
            warnings.push_back("line " + std::to_string(l.number) + ": " + std::to_string(l.text.size()) + " characters long, not read");
            continue;
        }
        std::smatch m;
        if (std::regex_search(l.text, m, plainVersionRe) && !l.cut) {
            versions.read(m[2].str(), l.number, m[1].str() + " version", warnings);
            if (versions.line == l.number) s.versionLine = {l.number, l.raw};
        }
        if (!std::regex_match(l.text, m, lineRe)) continue;
        ++s.ncclLines;
        if (l.cut) {
            warnings.push_back("line " + std::to_string(l.number) + ": the last line ends without a newline (cut off) and is not read");
            continue;
        }
        const std::string level = m[5].str();
        const std::string msg = m[6].str();
        const Evidence e{l.number, l.raw};
        if (level == "WARN") s.ncclWarnings.push_back(e);
        std::smatch k;
        if (std::regex_search(msg, k, versionRe)) {
            versions.read(k[1].str(), l.number, "NCCL version", warnings);
            if (versions.line == l.number) s.versionLine = e;
        }
        if (std::regex_match(msg, k, envRe)) {
            const std::string name = k[1].str();
            if (std::none_of(s.env.begin(), s.env.end(), [&](const EnvSetting& x) { return x.name == name; }))
                s.env.push_back({name, trim(k[2].str()), e});
            continue;
        }
        if (std::regex_match(msg, k, netRe)) {
            const std::string plugin = k[1].str();
            const std::string list = k[2].str();
            for (auto it = std::sregex_iterator(list.begin(), list.end(), devRe); it != std::sregex_iterator(); ++it) {
                NetDevice d;
                d.plugin = plugin;
                std::string name = (*it)[2].str();
                const std::size_t slash = name.find('/');
                if (slash != std::string::npos) {
                    d.linkLayer = name.substr(slash + 1);
                    name = name.substr(0, slash);
                } else if (plugin == "IB") {
                    d.linkLayer = "IB";
                }
                d.name = name;
                d.line = e;
                if (std::none_of(s.netDevices.begin(), s.netDevices.end(), [&](const NetDevice& x) { return x.name == d.name && x.plugin == d.plugin; }))
                    s.netDevices.push_back(d);
            }
            continue;
        }
        if (startsWith(msg, "Using network ")) {
            s.network = trim(msg.substr(14));
            continue;
        }
        if (const auto via = msg.find(" via "); via != std::string::npos) {
            addTransport(s, trim(msg.substr(via + 5)), e);
            if (std::regex_search(msg, k, oldRingRe)) ringIds.insert(k[1].str());
            continue;
        }
        if (std::regex_match(msg, k, channelRe)) {
            maxChannels = std::max(maxChannels, std::stoi(k[2].str()));
            const std::string order = trim(k[3].str());
            if (std::find(s.rings.begin(), s.rings.end(), order) == s.rings.end()) s.rings.push_back(order);
            continue;
        }
        if (startsWith(msg, "Trees ")) {
            ++s.treeLines;
            continue;
        }
        if (std::regex_search(msg, k, commRe)) {
            s.ranks = std::stoi(k[1].str());
            s.nodes = std::stoi(k[2].str());
            s.localRanks = std::stoi(k[3].str());
            continue;
        }
        if (std::regex_search(msg, k, chanCountRe)) {
            s.collChannels = std::stoi(k[1].str());
            s.nvlsChannels = std::stoi(k[3].str());
            continue;
        }
        if (msg.find("NVLS multicast support is not available") != std::string::npos) {
            if (!s.nvlsUnavailable) s.nvlsUnavailable = e;
            continue;
        }
        if (std::regex_search(msg, k, gdrRe)) {
            if (k[1].str() == "0" && !s.ringGdrOff) s.ringGdrOff = e;
            continue;
        }
        if (std::regex_search(msg, k, systemRe)) {
            double a = 0, b = 0;
            if (parseNumber(k[1].str(), a)) s.systemMaxBwGBps = a;
            if (parseNumber(k[2].str(), b)) s.systemTotalBwGBps = b;
            s.systemLine = e;
            treeStack.clear();
            continue;
        }
        if (std::regex_match(msg, k, treeLinkRe)) {
            const std::size_t indent = k[1].length();
            while (!treeStack.empty() && treeStack.back().first >= indent + 1) treeStack.pop_back();
            TopoDumpLink link;
            link.type = k[2].str();
            (void)parseNumber(k[3].str(), link.bandwidthGBps);
            link.from = treeStack.empty() ? std::string() : treeStack.back().second;
            link.to = k[4].str();
            link.ids = k[5].str();
            link.line = e;
            s.topoLinks.push_back(link);
            // Children of `to` are indented further than this '+'.
            treeStack.emplace_back(indent + 1, link.to);
            continue;
        }
        if (std::regex_match(msg, k, treeNodeRe) && k[1].length() == 0) {
            treeStack.clear();
            treeStack.emplace_back(0, k[2].str());
            continue;
        }
        if (std::regex_match(msg, k, pathHeadRe)) {
            const std::string from = k[1].str();
            const std::string rest = k[2].str();
            for (auto it = std::sregex_iterator(rest.begin(), rest.end(), pathRe); it != std::sregex_iterator(); ++it) {
                TopoPath p;
                p.from = from;
                p.to = (*it)[1].str();
                p.hops = std::stoi((*it)[2].str());
                (void)parseNumber((*it)[3].str(), p.bandwidthGBps);
                p.type = (*it)[4].str();
                p.line = e;
                s.paths.push_back(p);
            }
            continue;
        }
        if (startsWith(msg, "Pattern ")) {
            s.searchResults.push_back(e);
            continue;
        }
        if (msg.find("could not read") != std::string::npos) {
            s.unreadableSysfs.push_back(e);
            continue;
        }
        if (startsWith(msg, "Setting affinity for GPU")) {
            s.affinity.push_back(e);
            continue;
        }
    }
    if (s.ncclLines == 0)
        throw InputError(text.name(), "", "", "expected NCCL_DEBUG=INFO lines (\"host:pid:tid [dev] NCCL INFO ...\"), found none");
    s.ncclVersion = versions.version;
    s.channels = maxChannels > 0 ? maxChannels : static_cast<int>(ringIds.size());
    // A nccl-tests table in the same file (nccl-tests runs with NCCL_DEBUG=INFO).
    try {
        std::vector<std::string> curveWarnings;
        MeasuredCurve c = parseNcclTests(text, curveWarnings);
        // The table's parser reads the same lines: what the log already said (a version line) is not said twice.
        for (auto& w : curveWarnings)
            if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back("nccl-tests table: " + w);
        s.curve = std::move(c);
    } catch (const InputError&) {
        // No table: a log only.
    }
    if (!text.endsWithNewline() && s.curve) s.curve->complete = false;
    return s;
}

} // namespace model::io
