// Port arithmetic of a rail-optimized fat tree; the method is described in fat_tree_plan.hpp.
#include "model/topology/fat_tree_plan.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace model::topology {

namespace {
/// ceil(a / b) for positive integers.
constexpr long long ceilDiv(long long a, long long b) noexcept { return (a + b - 1) / b; }

void require(bool ok, const std::string& what)
{
    if (!ok) throw std::invalid_argument(what);
}

/// Links a leaf of SU `su`, plane `plane`, index `k` inside the SU carries down to nodes.
long long leafDownLinks(const FatTreeInputs& in, const FatTreePlan& p, int su, int plane, int k)
{
    const int firstRail = k * p.railsPerLeaf;
    const int rails = std::min(p.railsPerLeaf, p.railsPerPlane - firstRail);
    const bool hasUfm = su == p.ufmSu;
    const int computeNodes = p.slotsPerSu[su] - (hasUfm ? 1 : 0);
    long long links = static_cast<long long>(computeNodes) * rails;
    if (hasUfm && plane == 0) {
        // The UFM's cables go to rails 0 .. ufmCables-1 of plane 0.
        const int lo = firstRail, hi = firstRail + rails; // [lo, hi)
        links += std::max(0, std::min(hi, in.ufmCables) - lo);
    }
    return links;
}
} // namespace

int FatTreePlan::slotCount() const noexcept
{
    int s = 0;
    for (int v : slotsPerSu) s += v;
    return s;
}

int fewestCores(int pods, int spineUplinks, int corePorts) noexcept
{
    for (int c = 1; c <= spineUplinks; ++c)
        if (1LL * pods * ceilDiv(spineUplinks, c) <= corePorts) return c;
    return 0;
}

int FatTreePlan::leafUplinks(int leaf, int pod) const noexcept
{
    const bool partial = partialLeafUplinks > 0 && leavesPerSuPerPlane > 0 && leaf % leavesPerSuPerPlane == leavesPerSuPerPlane - 1;
    return partial ? partialLeafUplinks : uplinksInPod[static_cast<std::size_t>(pod)];
}

SpineChoice fewestSpines(long long leaves, int neededUplinks, int freeLeafPorts, int spineDownPorts) noexcept
{
    return fewestSpines(leaves, neededUplinks, freeLeafPorts, spineDownPorts, 0, 0, 0);
}

SpineChoice fewestSpines(long long leaves, int neededUplinks, int freeLeafPorts, int spineDownPorts, long long partialLeaves,
                         int partialNeeded, int partialFree) noexcept
{
    for (int s = 1; s <= freeLeafPorts; ++s) {
        const int up = static_cast<int>(ceilDiv(neededUplinks, s)) * s;
        const int partialUp = partialLeaves > 0 ? static_cast<int>(ceilDiv(partialNeeded, s)) * s : 0;
        if (up > freeLeafPorts || partialUp > partialFree) continue;
        if (leaves * up + partialLeaves * partialUp <= static_cast<long long>(s) * spineDownPorts) return {s, up, partialUp};
    }
    return {};
}

int uplinksFor(int down, double ratio)
{
    // The 1e-9 guards against 32 / 1.0000000001 rounding up to 33.
    return std::max(1, static_cast<int>(std::ceil(down / ratio - 1e-9)));
}

int leafDownPorts(int ports, double ratio)
{
    int best = 0;
    for (int d = 1; d < ports; ++d)
        if (d + uplinksFor(d, ratio) <= ports) best = d;
    return best;
}

