// `cluster-designer import` and `export` as a script runs them: exit statuses, the JSON keys of
// the contract (shared/design/ARCHITECTURE.md), files written, errors naming the file.
#include <QtCore/qglobal.h>

#include "model/catalog/catalog.hpp"
#include "b200_window.hpp"
#include "model/design/design.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), args);
    Run r;
    if (!p.waitForFinished(120000)) return r;
    r.code = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

using guitest::realInput;

} // namespace

TEST_CASE("import --json: kind, warnings, findings with evidence, the curve and its comparison", "[gui][cli][import]")
{
    const Run r = cli({QStringLiteral("import"), QStringLiteral("nccl-tests"), realInput("nccl_tests_13.txt"), QStringLiteral("--json")});
    INFO(r.err.toStdString());
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    CHECK(j["kind"] == "curve");
    CHECK(j["warnings"].is_array());
    REQUIRE(j["findings"].is_array());
    bool below = false;
    for (const auto& f : j["findings"]) {
        CHECK(f.contains("rule"));
        CHECK(f.contains("severity"));
        CHECK(f.contains("evidence"));
        if (f["rule"] == "below-prediction") {
            below = true;
            CHECK(f["evidence"].get<std::string>().find("8589934592") != std::string::npos);
        }
    }
    CHECK(below);
    CHECK(j["curve"]["collective"] == "all_reduce");
    CHECK(j["curve"]["ranks"] == 16);
    CHECK(j["comparison"]["points"].size() == 11);
}

TEST_CASE("import: a cut-off file exits 1 naming it, a bad kind exits 2", "[gui][cli][import]")
{
    const Run cut = cli({QStringLiteral("import"), QStringLiteral("auto"), realInput("topo_smi_13.txt")});
    CHECK(cut.code == 1);
    CHECK(cut.err.contains(QStringLiteral("topo_smi_13.txt")));
    CHECK(cut.err.contains(QStringLiteral("mid-matrix")));
    const Run kind = cli({QStringLiteral("import"), QStringLiteral("pdf"), realInput("topo_smi_01.txt")});
    CHECK(kind.code == 2);
    const Run missing = cli({QStringLiteral("import"), QStringLiteral("auto"), QStringLiteral("/nonexistent/file.txt")});
    CHECK(missing.code == 1);
    CHECK(missing.err.contains(QStringLiteral("/nonexistent/file.txt")));
}

TEST_CASE("import -o writes a design, export writes ASTRA-sim and InfraGraph files from it", "[gui][cli][import][export]")
{
    QTemporaryDir dir;
    const QString design = dir.filePath(QStringLiteral("imported.json"));
    const Run imp = cli({QStringLiteral("import"), QStringLiteral("nccl-topo"), realInput("nccl_topo_09.xml"), QStringLiteral("-o"), design});
    INFO(imp.err.toStdString());
    REQUIRE(imp.code == 0);
    CHECK(imp.out.contains(QStringLiteral("dgx-h100")));
    const model::Design d = model::loadDesign(design.toStdString());
    CHECK(d.analysis["imported"]["file"] == "nccl_topo_09.xml");
    CHECK_FALSE(d.analysis["imported"]["findings"].empty());

    const QString astra = dir.filePath(QStringLiteral("astra"));
    const Run ex = cli({QStringLiteral("export"), QStringLiteral("astra-sim"), design, QStringLiteral("-o"), astra});
    INFO(ex.err.toStdString());
    REQUIRE(ex.code == 0);
    for (const char* f : {"network.yml", "system.json", "remote_memory.json", "astra-sim.json", "README.md"}) {
        INFO(f);
        CHECK(QFile::exists(astra + QLatin1Char('/') + QLatin1String(f)));
    }
    const QString ig = dir.filePath(QStringLiteral("ig"));
    const Run ex2 = cli({QStringLiteral("export"), QStringLiteral("infragraph"), design, QStringLiteral("-o"), ig});
    REQUIRE(ex2.code == 0);
    CHECK(QFile::exists(ig + QStringLiteral("/infragraph.json")));
    CHECK(QFile::exists(ig + QStringLiteral("/annotations.json")));

    const Run bad = cli({QStringLiteral("export"), QStringLiteral("ns3"), design, QStringLiteral("-o"), ig});
    CHECK(bad.code == 2);
    const Run noDir = cli({QStringLiteral("export"), QStringLiteral("astra-sim"), design});
    CHECK(noDir.code == 2);
}
