#pragma once
/// @file failure_check.hpp
/// Checks what-if failures (simulation.hpp Failure) against the design before a simulation, so
/// a failure naming nothing is an error instead of a silent no-op. Internal to the simulator.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/simulation/simulation.hpp"

#include <string>
#include <vector>

namespace model::sim {

/// The command-line spec of a failure (parseFailure's forms): "link:12", "switch:3", "plane:2",
/// "nic:7:0:200" (speed in Gb/s).
[[nodiscard]] std::string failureSpec(const Failure& f);

/// Checks every failure against `design`:
///  - link:ID: the design has link ID;
///  - switch:ID: node ID exists and is a switch;
///  - plane:PORT: some GPU server of the design has NIC port PORT (ports 0..nics-1, nics = the
///    node's nic_count or its catalog server's compute NIC count);
///  - nic:NODE:PORT:GBPS: NODE is a GPU server with NIC port PORT and GBPS (one direction, Gb/s)
///    is above 0 and at most the port's line rate (its NIC model's speed, catalog).
/// @throws InputError("<command line>", "--fail", the spec, what was expected and found).
void checkFailures(const Design& design, const Catalog& catalog, const std::vector<Failure>& failures);

} // namespace model::sim
