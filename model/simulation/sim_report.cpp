#include "model/simulation/sim_engine.hpp"
#include "model/simulation/simulation.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/io/input_error.hpp"

#include <cstdio>
#include <stdexcept>
#include <cmath>
#include <string>

namespace model {

namespace sim {

void attachAnalytical(SimulationResult& r, const Design& design, const Catalog& catalog,
                      const CollectiveRequest& request)
{
    try {
        // The same algorithm in both engines; the analytical engine refuses "pairwise" rounds
        // (simulated only), which leaves the run without an analytical figure (below).
        const CollectiveRequest& asked = request;
        r.analytical = predictCollective(design, catalog, asked);
        const double a = r.analytical->time.inSeconds();
        if (a > 0) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "simulated time is %.3f x the analytical prediction (%s)",
                          r.collective.time.inSeconds() / a, toString(r.analytical->algorithm));
            r.notes.emplace_back(buf);
        }
    } catch (const std::exception& e) {
        r.analytical.reset();
        r.analyticalError = e.what();
    }
}

} // namespace sim

namespace {

/// The analytical engine's `collective --json` object (same keys), with `op` naming the
/// scenario when the result is not one collective.
nlohmann::json collectiveJson(const CollectiveResult& c, const std::string& scenario)
{
    nlohmann::json j = model::toJson(c);
    if (scenario != "collective") j["op"] = scenario;
    return j;
}

nlohmann::json linkJson(const LinkUtilization& l, bool withSeries)
{
    nlohmann::json j{{"id", l.link},
                     {"description", l.description},
                     {"peak_utilization", l.peak},
                     {"mean_utilization", l.mean},
                     {"capacity_GBps", l.capacity.inGBps()},
                     {"bytes_a_to_b", l.bytesAtoB},
                     {"bytes_b_to_a", l.bytesBtoA}};
    if (withSeries) {
        nlohmann::json series = nlohmann::json::array();
        for (const auto& s : l.series) series.push_back({s.start_s * 1e6, s.end_s * 1e6, s.utilization});
        j["series_us"] = std::move(series); // [start_us, end_us, utilization]
    }
    return j;
}

} // namespace

nlohmann::json toJson(const SimulationResult& r, bool withSeries)
{
    nlohmann::json j = collectiveJson(r.collective, r.scenario);
    j["scenario"] = r.scenario;
    if (r.analytical) {
        j["analytical"] = collectiveJson(*r.analytical, "collective");
        const double a = r.analytical->time.inSeconds();
        if (a > 0) j["simulated_over_analytical"] = r.collective.time.inSeconds() / a;
    } else {
        j["analytical"] = nullptr;
        if (!r.analyticalError.empty()) j["analytical_error"] = r.analyticalError;
    }
    nlohmann::json phases = nlohmann::json::array();
    double phaseSumUs = 0;
    for (const auto& p : r.phases) {
        phases.push_back({{"label", p.label},
                          {"time_per_repeat_us", p.timePerRepeat.inMicroseconds()},
                          {"repeats", p.repeats},
                          {"flows", p.flows}});
        phaseSumUs += p.timePerRepeat.inMicroseconds() * p.repeats;
    }
    j["phases"] = std::move(phases);
    // The phases are what each step takes run alone; a pipelined schedule overlaps them (every
    // chunk in flight at once) and pays NCCL's latency once, so their sum is not time_us there
    // (helper-85: a broadcast's phases summed to 64,985 us against 24,856 us). Said, not hidden.
    const double totalUs = r.collective.time.inMicroseconds();
    if (!r.phases.empty() && totalUs > 0 && std::abs(phaseSumUs - totalUs) > 0.01 * totalUs)
        j["phases_note"] = "each phase's time per repeat is one step of it run alone; the schedule overlaps steps of "
                           "successive chunks and pays NCCL's latency once, so the phases add up to " +
                           std::to_string(static_cast<long long>(std::llround(phaseSumUs))) + " us, not time_us";
    nlohmann::json top = nlohmann::json::array();
    for (const auto& l : r.mostCongested) top.push_back(linkJson(l, false));
    j["most_congested_links"] = std::move(top);
    if (withSeries) {
        nlohmann::json links = nlohmann::json::array();
        for (const auto& l : r.links) links.push_back(linkJson(l, true));
        j["links"] = std::move(links);
    }
    j["notes"] = r.notes;
    j["rerouted_flows"] = r.reroutedFlows;
    j["events"] = r.events;
    j["event_batches"] = r.eventBatches;
    j["flows_simulated"] = r.flowsSimulated;
    j["wall_s"] = r.wallSeconds;
    j["cancelled"] = r.cancelled;
    return j;
}

Failure parseFailure(const std::string& spec)
{
    auto fail = [&]() -> InputError {
        return InputError("<command line>", "--fail", spec,
                          "expected link:ID, switch:ID, plane:PORT or nic:SERVER_ID:PORT:GBPS");
    };
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (;;) {
        const std::size_t at = spec.find(':', from);
        parts.push_back(spec.substr(from, at == std::string::npos ? std::string::npos : at - from));
        if (at == std::string::npos) break;
        from = at + 1;
    }
    auto number = [&](const std::string& s) {
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(s, &used);
        } catch (const std::exception&) {
            throw fail();
        }
        if (used != s.size() || v < 0) throw fail();
        return v;
    };
    Failure f;
    if (parts.size() == 2 && parts[0] == "link") {
        f.kind = Failure::Kind::LinkDown;
        f.link = static_cast<Id>(number(parts[1]));
    } else if (parts.size() == 2 && parts[0] == "switch") {
        f.kind = Failure::Kind::SwitchDown;
        f.node = static_cast<Id>(number(parts[1]));
    } else if (parts.size() == 2 && parts[0] == "plane") {
        f.kind = Failure::Kind::PlaneDown;
        f.port = static_cast<int>(number(parts[1]));
    } else if (parts.size() == 4 && parts[0] == "nic") {
        f.kind = Failure::Kind::NicDegraded;
        f.node = static_cast<Id>(number(parts[1]));
        f.port = static_cast<int>(number(parts[2]));
        f.speed = Bandwidth::Gbps(number(parts[3]));
        if (f.speed.isZero()) throw fail();
    } else {
        throw fail();
    }
    return f;
}

} // namespace model
