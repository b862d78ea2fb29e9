#pragma once
/// @file rules.hpp
/// Design rules: checks that a design can be built and will perform as drawn. Each finding
/// has a severity, the node and link ids it concerns (its place on the canvas) and an
/// explanation in words. Rule ids are stable strings (used by waivers and tests):
///
///   switch-port-budget       error    more cable bandwidth on a switch than its ports carry
///   switch-port-conflict     error    two links numbered on the same port of a switch
///   switch-port-range        error    a link numbered past the last port of its switch (at its rate)
///   server-nic-budget        error    more network links on a server than its NICs carry
///   server-port-conflict     error    two links numbered on the same compute NIC port of a server
///   server-port-range        error    a link numbered past a server's last compute NIC port
///                                     (NIC count x ports per NIC)
///   protocol-mismatch        error    a link whose medium an end cannot run: an Ethernet or EFA NIC on an
///                                     InfiniBand link, an InfiniBand cable into an Ethernet switch, PCIe
///                                     to a switch or between two servers (NICs: catalog protocol /
///                                     protocols_supported)
///   link-speed-mismatch      error/warning  a link faster than an end, or ends of different rates
///   nvlink-outside-domain    error    NVLink to a switch, NVLink joining more GPUs than one domain spans,
///                                     or NVLink between servers that are each a whole NVLink domain
///                                     (not a slice of a rack-scale one)
///   nvlink-without-nvlink    error    NVLink wired to a server whose GPU has no NVLink
///   shared-nics              warning  a networked server with fewer compute NICs than GPUs
///   nic-across-sockets       warning  a CPU socket whose GPUs have no NIC of their own
///   consumer-no-p2p          warning  several GPUs that cannot copy peer-to-peer over PCIe
///   roce-without-pfc         warning  RDMA over Ethernet through a switch without PFC/ECN
///   unconnected              warning  an item with no link in a design of several items
///   unknown-model            error    a node whose model is not in the catalog
///   duplicate-name           warning  two or more nodes with one name (every finding, report and
///                                     export names nodes: it could be either)
///   (advisor rule ids)       any      findings on the file an imported design came from
///                                     (design.analysis["imported"], model/io/import/advisor.hpp)
///
/// Waivers: design.analysis["rule_waivers"] = [{"rule": ID, "reason": TEXT, "nodes": [ids]}]
/// moves matching findings (all of that rule, or only those on the listed nodes) to
/// RuleReport::waived, so a design can record a known and accepted limitation (a 4x RTX 4090
/// workstation has no P2P by design) without hiding it.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <string>
#include <vector>

