#pragma once
// The bundled catalog, loaded once per test process and shared by every test file (strict:
// a broken bundled catalog fails the tests that use it).
#include "model/catalog/catalog.hpp"

namespace testsupport {

inline const model::Catalog& bundledCatalog()
{
    static const model::Catalog c = model::Catalog::loadBundled();
    return c;
}

} // namespace testsupport
