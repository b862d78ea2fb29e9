#pragma once
/// @file generators.hpp
/// The generators other than the plain fat tree (fat_tree.hpp). Each returns a whole design
/// that the GUI applies as one undoable edit and `cluster-designer generate KIND` saves.
///
///   single server          gb200-nvl72 racks             roce fabric          rented cluster
///   +-----------+          spines                         spines (SN5600)      "provider fabric"
///   | dgx-h100  |            ||                            ||  PFC/ECN on/off   leaf/spine, 1:1
///   | 8 GPUs    |          leaves (4 rails each)          leaves               N nodes x B Gb/s
///   +-----------+            ||                            ||                  $/GPU-hour in
///                          [rack: 72 GPUs, NVLink         servers               design.analysis
///                           inside the rack only]                               ["rental"]
///
/// Errors: every bad option throws InputError("<command line>", "generate KIND", "--option",
/// what was expected).

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/topology/fat_tree.hpp"

#include <string>

namespace model::topology {

/// One server on its own, no links (a workstation, a single 8-GPU box).
/// The refusal of a GPU-less appliance (catalog gpu_count 0, the UFM) given as a generator's
/// --server: "expected a GPU server; "ID" (NAME) is an appliance with no GPU, ...".
[[nodiscard]] std::string applianceRefusal(const ServerSpec& s);

struct SingleServerOptions {
    std::string server;  ///< catalog id
    std::string name;    ///< design name; empty = the server's catalog name
};
/// @throws InputError when the server id is not in the catalog.
[[nodiscard]] Design generateSingleServer(const Catalog& catalog, const SingleServerOptions& o);

/// GB200 NVL72 racks joined by a fat tree. Each rack is ONE node of a rack-scale catalog
/// server (72 GPUs in one NVLink domain, NVLink between its trays only, 72 compute NICs);
/// the racks' NICs go to leaves, several rails per leaf (fat_tree_plan.hpp).
struct RackScaleOptions {
    std::string server = "gb200-nvl72";
    int racks = 0;
    std::string switchModel;          ///< empty = defaultFabricSwitch for the racks' NICs (QM9700 for GB200's 400G, Q3400 for GB300's 800G)
    double oversubscription = 1.0;
    std::string name;
};
/// @throws InputError when the server is not rack-scale (its NVLink domain is not all its
///         GPUs), an id is unknown or the fat tree cannot be built.
[[nodiscard]] Design generateRackScale(const Catalog& catalog, const RackScaleOptions& o);

/// Catalog id of the switch a fat tree (`roce` false) or RoCE fabric (`roce` true) is built from
/// when the user names none, as `generate` and a cluster architect would pick it from the
/// compute NIC (`nicOverride`, else the server's): RoCE and Ethernet NICs take the Spectrum-4
/// SN5600 (64 x 800G, also 128 x 400G; network.csv sw_sn5600); InfiniBand NICs above 400 Gb/s
/// (XDR ConnectX-8) take the Quantum-X800 Q3400 (144 x 800G, network.csv), others the NDR
/// QM9700 (64 x 400G). Unknown ids fall back to the QM9700 and are reported by the generator;
/// so is an EFA NIC, which no switch of the catalog runs. Never throws.
[[nodiscard]] std::string defaultFabricSwitch(const Catalog& catalog, const std::string& server, const std::string& nicOverride, bool roce);

/// An Ethernet RoCE fabric (e.g. Spectrum-4 SN5600): a fat tree whose switches are Ethernet,
/// with PFC/ECN on (lossless) or off on every switch.
/// @throws InputError when the switch is not an Ethernet switch, or as generateFatTree.
[[nodiscard]] Design generateRoceFabric(const Catalog& catalog, FatTreeOptions o);

/// A rented cluster as a provider describes it: N nodes, a stated bandwidth between nodes
/// per node (e.g. 1,600 or 3,200 Gb/s), at most `maxGpus` GPUs, a price per GPU-hour.
/// The provider's fabric is drawn as a non-blocking (1:1) leaf/spine of `switchModel`; the
/// stated per-node bandwidth is met by the server's NIC count times a catalog NIC of
/// per-node / count Gb/s. The price goes to design.analysis["rental"].
struct RentedOptions {
    std::string server;
    int nodes = 0;
    double perNodeGbps = 0;          ///< bandwidth between nodes, per node, one direction, Gb/s
    double pricePerGpuHourUsd = 0;   ///< US dollars per GPU-hour
    std::string provider;            ///< who rents it (free text)
    std::string priceSource;         ///< where the price comes from, with its date
    std::string switchModel;         ///< empty = qm9700 for InfiniBand NICs, sn5600 for Ethernet
    int maxGpus = 64;                ///< the provider's cluster limit
    std::string name;
};
/// @throws InputError when an id is unknown, the counts or price are not positive, the
///         GPUs exceed maxGpus, or no catalog NIC runs at the per-NIC rate.
[[nodiscard]] Design generateRented(const Catalog& catalog, const RentedOptions& o);

} // namespace model::topology
