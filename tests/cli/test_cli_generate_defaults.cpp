// `generate fat-tree --nodes N` and `generate roce --nodes N` need no more than the node count:
// the server defaults to the default design's DGX H100 and the switch to the one that suits its
// NIC (QM9700 for NDR InfiniBand, Q3400 for 800G XDR, SN5600 Spectrum-4 for RoCE). A
// given --server or --switch still wins, and --nodes stays required.
#include <catch2/catch.hpp>

#include "../gui/gui_test_support.hpp"
#include "cli_run.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

namespace {
using Run = clitest::Outcome;

Run run(const QStringList& args) { return clitest::cli(args); }

Run generate(const QStringList& args) { return run(QStringList{QStringLiteral("generate")} + args); }

/// Catalog ids of the nodes of one kind ("server" or "switch") a generated design places.
QSet<QString> models(const QString& path, const char* kind)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    const QJsonObject d = QJsonDocument::fromJson(f.readAll()).object();
    QSet<QString> ids;
    for (const auto& v : d.value(QStringLiteral("nodes")).toArray())
        if (v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String(kind))
            ids.insert(v.toObject().value(QStringLiteral("model")).toString());
    return ids;
}
} // namespace

TEST_CASE("generate fat-tree and roce default the server to dgx-h100 and the switch to the dialog's choice", "[cli][generate]")
{
    QTemporaryDir dir;
    struct Case {
        const char* kind;
        int nodes;
        const char* server;
        const char* switchId;
    };
    for (const Case c : {Case{"fat-tree", 4, "dgx-h100", "qm9700"}, Case{"fat-tree", 64, "dgx-h100", "qm9700"},
                         Case{"roce", 8, "dgx-h100", "sn5600"}, Case{"roce", 40, "dgx-h100", "sn5600"}}) {
        INFO(c.kind << " --nodes " << c.nodes);
        const QString out = dir.filePath(QStringLiteral("%1-%2.json").arg(QLatin1String(c.kind)).arg(c.nodes));
        const Run r = generate({QLatin1String(c.kind), QStringLiteral("--nodes"), QString::number(c.nodes), QStringLiteral("-o"), out});
        REQUIRE(r.code == 0);
        CHECK(models(out, "server") == QSet<QString>{QLatin1String(c.server)});
        CHECK(models(out, "switch") == QSet<QString>{QLatin1String(c.switchId)});
    }
    // What the user names wins.
    const QString named = dir.filePath(QStringLiteral("named.json"));
    REQUIRE(generate({QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--server"),
                      QStringLiteral("dgx-b200"), QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("-o"), named})
                .code == 0);
    CHECK(models(named, "server") == QSet<QString>{QStringLiteral("dgx-b200")});
    // Without --switch, an 800G XDR server gets the Q3400; an EFA instance is refused with the way out.
    const QString b300 = dir.filePath(QStringLiteral("b300.json"));
    REQUIRE(generate({QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--server"),
                      QStringLiteral("dgx-b300"), QStringLiteral("-o"), b300})
                .code == 0);
    CHECK(models(b300, "switch") == QSet<QString>{QStringLiteral("q3400")});
    const Run efa = generate({QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--server"),
                              QStringLiteral("aws-p5-48xlarge"), QStringLiteral("-o"), dir.filePath(QStringLiteral("efa.json"))});
    CHECK(efa.code != 0);
    CHECK(efa.err.contains(QStringLiteral("cannot run infiniband")));
    CHECK(efa.err.contains(QStringLiteral("generate rented")));
    // --nodes has no default.
    const Run missing = generate({QStringLiteral("fat-tree"), QStringLiteral("-o"), dir.filePath(QStringLiteral("none.json"))});
    CHECK(missing.code != 0);
    CHECK(missing.err.contains(QStringLiteral("--nodes")));
    CHECK(missing.err.contains(QStringLiteral("required")));
}

TEST_CASE("generate and analyze count one server, switch, link, error or warning in the singular", "[cli][generate]")
{
    QTemporaryDir dir;
    const QString one = dir.filePath(QStringLiteral("one.json"));
    const Run server = generate({QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("-o"), one});
    REQUIRE(server.code == 0);
    CHECK(server.out.contains(QStringLiteral("\n  1 server, 8 GPUs, 0 switches, 0 cables; design rules: 0 errors, 0 warnings\n")));
    // 8 DGX H100 on one SN5600 leaf; without PFC/ECN the roce-without-pfc rule warns once.
    const Run roce = generate({QStringLiteral("roce"), QStringLiteral("--nodes"), QStringLiteral("8"), QStringLiteral("--lossless"),
                               QStringLiteral("off"), QStringLiteral("-o"), dir.filePath(QStringLiteral("roce.json"))});
    REQUIRE(roce.code == 0);
    CHECK(roce.out.contains(QStringLiteral("\n  8 servers, 64 GPUs, 1 switch, 32 cables (64 links); design rules: 0 errors, 1 warning\n")));
    const Run analyze = run({QStringLiteral("analyze"), one});
    REQUIRE(analyze.code == 0);
    CHECK(analyze.out.startsWith(QStringLiteral("1 server, 8 GPUs\n")));
    // Cables as the bill of materials counts them, the drawn links (bundles) beside them
    // (helper-90: the SuperPOD unit read "288 links" for its 512 cables).
    const Run su = generate({QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("32"), QStringLiteral("-o"),
                             dir.filePath(QStringLiteral("su.json"))});
    REQUIRE(su.code == 0);
    CHECK(su.out.contains(QStringLiteral(", 12 switches, 512 cables (288 links); design rules:")));
    const Run suJson = generate({QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("32"), QStringLiteral("--json"),
                                 QStringLiteral("-o"), dir.filePath(QStringLiteral("su2.json"))});
    REQUIRE(suJson.code == 0);
    const auto j = nlohmann::json::parse(suJson.out.toStdString());
    CHECK(j["cables"] == 512);
    CHECK(j["links"] == 288);
    // A split SN5600 port takes one breakout cable for its two 400G links, as the BOM counts it.
    const QString roce32 = dir.filePath(QStringLiteral("roce32.json"));
    const Run r32 = generate({QStringLiteral("roce"), QStringLiteral("--nodes"), QStringLiteral("32"), QStringLiteral("--json"), QStringLiteral("-o"), roce32});
    REQUIRE(r32.code == 0);
    const Run bom = run({QStringLiteral("bom"), roce32, QStringLiteral("--json")});
    REQUIRE(bom.code == 0);
    long long bomCables = 0;
    const auto bomJson = nlohmann::json::parse(bom.out.toStdString());
    for (const auto& c : bomJson["cables"]) bomCables += c["count"].get<long long>();
    CHECK(bomCables == 256);
    CHECK(nlohmann::json::parse(r32.out.toStdString())["cables"] == bomCables);
}
