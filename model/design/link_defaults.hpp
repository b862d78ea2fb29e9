#pragma once
/// @file link_defaults.hpp
/// The domain rules for what a new link or node is when nobody has said more. The canvas
/// (wire and place tools), the topology generators (and through them `cluster-designer
/// generate`) and the importers all call these, so a link drawn by hand and a link generated
/// run the same protocol at the same rate:
///
///   - protocol: the switch decides (a VPI NIC wired to an Ethernet switch runs Ethernet);
///     between two servers, their NICs do (the first end's when it is known);
///   - medium: InfiniBand for an InfiniBand protocol, else Ethernet (RoCE and AWS EFA run
///     over Ethernet); InfiniBand when neither end's protocol is known;
///   - rate: the lower of the two ends' port speeds (a server's compute-NIC speed, a switch's
///     port speed), one lane group, one cable;
///   - ports: the next free port on each end; on a server the port is the compute NIC index,
///     i.e. the rail (design.hpp, Endpoint);
///   - a placed node gets a unique name "<catalog id>-NN" for a server and "leaf-NN" for a
///     switch, which starts as a leaf.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <optional>
#include <string>

namespace model {

/// What one end of a link offers. Speeds are per port, one direction, as the catalog quotes
/// them; an unpublished figure (a zero speed or port count in the catalog) is nullopt / 0.
struct PortOffer {
    std::optional<Bandwidth> speed;       ///< line rate of one port
    std::optional<NetProtocol> protocol;  ///< the protocol the ports run by default
    int ports = 0;                        ///< compute NICs of a server, ports of a switch; 0 = unknown
};

/// The ports of a switch model.
[[nodiscard]] PortOffer offerOf(const SwitchSpec& s) noexcept;
/// `count` compute NICs of model `nic`.
[[nodiscard]] PortOffer offerOf(const NicSpec& nic, int count) noexcept;
/// The ports of node `n`: a switch's ports, or a server's compute NICs (its overrides, else
/// its catalog model's). Everything unknown when the model is not in the catalog.
[[nodiscard]] PortOffer offerOf(const Node& n, const Catalog& catalog);

/// Link medium for a protocol: InfiniBand for InfiniBand, Ethernet for Ethernet and EFA.
[[nodiscard]] LinkMedium mediumFor(NetProtocol p) noexcept;

/// The protocol a link between `a` and `b` runs: a switch end decides (the first end when
/// both are switches); between two servers, the first end whose protocol is known.
[[nodiscard]] std::optional<NetProtocol> wireProtocol(NodeKind aKind, const PortOffer& a, NodeKind bKind,
                                                      const PortOffer& b) noexcept;

/// The rate both ends run: the lower of the two known speeds, the one known speed, or
/// nullopt when neither is known.
[[nodiscard]] std::optional<Bandwidth> commonSpeed(const PortOffer& a, const PortOffer& b) noexcept;

/// Lowest port number of `node` below `ports` that no link of the design uses; -1 ("any free
/// port") when every port is taken or `ports` is 0 (unknown).
[[nodiscard]] int nextFreePort(const Design& d, Id node, int ports);

/// The first port of a bundle of `width` cables at `node` (a bundle takes `width` consecutive
/// ports from its first, as the port rules count them): `current` where ports current ..
/// current + width - 1 are used by no link but `except`, else the lowest such free run below
/// `ports`; `current` (unchanged, the rules then report the clash) where none fits or `ports`
/// is 0 (unknown), and -1 ("any free port") stays -1. A link whose cable count grows keeps
/// clear of its neighbours this way.
[[nodiscard]] int portRunFor(const Design& d, Id node, int current, int ports, int width, Id except);

/// The link the wire tool draws from node `a` to node `b` (id 0, to be assigned by the
/// document): protocol, medium, rate and ports by the rules of this file.
/// @return nullopt when either node is missing or a == b.
[[nodiscard]] std::optional<Link> defaultLink(const Design& d, const Catalog& catalog, Id a, Id b);

/// First free name "<prefix>-N" of the design for a new node: the prefix is "leaf" for a
/// switch (placed as a leaf) and the catalog id for a server. N follows the highest number
/// already used with that prefix, written as wide as it is ("leaf-9" after "leaf-8 (rails
/// 56-63)", "dgx-h100-04" after "dgx-h100-03"); with none, one more than the leaves (servers
/// of that model) placed, two digits at least ("leaf-01", "dgx-b200-01").
[[nodiscard]] std::string uniqueNodeName(const Design& d, NodeKind kind, const std::string& catalogId);

/// The node placed from the palette at `at` (scene units): its unique name, the leaf tier for
/// a switch, every other field at its default (catalog NIC model and count, PFC/ECN on).
[[nodiscard]] Node defaultNode(const Design& d, NodeKind kind, const std::string& catalogId, Point at);

} // namespace model
