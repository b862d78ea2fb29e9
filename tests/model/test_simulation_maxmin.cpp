// Max-min fair sharing and the event loop, checked against rates worked out by hand.
#include "model/simulation/flow_sim.hpp"
#include "model/simulation/max_min.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

using model::sim::MaxMinSolver;

namespace {

/// Deterministic random numbers for the randomized max-min cases (a 64-bit LCG, Knuth's MMIX
/// constants): next(mod) is in [0, mod).
struct Lcg {
    std::uint64_t seed;
    int next(int mod)
    {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((seed >> 33) % static_cast<std::uint64_t>(mod));
    }
};

/// `flows` random paths of 1-4 distinct links among `links`.
std::vector<std::vector<int>> randomPaths(Lcg& rng, int flows, int links)
{
    std::vector<std::vector<int>> paths;
    for (int f = 0; f < flows; ++f) {
        std::vector<int> p;
        const int hops = 1 + rng.next(4);
        while (static_cast<int>(p.size()) < hops) {
            const int c = rng.next(links);
            if (std::find(p.begin(), p.end(), c) == p.end()) p.push_back(c);
        }
        paths.push_back(p);
    }
    return paths;
}

} // namespace

TEST_CASE("max-min: 3 flows on 2 links, hand-computed water-filling", "[simulation][maxmin]")
{
    // Link 0 carries 10 B/s, link 1 carries 4 B/s. Flow a uses link 0, b uses both, c uses link 1.
    // Filling: link 1 fills first at 4/2 = 2 (b = c = 2); link 0 then has 10 - 2 = 8 left for a.
    MaxMinSolver solver({10.0, 4.0});
    const std::vector<std::vector<int>> paths{{0}, {0, 1}, {1}};
    std::vector<double> rates(3, 0.0);
    solver.solve({0, 1, 2}, paths, {}, rates);
    CHECK(rates[0] == Approx(8.0));
    CHECK(rates[1] == Approx(2.0));
    CHECK(rates[2] == Approx(2.0));
}

TEST_CASE("max-min: the classic parking lot gives every flow half a link", "[simulation][maxmin]")
{
    // Two unit links in series; one long flow over both, one short flow on each:
    // each link has 2 flows, so every flow gets 0.5 (Bertsekas & Gallager example).
    MaxMinSolver solver({1.0, 1.0});
    const std::vector<std::vector<int>> paths{{0, 1}, {0}, {1}};
    std::vector<double> rates(3, 0.0);
    solver.solve({0, 1, 2}, paths, {}, rates);
    CHECK(rates[0] == Approx(0.5));
    CHECK(rates[1] == Approx(0.5));
    CHECK(rates[2] == Approx(0.5));
}

TEST_CASE("max-min: a rate cap frees capacity for the others", "[simulation][maxmin]")
{
    // Same as the first case but flow c is capped at 1: link 1 gives b 4 - 1 = 3, a gets 10 - 3 = 7.
    MaxMinSolver solver({10.0, 4.0});
    const std::vector<std::vector<int>> paths{{0}, {0, 1}, {1}};
    std::vector<double> rates(3, 0.0);
    const std::vector<double> caps{MaxMinSolver::kNoCap, MaxMinSolver::kNoCap, 1.0};
    solver.solve({0, 1, 2}, paths, caps, rates);
    CHECK(rates[0] == Approx(7.0));
    CHECK(rates[1] == Approx(3.0));
    CHECK(rates[2] == Approx(1.0));
}

TEST_CASE("max-min: solving a closed component alone gives the global answer", "[simulation][maxmin]")
{
    // Flows 0,1 share link 0 (cap 6); flow 2 alone on link 1 (cap 5). Solving {0,1} then {2}
    // separately must equal one global solve: 3, 3, 5.
    MaxMinSolver solver({6.0, 5.0});
    const std::vector<std::vector<int>> paths{{0}, {0}, {1}};
    std::vector<double> a(3, 0.0), b(3, 0.0);
    solver.solve({0, 1, 2}, paths, {}, a);
    solver.solve({0, 1}, paths, {}, b);
    solver.solve({2}, paths, {}, b);
    for (int i = 0; i < 3; ++i) CHECK(a[i] == Approx(b[i]));
    CHECK(a[0] == Approx(3.0));
    CHECK(a[2] == Approx(5.0));
}

TEST_CASE("flow simulator: rates are re-shared when a flow departs", "[simulation][events]")
{
    // One channel of 1 B/s; flows of 1 B and 3 B start together. Both get 0.5 B/s until the
    // small one drains at t = 2 s; the large one has 3 - 1 = 2 B left, alone at 1 B/s: t = 4 s.
    // A third flow of 1 B starting at t = 4.5 s runs alone: drains at 5.5 s, plus 0.25 s latency.
    model::sim::NetworkGraph g;
    const int a = g.addVertex({model::sim::VertexKind::Switch, 1, 0});
    const int b = g.addVertex({model::sim::VertexKind::Switch, 2, 0});
    model::sim::Channel ch;
    ch.from = a;
    ch.to = b;
    ch.capacity = 1.0;
    const int c = g.addChannel(ch);
    model::SimulationOptions o;
    model::sim::FlowSimulator sim(g, o);
    sim.add({{c}, 1.0, 0.0, 0.0});
    sim.add({{c}, 3.0, 0.0, 0.0});
    sim.add({{c}, 1.0, 4.5, 0.25});
    const double makespan = sim.run();
    CHECK(sim.finishTimes()[0] == Approx(2.0));
    CHECK(sim.finishTimes()[1] == Approx(4.0));
    CHECK(sim.finishTimes()[2] == Approx(5.75));
    CHECK(makespan == Approx(5.75));
    CHECK(sim.bytesOn(c) == Approx(5.0));
    // Arrivals at 0 and 4.5, departures at 2, 4 and 5.5.
    CHECK(sim.events() == 6);
}

