// An empty design (nothing on the canvas): the Analysis dock, the status bar and `analyze`
// say there is nothing to analyse, and name no bottleneck ("Compute" was shown before).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/main_window.hpp"
#include "views/charts/charts_panel.hpp"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

TEST_CASE("empty design: the Analysis dock and the status bar name no bottleneck", "[gui][bottleneck]")
{
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    REQUIRE(w.charts()->shown() != nullptr);
    CHECK(w.charts()->shown()->bottleneck.scope == model::Scope::None);
    const QString text = w.charts()->bottleneckText();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("None (nothing to analyse)")));
    CHECK(text.contains(QStringLiteral("the design has no servers")));
    CHECK_FALSE(text.contains(QStringLiteral("Compute")));
    CHECK(w.statusText().contains(QStringLiteral("Bottleneck: None (nothing to analyse)")));
    CHECK_FALSE(w.statusText().contains(QStringLiteral("Compute")));
}

TEST_CASE("analyze on an empty design: bottleneck scope none in the JSON, none in the text", "[gui][cli][bottleneck]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("empty.json"));
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(model::toJson(model::Design{}).dump(1)));
    }
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("analyze"), path, QStringLiteral("--json")});
    REQUIRE(p.waitForFinished(60000));
    REQUIRE(p.exitCode() == 0);
    const nlohmann::json j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    // The keys stay; the scope says there is none.
    REQUIRE(j.contains("bottleneck"));
    CHECK(j["bottleneck"]["scope"] == "none");
    CHECK(j["bottleneck"]["explanation"] == "the design has no servers");
    CHECK(j["gpus"] == 0);

    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("analyze"), path});
    REQUIRE(p.waitForFinished(60000));
    REQUIRE(p.exitCode() == 0);
    const QString text = QString::fromUtf8(p.readAllStandardOutput());
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("Bottleneck: none\n  the design has no servers")));
    CHECK_FALSE(text.contains(QStringLiteral("compute")));
}
