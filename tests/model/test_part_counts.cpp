// Designs count their servers by the catalog's kind: an NVL72 rack is "1 rack, 72 GPUs", a
// rented cluster "2 instances", a workstation "1 workstation" (part_counts.hpp).
#include "test_catalog_support.hpp"

#include "model/design/part_counts.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace model;

TEST_CASE("part counts name the servers' shared catalog kind - and servers where the kinds differ", "[snapshot]")
{
    const Catalog& cat = testsupport::catalog();
    const auto kindOf = [&](const std::string& templ) { return countParts(loadDesign(bundledTemplateDirectory() + "/" + templ + ".json"), cat).serverKind; };
    CHECK(kindOf("gb200-nvl72-8racks") == "rack");
    CHECK(kindOf("workstation-4x-rtx4090") == "workstation");
    CHECK(kindOf("superpod-h100-1su") == "node");
    CHECK(kindOf("rented-8x-h100-3200g") == "baseboard");
    topology::RentedOptions o;
    o.server = "aws-p5-48xlarge";
    o.nodes = 2;
    o.perNodeGbps = 3200;
    o.pricePerGpuHourUsd = 3;
    CHECK(countParts(topology::generateRented(cat, o), cat).serverKind == "cloud_instance");
    // A rack beside a DGX H100: no shared kind, so "servers".
    Design mixed = loadDesign(bundledTemplateDirectory() + "/gb200-nvl72-1rack.json");
    Node dgx{};
    dgx.kind = NodeKind::Server;
    dgx.model = "dgx-h100";
    dgx.name = "dgx";
    (void)mixed.addNode(dgx);
    const PartCounts m = countParts(mixed, cat);
    CHECK(m.serverKind == "node");
    CHECK(m.gpus == 80);
    // The nouns, singular and plural.
    CHECK(serverNoun("rack", 1) == "rack");
    CHECK(serverNoun("rack", 8) == "racks");
    CHECK(serverNoun("workstation", 2) == "workstations");
    CHECK(serverNoun("cloud_instance", 1) == "instance");
    CHECK(serverNoun("baseboard", 8) == "servers");
    CHECK(serverNoun("node", 1) == "server");
}
