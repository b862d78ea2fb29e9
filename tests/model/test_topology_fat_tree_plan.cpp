// Fat-tree port arithmetic against published reference fabrics and hand-worked cases.
#include "model/topology/fat_tree_plan.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace model::topology;

namespace {
/// Splits one CSV line (RFC 4180 quoting: "a, b" is one field, "" is a quote).
std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') { out.back() += '"'; ++i; }
            else if (c == '"') quoted = false;
            else out.back() += c;
        } else if (c == '"') quoted = true;
        else if (c == ',') out.emplace_back();
        else if (c != '\r') out.back() += c;
    }
    return out;
}

struct Row { std::map<std::string, std::string> f; };

std::vector<Row> readReferenceFabrics()
{
    std::ifstream in(std::string(CD_SHARED_DIR "/validation/reference_fabrics.csv"));
    REQUIRE(in.good());
    std::string line;
    std::getline(in, line);
    const auto header = splitCsv(line);
    std::vector<Row> rows;
    std::string lastSource;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto cells = splitCsv(line);
        // The Meta row is one field short (20 of 21) and publishes no switch counts; rows
        // that do not line up with the header are left out rather than read shifted.
        if (cells.size() != header.size()) continue;
        Row r;
        for (std::size_t i = 0; i < header.size(); ++i) r.f[header[i]] = cells[i];
        // "same" in the source column repeats the row above.
        if (r.f["source"] == "same") r.f["source"] = lastSource;
        lastSource = r.f["source"];
        rows.push_back(std::move(r));
    }
    return rows;
}

FatTreeInputs superpod(int nodes, int nics, int ports, bool ufm)
{
    FatTreeInputs in;
    in.nodes = nodes;
    in.endpointsPerNode = nics;
    in.switchPorts = ports;
    in.ufm = ufm;
    return in;
}

void checkCounts(const FatTreePlan& p, int leaf, int spine, int core, long long nl, long long ls, long long sc)
{
    CHECK(p.leaves == leaf);
    CHECK(p.spines == spine);
    CHECK(p.cores == core);
    CHECK(p.nodeLeafCables == nl);
    CHECK(p.leafSpineCables == ls);
    CHECK(p.spineCoreCables == sc);
}
} // namespace

TEST_CASE("fat tree reproduces every counted row of reference_fabrics.csv", "[topology][fattree]")
{
    int checked = 0;
    for (auto& row : readReferenceFabrics()) {
        auto& f = row.f;
        if (f["leaf_switches"].empty() || f["switch_ports"].empty()) continue; // no counts published (Meta)
        INFO("row " << f["id"]);
        FatTreeInputs in;
        in.nodes = std::stoi(f["nodes"]);
        in.endpointsPerNode = std::stoi(f["nic_per_node"]);
        in.switchPorts = std::stoi(f["switch_ports"]);
        in.breakout = std::stoi(f["switch_port_Gbps"]) / std::stoi(f["nic_Gbps"]);
        const std::string ratio = f["oversubscription"];
        in.oversubscription = std::stod(ratio.substr(0, ratio.find(':')));
        // The H100 SuperPOD RA (RA-11333) gives one node slot of every system to the UFM
        // appliance; its 4 cables are counted with the node-leaf cables (Table 4).
        in.ufm = f["source"].find("RA-11333") != std::string::npos;
        in.ufmCables = 4;
        const FatTreePlan p = planFatTree(in);
        checkCounts(p, std::stoi(f["leaf_switches"]), std::stoi(f["spine_switches"]),
                    f["core_switches"].empty() ? 0 : std::stoi(f["core_switches"]),
                    std::stoll(f["node_leaf_cables"]), std::stoll(f["leaf_spine_cables"]),
                    f["spine_core_cables"].empty() ? 0 : std::stoll(f["spine_core_cables"]));
        ++checked;
    }
    CHECK(checked == 4);
}

