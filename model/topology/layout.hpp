#pragma once
/// @file layout.hpp
/// Canvas layout and wiring shared by the fat-tree based generators. Scene units: a server
/// is drawn about 110 x 60, a switch about 300 x 50 (views/canvas), so servers sit 130 apart
/// and switches at least 340 apart.
///
///   cores    y = -350   spread over the whole width  (both raised by spineLift(width) when
///   spines   y =    0   spread over the whole width   the design is wider than 4,800 units)
///   leaves   y =  300   centred over the servers of their scalable unit (SU)
///   servers  y =  650   one block per SU, rows of up to 32, SUs side by side

#include "model/catalog/catalog_types.hpp"
#include "model/design/design.hpp"
#include "model/topology/fat_tree_plan.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace model::topology {

inline constexpr double kServerPitch = 130.0;  ///< scene units between server columns
inline constexpr double kServerRowPitch = 100.0;
inline constexpr double kSwitchWidth = 300.0;
inline constexpr double kSwitchMinPitch = 340.0;
inline constexpr double kSuGap = 260.0;
inline constexpr double kCoreY = -350.0, kSpineY = 0.0, kLeafY = 300.0, kServerY = 650.0;

/// Positions and rack names of the servers and leaves of a fat tree.
class ServerGrid final {
public:
    ServerGrid(const FatTreePlan& plan, int serversPerRack);
    [[nodiscard]] Point serverPosition(int su, int slot) const noexcept;
    [[nodiscard]] Point leafPosition(int su, int plane, int k) const noexcept;
    /// "su1-rack03": servers fill racks of `serversPerRack` in slot order.
    [[nodiscard]] std::string rackName(int su, int slot) const;
    [[nodiscard]] double totalWidth() const noexcept { return width_; }

private:
    const FatTreePlan& plan_;
    int perRack_, cols_;
    double blockWidth_, width_;
};

/// How far spines and cores are raised above y = kSpineY / kCoreY (scene units) for a layout
/// `width` units wide: width / 16 - 300, at least 0 and at most 2,100. The leaf-spine mesh of a
/// four-SU system (17,400 units wide, fitted at about 6 %) spans 300 units, 18 pixels, where
/// its 512 cables merged into one grey band; raised by 790 its bundles fan out readably. One
/// SU (4,160 wide) keeps the plain layout.
[[nodiscard]] double spineLift(double width);

/// x positions of `n` items of width kSwitchWidth spread over [0, width], centred.
[[nodiscard]] std::vector<double> spread(int n, double width, double maxPitch = 480.0);

/// Adds switches and links of a fat tree to a design.
class FabricBuilder final {
public:
    /// @param linkGbps rate of one link in Gb/s (one lane group); @param lossless PFC/ECN on
    ///        Ethernet switches.
    FabricBuilder(Design& d, const SwitchSpec& sw, double linkGbps, bool lossless);
    /// Adds the leaf `k` of SU `su` in `plane`. @return its id.
    Id addLeaf(const FatTreePlan& plan, int su, int plane, int k, Point at);
    /// Links every rail of server `server` (slot `slot` of SU `su`) to its leaf.
    void wireServer(const FatTreePlan& plan, Id server, int su, int slot,
                    const std::vector<std::vector<Id>>& leafIds);
    /// Adds the cores and spines (before the leaves, so ids run top-down). `width` is the
    /// layout width they spread over.
    void addUpperSwitches(const FatTreePlan& plan, double width);
    /// Adds the leaf-spine and spine-core bundle links. `leafIds[plane]` lists the leaves of a
    /// plane in SU order.
    void wireUpperTiers(const FatTreePlan& plan, const std::vector<std::vector<Id>>& leafIds);
    /// Adds one link of `count` cables between node `a` port `pa` and node `b` port `pb`.
    Id link(Id a, int pa, Id b, int pb, int count);

private:
    Id addSwitch(const std::string& name, SwitchTier tier, Point at, const std::string& rack);
    Design& d_;
    const SwitchSpec& sw_;
    double linkGbps_;
    bool lossless_;
    LinkMedium medium_;
    std::vector<std::vector<Id>> cores_;  ///< [plane][core]
    std::vector<std::vector<std::vector<Id>>> spines_; ///< [plane][pod][spine]
    /// First port not yet wired, per node: a leaf's uplinks start right after its own down
    /// ports, so every switch's ports are contiguous from 0 and fill whole cages of a
    /// twin-port switch as the BOM counts them (ceil(ports / ports_per_cage)).
    std::unordered_map<Id, int> nextPort_;
};

} // namespace model::topology
