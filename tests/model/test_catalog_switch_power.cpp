// Switch power from a dated source: the QM9700, leaf and spine of the DGX SuperPOD, had no
// power figure (null); NVIDIA's QM97x0 specifications give 1,720 W maximum.
#include "test_catalog_support.hpp"

#include "model/catalog/catalog.hpp"
#include "model/topology/bom.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;

TEST_CASE("QM9700 power: 1,720 W maximum, with its source and date", "[catalog][sources][power]")
{
    const Catalog& c = testsupport::bundledCatalog();
    const SwitchSpec* s = c.switchModel("qm9700");
    REQUIRE(s != nullptr);
    REQUIRE(s->powerW.has_value());
    CHECK(*s->powerW == 1720.0);
    CHECK_FALSE(s->provenance.isUnknown("power_W"));
    const Source* src = s->provenance.sourceOf("power_W");
    REQUIRE(src != nullptr);
    CHECK(src->citation.rfind("https://networking-docs.nvidia.com/qm97x0hw/specifications", 0) == 0);
    CHECK(src->date == "2026-09-13");
    // The other figures keep their own sources.
    CHECK(s->provenance.sourceOf("latency_ns")->citation.find("yobitel") != std::string::npos);
}

TEST_CASE("the SuperPOD unit's 12 QM9700 now count in the bill of materials' power", "[bom][power]")
{
    const topology::Bom b = topology::computeBom(loadDesign(defaultDesignPath()), testsupport::bundledCatalog());
    CHECK(b.switchPowerW == Approx(12 * 1720.0)); // 8 leaves + 4 spines
    CHECK(std::find(b.powerUnknown.begin(), b.powerUnknown.end(), "qm9700") == b.powerUnknown.end());
    CHECK(b.powerKw() == Approx(326.4 + 20.64)); // 32 DGX H100 x 10.2 kW + 12 x 1.72 kW
}
