// libFuzzer target: the price table (catalogs/prices.json, model/cost/price_table), then the
// look-ups every cost view makes on it.
#include "fuzz/fuzz_support.hpp"

#include "model/cost/price_table.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto doc = fuzz::parse(data, size, "fuzz-prices.json");
    if (!doc) return 0;
    model::cost::PriceTable t;
    try {
        t = model::cost::priceTableFromJson(*doc, "fuzz-prices.json");
    } catch (const model::InputError&) {
        return 0;
    }
    for (const auto& p : t.purchases) {
        fuzz::require(p.usdMid() >= 0.0 && p.usdMid() <= 1e10, "a purchase price out of range");
        (void)model::cost::indicativeLabel(p.date, t.citation(p.sourceId));
        (void)t.purchaseFor(p.catalogId);
    }
    for (const auto& r : t.rents) (void)t.rentsFor(r.gpuId);
    for (const auto& n : t.nodePower) (void)t.powerFor(n.catalogId);
    for (const auto& e : t.electricity) (void)t.electricityIn(e.state);
    return 0;
}
