#pragma once
// The bundled price table (catalogs/prices.json), loaded once per test process and shared by the
// test files that price designs (strict: a broken bundled table fails the tests that use it).
#include "model/cost/price_table.hpp"

namespace testsupport {

inline const model::cost::PriceTable& bundledPrices()
{
    static const model::cost::PriceTable t = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    return t;
}

} // namespace testsupport
