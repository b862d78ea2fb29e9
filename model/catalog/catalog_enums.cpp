// Small helpers of the catalog types added with issue 3: enum names and derived predicates.
#include "model/catalog/catalog_types.hpp"
#include "model/catalog/interconnect_types.hpp"

#include <algorithm>
#include <cmath>

namespace model {

bool Provenance::isUnknown(const std::string& field) const
{
    return std::find(unknownFields.begin(), unknownFields.end(), field) != unknownFields.end();
}

std::optional<NetProtocol> netProtocolFromString(const std::string& s) noexcept
{
    if (s == "infiniband") return NetProtocol::InfiniBand;
    if (s == "ethernet") return NetProtocol::Ethernet;
    if (s == "efa") return NetProtocol::EFA;
    return std::nullopt;
}

bool NicSpec::supports(NetProtocol p) const noexcept
{
    if (supportedProtocols.empty()) return p == protocol;
    return std::find(supportedProtocols.begin(), supportedProtocols.end(), p) != supportedProtocols.end();
}

int SwitchSpec::portSplitLimit() const noexcept
{
    if (maxLogicalPorts && ports > 0) return std::max(1, *maxLogicalPorts / ports);
    return kAssumedPortSplit;
}

int SwitchSpec::linksPerPort(double linkGbps) const noexcept
{
    if (!(linkGbps > 0) || portSpeed.isZero()) return 1;
    const int byRate = static_cast<int>(std::floor(portSpeed.inGbps() / linkGbps + 1e-9));
    return std::clamp(byRate, 1, portSplitLimit());
}

bool SwitchSpec::isLossless(bool pfcConfigured) const noexcept
{
    // InfiniBand: link-level credit flow control, lossless by design. Ethernet: lossless only
    // with PFC (IEEE 802.1Qbb) configured on a switch that supports it.
    switch (lossless) {
    case LosslessMode::CreditBased: return true;
    case LosslessMode::PfcEcn: return pfcConfigured;
    case LosslessMode::None: return false;
    }
    return false;
}

const char* toString(CableKind k) noexcept
{
    switch (k) {
    case CableKind::PassiveCopper: return "dac";
    case CableKind::ActiveCopper: return "active_copper";
    case CableKind::ActiveOptical: return "aoc";
    }
    return "?";
}

const char* toString(FiberKind k) noexcept { return k == FiberKind::Multimode ? "multimode" : "single_mode"; }

} // namespace model
