#include "model/simulation/flow_sim.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

namespace model::sim {

namespace {
std::vector<double> capacities(const NetworkGraph& g)
{
    std::vector<double> c(g.channels.size());
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = g.channels[i].up ? g.channels[i].capacity : 0.0;
    return c;
}
constexpr double kInf = std::numeric_limits<double>::infinity();
} // namespace

FlowSimulator::FlowSimulator(const NetworkGraph& graph, const SimulationOptions& o)
    : g_(graph), solver_(capacities(graph)), hostSolver_(solver_.capacity()), coalesce_(o.departureTolerance)
{
    fabric_.graph = &g_;
    fabric_.paths = &paths_;
    fabric_.onChannel = &onChannel_;
    fabric_.demand = &offer_;
    fabric_.rtt = &rtt_;
    fabric_.capacity = &solver_.capacity();
    fabric_.mssBytes = o.mtuBytes;
    fabric_.rtoSeconds = o.retransmitTimeout.inSeconds();
    fabric_.pfcHeadOfLineBlocking = o.pfcHeadOfLineBlocking;
    for (const Channel& c : g_.channels) needsFabric_ = needsFabric_ || c.control != FlowControl::Lossless;
    const std::size_t n = g_.channels.size();
    onChannel_.resize(n);
    trace_.resize(n);
    channelRate_.assign(n, 0.0);
    stampC_.assign(n, -1);
    changedC_.assign(n, -1);
}

int FlowSimulator::add(const FlowSpec& f) { return add(f.path, f.bytes, f.start, f.latency); }

void FlowSimulator::reserve(std::size_t flows, std::size_t channels)
{
    const std::size_t n = bytes_.size() + flows;
    paths_.reserve(n, channels);
    for (auto* v : {&bytes_, &start_, &latency_, &demand_, &offer_, &hostRate_, &rtt_, &remaining_, &since_, &rate_,
                    &caps_, &finish_})
        v->reserve(n);
    version_.reserve(n);
    state_.reserve(n);
    stampF_.reserve(n);
}

int FlowSimulator::add(std::span<const int> path, double bytes, double start, double latency)
{
    const int id = static_cast<int>(bytes_.size());
    double d = kInf, lat = 0;
    for (int c : path) {
        d = std::min(d, solver_.capacity()[c]);
        lat += g_.channels[c].latency;
    }
    // Only lossy fabrics read the host part of a path (offered rates, fabric_behaviour.hpp).
    if (needsFabric_)
        prefix_.add(hostPrefix(g_, path));
    else
        prefix_.add({});
    paths_.add(path);
    bytes_.push_back(bytes);
    start_.push_back(start);
    latency_.push_back(latency);
    demand_.push_back(d);
    offer_.push_back(d);
    hostRate_.push_back(d);
    rtt_.push_back(std::max(2.0 * lat, 1e-7));
    remaining_.push_back(bytes);
    since_.push_back(start);
    rate_.push_back(0.0);
    caps_.push_back(MaxMinSolver::kNoCap);
    finish_.push_back(0.0);
    version_.push_back(0);
    state_.push_back(0);
    stampF_.push_back(-1);
    return id;
}

void FlowSimulator::activate(int f)
{
    state_[f] = 1;
    for (int c : paths_[f]) onChannel_[c].push_back(f);
}

void FlowSimulator::deactivate(int f)
{
    // Taken off its channels' lists by the next resolve(), which scans those lists anyway.
    state_[f] = 2;
    rate_[f] = 0;
}

void FlowSimulator::resolve(const std::vector<int>& seeds, double now, double keepBelow)
{
    ++epoch_;
    std::vector<int>& flows = flows_;
    std::vector<int>& channels = channels_;
    flows.clear();
    channels.clear();
    kept_.clear();
    // Departures only, lossless: flows below `keepBelow` keep their rates and bound the search
    // (the flows that may change are those at or above it, connected through such flows).
    const bool partial = keepBelow > 0 && !needsFabric_;
    for (int c : seeds)
        if (stampC_[c] != epoch_) {
            stampC_[c] = epoch_;
            channels.push_back(c);
        }
    // The seeds lead `channels`. Only they can hold a flow that departed in this batch: it is
    // dropped from their lists here, in the pass that reads them.
    const std::size_t seeded = channels.size();
    for (std::size_t i = 0; i < channels.size(); ++i) {
        std::vector<int>& list = onChannel_[static_cast<std::size_t>(channels[i])];
        if (i < seeded) std::erase_if(list, [this](int f) { return state_[f] != 1; });
        for (int f : list) {
            if (stampF_[f] == epoch_) continue;
            stampF_[f] = epoch_;
            if (partial && rate_[f] > 0 && rate_[f] < keepBelow) {
                kept_.push_back(f);
                continue;
            }
            flows.push_back(f);
            for (int c2 : paths_[f])
                if (stampC_[c2] != epoch_) {
                    stampC_[c2] = epoch_;
                    channels.push_back(c2);
                }
        }
    }
    for (const std::vector<int>* list : {&flows, &kept_})
        for (int f : *list) {
            remaining_[f] = std::max(0.0, remaining_[f] - rate_[f] * (now - since_[f]));
            since_[f] = now;
        }
    before_.resize(flows.size());
    for (std::size_t i = 0; i < flows.size(); ++i) before_[i] = rate_[flows[i]];
    if (!flows.empty()) {
        if (partial) {
            solver_.solve(flows, paths_, {}, rate_, kept_);
        } else {
            solver_.solve(flows, paths_, {}, rate_);
        }
        if (needsFabric_) {
            for (int f : flows) caps_[f] = MaxMinSolver::kNoCap;
            // demand_ bounds the offered rate from above: no overload with it, none at all.
            if (anyOverloaded(fabric_, channels, demand_)) {
                std::vector<int> senders;
                for (int f : flows) {
                    offer_[f] = demand_[f];
                    if (!prefix_[f].empty()) senders.push_back(f);
                }
                if (!senders.empty()) {
                    hostSolver_.solve(senders, prefix_, {}, hostRate_);
                    for (int f : senders) offer_[f] = std::min(demand_[f], hostRate_[f]);
                }
                // The same flows as the first pass (no kept flows on a fabric that needs this pass).
                if (fabricCaps(fabric_, flows, channels, rate_, caps_)) solver_.solveAgain(flows, paths_, caps_, rate_);
            }
        }
    }
    // A channel's carried rate can change only where a flow joined or left it (the seeds) or
    // a flow on it changed rate; the others would sum the same rates in the same order.
    for (int c : seeds) changedC_[c] = epoch_;
    for (std::size_t i = 0; i < flows.size(); ++i) {
        const int f = flows[i];
        // Same rate as before: its predicted drain time (and heap entry) still holds. (A new
        // flow's rate before is 0; at rate 0 it has no entry to keep.)
        if (rate_[f] == before_[i]) continue;
        for (int c : paths_[f]) changedC_[c] = epoch_;
        ++version_[f];
        if (rate_[f] > 0) {
            heap_.push_back({now + remaining_[f] / rate_[f], f, version_[f]});
            std::push_heap(heap_.begin(), heap_.end(), std::greater<Completion>());
        }
    }
    for (int c : channels) {
        if (changedC_[c] != epoch_) continue;
        double sum = 0;
        for (int f : onChannel_[c]) sum += rate_[f];
        if (sum != channelRate_[c]) {
            trace_[c].push_back({now, sum});
            channelRate_[c] = sum;
        }
    }
}

double FlowSimulator::run(const std::function<bool()>& tick)
{
    const int n = static_cast<int>(bytes_.size());
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    // Flows usually arrive in start order already (every flow of a pattern starts at 0).
    if (!std::is_sorted(start_.begin(), start_.end()))
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return start_[a] < start_[b]; });
    double makespan = 0;
    int next = 0;
    int active = 0;
    long long nextTick = 4096;
    // Each channel's list reaches at most the flows whose path crosses it: room for all of them
    // up front, so activate() never reallocates (a 1,024-GPU all-to-all pattern adds 65,000
    // flows to lists of up to a thousand each).
    {
        std::vector<std::size_t> crossing(onChannel_.size(), 0);
        for (int f = 0; f < n; ++f)
            for (int c : paths_[f]) ++crossing[static_cast<std::size_t>(c)];
        for (std::size_t c = 0; c < crossing.size(); ++c) onChannel_[c].reserve(crossing[c]);
    }
    // The channels a batch touched, each once, in the order first touched (the order resolve()
    // would keep anyway: it skips a channel it has already stamped).
    std::vector<int> seeds;
    std::vector<long long> seedMark(onChannel_.size(), -1);
    long long batch = 0;
    auto touch = [&](std::span<const int> path) {
        for (int c : path)
            if (seedMark[static_cast<std::size_t>(c)] != batch) {
                seedMark[static_cast<std::size_t>(c)] = batch;
                seeds.push_back(c);
            }
    };
    auto pop = [&] {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<Completion>());
        heap_.pop_back();
    };
    while (next < n || active > 0) {
        while (!heap_.empty() && (state_[heap_.front().flow] != 1 || heap_.front().version != version_[heap_.front().flow]))
            pop();
        double t = next < n ? start_[order[next]] : kInf;
        if (!heap_.empty()) t = std::min(t, heap_.front().t);
        if (t == kInf) throw std::runtime_error("flow simulation stalled: active flows get no bandwidth");
        const double tol = std::abs(t) * 1e-12 + 1e-15;
        const double departures = t + std::abs(t) * coalesce_ + tol;
        seeds.clear();
        ++batch;
        double keepBelow = kInf; // the smallest rate of a departing flow (0 once a flow arrives)
        while (!heap_.empty() && heap_.front().t <= departures) {
            const Completion c = heap_.front();
            pop();
            if (state_[c.flow] != 1 || c.version != version_[c.flow]) continue;
            remaining_[c.flow] = 0;
            finish_[c.flow] = c.t + latency_[c.flow];
            makespan = std::max(makespan, finish_[c.flow]);
            keepBelow = std::min(keepBelow, rate_[c.flow]);
            deactivate(c.flow);
            touch(paths_[c.flow]);
            --active;
            ++events_;
        }
        while (next < n && start_[order[next]] <= t + tol) {
            const int f = order[next++];
            ++events_;
            if (paths_[f].empty() || bytes_[f] <= 0) {
                state_[f] = 2;
                finish_[f] = start_[f] + latency_[f];
                makespan = std::max(makespan, finish_[f]);
                continue;
            }
            activate(f);
            keepBelow = 0;
            since_[f] = t;
            ++active;
            touch(paths_[f]);
        }
        resolve(seeds, t, keepBelow == kInf ? 0.0 : keepBelow);
        ++batches_;
        if (events_ >= nextTick) {
            nextTick = events_ + 4096;
            if (tick && !tick()) throw Cancelled();
        }
    }
    if (tick && !tick()) throw Cancelled();
    return makespan;
}

