#pragma once
/// @file design.hpp
/// The cluster design: servers (each holding the GPUs and NICs of its catalog model), switches
/// and links, all addressed by stable ids. The design is the single source of truth: undo
/// commands, the canvas and saved files all name things by these ids.

#include "model/units/units.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace model {

class Catalog;

/// Stable identifier of a node or a link; 0 is never a valid id.
using Id = std::uint64_t;

enum class NodeKind { Server, Switch };

/// Position of a switch in a leaf/spine/core fat tree (None for a lone switch).
enum class SwitchTier { None, Leaf, Spine, Core };

/// Canvas position in scene units (the views draw 1 unit = 1 pixel at 100 % zoom).
struct Point {
    double x = 0.0;
    double y = 0.0;
    bool operator==(const Point&) const = default;
};

/// A server or a switch placed in the design.
struct Node {
    Id id = 0;
    NodeKind kind = NodeKind::Server;
    std::string model;         ///< catalog id of the server platform or switch model
    std::string name;          ///< user-visible name, e.g. "dgx-07" or "leaf-3"
    Point position;
    SwitchTier tier = SwitchTier::None; ///< switches only
    /// Servers only: compute NIC model override (empty = the server's catalog NIC).
    std::string nicModel;
    /// Servers only: compute NIC count override (nullopt = the server's catalog count).
    std::optional<int> nicCount;
    /// Ethernet switches only: PFC/ECN configured (lossless RoCE). Ignored for InfiniBand,
    /// which is lossless by credit-based flow control.
    bool pfcEcn = true;
    /// Group of identical items shown as one canvas item that expands on demand, e.g. "su-1"
    /// for the 32 DGX H100 of one scalable unit (empty = not grouped). JSON "group".
    std::string group;
    /// Physical rack the item sits in, e.g. "su1-rack03" (empty = not placed). The bill of
    /// materials uses it to choose copper within a rack and optics between racks. JSON "rack".
    std::string rack;
    bool operator==(const Node&) const = default;
};

/// Medium of a link.
enum class LinkMedium { InfiniBand, Ethernet, NVLink, PCIe };

/// One end of a link: a node and a port on it. On a server the port is the compute NIC
/// index (the rail); on a switch the port number. -1 means "any free port".
struct Endpoint {
    Id node = 0;
    int port = -1;
    bool operator==(const Endpoint&) const = default;
};

/// Highest Link::laneSpeed a design file may state, Gb/s per lane: the fastest ports sold run
/// 1.6 Tb/s (ConnectX-8, Quantum-X800 in shared/reference/network.csv), so 10 Tb/s leaves room
/// for the next generations while rejecting typos (1e6 would print "infG" transceivers).
inline constexpr double kMaxLaneGbps = 10000.0;

/// Largest |x| or |y| of a node on the canvas, scene units: a billion pixels at 100 % zoom.
inline constexpr double kMaxCoordinate = 1e9;

/// Most nodes a design file may hold. The largest real clusters (100,000 GPUs) have about
/// 12,500 eight-GPU servers plus their switches; 100,000 nodes (a 30 MiB file) loads in
/// about a second with a 240 MiB peak (measured in tests/model/test_input_limits.cpp), so
/// anything larger is refused with this limit in the message instead of exhausting memory.
inline constexpr std::size_t kMaxDesignNodes = 100000;
/// Most links a design file may hold (a link is a bundle: `count` parallel cables).
inline constexpr std::size_t kMaxDesignLinks = 400000;
/// Largest design file read, bytes (64 MiB; a 100,000-node design writes about 30 MiB).
inline constexpr std::size_t kMaxDesignFileBytes = std::size_t{64} << 20;

/// A cable (or a bundle of identical parallel cables) between two nodes.
struct Link {
    Id id = 0;
    Endpoint a;
    Endpoint b;
    LinkMedium medium = LinkMedium::InfiniBand;
    Bandwidth laneSpeed = Bandwidth::Gbps(400); ///< signalling rate of one lane group as quoted, per direction
    int lanes = 1;   ///< lane groups aggregated into this logical link (1 for one 400G port)
    int count = 1;   ///< identical parallel cables drawn as one bundle
    /// Rate of one cable, one direction: laneSpeed x lanes.
    [[nodiscard]] Bandwidth perCable() const noexcept { return laneSpeed * static_cast<double>(lanes); }
    /// Rate of the whole bundle, one direction: perCable x count.
    [[nodiscard]] Bandwidth total() const noexcept { return perCable() * static_cast<double>(count); }
    bool operator==(const Link&) const = default;
};

[[nodiscard]] const char* toString(NodeKind k) noexcept;
[[nodiscard]] const char* toString(SwitchTier t) noexcept;
[[nodiscard]] const char* toString(LinkMedium m) noexcept;

/// The whole design. Edits are requests by id; a request that cannot be honoured throws
/// std::invalid_argument and changes nothing.
class Design {
public:
    /// Format name and version written to and required from design files.
    static constexpr const char* kFormat = "cluster-designer-design";
    static constexpr int kVersion = 1;