namespace {

/// Step 1: every input checked, the offending one named in words.
void requireValidInputs(const FatTreeInputs& in)
{
    require(in.nodes >= 1, "the node count must be at least 1, got " + std::to_string(in.nodes));
    require(in.endpointsPerNode >= 1,
            "a node needs at least one network endpoint (NIC port), got " + std::to_string(in.endpointsPerNode));
    require(in.switchPorts >= 2, "a switch needs at least 2 ports, got " + std::to_string(in.switchPorts));
    require(in.breakout >= 1, "the breakout factor must be at least 1");
    require(in.oversubscription > 0.0 && std::isfinite(in.oversubscription),
            "the oversubscription ratio must be a positive number");
    require(in.planes >= 1, "the plane count must be at least 1");
    require(in.endpointsPerNode % in.planes == 0,
            "the " + std::to_string(in.endpointsPerNode) + " NIC ports of a node do not split evenly over " +
                std::to_string(in.planes) + " planes");
    require(in.railsPerLeaf >= 0, "rails per leaf must be 0 (automatic) or positive");
    require(!in.ufm || (in.ufmCables >= 1 && in.ufmCables <= in.endpointsPerNode / in.planes),
            "the UFM cable count must be between 1 and the rails of one plane");
}

/// Step 2: rails per leaf, scalable units and their slots, leaves per plane, and the node-leaf
/// links and cables counted leaf by leaf. `D` = down ports a leaf keeps.
void planLeaves(const FatTreeInputs& in, int D, int extraSus, FatTreePlan& p)
{
    p.planes = in.planes;
    p.railsPerPlane = in.endpointsPerNode / in.planes;
    const int slots = in.nodes + (in.ufm ? 1 : 0);
    if (in.railsPerLeaf > 0)
        p.railsPerLeaf = std::min(in.railsPerLeaf, p.railsPerPlane);
    else
        p.railsPerLeaf = std::clamp(D / slots, 1, p.railsPerPlane);
    require(p.railsPerLeaf <= D, "a leaf has only " + std::to_string(D) + " down ports, fewer than the " +
                                     std::to_string(p.railsPerLeaf) + " rails asked per leaf");

    const int slotsPerSuCap = D / p.railsPerLeaf;
    p.scalableUnits = static_cast<int>(std::min<long long>(slots, ceilDiv(slots, slotsPerSuCap) + extraSus));
    const int base = slots / p.scalableUnits, extra = slots % p.scalableUnits;
    for (int s = 0; s < p.scalableUnits; ++s) p.slotsPerSu.push_back(base + (s < extra ? 1 : 0));
    if (in.ufm) p.ufmSu = p.scalableUnits - 1;

    p.leavesPerSuPerPlane = static_cast<int>(ceilDiv(p.railsPerPlane, p.railsPerLeaf));
    p.leavesPerPlane = p.scalableUnits * p.leavesPerSuPerPlane;
    p.downlinksPerLeafMax = p.slotsPerSu.front() * std::min(p.railsPerLeaf, p.railsPerPlane);

    for (int plane = 0; plane < p.planes; ++plane)
        for (int su = 0; su < p.scalableUnits; ++su)
            for (int k = 0; k < p.leavesPerSuPerPlane; ++k) {
                const long long links = leafDownLinks(in, p, su, plane, k);
                p.nodeLeafLinks += links;
                p.nodeLeafCables += ceilDiv(links, in.breakout);
            }
    p.leaves = p.leavesPerPlane * p.planes;
}

/// Step 3b for pods of `lpp` leaves: each pod under its own spines (1:1, half their ports down,
/// half up) and a core tier above. `U` = uplinks per leaf.
/// @throws std::invalid_argument when the pods exceed what one core switch can join.
void planPods(const FatTreeInputs& in, int U, int lpp, FatTreePlan& p)
{
    const int P = in.switchPorts;
    const long long L = p.leavesPerPlane;
    const int spineDown = P - P / 2;
    p.tiers = 3;
    p.leavesPerPod = lpp;
    p.pods = static_cast<int>(ceilDiv(L, lpp));
    // Each pod's leaves round their uplinks up as two tiers do, for the pod's own spines (U
    // itself always fits: lp x U <= U x spineDown).
    for (int pod = 0; pod < p.pods; ++pod) {
        const int lp = static_cast<int>(std::min<long long>(lpp, L - static_cast<long long>(pod) * lpp));
        const SpineChoice c = fewestSpines(lp, U, P - p.downlinksPerLeafMax, spineDown);
        p.leavesInPod.push_back(lp);
        p.spinesInPod.push_back(c.spines > 0 ? c.spines : U);
        p.uplinksInPod.push_back(c.spines > 0 ? c.uplinks : U);
    }
    p.uplinksPerLeaf = p.uplinksInPod.front();
    p.spineUplinks = p.leavesInPod.front() * p.uplinksInPod.front() / p.spinesInPod.front();
    p.coresPerGroup = fewestCores(p.pods, p.spineUplinks, P);
    require(p.coresPerGroup > 0, std::to_string(p.pods) + " pods exceed what a " + std::to_string(P) +
                                     "-port core switch can join; a fourth tier is not supported");
    p.coresPerPlane = p.spinesInPod.front() * p.coresPerGroup;
    for (int pod = 0; pod < p.pods; ++pod) {
        const long long up = 1LL * p.leavesInPod[pod] * p.uplinksInPod[pod] / p.spinesInPod[pod];
        p.spineCoreLinks += up * p.spinesInPod[pod];
        // A spine's uplinks go to its group's cores in bundles that differ by at most one.
        long long cables = 0;
        for (int c = 0; c < p.coresPerGroup; ++c)
            cables += ceilDiv(up / p.coresPerGroup + (c < up % p.coresPerGroup ? 1 : 0), in.breakout);
        p.spineCoreCables += cables * p.spinesInPod[pod];
    }
    p.spineCoreLinks *= p.planes;
    p.spineCoreCables *= p.planes;
    p.cores = p.coresPerPlane * p.planes;
}

/// Step 3b: the spine tier has run out of ports: pods of leaves, each under its own spines,
/// and a core tier above (planPods). A pod holds whole scalable units where a spine's down
/// ports take whole SUs (NVIDIA's B200 SuperPOD: 4 SUs of 8 leaves under 32 spines), else
/// (or where that buys more spine and core switches, or needs more pods than a core switch
/// joins) as many leaves as a spine has down ports: 40-port HDR, 8 leaves per SU, pods of 20
/// leaves under 20 spines, not 16 under 20, so 2,000 DGX A100 fit three tiers (40^3 / 4 =
/// 16,000 endpoints), not 1,600. `U` = uplinks per leaf.
void planThreeTiers(const FatTreeInputs& in, int U, FatTreePlan& p)
{
    const int spineDown = in.switchPorts - in.switchPorts / 2;
    int aligned = spineDown;
    if (p.leavesPerSuPerPlane <= spineDown) aligned = (spineDown / p.leavesPerSuPerPlane) * p.leavesPerSuPerPlane;
    auto switches = [](const FatTreePlan& q) {
        long long n = q.cores;
        for (int s : q.spinesInPod) n += s;
        return n;
    };
    FatTreePlan best;
    bool have = false;
    std::string why;
    for (const int lpp : {aligned, spineDown}) {
        FatTreePlan q = p;
        try {
            planPods(in, U, lpp, q);
        } catch (const std::invalid_argument& e) {
            why = e.what(); // the last: the pods of the most leaves, the fewest pods
            continue;
        }
        if (!have || switches(q) < switches(best)) best = q;
        have = true;
        if (aligned == spineDown) break;
    }
    require(have, why);
    p = best;
}

/// Step 3: uplinks per leaf and the spine (and core) tiers above the leaves. Two tiers when
/// the fewest spines whose count divides every leaf's uplinks (rounded up) fit: 31 DGX H100 =
/// 8 leaves of 31 down ports take 32 uplinks each to 4 spines, not 31 to 31.
void planUpperTiers(const FatTreeInputs& in, FatTreePlan& p)
{
    const int needed = uplinksFor(p.downlinksPerLeafMax, in.oversubscription);
    const long long L = p.leavesPerPlane;
    // The last leaf of each SU carries fewer rails where they do not split evenly over the
    // leaves; in two tiers it takes only the uplinks its own down ports need.
    long long partialLeaves = 0;
    int partialDown = 0;
    if (p.railsPerPlane % p.railsPerLeaf != 0) {
        partialLeaves = p.scalableUnits;
        for (int plane = 0; plane < p.planes; ++plane)
            for (int su = 0; su < p.scalableUnits; ++su)
                partialDown = std::max(partialDown, static_cast<int>(leafDownLinks(in, p, su, plane, p.leavesPerSuPerPlane - 1)));
    }
    const SpineChoice c = fewestSpines(L - partialLeaves, needed, in.switchPorts - p.downlinksPerLeafMax, in.switchPorts, partialLeaves,
                                       uplinksFor(partialDown, in.oversubscription), in.switchPorts - partialDown);
    if (c.spines > 0) {
        p.tiers = 2;
        p.pods = 1;
        p.uplinksPerLeaf = c.uplinks;
        p.partialLeafUplinks = c.partialUplinks;
        p.partialLeafDownlinks = c.partialUplinks > 0 ? partialDown : 0;
        p.leavesPerPod = static_cast<int>(L);
        p.leavesInPod = {static_cast<int>(L)};
        p.spinesInPod = {c.spines};
        p.uplinksInPod = {c.uplinks};
    } else {
        planThreeTiers(in, needed, p);
    }
    int spinesPerPlane = 0, firstLeaf = 0;
    for (std::size_t pod = 0; pod < p.spinesInPod.size(); ++pod) {
        spinesPerPlane += p.spinesInPod[pod];
        for (int i = 0; i < p.leavesInPod[pod]; ++i) {
            const int up = p.leafUplinks(firstLeaf + i, static_cast<int>(pod));
            p.leafSpineLinks += up;
            p.leafSpineCables += ceilDiv(up, in.breakout);
        }
        firstLeaf += p.leavesInPod[pod];
    }
    p.spines = spinesPerPlane * p.planes;
    p.leafSpineLinks *= p.planes;
    p.leafSpineCables *= p.planes;
}

} // namespace