void FlowSimulator::releaseFlows()
{
    auto drop = [](auto& v) { std::remove_reference_t<decltype(v)>().swap(v); };
    paths_.clear();
    prefix_.clear();
    drop(bytes_);
    drop(start_);
    drop(latency_);
    drop(demand_);
    drop(rtt_);
    drop(offer_);
    drop(hostRate_);
    drop(remaining_);
    drop(since_);
    drop(rate_);
    drop(caps_);
    drop(finish_);
    drop(version_);
    drop(state_);
    drop(onChannel_);
    drop(channelRate_);
    drop(before_);
    drop(flows_);
    drop(channels_);
    drop(stampC_);
    drop(changedC_);
    drop(stampF_);
    drop(heap_);
    hostSolver_ = MaxMinSolver({});
    solver_.releaseScratch(); // capacity() stays: the recorder reads it
    if (traceStart_.empty()) { // packed once (a second call finds them packed)
        std::size_t steps = 0;
        for (const auto& t : trace_) steps += t.size();
        traceSteps_.reserve(steps);
        traceStart_.reserve(trace_.size() + 1);
        traceStart_.push_back(0);
        for (const auto& t : trace_) {
            traceSteps_.insert(traceSteps_.end(), t.begin(), t.end());
            traceStart_.push_back(static_cast<int>(traceSteps_.size()));
        }
        drop(trace_);
    }
}

double FlowSimulator::bytesOn(int c) const
{
    const std::span<const RateStep> steps = trace(c);
    double bytes = 0;
    for (std::size_t i = 0; i + 1 < steps.size(); ++i) bytes += steps[i].rate * (steps[i + 1].t - steps[i].t);
    return bytes;
}

} // namespace model::sim
