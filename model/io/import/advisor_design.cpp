// Advisor rules that set the import beside a design: measurement against the engine's
// prediction, transports against the design's NICs, the imported server against the drawn one.
#include "model/io/import/advisor.hpp"
#include "model/io/import/curve_steadiness.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/collective_predict.hpp"
#include "model/analysis/comm_group.hpp"
#include "model/analysis/host_issue.hpp"
#include "model/io/import/gpu_identity.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/generators.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace model::io {

using nlohmann::json;
using topology::Severity;

namespace {

/// Below this fraction of the prediction a measured plateau is "well below" it, above the
/// inverse "well above": a 30 % band holds the validation spread of the engine against
/// published nccl-tests results (tests/model/test_validation_nccl.cpp) with room to spare.
constexpr double kBelowFraction = 0.7;
constexpr double kAboveFraction = 1.3;
constexpr double kPlateauMinBytes = 1024.0 * 1024.0;

int serverGpus(const Design& d, const Catalog& c)
{
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server)
            if (const ServerSpec* s = c.server(n.model); s && !s->isAppliance()) return s->gpuCount;
    return 0;
}

/// Which layer bounds the engine's prediction at `bytes`: the algorithm NCCL would pick is
/// re-run with one layer made 100x faster at a time (the engine's own formulas, so every
/// algorithm is covered); the layer whose speed-up lifts busbw by more than 5 % binds. The
/// fabric is tried before the NICs (an oversubscribed tier binds before the NICs it shares),
/// and when no layer lifts it the size is latency-bound.
void boundAt(const analysis::CommGroup& g, CollectiveOp op, double bytes, CurveComparison& cmp)
{
    const CollectiveResult base = analysis::predictOnGroup(g, op, bytes, Algorithm::Auto);
    const double b0 = base.busbw.inGBps();
    auto lifted = [&](analysis::CommGroup h) {
        try {
            return analysis::predictOnGroup(h, op, bytes, base.algorithm).busbw.inGBps() > 1.05 * b0;
        } catch (const std::exception&) {
            return false;
        }
    };
    const std::string intra = "intra-node: " + g.intraTechnology + " (" + significantDigits(g.intraGBps, 3) + " GB/s per GPU as NCCL models it)";
    const std::string nics = "node boundary: " + std::to_string(g.nicPortsPerNode) + "x " + significantDigits(g.nicLineGbps, 3) + " Gb/s per server (" +
                             significantDigits(g.nicNodeGBps, 3) + " GB/s practical)";
    if (g.k > 1) {
        analysis::CommGroup f = g;
        f.fabricRingFactor = 1.0;
        f.fabricAllToAllFactor = 1.0;
        f.fabricTreeFactor = 1.0;
        const double least = std::min({g.fabricRingFactor, g.fabricAllToAllFactor, g.fabricTreeFactor});
        if (least < 0.999 && lifted(f)) {
            cmp.boundScope = "fabric";
            cmp.boundLayer = "fabric: oversubscribed, " + significantDigits(least * 100, 3) +
                             " % of the servers' NIC bandwidth crosses it";
            return;
        }
        analysis::CommGroup n = g;
        n.nicNodeGBps *= 100.0;
        if (lifted(n)) {
            cmp.boundScope = "node_boundary";
            cmp.boundLayer = nics;
            return;
        }
    }
    analysis::CommGroup i = g;
    i.intraGBps *= 100.0;
    if (lifted(i)) {
        cmp.boundScope = "intra_node";
        cmp.boundLayer = intra;
        return;
    }
    cmp.boundScope = "latency";
    cmp.boundLayer = "latency: at " + formatBytes(bytes) + " per-step latency, not bandwidth, sets the time (" + toString(base.algorithm) + ")";
}

