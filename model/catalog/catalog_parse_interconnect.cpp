// JSON -> NVSwitch, cable and transceiver entries (schema: catalogs/README.md).
#include "model/catalog/catalog_parse.hpp"

namespace model::catalog_parse {

using nlohmann::json;
using io::JsonContext;


NvSwitchSpec parseNvSwitch(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    NvSwitchSpec s;
    s.id = io::requireString(e, "id", c);
    s.name = io::requireString(e, "name", c);
    s.vendor = io::requireString(e, "vendor", c);
    s.referenceId = io::optionalString(e, "reference_id", c);
    s.nvlinkGeneration = static_cast<int>(io::requireInt(e, "nvlink_generation", c, 1, 9));
    s.ports = optInt(e, "ports", c, 1, 4096);
    s.portBidirectional = optGBps(e, "port_GBps_bidirectional", c, kMaxLinkGBps);
    s.aggregateTBps = io::optionalNumber(e, "aggregate_TBps", c, 0.0, kMaxAggregateTbps / 8.0);
    s.aggregateScope = io::optionalString(e, "aggregate_scope", c);
    if (s.aggregateTBps && s.aggregateScope.empty())
        throw InputError(file, s.id, "aggregate_scope", "expected a string saying what aggregate_TBps covers");
    s.inNetworkReduction = io::optionalString(e, "in_network_reduction", c);
    s.powerW = io::optionalNumber(e, "power_W", c, 0.0, kMaxPartW);
    s.formFactor = io::optionalString(e, "form_factor", c);
    s.provenance = parseProvenance(e, file, s.id);
    s.raw = e;
    return s;
}

CableSpec parseCable(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    CableSpec k;
    k.id = io::requireString(e, "id", c);
    k.name = io::requireString(e, "name", c);
    k.vendor = io::requireString(e, "vendor", c);
    k.referenceId = io::optionalString(e, "reference_id", c);
    const std::string kind = io::requireEnum(e, "kind", c, {"dac", "active_copper", "aoc"});
    k.kind = kind == "dac" ? CableKind::PassiveCopper : kind == "active_copper" ? CableKind::ActiveCopper : CableKind::ActiveOptical;
    k.splitter = io::optionalBool(e, "splitter", c, false);
    k.reachM = io::optionalNumber(e, "reach_m", c, 0.0, kMaxReachM);
    k.powerW = io::optionalNumber(e, "power_W", c, 0.0, kMaxPartW);
    k.portSpeed = optGbps(e, "port_speed_Gbps", c, kMaxPortGbps);
    k.ports = optInt(e, "ports", c, 1, 64);
    k.connector = io::optionalString(e, "connector", c);
    k.provenance = parseProvenance(e, file, k.id);
    k.raw = e;
    return k;
}

TransceiverSpec parseTransceiver(const json& e, const std::string& file, const std::string& index)
{
    const JsonContext c = contextFor(e, file, index);
    TransceiverSpec t;
    t.id = io::requireString(e, "id", c);
    t.name = io::requireString(e, "name", c);
    t.vendor = io::requireString(e, "vendor", c);
    t.referenceId = io::optionalString(e, "reference_id", c);
    t.fiber = io::requireEnum(e, "fiber", c, {"multimode", "single_mode"}) == "multimode" ? FiberKind::Multimode
                                                                                         : FiberKind::SingleMode;
    t.ports = optInt(e, "ports", c, 1, 64);
    t.portSpeed = optGbps(e, "port_speed_Gbps", c, kMaxPortGbps);
    t.reachM = io::optionalNumber(e, "reach_m", c, 0.0, kMaxReachM);
    t.powerW = io::optionalNumber(e, "power_W", c, 0.0, kMaxPartW);
    t.connector = io::optionalString(e, "connector", c);
    t.provenance = parseProvenance(e, file, t.id);
    t.raw = e;
    return t;
}

} // namespace model::catalog_parse
