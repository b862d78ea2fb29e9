// Advisor rules that need only the imported file. Sources for the causes: the NCCL
// documentation (environment variables, NCCL_NET_GDR_LEVEL default PXB: GPUDirect RDMA only
// when GPU and NIC share a PCIe switch), and the recurring problems of shared/real_inputs/LOG.md
// with the maintainers' answers cited there.
#include "model/io/import/advisor.hpp"
#include "model/io/import/curve_steadiness.hpp"

#include "model/analysis/host_issue.hpp"
#include "model/io/import/gpu_identity.hpp"
#include "model/units/number_format.hpp"

#include <regex>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace model::io {

namespace {

using topology::Severity;

struct Ctx {
    const ImportResult& r;
    std::vector<AdvisorFinding> out;

    Evidence at(int line) const
    {
        if (line < 1 || static_cast<std::size_t>(line) > r.lines.size()) return {line, {}};
        return {line, r.lines[static_cast<std::size_t>(line - 1)]}; // as written, leading blanks and tabs kept
    }
    void add(const char* rule, Severity s, std::string message, int line) { out.push_back({rule, s, std::move(message), at(line)}); }
    void add(const char* rule, Severity s, std::string message, const Evidence& e) { out.push_back({rule, s, std::move(message), e}); }
};

enum class SocketRelation { Different, Same, Unknown };

/// Whether GPUs `a` and `b` (their indices) sit on different sockets by what the file prints:
/// Different when their NUMA nodes (both known, not -1) or their CPU affinities (both printed)
/// differ, Same when what is known agrees, Unknown when the file gives neither for both.
SocketRelation socketRelation(const ServerModel& s, int a, int b)
{
    const auto find = [&](int index) -> const ImportedGpu* {
        for (const auto& g : s.gpus)
            if (g.index == index) return &g;
        return nullptr;
    };
    const ImportedGpu* ga = find(a);
    const ImportedGpu* gb = find(b);
    if (!ga || !gb) return SocketRelation::Unknown;
    const bool numaKnown = ga->numaNode && gb->numaNode && *ga->numaNode >= 0 && *gb->numaNode >= 0;
    const bool affinityKnown = !ga->cpuAffinity.empty() && !gb->cpuAffinity.empty();
    if ((numaKnown && *ga->numaNode != *gb->numaNode) || (affinityKnown && ga->cpuAffinity != gb->cpuAffinity)) return SocketRelation::Different;
    return numaKnown || affinityKnown ? SocketRelation::Same : SocketRelation::Unknown;
}

std::string list(const std::vector<std::string>& items, std::size_t max = 8)
{
    std::string s;
    for (std::size_t i = 0; i < items.size() && i < max; ++i) s += (i ? ", " : "") + items[i];
    if (items.size() > max) s += " and " + std::to_string(items.size() - max) + " more";
    return s;
}

int pathRank(PathKind k) { return static_cast<int>(k); }

// ---------------------------------------------------------------------------------- server

void serverRules(Ctx& c, const ServerModel& s)
{
    const bool xml = s.format == "NCCL topology XML";
    const int nG = static_cast<int>(s.gpus.size());
    const int nN = static_cast<int>(s.nics.size());

    // GPU identity from PCI ids (XML, lspci).
    std::vector<std::string> geforce;
    int geforceLine = 0;
    // By PCI id (NCCL XML, lspci "Device 2684"), else by the name the file prints (lspci
    // "AD102 [GeForce RTX 4090]" has no id).
    const auto identify = [](const ImportedGpu& g) {
        GpuIdentity id = identifyPciGpu("0x10de", g.pciDevice);
        if (id.name.empty() && !g.name.empty()) id = identifyGpuName(g.name);
        return id;
    };
    for (const auto& g : s.gpus) {
        const GpuIdentity id = identify(g);
        const bool isGeForce = id.geforce || (g.vgaClass.value_or(false) && g.gdr.has_value() && !*g.gdr);
        if (isGeForce) {
            geforce.push_back(g.label);
            if (!geforceLine) geforceLine = g.line;
        }
    }
    if (!geforce.empty() && nG > 1) {
        const GpuIdentity id = identify(s.gpus.front());
        c.add("no-peer-to-peer", Severity::Warning,
              (id.name.empty() ? std::string("display-class GPUs without GPUDirect (gdr=0)") : id.name) + " (" + list(geforce) +
                  "): GeForce cards have no GPUDirect peer-to-peer with NVIDIA's stock driver, so NCCL copies every GPU-to-GPU "
                  "transfer through host memory; PCIe proximity (PIX/PHB) buys nothing and a PIX pair can be slower than a SYS pair "
                  "(NCCL maintainers, nccl #1309)",
              geforceLine);
    }
    // topo -p2p statuses.
    std::map<std::string, std::vector<std::string>> p2pBad;
    int p2pLine = 0;
    for (const auto& p : s.gpuPairs)
        if (!p.p2p.empty() && p.p2p != "OK") {
            p2pBad[p.p2p].push_back("GPU" + std::to_string(p.a) + "-GPU" + std::to_string(p.b));
            if (!p2pLine) p2pLine = p.line;
        }
    for (const auto& [status, pairs] : p2pBad) {
        const std::string why = status == "GNS"   ? "GPU not supported: a GeForce card with the stock driver"
                                : status == "CNS" ? "chipset not supported"
                                : status == "TNS" ? "topology not supported"
                                : status == "DR"  ? "disabled by a registry key"
                                : status == "NS"  ? "not supported"
                                                  : "status " + status;
        c.add("no-peer-to-peer", Severity::Warning,
              "peer-to-peer is off for " + list(pairs) + " (" + status + ": " + why +
                  "): NCCL stages GPU-to-GPU traffic through host memory (SHM), at a fraction of the PCIe rate",
              p2pLine);
    }

    // NVLink coverage and pairs that cross sockets.
    int nvPairs = 0, pairsKnown = 0;
    std::vector<std::string> sysPairs, nonNvPairs;     // sysPairs: SYS between GPUs of different CPU/NUMA affinity
    std::vector<std::string> sameSocketSys, unplacedSys; // SYS within one affinity set; SYS with no affinity printed
    int sysLine = 0, sameSocketLine = 0, unplacedLine = 0;
    for (const auto& p : s.gpuPairs) {
        if (p.path == PathKind::Unknown) continue;
        ++pairsKnown;
        if (p.path == PathKind::NVLink) {
            ++nvPairs;
            continue;
        }
        nonNvPairs.push_back("GPU" + std::to_string(p.a) + "-GPU" + std::to_string(p.b));
        if (p.path != PathKind::Sys) continue;
        const std::string name = "GPU" + std::to_string(p.a) + "-GPU" + std::to_string(p.b);
        switch (socketRelation(s, p.a, p.b)) {
        case SocketRelation::Different:
            sysPairs.push_back(name);
            if (!sysLine) sysLine = p.line;
            break;
        case SocketRelation::Same:
            sameSocketSys.push_back(name);
            if (!sameSocketLine) sameSocketLine = p.line;
            break;
        case SocketRelation::Unknown:
            unplacedSys.push_back(name);
            if (!unplacedLine) unplacedLine = p.line;
            break;
        }
    }
    if (pairsKnown > 0 && nvPairs == 0 && nG > 1 && s.format != "rocm-smi --showtopo")
        c.add("no-nvlink", Severity::Info,
              "no GPU pair has NVLink: every collective inside the server runs over PCIe (NCCL models " +
                  std::string("Gen4 x16 at 24 GB/s, Gen5 at 48 GB/s per direction), through the CPU where the path is PHB or SYS"),
              xml ? (s.gpus.empty() ? 0 : s.gpus.front().line) : s.headerLine);
    if (nvPairs > 0 && !nonNvPairs.empty())
        c.add("nvlink-partial", Severity::Info,
              "NVLink joins " + std::to_string(nvPairs) + " of " + std::to_string(pairsKnown) + " GPU pairs; " + list(nonNvPairs) +
                  " have none (a hybrid cube mesh): rings over all GPUs must route through NVLink neighbours, and traffic between the "
                  "others crosses PCIe and the CPU",
              s.headerLine);
    if (!sysPairs.empty() && nvPairs == 0)
        c.add("gpus-across-sockets", Severity::Warning,
              list(sysPairs) + " connect over SYS: their traffic crosses the CPU-to-CPU link (QPI/UPI or Infinity Fabric, which NCCL "
                               "models at about 22 GB/s on recent Intel CPUs), so a collective that includes them is slower than one "
                               "among GPUs of one socket",
              sysLine);
    if (!sameSocketSys.empty() && nvPairs == 0)
        c.add("sys-within-numa-node", Severity::Info,
              list(sameSocketSys) + " connect over SYS although the file gives each pair the same CPU affinity (and NUMA node where it prints "
                                    "one), so they sit on one socket: the path leaves the PCIe tree through the CPU's root complex and runs between its host "
                                    "bridges inside that socket (AMD EPYC's I/O die with NPS1 or more nodes per socket, or a VM whose "
                                    "hypervisor hides the PCIe layout, prints this), not over a CPU-to-CPU link; peer-to-peer traffic "
                                    "between them still goes through the CPU rather than a PCIe switch (p2pBandwidthLatencyTest shows "
                                    "its rate)",
              sameSocketLine);
    if (!unplacedSys.empty() && nvPairs == 0)
        c.add("gpus-across-sockets", Severity::Warning,
              list(unplacedSys) + " connect over SYS, which nvidia-smi's legend defines as crossing the interconnect between NUMA "
                                  "nodes (QPI/UPI or Infinity Fabric); the file gives no CPU or NUMA affinity to confirm which "
                                  "socket each GPU is on",
              unplacedLine);

    // NICs.
    if (nN > 0 && nG > 0) {
        std::vector<std::string> far;
        int farLine = 0;
        PathKind worst = PathKind::Unknown;
        for (const auto& g : s.gpus) {
            const GpuNicPath* p = s.nearestNic(g.index);
            if (!p) continue;
            if (pathRank(p->path) >= pathRank(PathKind::PHB) && p->path != PathKind::Pcie) {
                far.push_back(g.label + " (" + p->token + ")");
                if (!farLine) farLine = g.line ? g.line : p->line;
                if (pathRank(p->path) > pathRank(worst) || worst == PathKind::Unknown) worst = p->path;
            }
        }
        if (!far.empty())
            c.add("nic-far-from-gpu", Severity::Warning,
                  "no NIC shares a PCIe switch with " + list(far) +
                      " (nearest NIC's path in brackets): NCCL uses GPUDirect RDMA only when GPU and NIC share a PCIe switch "
                      "(NCCL_NET_GDR_LEVEL default PXB), so their network traffic is staged in host memory" +
                      (worst == PathKind::Sys ? ", and on SYS paths it also goes through the CPU (and over the CPU-to-CPU link when GPU and NIC "
                                                "sit on different sockets)"
                                              : "") +
                      "; enabling GPUDirect RDMA doubled busbw in nccl-tests #29",
                  farLine ? farLine : s.headerLine);
        // The compute NICs (nicRoles, the count the imported design takes); every NIC when the
        // file does not place every GPU.
        const NicRoles roles = nicRoles(s);
        const int nC = roles.everyGpuPlaced ? static_cast<int>(roles.compute.size()) : nN;
        if (nC > 0 && nC < nG) {
            int line = s.headerLine;
            // NCCL XML and lspci have no header line: the first compute NIC's own line.
            if ((xml || s.headerLine == 0) && !s.nics.empty()) {
                line = s.nics.front().line;
                for (const auto& n : s.nics)
                    if (roles.everyGpuPlaced && n.index == roles.compute.front()) line = n.line;
            }
            const bool split = !roles.other.empty();
            c.add("fewer-nics-than-gpus", Severity::Warning,
                  std::to_string(nG) + " GPUs share " + std::to_string(nC) + (split ? " compute" : "") + " NIC" + (nC > 1 ? "s" : "") +
                      (split ? " (the NICs nearest to the GPUs: " + nicNames(s, roles.compute) + ")" : std::string()) +
                      ": in a multi-node collective each NIC carries the traffic of " + significantDigits(static_cast<double>(nG) / nC, 2) +
                      " GPUs, so per-GPU network bandwidth is the NIC rate divided by that (4 GPUs on one 400G NIC gave 5.8 GB/s "
                      "in CCI-MOC roce-testing)" +
                      (split ? "; " + nicNames(s, roles.other) + (roles.other.size() > 1 ? " are" : " is") +
                                   " nearest to no GPU: likely a front-end or storage NIC, not counted here, since NCCL's topology "
                                   "search tries each GPU's nearest NICs first (unless NCCL_IB_HCA leaves those out)"
                             : std::string()),
                  line);
        }
        // PCIe switches between GPUs and NICs: ACS redirects peer traffic through the root complex.
        std::vector<std::string> switched;
        int swLine = 0;
        for (const auto& p : s.gpuNic)
            if (p.path == PathKind::PIX || p.path == PathKind::PXB) {
                const std::string g = "GPU" + std::to_string(p.gpu);
                if (std::find(switched.begin(), switched.end(), g) == switched.end()) switched.push_back(g);
                if (!swLine) swLine = p.line;
                if (!swLine)
                    for (const auto& gpu : s.gpus)
                        if (gpu.index == p.gpu) swLine = gpu.line;
            }
        if (!switched.empty())
            c.add("acs-check", Severity::Info,
                  list(switched) + " reach a NIC through a PCIe switch: if ACS (Access Control Services) is enabled on that switch, "
                                   "peer-to-peer and GPUDirect RDMA traffic is sent up to the root complex, halving bandwidth or "
                                   "failing (nccl-tests #252, #112); check `lspci -vvv | grep ACSCtl` shows SrcValid-",
                  swLine ? swLine : s.headerLine);
    }

    // Virtual machine traits.
    std::vector<std::string> vm;
    int vmLine = 0;
    for (const auto& cpu : s.cpus)
        if (cpu.numaNode && *cpu.numaNode < 0) {
            vm.push_back("numaid -1");
            if (!vmLine) vmLine = cpu.line;
            break;
        }
    int zeroWidth = 0, slowBridges = 0, vmDevices = 0;
    for (const auto& g : s.gpus)
        if (g.pcie.width && *g.pcie.width == 0) {
            ++zeroWidth;
            if (!vmLine) vmLine = g.line;
        }
    for (const auto& n : s.nics)
        if (n.pcie.width && *n.pcie.width == 0) ++zeroWidth;
    for (const auto& p : s.pcie) {
        if (startsWith(p.pciClass, "0x0604") && p.link.speedGTps && *p.link.speedGTps <= 2.5 && p.link.width && *p.link.width <= 1) {
            ++slowBridges;
            if (!vmLine) vmLine = p.line;
        }
        if (isVirtualMachinePciVendor(p.vendor)) {
            ++vmDevices;
            if (!vmLine) vmLine = p.line;
        }
    }
    if (zeroWidth) vm.push_back(std::to_string(zeroWidth) + " devices with link_width 0");
    if (slowBridges) vm.push_back(std::to_string(slowBridges) + " bridges at 2.5 GT/s x1");
    if (vmDevices) vm.push_back(std::to_string(vmDevices) + " virtio/QEMU devices");
    if (!vm.empty())
        c.add("vm-flattened-topology", Severity::Warning,
              "this is a virtual machine's flattened topology (" + list(vm) +
                  "): the hypervisor hides the real PCIe switches and NUMA, so NCCL may pair GPUs with the wrong NICs and read "
                  "PCIe bandwidths that do not exist; give NCCL the host's topology (NCCL_TOPO_FILE; the cloud vendors publish "
                  "them) and check ACS/ATS on the host (an H200 VM reached 27 GB/s instead of 476, nccl-tests #256)",
              vmLine);

    // PCIe links of GPUs: narrower than x16, or slower than the bridge above them or their generation.
    for (const auto& g : s.gpus) {
        if (!g.pcie.width && !g.pcie.speedGTps) continue;
        std::vector<std::string> why;
        if (g.pcie.width && *g.pcie.width > 0 && *g.pcie.width < 16) why.push_back("x" + std::to_string(*g.pcie.width) + " instead of x16");
        const PcieNode* self = nullptr;
        for (const auto& p : s.pcie)
            if (p.busId == g.pciBusId) self = &p;
        if (self && self->parent >= 0) {
            const PcieNode& parent = s.pcie[static_cast<std::size_t>(self->parent)];
            if (g.pcie.speedGTps && parent.link.speedGTps && *g.pcie.speedGTps < *parent.link.speedGTps && *parent.link.speedGTps > 2.5)
                why.push_back(significantDigits(*g.pcie.speedGTps, 3) + " GT/s under a " + significantDigits(*parent.link.speedGTps, 3) + " GT/s bridge");
        }
        if (!why.empty())
            c.add("pcie-link-degraded", Severity::Warning,
                  g.label + "'s PCIe link runs " + list(why) +
                      ": NCCL avoids peer-to-peer or caps the path at the narrow link (any x4/x8 card sent NCCL to the CPU path in "
                      "tinygrad/open-gpu-kernel-modules #17); reseat the card or check the slot and risers",
                  g.line);
    }
}

// ------------------------------------------------------------------------------------ log

bool truthy(const std::string& v) { return v == "1" || v == "true" || v == "TRUE" || v == "yes"; }

/// The environment overrides that change what a run measures, from an NCCL log ("NCCL_ALGO
/// set by environment to Ring") or a command line ("mpirun -x NCCL_NET_GDR_LEVEL=4 ...").
void envRules(Ctx& c, const std::vector<EnvSetting>& env)
{
    for (const auto& e : env) {
        std::string why;
        Severity sev = Severity::Info;
        if (e.name == "NCCL_P2P_DISABLE" && truthy(e.value)) why = "turns peer-to-peer off: GPU-to-GPU traffic goes through host memory", sev = Severity::Warning;
        else if (e.name == "NCCL_SHM_DISABLE" && truthy(e.value)) why = "turns shared-memory transport off: without peer-to-peer traffic falls back to the network", sev = Severity::Warning;
        else if (e.name == "NCCL_IB_DISABLE" && truthy(e.value)) why = "turns InfiniBand/RoCE off: inter-node traffic uses TCP sockets", sev = Severity::Warning;
        else if (e.name == "NCCL_P2P_LEVEL" && (e.value == "LOC" || e.value == "0")) why = "forbids peer-to-peer between any two GPUs", sev = Severity::Warning;
        else if (e.name == "NCCL_NET_GDR_LEVEL") {
            // NCCL's environment-variable documentation: LOC, PIX, PXB, PHB, SYS (the retired
            // integers 0, 1, 2, 3, 4 and up name the same levels); the default is PXB.
            const std::string v = e.value;
            const bool number = !v.empty() && std::all_of(v.begin(), v.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
            const int level = number && v.size() < 4 ? std::stoi(v) : -1;
            if (v == "LOC" || level == 0)
                why = "turns GPUDirect RDMA off: every network transfer is staged in host memory", sev = Severity::Warning;
            else if (v == "PIX" || level == 1)
                why = "allows GPUDirect RDMA only where GPU and NIC share one PCIe switch (PIX, stricter than the default PXB): any other "
                      "pair stages its network traffic in host memory";
            else if (v == "PXB" || level == 2)
                why = "sets NCCL's default (PXB): GPUDirect RDMA where GPU and NIC sit under common PCIe switches";
            else if (v == "PHB" || level == 3)
                why = "allows GPUDirect RDMA through the CPU's PCIe host bridge too (PHB, looser than the default PXB): such a path may run "
                      "slower that way than staged in host memory";
            else if (v == "SYS" || level >= 4)
                why = "allows GPUDirect RDMA across CPU sockets (SYS, looser than the default PXB): a GPU reaching its NIC through the CPUs' "
                      "interconnect may run slower that way than staged in host memory";
            else
                why = "sets how close GPU and NIC must be for GPUDirect RDMA (\"" + v + "\", not a level NCCL names: LOC, PIX, PXB, PHB "
                      "or SYS)";
        }
        else if (e.name == "NCCL_ALGO") why = "forces the algorithm (" + e.value + "): NCCL no longer chooses one per size and may run it where another is faster, so busbw is not comparable with a default run";
        else if (e.name == "NCCL_PROTO") why = "forces the protocol (" + e.value + ")";
        else if (e.name == "NCCL_IGNORE_CPU_AFFINITY" && truthy(e.value)) why = "ignores the GPUs' CPU affinity: proxy threads may run on the far socket";
        else if (e.name == "NCCL_TOPO_FILE") why = "replaces the detected topology with a file (" + e.value + "): the file must match the machine";
        else if (e.name == "NCCL_IB_HCA") why = "restricts NCCL to the HCAs " + e.value + ": any HCA left out carries no traffic";
        else continue;
        // NCCL_IB_HCA's "=mlx5_0" (exact names) would print as "NCCL_IB_HCA==mlx5_0": quote such a value.
        c.add("env-override", sev, e.name + "=" + (startsWith(e.value, "=") ? "\"" + e.value + "\"" : e.value) + " " + why, e.line);
    }
}

void logRules(Ctx& c, const LogSummary& log)
{
    const TransportUse* socket = nullptr;
    const TransportUse* netNoGdr = nullptr;
    const TransportUse* shm = nullptr;
    bool netGdr = false;
    for (const auto& t : log.transports) {
        if (t.transport == "NET/Socket" && !socket) socket = &t;
        if (startsWith(t.transport, "NET/") && t.transport != "NET/Socket") {
            if (t.gdrdma) netGdr = true;
            else if (!netNoGdr) netNoGdr = &t;
        }
        if (t.transport == "SHM" && !shm) shm = &t;
    }
    if (socket)
        c.add("net-socket", Severity::Warning,
              "inter-node traffic runs over TCP sockets (NET/Socket, " + std::to_string(socket->connections) +
                  (socket->connections == 1 ? " connection" : " connections") + "), not InfiniBand/RoCE RDMA: sockets reach a fraction of the NIC's rate and load the CPU; check that "
                  "libibverbs and the IB plugin load (NCCL_IB_DISABLE unset) and that NCCL_SOCKET_IFNAME names the fabric interface",
              socket->first);
    if (netNoGdr && !netGdr)
        c.add("no-gdrdma", Severity::Warning,
              "the network transport (" + netNoGdr->transport + ") runs without GPUDirect RDMA (no /GDRDMA on any connection" +
                  std::string(log.ringGdrOff ? "; NCCL reports GDR 0" : "") +
                  "): every transfer is staged in host memory; load nvidia-peermem (or use DMA-BUF), keep GPU and NIC under one "
                  "PCIe switch, and check NCCL_NET_GDR_LEVEL (GPUDirect RDMA doubled busbw in nccl-tests #29)",
              netNoGdr->first);
    else if (log.ringGdrOff && !netGdr && !socket)
        c.add("no-gdrdma", Severity::Warning,
              "NCCL connected its rings with GDR 0: network transfers are staged in host memory instead of GPUDirect RDMA",
              *log.ringGdrOff);
    if (shm)
        c.add("shm-transport", Severity::Warning,
              "GPUs of one node exchange data through host shared memory (SHM, " + std::to_string(shm->connections) +
                  (shm->connections == 1 ? " connection" : " connections") + ") instead of peer-to-peer: either the GPUs cannot copy peer-to-peer (GeForce, ACS, IOMMU) or "
                  "NCCL_P2P_DISABLE / NCCL_P2P_LEVEL forbids it",
              shm->first);
    if (log.nvlsUnavailable)
        c.add("nvls-unavailable", Severity::Info,
              "NVLink SHARP (NVLS) multicast is not available on these GPUs/this system, so all-reduce cannot use it (on 8x H100 "
              "NVLS reaches about 480 GB/s busbw against about 370 GB/s for rings, nccl-tests #212); it needs NVSwitch with "
              "multicast, the fabric manager and a recent driver",
              *log.nvlsUnavailable);
    // Fewer network devices than local ranks.
    if (!log.netDevices.empty() && log.localRanks && static_cast<int>(log.netDevices.size()) < *log.localRanks &&
        log.netDevices.front().plugin != "Socket")
        c.add("fewer-nics-than-gpus", Severity::Warning,
              std::to_string(*log.localRanks) + " ranks per node share " + std::to_string(log.netDevices.size()) + " network device" +
                  (log.netDevices.size() > 1 ? "s" : "") + ": each GPU gets a " + std::to_string(*log.localRanks) +
                  "th of the NIC in a multi-node collective (more GPUs per node gave lower network busbw in CCI-MOC roce-testing)",
              log.netDevices.front().line);
    envRules(c, log.env);
    // NCCL's own topology dump and path search.
    std::vector<std::string> vm;
    Evidence vmEvidence;
    int slow = 0, emulated = 0;
    for (const auto& l : log.topoLinks) {
        if (l.type == "PCI" && l.bandwidthGBps > 0 && l.bandwidthGBps <= 0.5) {
            ++slow;
            if (!vmEvidence.line) vmEvidence = l.line;
        }
        if (startsWith(l.ids, "104c8232") || startsWith(l.ids, "1af4") || startsWith(l.ids, "1b36")) ++emulated;
    }
    if (slow) vm.push_back(std::to_string(slow) + " PCI links NCCL rates at " + significantDigits(0.2, 3) + "-0.5 GB/s (2.5 GT/s x1 bridges)");
    if (emulated) vm.push_back(std::to_string(emulated) + " emulated bridges (vendor 104c device 8232, or virtio/QEMU)");
    if (!vm.empty())
        c.add("vm-flattened-topology", Severity::Warning,
              "NCCL's topology dump shows a virtual machine (" + list(vm) +
                  "): the hypervisor's emulated PCIe hides the real switches, so NCCL's bandwidth model and GPU-NIC pairing are "
                  "wrong; give it the host's topology with NCCL_TOPO_FILE and check ACS/ATS on the host (nccl-tests #256)",
              vmEvidence);
    // GPU-to-GPU paths through the CPU (no peer-to-peer), GPU-to-NET paths through the CPU.
    const TopoPath* gpuPhb = nullptr;
    bool gpuP2p = false;
    const TopoPath* netFar = nullptr;
    for (const auto& p : log.paths) {
        const bool fromGpu = startsWith(p.from, "GPU/"), toGpu = startsWith(p.to, "GPU/");
        if (fromGpu && toGpu && p.type != "LOC") {
            if (p.type == "NVL" || p.type == "NVB" || p.type == "PIX" || p.type == "PXB") gpuP2p = true;
            // PHB first: two GPUs under one switch routed through the CPU is the telling case.
            else if ((p.type == "PHB" && (!gpuPhb || gpuPhb->type != "PHB")) || (!gpuPhb && (p.type == "SYS" || p.type == "NODE"))) gpuPhb = &p;
        }
        if (fromGpu && startsWith(p.to, "NET/") && (p.type == "PHB" || p.type == "SYS" || p.type == "NODE") && !netFar) netFar = &p;
    }
    if (gpuPhb && !gpuP2p)
        c.add("no-peer-to-peer", Severity::Warning,
              "NCCL routes GPU-to-GPU traffic through the CPU (path " + gpuPhb->from + " -> " + gpuPhb->to + " typed " + gpuPhb->type +
                  " at " + significantDigits(gpuPhb->bandwidthGBps, 3) +
                  " GB/s): it found no usable peer-to-peer path, even between GPUs under one PCIe switch (GeForce cards, or ACS)",
              gpuPhb->line);
    if (netFar)
        c.add("nic-far-from-gpu", Severity::Warning,
              "NCCL's path from " + netFar->from + " to " + netFar->to + " is " + netFar->type + " (" + significantDigits(netFar->bandwidthGBps, 3) +
                  " GB/s): the NIC is not under the GPU's PCIe switch, so GPUDirect RDMA is off by default and traffic crosses the CPU",
              netFar->line);
    if (!log.unreadableSysfs.empty())
        c.add("pcie-speed-unknown", Severity::Info,
              "NCCL could not read a PCIe link's speed or width from sysfs (" + std::to_string(log.unreadableSysfs.size()) +
                  " lines) and assumed defaults: its bandwidth model may not match the hardware (nccl-tests #182)",
              log.unreadableSysfs.front());
}

// ---------------------------------------------------------------------------------- curve

/// The words of a shell command line as the shell splits them: blanks separate words, quotes
/// ('...', "...") and a backslash keep blanks and commas inside one, and a word starting with
/// '#' ends the command (a comment).
std::vector<std::string> shellWords(const std::string& command)
{
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char ch = command[i];
        if (quote) {
            if (ch == quote) quote = 0;
            else word += ch;
            continue;
        }
        if (ch == '\'' || ch == '"') {
            quote = ch;
            inWord = true;
        } else if (ch == '\\' && i + 1 < command.size()) {
            word += command[++i];
            inWord = true;
        } else if (ch == ' ' || ch == '\t') {
            if (inWord) words.push_back(std::move(word));
            word.clear();
            inWord = false;
        } else if (ch == '#' && !inWord) {
            break;
        } else {
            word += ch;
            inWord = true;
        }
    }
    if (inWord) words.push_back(std::move(word));
    return words;
}

/// NCCL_* settings a command line passes to the run: "mpirun -x NCCL_NET_GDR_LEVEL=4",
/// "NCCL_ALGO=Ring ./all_reduce_perf", "srun --export=ALL,NCCL_PROTO=Simple", quoted values
/// ("-x NCCL_IB_HCA=\"mlx5_0:1,mlx5_1:1\"") whole. A bare "-x NCCL_X" (exported from the
/// caller's environment) has no value here and is left out; a setting given twice counts once,
/// with its last value (the one the run sees).
std::vector<EnvSetting> commandEnv(const std::string& command, const Evidence& line)
{
    std::vector<EnvSetting> out;
    static const std::regex setting(R"(^(NCCL_[A-Z0-9_]+)=(.*)$)");
    static const std::regex anyName(R"(^[A-Z_][A-Z0-9_]*(=.*)?$)"); // a variable's name, as environments spell them
    const auto add = [&](const std::string& text) {
        std::smatch m;
        if (!std::regex_match(text, m, setting)) return;
        const std::string name = m[1].str();
        out.erase(std::remove_if(out.begin(), out.end(), [&](const EnvSetting& e) { return e.name == name; }), out.end());
        out.push_back({name, m[2].str(), line});
    };
    for (const std::string& word : shellWords(command)) {
        if (!startsWith(word, "--export=")) {
            add(word);
            continue;
        }
        // srun's list: NAME=VALUE items (and ALL, NONE) separated by commas; a piece that names
        // nothing continues the value before it ("NCCL_IB_HCA=mlx5_0:1,mlx5_1:1").
        std::vector<std::string> items;
        std::istringstream pieces(word.substr(9));
        std::string piece;
        while (std::getline(pieces, piece, ',')) {
            if (!items.empty() && !std::regex_match(piece, anyName)) items.back() += "," + piece;
            else items.push_back(piece);
        }
        for (const std::string& item : items) add(item);
    }
    return out;
}

/// The NCCL_* settings of `curve`'s command line (commandEnv), each cited at the line of the
/// file that holds it: a command split over lines ending in '\' starts on curve.commandLine
/// and runs to its first line without one, and "-x NCCL_IB_HCA=... \" on its seventh line is
/// evidence there, not on the first. A setting no single line holds whole (a quoted value split
/// over lines) is cited at the command's first line.
std::vector<EnvSetting> commandEnvByLine(const Ctx& c, const MeasuredCurve& curve)
{
    std::vector<EnvSetting> env = commandEnv(curve.command, c.at(curve.commandLine));
    // The command's lines, as the parser joined them: blank lines are passed over, a line
    // without a trailing '\' ends it.
    std::vector<int> commandLines;
    const int last = static_cast<int>(c.r.lines.size());
    for (int n = curve.commandLine; n >= 1 && n <= last; ++n) {
        const std::string t = trim(c.r.lines[static_cast<std::size_t>(n - 1)]);
        if (t.empty()) continue;
        commandLines.push_back(n);
        if (t.back() != '\\') break;
    }
    for (EnvSetting& e : env) {
        // The last line that sets it to the value the run sees (a setting given twice counts with its last value).
        for (auto n = commandLines.rbegin(); n != commandLines.rend(); ++n) {
            std::string t = trim(c.r.lines[static_cast<std::size_t>(*n - 1)]);
            if (!t.empty() && t.back() == '\\') t.pop_back();
            const std::vector<EnvSetting> own = commandEnv(t, Evidence{});
            const bool holds = std::any_of(own.begin(), own.end(), [&e](const EnvSetting& o) { return o.name == e.name && o.value == e.value; });
            if (holds) {
                e.line = c.at(*n);
                break;
            }
        }
    }
    return env;
}

void curveRules(Ctx& c, const MeasuredCurve& curve)
{
    if (!curve.command.empty()) envRules(c, commandEnvByLine(c, curve));
    if (const auto u = unsteadyTimes(curve))
        c.add("unsteady-times", Severity::Warning,
              "the times are unsteady: " + u->words +
                  ". A bandwidth limit (NICs, NVLink, the fabric) gives steady times, so something varies while the run goes: look "
                  "at the hosts (a virtual machine without the host's PCIe and NUMA layout: give NCCL a topology file, NCCL_TOPO_FILE; "
                  "PCIe ACS or the IOMMU routing peer-to-peer traffic through the root complex: lspci -vvv | grep ACSCtl; the ranks' CPU "
                  "affinity) and at other jobs on the same servers or fabric, and repeat the run (nccl-tests #256)",
              u->line);
    // GeForce GPUs named in the rank lines.
    if (!curve.gpuName.empty()) {
        const GpuIdentity id = identifyGpuName(curve.gpuName);
        int rankLine = 0;
        for (std::size_t i = 0; i < c.r.lines.size() && !rankLine; ++i)
            if (c.r.lines[i].find(curve.gpuName) != std::string::npos) rankLine = static_cast<int>(i) + 1;
        if (id.geforce && curve.ranks > 1)
            c.add("no-peer-to-peer", Severity::Warning,
                  curve.gpuName + ": GeForce cards have no GPUDirect peer-to-peer with NVIDIA's stock driver, so NCCL copies through "
                                  "host memory (nccl #1309); patched drivers enable it with correctness surprises (club-3090 #922)",
                  rankLine);
    }
    const auto pts = curve.points();
    // One thread driving several GPUs: small sizes time the host, not the GPUs or the fabric.
    // Said only when some measured time is within twice the host floor: a run of large sizes
    // only (128 MiB-4 GiB, hundreds of us) is not host-bound anywhere.
    double smallest = 0;
    for (const auto& p : pts)
        if (p.timeUs > 0 && (smallest == 0 || p.timeUs < smallest)) smallest = p.timeUs;
    if (curve.gpusPerThread.value_or(1) > 1 && smallest > 0 &&
        smallest <= 2.0 * analysis::hostIssueFloorUs(*curve.gpusPerThread)) {
        const int g = *curve.gpusPerThread;
        int headerLine = 0;
        for (std::size_t i = 0; i < c.r.lines.size() && !headerLine; ++i)
            if (c.r.lines[i].find("nGpus") != std::string::npos) headerLine = static_cast<int>(i) + 1;
        c.add("single-thread-launch", Severity::Info,
              "one thread drove " + std::to_string(g) + " GPUs (nGpus " + std::to_string(g) + "): every iteration waits for it to issue " +
                  "the collective on each GPU, about " + significantDigits(analysis::hostIssueFloorUs(g), 3) + " us (" + std::to_string(g) +
                  " x 4.2 us, nccl-tests #123)" + (smallest > 0 ? "; the smallest sizes here take " + significantDigits(smallest, 3) + " us" : std::string()) +
                  ". Small-message latency then measures the host, not the GPUs or the network: for latency, run one process per "
                  "GPU (mpirun -np N ... -g 1) or one thread per GPU (-t N)",
              headerLine);
    }
    for (std::size_t i = 1; i < pts.size(); ++i) {
        const auto& a = pts[i - 1];
        const auto& b = pts[i];
        if (b.bytes < 1024.0 * 1024.0 || a.busbwGBps < 0.1) continue;
        if (b.busbwGBps < 0.5 * a.busbwGBps) {
            c.add("curve-collapse", Severity::Warning,
                  "busbw falls from " + significantDigits(a.busbwGBps, 3) + " GB/s at " + formatBytes(a.bytes) + " to " + significantDigits(b.busbwGBps, 3) + " GB/s at " +
                      formatBytes(b.bytes) +
                      ": larger messages should never be slower; a protocol or transport switch at that size is failing (a network "
                      "plugin falling back, congestion, or a retransmission storm)",
                  b.line);
            break;
        }
    }
}

} // namespace

std::vector<AdvisorFinding> adviseFromFile(const ImportResult& r)
{
    Ctx c{r, {}};
    if (r.server) serverRules(c, *r.server);
    if (r.log) logRules(c, *r.log);
    if (r.curve) curveRules(c, *r.curve);
    // Errors first, then warnings, then information; file order within each.
    std::stable_sort(c.out.begin(), c.out.end(), [](const AdvisorFinding& a, const AdvisorFinding& b) {
        return static_cast<int>(a.severity) < static_cast<int>(b.severity);
    });
    return c.out;
}

} // namespace model::io