/// True when the measured run spans servers: its # Rank lines name several hosts, or (none
/// printed) it has more ranks than one of the design's servers holds.
bool multiNode(const ImportResult& r, const CurveComparison& cmp, const Design& design, const Catalog& catalog)
{
    if (r.curve && r.curve->nodes > 0) return r.curve->nodes > 1;
    const int g = serverGpus(design, catalog);
    return g > 0 && cmp.gpus > g;
}

/// The below-prediction diagnosis: the one layer to look at first and the checks for that same
/// layer. A multi-node run whose prediction is bound inside the server (NVLink) points at the
/// network: at that size the design's NVLink, not its NICs, limits the prediction, so a
/// shortfall of the whole run most likely comes from outside the server -- unless the run's
/// times are `unsteady` (curve_steadiness.hpp), which points at the hosts first.
std::string belowDiagnosis(const CurveComparison& cmp, bool multiNodeRun, bool unsteady)
{
    const auto colon = cmp.boundLayer.find(": ");
    const std::string detail = colon == std::string::npos ? cmp.boundLayer : cmp.boundLayer.substr(colon + 2);
    const bool nvlink = detail.find("NVLink") != std::string::npos;
    const std::string networkChecks = "per-NIC bandwidth with NCCL_ALGO=Ring, GPUDirect RDMA (NET/IB/GDRDMA "
                                      "in the NCCL_DEBUG=INFO log, not NET/Socket or plain NET/IB), and NIC placement (each GPU's nearest NIC "
                                      "on its own PCIe switch)";
    if (cmp.boundScope == "intra_node" && multiNodeRun && unsteady)
        // nccl-tests #256: KVM guests 10x below bare metal, mended in the hosts (NUMA exposed to
        // the guest, a topology file, ACS off), not in the network.
        return "the comparison is at a size where the prediction is " + std::string(nvlink ? "NVLink-bound" : "bound") + " inside the server, by " +
               detail + ", but the run's times are unsteady (unsteady-times), which a limit in the network alone does not cause: look at "
               "the hosts first (virtual machines without the host's PCIe and NUMA layout, PCIe ACS or the IOMMU, CPU affinity), then at the "
               "network: " + networkChecks;
    if (cmp.boundScope == "intra_node" && multiNodeRun)
        return "the comparison is at a size where the prediction is " + std::string(nvlink ? "NVLink-bound" : "bound") + " inside the server, by " +
               detail + ", so the gap is most likely outside the server, in the network: check " + networkChecks;
    if (cmp.boundScope == "intra_node")
        return "the prediction is bound inside the server, by " + detail +
               ", so look there first: every NVLink or PCIe link up at full rate (nvidia-smi nvlink -s, lspci -vv LnkSta), peer-to-peer "
               "transport in the NCCL log (P2P, not SHM through host memory), and the NVSwitch fabric manager running";
    if (cmp.boundScope == "node_boundary")
        return "the prediction is bound by the servers' NICs, " + detail + ", so look at the network first: " + networkChecks;
    if (cmp.boundScope == "fabric")
        return "the prediction is bound by the fabric between the leaves (" + detail +
               "), so look at the switches first: congestion counters on the uplinks, adaptive routing, and whether the job's servers "
               "sit under the leaves the design assumes";
    return "the prediction is set by per-step latency (" + detail +
           "), so look at latency first: the protocol NCCL picked (NCCL_PROTO), the transports in the NCCL log, and the ranks' CPU "
           "affinity";
}

} // namespace

namespace {

/// Why no design could give a prediction for `curve` (its collective unknown or not one the
/// engine predicts, fewer than 2 ranks); empty when one could.
std::string unpredictable(const MeasuredCurve& curve)
{
    if (curve.collective.empty()) return "the collective is unknown, so there is no prediction to compare with";
    try {
        (void)parseCollectiveOp(curve.collective);
    } catch (const std::invalid_argument&) {
        return "the engine does not predict " + curve.collective + " (it predicts all_reduce, all_gather, reduce_scatter, broadcast and alltoall)";
    }
    if (curve.ranks < 2) return "the rank count is unknown or below 2";
    return {};
}

} // namespace

