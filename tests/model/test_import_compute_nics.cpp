// Compute NICs of imported servers: the advisor's fewer-nics-than-gpus rule and the imported
// design count the same NICs (nicRoles: the NICs nearest to the GPUs), name the NICs nearest to
// no GPU, and the design takes the NIC model the file's PCI ids name (ConnectX-6 Dx, 0x15b3:
// 0x101d, an Ethernet-only RoCE card) instead of the catalog server's own.
//
// nccl_topo_12.xml (aliyun/SimAI, 8x A100-SXM4-80GB): mlx5_bond_0 sits alone in a slot under
// CPU 0 (PHB to every GPU); mlx5_bond_1..4 each share a Broadcom switch with two GPUs (PXB/PIX).
// So the compute NICs are the 4 bonds 1..4 and 8 GPUs / 4 NICs = 2 GPUs per NIC (the old
// warning divided by all 5 NICs: 1.6).
#include "test_import_support.hpp"
#include "test_catalog_support.hpp"

#include "model/cost/cost_model.hpp"
#include "model/cost/price_table.hpp"
#include "model/io/import/gpu_identity.hpp"
#include "model/io/import/import_design.hpp"
#include "model/topology/bom.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>

using namespace model;
using namespace model::io;

namespace {

using importtest::realInputPath;

const AdvisorFinding* finding(const ImportResult& r, const std::string& rule)
{
    for (const auto& f : r.findings)
        if (f.rule == rule) return &f;
    return nullptr;
}

bool anyNote(const ImportedDesign& d, const std::string& text)
{
    return std::any_of(d.notes.begin(), d.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

const Node& theServer(const Design& d)
{
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) return n;
    FAIL("no server in the design");
    return d.nodes().begin()->second;
}

} // namespace

TEST_CASE("nccl_topo_12: 4 compute NICs near the GPUs, mlx5_bond_0 named apart, in the advisor and the design alike", "[import][nics]")
{
    const Catalog& cat = testsupport::bundledCatalog();
    const ImportResult r = importFile(realInputPath("nccl_topo_12.xml"), ImportKind::NcclTopo);
    REQUIRE(r.server);
    const ServerModel& s = *r.server;
    REQUIRE(s.nics.size() == 5);

    const NicRoles roles = nicRoles(s);
    CHECK(roles.everyGpuPlaced);
    CHECK(roles.compute == std::vector<int>{1, 2, 3, 4});
    CHECK(roles.other == std::vector<int>{0});
    CHECK(nicNames(s, roles.other) == "mlx5_bond_0");
    CHECK(computeNicCount(s) == 4);

    // The advisor divides by the 4 compute NICs, names them and the one left out, and points at
    // the first compute NIC's <net> line (38: mlx5_bond_1), not mlx5_bond_0's (5).
    const AdvisorFinding* f = finding(r, "fewer-nics-than-gpus");
    REQUIRE(f);
    INFO(f->message);
    CHECK(f->message.rfind("8 GPUs share 4 compute NICs (the NICs nearest to the GPUs: mlx5_bond_1, mlx5_bond_2, mlx5_bond_3, mlx5_bond_4): "
                           "in a multi-node collective each NIC carries the traffic of 2 GPUs",
                           0) == 0);
    CHECK(f->message.find("mlx5_bond_0 is nearest to no GPU: likely a front-end or storage NIC") != std::string::npos);
    CHECK(f->evidence.line == 38);
    CHECK(f->evidence.text.find("mlx5_bond_1") != std::string::npos);

    // The design: the same 4 NICs, of the card the PCI ids name.
    const ImportedDesign d = designFromImport(r, cat);
    CHECK(d.serverId == "dgx-a100-640gb");
    const Node& server = theServer(d.design);
    CHECK(server.nicCount == 4);
    CHECK(server.nicModel == "connectx-6-dx-200g");
    CHECK(anyNote(d, "compute NICs: 4 (mlx5_bond_1, mlx5_bond_2, mlx5_bond_3, mlx5_bond_4, the NICs nearest to the GPUs in the file) "
                     "instead of the catalog's 8"));
    CHECK(anyNote(d, "not a compute NIC: mlx5_bond_0, nearest to no GPU in the file (likely a front-end or storage NIC)"));
    CHECK(anyNote(d, "compute NIC model: connectx-6-dx-200g (ConnectX-6 Dx 200GbE, ethernet): the file's compute NICs are ConnectX-6 Dx "
                     "by their PCI ids 0x15b3:0x101d, an Ethernet-only card (RDMA as RoCE), instead of dgx-a100-640gb's connectx-6-200g"));
    CHECK_FALSE(anyNote(d, "NICs run at")); // 200 Gb/s in the file and in the catalog

    const NicSpec* nic = cat.nic(server.nicModel);
    REQUIRE(nic);
    CHECK(nic->protocol == NetProtocol::Ethernet);
    CHECK_FALSE(nic->supports(NetProtocol::InfiniBand));
    CHECK(nic->speed.inGbps() == Approx(200));

    // Downstream: the bill of materials counts 4 of that card, and the cost names it as a part
    // without a price instead of counting it as zero (or inside the DGX's system price).
    const topology::Bom bom = topology::computeBom(d.design, cat);
    REQUIRE(bom.nics.size() == 1);
    CHECK(bom.nics.front().model == "connectx-6-dx-200g");
    CHECK(bom.nics.front().count == 4);
    const cost::CostResult priced = cost::computeCost(d.design, cat, bom, *cost::bundledPriceTable(), cost::CostSettings{}, cost::RunInputs{});
    const auto& lines = priced.build.lines;
    const auto nicLine = std::find_if(lines.begin(), lines.end(), [](const cost::CapitalLine& l) { return l.key == "connectx-6-dx-200g"; });
    REQUIRE(nicLine != lines.end());
    CHECK_FALSE(priced.build.complete());
    CHECK(nicLine->category == "nic");
    CHECK(nicLine->count == 4);
    CHECK_FALSE(nicLine->priced());
    CHECK(nicLine->missingReason.find("connectx-6-dx-200g") != std::string::npos);
}

TEST_CASE("PCI ids name the catalog NIC: ConnectX-6 Dx is Ethernet-only, VPI and virtual functions stay open", "[import][nics]")
{
    const NicIdentity dx = identifyPciNic("0x15b3", "0x101D");
    CHECK(dx.name == "ConnectX-6 Dx");
    CHECK(dx.catalogId == "connectx-6-dx-200g");
    CHECK(dx.protocol == NetProtocol::Ethernet);
    const NicIdentity vpi = identifyPciNic("15b3", "101b");
    CHECK(vpi.catalogId == "connectx-6-200g");
    CHECK_FALSE(vpi.protocol.has_value()); // InfiniBand or Ethernet: the card does not say
    CHECK(identifyPciNic("0x15b3", "0x1021").catalogId == "connectx-7-400g");
    const NicIdentity vf = identifyPciNic("0x15b3", "0x101e"); // any ConnectX's virtual function
    CHECK(vf.name == "ConnectX virtual function");
    CHECK(vf.catalogId.empty());
    // 0xefa0 is the first EFA (p4d's): EFA v1. The later ids do not tell the generations apart.
    const NicIdentity efa = identifyPciNic("0x1d0f", "0xefa0");
    CHECK(efa.catalogId == "efa-v1-100g");
    CHECK(efa.protocol == NetProtocol::EFA);
    const NicIdentity efa2 = identifyPciNic("0x1d0f", "0xefa2");
    CHECK(efa2.name == "Elastic Fabric Adapter (EFA)");
    CHECK(efa2.catalogId.empty());
    CHECK(efa2.protocol == NetProtocol::EFA);
    CHECK(identifyPciNic("0x10de", "0x101d").name.empty()); // another vendor's id
    // Every catalog id the table names exists.
    for (const char* device : {"101b", "101d", "1021", "1023"}) CHECK(testsupport::bundledCatalog().nic(identifyPciNic("15b3", device).catalogId));
    CHECK(testsupport::bundledCatalog().nic(identifyPciNic("1d0f", "efa0").catalogId));
}

TEST_CASE("Other real dumps keep their NIC counts: p4d EFA, IBM CX-7 VFs, a management port SYS to every GPU", "[import][nics]")
{
    const Catalog& cat = testsupport::bundledCatalog();
    SECTION("nccl_topo_05 (AWS p4d): 4 EFA NICs, one per PCIe switch, all compute; the design takes the EFA the PCI ids name")
    {
        const ImportResult r = importFile(realInputPath("nccl_topo_05.xml"), ImportKind::NcclTopo);
        const NicRoles roles = nicRoles(*r.server);
        CHECK(roles.everyGpuPlaced);
        CHECK(roles.compute.size() == 4);
        CHECK(roles.other.empty());
        const AdvisorFinding* f = finding(r, "fewer-nics-than-gpus");
        REQUIRE(f);
        CHECK(f->message.rfind("8 GPUs share 4 NICs: in a multi-node collective each NIC carries the traffic of 2 GPUs", 0) == 0);
        const ImportedDesign d = designFromImport(r, cat);
        CHECK(d.serverId == "dgx-a100");
        CHECK(theServer(d.design).nicCount == 4);
        // Was: "which the catalog cannot name by PCI id; the design keeps dgx-a100's connectx-6-200g", though the catalog has efa-v1-100g.
        CHECK(theServer(d.design).nicModel == "efa-v1-100g");
        CHECK(anyNote(d, "compute NIC model: efa-v1-100g (EFA v1 (Nitro v3) - p4d, efa): the file's compute NICs are Elastic Fabric Adapter (EFA) by "
                         "their PCI ids 0x1d0f:0xefa0, an efa-only card, instead of dgx-a100's connectx-6-200g (ConnectX-6 (VPI) 200G, infiniband)"));
        CHECK_FALSE(anyNote(d, "cannot name by PCI id"));
        CHECK_FALSE(anyNote(d, "not a compute NIC"));
    }
    SECTION("nccl_topo_09 (IBM gx3d H100): 8 CX-7 virtual functions, one per GPU; the NIC of their maker at their 200 Gb/s, no warning")
    {
        const ImportResult r = importFile(realInputPath("nccl_topo_09.xml"), ImportKind::NcclTopo);
        const NicRoles roles = nicRoles(*r.server);
        CHECK(roles.compute.size() == 8);
        CHECK(roles.other.empty());
        CHECK_FALSE(finding(r, "fewer-nics-than-gpus"));
        const ImportedDesign d = designFromImport(r, cat);
        CHECK(d.serverId == "dgx-h100");
        CHECK_FALSE(theServer(d.design).nicCount.has_value()); // 8, the catalog's
        CHECK(theServer(d.design).nicModel == "connectx-6-200g"); // 0x101e names no card; Mellanox at 200 Gb/s does
        CHECK(cat.nic(theServer(d.design).nicModel)->speed.inGbps() == Approx(200));
        CHECK_FALSE(anyNote(d, "the file's NICs run at 200 Gb/s, the catalog's"));
    }
    SECTION("topo_smi_01 (8x H100 VMs): NIC0 SYS to every GPU is named apart; 8 compute NICs, no warning")
    {
        const ImportResult r = importFile(realInputPath("topo_smi_01.txt"), ImportKind::Auto);
        const NicRoles roles = nicRoles(*r.server);
        CHECK(roles.compute.size() == 8);
        CHECK(roles.other == std::vector<int>{0});
        CHECK_FALSE(finding(r, "fewer-nics-than-gpus"));
        const ImportedDesign d = designFromImport(r, cat, "hgx-h100-8gpu");
        CHECK_FALSE(theServer(d.design).nicCount.has_value());
        CHECK(anyNote(d, "not a compute NIC: NIC0, nearest to no GPU in the file"));
    }
}

TEST_CASE("On every real topology dump the warning's NIC count is the design's compute NIC count", "[import][nics]")
{
    static const std::regex share(R"(^(\d+) GPUs share (\d+) )");
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(CD_SHARED_DIR "/real_inputs"))) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("nccl_topo_", 0) != 0 && name.rfind("topo_smi_", 0) != 0) continue;
        ImportResult r;
        try {
            r = importFile(entry.path().string(), ImportKind::Auto);
        } catch (const std::exception&) {
            continue; // files the importers refuse are checked in test_import_real_inputs.cpp
        }
        if (!r.server) continue;
        const NicRoles roles = nicRoles(*r.server);
        const AdvisorFinding* f = finding(r, "fewer-nics-than-gpus");
        INFO(name << ": " << (f ? f->message : std::string("no warning")));
        const int counted = roles.everyGpuPlaced ? computeNicCount(*r.server) : static_cast<int>(r.server->nics.size());
        if (f) {
            std::smatch m;
            REQUIRE(std::regex_search(f->message, m, share));
            CHECK(std::stoi(m[2].str()) == counted);
            ++checked;
        } else if (counted > 0) {
            CHECK(counted >= static_cast<int>(r.server->gpus.size()));
        }
    }
    CHECK(checked >= 8); // topo_smi_05/09/11/17/23, nccl_topo_03/05/12 at least
}

