// libFuzzer target: a user catalog file (~/.config/cluster-designer/catalogs/*.json), read
// leniently on top of bundled entries as the app does: broken entries are skipped and
// reported, the rest overrides or extends the bundled entries, servers whose parts are
// missing are dropped. Every server the file adds or replaces is then analysed on its own
// and wired to a bundled switch.
#include "fuzz/fuzz_support.hpp"

#include "model/analysis/analysis.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/generators.hpp"
#include "model/topology/rules.hpp"

#include <set>
#include <string>

namespace {
constexpr const char* kFile = "fuzz-user-catalog.json";
constexpr std::size_t kMaxAnalysedServers = 8;
constexpr const char* kLeafSwitch = "qm9700";

/// Ids of the entries of `section` in the document (whatever their validity).
std::set<std::string> idsIn(const nlohmann::json& doc, const char* section)
{
    std::set<std::string> ids;
    if (!doc.is_object()) return ids;
    const auto it = doc.find(section);
    if (it == doc.end() || !it->is_array()) return ids;
    for (const auto& e : *it)
        if (e.is_object())
            if (const auto id = e.find("id"); id != e.end() && id->is_string()) ids.insert(id->get<std::string>());
    return ids;
}


/// The bundled catalog entries the parsed user entries refer to (GPU, NICs and NVSwitch of
/// each server, ASIC of each switch) plus the leaf switch the target wires servers to. Copying
/// the whole bundled catalog per input would cost 7 ms under ASan; the analysis of a user
/// server only ever looks at these.
model::Catalog bundledPartsFor(const model::Catalog& user)
{
    const model::Catalog& b = fuzz::bundledCatalog();
    model::Catalog c;
    auto addSwitch = [&](const std::string& id) {
        if (const model::SwitchSpec* s = b.switchModel(id)) {
            c.addOrReplace(*s);
            if (const model::SwitchSpec* a = b.switchAsic(s->asic)) c.addOrReplaceAsic(*a);
        }
    };
    addSwitch(kLeafSwitch);
    for (const model::ServerSpec& s : user.servers()) {
        if (const model::GpuSpec* g = b.gpu(s.gpuId)) c.addOrReplace(*g);
        for (const std::string& n : {s.computeNicId, s.storageNicId})
            if (const model::NicSpec* nic = b.nic(n)) c.addOrReplace(*nic);
        if (const model::NvSwitchSpec* nv = b.nvswitch(s.nvswitchId)) c.addOrReplace(*nv);
    }
    for (const model::SwitchSpec& s : user.switches())
        if (const model::SwitchSpec* a = b.switchAsic(s.asic)) c.addOrReplaceAsic(*a);
    return c;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto doc = fuzz::parse(data, size, kFile);
    if (!doc) return 0;
    // Lenient: nothing may escape, not even InputError (problems() collects them).
    model::Catalog user;
    user.loadJson(*doc, kFile, model::CatalogStrictness::Lenient);
    model::Catalog catalog = bundledPartsFor(user);
    catalog.loadJson(*doc, kFile, model::CatalogStrictness::Lenient); // user entries override bundled ones
    catalog.dropBrokenReferences();
    for (const model::InputError& p : catalog.problems()) fuzz::require(p.what()[0] != '\0', "a problem without a message");

    std::size_t analysed = 0;
    for (const std::string& id : idsIn(*doc, "servers")) {
        const model::ServerSpec* s = catalog.server(id);
        if (!s) continue; // skipped as broken
        if (++analysed > kMaxAnalysedServers) break;
        fuzz::refusedOrDone([&] {
            model::Design d = model::topology::generateSingleServer(catalog, {id, {}});
            model::Node sw;
            sw.kind = model::NodeKind::Switch;
            sw.model = kLeafSwitch;
            sw.tier = model::SwitchTier::Leaf;
            const model::Id swId = d.addNode(sw);
            model::Link l;
            l.a = {d.nodes().begin()->first, 0};
            l.b = {swId, -1};
            d.addLink(l);
            (void)model::analyzeDesign(d, catalog);
            (void)model::topology::computeBom(d, catalog);
            (void)model::topology::checkDesign(d, catalog);
        });
    }
    return 0;
}
