// The simulator's flow budget (simulation.hpp estimateSimulationWork, SimulationOptions::
// flowBudget): an all-to-all too large to simulate in reasonable time is refused before anything
// is built, with the flows, the budget and what to do instead; one within the budget runs as
// before. The default budget's boundary is checked on the estimate alone (no 4,096-GPU run).
#include "test_alltoall_support.hpp"
#include "test_catalog_support.hpp"
#include "model/analysis/analysis.hpp"
#include "model/analysis/ecmp_imbalance.hpp"
#include "model/simulation/simulation.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

namespace {

using testsupport::catalog;

} // namespace

TEST_CASE("simulation budget: the default budget admits 4096 GPUs of all-to-all and refuses 4097", "[simulation][budget]")
{
    const model::SimulationOptions o;
    CHECK(o.flowBudget == 16777216); // 2^24
    const model::SimulationWork fits = model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Auto, 4096, o);
    CHECK(fits.flows == 16773120LL); // 4,096 x 4,095
    CHECK(fits.patterns == 257);     // ceil(16,773,120 / 65,536) = 256, even, + 1
    CHECK(fits.budget == 16777216);
    CHECK(fits.maxGpusWithinBudget == 4096);
    CHECK_FALSE(fits.overBudget());
    const model::SimulationWork over = model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Direct, 4097, o);
    CHECK(over.flows == 16781312LL); // 4,097 x 4,096
    CHECK(over.overBudget());
    // The case: 8,192 GPUs (1,024 DGX H100) is 67 million flows in 1,025 batches.
    const model::SimulationWork big = model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Auto, 8192, o);
    CHECK(big.flows == 67100672LL);
    CHECK(big.patterns == 1025);
    CHECK(big.patterns == model::analysis::allToAllBatches(8192, 1, o.maxConcurrentFlows));
    CHECK(big.overBudget());
    CHECK(big.maxGpusWithinBudget == 4096);
    // Pairwise: the same transfers, one round per peer offset.
    const model::SimulationWork rounds = model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Pairwise, 4096, o);
    CHECK(rounds.flows == 16773120LL);
    CHECK(rounds.patterns == 4095);
}

TEST_CASE("simulation budget: groups multiply the flows and other collectives are not counted", "[simulation][budget]")
{
    model::SimulationOptions o;
    o.flowBudget = 1000;
    // 4 groups of 16 ranks: 4 x 16 x 15 = 960 flows; the largest group within 1,000 is 16 ranks
    // (4 x 17 x 16 = 1,088 is over).
    const model::SimulationWork groups = model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Auto, 16, o, 4);
    CHECK(groups.flows == 960);
    CHECK(groups.patterns == 1);
    CHECK_FALSE(groups.overBudget());
    CHECK(groups.maxGpusWithinBudget == 16);
    const model::SimulationWork ring = model::estimateSimulationWork(model::CollectiveOp::AllReduce, model::Algorithm::Auto, 65536, o);
    CHECK(ring.flows == 0);
    CHECK(ring.patterns == 0);
    CHECK_FALSE(ring.overBudget());
    CHECK(model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Auto, 1, o).flows == 0);
    // No limit.
    o.flowBudget = 0;
    const model::SimulationWork unlimited = model::estimateSimulationWork(model::CollectiveOp::AllToAll, model::Algorithm::Auto, 8192, o);
    CHECK(unlimited.flows == 67100672LL);
    CHECK_FALSE(unlimited.overBudget());
    CHECK(unlimited.maxGpusWithinBudget == 0);
}

TEST_CASE("simulation budget: an all-to-all above it is refused with the flows and what to do", "[simulation][budget]")
{
    // 32 GPUs = 4 DGX H100 of the SuperPOD template: 32 x 31 = 992 flows, held against a budget
    // of 991 (refused) and of 992 (simulated, the same figure as without a budget).
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.flowBudget = 991;
    try {
        (void)model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(32), o);
        FAIL("a simulation above the budget ran");
    } catch (const model::SimulationTooLarge& e) {
        const std::string m = e.what();
        INFO(m);
        CHECK(e.work.flows == 992);
        CHECK(e.work.budget == 991);
        CHECK(e.work.maxGpusWithinBudget == 31); // 31 x 30 = 930; 32 x 31 = 992
        CHECK(m.rfind("too large to simulate: alltoall over 32 GPUs is 992 flows (one per ordered pair of ranks)", 0) == 0);
        CHECK(m.find("above the simulator's budget of 991 flows") != std::string::npos);
        CHECK(m.find("Use the analytical engine instead (collective --engine analytical") != std::string::npos);
        CHECK(m.find("at most 31 GPUs fit the budget") != std::string::npos);
    }
    // The refusal is an impossible request to the command line and the GUI, as any other.
    CHECK_THROWS_AS(model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(32, "pairwise"), o), std::invalid_argument);

    o.flowBudget = 992;
    const model::SimulationResult within = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(32), o);
    o.flowBudget = 0;
    const model::SimulationResult unlimited = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(32), o);
    CHECK(within.flowsSimulated == 992);
    CHECK(within.collective.time.inSeconds() > 0);
    CHECK(within.collective.time.inSeconds() == unlimited.collective.time.inSeconds());
    // An all-reduce of the same GPUs is not counted, whatever the budget.
    o.flowBudget = 1;
    model::CollectiveRequest ar = testsupport::allToAllGiB(32);
    ar.op = model::CollectiveOp::AllReduce;
    CHECK(model::simulateCollective(testsupport::superpodTemplate(), catalog(), ar, o).collective.time.inSeconds() > 0);
}

TEST_CASE("simulation budget: a training step's all-to-all phases count together", "[simulation][budget]")
{
    // Two expert-parallel all-to-all phases over 64 GPUs in 8 groups of 8: 8 x 8 x 7 = 448 flows
    // each, 896 together.
    model::CommPhase dispatch;
    dispatch.label = "EP dispatch";
    dispatch.request = testsupport::allToAllGiB(64);
    dispatch.request.bytes = 64.0 * 1024 * 1024;
    dispatch.groupSize = 8;
    model::CommPhase combine = dispatch;
    combine.label = "EP combine";
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.flowBudget = 895;
    try {
        (void)model::simulateTrainingStep(testsupport::superpodTemplate(), catalog(), {dispatch, combine}, o);
        FAIL("a training step above the budget ran");
    } catch (const model::SimulationTooLarge& e) {
        const std::string m = e.what();
        INFO(m);
        CHECK(e.work.flows == 896);
        CHECK(m.rfind("too large to simulate: the training step's all-to-all phases together are 896 flows", 0) == 0);
        CHECK(m.find("budget of 895 flows") != std::string::npos);
        CHECK(m.find("ranks per group fit the budget") != std::string::npos);
    }
    o.flowBudget = 896;
    const model::SimulationResult r = model::simulateTrainingStep(testsupport::superpodTemplate(), catalog(), {dispatch, combine}, o);
    CHECK(r.flowsSimulated == 896);
    CHECK(r.collective.time.inSeconds() > 0);
}
