#include "model/catalog/catalog_export.hpp"

#include <algorithm>

namespace model {

nlohmann::json catalogToJson(const Catalog& catalog)
{
    using nlohmann::json;
    json out = {{"gpus", json::array()},        {"servers", json::array()},    {"nics", json::array()},
                {"switches", json::array()},    {"switch_asics", json::array()}, {"nvswitches", json::array()},
                {"cables", json::array()},      {"transceivers", json::array()}};
    for (const auto& g : catalog.gpus()) {
        json e = g.raw;
        e["form_factor"] = toString(g.formFactor);
        // 0 = no NVLink; null = NVLink whose per-GPU bandwidth no source gives (e.g. a PCIe bridge).
        if (g.scaleUp != ScaleUpKind::NVLink) e["nvlink_GBps_bidirectional"] = 0.0;
        else if (g.scaleUpBandwidthKnown) e["nvlink_GBps_bidirectional"] = g.scaleUpBidirectional.inGBps();
        else e["nvlink_GBps_bidirectional"] = nullptr;
        out["gpus"].push_back(std::move(e));
    }
    for (const auto& s : catalog.servers()) out["servers"].push_back(s.raw);
    for (const auto& n : catalog.nics()) out["nics"].push_back(n.raw);
    for (const auto& s : catalog.switches()) out["switches"].push_back(s.raw);
    for (const auto& s : catalog.switchAsics()) out["switch_asics"].push_back(s.raw);
    for (const auto& s : catalog.nvswitches()) out["nvswitches"].push_back(s.raw);
    for (const auto& c : catalog.cables()) out["cables"].push_back(c.raw);
    for (const auto& t : catalog.transceivers()) out["transceivers"].push_back(t.raw);
    return out;
}

std::string catalogListing(const Catalog& catalog)
{
    std::size_t width = 0;
    for (const auto& g : catalog.gpus()) width = std::max(width, g.id.size());
    for (const auto& s : catalog.servers()) width = std::max(width, s.id.size());
    for (const auto& n : catalog.nics()) width = std::max(width, n.id.size());
    for (const auto& s : catalog.switches()) width = std::max(width, s.id.size());
    width += 2;
    std::string out;
    auto line = [&](const std::string& id, const std::string& name) { out += "  " + id + std::string(width - id.size(), ' ') + name + "\n"; };
    out += "GPUs:\n";
    for (const auto& g : catalog.gpus()) line(g.id, g.name);
    out += "Servers:\n";
    for (const auto& s : catalog.servers()) line(s.id, s.name);
    out += "NICs:\n";
    for (const auto& n : catalog.nics()) line(n.id, n.name);
    out += "Switches:\n";
    for (const auto& s : catalog.switches()) line(s.id, s.name);
    return out;
}

} // namespace model
