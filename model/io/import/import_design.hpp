#pragma once
/// @file import_design.hpp
/// The design an import stands for (`import ... -o DESIGN.json`, File > Import in the GUI):
/// - a server model becomes one server of the catalog entry that matches it (the GPU the file
///   names, or the only catalog server its GPU and NVLink counts fit; when those fit one system
///   the catalog holds in several GPU memory sizes, such as dgx-a100 and dgx-a100-640gb, the
///   first, with a note naming the others), with the compute NIC count and NIC model the file
///   shows (import_nics.hpp);
/// - a measured curve becomes the design designForCurve() builds for it;
/// - a log alone describes no server and gives no design.
/// The import record (file, format, findings, notes) goes to design.analysis["imported"], so
/// the design rules list the advisor's findings on the imported design.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/io/import/import.hpp"

#include <string>
#include <vector>

namespace model::io {

/// A design made from an import, and what was assumed to make it.
struct ImportedDesign {
    Design design;
    std::string serverId;               ///< catalog server used
    std::vector<std::string> notes;     ///< each assumption in words (which catalog entry and why)
};

/// Catalog servers an imported server model fits: same GPU (when the file names it) or the
/// same NVLink count per GPU, and the same GPU count. Best first (a vendor's reference node,
/// then a baseboard, then the rest; exact compute-NIC count before others).
[[nodiscard]] std::vector<const ServerSpec*> matchingServers(const ServerModel& s, const Catalog& catalog);

/// The servers to offer when the file names none the import can take by itself: matchingServers,
/// or, when it finds none, every catalog server with the file's GPU count, without the NVLink
/// servers where the file shows PCIe paths only (they would contradict it: designFromImport's
/// own list; topo_smi_05's 8 PCIe GPUs offer pcie-2-8-5-l40s alone, not all 19 eight-GPU servers).
[[nodiscard]] std::vector<const ServerSpec*> serversToOffer(const ServerModel& s, const Catalog& catalog);

/// Compute NICs of a server model: nicRoles(s).compute.size(), the NICs that are some GPU's
/// nearest (ties included); all NICs when the file gives no GPU-NIC distance. Management ports
/// SYS to every GPU and NICs in their own slot away from the GPUs' switches drop out.
[[nodiscard]] int computeNicCount(const ServerModel& s);

/// Builds the design for an import. `serverId` (may be empty) names the catalog server to use
/// instead of matching one.
/// @throws InputError (file = the import's file) when the import describes no server (a log),
///         `serverId` is not a catalog server, or no catalog server matches; the message lists
///         the candidates and says to pass --server. A `serverId` whose GPU count differs from
///         the file's (or whose GPU differs from the one the file names) is refused (field
///         "--server"), naming both counts or GPUs and the servers that fit (for a GPU named in
///         the file: the catalog servers carrying it, e.g. dgx-a100-640gb when --server dgx-a100
///         meets A100 SXM4 80GB, whose 40 GB variant the message names as such), as is one
///         whose GPUs have no NVLink when the file shows NVLink (naming the line) or another
///         NVLink count per GPU; a different compute NIC count is taken from the file and noted.
[[nodiscard]] ImportedDesign designFromImport(const ImportResult& r, const Catalog& catalog, const std::string& serverId = {});

/// Writes the import record (import_record.hpp) to design.analysis["imported"].
void recordImport(Design& d, const ImportResult& r, const std::vector<std::string>& notes);

} // namespace model::io
