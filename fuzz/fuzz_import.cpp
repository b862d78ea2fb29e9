// libFuzzer target: one importer of what clusters print (model/io/import), then what the app
// does with an imported file: the advisor alone and against a design, the import record a
// design keeps (written and read back) and, for a server model, the design File > Import makes.
// The importer is chosen at build time: CD_FUZZ_IMPORT_KIND is a model::io::ImportKind name
// ("auto", "nvidia-smi-topo", "nccl-topo", "nccl-tests", "nccl-log", "lspci"), one target each
// (fuzz/CMakeLists.txt).
#include "fuzz/fuzz_support.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/import/import.hpp"
#include "model/io/import/import_design.hpp"
#include "model/io/import/import_record.hpp"
#include "model/topology/generators.hpp"

#include <string_view>

#ifndef CD_FUZZ_IMPORT_KIND
#error "CD_FUZZ_IMPORT_KIND must name the importer (see fuzz/CMakeLists.txt)"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const model::io::ImportKind kind = *model::io::importKindFromString(CD_FUZZ_IMPORT_KIND);
    static const model::Design dgx = model::topology::generateSingleServer(fuzz::bundledCatalog(), {"dgx-h100", "fuzz"});
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    model::io::ImportResult r;
    try {
        r = model::io::importText("fuzz-import.txt", text, kind);
    } catch (const model::InputError&) {
        return 0;
    }
    fuzz::require(r.server || r.curve || r.log, "an accepted import holds no server model, curve or log");
    if (r.curve)
        for (const auto& p : r.curve->points())
            fuzz::require(p.bytes >= 0 && p.bytes <= model::io::kMaxMeasuredBytes && p.busbwGBps >= 0 &&
                              p.busbwGBps <= model::io::kMaxMeasuredGBps,
                          "a measured point out of range");
    (void)model::io::reviewImport(r, nullptr, fuzz::bundledCatalog());
    (void)model::io::reviewImport(r, &dgx, fuzz::bundledCatalog());
    // The record a design keeps reads back: what the advisor needs survives a save.
    const auto back = model::io::importFromRecord(model::io::importRecord(r, {}));
    fuzz::require(back.findings.size() == r.findings.size(), "the import record lost findings");
    fuzz::require(!r.curve || (back.curve && back.curve->points().size() == r.curve->points().size()),
                  "the import record lost measured points");
    if (r.server) fuzz::refusedOrDone([&] { (void)model::io::designFromImport(r, fuzz::bundledCatalog()); });
    return 0;
}
