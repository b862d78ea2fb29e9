#include "model/catalog/catalog_export.hpp"

namespace model {

nlohmann::json catalogToJson(const Catalog& catalog)
{
    using nlohmann::json;
    json out = {{"gpus", json::array()}, {"servers", json::array()}, {"nics", json::array()}, {"switches", json::array()}};
    for (const auto& g : catalog.gpus()) {
        json e = g.raw;
        e["form_factor"] = toString(g.formFactor);
        e["nvlink_GBps_bidirectional"] = g.scaleUp == ScaleUpKind::NVLink ? g.scaleUpBidirectional.inGBps() : 0.0;
        out["gpus"].push_back(std::move(e));
    }
    for (const auto& s : catalog.servers()) out["servers"].push_back(s.raw);
    for (const auto& n : catalog.nics()) out["nics"].push_back(n.raw);
    for (const auto& s : catalog.switches()) out["switches"].push_back(s.raw);
    return out;
}

} // namespace model
