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

TEST_CASE("import: an unreadable NV count is warned about and NVLinks per GPU covers every GPU", "[cli][import]")
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("nv99.txt"));
    QFile f(file);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\n"
            "GPU0\t X \tNV99\tNV4\tNV4\t0-31\t0\n"
            "GPU1\tNV99\t X \tNV4\tNV4\t0-31\t0\n"
            "GPU2\tNV4\tNV4\t X \tNV8\t0-31\t0\n"
            "GPU3\tNV4\tNV4\tNV8\t X \t0-31\t0\n");
    f.close();
    const clitest::Outcome r = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), file});
    CHECK(r.code == 0);
    CHECK(r.out.contains(QStringLiteral("line 2: GPU0/GPU1 reads \"NV99\": expected NV1 to NV64")));
    // Was "NVLinks per GPU 4" (GPU0's, with NV99 read as 0 links): GPU2 and GPU3 have 16, GPU0 and GPU1 unknown.
    CHECK(r.out.contains(QStringLiteral("NVLinks per GPU 16 (unknown for 2 GPUs)")));
}
