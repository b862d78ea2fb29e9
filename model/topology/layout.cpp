// Canvas layout and wiring of fat-tree generators (see layout.hpp).
#include "model/topology/layout.hpp"

#include "model/design/link_defaults.hpp"

#include <algorithm>

namespace model::topology {

namespace {
std::string pad2(int n) { return n < 10 ? "0" + std::to_string(n) : std::to_string(n); }

std::string railLabel(int first, int count)
{
    return count == 1 ? " (rail " + std::to_string(first) + ")"
                      : " (rails " + std::to_string(first) + "-" + std::to_string(first + count - 1) + ")";
}
} // namespace

ServerGrid::ServerGrid(const FatTreePlan& plan, int serversPerRack)
    : plan_(plan), perRack_(std::max(1, serversPerRack))
{
    cols_ = std::clamp(plan.slotsPerSu.front(), 1, 32);
    const int leaves = plan.leavesPerSuPerPlane * plan.planes;
    blockWidth_ = std::max(cols_ * kServerPitch, leaves * kSwitchMinPitch);
    width_ = plan.scalableUnits * blockWidth_ + (plan.scalableUnits - 1) * kSuGap;
}

Point ServerGrid::serverPosition(int su, int slot) const noexcept
{
    const double x0 = su * (blockWidth_ + kSuGap);
    return {x0 + (slot % cols_) * kServerPitch, kServerY + (slot / cols_) * kServerRowPitch};
}

Point ServerGrid::leafPosition(int su, int plane, int k) const noexcept
{
    const int n = plan_.leavesPerSuPerPlane * plan_.planes;
    const auto xs = spread(n, std::min(blockWidth_, std::max(cols_ * kServerPitch, n * kSwitchMinPitch)), 420.0);
    const double x0 = su * (blockWidth_ + kSuGap);
    return {x0 + xs[plane * plan_.leavesPerSuPerPlane + k], kLeafY};
}

std::string ServerGrid::rackName(int su, int slot) const
{
    return "su" + std::to_string(su + 1) + "-rack" + pad2(slot / perRack_ + 1);
}

double spineLift(double width) { return std::clamp(width / 16.0 - 300.0, 0.0, 2100.0); }

std::vector<double> spread(int n, double width, double maxPitch)
{
    std::vector<double> xs;
    if (n <= 0) return xs;
    const double pitch = n == 1 ? 0.0 : std::clamp((width - kSwitchWidth) / (n - 1), kSwitchMinPitch, maxPitch);
    const double used = (n - 1) * pitch + kSwitchWidth;
    const double x0 = std::max(0.0, (width - used) / 2.0);
    for (int i = 0; i < n; ++i) xs.push_back(x0 + i * pitch);
    return xs;
}

FabricBuilder::FabricBuilder(Design& d, const SwitchSpec& sw, double linkGbps, bool lossless)
    : d_(d), sw_(sw), linkGbps_(linkGbps), lossless_(lossless),
      medium_(mediumFor(sw.protocol))
{
}

Id FabricBuilder::addSwitch(const std::string& name, SwitchTier tier, Point at, const std::string& rack)
{
    Node n;
    n.kind = NodeKind::Switch;
    n.model = sw_.id;
    n.name = name;
    n.tier = tier;
    n.position = at;
    n.rack = rack;
    n.pfcEcn = sw_.protocol == NetProtocol::InfiniBand ? true : lossless_;
    return d_.addNode(n);
}

Id FabricBuilder::link(Id a, int pa, Id b, int pb, int count)
{
    Link l;
    l.a = {a, pa};
    l.b = {b, pb};
    l.medium = medium_;
    l.laneSpeed = Bandwidth::Gbps(linkGbps_);
    l.lanes = 1;
    l.count = count;
    nextPort_[a] = std::max(nextPort_[a], pa + count);
    nextPort_[b] = std::max(nextPort_[b], pb + count);
    return d_.addLink(l);
}

Id FabricBuilder::addLeaf(const FatTreePlan& plan, int su, int plane, int k, Point at)
{
    const int first = k * plan.railsPerLeaf;
    const int rails = std::min(plan.railsPerLeaf, plan.railsPerPlane - first);
    std::string name = plan.planes > 1 ? "p" + std::to_string(plane + 1) + "-" : "";
    if (plan.scalableUnits > 1) name += "su" + std::to_string(su + 1) + "-";
    name += "leaf-" + std::to_string(k + 1) + railLabel(plane * plan.railsPerPlane + first, rails);
    return addSwitch(name, SwitchTier::Leaf, at, "net-su" + std::to_string(su + 1));
}

void FabricBuilder::wireServer(const FatTreePlan& plan, Id server, int su, int slot,
                               const std::vector<std::vector<Id>>& leafIds)
{
    for (int plane = 0; plane < plan.planes; ++plane)
        for (int r = 0; r < plan.railsPerPlane; ++r) {
            const int k = r / plan.railsPerLeaf;
            const int first = k * plan.railsPerLeaf;
            const int rails = std::min(plan.railsPerLeaf, plan.railsPerPlane - first);
            const Id leaf = leafIds[plane][su * plan.leavesPerSuPerPlane + k];
            link(server, plane * plan.railsPerPlane + r, leaf, slot * rails + (r - first), 1);
        }
}

void FabricBuilder::addUpperSwitches(const FatTreePlan& plan, double width)
{
    if (plan.tiers < 2) return;
    int spinesPerPlane = 0;
    for (int s : plan.spinesInPod) spinesPerPlane += s;
    const auto spineX = spread(spinesPerPlane * plan.planes, width);
    const auto coreX = spread(plan.coresPerPlane * plan.planes, width);
    const double lift = spineLift(width);
    int spineNo = 0, coreNo = 0;
    cores_.assign(plan.planes, {});
    spines_.assign(plan.planes, {});
    for (int plane = 0; plane < plan.planes; ++plane) {
        const std::string pp = plan.planes > 1 ? "p" + std::to_string(plane + 1) + "-" : "";
        for (int c = 0; c < plan.coresPerPlane; ++c, ++coreNo)
            cores_[plane].push_back(addSwitch(pp + "core-" + std::to_string(c + 1), SwitchTier::Core,
                                              {coreX[coreNo], kCoreY - lift}, "net-core-" + std::to_string(coreNo / 32 + 1)));
        for (int pod = 0; pod < plan.pods; ++pod) {
            const std::string podName = plan.tiers == 3 ? "pod" + std::to_string(pod + 1) + "-" : "";
            spines_[plane].emplace_back();
            for (int j = 0; j < plan.spinesInPod[pod]; ++j, ++spineNo)
                spines_[plane][pod].push_back(addSwitch(pp + podName + "spine-" + std::to_string(j + 1), SwitchTier::Spine,
                                                        {spineX[spineNo], kSpineY - lift},
                                                        "net-spine-" + std::to_string(spineNo / 32 + 1)));
        }
    }
}

void FabricBuilder::wireUpperTiers(const FatTreePlan& plan, const std::vector<std::vector<Id>>& leafIds)
{
    if (plan.tiers < 2) return;
    for (int plane = 0; plane < plan.planes; ++plane) {
        int firstLeaf = 0;
        for (int pod = 0; pod < plan.pods; ++pod) {
            const int S = plan.spinesInPod[pod], lp = plan.leavesInPod[pod];
            std::vector<int> firstUp(static_cast<std::size_t>(lp)); // each leaf's uplinks follow its own down ports
            for (int i = 0; i < lp; ++i) firstUp[static_cast<std::size_t>(i)] = nextPort_[leafIds[plane][firstLeaf + i]];
            for (int j = 0; j < S; ++j) {
                int spinePort = 0;
                for (int i = 0; i < lp; ++i) {
                    const int perPair = plan.leafUplinks(firstLeaf + i, pod) / S; // a partial leaf takes fewer
                    link(leafIds[plane][firstLeaf + i], firstUp[static_cast<std::size_t>(i)] + j * perPair, spines_[plane][pod][j], spinePort,
                         perPair);
                    spinePort += perPair;
                }
            }
            firstLeaf += lp;
        }
    }
    if (plan.tiers < 3) return;
    for (int plane = 0; plane < plan.planes; ++plane)
        for (int pod = 0; pod < plan.pods; ++pod) {
            const int S = plan.spinesInPod[pod], lp = plan.leavesInPod[pod], U = plan.uplinksInPod[pod];
            const long long up = 1LL * lp * U / S;
            for (int j = 0; j < S && j < plan.spinesInPod.front(); ++j) {
                int port = nextPort_[spines_[plane][pod][j]]; // after its own down ports
                for (int c = 0; c < plan.coresPerGroup; ++c) {
                    const int n = static_cast<int>(up / plan.coresPerGroup + (c < up % plan.coresPerGroup ? 1 : 0));
                    if (n == 0) continue;
                    // Each core's ports run on from the last pod's bundle: contiguous, so they fill
                    // whole cages (a fixed stride per pod left a port free wherever a bundle was
                    // one short, and the BOM counted fewer modules than the cages used).
                    const Id core = cores_[plane][j * plan.coresPerGroup + c];
                    link(spines_[plane][pod][j], port, core, nextPort_[core], n);
                    port += n;
                }
            }
        }
}

} // namespace model::topology