TEST_CASE("fat tree reproduces the DGX SuperPOD B200 table (core tier from 16 SU)", "[topology][fattree]")
{
    // reference_architectures.md sec. 2: 32 DGX B200 per SU, 8x CX-7 400G, QM9700 64 x 400G.
    struct R { int su, leaf, spine, core; long long nl, ls, sc; };
    const R rows[] = {{2, 16, 8, 0, 512, 512, 0},          {4, 32, 16, 0, 1024, 1024, 0},
                      {8, 64, 32, 0, 2048, 2048, 0},        {16, 128, 128, 64, 4096, 4096, 4096},
                      {32, 256, 256, 128, 8192, 8192, 8192}, {64, 512, 512, 256, 16384, 16384, 16384}};
    for (const R& r : rows) {
        INFO(r.su << " SU");
        const FatTreePlan p = planFatTree(superpod(32 * r.su, 8, 64, false));
        CHECK(p.tiers == (r.core ? 3 : 2));
        checkCounts(p, r.leaf, r.spine, r.core, r.nl, r.ls, r.sc);
    }
}

TEST_CASE("fat tree reproduces the DGX SuperPOD B300 XDR table (Q3400, 144 x 800G)", "[topology][fattree]")
{
    // reference_architectures.md sec. 3b: SU = 72 DGX B300, 8 rails of ConnectX-8 800G.
    struct R { int su, leaf, spine; long long nl, ls; };
    const R rows[] = {{1, 8, 4, 576, 576}, {2, 16, 8, 1152, 1152}, {4, 32, 18, 2304, 2304},
                      {8, 64, 36, 4608, 4608}, {18, 144, 72, 10368, 10368}};
    for (const R& r : rows) {
        INFO(r.su << " SU");
        checkCounts(planFatTree(superpod(72 * r.su, 8, 144, false)), r.leaf, r.spine, 0, r.nl, r.ls, 0);
    }
}

TEST_CASE("fat tree reproduces the DGX SuperPOD B300 Spectrum-X twin-plane table", "[topology][fattree]")
{
    // reference_architectures.md sec. 3a: SU = 64 DGX B300; each GPU has 2 x 400GbE, one into
    // each of two independent planes (16 endpoints per node); SN5600 = 64 x 800G ports, each
    // split into 2 x 400G (128 logical ports, breakout 2). Cables counted at 800G switch ports.
    struct R { int su, leaf, spine; long long nl, ls; };
    const R rows[] = {{1, 16, 8, 512, 512}, {2, 32, 16, 1024, 1024}, {4, 64, 32, 2048, 2048},
                      {8, 128, 64, 4096, 4096}, {16, 256, 128, 8192, 8192}};
    for (const R& r : rows) {
        INFO(r.su << " SU");
        FatTreeInputs in = superpod(64 * r.su, 16, 128, false);
        in.breakout = 2;
        in.planes = 2;
        checkCounts(planFatTree(in), r.leaf, r.spine, 0, r.nl, r.ls, 0);
    }
}

