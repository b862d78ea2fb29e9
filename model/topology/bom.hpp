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
///
/// Transceiver rule (stated in Bom::transceiverRule): a module fills one cage, at either end.
/// At a server, a cage holds `compute_nic_ports_per_cage` compute NIC ports (catalog servers
/// field, ServerSpec::nicPortsPerCage; absent/null read as 1, one module per NIC port): DGX
/// H100, H200 and B200 reach their 8 ConnectX-7 "via 4x (twin-port) OSFP" cages (shared/reference/
/// servers.csv rows dgx_h100, dgx_h200, dgx_b200; reference_architectures.md section 1), so
/// each server needs ceil(its optical NIC ports at a rate / ports per cage) modules of ports x
/// that rate: a DGX H100 cabled at 400G takes 4 twin-port 2x400G (800G) modules, not 8
/// single-port 400G ones. (The count assumes the ports used fill whole cages; a server using
/// only some ports may need more.) Both ends of a server-to-server link are NIC ends.
/// At a switch, a cage holds `ports_per_cage` logical ports (catalog
/// switches field, from shared/reference/network.csv: QM9700 "64 logical (32 OSFP twin-port
/// cages)", "Each OSFP cage = 2 logical IB ports"; Q3400 "72x 1.6T OSFP cages" for 144 ports;
/// 1 for SN5600/SN5400/QM8700, whose rows count one port per cage; null read as 1). So each
/// switch needs ceil(optical ports used / ports_per_cage) modules per port rate: a QM9700
/// wired at 400G takes twin-port 2x400G (800G) OSFP modules, one per two ports.
///
/// Rack rule (stated in Bom::racksNote): named racks count once each; parts without a rack
/// are packed into 42U racks by their rack units. A server whose power is unpublished gives
/// no honest rack fill (racks are filled by power first), so its rack name is not counted:
/// it is packed by rack units when those are known, and otherwise the rack count is unknown
/// (`racksKnown` false, `racks` then counts only the other parts). Rented designs (analysis
/// "rental" or generator kind "rented") and cloud instances occupy none of the customer's
/// racks: 0.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <map>
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
/// Optical modules by rate and end: "switch" (switch-side cages) or "nic" (server-side cages:
/// one per NIC port, or per ServerSpec::nicPortsPerCage ports, e.g. twin-port on a DGX H100).
/// `rateGbps` is the module's total rate (800 for a twin-port 2x400G OSFP); `ports` the
/// logical ports (switch or NIC) one module serves (2: twin-port cage, 1: single-port); `links` the
/// links one module carries at `linkGbps` each (ports x breakout, e.g. 2 x 400G).
struct BomTransceiver {
    double rateGbps = 0;
    std::string end;
    long long count = 0;
    int ports = 1;
    int links = 1;
    double linkGbps = 0;
    /// e.g. "twin-port 2x400G (800G)" or "single-port 400G"; "800G feeding 2x400G" for a breakout port.
    [[nodiscard]] std::string form() const;
};

/// A model's power figure from outside the catalog: `watts` (W, maximum draw) and where it
/// comes from, in words ("set in this design: OEM spec sheet", "indicative, as of 2025 (...)").
struct PowerFigure {
    double watts = 0.0;
    std::string source;
    bool operator==(const PowerFigure&) const = default;
};
/// Power figures by model id that replace the catalog's (a design's own, analysis.cost.power_W)
/// or fill it where the catalog has none (catalogs/prices.json node_power); the cost model
/// resolves them (cost::bomPowerFigures), so the BOM and the cost count the same watts.
using PowerFigures = std::map<std::string, PowerFigure>;

