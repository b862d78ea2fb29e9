#pragma once
// Helpers shared by the GUI tests: the bundled catalog, the default template, waiting for the
// analysis worker.
#include <QObject>

#include "app/analysis_worker.hpp"
#include "app/document.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/topology/fat_tree.hpp"

#include <QDir>
#include <QFile>
#include <QString>
#include <QTest>

#include <catch2/catch.hpp>

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

/// Adds to `d` a DGX H100 server (kind Server) or a QM9700 leaf switch (kind Switch) named
/// `name` at canvas position (x, y); @return its id. For tests that draw a small design by hand.
inline model::Id addNode(model::Design& d, model::NodeKind kind, const char* name, double x, double y)
{
    model::Node n;
    n.kind = kind;
    n.model = kind == model::NodeKind::Server ? "dgx-h100" : "qm9700";
    n.tier = kind == model::NodeKind::Server ? model::SwitchTier::None : model::SwitchTier::Leaf;
    n.name = name;
    n.position = {x, y};
    return d.addNode(n);
}

/// Id of the node named `name` in `d`; fails the running test, naming it, when there is none.
inline model::Id idByName(const model::Design& d, const std::string& name)
{
    for (const auto& [id, n] : d.nodes())
        if (n.name == name) return id;
    FAIL("no node named " << name);
    return 0;
}

/// Opens the default template in main window `w`, sizes it 1600 x 1000 and shows it.
/// @return false when the template did not open or the window was not exposed.
template <class MainWindow>
bool showTemplateWindow(MainWindow& w)
{
    if (!w.files()->openPath(templatePath())) return false;
    w.resize(1600, 1000);
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

/// The whole design as its JSON document (ids included): the before/after comparison of undo.
inline nlohmann::json snapshot(const app::Document& doc) { return model::toJson(doc.design()); }

/// Writes `j` to `path` (compact JSON); fails the test when the file cannot be written.
inline void writeJson(const QString& path, const nlohmann::json& j)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    const QByteArray bytes = QByteArray::fromStdString(j.dump());
    REQUIRE(f.write(bytes) == bytes.size());
}

/// A copy of the default template (the SuperPOD unit) whose analysis.workload is `workload`
/// (any JSON: "gpt5", 5 and null test the refusals), written as `name` in `dir`. @return its path.
inline QString designWithWorkload(const QString& dir, const QString& name, const nlohmann::json& workload)
{
    nlohmann::json d = model::toJson(model::loadDesign(model::defaultDesignPath()));
    d["analysis"]["workload"] = workload;
    const QString path = QDir(dir).filePath(name);
    writeJson(path, d);
    return path;
}

} // namespace guitest