    Design() = default;
    /// Copies nodes, links, header and the next id (and re-points the per-node link lists).
    Design(const Design& other);
    Design& operator=(const Design& other);
    Design(Design&&) noexcept = default;
    Design& operator=(Design&&) noexcept = default;

    std::string name = "Untitled design";
    /// Analysis settings (workload preset, parallelism, ...) kept verbatim for the engine.
    nlohmann::json analysis = nlohmann::json::object();

    /// Adds a node. If `n.id` is 0 a fresh id is assigned; otherwise the id is kept (undo of a
    /// delete restores the same id). @return the node's id.
    /// @throws std::invalid_argument if the id is already used.
    Id addNode(Node n);
    /// Adds a link; id rules as addNode. @throws std::invalid_argument if an endpoint node does
    /// not exist, both ends are the same node, count/lanes < 1, or the id is taken.
    Id addLink(Link l);
    /// Removes a node and every link attached to it. @return the removed links (for undo).
    /// @throws std::invalid_argument if there is no such node.
    std::vector<Link> removeNode(Id id);
    /// Removes a link. @throws std::invalid_argument if there is no such link.
    void removeLink(Id id);
    /// Moves a node. @throws std::invalid_argument if there is no such node.
    void moveNode(Id id, Point to);
    /// Replaces a node's properties (same id). @throws std::invalid_argument if absent.
    void updateNode(const Node& n);
    /// Replaces a link's properties (same id). @throws std::invalid_argument, changing
    /// nothing, if there is no such link or the new one is invalid as for addLink.
    void updateLink(const Link& l);

    [[nodiscard]] const Node* node(Id id) const noexcept;
    [[nodiscard]] const Link* link(Id id) const noexcept;
    [[nodiscard]] const std::map<Id, Node>& nodes() const noexcept { return nodes_; }
    [[nodiscard]] const std::map<Id, Link>& links() const noexcept { return links_; }
    /// Links attached to node `id`, in id order (O(links of the node)).
    [[nodiscard]] std::vector<const Link*> linksOf(Id id) const;
    /// The same links without a copy: a view that holds until the design's links next change
    /// (read it, do not keep it across an edit). For passes over every node of a large design
    /// (the design rules: 3,328 nodes of a 2,048-server fat tree, each copy an allocation).
    [[nodiscard]] std::span<const Link* const> linksAt(Id id) const noexcept;
    /// The next id that addNode/addLink would assign.
    [[nodiscard]] Id peekNextId() const noexcept { return nextId_; }
    /// Raises the next id to at least `next` (ids another copy of this design has handed out
    /// stay used here too); never lowers it.
    void reserveIds(Id next) noexcept { nextId_ = std::max(nextId_, next); }

    /// Total GPUs over all servers, using `catalog` for each server's GPU count.
    [[nodiscard]] int gpuCount(const Catalog& catalog) const;

    /// Checks every catalog reference. @throws InputError naming `file`, the node and the field.
    void validateAgainst(const Catalog& catalog, const std::string& file) const;

private:
    /// @throws std::invalid_argument when `l` cannot be in this design (addLink's rules but the id).
    void checkLink(const Link& l) const;
    /// Adds `l` (already in links_) to the lists of both its ends.
    void attach(const Link* l);
    /// Removes `l` from the lists of both its ends.
    void detach(const Link* l);

    std::map<Id, Node> nodes_;
    std::map<Id, Link> links_;
    /// node id -> its links in id order; pointers into links_ (std::map nodes never move), so
    /// a copy rebuilds them (copy constructor) and a move keeps them.
    std::unordered_map<Id, std::vector<const Link*>> adjacency_;
    Id nextId_ = 1;
};

/// Serialises a design to its JSON document (format name and version included).
[[nodiscard]] nlohmann::json toJson(const Design& d);
[[nodiscard]] nlohmann::json toJson(const Node& n);
[[nodiscard]] nlohmann::json toJson(const Link& l);

/// Parses a design document. @throws InputError naming `file`, the entry ("nodes[3]" or
/// "links[12]") and the field when anything is missing, mistyped, out of range or
/// inconsistent, and when there are more than kMaxDesignNodes nodes or kMaxDesignLinks links.
[[nodiscard]] Design designFromJson(const nlohmann::json& doc, const std::string& file);
/// Parses one node / link object (used by undo commands and copy/paste).
[[nodiscard]] Node nodeFromJson(const nlohmann::json& j, const std::string& file, const std::string& entry);
[[nodiscard]] Link linkFromJson(const nlohmann::json& j, const std::string& file, const std::string& entry);

/// Reads a design file. @throws InputError (unreadable, larger than kMaxDesignFileBytes,
/// not JSON, or invalid).
[[nodiscard]] Design loadDesign(const std::string& path);
/// Writes a design file atomically (io::writeFileAtomically: a temporary file beside `path`,
/// fsync, rename(2) over `path`, fsync of the folder), so a crash or SIGKILL at any moment
/// leaves the old or the new complete design, never a mix.
/// @throws std::runtime_error naming the path when it cannot be written, or when it lies in a
///         bundled data folder (bundledDataWriteProblem), which the app never writes.
void saveDesign(const Design& d, const std::string& path);

} // namespace model