TEST_CASE("flow simulator: a progress callback that says stop cancels the run", "[simulation][events]")
{
    model::sim::NetworkGraph g;
    const int a = g.addVertex({model::sim::VertexKind::Switch, 1, 0});
    const int b = g.addVertex({model::sim::VertexKind::Switch, 2, 0});
    model::sim::Channel ch;
    ch.from = a;
    ch.to = b;
    ch.capacity = 1.0;
    const int c = g.addChannel(ch);
    model::sim::FlowSimulator sim(g, model::SimulationOptions{});
    sim.add({{c}, 1.0, 0.0, 0.0});
    CHECK_THROWS_AS(sim.run([] { return false; }), model::sim::Cancelled);
}

TEST_CASE("max-min: after departures, flows below the smallest departed rate keep theirs and the filling continues",
          "[simulation][maxmin]")
{
    // Random flows over 12 links of unequal capacity; remove a random set D, then solve again
    // only the flows whose rate is at least min(rate of D), the others fixed (FlowSimulator's
    // departure batches): the rates must equal a full solve without D.
    Lcg rng{12345};
    auto next = [&rng](int mod) { return rng.next(mod); };
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<double> capacity(12);
        for (double& c : capacity) c = 1.0 + next(20);
        const int flows = 5 + next(40);
        const std::vector<std::vector<int>> paths = randomPaths(rng, flows, 12);
        MaxMinSolver solver(capacity);
        std::vector<int> all(static_cast<std::size_t>(flows));
        for (int f = 0; f < flows; ++f) all[static_cast<std::size_t>(f)] = f;
        std::vector<double> before(static_cast<std::size_t>(flows), 0.0);
        solver.solve(all, paths, {}, before);
        std::vector<int> stay;
        double lowestDeparted = MaxMinSolver::kNoCap;
        for (int f : all) {
            if (next(4) == 0) lowestDeparted = std::min(lowestDeparted, before[static_cast<std::size_t>(f)]);
            else stay.push_back(f);
        }
        if (stay.empty() || lowestDeparted == MaxMinSolver::kNoCap) continue;
        std::vector<double> full(static_cast<std::size_t>(flows), 0.0);
        solver.solve(stay, paths, {}, full);
        std::vector<double> continued = before;
        std::vector<int> freeFlows, fixed;
        for (int f : stay) (before[static_cast<std::size_t>(f)] < lowestDeparted ? fixed : freeFlows).push_back(f);
        model::sim::FlowPaths table;
        for (const auto& p : paths) table.add(p);
        if (!freeFlows.empty()) solver.solve(freeFlows, table, {}, continued, fixed);
        for (int f : stay) CHECK(continued[static_cast<std::size_t>(f)] == Approx(full[static_cast<std::size_t>(f)]).epsilon(1e-12));
    }
}

TEST_CASE("max-min: a capped second pass over the same flows equals a fresh capped solve", "[simulation][maxmin]")
{
    // FlowSimulator's Ethernet re-solve: an uncapped pass, then the same flows again with caps
    // (solveAgain reuses the first pass's per-channel lists). Random flows over 10 links,
    // random caps on a third of them; the rates must be exactly those of a fresh solve.
    Lcg rng{987654321};
    auto next = [&rng](int mod) { return rng.next(mod); };
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<double> capacity(10);
        for (double& c : capacity) c = 1.0 + next(30);
        const int flows = 3 + next(50);
        model::sim::FlowPaths table;
        for (const auto& p : randomPaths(rng, flows, 10)) table.add(p);
        // A subset of the flows, in a shuffled order, as a component would list them.
        std::vector<int> component;
        for (int f = 0; f < flows; ++f)
            if (next(5) != 0) component.push_back(f);
        for (std::size_t i = component.size(); i > 1; --i)
            std::swap(component[i - 1], component[static_cast<std::size_t>(next(static_cast<int>(i)))]);
        if (component.empty()) continue;
        std::vector<double> caps(static_cast<std::size_t>(flows), MaxMinSolver::kNoCap);
        for (int f : component)
            if (next(3) == 0) caps[static_cast<std::size_t>(f)] = 0.1 * (1 + next(40));

        MaxMinSolver reused(capacity), fresh(capacity);
        std::vector<double> uncapped(static_cast<std::size_t>(flows), 0.0), fresher(uncapped.size(), 0.0);
        reused.solve(component, table, {}, uncapped);
        std::vector<double> again = uncapped;
        reused.solveAgain(component, table, caps, again);
        fresh.solve(component, table, caps, fresher);
        for (int f : component) {
            CHECK(again[static_cast<std::size_t>(f)] == fresher[static_cast<std::size_t>(f)]);
            CHECK(again[static_cast<std::size_t>(f)] <= caps[static_cast<std::size_t>(f)]);
        }
    }
}