namespace model::topology {

enum class Severity { Error, Warning, Info };

/// "error", "warning", "info".
[[nodiscard]] const char* toString(Severity s) noexcept;

/// One problem found in a design.
struct Finding {
    std::string rule;            ///< stable rule id (see the file comment)
    Severity severity = Severity::Warning;
    std::vector<Id> nodes;       ///< nodes it concerns (select them on the canvas)
    std::vector<Id> links;       ///< links it concerns
    std::string message;         ///< explanation in words, with the figures and their units
    std::string waiverReason;    ///< set on waived findings: the design's stated reason
};

/// All findings of a design.
struct RuleReport {
    std::vector<Finding> findings; ///< raised (not waived), errors first
    std::vector<Finding> waived;   ///< matched a waiver of the design
    [[nodiscard]] int count(Severity s) const noexcept;
};

/// Runs every rule. Never throws on a bad design: unknown catalog ids become
/// "unknown-model" findings and the rules that need those facts skip the node.
/// @throws InputError only when design.analysis["rule_waivers"] is present but malformed.
[[nodiscard]] RuleReport checkDesign(const Design& d, const Catalog& catalog);

/// JSON form: {"errors": n, "warnings": n, "findings": [{rule, severity, nodes, links,
/// message}], "waived": [... with "reason"]}.
[[nodiscard]] nlohmann::json toJson(const RuleReport& r);

namespace rules {
// One function per rule family (rules_network.cpp, rules_server.cpp); each appends findings.
void switchPortBudget(const Design& d, const Catalog& c, std::vector<Finding>& out);
/// switch-port-conflict and switch-port-range: port numbers at a switch (rules_network.cpp).
void switchPortNumbers(const Design& d, const Catalog& c, std::vector<Finding>& out);
void serverNicBudget(const Design& d, const Catalog& c, std::vector<Finding>& out);
/// server-port-conflict and server-port-range: compute NIC port numbers at a server, 0 to NIC
/// count x ports per NIC - 1 (rules_network.cpp). Ports of an unknown NIC are not range-checked.
void serverPortNumbers(const Design& d, const Catalog& c, std::vector<Finding>& out);
void linkSpeedMismatch(const Design& d, const Catalog& c, std::vector<Finding>& out);
/// protocol-mismatch: every non-NVLink link's medium against what each end runs: a switch its
/// catalog protocol (InfiniBand cable for InfiniBand, Ethernet for Ethernet; never PCIe), a
/// server its NIC's protocols (a VPI ConnectX runs both; AWS EFA runs over Ethernet links
/// only), and PCIe between two servers (PCIe runs only inside a server), one finding per kind
/// of server pair naming both servers and the links. Servers or switches missing from the
/// catalog are skipped (rules_network.cpp).
void protocolMismatch(const Design& d, const Catalog& c, std::vector<Finding>& out);
void roceWithoutPfc(const Design& d, const Catalog& c, std::vector<Finding>& out);
void unconnected(const Design& d, const Catalog& c, std::vector<Finding>& out);
/// nvlink-without-nvlink and nvlink-outside-domain: NVLink to a switch or a GPU without NVLink,
/// servers joined by NVLink with more GPUs than one NVLink domain of theirs spans, and NVLink
/// between servers that are each a whole NVLink domain (ServerSpec::scaleUpDomainGpus no more
/// than its GPU count: a DGX H100, an NVL72 rack), which no NVLink joins; only servers that are
/// slices of a rack-scale domain (GCP A4X, 4 GPUs of a 72-GPU NVL72) may be (rules_server.cpp).
void nvlinkRules(const Design& d, const Catalog& c, std::vector<Finding>& out);
void sharedNics(const Design& d, const Catalog& c, std::vector<Finding>& out);
void nicAcrossSockets(const Design& d, const Catalog& c, std::vector<Finding>& out);
void consumerNoP2p(const Design& d, const Catalog& c, std::vector<Finding>& out);
/// The advisor's findings recorded in design.analysis["imported"] (rules_imported.cpp).
void importedFindings(const Design& d, const Catalog& c, std::vector<Finding>& out);

/// The compute NIC a server node uses (its override or the catalog's); nullptr if unknown.
[[nodiscard]] const NicSpec* nicOf(const Node& n, const Catalog& c) noexcept;
/// The compute NIC count of a server node (its override or the catalog's); 0 if unknown.
[[nodiscard]] int nicCountOf(const Node& n, const Catalog& c) noexcept;
/// True for InfiniBand and Ethernet links (scale-out), false for NVLink and PCIe.
[[nodiscard]] bool isNetwork(const Link& l) noexcept;
/// Servers whose network links (to switches or other servers) exist.
[[nodiscard]] bool hasNetworkLinks(const Design& d, Id node);
/// "dgx-07" or "node 12" when the node has no name.
[[nodiscard]] std::string label(const Node& n);
/// Links of `d` at node `from`, by their other ends as the inspector names them: "the link to
/// leaf-1 port 2", or "the links to leaf-1 port 2, leaf-2 port 2 and 13 more" (the first three,
/// then the count left); a link not in `d` by its id ("link 4"). (helper-91: "link 4" named an
/// id the user never sees.)
[[nodiscard]] std::string listLinks(const Design& d, const std::vector<Id>& ids, Id from);
/// "the link" or "the 3 links", for a message that names the links' ends itself.
[[nodiscard]] std::string linksPhrase(std::size_t count);
/// "dgx-01 (dgx-h100, NIC connectx-7-400g, InfiniBand or Ethernet)": a server, its model and
/// its compute NIC with the protocols it runs ("no compute NIC" when it has none).
[[nodiscard]] std::string serverAndNic(const Node& n, const Catalog& c);
/// What to draw instead of a cable between servers `a` and `b` that is not a scale-out cable
/// (PCIe, or NVLink between whole NVLink domains), as a sentence: the network medium both
/// servers' compute NICs run ("Draw the cable as InfiniBand, which both servers' NICs run,
/// back to back or through a switch."; InfiniBand first when both run either), else what
/// they lack (a compute NIC, a protocol in common).
[[nodiscard]] std::string scaleOutAdvice(const Node& a, const Node& b, const Catalog& c);
/// Formats a number without trailing zeros ("400", "2.5"), from 1,000 whole with thousands
/// separators ("3,200", model::formatFigure).
[[nodiscard]] std::string num(double v);
} // namespace rules

} // namespace model::topology
