// Ethernet without PFC/ECN drops packets where a port is overloaded; the analytical engine has
// no formula for that, so its collective note says the figure assumes no loss (the flow-level
// simulation prices drops and timeouts: a 1 GiB all-to-all over 64 DGX H100 on a lossy 2:1
// SN5400 fabric simulates at about 550 x the lossless time).
#include "model/analysis/analysis.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

TEST_CASE("analytical note: lossy Ethernet is named, RoCE with PFC/ECN and InfiniBand are not", "[analysis][roce]")
{
    const model::Catalog cat = model::Catalog::loadBundled();
    model::topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 16;
    o.switchModel = "sn5600";
    model::CollectiveRequest q;
    q.bytes = 1024.0 * (1 << 20);
    q.algorithm = model::Algorithm::Auto;
    for (const model::CollectiveOp op : {model::CollectiveOp::AllReduce, model::CollectiveOp::AllToAll}) {
        q.op = op;
        o.lossless = false;
        const model::Design lossy = model::topology::generateRoceFabric(cat, o);
        q.gpus = 0;
        CHECK(model::predictCollective(lossy, cat, q).note.find("without PFC/ECN") != std::string::npos);
        q.gpus = 8; // one server: nothing crosses the fabric
        CHECK(model::predictCollective(lossy, cat, q).note.find("without PFC/ECN") == std::string::npos);
        o.lossless = true;
        q.gpus = 0;
        CHECK(model::predictCollective(model::topology::generateRoceFabric(cat, o), cat, q).note.find("PFC") == std::string::npos);
    }
    model::topology::FatTreeOptions ib = o;
    ib.switchModel = "qm9700";
    CHECK(model::predictCollective(model::topology::generateFatTree(cat, ib), cat, q).note.find("PFC") == std::string::npos);
}
