// Server model helpers and its JSON form.
#include "model/io/import/server_model.hpp"

#include "model/io/import/import_text.hpp"

#include <algorithm>
#include <set>

namespace model::io {

using nlohmann::json;

const char* toString(PathKind k) noexcept
{
    switch (k) {
    case PathKind::Unknown: return "unknown";
    case PathKind::Self: return "X";
    case PathKind::NVLink: return "NV";
    case PathKind::PIX: return "PIX";
    case PathKind::PXB: return "PXB";
    case PathKind::PHB: return "PHB";
    case PathKind::Node: return "NODE";
    case PathKind::Sys: return "SYS";
    case PathKind::Pcie: return "PCIE";
    }
    return "unknown";
}

PathKind parsePathToken(const std::string& token, int& nvlinks) noexcept
{
    nvlinks = 0;
    if (token == "X") return PathKind::Self;
    if (token == "PIX") return PathKind::PIX;
    if (token == "PXB") return PathKind::PXB;
    if (token == "PHB") return PathKind::PHB;
    if (token == "NODE") return PathKind::Node;
    if (token == "SYS" || token == "SOC") return PathKind::Sys; // SOC: drivers before 384 (same meaning)
    if (token == "XGMI") return PathKind::NVLink;
    if (token == "PCIE") return PathKind::Pcie;
    if (token.size() > 2 && token.size() <= 4 && token[0] == 'N' && token[1] == 'V') {
        long long n = 0;
        if (parseInteger(std::string_view(token).substr(2), n) && n > 0 && n <= 64) {
            nvlinks = static_cast<int>(n);
            return PathKind::NVLink;
        }
    }
    return PathKind::Unknown;
}

const GpuPair* ServerModel::pair(int a, int b) const noexcept
{
    if (a > b) std::swap(a, b);
    for (const GpuPair& p : gpuPairs)
        if (p.a == a && p.b == b) return &p;
    return nullptr;
}

const GpuNicPath* ServerModel::gpuToNic(int gpu, int nic) const noexcept
{
    for (const GpuNicPath& p : gpuNic)
        if (p.gpu == gpu && p.nic == nic) return &p;
    return nullptr;
}

const GpuNicPath* ServerModel::nearestNic(int gpu) const noexcept
{
    const GpuNicPath* best = nullptr;
    for (const GpuNicPath& p : gpuNic) {
        if (p.gpu != gpu || p.path == PathKind::Unknown) continue;
        if (!best || static_cast<int>(p.path) < static_cast<int>(best->path)) best = &p;
    }
    return best;
}

NicRoles nicRoles(const ServerModel& s)
{
    NicRoles r;
    std::set<int> nearest;
    bool every = !s.gpus.empty();
    for (const auto& g : s.gpus) {
        const GpuNicPath* best = s.nearestNic(g.index);
        if (!best) {
            every = false;
            continue;
        }
        for (const auto& p : s.gpuNic)
            if (p.gpu == g.index && p.path == best->path) nearest.insert(p.nic);
    }
    r.everyGpuPlaced = every && !s.nics.empty();
    for (const auto& n : s.nics) {
        if (nearest.empty() || nearest.count(n.index)) r.compute.push_back(n.index);
        else if (r.everyGpuPlaced) r.other.push_back(n.index);
    }
    return r;
}

std::string nicNames(const ServerModel& s, const std::vector<int>& indices, std::size_t max)
{
    std::string out;
    for (std::size_t i = 0; i < indices.size() && i < max; ++i) {
        std::string name = "NIC" + std::to_string(indices[i]);
        for (const auto& n : s.nics)
            if (n.index == indices[i]) name = n.name.empty() ? n.label : n.name;
        out += (i ? ", " : "") + name;
    }
    if (indices.size() > max) out += " and " + std::to_string(indices.size() - max) + " more";
    return out;
}

std::string ServerModel::gpuModel() const
{
    std::vector<std::string> names;
    for (const auto& g : gpus)
        if (!g.name.empty() && std::find(names.begin(), names.end(), g.name) == names.end()) names.push_back(g.name);
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : " + ") + n;
    return out;
}

std::vector<int> ServerModel::numaNodes() const
{
    std::set<int> s;
    for (const auto& g : gpus)
        if (g.numaNode) s.insert(*g.numaNode);
    for (const auto& n : nics)
        if (n.numaNode) s.insert(*n.numaNode);
    for (const auto& c : cpus)
        if (c.numaNode) s.insert(*c.numaNode);
    return {s.begin(), s.end()};
}