FatTreePlan planFatTree(const FatTreeInputs& in)
{
    requireValidInputs(in);
    // Every endpoint of a plane on one switch: one switch per plane, non-blocking whatever
    // ratio was asked (there is no uplink to oversubscribe), and fewer switches than any two-tier
    // plan (8 DGX H100 on a 64-port QM9700: 1 switch, not 2 leaves and a spine).
    {
        FatTreePlan single;
        try {
            planLeaves(in, in.switchPorts, 0, single);
            if (single.leavesPerPlane == 1) {
                single.tiers = 1;
                return single;
            }
        } catch (const std::invalid_argument&) {
            // not one switch: the ratio's plan below names the problem
        }
    }
    const int D = leafDownPorts(in.switchPorts, in.oversubscription);
    require(D >= 1, "a " + std::to_string(in.switchPorts) + "-port switch cannot keep a down port at " +
                        std::to_string(in.oversubscription) + ":1 oversubscription");
    // The fewest SUs that hold the nodes, or, in two tiers, one or two more where the smaller
    // leaves this makes need fewer switches in all: 51 DGX H100 at 4:1 fill one SU's 51 leaf
    // ports and leave 13 uplinks that only 1 or 13 spines divide (8 leaves + 13 spines); in
    // two SUs of 26 and 25 the leaves take 7 uplinks to 2 spines (16 leaves + 2 spines).
    // Three tiers keep the fewest SUs: more, smaller SUs there regroup the pods, and on 128
    // DGX A100 (8 SUs of 16 instead of 7 of 18-19, 148 switches instead of 151) the subnet
    // manager's static routes then put an all-to-all at 1.23 x the non-blocking time.
    FatTreePlan best;
    long long bestSwitches = 0;
    for (int extra = 0; extra <= 2; ++extra) {
        FatTreePlan p;
        try {
            planLeaves(in, D, extra, p);
            if (extra > 0 && (p.scalableUnits <= best.scalableUnits || best.tiers > 2)) break; // no more SUs to try
            if (p.leavesPerPlane == 1) p.tiers = 1;
            else planUpperTiers(in, p);
        } catch (const std::invalid_argument&) {
            if (extra == 0) throw;
            continue;
        }
        const long long switches = 1LL * p.leaves + p.spines + p.cores;
        if (extra == 0 || switches < bestSwitches) {
            best = std::move(p);
            bestSwitches = switches;
        }
    }
    return best;
}

} // namespace model::topology
