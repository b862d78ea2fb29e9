// Server rule family: NVLink wiring and domains, NIC sharing and placement, consumer P2P.
#include "model/topology/rules.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>

namespace model::topology::rules {

namespace {
const GpuSpec* gpuOf(const Node& n, const Catalog& c)
{
    const ServerSpec* s = n.kind == NodeKind::Server ? c.server(n.model) : nullptr;
    return s ? c.gpu(s->gpuId) : nullptr;
}

/// True when server `n` is a whole NVLink domain on its own (a DGX H100's 8 GPUs on NVSwitch,
/// an NVL72 rack drawn as one node), not a slice of a rack-scale domain (GCP A4X: 4 GPUs of a
/// 72-GPU NVL72). The analysis never runs NVLink between nodes (cluster_facts.cpp).
bool wholeDomain(const Node& n, const Catalog& c)
{
    const ServerSpec* s = c.server(n.model);
    return s && s->scaleUpDomainGpus <= s->gpuCount;
}

/// nvlink-outside-domain for NVLink between servers of a group `g` (its nodes and links, joined
/// by NVLink, within the GPUs one domain spans) where an end is a whole NVLink domain: no
/// NVLink runs between such servers (the analysis ignores the cable). Names the servers, the
/// links and what to draw instead.
void wholeDomains(const Design& d, const Catalog& c, const Finding& g, std::vector<Finding>& out)
{
    Finding f{"nvlink-outside-domain", Severity::Error, {}, {}, "", ""};
    for (Id id : g.links) {
        const Link& l = *d.link(id);
        const Node& a = *d.node(l.a.node);
        const Node& b = *d.node(l.b.node);
        if (a.id == b.id || !(wholeDomain(a, c) || wholeDomain(b, c))) continue;
        f.links.push_back(id);
        for (Id n : {a.id, b.id})
            if (std::find(f.nodes.begin(), f.nodes.end(), n) == f.nodes.end()) f.nodes.push_back(n);
    }
    if (f.links.empty()) return;
    const Link& first = *d.link(f.links.front());
    const Node& a = *d.node(first.a.node);
    const Node& b = *d.node(first.b.node);
    std::string names;
    const std::size_t shown = std::min<std::size_t>(f.nodes.size(), 3);
    for (std::size_t i = 0; i < shown; ++i) {
        const Node& n = *d.node(f.nodes[i]);
        names += (i == 0 ? "" : i + 1 == f.nodes.size() ? " and " : ", ") + label(n) + " (" + n.model + ")";
    }
    if (f.nodes.size() > shown) names += " and " + std::to_string(f.nodes.size() - shown) + " more";
    std::string domains;
    for (Id id : f.nodes) {
        const Node& n = *d.node(id);
        const ServerSpec* s = c.server(n.model);
        if (!s || !wholeDomain(n, c)) continue;
        const std::string one = std::to_string(s->scaleUpDomainGpus) + " GPUs in a " + n.model;
        if (domains.find(one) == std::string::npos) domains += (domains.empty() ? "" : ", ") + one;
    }
    const bool many = f.links.size() > 1;
    f.message = (many ? std::to_string(f.links.size()) + " NVLink links join " : std::string("an NVLink link joins ")) + names +
                ", servers that are each a whole NVLink domain (" + domains +
                "), not part of a rack-scale one: NVLink runs only inside a domain (a rack-scale domain such as "
                "GB200 NVL72 is drawn as one node). " + scaleOutAdvice(a, b, c);
    out.push_back(std::move(f));
}
} // namespace

void nvlinkRules(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    std::map<Id, Id> parent; // union-find over servers joined by NVLink
    std::function<Id(Id)> root = [&](Id x) {
        auto it = parent.find(x);
        if (it == parent.end() || it->second == x) return x;
        return it->second = root(it->second);
    };
    std::vector<const Link*> crossServer;
    for (const auto& [id, l] : d.links()) {
        if (l.medium != LinkMedium::NVLink) continue;
        const Node& a = *d.node(l.a.node);
        const Node& b = *d.node(l.b.node);
        bool ok = true;
        for (const Node* n : {&a, &b}) {
            if (n->kind == NodeKind::Switch) {
                out.push_back({"nvlink-outside-domain", Severity::Error, {n->id}, {id},
                               "NVLink ends at " + label(*n) + ", a network switch: NVLink runs only between GPUs "
                               "of one NVLink domain (through NVSwitch); use an InfiniBand or Ethernet link.",
                               ""});
                ok = false;
                continue;
            }
            const ServerSpec* spec = c.server(n->model);
            if (spec && spec->isAppliance()) {
                out.push_back({"nvlink-without-nvlink", Severity::Error, {n->id}, {id},
                               "NVLink is wired to " + label(*n) + ", an appliance without GPUs: it joins the "
                               "fabric over InfiniBand or Ethernet only.",
                               ""});
                ok = false;
                continue;
            }
            const GpuSpec* g = gpuOf(*n, c);
            if (g && g->scaleUp != ScaleUpKind::NVLink) {
                out.push_back({"nvlink-without-nvlink", Severity::Error, {n->id}, {id},
                               "NVLink is wired to " + label(*n) + ", whose " + g->name +
                                   " has no NVLink (scale-up: " + toString(g->scaleUp) +
                                   "); that traffic can only cross PCIe or the network.",
                               ""});
                ok = false;
            }
        }
        if (!ok) continue;
        parent.try_emplace(a.id, a.id);
        parent.try_emplace(b.id, b.id);
        parent[root(a.id)] = root(b.id);
        crossServer.push_back(&l);
    }
    // Each group of servers joined by NVLink must fit one NVLink domain of its GPUs
    // (catalog nvlink_domain_max: 8 for HGX A100, 72 for NVL72, 256 for the H100 NVLink
    // Switch System); a DGX or NVL72 rack is already a full domain on its own.
    std::map<Id, Finding> groups;
    std::map<Id, int> gpus, limit;
    for (const auto& [node, p] : parent) {
        const Id r = root(node);
        const Node& n = *d.node(node);
        const ServerSpec* s = c.server(n.model);
        const GpuSpec* g = gpuOf(n, c);
        if (!s || !g) continue;
        gpus[r] += s->gpuCount;
        limit.try_emplace(r, g->nvlinkDomainMax);
        limit[r] = std::min(limit[r], g->nvlinkDomainMax);
        groups[r].nodes.push_back(node);
    }
    for (const Link* l : crossServer) groups[root(l->a.node)].links.push_back(l->id);
    for (auto& [r, f] : groups) {
        if (gpus[r] <= limit[r]) {
            wholeDomains(d, c, f, out);
            continue;
        }
        f.rule = "nvlink-outside-domain";
        f.severity = Severity::Error;
        f.message = "NVLink joins " + std::to_string(f.nodes.size()) + " servers with " + std::to_string(gpus[r]) +
                    " GPUs, more than one NVLink domain of these GPUs spans (" + std::to_string(limit[r]) +
                    "): between these servers use the scale-out network.";
        out.push_back(std::move(f));
    }
}

void sharedNics(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server || !hasNetworkLinks(d, id)) continue;
        const ServerSpec* s = c.server(n.model);
        const NicSpec* nic = nicOf(n, c);
        const int nics = nicCountOf(n, c);
        if (!s || nics <= 0 || nics >= s->gpuCount) continue;
        const double perGpu = nic ? nics * nic->speed.inGbps() / s->gpuCount : 0.0;
        out.push_back({"shared-nics", Severity::Warning, {id}, {},
                       label(n) + ": " + std::to_string(s->gpuCount) + " GPUs share " + std::to_string(nics) +
                           (nics == 1 ? " compute NIC" : " compute NICs") + (nic ? ", " + num(perGpu) + " Gb/s per GPU instead of " + num(nic->speed.inGbps()) : "") +
                           ": inter-node collectives run at the shared rate (one NIC per GPU is the rail-optimized norm).",
                       ""});
    }
}