CurveComparison compareCurve(const MeasuredCurve& curve, const Design& design, const Catalog& catalog)
{
    CurveComparison cmp;
    cmp.op = curve.collective;
    cmp.gpus = curve.ranks;
    cmp.designName = design.name;
    if (const std::string why = unpredictable(curve); !why.empty()) {
        cmp.note = why;
        return cmp;
    }
    const CollectiveOp op = parseCollectiveOp(curve.collective);
    int designGpus = 0;
    try {
        designGpus = design.gpuCount(catalog);
    } catch (const std::exception&) {
    }
    if (designGpus < curve.ranks) {
        cmp.note = "the design has " + std::to_string(designGpus) + " GPUs, the run used " + curve.ranksWords();
        return cmp;
    }
    // The engine puts the ranks on one server when they fit, else on whole servers.
    const int g = serverGpus(design, catalog);
    if (g > 0 && curve.nodes > 0) {
        const int engineNodes = curve.ranks <= g ? 1 : (curve.ranks + g - 1) / g;
        if (engineNodes != curve.nodes) {
            cmp.note = "the run used " + std::to_string(curve.nodes) + " node(s) with " + std::to_string(curve.ranks / std::max(1, curve.nodes)) +
                       " GPU(s) each; the engine places " + std::to_string(curve.ranks) + " ranks on " + std::to_string(engineNodes) +
                       " server(s) of " + std::to_string(g) + " GPUs, so the prediction would be for another placement";
            return cmp;
        }
    }
    analysis::CommGroup group;
    try {
        // As predictCollective places a request: the design's facts once, SHARP as the design asks.
        const auto& a = design.analysis;
        const bool sharp = a.is_object() && a.contains("sharp") && a["sharp"].is_boolean() && a["sharp"].get<bool>();
        const auto facts = analysis::extractFacts(design, catalog);
        group = analysis::placeGroup(facts, curve.ranks, sharp);
        // The tuner of the NCCL the run printed (nccl_release.hpp); the current one otherwise.
        if (!curve.ncclVersion.empty() && !curve.rccl) {
            try {
                group.ncclRelease = parseNcclRelease(curve.ncclVersion);
            } catch (const std::invalid_argument&) {
                group.ncclRelease = NcclRelease::Current; // a version the tables cannot read: the current tuner
            }
        }
    } catch (const std::exception& e) {
        cmp.note = std::string("the design cannot run this collective: ") + e.what();
        return cmp;
    }
    const auto measured = curve.points();
    if (!measured.empty()) {
        try {
            boundAt(group, op, measured.back().bytes, cmp);
        } catch (const std::exception&) {
            // No bound named: the prediction below says why when it fails too.
        }
    }
    for (const MeasuredPoint& p : measured) {
        if (p.bytes < 1) continue;
        try {
            CollectiveResult r = analysis::predictOnGroup(group, op, p.bytes, Algorithm::Auto);
            // The run's own launch mode: one thread driving nGpus GPUs has a host-issue floor.
            analysis::applyHostIssueFloor(r, curve.gpusPerThread.value_or(1));
            ComparedPoint c;
            c.bytes = p.bytes;
            c.measuredBusbwGBps = p.busbwGBps;
            c.predictedBusbwGBps = r.busbw.inGBps();
            c.measuredTimeUs = p.timeUs;
            c.predictedTimeUs = r.time.inMicroseconds();
            if (c.measuredTimeUs > 0 && c.predictedTimeUs > 0)
                c.error = c.predictedTimeUs / c.measuredTimeUs - 1.0;
            else
                c.error = c.predictedBusbwGBps > 0 ? p.busbwGBps / c.predictedBusbwGBps - 1.0 : 0.0;
            c.algorithm = toString(r.algorithm);
            const int perThread = curve.gpusPerThread.value_or(1);
            if (perThread > 1 && r.time.inMicroseconds() <= analysis::hostIssueFloorUs(perThread) * (1 + 1e-12))
                c.algorithm += ", host-bound (-g " + std::to_string(perThread) + ")";
            c.line = p.line;
            cmp.points.push_back(c);
        } catch (const std::exception& e) {
            cmp.note = std::string("no prediction: ") + e.what();
            cmp.points.clear();
            return cmp;
        }
    }
    return cmp;
}

