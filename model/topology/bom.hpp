#pragma once
/// @file bom.hpp
/// Bill of materials of a design: servers, switches by model and tier, compute NICs, cables
/// by the tiers they join and by kind, transceivers, power in kW, rack units and racks.
///
/// Cable rule (stated in Bom::reachRule): a link whose two ends sit in the same rack is a
/// passive copper DAC, since NVIDIA LinkX DACs for 100G-PAM4 lanes (NDR, 400/800GbE) reach
/// up to 3 m (shared/reference/network.csv, cable_dac_100gpam4), more than any run inside one
/// 42U rack; every other link is optical: a transceiver at each end plus fiber (or an AOC).
/// Links without rack placement count as optical (the conservative choice).
/// Cables are counted at switch ports: where a switch port is split into b slower links (an
/// 800G port feeding 2 x 400G), one splitter cable and one switch-side transceiver serve b
/// links, as in the SuperPOD B300 tables (fat_tree_plan.hpp).

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace model::topology {

/// DAC reach used by the cable rule, metres (network.csv cable_dac_100gpam4: "up to 3 m").
inline constexpr double kDacReachM = 3.0;

/// One server model: `count` boxes holding `gpus` GPUs in all. `appliance`: a GPU-less box
/// (catalog kind "appliance", e.g. the UFM), listed with the servers, its NICs and cables counted.
struct BomServer { std::string model, name; int count = 0; int gpus = 0; bool appliance = false; };
struct BomSwitch { std::string model, name; SwitchTier tier = SwitchTier::None; int count = 0; };
struct BomNic { std::string model, name; long long count = 0; };
/// Cables joining two tiers: "node-leaf", "leaf-spine", "spine-core", "node-switch" (a switch
/// with no tier), "switch-switch", "node-node" (direct server links, NVLink cables included).
struct BomCable { std::string between; long long dac = 0; long long optical = 0; [[nodiscard]] long long count() const noexcept { return dac + optical; } };
/// Optical modules by rate and end: "switch" (one per switch-side cable end) or "nic".
struct BomTransceiver { double rateGbps = 0; std::string end; long long count = 0; };

struct Bom {
    std::vector<BomServer> servers;
    std::vector<BomSwitch> switches;       ///< by model and tier
    std::vector<BomNic> nics;              ///< compute NICs of the servers
    std::vector<BomCable> cables;          ///< by the tiers they join
    std::vector<BomTransceiver> transceivers;
    double serverPowerW = 0;               ///< sum of known maximum server power, W
    double switchPowerW = 0;               ///< sum of known switch power, W
    std::vector<std::string> powerUnknown; ///< models whose power the catalog does not give
    int rackUnits = 0;                     ///< sum of known rack units
    std::vector<std::string> rackUnitsUnknown;
    int racks = 0;                         ///< named racks plus 42U racks for unplaced items
    double maxRackPowerW = 0;              ///< the most power drawn in one named rack, W (known parts only)
    std::string reachRule;                 ///< the cable rule in words, with its source

    [[nodiscard]] double powerKw() const noexcept { return (serverPowerW + switchPowerW) / 1000.0; }
    [[nodiscard]] long long cablesBetween(const std::string& between) const noexcept;
    [[nodiscard]] int switchCount(SwitchTier tier) const noexcept;
};

/// Counts the parts of `d`. Nodes whose model is not in the catalog are counted by model
/// with unknown power and rack units. Never throws on a valid Design.
[[nodiscard]] Bom computeBom(const Design& d, const Catalog& catalog);

/// JSON (keys per shared/design/ARCHITECTURE.md): `switches` [{model, name, tier, count}],
/// `cables` [{between, count, dac, optical}], `nics`, `transceivers` [{rate_Gbps, end, count}],
/// `servers` [{model, name, count, gpus, appliance}], `power` {total_kW, servers_kW, switches_kW, unknown}, `rack_units`
/// {total, unknown}, `racks`, `max_rack_kW`, `reach_rule`.
[[nodiscard]] nlohmann::json toJson(const Bom& b);

/// CSV with header `category,item,tier,detail,count` (one row per line of the BOM, category
/// "server" or "appliance" for servers; power in kW and rack units as rows of their own).
[[nodiscard]] std::string toCsv(const Bom& b);

} // namespace model::topology
