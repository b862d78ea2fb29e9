#include "model/catalog/catalog.hpp"

#include "model/catalog/catalog_parse.hpp"
#include "model/catalog/data_dirs.hpp"
#include "model/io/json_fields.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <regex>

namespace fs = std::filesystem;
using nlohmann::json;

namespace model {

const Source* Provenance::sourceOf(const std::string& field) const
{
    auto f = fieldSources.find(field);
    const std::string& id = f != fieldSources.end() ? f->second : defaultSource;
    auto s = sources.find(id);
    return s == sources.end() ? nullptr : &s->second;
}

Bandwidth GpuSpec::pciePerDirection() const noexcept
{
    return pcieLinkPerDirection(pcieGeneration, pcieLanes);
}

std::optional<Bandwidth> pcieLinkNamedIn(const std::string& hostInterface)
{
    static const std::regex re(R"(PCIe\s*Gen\s*([0-9])\s*x\s*([0-9]{1,2}))", std::regex::icase);
    std::smatch m;
    if (!std::regex_search(hostInterface, m, re)) return std::nullopt;
    const Bandwidth b = pcieLinkPerDirection(std::stoi(m[1].str()), std::stoi(m[2].str()));
    if (b.isZero()) return std::nullopt;
    return b;
}

Bandwidth pcieLinkPerDirection(int generation, int lanes) noexcept
{
    // PCI-SIG per-lane rates with NVIDIA's rounding: gen3 ~1, gen4 2, gen5 4, gen6 8 GB/s per lane
    // per direction (x16: 16/32/64/128 GB/s; shared/reference/README.md convention 3).
    if (generation <= 0 || lanes <= 0) return Bandwidth();
    double perLane = 1.0;
    switch (generation) {
    case 1: perLane = 0.25; break;
    case 2: perLane = 0.5; break;
    case 3: perLane = 1.0; break;
    case 4: perLane = 2.0; break;
    case 5: perLane = 4.0; break;
    default: perLane = generation >= 6 ? 8.0 : 1.0; break;
    }
    return Bandwidth::GBps(perLane * lanes);
}

const char* toString(FormFactor f) noexcept
{
    switch (f) {
    case FormFactor::SXM: return "SXM";
    case FormFactor::PCIe: return "PCIe";
    case FormFactor::OAM: return "OAM";
    case FormFactor::Superchip: return "superchip";
    }
    return "?";
}
const char* toString(ScaleUpKind k) noexcept
{
    switch (k) {
    case ScaleUpKind::None: return "none";
    case ScaleUpKind::NVLink: return "nvlink";
    case ScaleUpKind::InfinityFabric: return "infinity_fabric";
    case ScaleUpKind::GaudiRoCE: return "gaudi_roce";
    }
    return "?";
}
const char* toString(NetProtocol p) noexcept
{
    switch (p) {
    case NetProtocol::InfiniBand: return "infiniband";
    case NetProtocol::Ethernet: return "ethernet";
    case NetProtocol::EFA: return "efa";
    }
    return "?";
}
const char* toString(LosslessMode m) noexcept
{
    switch (m) {
    case LosslessMode::CreditBased: return "credit_based";
    case LosslessMode::PfcEcn: return "pfc_ecn";
    case LosslessMode::None: return "none";
    }
    return "?";
}
const char* toString(IntraNodeFabric f) noexcept
{
    switch (f) {
    case IntraNodeFabric::NVSwitch: return "nvswitch";
    case IntraNodeFabric::NVLinkBridge: return "nvlink_bridge";
    case IntraNodeFabric::DirectMesh: return "direct_mesh";
    case IntraNodeFabric::PCIe: return "pcie";
    }
    return "?";
}

namespace {
template <class T>
void upsert(std::vector<T>& v, T item)
{
    auto it = std::find_if(v.begin(), v.end(), [&](const T& e) { return e.id == item.id; });
    if (it != v.end()) *it = std::move(item);
    else v.push_back(std::move(item));
}
template <class T>
const T* lookup(const std::vector<T>& v, const std::string& id) noexcept
{
    for (const auto& e : v)
        if (e.id == id) return &e;
    return nullptr;
}
} // namespace

void Catalog::addOrReplace(GpuSpec g) { upsert(gpus_, std::move(g)); }
void Catalog::addOrReplace(ServerSpec s) { upsert(servers_, std::move(s)); }
void Catalog::addOrReplace(NicSpec n) { upsert(nics_, std::move(n)); }
void Catalog::addOrReplace(SwitchSpec s) { upsert(switches_, std::move(s)); }
void Catalog::addOrReplace(NvSwitchSpec s) { upsert(nvswitches_, std::move(s)); }
void Catalog::addOrReplace(CableSpec c) { upsert(cables_, std::move(c)); }
void Catalog::addOrReplace(TransceiverSpec t) { upsert(transceivers_, std::move(t)); }
void Catalog::addOrReplaceAsic(SwitchSpec s) { upsert(switchAsics_, std::move(s)); }

const GpuSpec* Catalog::gpu(const std::string& id) const noexcept { return lookup(gpus_, id); }
const ServerSpec* Catalog::server(const std::string& id) const noexcept { return lookup(servers_, id); }
const NicSpec* Catalog::nic(const std::string& id) const noexcept { return lookup(nics_, id); }
const SwitchSpec* Catalog::switchModel(const std::string& id) const noexcept { return lookup(switches_, id); }
const SwitchSpec* Catalog::switchAsic(const std::string& id) const noexcept { return lookup(switchAsics_, id); }
const NvSwitchSpec* Catalog::nvswitch(const std::string& id) const noexcept { return lookup(nvswitches_, id); }
const CableSpec* Catalog::cable(const std::string& id) const noexcept { return lookup(cables_, id); }
const TransceiverSpec* Catalog::transceiver(const std::string& id) const noexcept { return lookup(transceivers_, id); }

void Catalog::clear()
{
    gpus_.clear();
    servers_.clear();
    nics_.clear();
    switches_.clear();
    switchAsics_.clear();
    nvswitches_.clear();
    cables_.clear();
    transceivers_.clear();
    problems_.clear();
}

void Catalog::loadFile(const std::string& path, CatalogStrictness strictness)
{
    nlohmann::json doc;
    try {
        doc = io::readJsonFile(path, kMaxFileBytes);
    } catch (const InputError& e) {
        if (strictness == CatalogStrictness::Strict) throw;
        problems_.push_back(e);
        return;
    }
    loadJson(doc, path, strictness);
}

void Catalog::loadJson(const nlohmann::json& doc, const std::string& path, CatalogStrictness strictness)
{
    try {
        if (doc.is_object()) {
            const auto format = doc.find("format");
            if (format != doc.end() && *format == json("cluster-designer-prices")) return;
        }
        catalog_parse::checkHeader(doc, path);
    } catch (const InputError& e) {
        if (strictness == CatalogStrictness::Strict) throw;
        problems_.push_back(e);
        return;
    }
    auto each = [&](const char* section, auto parseOne, auto add) {
        auto it = doc.find(section);
        if (it == doc.end()) return;
        if (!it->is_array() || it->size() > kMaxEntriesPerSection) {
            InputError e(path, section, "",
                         it->is_array() ? "holds " + std::to_string(it->size()) + " entries; a catalog file may hold at most " +
                                              std::to_string(kMaxEntriesPerSection) + " per section"
                                        : "expected an array of entries, got " + io::describe(*it));
            if (strictness == CatalogStrictness::Strict) throw e;
            problems_.push_back(e);
            return;
        }
        for (std::size_t i = 0; i < it->size(); ++i) {
            try {
                add(parseOne((*it)[i], path, std::string(section) + "[" + std::to_string(i) + "]"));
            } catch (const InputError& e) {
                if (strictness == CatalogStrictness::Strict) throw;
                problems_.push_back(e);
            }
        }
    };
    auto put = [this](auto spec) { addOrReplace(std::move(spec)); };
    each("gpus", catalog_parse::parseGpu, put);
    each("servers", catalog_parse::parseServer, put);
    each("nics", catalog_parse::parseNic, put);
    each("switches", catalog_parse::parseSwitch, put);
    each("switch_asics", catalog_parse::parseSwitch, [this](SwitchSpec s) { addOrReplaceAsic(std::move(s)); });
    each("nvswitches", catalog_parse::parseNvSwitch, put);
    each("cables", catalog_parse::parseCable, put);
    each("transceivers", catalog_parse::parseTransceiver, put);
}

void Catalog::loadDirectory(const std::string& dir, CatalogStrictness strictness)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(dir, "", "", "expected a directory holding catalog *.json files");
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) loadFile(f, strictness);
}