std::optional<Design> designForCurve(const MeasuredCurve& curve, const Catalog& catalog, std::string& assumption, std::string* whyNot)
{
    auto none = [&](const std::string& why) -> std::optional<Design> {
        if (whyNot) *whyNot = why + ": pass the design it ran on (--design DESIGN.json) to compare it";
        return std::nullopt;
    };
    if (curve.gpuName.empty() && curve.ranksFrom == "\"# Rank\" lines")
        return none("the run's \"# Rank\" lines name different GPU models (see the warnings), so no one catalog server stands for it");
    if (curve.gpuName.empty())
        return none("the run does not name its GPU (no \"# Rank ... device\" lines with a GPU name), so no catalog server stands for it");
    if (curve.ranks < 1) return none("the run does not print its rank count (no \"# Rank\" lines)");
    if (curve.nodes < 1) return none("the run does not say on how many nodes it ran (no host names in its \"# Rank\" lines)");
    if (curve.ranks % curve.nodes != 0)
        return none(std::to_string(curve.ranks) + " ranks on " + std::to_string(curve.nodes) + " nodes is not the same rank count on every node");
    const GpuIdentity id = identifyGpuName(curve.gpuName);
    if (id.catalogId.empty()) return none("the GPU the run names (\"" + curve.gpuName + "\") is not one the catalog holds");
    const int perNode = curve.ranks / curve.nodes;
    // Prefer a vendor's reference node, then a baseboard, then anything else of that GPU.
    const ServerSpec* best = nullptr;
    auto rank = [](const ServerSpec& s) { return s.kind == "node" ? 0 : s.kind == "baseboard" ? 1 : s.kind == "workstation" ? 2 : 3; };
    for (const ServerSpec& s : catalog.servers()) {
        if (s.gpuId != id.catalogId) continue;
        const bool fits = s.gpuCount == perNode || (curve.nodes == 1 && s.gpuCount >= perNode);
        if (!fits) continue;
        if (curve.nodes > 1 && s.computeNicCount < 1) continue;
        if (!best || rank(s) < rank(*best) || (rank(s) == rank(*best) && s.gpuCount < best->gpuCount)) best = &s;
    }
    if (!best)
        return none("the catalog has no " + id.catalogId + " server " +
                    (curve.nodes == 1 ? "of " + std::to_string(perNode) + " or more GPUs" : "of exactly " + std::to_string(perNode) + " GPUs with a compute NIC") +
                    " (the run used " + std::to_string(perNode) + " per node on " + std::to_string(curve.nodes) + (curve.nodes == 1 ? " node)" : " nodes)"));
    try {
        if (curve.nodes == 1) {
            Design d = topology::generateSingleServer(catalog, {best->id, "measured run: 1x " + best->name});
            assumption = "1x " + best->name + " from the catalog (the GPU the run names)";
            return d;
        }
        const NicSpec* nic = catalog.nic(best->computeNicId);
        topology::FatTreeOptions o;
        o.server = best->id;
        o.nodes = curve.nodes;
        o.switchModel = nic && nic->protocol == NetProtocol::Ethernet ? "sn5600" : "qm9700";
        o.name = "measured run: " + std::to_string(curve.nodes) + "x " + best->name;
        Design d = topology::generateFatTree(catalog, o);
        assumption = std::to_string(curve.nodes) + "x " + best->name + " with the catalog's NICs (" + std::to_string(best->computeNicCount) + "x " +
                     (nic ? nic->name : best->computeNicId) + ") on a non-blocking " + o.switchModel +
                     " fabric: the run does not print its NICs, so pass the real design to compare like with like";
        return d;
    } catch (const std::exception& e) {
        return none(std::string("no design of ") + best->id + " servers could be built (" + e.what() + ")");
    }
}