TEST_CASE("fat tree port math holds for inputs no table lists", "[topology][fattree]")
{
    SECTION("64 nodes x 8 NICs on 64-port switches at 2:1")
    {
        // A leaf keeps 42 down + 21 up (43 + 22 = 65 > 64), so 42 slots per SU: 2 SUs of
        // 32 nodes. Each leaf then has 32 down and ceil(32/2) = 16 up; 16 leaves x 16 = 256
        // uplinks; spines >= 256/64 = 4 and 4 divides 16, so 4 spines of 64 ports.
        FatTreeInputs in = superpod(64, 8, 64, false);
        in.oversubscription = 2.0;
        const FatTreePlan p = planFatTree(in);
        CHECK(leafDownPorts(64, 2.0) == 42);
        CHECK(p.scalableUnits == 2);
        CHECK(p.uplinksPerLeaf == 16);
        checkCounts(p, 16, 4, 0, 512, 256, 0);
    }
    SECTION("40 nodes x 8 NICs on 40-port HDR switches at 1:1")
    {
        // 20 down + 20 up; 2 SUs of 20; 16 leaves x 20 up = 320; spines >= 8; divisors of 20:
        // 10 -> 10 spines, 2 cables from each leaf to each spine, 32 ports used per spine.
        const FatTreePlan p = planFatTree(superpod(40, 8, 40, false));
        checkCounts(p, 16, 10, 0, 320, 320, 0);
    }
    SECTION("4 nodes fit one leaf: a single switch, no spine")
    {
        const FatTreePlan p = planFatTree(superpod(4, 8, 64, false));
        CHECK(p.tiers == 1);
        CHECK(p.railsPerLeaf == 8);
        checkCounts(p, 1, 0, 0, 32, 0, 0);
    }
    SECTION("GB200 NVL72: 8 racks of 72 NICs share leaves 4 rails at a time")
    {
        // 8 racks x 4 rails = 32 down ports per leaf; 72/4 = 18 leaves, 32 up each = 576;
        // spines >= 576/64 = 9 -> 16 (divisor of 32), 2 cables per leaf-spine pair.
        const FatTreePlan p = planFatTree(superpod(8, 72, 64, false));
        CHECK(p.railsPerLeaf == 4);
        checkCounts(p, 18, 16, 0, 576, 576, 0);
    }
    SECTION("a leaf with fewer rails takes only the uplinks its own ports need")
    {
        // One GB200 NVL72 rack: 72 rails, 32 per 64-port leaf = 32 + 32 + 8. The third leaf
        // needs 8 uplinks (4 to each of 2 spines), not the full leaves' 32: 72 leaf-spine
        // links for 72 NIC ports (it was 96, 24 links and their optics too many).
        const FatTreePlan rack = planFatTree(superpod(1, 72, 64, false));
        CHECK(rack.railsPerLeaf == 32);
        CHECK(rack.uplinksPerLeaf == 32);
        CHECK(rack.partialLeafUplinks == 8);
        checkCounts(rack, 3, 2, 0, 72, 72, 0);
        // 3 racks: 10 rails per leaf, 7 leaves of 30 down + 1 of 6; 4 spines: 32 up per full
        // leaf (30 rounded to a multiple of 4), 8 for the partial one (6 rounded): 232.
        const FatTreePlan three = planFatTree(superpod(3, 72, 64, false));
        CHECK(three.partialLeafUplinks == 8);
        checkCounts(three, 8, 4, 0, 216, 232, 0);
        // 9 DGX H100: 3 rails per leaf (3 + 3 + 2), 27 down -> 28 up to 2 spines; the third
        // leaf's 18 down -> 18 up: 28 + 28 + 18 = 74.
        const FatTreePlan nine = planFatTree(superpod(9, 8, 64, false));
        CHECK(nine.partialLeafUplinks == 18);
        checkCounts(nine, 3, 2, 0, 72, 74, 0);
        // At 2:1 a leaf keeps 42 down ports: 42 + 30 rails; 21 and ceil(30 / 2) = 15 uplinks
        // fit one spine (36 of its 64 ports).
        FatTreeInputs half = superpod(1, 72, 64, false);
        half.oversubscription = 2.0;
        const FatTreePlan h = planFatTree(half);
        CHECK(h.uplinksPerLeaf == 21);
        CHECK(h.partialLeafUplinks == 15);
        checkCounts(h, 2, 1, 0, 72, 36, 0);
        // Leaves that split the rails evenly keep one uplink count (GB200 8 racks: 4 rails each).
        CHECK(planFatTree(superpod(8, 72, 64, false)).partialLeafUplinks == 0);
    }
    SECTION("a leaf per rail can be forced")
    {
        FatTreeInputs in = superpod(4, 8, 64, false);
        in.railsPerLeaf = 1;
        const FatTreePlan p = planFatTree(in);
        // 8 leaves with 4 down and 4 up; spines >= 32/64 -> 1.
        checkCounts(p, 8, 1, 0, 32, 32, 0);
    }
}

