#pragma once
/// @file scope_title.hpp
/// The words people read for a bottleneck scope or bandwidth layer: one source for the
/// analysis panel, the status bar, the comparison table (text, CSV, reports, Compare window).

#include "model/analysis/analysis.hpp"

namespace model::compare {

/// A scope as people read it, never the JSON id such as "node_boundary": "Compute (GPU math)",
/// "HBM (GPU memory bandwidth)", "Intra-node (NVLink / PCIe)", "Node boundary (compute NICs)",
/// "Fabric (switches: oversubscription / bisection)", "Pipeline bubble", "Latency",
/// "None (nothing to analyse)" for a design without GPU servers, and "GPU memory (the
/// workload does not fit)" for a workload that does not fit in GPU memory.
[[nodiscard]] const char* scopeTitle(Scope s) noexcept;

} // namespace model::compare
