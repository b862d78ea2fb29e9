// libFuzzer target: a bundled catalog file (catalogs/*.json), read strictly: the first bad
// entry refuses the file. A catalog that loads is checked for references, exported as the
// `catalog --json` command does, and every server in it is analysed on its own, so absurd
// figures that pass the parser are caught where the engine computes with them.
#include "fuzz/fuzz_support.hpp"

#include "model/analysis/analysis.hpp"
#include "model/catalog/catalog_export.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/generators.hpp"

namespace {
constexpr const char* kFile = "fuzz-catalog.json";
constexpr std::size_t kMaxAnalysedServers = 8;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto doc = fuzz::parse(data, size, kFile);
    if (!doc) return 0;
    model::Catalog catalog;
    try {
        catalog.loadJson(*doc, kFile, model::CatalogStrictness::Strict);
        catalog.validateReferences();
    } catch (const model::InputError&) {
        return 0;
    }
    (void)model::catalogToJson(catalog).dump();
    std::size_t analysed = 0;
    for (const model::ServerSpec& s : catalog.servers()) {
        if (++analysed > kMaxAnalysedServers) break;
        fuzz::refusedOrDone([&] {
            const model::Design d = model::topology::generateSingleServer(catalog, {s.id, {}});
            (void)model::analyzeDesign(d, catalog);
            (void)model::topology::computeBom(d, catalog);
        });
    }
    return 0;
}
