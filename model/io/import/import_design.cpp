// From an import to a design: catalog matching, compute NIC count, the import record.
#include "model/io/import/import_design.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/import/gpu_identity.hpp"
#include "model/io/import/import_nics.hpp"
#include "model/io/import/import_record.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/generators.hpp"

#include <algorithm>
#include <cctype>
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

/// The CUDA compute capability (x10) every GPU of the file states (NCCL XML sm="90"); nullopt
/// when none does or they differ.
std::optional<int> smOfGpus(const ServerModel& s)
{
    std::optional<int> sm;
    for (const auto& g : s.gpus) {
        if (!g.smVersion || (sm && *sm != *g.smVersion)) return std::nullopt;
        sm = g.smVersion;
    }
    return sm;
}

/// The catalog's architecture name (catalogs/gpus.json "architecture", before any " (die)")
/// of a compute capability, from NVIDIA's CUDA GPU compute capability table: 8.0 GA100, 8.6
/// GA10x, 8.9 Ada, 9.0 Hopper, 10.0 Blackwell, 10.3 Blackwell Ultra, 12.0 GB20x. Empty when
/// the capability is not one of those.
std::string architectureOfSm(int sm)
{
    switch (sm) {
    case 80: return "Ampere (GA100)";
    case 86: return "Ampere (GA102)";
    case 89: return "Ada Lovelace";
    case 90: return "Hopper";
    case 100: return "Blackwell";
    case 103: return "Blackwell Ultra";
    case 120: return "Blackwell (GB202)";
    default: return {};
    }
}

/// True when a catalog GPU's architecture ("Hopper (GH100)") is `arch` ("Hopper") exactly or
/// with its die in parentheses; "Blackwell" does not match "Blackwell Ultra".
bool architectureIs(const std::string& gpuArchitecture, const std::string& arch)
{
    return gpuArchitecture == arch || gpuArchitecture.rfind(arch + " (", 0) == 0;
}

/// The one line rate all the file's NICs state, Gb/s; nullopt when none is stated or they differ.
std::optional<double> nicSpeedOfFile(const ServerModel& s)
{
    std::set<double> speeds;
    for (const auto& n : s.nics)
        if (n.speedGbps) speeds.insert(*n.speedGbps);
    if (speeds.size() != 1) return std::nullopt;
    return *speeds.begin();
}

/// The candidates whose compute NIC count and line rate are the file's (its NICs nearest the
/// GPUs, and the one speed its NICs state); empty when the file states no speed or none fits.
std::vector<const ServerSpec*> fittingTheNics(const std::vector<const ServerSpec*>& candidates, const ServerModel& s, const Catalog& catalog)
{
    std::vector<const ServerSpec*> out;
    const auto speed = nicSpeedOfFile(s);
    if (!speed) return out;
    const int nics = computeNicCount(s);
    for (const ServerSpec* c : candidates) {
        const NicSpec* nic = catalog.nic(c->computeNicId);
        if (c->computeNicCount == nics && nic && std::abs(nic->speed.inGbps() - *speed) <= 0.5) out.push_back(c);
    }
    return out;
}

int kindRank(const ServerSpec& s)
{
    return s.kind == "node" ? 0 : s.kind == "baseboard" ? 1 : s.kind == "workstation" ? 2 : 3;
}

/// Catalog servers with `gpus` GPUs (only those whose GPUs have no NVLink when `withoutNvlink`),
/// "a, b, c" for a message; empty when none.
std::string listServersWithGpus(const Catalog& catalog, std::size_t gpus, bool withoutNvlink)
{
    std::string list;
    for (const ServerSpec& spec : catalog.servers()) {
        if (spec.isAppliance() || static_cast<std::size_t>(spec.gpuCount) != gpus) continue;
        const GpuSpec* g = catalog.gpu(spec.gpuId);
        if (withoutNvlink && (!g || (g->scaleUp == ScaleUpKind::NVLink && g->scaleUpLinks.value_or(0) > 0))) continue;
        list += (list.empty() ? "" : ", ") + spec.id;
    }
    return list;
}

/// Catalog servers with `gpus` GPUs, "a, b, c" (for a message); "none in the catalog" when none.
std::string serversWithGpus(const Catalog& catalog, std::size_t gpus)
{
    const std::string list = listServersWithGpus(catalog, gpus, false);
    return list.empty() ? "none in the catalog" : list;
}

