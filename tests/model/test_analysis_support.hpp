#pragma once
// Small designs for the engine's golden-number tests.
#include "test_catalog_support.hpp"
#include "test_validation_support.hpp"

#include "model/analysis/analysis.hpp"
#include "model/analysis/training.hpp"
#include "model/topology/fat_tree.hpp"

namespace golden {

using testsupport::catalog;

/// Whether any of `a`'s warnings contains `needle`.
inline bool hasWarning(const model::DesignAnalysis& a, const std::string& needle)
{
    for (const auto& w : a.warnings)
        if (w.find(needle) != std::string::npos) return true;
    return false;
}

/// `nodes` servers of `server`, rail-optimised on QM9700 leaves (one per rail).
inline model::Design rail(const std::string& server, int nodes, const std::string& leaf = "qm9700")
{
    return validation::railDesign(catalog(), server, nodes, 0, 0, leaf);
}

/// `nodes` servers of `server` on a generated QM9700 fat tree at `ratio`:1 leaves
/// (generate fat-tree --server SERVER --nodes N --switch qm9700 --oversubscription R:1).
inline model::Design fatTree(const std::string& server, int nodes, double ratio = 1.0)
{
    model::topology::FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = "qm9700";
    o.oversubscription = ratio;
    return model::topology::generateFatTree(catalog(), o);
}

inline model::CollectiveResult run(const model::Design& d, model::CollectiveOp op, double bytes, int gpus,
                                   const std::string& algo = {})
{
    model::CollectiveRequest r;
    r.op = op;
    r.bytes = bytes;
    r.gpus = gpus;
    r.algorithm = model::parseAlgorithm(algo);
    return model::predictCollective(d, catalog(), r);
}

/// Four DGX H100 with one 400G NIC each, two per leaf, both leaves joined to one spine by a
/// single 200 Gb/s cable: each leaf has 2 x 50 GB/s down and 25 GB/s up (4:1).
inline model::Design oversubscribed()
{
    model::Design d;
    model::Id leaves[2];
    model::Node spine{};
    spine.kind = model::NodeKind::Switch;
    spine.model = "qm9700";
    spine.tier = model::SwitchTier::Spine;
    spine.name = "spine";
    const model::Id sp = d.addNode(spine);
    for (int l = 0; l < 2; ++l) {
        model::Node leaf{};
        leaf.kind = model::NodeKind::Switch;
        leaf.model = "qm9700";
        leaf.tier = model::SwitchTier::Leaf;
        leaf.name = "leaf-" + std::to_string(l);
        leaves[l] = d.addNode(leaf);
        model::Link up;
        up.a = {leaves[l], 63};
        up.b = {sp, l};
        up.laneSpeed = model::Bandwidth::Gbps(200);
        d.addLink(up);
    }
    for (int i = 0; i < 4; ++i) {
        model::Node s{};
        s.kind = model::NodeKind::Server;
        s.model = "dgx-h100";
        s.name = "dgx-" + std::to_string(i);
        s.nicCount = 1;
        const model::Id id = d.addNode(s);
        model::Link l;
        l.a = {id, 0};
        l.b = {leaves[i / 2], i % 2};
        d.addLink(l);
    }
    return d;
}

/// A training run of preset `name` (training.hpp) split tp x pp x dp with `globalBatch`
/// sequences a step; a field at 0 is left to the engine (resolveLayout). The other settings are
/// TrainingConfig's own defaults (bf16, no recompute, no sequence parallelism).
inline model::analysis::TrainingConfig presetRun(const std::string& name, int tp, int pp, int dp, int globalBatch)
{
    model::analysis::TrainingConfig c;
    c.model = model::analysis::presetModel(name);
    c.tp = tp;
    c.pp = pp;
    c.dp = dp;
    c.globalBatch = globalBatch;
    return c;
}

} // namespace golden
