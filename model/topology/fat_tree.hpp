#pragma once
/// @file fat_tree.hpp
/// Builds a rail-optimized fat-tree design from catalog models: servers, leaf (and spine,
/// and core) switches and the links between them, laid out on the canvas with spines on
/// top, leaves in the middle and servers at the bottom.
///
///        spine-1        spine-2   ...          y =    0   (cores above, y = -350)
///          ||  \\      //  ||
///     leaf-1 (rail 0)  leaf-2 (rail 1) ...     y =  300
///        |    \            |
///     dgx-01  dgx-02  ...  dgx-32              y =  650   (one row per 32 servers)
///
/// Counts follow planFatTree (fat_tree_plan.hpp). Each server link is one cable (one rail);
/// each leaf-spine or spine-core pair is one bundle link whose `count` is its cables.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/topology/fat_tree_plan.hpp"

#include <optional>
#include <string>

namespace model::topology {

/// What `cluster-designer generate fat-tree` takes.
struct FatTreeOptions {
    std::string server;                 ///< catalog id of the server (or rack-scale node)
    int nodes = 0;                      ///< servers, without the UFM slot
    std::string switchModel;            ///< catalog id of the switch used at every tier
    std::optional<int> nicsPerNode;     ///< network endpoints (rails) per server; default: its compute NIC count
    std::string nicModel;               ///< compute NIC override (catalog id); empty = the server's
    std::optional<double> linkGbps;     ///< link rate in Gb/s; default: min(NIC speed, switch port speed)
    double oversubscription = 1.0;      ///< leaf down:up bandwidth ratio
    int planes = 1;                     ///< independent fabric planes
    int railsPerLeaf = 0;               ///< 0 = automatic
    bool ufm = false;                   ///< place the UFM appliance (kUfmModel) in one node slot with its cables (at most 4)
    bool lossless = true;               ///< Ethernet switches: PFC/ECN configured (RoCE)
    std::optional<double> rackPowerW;   ///< rack power envelope in W used to place servers in racks
    std::string name;                   ///< design name; empty = generated from the inputs
    std::string namePrefix;             ///< server name prefix; empty = from the server id
    /// The command the options came from, as errors name it ("generate fat-tree", "generate
    /// gb200-nvl72", "generate roce", "generate rented"); the generators built on the fat tree
    /// set their own.
    std::string generatorName = "generate fat-tree";
    /// The option that set the link rate, as errors about the rate name it: "--link-gbps";
    /// generate rented derives the rate from --per-node-gbps and names that.
    std::string linkOption = "--link-gbps";
    /// Refuse a NIC that cannot run the switch's protocol (an Ethernet or EFA NIC on an
    /// InfiniBand switch). generate rented clears it: its fabric stands for the provider's
    /// network, whatever that runs (EFA on an Ethernet stand-in).
    bool requireNicProtocol = true;
};

/// Default rack power envelope, W: 4 DGX H100 at 10.2 kW = 40.8 kW per rack (NVIDIA DC design
/// guide, shared/reference/reference_architectures.md sec. 1). Servers per rack are also
/// limited by 42 rack units (EIA-310 42U rack).
inline constexpr double kDefaultRackPowerW = 40800.0;
inline constexpr int kRackUnits = 42;

/// Catalog id and design node name of the UFM appliance `--ufm` places (catalogs/servers.json).
inline constexpr const char* kUfmModel = "ufm-appliance";
inline constexpr const char* kUfmName = "ufm";

/// The numeric inputs planFatTree needs, read from the catalog.
/// @throws InputError (file "<command line>", entry "generate fat-tree", field = the option)
///         when an id is not in the catalog, a count is not positive, the link rate does not
///         divide the switch port rate, or `ufm` is set for an Ethernet switch or a catalog
///         without kUfmModel.
[[nodiscard]] FatTreeInputs fatTreeInputs(const Catalog& catalog, const FatTreeOptions& o);

/// Generates the design. `planOut`, when given, receives the port arithmetic.
/// @throws InputError as fatTreeInputs, and when planFatTree rejects the inputs.
[[nodiscard]] Design generateFatTree(const Catalog& catalog, const FatTreeOptions& o, FatTreePlan* planOut = nullptr);

/// What a generated fat tree's down:up ratio is against the one asked for, in words, or ""
/// when they agree (within 1 %). `generator` = the design's analysis.generator object
/// (keys "oversubscription", "oversubscription_built", "tiers"). Two cases: one switch holds
/// every server (tiers 1), so nothing is oversubscribed ("asked for 2:1 oversubscription; one
/// switch holds every server, ... non-blocking (1:1)"); or whole uplinks per leaf round the
/// ratio ("... with whole uplinks on every leaf the fabric is 3.818:1").
[[nodiscard]] std::string builtOversubscriptionNote(const nlohmann::json& generator);

/// Servers that fit one rack: min(floor(envelope / server power), floor(42 / server rack
/// units)), at least 1; a server drawing more than the envelope (a GB200 NVL72 rack) is its
/// own rack. Unknown power or rack units leave that limit out.
[[nodiscard]] int serversPerRack(const ServerSpec& s, double rackPowerW = kDefaultRackPowerW) noexcept;

/// Throws the InputError used for a bad generator option.
[[noreturn]] void badOption(const std::string& generator, const std::string& option, const std::string& problem);

/// Link medium for a switch's protocol: model::mediumFor(s.protocol) (link_defaults.hpp).
[[nodiscard]] LinkMedium mediumOf(const SwitchSpec& s) noexcept;

} // namespace model::topology
