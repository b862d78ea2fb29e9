// From an import to a design: catalog matching, compute NIC count, the import record.
#include "model/io/import/import_design.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/import/gpu_identity.hpp"
#include "model/io/import/import_record.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/generators.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

namespace model::io {

namespace {

/// The catalog GPU the server model names (PCI id or name of its first GPU); empty when none.
std::string namedGpu(const ServerModel& s)
{
    for (const auto& g : s.gpus) {
        GpuIdentity id = identifyPciGpu("0x10de", g.pciDevice);
        if (id.name.empty() && !g.name.empty()) id = identifyGpuName(g.name);
        if (!id.catalogId.empty()) return id.catalogId;
    }
    return {};
}

std::optional<int> nvlinksPerGpu(const ServerModel& s)
{
    std::optional<int> n;
    for (const auto& g : s.gpus) {
        if (!g.nvlinks) return std::nullopt;
        if (n && *n != *g.nvlinks) return std::nullopt;
        n = g.nvlinks;
    }
    return n;
}

int kindRank(const ServerSpec& s)
{
    return s.kind == "node" ? 0 : s.kind == "baseboard" ? 1 : s.kind == "workstation" ? 2 : 3;
}

/// Catalog servers with `gpus` GPUs, "a, b, c" (for a message); "none in the catalog" when none.
std::string serversWithGpus(const Catalog& catalog, std::size_t gpus)
{
    std::string list;
    for (const ServerSpec& spec : catalog.servers())
        if (!spec.isAppliance() && static_cast<std::size_t>(spec.gpuCount) == gpus) list += (list.empty() ? "" : ", ") + spec.id;
    return list.empty() ? "none in the catalog" : list;
}

/// Refuses a server chosen with --server that contradicts the file: another GPU count (the
/// design would invent or drop GPUs the file measured) or another GPU model than the file names.
/// The compute NIC count may differ: the design takes the file's count and says so in a note.
/// @throws InputError (file, --server) naming both counts or both GPUs.
void checkChosenServer(const ServerModel& s, const ServerSpec& spec, const Catalog& catalog, const std::string& file)
{
    if (static_cast<std::size_t>(spec.gpuCount) != s.gpus.size())
        throw InputError(file, "", "--server",
                         "the file shows " + std::to_string(s.gpus.size()) + " GPU" + (s.gpus.size() == 1 ? "" : "s") + " but " + spec.id + " has " +
                             std::to_string(spec.gpuCount) + "; pass a server with " + std::to_string(s.gpus.size()) + " GPUs (" +
                             serversWithGpus(catalog, s.gpus.size()) + ")");
    const std::string named = namedGpu(s);
    if (!named.empty() && named != spec.gpuId)
        throw InputError(file, "", "--server", "the file's GPUs are " + named + " but " + spec.id + " carries " + spec.gpuId +
                                                   "; pass a server with " + named + " GPUs");
    // NVLinks per GPU: a matrix of PCIe paths only (0) cannot be an NVLink server, nor NV12 an NV18 one.
    const GpuSpec* g = catalog.gpu(spec.gpuId);
    const auto links = nvlinksPerGpu(s);
    if (g && links && g->scaleUp == ScaleUpKind::NVLink && g->scaleUpLinks && *g->scaleUpLinks != *links)
        throw InputError(file, "", "--server",
                         "the file shows " + (*links == 0 ? std::string("no NVLink between the GPUs") : std::to_string(*links) + " NVLinks per GPU") +
                             " but " + spec.id + "'s " + spec.gpuId + " has " + std::to_string(*g->scaleUpLinks) +
                             " NVLinks per GPU; pass a server whose GPUs match the file");
}

} // namespace

int computeNicCount(const ServerModel& s)
{
    std::set<int> nearest;
    for (const auto& g : s.gpus) {
        const GpuNicPath* best = s.nearestNic(g.index);
        if (!best) continue;
        for (const auto& p : s.gpuNic)
            if (p.gpu == g.index && p.path == best->path) nearest.insert(p.nic);
    }
    return nearest.empty() ? static_cast<int>(s.nics.size()) : static_cast<int>(nearest.size());
}

std::vector<const ServerSpec*> matchingServers(const ServerModel& s, const Catalog& catalog)
{
    const std::string gpu = namedGpu(s);
    const auto links = nvlinksPerGpu(s);
    const int nG = static_cast<int>(s.gpus.size());
    const int nics = computeNicCount(s);
    std::vector<const ServerSpec*> out;
    for (const ServerSpec& spec : catalog.servers()) {
        if (spec.isAppliance() || spec.gpuCount != nG) continue;
        const GpuSpec* g = catalog.gpu(spec.gpuId);
        if (!g) continue;
        if (!gpu.empty()) {
            if (spec.gpuId != gpu) continue;
        } else if (links && *links > 0) {
            // NVLinks per GPU name the NVLink generation's part (NV12: A100 SXM; NV18: H100/H200/B200).
            // Without NVLink (PCIe cards) any GPU fits: nothing to match on.
            if (g->scaleUp != ScaleUpKind::NVLink || g->scaleUpLinks.value_or(-1) != *links) continue;
        } else {
            continue; // neither the GPU nor its NVLinks are stated: nothing to match on
        }
        out.push_back(&spec);
    }
    std::stable_sort(out.begin(), out.end(), [&](const ServerSpec* a, const ServerSpec* b) {
        const bool ea = a->computeNicCount == nics, eb = b->computeNicCount == nics;
        if (ea != eb) return ea;
        return kindRank(*a) < kindRank(*b);
    });
    return out;
}

ImportedDesign designFromImport(const ImportResult& r, const Catalog& catalog, const std::string& serverId)
{
    ImportedDesign out;
    const std::string base = std::filesystem::path(r.file).filename().string();
    if (r.server) {
        const ServerModel& s = *r.server;
        const ServerSpec* spec = nullptr;
        if (!serverId.empty()) {
            spec = catalog.server(serverId);
            if (!spec) throw InputError(r.file, "", "--server", "expected a catalog server id, got \"" + serverId + "\"");
            checkChosenServer(s, *spec, catalog, r.file);
            out.notes.push_back("server " + spec->id + " as chosen for this import (not matched from the file)");
        } else {
            const auto candidates = matchingServers(s, catalog);
            const std::string gpu = namedGpu(s);
            if (candidates.empty())
                throw InputError(r.file, "", "", "no catalog server has " + std::to_string(s.gpus.size()) + " GPUs" +
                                                     (gpu.empty() ? std::string(" with the NVLinks the file shows") : " of type " + gpu) +
                                                     "; pass --server with a catalog server id (or add one in a user catalog)");
            spec = candidates.front();
            if (gpu.empty() && candidates.size() > 1) {
                std::string list;
                for (const auto* c : candidates) list += (list.empty() ? "" : ", ") + c->id;
                throw InputError(r.file, "", "", "the file does not name the GPU model (" + r.format +
                                                     " never does) and several catalog servers fit its " + std::to_string(s.gpus.size()) +
                                                     " GPUs and NVLinks: " + list + "; pass --server with one of them");
            }
            out.notes.push_back("server " + spec->id + " (" + spec->name + "): " +
                                (gpu.empty() ? "the only catalog server whose GPU count and NVLinks per GPU fit the file"
                                             : "its GPU is the one the file names (" + gpu + ")"));
        }
        out.design = topology::generateSingleServer(catalog, {spec->id, "imported from " + base});
        out.serverId = spec->id;
        const int nics = computeNicCount(s);
        // A cut-off file may lack the rows that say which NICs serve the GPUs: keep the catalog's count then.
        const bool nicsKnown = !s.nics.empty() && std::all_of(s.gpus.begin(), s.gpus.end(), [&](const ImportedGpu& g) { return s.nearestNic(g.index) != nullptr; });
        if (!s.nics.empty() && !nicsKnown)
            out.notes.push_back("compute NICs: the catalog's " + std::to_string(spec->computeNicCount) +
                                " (the file does not give every GPU's nearest NIC, so its compute NICs cannot be counted)");
        if (const NicSpec* nic = catalog.nic(spec->computeNicId)) {
            std::set<double> speeds;
            for (const auto& n : s.nics)
                if (n.speedGbps) speeds.insert(*n.speedGbps);
            if (speeds.size() == 1 && std::abs(*speeds.begin() - nic->speed.inGbps()) > 0.5)
                out.notes.push_back("the file's NICs run at " + std::to_string(static_cast<int>(*speeds.begin())) + " Gb/s, the catalog's " + nic->id + " at " +
                                    std::to_string(static_cast<int>(nic->speed.inGbps())) + " Gb/s: set the NIC model in the inspector if that matters");
        }
        for (const auto& [id, n] : out.design.nodes()) {
            if (n.kind != NodeKind::Server) continue;
            Node changed = n;
            changed.name = "imported";
            if (nicsKnown && nics != spec->computeNicCount) {
                changed.nicCount = nics;
                out.notes.push_back("compute NICs: " + std::to_string(nics) + " (the NICs nearest to the GPUs in the file) instead of the catalog's " +
                                    std::to_string(spec->computeNicCount));
            }
            out.design.updateNode(changed);
        }
    } else if (r.curve) {
        std::string assumption;
        auto d = designForCurve(*r.curve, catalog, assumption);
        if (!d)
            throw InputError(r.file, "", "", "the curve does not name its GPU and node count in a way the catalog matches (\"# Rank\" lines with a known "
                                             "GPU, a server of that many GPUs per node): no design to write; compare it with your design instead");
        out.design = std::move(*d);
        out.notes.push_back(assumption);
    } else {
        throw InputError(r.file, "", "", "a log alone describes no server: no design to write (import the server's nvidia-smi topo -m or NCCL topology dump)");
    }
    recordImport(out.design, r, out.notes);
    return out;
}

void recordImport(Design& d, const ImportResult& r, const std::vector<std::string>& notes)
{
    if (!d.analysis.is_object()) d.analysis = nlohmann::json::object();
    d.analysis["imported"] = importRecord(r, notes);
}

} // namespace model::io