TEST_CASE("fat tree rejects impossible inputs", "[topology][fattree]")
{
    CHECK_THROWS_AS(planFatTree(superpod(0, 8, 64, false)), std::invalid_argument);
    CHECK_THROWS_AS(planFatTree(superpod(8, 0, 64, false)), std::invalid_argument);
    FatTreeInputs odd = superpod(8, 8, 64, false);
    odd.planes = 3;
    CHECK_THROWS_AS(planFatTree(odd), std::invalid_argument);
    // 64 pods of 32 leaves is the most a 64-port core can join; 65 SU-aligned pods cannot be.
    CHECK_THROWS_AS(planFatTree(superpod(32 * 4 * 65, 8, 64, false)), std::invalid_argument);
    CHECK(fewestCores(4, 32, 64) == 2);   // B200 SuperPOD 16 SU: 64 cores = 32 groups x 2
    CHECK(fewestCores(9, 32, 64) == 5);   // 9 x 7 = 63 ports, not 8 (a divisor of 32)
    CHECK(fewestCores(64, 32, 64) == 32);
    CHECK(fewestCores(65, 32, 64) == 0);
}

namespace {
/// The plan issue 16 item 5 compares with, worked out here by brute force independently of
/// planFatTree: the fewest spines S such that every one of `leaves` leaves rounds its `needed`
/// uplinks up to a multiple of S within its `freePorts`, and S spines of `spinePorts` down
/// ports take them all. 0 when no S fits.
int roundedUplinkSpines(long long leaves, int needed, int freePorts, int spinePorts)
{
    for (int s = 1; s <= 4096; ++s)
        for (int up = needed; up <= freePorts; ++up)
            if (up % s == 0 && leaves * up <= 1LL * s * spinePorts) return s;
    return 0;
}
} // namespace

