#pragma once
/// @file interconnect_types.hpp
/// Catalog entries for the parts between GPUs and switches: NVSwitch generations, cables and
/// optical transceivers (facts: shared/reference/network.csv, categories nvswitch, cable,
/// transceiver). Units are in the names; null in the JSON is std::nullopt ("unknown").

#include "model/catalog/provenance.hpp"
#include "model/units/units.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace model {

/// One NVSwitch generation (a chip, or the NVL72 switch tray that holds two of them).
struct NvSwitchSpec {
    std::string id;                  ///< e.g. "nvswitch-gen3"
    std::string name;
    std::string vendor;
    std::string referenceId;         ///< row id in shared/reference/network.csv
    int nvlinkGeneration = 0;        ///< NVLink generation of its ports (3, 4, 5)
    std::optional<int> ports;        ///< NVLink ports per chip, nullopt when unpublished
    /// Rate of one port, both directions added (NVSwitch gen3: 50 GB/s = 2 x 25 GB/s).
    std::optional<Bandwidth> portBidirectional;
    /// Aggregate figure as quoted (TB/s), with what it covers in `aggregateScope`.
    std::optional<double> aggregateTBps;
    std::string aggregateScope;      ///< e.g. "per chip, full duplex", "per rack (18 chips)"
    std::string inNetworkReduction;  ///< "NVLS" (NVLink SHARP) or empty when none
    std::optional<double> powerW;    ///< per chip
    std::string formFactor;          ///< "on HGX baseboard", "1U tray, 2 switch chips", ...
    Provenance provenance;
    nlohmann::json raw;
};

/// Kind of a cable.
enum class CableKind {
    PassiveCopper, ///< DAC: direct-attach passive copper (reach a few metres)
    ActiveCopper,  ///< LACC/ACC: copper with linear/active redrivers (reach to ~5 m)
    ActiveOptical, ///< AOC: optics fixed to the cable ends
};

/// A cable (copper or active optical) with its connectors.
struct CableSpec {
    std::string id;                  ///< e.g. "dac-100g-pam4"
    std::string name;
    std::string vendor;
    std::string referenceId;
    CableKind kind = CableKind::PassiveCopper;
    bool splitter = false;           ///< one twin-port end fanned out to two ends (1:2)
    std::optional<double> reachM;    ///< longest published length, metres
    std::optional<double> powerW;    ///< per cable end as quoted; nullopt when unpublished
    std::optional<Bandwidth> portSpeed; ///< rate of one logical link it carries, per direction
    std::optional<int> ports;        ///< logical links it carries (2 for a twin-port splitter)
    std::string connector;           ///< "OSFP", "QSFP112", ...
    Provenance provenance;
    nlohmann::json raw;
};

/// Fibre type of an optical transceiver.
enum class FiberKind { Multimode, SingleMode };

/// A pluggable optical transceiver (one end of a fibre link).
struct TransceiverSpec {
    std::string id;                  ///< e.g. "osfp-800g-2x400-sr4"
    std::string name;
    std::string vendor;
    std::string referenceId;
    FiberKind fiber = FiberKind::Multimode;
    std::optional<int> ports;        ///< logical ports (2 for a twin-port 2x400G module)
    std::optional<Bandwidth> portSpeed; ///< per logical port, per direction
    std::optional<double> reachM;    ///< longest published reach, metres (straight fibre)
    std::optional<double> powerW;    ///< maximum per module
    std::string connector;           ///< "OSFP finned top", ...
    Provenance provenance;
    nlohmann::json raw;
};

[[nodiscard]] const char* toString(CableKind k) noexcept;
[[nodiscard]] const char* toString(FiberKind k) noexcept;

} // namespace model