void nicAcrossSockets(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    // The catalog gives sockets and NIC counts, not which socket each NIC hangs off. With
    // GPUs and NICs spread evenly over the sockets (NVIDIA's PCIe-optimized 2-8-5 pattern,
    // reference_architectures.md sec. 8), a socket has a NIC of its own only when there are
    // at least as many NICs as sockets; otherwise its GPUs reach a NIC across the CPU
    // interconnect (UPI/xGMI), where GPUDirect RDMA loses bandwidth.
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server || !hasNetworkLinks(d, id)) continue;
        const ServerSpec* s = c.server(n.model);
        const int nics = nicCountOf(n, c);
        if (!s || s->cpuSockets < 2 || nics <= 0 || nics >= s->cpuSockets || s->gpuCount < 2) continue;
        const int orphanSockets = s->cpuSockets - nics;
        const int gpusAcross = s->gpuCount * orphanSockets / s->cpuSockets;
        out.push_back({"nic-across-sockets", Severity::Warning, {id}, {},
                       label(n) + ": " + std::to_string(nics) + " compute NIC" + (nics == 1 ? "" : "s") + " for " +
                           std::to_string(s->cpuSockets) + " CPU sockets, so about " + std::to_string(gpusAcross) +
                           " GPUs reach their nearest NIC across the inter-socket link: GPUDirect RDMA from them "
                           "crosses the CPUs. Give every socket a NIC.",
                       ""});
    }
}

void consumerNoP2p(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        const ServerSpec* s = c.server(n.model);
        const GpuSpec* g = gpuOf(n, c);
        if (!s || !g || s->gpuCount < 2 || g->peerToPeerOverPcie || g->scaleUp != ScaleUpKind::None) continue;
        out.push_back({"consumer-no-p2p", Severity::Warning, {id}, {},
                       label(n) + ": its " + std::to_string(s->gpuCount) + " " + g->name +
                           " have no NVLink and the stock driver does not enable PCIe peer-to-peer (NCCL issue "
                           "#1127): GPU-to-GPU copies are staged through host memory. The engine prices them as "
                           "copies through pinned host memory at half the PCIe rate, which NCCL reaches with "
                           "NCCL_SHM_USE_CUDA_MEMCPY=1; NCCL's default shared-memory copies are slower (about 5 GB/s "
                           "all-reduce busbw on 8 RTX 4090, nccl-tests #307).",
                       ""});
    }
}

} // namespace model::topology::rules