struct Bom {
    std::vector<BomServer> servers;
    std::vector<BomSwitch> switches;       ///< by model and tier
    std::vector<BomNic> nics;              ///< compute NICs of the servers
    std::vector<BomCable> cables;          ///< by the tiers they join
    std::vector<BomTransceiver> transceivers;
    double serverPowerW = 0;               ///< sum of known maximum server power, W
    double switchPowerW = 0;               ///< sum of known switch power, W
    std::vector<std::string> powerUnknown; ///< models whose power neither the catalog nor a PowerFigure gives
    /// Models whose power comes from a PowerFigure rather than the catalog, with that figure.
    std::vector<std::pair<std::string, PowerFigure>> powerFromElsewhere;
    int rackUnits = 0;                     ///< sum of known rack units
    std::vector<std::string> rackUnitsUnknown; ///< models without a rack-unit figure (whole racks included)
    /// Rack-scale systems (catalog server kind "rack", e.g. GB200 NVL72) without a rack-unit
    /// figure: each is a whole rack, so `rackUnits` counts only the parts outside them. They
    /// are also listed in `rackUnitsUnknown`.
    std::vector<BomServer> wholeRacks;
    int racks = 0;                         ///< racks counted by the rack rule (a lower bound when !racksKnown)
    bool racksKnown = true;                ///< false when some part's rack cannot be counted (rack rule)
    std::vector<std::string> racksUnknown; ///< models whose racks cannot be counted
    bool rented = false;                   ///< rented design: 0 customer racks
    std::string racksNote;                 ///< how `racks` was counted, in words
    int powerKnownParts = 0;               ///< nodes whose power is known (catalog or PowerFigure)
    double maxRackPowerW = 0;              ///< the most power drawn in one named rack, W (known parts only)
    std::string reachRule;                 ///< the cable rule in words, with its source
    std::string transceiverRule;           ///< the transceiver rule in words, with its source

    [[nodiscard]] double powerKw() const noexcept { return (serverPowerW + switchPowerW) / 1000.0; }
    /// True when at least one part has a published power figure (else powerKw() is not 0 but unknown).
    [[nodiscard]] bool powerKnown() const noexcept { return powerKnownParts > 0; }
    [[nodiscard]] long long cablesBetween(const std::string& between) const noexcept;
    [[nodiscard]] int switchCount(SwitchTier tier) const noexcept;
};

/// Counts the parts of `d`. Nodes whose model is not in the catalog are counted by model
/// with unknown power and rack units. A model in `power` takes that figure instead of the
/// catalog's (listed in Bom::powerFromElsewhere). Never throws on a valid Design.
[[nodiscard]] Bom computeBom(const Design& d, const Catalog& catalog, const PowerFigures& power = {});

/// Power in words: "326.4 kW (unknown for 1 model: qm9700)", or "unknown (no part has a
/// published figure: ...)" when no part has one; figures from outside the catalog are named
/// with their source ("hgx-b300-8gpu 14.5 kW each, indicative, as of ...").
[[nodiscard]] std::string powerText(const Bom& b);
/// Racks in words: "10", "0 (rented: ...)" or "unknown (... at least N ...)".
[[nodiscard]] std::string racksText(const Bom& b);
/// Rack units in words: "34 rack units", and what they leave out: whole racks ("34 rack
/// units for the parts outside the whole racks, plus 8 x GB200 NVL72 rack (DGX GB200), each
/// a whole rack with no rack-unit figure") and other parts without a figure, unless
/// racksText already names them ("(not counting X, whose rack units the catalog does not give)").
[[nodiscard]] std::string rackUnitsText(const Bom& b);

/// JSON (keys per shared/design/ARCHITECTURE.md): `switches` [{model, name, tier, count}],
/// `cables` [{between, count, dac, optical}], `nics`, `transceivers` [{rate_Gbps, end, count,
/// ports, links, link_Gbps, form}], `servers` [{model, name, count, gpus, appliance}], `power`
/// {total_kW (null when no part has a figure), servers_kW, switches_kW, unknown,
/// not_from_catalog [{model, W, source}]}, `rack_units`
/// {total, unknown, whole_racks [{model, name, count}]}, `racks` (null when unknown), `racks_at_least`, `racks_unknown`, `racks_note`,
/// `rented`, `max_rack_kW`, `reach_rule`, `transceiver_rule`.
[[nodiscard]] nlohmann::json toJson(const Bom& b);

/// CSV with header `category,item,tier,detail,count` (one row per line of the BOM, category
/// "server" or "appliance" for servers; power in kW and rack units as rows of their own).
[[nodiscard]] std::string toCsv(const Bom& b);

} // namespace model::topology
