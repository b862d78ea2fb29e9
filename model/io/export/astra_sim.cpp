// ASTRA-sim network / system / remote-memory configuration from a design (see astra_sim.hpp).
#include "model/io/export/astra_sim.hpp"

#include "model/analysis/calibration.hpp"
#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/layers.hpp"
#include "model/io/input_error.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace model::io {

using nlohmann::json;

namespace {

/// ASTRA-sim's analytical backend reads "GB/s" as 2^30 bytes per second (NetworkFunction.cpp).
constexpr double kBytesPerAstraGB = 1073741824.0;

double toGiBps(double decimalGBps) { return decimalGBps * 1e9 / kBytesPerAstraGB; }

const LayerBandwidth* layer(const std::vector<LayerBandwidth>& layers, Scope s)
{
    for (const auto& l : layers)
        if (l.scope == s) return &l;
    return nullptr;
}

std::string yamlList(const std::vector<std::string>& items)
{
    std::string s = "[ ";
    for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
    return s + " ]";
}

} // namespace

AstraSimExport exportAstraSim(const Design& design, const Catalog& catalog)
{
    const analysis::ClusterFacts facts = analysis::extractFacts(design, catalog);
    if (facts.servers.empty()) throw InputError("<design>", design.name, "", "expected at least one GPU server: there is nothing for ASTRA-sim to simulate");
    const analysis::ServerFacts& first = facts.servers.front();
    for (const auto& s : facts.servers)
        if (s.spec->id != first.spec->id)
            throw InputError("<design>", s.node->name, "model",
                             "expected every server to be a " + first.spec->id + ": ASTRA-sim's multi-dimensional network needs identical "
                             "servers, and this design mixes " + first.spec->id + " and " + s.spec->id + " (export the InfraGraph description instead)");
    const int servers = static_cast<int>(facts.servers.size());
    if (servers > 1 && facts.islands > 1)
        throw InputError("<design>", design.name, "links", "expected every server to reach every other; the design has " + std::to_string(facts.islands) +
                                                               " islands of servers that cannot reach each other");
    const auto layers = analysis::computeLayers(facts);
    const LayerBandwidth* intra = layer(layers, Scope::IntraNode);
    const LayerBandwidth* boundary = layer(layers, Scope::NodeBoundary);
    const LayerBandwidth* fabric = layer(layers, Scope::Fabric);
    AstraSimExport out;
    const int gpus = first.gpus;
    // The scale-up domain: NVLink (the engine's facts), or an xGMI / Gaudi direct mesh.
    int domain = std::max(1, first.nvlinkDomainGpus);
    if (first.spec->intraNode == IntraNodeFabric::DirectMesh) domain = std::clamp(first.spec->scaleUpDomainGpus, 1, first.gpus);
    const ServerSpec& spec = *first.spec;
    const GpuSpec& gpu = *first.gpu;
    const double nvlinkHopNs = calibration::kRingHopNvlinkUs[0] * 1000.0;
    const double pcieHopNs = calibration::kRingHopPcieUs[0] * 1000.0;
    const double netHopNs = calibration::kRingHopNetUs[0] * 1000.0;

    // Scale-up dimension(s).
    if (domain > 1) {
        AstraDimension d;
        d.scope = "intra_node";
        d.npus = domain;
        d.latencyNs = nvlinkHopNs;
        d.collective = "ring";
        d.allToAll = "direct";
        const bool mesh = spec.intraNode == IntraNodeFabric::DirectMesh || spec.intraNode == IntraNodeFabric::NVLinkBridge;
        if (mesh) {
            d.topology = "FullyConnected";
            // A mesh link carries the rate to one peer; a switch port the GPU's whole rate.
            d.bandwidthGBps = gpu.scaleUpPeerPerDirection ? gpu.scaleUpPeerPerDirection->inGBps()
                                                          : gpu.scaleUpPerDirection().inGBps() / std::max(1, domain - 1);
            d.source = gpu.name + " " + toString(gpu.scaleUp) + " direct links, per peer, one direction";
        } else {
            d.topology = "Switch";
            d.bandwidthGBps = intra ? intra->perGpu.inGBps() : gpu.scaleUpPerDirection().inGBps();
            d.source = intra ? intra->technology + ", per GPU, one direction (design layer intra_node)" : gpu.name + " scale-up, per GPU";
        }
        out.dimensions.push_back(d);
    }
    if (gpus / domain > 1) {
        AstraDimension d;
        d.scope = "intra_node";
        d.topology = "Switch";
        d.npus = gpus / domain;
        d.bandwidthGBps = domain > 1 ? gpu.pciePerDirection().inGBps() : (intra ? intra->perGpu.inGBps() : gpu.pciePerDirection().inGBps());
        d.latencyNs = pcieHopNs;
        d.collective = "ring";
        d.allToAll = "direct";
        d.source = domain > 1 ? "PCIe Gen" + std::to_string(gpu.pcieGeneration) + " x" + std::to_string(gpu.pcieLanes) + " between NVLink domains of one server"
                              : (intra ? intra->technology + ", per GPU, one direction (design layer intra_node)" : "PCIe");
        if (!gpu.peerToPeerOverPcie) {
            // No PCIe peer-to-peer (GeForce with stock drivers): every hop is a copy to pinned
            // host memory and one back, two PCIe traversals, which ASTRA-sim cannot express as
            // a topology; the dimension carries the rate and latency the engine uses for such a
            // hop (calibration.hpp kHostStaged*: half the rate, twice the latency).
            d.bandwidthGBps *= calibration::kHostStagedBandwidthFactor;
            d.latencyNs *= calibration::kHostStagedLatencyFactor;
            d.source += ", host-staged (no peer-to-peer: each hop crosses PCIe twice, so half the spec rate)";
            out.notes.push_back(gpu.name + " has no PCIe peer-to-peer: the intra-node dimension is half the PCIe spec rate (" +
                                configNumber(d.bandwidthGBps) + " GB/s per GPU, one direction) at twice its hop latency, "
                                "because every hop is staged through host memory");
        }
        out.dimensions.push_back(d);
    }

    // Scale-out dimension(s).
    if (servers > 1) {
        if (!boundary || boundary->perGpu.isZero())
            throw InputError("<design>", design.name, "links", "expected the servers' NICs to be cabled: the node boundary carries nothing");
        const double nb = boundary->perGpu.inGBps();
        const double fb = fabric ? fabric->perGpu.inGBps() : nb;
        // Servers that reach the fabric through the same leaves form a group.
        std::map<std::vector<int>, int> groups;
        for (const auto& s : facts.servers) {
            std::vector<int> leaves;
            for (int i : s.portSwitchIndex)
                if (i >= 0) leaves.push_back(i);
            std::sort(leaves.begin(), leaves.end());
            leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
            ++groups[leaves];
        }
        std::set<int> sizes;
        for (const auto& [k, n] : groups) sizes.insert(n);
        // Rail-local: every server's port p on the same switch as every other's (as the engine's
        // comm_group.cpp railLocal). ASTRA-sim's scale-out dimension joins the NPUs of one local
        // index, so its traffic turns at those switches and never reaches an oversubscribed tier.
        bool railLocal = true;
        for (const auto& s : facts.servers)
            if (s.portSwitchIndex != facts.servers.front().portSwitchIndex) railLocal = false;
        const bool oversubscribed = fb < nb * 0.999;
        if (oversubscribed && railLocal) {
            AstraDimension d;
            d.scope = "node_boundary";
            d.topology = "Switch";
            d.npus = servers;
            d.bandwidthGBps = nb;
            d.latencyNs = netHopNs;
            d.collective = "ring";
            d.allToAll = "direct";
            d.source = boundary->technology + " per GPU (design layer node_boundary), every server's NIC i on the same leaf";
            out.notes.push_back("the fabric is oversubscribed " + configNumber(facts.worstOversubscription) +
                                ":1, but every server's NIC i shares one leaf with every other server's NIC i: the scale-out "
                                "dimension (NPUs of the same local index) never crosses a spine, so it carries the NIC rate");
            out.dimensions.push_back(d);
        } else if (oversubscribed && groups.size() > 1 && sizes.size() == 1) {
            AstraDimension leaf;
            leaf.scope = "node_boundary";
            leaf.topology = "Switch";
            leaf.npus = *sizes.begin();
            leaf.bandwidthGBps = nb;
            leaf.latencyNs = netHopNs;
            leaf.collective = "ring";
            leaf.allToAll = "direct";
            leaf.source = boundary->technology + " per GPU (design layer node_boundary), servers behind the same leaves";
            out.dimensions.push_back(leaf);
            AstraDimension up = leaf;
            up.scope = "fabric";
            up.npus = static_cast<int>(groups.size());
            up.bandwidthGBps = fb;
            up.source = "fabric per GPU after oversubscription " + configNumber(facts.worstOversubscription) + ":1 (design layer fabric)";
            out.dimensions.push_back(up);
        } else {
            AstraDimension d;
            d.scope = oversubscribed ? "fabric" : "node_boundary";
            d.topology = "Switch";
            d.npus = servers;
            d.bandwidthGBps = std::min(nb, fb);
            d.latencyNs = netHopNs;
            d.collective = "ring";
            d.allToAll = "direct";
            d.source = boundary->technology + " per GPU (design layer " + d.scope + ")";
            if (oversubscribed)
                out.notes.push_back("the fabric is oversubscribed " + configNumber(facts.worstOversubscription) +
                                    ":1 but its servers do not fall into equal leaf groups, so one scale-out dimension carries the fabric's per-GPU rate");
            out.dimensions.push_back(d);
        }
    }
    if (out.dimensions.empty()) {
        // One GPU: a single dimension of one NPU is what ASTRA-sim accepts.
        out.dimensions.push_back({"intra_node", "Switch", 1, gpu.pciePerDirection().inGBps(), 0, pcieHopNs, "ring", "direct", "a single GPU"});
    }
    out.npus = 1;
    for (auto& d : out.dimensions) {
        d.bandwidthGiBps = toGiBps(d.bandwidthGBps);
        out.npus *= d.npus;
    }

    // network.yml
    std::vector<std::string> topo, npus, bw, lat;
    for (const auto& d : out.dimensions) {
        topo.push_back(d.topology);
        npus.push_back(std::to_string(d.npus));
        bw.push_back(configNumber(d.bandwidthGiBps));
        lat.push_back(configNumber(d.latencyNs));
    }
    std::ostringstream net;
    net << "# ASTRA-sim analytical network for \"" << design.name << "\" (written by Cluster Designer)\n";
    net << "# dimensions, innermost first:";
    for (const auto& d : out.dimensions) net << " " << d.scope << "(" << d.npus << ")";
    net << "\ntopology: " << yamlList(topo) << "\n";
    net << "npus_count: " << yamlList(npus) << "  # " << out.npus << " NPUs\n";
    net << "bandwidth: " << yamlList(bw) << "  # GiB/s (the analytical backend's GB is 2^30 bytes), per NPU, one direction\n";
    net << "latency: " << yamlList(lat) << "  # ns\n";

    // system.json
    json impl = json::array(), a2a = json::array();
    for (const auto& d : out.dimensions) {
        impl.push_back(d.collective);
        a2a.push_back(d.allToAll);
    }
    // Scheduling defaults as in ASTRA-sim's examples/system/native_collectives/Ring_4chunks.json.
    json sys = {{"scheduling-policy", "LIFO"},
                {"endpoint-delay", 10},
                {"active-chunks-per-dimension", 1},
                {"preferred-dataset-splits", 4},
                {"all-reduce-implementation", impl},
                {"all-gather-implementation", impl},
                {"reduce-scatter-implementation", impl},
                {"all-to-all-implementation", a2a},
                {"collective-optimization", "localBWAware"},
                {"boost-mode", 0}};
    // Decimal GB/s: ASTRA-sim's Sys.cc reads "local-mem-bw" and multiplies it by 1e9 (unlike the
    // analytical network backend, whose GB is 2^30 bytes).
    if (gpu.hbmBandwidth) sys["local-mem-bw"] = gpu.hbmBandwidth->inGBps();
    else out.notes.push_back("the catalog has no HBM bandwidth for " + gpu.name + ": local-mem-bw is left to ASTRA-sim's default");
    if (gpu.bf16DenseTflops) {
        sys["peak-perf"] = *gpu.bf16DenseTflops;
        sys["roofline-enabled"] = 0;
    }

    // An Ethernet fabric without PFC/ECN drops packets under incast (design rule
    // roce-without-pfc); the analytical network backend these files drive has no loss in it.
    for (const auto& [id, n] : design.nodes())
        if (const SwitchSpec* sw = n.kind == NodeKind::Switch ? catalog.switchModel(n.model) : nullptr;
            sw && sw->protocol == NetProtocol::Ethernet && !n.pfcEcn) {
            out.notes.push_back("switch " + n.name + " runs Ethernet without PFC/ECN: under incast it drops packets, which "
                                "ASTRA-sim's analytical network backend does not model, so its times here are a lower bound "
                                "(design rule roce-without-pfc)");
            break;
        }

    // astra-sim.json: the figures and where they come from.
    json dims = json::array();
    for (const auto& d : out.dimensions)
        dims.push_back({{"scope", d.scope},
                        {"topology", d.topology},
                        {"npus", d.npus},
                        {"bandwidth_GBps", d.bandwidthGBps},
                        {"bandwidth_GiBps", d.bandwidthGiBps},
                        {"latency_ns", d.latencyNs},
                        {"collective", d.collective},
                        {"all_to_all", d.allToAll},
                        {"source", d.source}});
    json summary = {{"design", design.name}, {"server", spec.id}, {"servers", servers}, {"gpus_per_server", gpus},
                    {"npus", out.npus}, {"dimensions", dims}, {"notes", out.notes},
                    {"files", {"network.yml", "system.json", "remote_memory.json", "README.md"}}};

    std::ostringstream readme;
    readme << "# ASTRA-sim configuration for \"" << design.name << "\"\n\n"
           << "Written by Cluster Designer. " << out.npus << " NPUs = " << servers << " x " << spec.name << " (" << gpus << " GPUs each).\n\n"
           << "| dim | stands for | topology | NPUs | bandwidth (GiB/s) | = GB/s | latency (ns) |\n|---|---|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < out.dimensions.size(); ++i) {
        const auto& d = out.dimensions[i];
        readme << "| " << i << " | " << d.source << " | " << d.topology << " | " << d.npus << " | " << configNumber(d.bandwidthGiBps) << " | "
               << configNumber(d.bandwidthGBps) << " | " << configNumber(d.latencyNs) << " |\n";
    }
    readme << "\nRun with the analytical backend (ASTRA-sim built with ./build/astra_analytical/build.sh); the workload is a Chakra\n"
              "execution trace with one file per NPU (" << out.npus << " of them), e.g. from ASTRA-sim's examples/workload/microbenchmarks\n"
              "or generated with STG / chakra for this NPU count:\n\n"
              "    AstraSim_Analytical_Congestion_Aware \\\n"
              "      --workload-configuration=WORKLOAD/all_reduce \\\n"
              "      --system-configuration=system.json \\\n"
              "      --remote-memory-configuration=remote_memory.json \\\n"
              "      --network-configuration=network.yml\n\n"
              "Bandwidths are the design's spec rates per GPU and direction; ASTRA-sim's analytical backend counts 1 GB as 2^30 bytes,\n"
              "so they are written in GiB/s (astra-sim.json keeps both). system.json's local-mem-bw is the GPU's memory rate (HBM or\n"
              "GDDR) in decimal GB/s, because ASTRA-sim's system layer multiplies it by 10^9 (astra-sim/system/Sys.cc). Latencies are NCCL's per-hop\n"
              "latencies (LL protocol).\n";
    for (const auto& n : out.notes) readme << "\nNote: " << n << "\n";

    out.files.push_back({"network.yml", net.str()});
    out.files.push_back({"system.json", sys.dump(4) + "\n"});
    out.files.push_back({"remote_memory.json", json{{"memory-type", "NO_MEMORY_EXPANSION"}}.dump(4) + "\n"});
    out.files.push_back({"astra-sim.json", summary.dump(2) + "\n"});
    out.files.push_back({"README.md", readme.str()});
    return out;
}

} // namespace model::io