std::optional<int> ServerModel::numaNodeCount(bool* fromAffinity) const
{
    if (fromAffinity) *fromAffinity = false;
    const auto ids = numaNodes();
    const auto known = std::count_if(ids.begin(), ids.end(), [](int n) { return n >= 0; });
    if (known > 0) return static_cast<int>(known);
    std::set<std::string> sets;
    for (const auto& g : gpus)
        if (!g.cpuAffinity.empty()) sets.insert(g.cpuAffinity);
    for (const auto& c : cpus)
        if (!c.cpuAffinity.empty()) sets.insert(c.cpuAffinity);
    if (sets.empty()) return std::nullopt;
    if (fromAffinity) *fromAffinity = true;
    return static_cast<int>(sets.size());
}

int ServerModel::pcieBridges() const noexcept
{
    return static_cast<int>(std::count_if(pcie.begin(), pcie.end(),
                                          [](const PcieNode& n) { return startsWith(n.pciClass, "0x0604"); }));
}

namespace {
template <class T>
json opt(const std::optional<T>& v)
{
    return v ? json(*v) : json(nullptr);
}

json linkJson(const PcieLink& l)
{
    return {{"link_speed_GTps", opt(l.speedGTps)}, {"link_width", opt(l.width)}};
}
} // namespace

json toJson(const ServerModel& s)
{
    json gpus = json::array();
    for (const auto& g : s.gpus) {
        json j = {{"index", g.index}, {"label", g.label}, {"name", g.name}, {"numa_node", opt(g.numaNode)},
                  {"cpu_affinity", g.cpuAffinity}, {"nvlinks", opt(g.nvlinks)}};
        if (!g.pciBusId.empty()) j["pci_bus_id"] = g.pciBusId;
        if (!g.pciDevice.empty()) j["pci_device"] = g.pciDevice;
        if (g.smVersion) j["sm"] = *g.smVersion;
        if (g.gdr) j["gdr"] = *g.gdr;
        if (g.vgaClass) j["display_class"] = *g.vgaClass;
        if (g.pcie.speedGTps || g.pcie.width) j["pcie"] = linkJson(g.pcie);
        gpus.push_back(std::move(j));
    }
    json nics = json::array();
    for (const auto& n : s.nics) {
        json j = {{"index", n.index}, {"label", n.label}, {"name", n.name}, {"speed_Gbps", opt(n.speedGbps)},
                  {"numa_node", opt(n.numaNode)}};
        if (!n.pciBusId.empty()) j["pci_bus_id"] = n.pciBusId;
        if (!n.pciDevice.empty()) j["pci_device"] = n.pciDevice;
        if (n.gdr) j["gdr"] = *n.gdr;
        if (n.pcie.speedGTps || n.pcie.width) j["pcie"] = linkJson(n.pcie);
        nics.push_back(std::move(j));
    }
    json pairs = json::array();
    for (const auto& p : s.gpuPairs) {
        json j = {{"a", p.a}, {"b", p.b}, {"connection", p.token}, {"path", toString(p.path)}, {"nvlinks", p.nvlinks}};
        if (!p.p2p.empty()) j["p2p"] = p.p2p;
        pairs.push_back(std::move(j));
    }
    json gpuNic = json::array();
    for (const auto& p : s.gpuNic) gpuNic.push_back({{"gpu", p.gpu}, {"nic", p.nic}, {"connection", p.token}, {"path", toString(p.path)}});
    json cpus = json::array();
    for (const auto& c : s.cpus) {
        json j = {{"numa_node", opt(c.numaNode)}, {"cpu_affinity", c.cpuAffinity}};
        if (!c.vendor.empty()) j["vendor"] = c.vendor;
        if (c.familyId) j["family"] = *c.familyId;
        if (c.modelId) j["model"] = *c.modelId;
        cpus.push_back(std::move(j));
    }
    json pcie = json::array();
    for (const auto& n : s.pcie) {
        json j = {{"bus_id", n.busId}, {"class", n.pciClass}, {"parent", n.parent}, {"cpu", n.cpu}, {"depth", n.depth}};
        if (!n.vendor.empty()) j["vendor"] = n.vendor;
        if (!n.device.empty()) j["device"] = n.device;
        j.update(linkJson(n.link));
        pcie.push_back(std::move(j));
    }
    json bonds = json::array();
    for (const auto& b : s.nvlinkBonds) bonds.push_back({{"gpu", b.gpu}, {"target", b.target}, {"count", b.count}, {"target_class", b.targetClass}});
    return {{"format", s.format}, {"gpus", std::move(gpus)}, {"nics", std::move(nics)}, {"cpus", std::move(cpus)},
            {"numa_nodes", s.numaNodes()}, {"gpu_pairs", std::move(pairs)}, {"gpu_nic", std::move(gpuNic)},
            {"pcie", std::move(pcie)}, {"pcie_bridges", s.pcieBridges()}, {"nvlink_bonds", std::move(bonds)},
            {"nvswitches", s.nvswitches}, {"complete", s.complete},
            {"affinity_cells_unread", s.affinityUnread}};
}

} // namespace model::io
