#pragma once
/// @file server_choices.hpp
/// Which catalog server models a drawn server may be switched to (the inspector's Model
/// choice). Changing the model keeps the box's cables, NIC overrides and place on the canvas,
/// so only a model of the same physical kind is a valid choice:
/// - the same catalog `kind` (a node stays a node, an HGX baseboard a baseboard, an NVL72 rack
///   a rack, a cloud instance a cloud instance, a workstation a workstation, an appliance an
///   appliance: never a GPU box turned into the GPU-less UFM appliance or into a whole rack);
/// - the same GPU-to-GPU fabric class: a PCIe-only box (PCIe cards, no NVLink) is never offered
///   an NVSwitch baseboard's SXM models, nor the other way round.
/// A box with no other model of its class (the 8x L40S PCIe server, the 4x RTX 4090
/// workstation, the UFM appliance in the bundled catalog) has no choice at all.

#include "model/catalog/catalog.hpp"

#include <vector>

namespace model {

/// The catalog servers `current` may be switched to, itself included, in catalog order.
[[nodiscard]] std::vector<const ServerSpec*> interchangeableServers(const Catalog& catalog, const ServerSpec& current);

} // namespace model
