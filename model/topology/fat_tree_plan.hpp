#pragma once
/// @file fat_tree_plan.hpp
/// Port arithmetic of a rail-optimized fat tree (leaf/spine, plus a core tier when the spine
/// tier runs out of ports). Pure integers: no catalog, no design. FatTreeGenerator
/// (fat_tree.hpp) turns a plan into a design.
///
///   two tiers (every leaf of a plane reaches every spine of that plane)
///
///        [spine 1] [spine 2] ... [spine S]           S = fewest spines with L x U <= S x P
///          |  \  /    |  \        /   |                  once U is rounded up to a multiple of S
///        [leaf r0] [leaf r1] ...  [leaf r7]  x SUs   U >= ceil(D / R) uplinks per leaf
///          |||       |||            |||              D = slots per SU x rails on the leaf
///        node1 rail0 -> leaf r0, rail1 -> leaf r1 ...
///
///   three tiers (when a plane has more leaves than a spine has ports)
///
///        [core group 1 .. S_pod]                     each spine: P/2 down, P/2 up (1:1)
///          |        |                                pods of P/2 leaves x U spines
///        [pod 1: U spines] [pod 2: U spines] ...     spine j of every pod -> core group j
///        [pod 1: leaves]   [pod 2: leaves]   ...
///
/// Method (shared/reference/reference_architectures.md sec. 1 "[derived] port math" and
/// shared/validation/reference_fabrics.csv note "spine count rounds up for cabling symmetry"):
/// - where every endpoint of a plane (and the UFM's cables) fits one switch's P ports, that
///   switch is the plane, one tier: non-blocking at any ratio asked, and the fewest switches
///   (8 DGX H100 on 64-port leaves: 1 switch, not 2 leaves and a spine);
/// - a leaf keeps D down ports and U = ceil(D / R) up ports, D + U <= P (R = oversubscription);
/// - one leaf per rail per scalable unit (SU); an SU holds as many node slots as a leaf has
///   down ports; nodes are spread evenly over ceil(slots / slots-per-SU) SUs, or, in two
///   tiers, one or two more where the smaller leaves need fewer switches in all (51 DGX H100
///   at 4:1: two SUs, 16 leaves + 2 spines, not one SU whose 13 uplinks only 13 spines
///   divide, 8 + 13);
/// - when the whole fabric has fewer slots than a leaf has down ports, one leaf takes several
///   rails (a GB200 NVL72 rack has 72 rails, 8 racks x 4 rails fill a 32-port leaf half);
/// - every leaf gets the same U uplinks, spread evenly over the spines: U is rounded up to a
///   multiple of the spine count where the leaf has the free ports (31 DGX H100: 31 -> 32
///   uplinks to 4 spines), and the spine count to a divisor of U where it has not (NVIDIA's
///   3-SU H100 SuperPOD: 12 -> 16 spines), whichever needs the fewest spines;
/// - a UFM appliance (InfiniBand subnet manager) may take one node slot with 4 cables
///   (SuperPOD H100 Table 4: 31 nodes + UFM = 252 node/UFM-leaf cables).
/// Cables are counted at switch ports: where a switch port is split into b links (an 800G
/// port feeding 2 x 400G), one cable serves b links.

#include <string>
#include <vector>

namespace model::topology {

/// Numeric inputs of a fat tree.
struct FatTreeInputs {
    int nodes = 0;              ///< compute servers (racks for rack-scale nodes), without the UFM
    int endpointsPerNode = 0;   ///< network links per node (rails), e.g. 8 for a DGX H100
    int switchPorts = 0;        ///< logical ports per switch at the link rate (radix), e.g. 64
    int breakout = 1;           ///< links per physical switch port (2 for an 800G port split 2 x 400G)
    /// Rate of every link, Gb/s: the port rate / breakout, or slower where the switch splits a
    /// port into no more links than breakout (a 100G link on a QM9700 takes a 200G half-port).
    double linkGbps = 0;
    double oversubscription = 1.0; ///< leaf down:up bandwidth ratio R (1 = non-blocking, 2 = 2:1)
    int planes = 1;             ///< independent fabrics; rails are split evenly over them
    int railsPerLeaf = 0;       ///< rails served by one leaf; 0 = automatic (see file comment)
    bool ufm = false;           ///< a UFM appliance takes one node slot
    int ufmCables = 4;          ///< its cables to the leaves (SuperPOD H100: 4)
};

/// Result of the port arithmetic. Counts of switches are totals over all planes; link and
/// cable counts are totals too. "Links" are logical (one per NIC port); "cables" are physical
/// (links / breakout at the switch port).
struct FatTreePlan {
    int tiers = 0;                   ///< 1 (a single leaf per plane), 2 or 3
    int planes = 1;
    int railsPerPlane = 0;
    int railsPerLeaf = 1;
    int leavesPerSuPerPlane = 0;
    int scalableUnits = 0;
    std::vector<int> slotsPerSu;     ///< node slots of each SU (the UFM slot included)
    int ufmSu = -1;                  ///< SU holding the UFM slot (its last slot), -1 when none
    int downlinksPerLeafMax = 0;     ///< leaf down ports the busiest leaf uses (logical)
    int uplinksPerLeaf = 0;          ///< logical uplinks of every leaf of the first (full) pod
    /// Two tiers: uplinks of the last leaf of each SU where it carries fewer rails than the
    /// others (railsPerPlane not a multiple of railsPerLeaf: one GB200 NVL72 rack's 72 rails
    /// on 64-port leaves are 32 + 32 + 8), its own down ports at the ratio rounded up to a
    /// multiple of the spines (8 for that rack, not 32); 0 = every leaf takes uplinksPerLeaf.
    int partialLeafUplinks = 0;
    int partialLeafDownlinks = 0;    ///< down links of the busiest such leaf (0 = none), for its ratio
    int leavesPerPlane = 0;
    // three tiers only
    int leavesPerPod = 0;            ///< leaves of a full pod
    int pods = 0;                    ///< pods per plane
    std::vector<int> leavesInPod;    ///< per pod of one plane
    std::vector<int> spinesInPod;    ///< per pod of one plane (two tiers: one entry, the spines of a plane)
    std::vector<int> uplinksInPod;   ///< per pod of one plane: uplinks of each of its leaves, a multiple of its spines
    int spineUplinks = 0;            ///< logical uplinks of a spine of a full pod
    int coresPerGroup = 0;           ///< cores that spine j of every pod reaches
    int coresPerPlane = 0;
    // totals
    int leaves = 0, spines = 0, cores = 0;
    long long nodeLeafLinks = 0, leafSpineLinks = 0, spineCoreLinks = 0;
    long long nodeLeafCables = 0, leafSpineCables = 0, spineCoreCables = 0;