TEST_CASE("fat tree never buys more spines than rounding leaf uplinks up to a count the spines divide, 1 to 4,096 nodes",
          "[topology][fattree]")
{
    // The cases of issue 16: 31 DGX H100 (a SuperPOD unit without its UFM slot) take 32 uplinks
    // per leaf to 4 spines (not 31 to 31); 33 nodes: 2 SUs of 17 + 16, 17 -> 20 uplinks, 5
    // spines (16 x 20 = 320 = 5 x 64); 100 nodes: 4 SUs of 25, 25 -> 26 uplinks, 13 spines
    // (32 x 26 = 832 = 13 x 64); 200 nodes: 7 SUs of 29 or 28, 56 leaves need >= 29 uplinks
    // each, and 26..28 spines would need 52..56 > 35 free ports: 29 spines stays the fewest.
    CHECK(planFatTree(superpod(31, 8, 64, false)).spines == 4);
    CHECK(planFatTree(superpod(31, 8, 64, false)).uplinksPerLeaf == 32);
    CHECK(planFatTree(superpod(33, 8, 64, false)).spines == 5);
    CHECK(planFatTree(superpod(100, 8, 64, false)).spines == 13);
    CHECK(planFatTree(superpod(200, 8, 64, false)).spines == 29);
    // One more SU where smaller leaves need fewer switches in all: 51 nodes at 4:1 filled one
    // SU's 51 leaf ports, leaving 13 uplinks that only 1 or 13 spines divide (8 leaves + 13
    // spines = 21 switches, against 18 for 52 nodes); two SUs take 16 leaves + 2 spines.
    FatTreeInputs fiftyOne = superpod(51, 8, 64, false);
    fiftyOne.oversubscription = 4.0;
    CHECK(planFatTree(fiftyOne).scalableUnits == 2);
    CHECK(planFatTree(fiftyOne).leaves + planFatTree(fiftyOne).spines == 18);
    int checked = 0;
    for (const double ratio : {1.0, 2.0, 4.0})
        for (const bool ufm : {false, true})
            for (int nodes = 1; nodes <= 4096; ++nodes) {
                FatTreeInputs in = superpod(nodes, 8, 64, ufm);
                in.oversubscription = ratio;
                const FatTreePlan p = planFatTree(in);
                INFO(nodes << " nodes at " << ratio << ":1" << (ufm ? " with the UFM" : ""));
                const int down = p.downlinksPerLeafMax;
                const int needed = static_cast<int>(std::ceil(down / ratio - 1e-9));
                const int free = in.switchPorts - down;
                if (p.tiers == 1) {
                    CHECK(p.spines == 0);
                    continue;
                }
                // Every leaf keeps at least the ratio's uplinks, within its ports, in equal bundles.
                REQUIRE(p.uplinksInPod.size() == p.spinesInPod.size());
                if (p.partialLeafUplinks > 0) {
                    // The last leaf of an SU with fewer rails: its own ratio, equal bundles, never more.
                    CHECK(p.partialLeafUplinks % p.spines == 0);
                    CHECK(p.partialLeafUplinks <= p.uplinksPerLeaf);
                }
                for (std::size_t pod = 0; pod < p.spinesInPod.size(); ++pod) {
                    CHECK(p.uplinksInPod[pod] >= needed);
                    CHECK(down + p.uplinksInPod[pod] <= in.switchPorts);
                    CHECK(p.uplinksInPod[pod] % p.spinesInPod[pod] == 0);
                }
                const int reference = roundedUplinkSpines(p.leavesPerPlane, needed, free, in.switchPorts);
                if (p.tiers == 2) {
                    REQUIRE(reference > 0);
                    CHECK(p.spines <= reference * p.planes);
                } else {
                    // Three tiers only where no two-tier plan fits; each pod's spines (half their
                    // ports down) no more than the rounded plan of that pod.
                    CHECK(reference == 0);
                    for (std::size_t pod = 0; pod < p.leavesInPod.size(); ++pod) {
                        const int podReference = roundedUplinkSpines(p.leavesInPod[pod], needed, free, in.switchPorts / 2);
                        CHECK(p.spinesInPod[pod] <= podReference);
                    }
                }
                ++checked;
            }
    CHECK(checked > 24000);
    // Rack-scale nodes (GB200 NVL72: 72 rails, several per leaf, the last leaf of an SU often
    // partial): 1 to 128 racks, where the partial leaf takes fewer uplinks, never more spines.
    int racks = 0;
    for (const double ratio : {1.0, 2.0, 4.0})
        for (int nodes = 1; nodes <= 128; ++nodes) {
            FatTreeInputs in = superpod(nodes, 72, 64, false);
            in.oversubscription = ratio;
            const FatTreePlan p = planFatTree(in);
            INFO(nodes << " racks at " << ratio << ":1");
            if (p.tiers != 2) continue;
            const int down = p.downlinksPerLeafMax;
            const int needed = static_cast<int>(std::ceil(down / ratio - 1e-9));
            CHECK(p.spines <= roundedUplinkSpines(p.leavesPerPlane, needed, in.switchPorts - down, in.switchPorts));
            CHECK(p.uplinksPerLeaf >= needed);
            if (p.partialLeafUplinks > 0) {
                CHECK(p.partialLeafUplinks % p.spines == 0);
                CHECK(p.partialLeafUplinks <= p.uplinksPerLeaf);
            }
            // Every leaf-spine link lands on a spine port: the spines hold them all.
            CHECK(p.leafSpineLinks <= 1LL * p.spines * in.switchPorts);
            ++racks;
        }
    CHECK(racks > 40);
}

