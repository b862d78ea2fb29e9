// Which catalog models a drawn server may become (model/catalog/server_choices.hpp): only
// boxes of the same kind and the same GPU-to-GPU fabric class.
#include "test_catalog_support.hpp"

#include "model/catalog/server_choices.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;

namespace {
std::vector<std::string> choicesFor(const std::string& id)
{
    const Catalog& c = testsupport::bundledCatalog();
    const ServerSpec* s = c.server(id);
    REQUIRE(s != nullptr);
    std::vector<std::string> out;
    for (const ServerSpec* o : interchangeableServers(c, *s)) out.push_back(o->id);
    return out;
}
} // namespace

TEST_CASE("a PCIe-only box has no other model to become: no NVSwitch DGX, rack, cloud instance or appliance", "[catalog][choices]")
{
    // The 8x L40S PCIe server is the only PCIe-only node of the bundled catalog.
    CHECK(choicesFor("pcie-2-8-5-l40s") == std::vector<std::string>{"pcie-2-8-5-l40s"});
    // The 4x RTX 4090 workstation is the only workstation.
    CHECK(choicesFor("ws-4x-rtx4090") == std::vector<std::string>{"ws-4x-rtx4090"});
    // The UFM appliance is the only appliance: never turned into a GPU box, nor one into it.
    CHECK(choicesFor("ufm-appliance") == std::vector<std::string>{"ufm-appliance"});
}

TEST_CASE("NVSwitch boxes are offered the models of their own kind only", "[catalog][choices]")
{
    CHECK(choicesFor("dgx-h100") == std::vector<std::string>{"dgx-a100", "dgx-a100-640gb", "dgx-h100", "dgx-h200", "dgx-b200", "dgx-b300"});
    CHECK(choicesFor("hgx-h100-8gpu") == std::vector<std::string>{"hgx-h100-8gpu", "hgx-b200-8gpu", "hgx-b300-8gpu"});
    CHECK(choicesFor("gb200-nvl72") == std::vector<std::string>{"gb200-nvl72", "gb300-nvl72"});
    const auto cloud = choicesFor("aws-p5-48xlarge");
    CHECK(cloud.size() == 9);
    for (const auto& id : cloud) CHECK(testsupport::bundledCatalog().server(id)->kind == "cloud_instance");
}

TEST_CASE("every choice of every server is the same kind and fabric class, itself included", "[catalog][choices]")
{
    const Catalog& c = testsupport::bundledCatalog();
    for (const ServerSpec& s : c.servers()) {
        INFO(s.id);
        const auto choices = interchangeableServers(c, s);
        CHECK(std::count(choices.begin(), choices.end(), &s) == 1);
        for (const ServerSpec* o : choices) {
            CHECK(o->kind == s.kind);
            CHECK((o->intraNode == IntraNodeFabric::PCIe) == (s.intraNode == IntraNodeFabric::PCIe));
            CHECK(o->isAppliance() == s.isAppliance());
        }
    }
}
