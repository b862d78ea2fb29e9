#pragma once
// Helpers for the validation tests: a small CSV reader (quoted fields) for
// shared/validation/*.csv and a builder of rail-optimised designs from catalog servers.
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace validation {

/// One CSV row as header -> value.
using Row = std::map<std::string, std::string>;

inline std::vector<std::string> splitCsvLine(const std::string& line)
{
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') { cur += '"'; ++i; }
            else if (c == '"') quoted = false;
            else cur += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

/// Reads a CSV file with a header line. Throws std::runtime_error naming the file.
inline std::vector<Row> readCsv(const std::string& path)
{
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::string line;
    std::getline(in, line);
    const auto header = splitCsvLine(line);
    std::vector<Row> rows;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto cells = splitCsvLine(line);
        Row r;
        for (std::size_t i = 0; i < header.size(); ++i) r[header[i]] = i < cells.size() ? cells[i] : std::string();
        rows.push_back(std::move(r));
    }
    return rows;
}

/// `nodes` servers of catalog model `server`, each with `nicCount` compute NICs (0 = the
/// catalog's) cabled at `nicGbps` (0 = the NIC's speed) to one leaf switch per rail
/// (rail-optimised, as DGX SuperPOD cables them). One server gets no switch at all.
inline model::Design railDesign(const model::Catalog& cat, const std::string& server, int nodes, int nicCount,
                                double nicGbps, const std::string& leafModel)
{
    const model::ServerSpec* spec = cat.server(server);
    if (!spec) throw std::runtime_error("catalog lacks server " + server);
    model::Design d;
    d.name = server + " x" + std::to_string(nodes);
    const int rails = nicCount > 0 ? nicCount : spec->computeNicCount;
    std::vector<model::Id> servers;
    for (int i = 0; i < nodes; ++i) {
        model::Node n;
        n.kind = model::NodeKind::Server;
        n.model = server;
        n.name = "node-" + std::to_string(i);
        if (nicCount > 0) n.nicCount = nicCount;
        servers.push_back(d.addNode(n));
    }
    if (nodes < 2) return d;
    const model::NicSpec* nic = cat.nic(spec->computeNicId);
    const double gbps = nicGbps > 0 ? nicGbps : (nic ? nic->speed.inGbps() : 400.0);
    for (int r = 0; r < rails; ++r) {
        model::Node leaf;
        leaf.kind = model::NodeKind::Switch;
        leaf.model = leafModel;
        leaf.tier = model::SwitchTier::Leaf;
        leaf.name = "leaf-rail-" + std::to_string(r);
        const model::Id leafId = d.addNode(leaf);
        for (int i = 0; i < nodes; ++i) {
            model::Link l;
            l.a = {servers[static_cast<std::size_t>(i)], r};
            l.b = {leafId, i};
            l.medium = cat.switchModel(leafModel)->protocol == model::NetProtocol::InfiniBand ? model::LinkMedium::InfiniBand
                                                                                              : model::LinkMedium::Ethernet;
            l.laneSpeed = model::Bandwidth::Gbps(gbps);
            d.addLink(l);
        }
    }
    return d;
}

} // namespace validation
