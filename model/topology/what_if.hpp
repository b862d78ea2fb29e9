#pragma once
/// @file what_if.hpp
/// What-if variations of a generated design (presentation mode's sliders): the same template
/// rebuilt by its generator (design.analysis["generator"]: fat-tree, roce, gb200-nvl72,
/// rented, server) with another node count, server (GPU model), NIC speed or
/// oversubscription, and the same workload with another precision or gradient accumulation.
/// Every other setting of the template (switch, lossless RoCE, rental price, workload,
/// waivers) is kept. Qt-free.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <string>
#include <vector>

namespace model::topology {

/// One variation; a zero or empty field keeps the template's value.
struct WhatIf {
    int nodes = 0;                 ///< servers (racks for a rack-scale design)
    std::string server;            ///< catalog id of the server platform (its GPUs)
    double nicGbps = 0.0;          ///< compute NIC and link speed, Gb/s per port
    double oversubscription = 0.0; ///< leaf down:up ratio (1 = non-blocking)
    std::string precision;         ///< "bf16", "fp8" or "fp32"
    int gradAccumulation = 0;      ///< micro-batches per step per pipeline
};

/// What the controls may offer for a template.
struct WhatIfChoices {
    std::string kind;                   ///< the generator kind, empty when the design was not generated
    WhatIf current;                     ///< the template's own values (every field set)
    std::vector<int> nodeSteps;         ///< node counts offered, ascending (one entry: fixed)
    std::vector<std::string> servers;   ///< server ids that fit this generator, current first
    std::vector<double> nicGbps;        ///< NIC speeds the catalog can wire here, ascending
    bool fabric = false;                ///< the design has a switched fabric (oversubscription applies)
};

/// The choices for `base`. Never throws; a design without a generator record offers only the
/// workload settings (precision and gradient accumulation).
[[nodiscard]] WhatIfChoices whatIfChoices(const Design& base, const Catalog& catalog);

/// `base` rebuilt with `w`. The result keeps the template's name and analysis settings (with
/// precision and grad_accumulation as asked).
/// @throws InputError (as the generators do) when the combination cannot be built, e.g. a
///         server without compute NICs in a fabric.
[[nodiscard]] Design applyWhatIf(const Design& base, const Catalog& catalog, const WhatIf& w);

} // namespace model::topology