void Catalog::validateReferences() const
{
    for (const auto& s : servers_) {
        if (!s.isAppliance() && !gpu(s.gpuId))
            throw InputError("catalog", s.id, "gpu", "names GPU \"" + s.gpuId + "\", which is not in the catalog");
        if (!s.computeNicId.empty() && !nic(s.computeNicId))
            throw InputError("catalog", s.id, "compute_nic",
                             "names NIC \"" + s.computeNicId + "\", which is not in the catalog");
        if (!s.storageNicId.empty() && !nic(s.storageNicId))
            throw InputError("catalog", s.id, "storage_nic",
                             "names NIC \"" + s.storageNicId + "\", which is not in the catalog");
        if (!s.nvswitchId.empty() && !nvswitch(s.nvswitchId))
            throw InputError("catalog", s.id, "nvswitch",
                             "names NVSwitch \"" + s.nvswitchId + "\", which is not in the catalog");
    }
    for (const auto& sw : switches_)
        if (!sw.asic.empty() && !switchAsic(sw.asic))
            throw InputError("catalog", sw.id, "asic", "names switch ASIC \"" + sw.asic + "\", which is not in the catalog");
}

std::size_t Catalog::dropBrokenReferences()
{
    const std::size_t before = servers_.size() + switches_.size();
    auto brokenServer = [this](const ServerSpec& s) {
        try {
            if (!s.isAppliance() && !gpu(s.gpuId))
                throw InputError("catalog", s.id, "gpu", "names GPU \"" + s.gpuId + "\", which is not in the catalog");
            if (!s.computeNicId.empty() && !nic(s.computeNicId))
                throw InputError("catalog", s.id, "compute_nic", "names NIC \"" + s.computeNicId + "\", which is not in the catalog");
            if (!s.storageNicId.empty() && !nic(s.storageNicId))
                throw InputError("catalog", s.id, "storage_nic", "names NIC \"" + s.storageNicId + "\", which is not in the catalog");
            if (!s.nvswitchId.empty() && !nvswitch(s.nvswitchId))
                throw InputError("catalog", s.id, "nvswitch", "names NVSwitch \"" + s.nvswitchId + "\", which is not in the catalog");
        } catch (const InputError& e) {
            problems_.push_back(e);
            return true;
        }
        return false;
    };
    servers_.erase(std::remove_if(servers_.begin(), servers_.end(), brokenServer), servers_.end());
    auto brokenSwitch = [this](const SwitchSpec& s) {
        if (s.asic.empty() || switchAsic(s.asic)) return false;
        problems_.emplace_back("catalog", s.id, "asic", "names switch ASIC \"" + s.asic + "\", which is not in the catalog");
        return true;
    };
    switches_.erase(std::remove_if(switches_.begin(), switches_.end(), brokenSwitch), switches_.end());
    return before - servers_.size() - switches_.size();
}


std::string Catalog::bundledDirectory()
{
    return bundledCatalogDirectory();
}

Catalog Catalog::loadBundled()
{
    Catalog c;
    c.loadDirectory(bundledDirectory(), CatalogStrictness::Strict);
    c.validateReferences();
    return c;
}

std::string bundledTemplateDirectory()
{
    return bundledTemplatesDirectory();
}

std::string defaultDesignPath()
{
    return (fs::path(bundledTemplateDirectory()) / "superpod-h100-1su.json").string();
}

} // namespace model