/// Catalog servers with `gpus` GPUs of catalog GPU `gpuId`, "a, b" for a message; empty when none.
std::string serversCarrying(const Catalog& catalog, const std::string& gpuId, std::size_t gpus)
{
    std::string list;
    for (const ServerSpec& spec : catalog.servers())
        if (spec.gpuId == gpuId && static_cast<std::size_t>(spec.gpuCount) == gpus) list += (list.empty() ? "" : ", ") + spec.id;
    return list;
}

/// A GPU's catalog name without its memory size ("A100 SXM4 80GB" -> "A100 SXM4"): every word
/// that is a number followed by "GB" is dropped.
std::string nameWithoutMemory(const std::string& name)
{
    std::string out, word;
    const auto flush = [&] {
        const bool memory = word.size() > 2 && word.compare(word.size() - 2, 2, "GB") == 0 &&
                            std::all_of(word.begin(), word.end() - 2, [](unsigned char ch) { return std::isdigit(ch) != 0; });
        if (!word.empty() && !memory) out += (out.empty() ? "" : " ") + word;
        word.clear();
    };
    for (char ch : name) {
        if (ch == ' ') flush();
        else word += ch;
    }
    flush();
    return out;
}

/// The words for `chosen` when it is the file's GPU `named` in another memory size (catalog
/// A100 SXM4 40GB against 80GB: same vendor, architecture, form factor and name but for the
/// size), e.g. ", the same A100 SXM4 GPU with 40 GB instead of 80 GB"; empty otherwise.
std::string otherMemorySize(const Catalog& catalog, const std::string& named, const std::string& chosen)
{
    const GpuSpec* f = catalog.gpu(named);
    const GpuSpec* c = catalog.gpu(chosen);
    if (!f || !c || !f->memoryGB || !c->memoryGB || *f->memoryGB == *c->memoryGB) return {};
    const std::string base = nameWithoutMemory(f->name);
    if (f->vendor != c->vendor || f->architecture != c->architecture || f->formFactor != c->formFactor || base.empty() ||
        base != nameWithoutMemory(c->name))
        return {};
    const auto gb = [](double v) { return std::to_string(static_cast<long long>(std::llround(v))) + " GB"; };
    return ", the same " + base + " GPU with " + gb(*c->memoryGB) + " instead of " + gb(*f->memoryGB);
}

/// True when `candidates` (two or more) are one system in several GPU memory sizes: the same
/// reference row (catalog reference_id, e.g. servers.csv dgx_a100 "A100 SXM4 40/80GB") and GPUs
/// that differ only in memory size (otherMemorySize), as dgx-a100 and dgx-a100-640gb.
bool memoryVariantsOfOneSystem(const std::vector<const ServerSpec*>& candidates, const Catalog& catalog)
{
    if (candidates.size() < 2 || candidates.front()->referenceId.empty()) return false;
    const ServerSpec& first = *candidates.front();
    return std::all_of(candidates.begin() + 1, candidates.end(), [&](const ServerSpec* c) {
        return c->referenceId == first.referenceId && c->gpuCount == first.gpuCount && c->computeNicId == first.computeNicId &&
               c->computeNicCount == first.computeNicCount && !otherMemorySize(catalog, c->gpuId, first.gpuId).empty();
    });
}

