// A design split into islands (two DGX H100, each on its own QM9700 leaf, no cable between
// the leaves): the Analysis dock and `analyze` chart only the GPU counts one job can reach
// (the largest island, 8 of 16) and say in words that the design is split, island by island.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/main_window.hpp"
#include "views/charts/charts_panel.hpp"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace {

/// Two DGX H100 (8 GPUs, 8 x 400G NICs), each wired with 8 cables to a leaf of its own.
model::Design twoIslands()
{
    model::Design d;
    d.name = "two islands";
    for (int i = 0; i < 2; ++i) {
        model::Node leaf;
        leaf.kind = model::NodeKind::Switch;
        leaf.model = "qm9700";
        leaf.tier = model::SwitchTier::Leaf;
        leaf.name = "leaf-" + std::to_string(i);
        leaf.position = {400.0 * i, 0};
        const model::Id l = d.addNode(leaf);
        model::Node s;
        s.kind = model::NodeKind::Server;
        s.model = "dgx-h100";
        s.name = "server-" + std::to_string(i);
        s.position = {400.0 * i, 300};
        model::Link cable;
        cable.a = {d.addNode(s), 0};
        cable.b = {l, 0};
        cable.count = 8;
        cable.medium = model::LinkMedium::InfiniBand;
        cable.laneSpeed = model::Bandwidth::Gbps(400);
        d.addLink(cable);
    }
    d.analysis = {{"workload", "llama3-8b"}};
    return d;
}

} // namespace

TEST_CASE("split design: the scaling chart stops at the largest island and the panel names the islands", "[gui][islands]")
{
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(twoIslands());
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    REQUIRE(w.charts()->shown() != nullptr);
    const QList<QPointF> points = w.charts()->scalingPoints();
    REQUIRE_FALSE(points.isEmpty());
    for (const QPointF& p : points) CHECK(p.x() <= 8);
    CHECK(points.back().x() == 8);
    const QString text = w.charts()->bottleneckText();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("16 GPUs in 2 servers, split into 2 islands of 8 + 8 GPUs; workload llama3-8b.")));
    CHECK(text.contains(QStringLiteral("split into 2 islands that cannot reach each other: 8 GPUs (1 server) and 8 GPUs (1 server); "
                                       "one job reaches at most 8 of the 16 GPUs, so multi-node figures and the scaling curve stop at 8 GPUs")));
    w.document()->undoStack()->setClean();
}

TEST_CASE("analyze on a split design: text and JSON stop at 8 of 16 GPUs and list the islands", "[gui][cli][islands]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("two-islands.json"));
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(model::toJson(twoIslands()).dump(1)));
    }
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("analyze"), path});
    REQUIRE(p.waitForFinished(60000));
    REQUIRE(p.exitCode() == 0);
    const QString text = QString::fromUtf8(p.readAllStandardOutput());
    INFO(text.toStdString());
    CHECK(text.startsWith(QStringLiteral("2 servers, 16 GPUs; split into 2 islands (8 + 8 GPUs): one job reaches at most 8 GPUs\n")));
    CHECK(text.contains(QStringLiteral("       8 GPUs ")));
    CHECK_FALSE(text.contains(QStringLiteral("      16 GPUs ")));

    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("analyze"), path, QStringLiteral("--json")});
    REQUIRE(p.waitForFinished(60000));
    REQUIRE(p.exitCode() == 0);
    const nlohmann::json j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    CHECK(j["gpus"] == 16);
    CHECK(j["reachable_gpus"] == 8);
    CHECK(j["islands"].size() == 2);
    for (const auto& s : j["scaling"]) CHECK(s["gpus"].get<int>() <= 8);
}

TEST_CASE("the report of a split design puts its figures at the largest island, not at every GPU", "[gui][cli][islands][report]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("two-islands.json"));
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(model::toJson(twoIslands()).dump(1)));
    }
    const QString html = dir.filePath(QStringLiteral("report.html"));
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("report"), path, QStringLiteral("-o"), html});
    REQUIRE(p.waitForFinished(120000));
    REQUIRE(p.exitCode() == 0);
    QFile f(html);
    REQUIRE(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    CHECK(text.contains(QStringLiteral("weak-scaling efficiency at 8 GPUs")));
    CHECK_FALSE(text.contains(QStringLiteral("weak-scaling efficiency at 16 GPUs")));
    CHECK(text.contains(QStringLiteral("An 8 GiB all-reduce over the 8 GPUs of the largest island")));
}