    /// Slots of all SUs (nodes plus the UFM slot).
    [[nodiscard]] int slotCount() const noexcept;

    /// Logical uplinks of leaf `leaf` of a plane (index su x leavesPerSuPerPlane + k) in pod
    /// `pod`: partialLeafUplinks for the last leaf of an SU where that is set, else the pod's.
    [[nodiscard]] int leafUplinks(int leaf, int pod) const noexcept;
};

/// Works out the fat tree for `in`.
/// @throws std::invalid_argument (with the offending input named in words) when a count is
///         not positive, the rails do not split evenly over the planes, the switch has too few
///         ports for even one node per leaf, or the fabric would need a fourth tier.
[[nodiscard]] FatTreePlan planFatTree(const FatTreeInputs& in);

/// Largest D with D + ceil(D / R) <= P: the down ports a leaf of `ports` ports can keep at
/// oversubscription `ratio`. 32 for P = 64 at 1:1; 42 for P = 64 at 2:1 (42 + 21 = 63).
[[nodiscard]] int leafDownPorts(int ports, double ratio);

/// Uplinks needed for `down` down ports at ratio R: ceil(down / R), at least 1.
[[nodiscard]] int uplinksFor(int down, double ratio);

/// A spine count and the uplinks per leaf it takes.
struct SpineChoice {
    int spines = 0;    ///< 0 = no two-tier choice fits
    int uplinks = 0;   ///< per leaf, a multiple of `spines`
    int partialUplinks = 0; ///< per partial leaf (see the overload below), a multiple of `spines`; 0 when none
};

/// Fewest spines for `leaves` leaves that each need `neededUplinks` uplinks when every leaf
/// rounds its uplinks up to a multiple of the spine count (one equal bundle to each spine),
/// within its `freeLeafPorts` and the spines' `spineDownPorts`.
[[nodiscard]] SpineChoice fewestSpines(long long leaves, int neededUplinks, int freeLeafPorts, int spineDownPorts) noexcept;

/// The same for `leaves` full leaves plus `partialLeaves` leaves carrying fewer rails, which
/// need only `partialNeeded` uplinks within their `partialFree` free ports; each class rounds
/// its uplinks up to a multiple of the spine count, and the spines take the sum. One GB200
/// NVL72 rack (72 rails, 32 + 32 + 8 per 64-port leaf): 2 spines, 32 + 32 + 8 = 72 uplinks.
[[nodiscard]] SpineChoice fewestSpines(long long leaves, int neededUplinks, int freeLeafPorts, int spineDownPorts,
                                       long long partialLeaves, int partialNeeded, int partialFree) noexcept;

/// Fewest cores C for one core group: spine j of each of `pods` pods spreads its
/// `spineUplinks` uplinks over the group's C cores in bundles that differ by at most one
/// (ceil(spineUplinks / C) to a core), and a core of `corePorts` ports takes one bundle from
/// every pod: pods x ceil(spineUplinks / C) <= corePorts. 9 pods of 32-uplink spines on
/// 64-port cores: 5 (bundles of 7 and 6, 63 ports), where a count dividing 32 would take 8.
/// 0 when even one uplink per core does not fit (pods > corePorts).
[[nodiscard]] int fewestCores(int pods, int spineUplinks, int corePorts) noexcept;

} // namespace model::topology