std::vector<AdvisorFinding> adviseAgainstDesign(const ImportResult& r, const CurveComparison& cmp, const Design& design, const Catalog& catalog)
{
    std::vector<AdvisorFinding> out;
    auto at = [&](int line) -> Evidence {
        if (line < 1 || static_cast<std::size_t>(line) > r.lines.size()) return {line, {}};
        return {line, trim(r.lines[static_cast<std::size_t>(line - 1)])};
    };
    // Measured against predicted, at the largest size measured (the plateau). Below 1 MiB the
    // time is per-step latency and busbw prints as 0.00-0.0x, too coarse to judge a layer by.
    if (!cmp.points.empty() && cmp.points.back().bytes >= kPlateauMinBytes) {
        const ComparedPoint& p = cmp.points.back();
        const double ratio = p.predictedBusbwGBps > 0 ? p.measuredBusbwGBps / p.predictedBusbwGBps : 1.0;
        const std::string where = cmp.op + " on " + std::to_string(cmp.gpus) + " GPUs at " + formatBytes(p.bytes);
        if (ratio < kBelowFraction)
            out.push_back({"below-prediction", Severity::Warning,
                           "measured busbw " + significantDigits(p.measuredBusbwGBps, 3) + " GB/s is " + significantDigits((1 - ratio) * 100, 2) + " % below the " +
                               significantDigits(p.predictedBusbwGBps, 3) + " GB/s predicted for \"" + cmp.designName + "\" (" + where + ", " + p.algorithm +
                               "); " + belowDiagnosis(cmp, multiNode(r, cmp, design, catalog), r.curve && unsteadyTimes(*r.curve)),
                           at(p.line)});
        else if (ratio > kAboveFraction)
            out.push_back({"above-prediction", Severity::Info,
                           "measured busbw " + significantDigits(p.measuredBusbwGBps, 3) + " GB/s is " + significantDigits((ratio - 1) * 100, 2) + " % above the " +
                               significantDigits(p.predictedBusbwGBps, 3) + " GB/s predicted for \"" + cmp.designName + "\" (" + where +
                               "): the design probably is not the machine the run used (more NICs, NVLS/SHARP, another GPU)",
                           at(p.line)});
    }
    // Design NICs and what the log shows.
    const NicSpec* designNic = nullptr;
    int designNics = 0, designGpus = 0;
    std::optional<std::string> designGpuId;
    for (const auto& [id, n] : design.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        const ServerSpec* s = catalog.server(n.model);
        if (!s || s->isAppliance()) continue;
        designNic = topology::rules::nicOf(n, catalog);
        designNics = topology::rules::nicCountOf(n, catalog);
        designGpus = s->gpuCount;
        designGpuId = s->gpuId;
        break;
    }
    if (r.log && designNic) {
        for (const auto& t : r.log->transports)
            if (t.transport == "NET/Socket") {
                out.push_back({"net-socket", Severity::Error,
                               "the design's NICs are " + designNic->name + " (RDMA), but the run's inter-node traffic went over TCP sockets "
                               "(NET/Socket): NCCL did not use the RDMA fabric the design is built on",
                               t.first});
                break;
            }
    }
    if (r.curve && designGpuId) {
        // The run's GPU (nccl-tests' "# Rank" lines) against the design's: a comparison across
        // GPU models measures the hardware difference, not the machine's health.
        const GpuIdentity runGpu = identifyGpuName(r.curve->gpuName);
        if (!runGpu.catalogId.empty() && runGpu.catalogId != *designGpuId) {
            const GpuSpec* dg = catalog.gpu(*designGpuId);
            int line = 0;
            for (std::size_t i = 0; i < r.lines.size() && !line; ++i)
                if (r.lines[i].find("Rank") != std::string::npos && r.lines[i].find(r.curve->gpuName) != std::string::npos) line = static_cast<int>(i) + 1;
            out.push_back({"design-mismatch", Severity::Warning,
                           "the run's GPUs (" + runGpu.name + ", \"" + r.curve->gpuName + "\" in the file's header) differ from the design's (" +
                               (dg ? dg->name : *designGpuId) + "): every error % compares different hardware; compare with a design of " +
                               runGpu.name + " servers",
                           at(line)});
        }
    }
    if (r.server && designGpus > 0) {
        const int g = static_cast<int>(r.server->gpus.size());
        const int nics = static_cast<int>(r.server->nics.size());
        if (g != designGpus)
            out.push_back({"design-mismatch", Severity::Warning,
                           "the imported server has " + std::to_string(g) + " GPUs, the design's server " + std::to_string(designGpus),
                           at(r.server->headerLine)});
        if (nics > 0 && designNics > 0 && nics < designNics)
            out.push_back({"design-mismatch", Severity::Warning,
                           "the imported server lists " + std::to_string(nics) + (nics == 1 ? " NIC" : " NICs") + " where the design's server has " +
                               std::to_string(designNics) + " compute NICs: the design assumes network bandwidth the machine does not have",
                           at(r.server->headerLine)});
    }
    return out;
}