TEST_CASE("A NIC rate the catalog card does not have keeps the card by its PCI ids and the note says why", "[import][nics]")
{
    // nccl_topo_09's NICs state 200 Gb/s and Mellanox (0x15b3) but their id (0x101e, a virtual
    // function) names no card: the design kept DGX H100's 400 Gb/s connectx-7-400g. By maker and
    // rate the catalog has connectx-6-200g (InfiniBand, as DGX H100's NIC) and connectx-6-dx-200g
    // (Ethernet only): the design takes the one of the server's protocol, and says the card may differ.
    const Catalog& cat = testsupport::bundledCatalog();
    const std::string text = importtest::realInput("nccl_topo_09.xml");
    const ImportedDesign vf = designFromImport(importText("nccl_topo_09.xml", text, ImportKind::NcclTopo), cat);
    CHECK(theServer(vf.design).nicModel == "connectx-6-200g");
    CHECK(anyNote(vf, "compute NIC model: connectx-6-200g (ConnectX-6 (VPI) 200G, infiniband): the file's compute NICs are made by PCI vendor 0x15b3 "
                      "and run at 200 Gb/s, and this is the one of the catalog's NICs of that maker at that rate (connectx-6-200g and "
                      "connectx-6-dx-200g) that runs dgx-h100's infiniband, instead of dgx-h100's connectx-7-400g (ConnectX-7 400G (single-port "
                      "OSFP), infiniband) at 400 Gb/s. Their PCI ids 0x15b3:0x101e (ConnectX virtual function) name no catalog card, so the card "
                      "may be another of that maker at that rate: set the NIC model in the inspector if that matters"));
    // A rate no catalog NIC of that maker has (150 Gb/s) keeps the card and says so.
    const std::string odd = importtest::editedEverywhere(text, "speed=\"200000\"", "speed=\"150000\"");
    const ImportedDesign none = designFromImport(importText("odd.xml", odd, ImportKind::NcclTopo), cat);
    CHECK(theServer(none.design).nicModel.empty());
    CHECK(anyNote(none, "the file's NICs run at 150 Gb/s, the catalog's connectx-7-400g at 400 Gb/s: kept, because their PCI ids 0x15b3:0x101e "
                        "(ConnectX virtual function) name no catalog card, and no catalog NIC of their maker (PCI vendor 0x15b3) runs at 150 Gb/s; "
                        "set the NIC model in the inspector if that matters"));
    // The same dump with ConnectX-7 physical functions (0x1021): the card is DGX H100's own, at 200 Gb/s.
    const std::string cx7 = importtest::editedEverywhere(text, "0x101e", "0x1021");
    const ImportedDesign own = designFromImport(importText("cx7.xml", cx7, ImportKind::NcclTopo), cat);
    CHECK(theServer(own.design).nicModel.empty());
    CHECK(anyNote(own, "at 400 Gb/s: kept, because their PCI ids 0x15b3:0x1021 name that card (ConnectX-7), run at another rate; set the NIC model"));
    // Without PCI ids (topo -m) nothing states a rate, so nothing is said.
    const ImportedDesign smi = designFromImport(importFile(realInputPath("topo_smi_01.txt"), ImportKind::Auto), cat, "hgx-h100-8gpu");
    CHECK_FALSE(anyNote(smi, "NICs run at"));
}
