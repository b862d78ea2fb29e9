// `generate fat-tree --nodes N` and `generate roce --nodes N` need no more than the node count:
// the server defaults to the default design's DGX H100 and the switch to the generator dialog's
// choice for the kind (QM9700 NDR InfiniBand for a fat tree, SN5600 Spectrum-4 for RoCE). A
// given --server or --switch still wins, and --nodes stays required.
#include <catch2/catch.hpp>

#include "../gui/gui_test_support.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QTemporaryDir>

namespace {
struct Run {
    int code = -1;
    QString err;
};

Run generate(const QStringList& args)
{
    static QTemporaryDir runtimeDir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir.path());
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CD_APP_EXE), QStringList{QStringLiteral("generate")} + args);
    REQUIRE(p.waitForFinished(60000));
    return {p.exitCode(), QString::fromLocal8Bit(p.readAllStandardError())};
}

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
    // --nodes has no default.
    const Run missing = generate({QStringLiteral("fat-tree"), QStringLiteral("-o"), dir.filePath(QStringLiteral("none.json"))});
    CHECK(missing.code != 0);
    CHECK(missing.err.contains(QStringLiteral("--nodes")));
    CHECK(missing.err.contains(QStringLiteral("required")));
}