ImportReview reviewImport(const ImportResult& r, const Design* design, const Catalog& catalog)
{
    ImportReview out;
    out.file = r.file;
    out.format = r.format;
    out.kind = r.content;
    out.warnings = r.warnings;
    out.findings = r.findings;
    std::optional<Design> built;
    if (!design && r.curve) {
        // A collective no design predicts is said as such, before what a design would need.
        std::string whyNot = unpredictable(*r.curve);
        if (whyNot.empty()) built = designForCurve(*r.curve, catalog, out.assumption, &whyNot);
        if (built) design = &*built;
        else {
            out.comparison.op = r.curve->collective;
            out.comparison.gpus = r.curve->ranks;
            out.comparison.note = whyNot;
        }
    }
    if (!r.curve && r.log)
        out.comparison.note = "the log holds no nccl-tests table, so there is no measured busbw to set beside a prediction (its "
                              "transports and settings are read as findings)";
    if (!design) return out;
    out.comparedWith = design->name;
    if (r.curve) out.comparison = compareCurve(*r.curve, *design, catalog);
    for (auto& f : adviseAgainstDesign(r, out.comparison, *design, catalog)) {
        if (!out.assumption.empty() && (f.rule == "below-prediction" || f.rule == "above-prediction"))
            f.message += " [compared with " + out.assumption + "]";
        out.findings.push_back(std::move(f));
    }
    std::stable_sort(out.findings.begin(), out.findings.end(), [](const AdvisorFinding& a, const AdvisorFinding& b) {
        return static_cast<int>(a.severity) < static_cast<int>(b.severity);
    });
    return out;
}

json toJson(const ImportReview& r)
{
    json j = {{"compared_with", r.comparedWith}, {"assumption", r.assumption}};
    if (r.comparison.op.empty() && r.comparison.points.empty() && r.comparison.note.empty()) j["comparison"] = nullptr;
    else j["comparison"] = toJson(r.comparison);
    return j;
}

json toJson(const CurveComparison& c)
{
    json pts = json::array();
    for (const auto& p : c.points)
        pts.push_back({{"bytes", p.bytes},
                       {"measured_busbw_GBps", p.measuredBusbwGBps},
                       {"predicted_busbw_GBps", p.predictedBusbwGBps},
                       {"error", p.error},
                       {"algorithm", p.algorithm},
                       {"line", p.line}});
    return {{"op", c.op}, {"gpus", c.gpus}, {"design", c.designName}, {"note", c.note},
            {"bound_layer", c.boundLayer}, {"bound_scope", c.boundScope}, {"points", std::move(pts)}};
}

} // namespace model::io
