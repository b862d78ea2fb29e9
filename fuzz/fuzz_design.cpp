// libFuzzer target: a design file (format "cluster-designer-design"), as `open`, the command
// line and crash recovery read it, then everything the app does with a loaded design: save
// and reload, bill of materials, design rules, analysis and the charts' sweeps.
#include "fuzz/fuzz_support.hpp"

#include "model/analysis/analysis.hpp"
#include "model/design/design.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/rules.hpp"

namespace {
constexpr const char* kFile = "fuzz-design.json";
/// Analysis and sweeps cost milliseconds per GPU count; larger designs are still parsed,
/// validated, saved and costed, just not analysed, to keep the run fast.
constexpr std::size_t kMaxAnalysedNodes = 64;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto doc = fuzz::parse(data, size, kFile);
    if (!doc) return 0;
    const model::Catalog& catalog = fuzz::bundledCatalog();
    model::Design design;
    try {
        design = model::designFromJson(*doc, kFile);
        design.validateAgainst(catalog, kFile);
    } catch (const model::InputError&) {
        return 0; // refused with a message: what bad input should get
    }

    // What the app saves reads back as the same design (a save must never write what cannot
    // be opened again). Anything thrown here escapes: a crash.
    const nlohmann::json saved = model::toJson(design);
    const model::Design reread = model::designFromJson(model::io::parseJson(saved.dump(1), kFile), kFile);
    fuzz::require(model::toJson(reread) == saved, "a saved design reads back differently");

    fuzz::refusedOrDone([&] { (void)model::topology::computeBom(design, catalog); });
    fuzz::refusedOrDone([&] { (void)model::topology::checkDesign(design, catalog); });
    if (design.nodes().size() <= kMaxAnalysedNodes) {
        fuzz::refusedOrDone([&] { (void)model::analyzeDesign(design, catalog); });
        fuzz::refusedOrDone([&] { (void)model::chartSweeps(design, catalog); });
    }
    return 0;
}
