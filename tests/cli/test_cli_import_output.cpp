// `import ... -o DESIGN.json`: what is written and what is refused. The design is never written
// over the file being imported.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <QDir>
#include <QFile>

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST_CASE("import -o naming the imported file itself is refused and the file is left as it was", "[cli][import]")
{
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("topo.txt"));
    REQUIRE(QFile::copy(QStringLiteral(CD_SHARED_DIR "/real_inputs/topo_smi_01.txt"), input));
    const QByteArray before = readAll(input);
    // The same file by another spelling: "dir/./topo.txt" and a symbolic link.
    const QString other = dir.path() + QStringLiteral("/./topo.txt");
    const QString link = dir.filePath(QStringLiteral("link.txt"));
    REQUIRE(QFile::link(input, link));
    for (const QString& out : {input, other, link}) {
        INFO(out.toStdString());
        const clitest::Outcome r = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), input, QStringLiteral("-o"), out});
        CHECK(r.code == 2);
        CHECK(r.err.contains(QStringLiteral("is the file being imported")));
        CHECK(r.err.contains(QStringLiteral("the design would overwrite it")));
        CHECK(readAll(input) == before);
    }
    // Another file beside it is written as before.
    const clitest::Outcome ok = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), input, QStringLiteral("--server"),
                                              QStringLiteral("dgx-h100"), QStringLiteral("-o"), dir.filePath(QStringLiteral("d.json"))});
    CHECK(ok.code == 0);
    CHECK(QFile::exists(dir.filePath(QStringLiteral("d.json"))));
}

TEST_CASE("import: the comparison table says what its error is taken from", "[cli][import]")
{
    const clitest::Outcome r = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), QStringLiteral(CD_SHARED_DIR "/real_inputs/nccl_tests_12.txt")});
    CHECK(r.code == 0);
    CHECK(r.out.contains(QStringLiteral("busbw in GB/s as printed; error = predicted / measured time - 1")));
}

TEST_CASE("import -o: when no design can be written, the report is printed and then the reason", "[cli][import]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("x.json"));
    const clitest::Outcome r = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"),
                                             QStringLiteral(CD_SHARED_DIR "/real_inputs/nccl_log_05.txt"), QStringLiteral("-o"), out});
    CHECK(r.code == 1);
    // Was: stdout empty, only the reason on stderr.
    CHECK(r.out.contains(QStringLiteral("NCCL_DEBUG=INFO log")));
    CHECK(r.out.contains(QStringLiteral("[net-socket]")));
    CHECK(r.err.contains(QStringLiteral("no design written to ") + out));
    CHECK_FALSE(QFile::exists(out));
}