/// Refuses a server chosen with --server that contradicts the file: another GPU count (the
/// design would invent or drop GPUs the file measured), another GPU model than the file names,
/// NVLink in the file on a server whose GPUs have none (naming the line of the first NVLink
/// pair), or another NVLink count per GPU.
/// The compute NIC count may differ: the design takes the file's count and says so in a note.
/// @throws InputError (file, --server) naming both counts or both GPUs, and the catalog servers
///         that carry the file's GPU (or that none does).
void checkChosenServer(const ServerModel& s, const ServerSpec& spec, const Catalog& catalog, const std::string& file)
{
    if (static_cast<std::size_t>(spec.gpuCount) != s.gpus.size())
        throw InputError(file, "", "--server",
                         "the file shows " + std::to_string(s.gpus.size()) + " GPU" + (s.gpus.size() == 1 ? "" : "s") + " but " + spec.id + " has " +
                             std::to_string(spec.gpuCount) + "; pass a server with " + std::to_string(s.gpus.size()) + " GPUs (" +
                             serversWithGpus(catalog, s.gpus.size()) + ")");
    const std::string named = namedGpu(s);
    if (!named.empty() && named != spec.gpuId) {
        const std::string fits = serversCarrying(catalog, named, s.gpus.size());
        throw InputError(file, "", "--server", "the file's GPUs are " + named + " but " + spec.id + " carries " + spec.gpuId +
                                                   otherMemorySize(catalog, named, spec.gpuId) +
                                                   (fits.empty() ? "; no catalog server has " + std::to_string(s.gpus.size()) + " " + named +
                                                                       " GPUs: add one in a user catalog"
                                                                 : "; pass a server with " + named + " GPUs (" + fits + ")"));
    }
    // NVLink in the file on a server whose GPU has none (topo_smi_01's NV18 against the L40S).
    const GpuSpec* g = catalog.gpu(spec.gpuId);
    const auto nvPair = std::find_if(s.gpuPairs.begin(), s.gpuPairs.end(), [](const GpuPair& p) { return p.path == PathKind::NVLink && p.nvlinks > 0; });
    if (g && g->scaleUp == ScaleUpKind::None && nvPair != s.gpuPairs.end()) {
        std::string fits;
        for (const ServerSpec* c : matchingServers(s, catalog)) fits += (fits.empty() ? "" : ", ") + c->id;
        throw InputError(file, nvPair->line > 0 ? "line " + std::to_string(nvPair->line) : std::string(), "--server",
                         "the file shows NVLink between the GPUs (GPU" + std::to_string(nvPair->a) + "/GPU" + std::to_string(nvPair->b) + " \"" +
                             nvPair->token + "\") but " + spec.id + "'s " + (g->name.empty() ? spec.gpuId : g->name) +
                             " has no NVLink: the file contradicts the chosen server; pass a server whose GPUs have NVLink" +
                             (fits.empty() ? std::string() : " (" + fits + ")"));
    }
    // NVLinks per GPU: a matrix of PCIe paths only (0) cannot be an NVLink server, nor NV12 an NV18 one.
    const auto links = nvlinksPerGpu(s);
    if (g && links && g->scaleUp == ScaleUpKind::NVLink && g->scaleUpLinks && *g->scaleUpLinks != *links)
        throw InputError(file, "", "--server",
                         "the file shows " + (*links == 0 ? std::string("no NVLink between the GPUs") : std::to_string(*links) + " NVLinks per GPU") +
                             " but " + spec.id + "'s " + spec.gpuId + " has " + std::to_string(*g->scaleUpLinks) +
                             " NVLinks per GPU; pass a server whose GPUs match the file");
}

} // namespace

