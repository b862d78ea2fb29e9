#pragma once
// Helpers shared by the GUI tests: the bundled catalog, the default template, waiting for the
// analysis worker.
#include <QObject>

#include "app/analysis_worker.hpp"
#include "app/document.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/topology/fat_tree.hpp"

#include <QString>
#include <QTest>

#include <memory>
#include <string>

namespace guitest {

/// The bundled catalog, loaded once (strict: a broken bundled catalog fails the tests).
inline std::shared_ptr<const model::Catalog> catalog()
{
    static const auto c = std::make_shared<const model::Catalog>(model::Catalog::loadBundled());
    return c;
}

/// A rail-optimized fat tree of `nodes` servers of catalog model `server` on Quantum-2
/// QM9700 switches, as File > Generate Topology makes it. Throws what generateFatTree throws.
inline model::Design fatTree(const std::string& server, int nodes)
{
    model::topology::FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = "qm9700";
    return model::topology::generateFatTree(*catalog(), o);
}

/// The bundled default design (DGX SuperPOD H100, one scalable unit).
inline QString templatePath() { return QString::fromStdString(model::defaultDesignPath()); }

/// Waits (processing events) until the worker has delivered the result for the newest
/// snapshot. @return false on timeout.
inline bool waitForAnalysis(app::AnalysisWorker* worker, int timeoutMs = 20000)
{
    return QTest::qWaitFor([worker] { return !worker->isBusy(); }, timeoutMs);
}

/// The whole design as its JSON document (ids included): the before/after comparison of undo.
inline nlohmann::json snapshot(const app::Document& doc) { return model::toJson(doc.design()); }

} // namespace guitest
