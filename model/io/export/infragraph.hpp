#pragma once
/// @file infragraph.hpp
/// A design as an InfraGraph infrastructure (Keysight/infragraph, artifacts/openapi.yaml
/// v2.4.0, schema "Infrastructure"): the schema ASTRA-sim 3.0's service translates for its
/// ns-3 and htsim packet-level backends.
/// - one Device per server model: components cpu (sockets), xpu (GPUs), nic (compute NICs),
///   nvlsw (NVSwitch chips) or, for direct meshes, none; links nvlink / pcie / cpu-fabric with
///   their bandwidth; edges xpu<->nvlsw (many2many), xpu<->cpu and nic<->cpu or nic<->xpu (PCIe);
/// - one Device per switch model: an asic and its ports;
/// - one Instance per server model and per switch tier and model, `count` of them;
/// - Infrastructure links per cable rate and medium (bandwidth in Gb/s, latency in ns) and
///   one Infrastructure edge per cable (a bundle of N cables gives N edges), from the server's
///   NIC port to the switch port, numbered as the design numbers them.
/// Names follow the schema's pattern ^[\sa-zA-Z0-9-_()><\[\]]+$ (no dots).
/// annotations.json marks every instance as host or switch (the service's device_type
/// annotation, schema "Annotation").

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/io/export/export_files.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace model::io {

/// The export: the infrastructure object, the annotation object and what was simplified.
struct InfraGraphExport {
    nlohmann::json infrastructure;
    nlohmann::json annotations;
    std::vector<std::string> notes;
    std::vector<ExportFile> files;   ///< infragraph.json, annotations.json, README.md
};

/// Builds the InfraGraph description of a design.
/// @throws InputError (file "<design>", which the caller replaces by the design's path) when
///         there is nothing to simulate, as exportAstraSim refuses it: no GPU server, or several
///         servers that cannot all reach one another or have no NIC-to-switch cable; also when a
///         node names a model the catalog lacks, or a link asks for a port beyond what its node has.
[[nodiscard]] InfraGraphExport exportInfraGraph(const Design& design, const Catalog& catalog);

/// A name valid for the schema's pattern: characters outside [ a-zA-Z0-9-_()<>[]] become '-'.
[[nodiscard]] std::string infragraphName(const std::string& s);

} // namespace model::io
