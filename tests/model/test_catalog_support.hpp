#pragma once
// The bundled catalog, loaded once per test process and shared by every test file (strict:
// a broken bundled catalog fails the tests that use it), and the bundled templates tests share.
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

namespace testsupport {

inline const model::Catalog& bundledCatalog()
{
    static const model::Catalog c = model::Catalog::loadBundled();
    return c;
}

/// The bundled SuperPOD H100 scalable-unit template (32 DGX H100), loaded once per process.
inline const model::Design& superpodTemplate()
{
    static const model::Design d = model::loadDesign(model::bundledTemplateDirectory() + "/superpod-h100-1su.json");
    return d;
}

} // namespace testsupport