TEST_CASE("three-tier fat tree on 40-port HDR holds 2,000 DGX A100 and fills its spines", "[topology][fattree]")
{
    // 40-port QM8700: a leaf keeps 20 down and 20 up; 8 rail leaves per SU. Pods of whole SUs
    // (16 leaves) leave 4 of each spine's 20 down ports idle and stop at 40 pods = 1,600 nodes;
    // pods of 20 leaves fill the spines and reach 40^3 / 4 = 16,000 endpoints = 2,000 nodes.
    const FatTreePlan full = planFatTree(superpod(2000, 8, 40, false));
    CHECK(full.tiers == 3);
    CHECK(full.leaves == 800);
    CHECK(full.spines == 800);
    CHECK(full.cores == 400);
    CHECK(full.leavesPerPod == 20);
    CHECK_NOTHROW(planFatTree(superpod(1601, 8, 40, false)));
    CHECK_THROWS_AS(planFatTree(superpod(2001, 8, 40, false)), std::invalid_argument);
    // 128 DGX A100 (7 SUs, 56 leaves): 3 pods of 20, 20 and 16 leaves under 20 spines each
    // (before: 4 SU-aligned pods of 16, 16, 16 and 8 leaves under 20, 20, 20 and 10 spines).
    const FatTreePlan p = planFatTree(superpod(128, 8, 40, false));
    CHECK(p.scalableUnits == 7);
    CHECK(p.leaves == 56);
    CHECK(p.spines == 57);
    CHECK(p.leaves + p.spines + p.cores == 151);
    // From 1 to 2,000 nodes: every size is built, each pod's spines no more than the rounded
    // plan of that pod, and no pod has more spines than the pod above it can reach.
    for (int nodes = 1; nodes <= 2000; ++nodes) {
        INFO(nodes << " nodes on 40-port switches");
        const FatTreePlan q = planFatTree(superpod(nodes, 8, 40, false));
        if (q.tiers < 3) continue;
        const int needed = q.downlinksPerLeafMax;
        for (std::size_t pod = 0; pod < q.leavesInPod.size(); ++pod) {
            CHECK(q.spinesInPod[pod] <= roundedUplinkSpines(q.leavesInPod[pod], needed, 40 - needed, 20));
            CHECK(q.spinesInPod[pod] <= q.spinesInPod.front());
        }
    }
}

TEST_CASE("three-tier fat tree takes the fewest cores that join its pods, bundles differing by one", "[topology][fattree]")
{
    // 1,025 DGX H100 on 64-port switches: 9 pods, each spine has 32 uplinks. 5 cores per group
    // (bundles 7, 7, 6, 6, 6; 9 x 7 = 63 ports) join them; a core count dividing 32 took 8, and
    // the core tier doubled from 128 to 256 switches for one more node.
    const FatTreePlan p = planFatTree(superpod(1025, 8, 64, false));
    CHECK(p.tiers == 3);
    CHECK(p.pods == 9);
    CHECK(p.coresPerGroup == 5);
    CHECK(p.cores == 160);
    CHECK(p.leaves + p.spines + p.cores == 688);
    // Every link is counted once: spine-to-core links equal the leaf-to-spine links at 1:1.
    CHECK(p.spineCoreLinks == p.leafSpineLinks);
    // 64-port, 1 to 4,096 nodes: never more cores than a count dividing the spine's uplinks
    // would take, and one more node adds at most one SU of leaves (8), one pod of spines (32)
    // and one step of the 32 core groups (5 cores each: 2,688 -> 2,689 nodes, 22 pods, bundles
    // of 3 no longer fit 64 ports, 11 -> 16 cores per group), 200 switches.
    int previous = 0;
    for (int nodes = 1; nodes <= 4096; ++nodes) {
        const FatTreePlan q = planFatTree(superpod(nodes, 8, 64, false));
        const int total = q.leaves + q.spines + q.cores;
        INFO(nodes << " nodes: " << total << " switches, " << previous << " for one node fewer");
        CHECK(total - previous <= 200);
        if (q.tiers == 3) {
            int divisor = q.spineUplinks;
            for (int d = q.spineUplinks; d >= 1; --d)
                if (q.spineUplinks % d == 0 && 1LL * q.pods * (q.spineUplinks / d) <= 64) divisor = d;
            CHECK(q.coresPerGroup <= divisor);
        }
        previous = total;
    }
}