int computeNicCount(const ServerModel& s) { return static_cast<int>(nicRoles(s).compute.size()); }

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
        } else if (const auto sm = smOfGpus(s); sm && !architectureOfSm(*sm).empty()) {
            // NCCL XML without <nvlink> still gives the compute capability: the GPU generation.
            if (!architectureIs(g->architecture, architectureOfSm(*sm))) continue;
        } else {
            continue; // neither the GPU, its NVLinks nor its generation are stated: nothing to match on
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

std::vector<const ServerSpec*> serversToOffer(const ServerModel& s, const Catalog& catalog)
{
    std::vector<const ServerSpec*> out = matchingServers(s, catalog);
    if (!out.empty()) return out;
    const auto links = nvlinksPerGpu(s);
    const bool pcieOnly = links && *links == 0;
    for (const ServerSpec& spec : catalog.servers()) {
        if (spec.isAppliance() || static_cast<std::size_t>(spec.gpuCount) != s.gpus.size()) continue;
        const GpuSpec* g = catalog.gpu(spec.gpuId);
        if (pcieOnly && (!g || (g->scaleUp == ScaleUpKind::NVLink && g->scaleUpLinks.value_or(0) > 0))) continue;
        out.push_back(&spec);
    }
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
            auto candidates = matchingServers(s, catalog);
            const std::string gpu = namedGpu(s);
            const auto links = nvlinksPerGpu(s);
            const auto sm = smOfGpus(s);
            const std::string nG = std::to_string(s.gpus.size());
            // What the match rests on, in words, when the file does not name the GPU.
            const std::string basis = links && *links > 0 ? nG + " GPUs with " + std::to_string(*links) + " NVLinks each"
                                      : sm && !architectureOfSm(*sm).empty()
                                          ? nG + " " + architectureOfSm(*sm) + " GPUs (sm=\"" + std::to_string(*sm) + "\")"
                                          : nG + " GPUs";
            if (candidates.empty()) {
                if (!gpu.empty())
                    throw InputError(r.file, "", "", "no catalog server has " + nG + " GPUs of type " + gpu +
                                                         "; pass --server with a catalog server id (or add one in a user catalog)");
                if (basis != nG + " GPUs")
                    throw InputError(r.file, "", "", "no catalog server has " + basis + "; pass --server with a catalog server id (or add one in a user catalog)");
                // PCIe paths only: NVLink servers would contradict the file, so only the others are offered.
                const bool pcieOnly = links && *links == 0;
                const std::string fits = listServersWithGpus(catalog, s.gpus.size(), pcieOnly);
                const std::string what = std::string(pcieOnly ? "the file does not name the GPU model and shows only PCIe paths between the GPUs"
                                                              : "the file names neither the GPU model nor its NVLinks") +
                                         ", so no catalog server can be matched to it; ";
                throw InputError(r.file, "", "",
                                 what + (fits.empty() ? "the catalog has no " + std::string(pcieOnly ? "server without NVLink" : "server") + " with " + nG +
                                                            " GPUs: add one in a user catalog"
                                                      : "catalog servers with " + nG + (pcieOnly ? " GPUs and no NVLink: " : " GPUs: ") + fits +
                                                            "; pass --server with one of them (or add one in a user catalog)"));
            }
            bool byNics = false;
            if (gpu.empty() && candidates.size() > 1) {
                if (auto fit = fittingTheNics(candidates, s, catalog); !fit.empty()) {
                    byNics = fit.size() < candidates.size();
                    candidates = std::move(fit);
                }
            }
            // One system the catalog holds in several GPU memory sizes (dgx-a100, dgx-a100-640gb):
            // a file that does not name the GPU cannot tell them apart, so the first is taken and
            // the note names the others.
            std::vector<const ServerSpec*> variants;
            if (gpu.empty() && memoryVariantsOfOneSystem(candidates, catalog)) {
                variants = candidates;
                candidates.resize(1);
            }
            spec = candidates.front();
            if (gpu.empty() && candidates.size() > 1) {
                std::string list;
                for (const auto* c : candidates) list += (list.empty() ? "" : ", ") + c->id;
                throw InputError(r.file, "", "", "the file does not name the GPU model (" + r.format + " never does) and several catalog servers fit its " +
                                                     basis + ": " + list + "; pass --server with one of them");
            }
            std::string why;
            if (!gpu.empty())
                why = "its GPU is the one the file names (" + gpu + ")";
            else if (byNics)
                why = "the only catalog server with " + basis + " and the file's " + std::to_string(computeNicCount(s)) + (computeNicCount(s) == 1 ? " compute NIC at " : " compute NICs at ") +
                      std::to_string(static_cast<int>(std::lround(*nicSpeedOfFile(s)))) + " Gb/s (the file does not name the GPU model)";
            else
                why = "the only catalog server with " + basis + " (the file does not name the GPU model)";
            if (!variants.empty()) {
                std::string sizes, others;
                for (std::size_t i = 0; i < variants.size(); ++i) {
                    const GpuSpec* g = catalog.gpu(variants[i]->gpuId);
                    sizes += std::string(i == 0 ? "" : i + 1 == variants.size() ? " and " : ", ") + (g ? g->name : variants[i]->gpuId) + " (" +
                             variants[i]->id + ")";
                    if (i > 0) others += (others.size() ? " or " : "") + variants[i]->id;
                }
                why = "the only catalog system with " + basis + " (the file does not name the GPU model); the catalog has it with " + sizes +
                      " GPUs, which the file cannot tell apart: " + spec->id + " is taken, the variant the reference lists first; pass --server " +
                      others + " for the other GPU memory";
            }
            out.notes.push_back("server " + spec->id + " (" + spec->name + "): " + why);
        }
        out.design = topology::generateSingleServer(catalog, {spec->id, "imported from " + base});
        out.serverId = spec->id;
        const ImportedNicChoice nics = computeNicChoice(s, *spec, catalog);
        out.notes.insert(out.notes.end(), nics.notes.begin(), nics.notes.end());
        for (const auto& [id, n] : out.design.nodes()) {
            if (n.kind != NodeKind::Server) continue;
            Node changed = n;
            changed.name = "imported";
            if (nics.count) changed.nicCount = *nics.count;
            if (!nics.nicModel.empty()) changed.nicModel = nics.nicModel;
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
