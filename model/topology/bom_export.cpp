// JSON and CSV forms of the bill of materials.
#include "model/topology/bom.hpp"

#include "model/io/csv_text.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <sstream>

namespace model::topology {

namespace {
using io::csvField;

} // namespace

std::string powerText(const Bom& b)
{
    std::string names;
    for (const auto& m : b.powerUnknown) names += (names.empty() ? "" : ", ") + m;
    if (!b.powerKnown()) return names.empty() ? "0 kW (no parts)" : "unknown (no part has a published figure: " + names + ")";
    // Whole kW with separators from 1,000 kW ("23,091 kW", was "23091.2 kW"); below, the sum as
    // the parts give it ("347.04 kW").
    std::string s = (b.powerKw() >= 999.5 ? formatCount(b.powerKw()) : significantDigits(b.powerKw())) + " kW";
    if (!b.powerUnknown.empty())
        s += " (known parts only; unknown for " + std::to_string(b.powerUnknown.size()) + " model" +
             (b.powerUnknown.size() == 1 ? "" : "s") + ": " + names + ")";
    std::string elsewhere;
    for (const auto& [model, f] : b.powerFromElsewhere)
        elsewhere += (elsewhere.empty() ? "" : "; ") + model + " " + significantDigits(f.watts / 1000.0) + " kW each, " + f.source;
    if (!elsewhere.empty()) s += " (not the catalog's figure: " + elsewhere + ")";
    return s;
}

std::string racksText(const Bom& b)
{
    if (b.rented) return "0 (" + b.racksNote.substr(3) + ")";
    if (!b.racksKnown) return "unknown (" + b.racksNote.substr(9) + ")";
    return std::to_string(b.racks);
}

std::string rackUnitsText(const Bom& b)
{
    std::string s = formatCount(b.rackUnits) + (b.rackUnits == 1 ? " rack unit" : " rack units");
    const auto whole = [&b](const std::string& model) {
        return std::any_of(b.wholeRacks.begin(), b.wholeRacks.end(), [&](const BomServer& r) { return r.model == model; });
    };
    if (!b.wholeRacks.empty()) {
        int racks = 0;
        std::string names;
        for (const auto& r : b.wholeRacks) {
            racks += r.count;
            names += (names.empty() ? "" : ", ") + formatCount(r.count) + " x " + r.name;
        }
        s += " for the parts outside the whole racks, plus " + names + (racks == 1 ? ", a whole rack" : ", each a whole rack") +
             " with no rack-unit figure";
    }
    // Other parts without a figure, unless the racks' words already name them (racksText).
    std::string others;
    for (const auto& m : b.rackUnitsUnknown)
        if (!whole(m) && std::find(b.racksUnknown.begin(), b.racksUnknown.end(), m) == b.racksUnknown.end())
            others += (others.empty() ? "" : ", ") + m;
    if (!others.empty()) s += " (not counting " + others + ", whose rack units the catalog does not give)";
    return s;
}

nlohmann::json toJson(const Bom& b)
{
    nlohmann::json j;
    j["servers"] = nlohmann::json::array();
    for (const auto& s : b.servers) j["servers"].push_back({{"model", s.model}, {"name", s.name}, {"count", s.count}, {"gpus", s.gpus}, {"appliance", s.appliance}});
    j["switches"] = nlohmann::json::array();
    for (const auto& s : b.switches)
        j["switches"].push_back({{"model", s.model}, {"name", s.name}, {"tier", toString(s.tier)}, {"count", s.count}});
    j["nics"] = nlohmann::json::array();
    for (const auto& n : b.nics) j["nics"].push_back({{"model", n.model}, {"name", n.name}, {"count", n.count}});
    j["cables"] = nlohmann::json::array();
    for (const auto& c : b.cables)
        j["cables"].push_back({{"between", c.between}, {"count", c.count()}, {"dac", c.dac}, {"optical", c.optical}});
    j["transceivers"] = nlohmann::json::array();
    for (const auto& t : b.transceivers)
        j["transceivers"].push_back({{"rate_Gbps", t.rateGbps}, {"end", t.end}, {"count", t.count}, {"ports", t.ports},
                                     {"links", t.links}, {"link_Gbps", t.linkGbps}, {"form", t.form()}});
    // No part at all: 0 kW, as the text says; parts of no published power: unknown (null).
    const bool noParts = !b.powerKnown() && b.powerUnknown.empty();
    j["power"] = {{"total_kW", b.powerKnown() || noParts ? nlohmann::json(b.powerKw()) : nlohmann::json(nullptr)},
                  {"servers_kW", b.serverPowerW / 1000.0}, {"switches_kW", b.switchPowerW / 1000.0}, {"unknown", b.powerUnknown},
                  {"not_from_catalog", nlohmann::json::array()}};
    for (const auto& [model, f] : b.powerFromElsewhere)
        j["power"]["not_from_catalog"].push_back({{"model", model}, {"W", f.watts}, {"source", f.source}});
    nlohmann::json whole = nlohmann::json::array();
    for (const auto& r : b.wholeRacks) whole.push_back({{"model", r.model}, {"name", r.name}, {"count", r.count}});
    j["rack_units"] = {{"total", b.rackUnits}, {"unknown", b.rackUnitsUnknown}, {"whole_racks", whole}};
    j["racks"] = b.racksKnown ? nlohmann::json(b.racks) : nlohmann::json(nullptr);
    j["racks_at_least"] = b.racks;
    j["racks_unknown"] = b.racksUnknown;
    j["racks_note"] = b.racksNote;
    j["rented"] = b.rented;
    j["transceiver_rule"] = b.transceiverRule;
    // No named rack drawing known power: unknown (null), not 0 kW (helper-90: 0.0 beside a null total).
    j["max_rack_kW"] = b.maxRackPowerW > 0 ? nlohmann::json(b.maxRackPowerW / 1000.0) : nlohmann::json(nullptr);
    j["reach_rule"] = b.reachRule;
    return j;
}

std::string toCsv(const Bom& b)
{
    std::ostringstream o;
    o << "category,item,tier,detail,count\n";
    for (const auto& s : b.servers) o << (s.appliance ? "appliance," : "server,") << csvField(s.model) << ",," << csvField(s.name) << "," << s.count << "\n";
    for (const auto& s : b.switches)
        o << "switch," << csvField(s.model) << "," << toString(s.tier) << "," << csvField(s.name) << "," << s.count << "\n";
    for (const auto& n : b.nics) o << "nic," << csvField(n.model) << ",," << csvField(n.name) << "," << n.count << "\n";
    for (const auto& c : b.cables) {
        if (c.dac) o << "cable," << c.between << ",,DAC (copper within a rack)," << c.dac << "\n";
        if (c.optical) o << "cable," << c.between << ",,optical (between racks)," << c.optical << "\n";
    }
    for (const auto& t : b.transceivers)
        o << "transceiver," << io::csvNumber(t.rateGbps) << "G,," << t.end << " end " << t.form() << "," << t.count << "\n";
    o << "power,total_kW,,known parts only,"
      << (b.powerKnown() || b.powerUnknown.empty() ? io::csvNumber(b.powerKw()) : std::string("unknown")) << "\n";
    for (const auto& [model, f] : b.powerFromElsewhere)
        o << "power_each_W," << csvField(model) << ",," << csvField("not the catalog's figure: " + f.source) << "," << io::csvNumber(f.watts) << "\n";
    // Whole racks (a GB200 NVL72) publish no rack-unit figure: the total leaves them out and
    // each gets its own line, as rackUnitsText says "plus N x ..., a whole rack".
    o << "rack_units,total,," << (b.wholeRacks.empty() ? "known parts only" : "parts outside the whole racks") << "," << b.rackUnits << "\n";
    for (const auto& w : b.wholeRacks)
        o << "whole_rack," << csvField(w.model) << ",," << csvField(w.name + ", a whole rack with no rack-unit figure") << "," << w.count << "\n";
    o << "racks,total,," << csvField(b.racksNote) << "," << (b.racksKnown ? std::to_string(b.racks) : std::string("unknown")) << "\n";
    return o.str();
}

} // namespace model::topology
