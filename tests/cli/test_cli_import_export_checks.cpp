// Newcomer findings on `import` and `export`: what cannot be simulated is refused by both
// exporters naming the design's file; what an import cannot read is refused with the reason.
#include "cli_run.hpp"
#include "../gui/b200_window.hpp"
#include "../gui/gui_test_support.hpp"

#include "model/design/design.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <fstream>

#include <sys/stat.h>

namespace {

using clitest::cli;
using clitest::Outcome;

/// The bundled SuperPOD template with its nodes and links filtered, written to `path`.
void writeTemplateVariant(const QString& path, bool keepNodes)
{
    std::ifstream in(model::bundledTemplateDirectory() + "/superpod-h100-1su.json");
    nlohmann::json d = nlohmann::json::parse(in);
    if (!keepNodes) d["nodes"] = nlohmann::json::array();
    d["links"] = nlohmann::json::array();
    std::ofstream(path.toStdString()) << d.dump(1);
}

} // namespace

TEST_CASE("export infragraph refuses a design with no nodes or no links as astra-sim does and both name the design file", "[cli][export]")
{
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.json"));
    const QString unplugged = dir.filePath(QStringLiteral("unplugged.json"));
    writeTemplateVariant(empty, false);
    writeTemplateVariant(unplugged, true);
    const QString entry = QStringLiteral(": entry \"DGX SuperPOD H100 - one scalable unit (32 DGX H100, rail-optimized NDR)\"");
    const QString islands = QStringLiteral(": field \"links\": expected every server to reach every other; the design has 32 islands of servers "
                                           "that cannot reach each other\n");
    struct Case {
        QString format, design, expected;
    };
    const std::vector<Case> cases = {
        {QStringLiteral("astra-sim"), empty, QStringLiteral(": expected at least one GPU server: there is nothing for ASTRA-sim to simulate\n")},
        {QStringLiteral("infragraph"), empty, QStringLiteral(": expected at least one GPU server: there is nothing for InfraGraph's simulators to simulate\n")},
        {QStringLiteral("astra-sim"), unplugged, islands},
        {QStringLiteral("infragraph"), unplugged, islands},
    };
    for (const Case& c : cases) {
        INFO(c.format.toStdString() << " " << c.design.toStdString());
        const QString out = dir.filePath(QStringLiteral("out-") + c.format);
        const Outcome o = cli({QStringLiteral("export"), c.format, c.design, QStringLiteral("-o"), out});
        CHECK(o.code == 1);
        CHECK(o.err == QStringLiteral("cluster-designer: ") + c.design + entry + c.expected);
        CHECK_FALSE(o.err.contains(QStringLiteral("<design>")));
        CHECK(o.out.isEmpty());
        CHECK_FALSE(QDir(out).exists());
    }
}

TEST_CASE("import: the headline peak busbw takes the in-place column too and names it alike in text and JSON", "[cli][import]")
{
    // nccl_tests_12: out-of-place peaks at 473.60 GB/s, the in-place run at 476.53 (4 GiB, line 21).
    struct Case {
        const char* file;
        double peak;
        const char* column;
        QString text;
    };
    const std::vector<Case> cases = {
        {"nccl_tests_12.txt", 476.53, "in-place", QStringLiteral("peak busbw 476.53 GB/s (in-place, 4 GiB)")},
        {"nccl_tests_01.txt", 469.21, "out-of-place", QStringLiteral("peak busbw 469.21 GB/s (out-of-place, 16 GiB)")},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const Outcome text = cli({QStringLiteral("import"), QStringLiteral("auto"), guitest::realInput(c.file)});
        CHECK(text.code == 0);
        CHECK(text.out.contains(c.text));
        const Outcome js = cli({QStringLiteral("import"), QStringLiteral("auto"), guitest::realInput(c.file), QStringLiteral("--json")});
        REQUIRE(js.code == 0);
        const auto j = nlohmann::json::parse(js.out.toStdString());
        CHECK(j["curve"]["peak_busbw_GBps"].get<double>() == Approx(c.peak));
        CHECK(j["curve"]["peak_busbw_column"] == c.column);
    }
}

TEST_CASE("import reads '-' from standard input and says why a missing file or a FIFO is not read", "[cli][import]")
{
    // '-' was taken for a file name ("-: cannot open the file for reading").
    QFile smi(guitest::realInput("topo_smi_05.txt"));
    REQUIRE(smi.open(QIODevice::ReadOnly));
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("import"), QStringLiteral("auto"), QStringLiteral("-")});
    REQUIRE(p.waitForStarted());
    p.write(smi.readAll());
    p.closeWriteChannel();
    REQUIRE(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    CHECK(p.exitCode() == 0);
    CHECK(out.startsWith(QStringLiteral("<stdin>: nvidia-smi topo -m (server model)\n  GPUs 8")));

    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("missing.txt"));
    const Outcome gone = cli({QStringLiteral("import"), QStringLiteral("auto"), missing});
    CHECK(gone.code == 1);
    CHECK(gone.err == QStringLiteral("cluster-designer: ") + missing + QStringLiteral(": cannot open the file for reading: No such file or directory\n"));
    // A FIFO nobody writes to: the import waited forever; now it is refused at once.
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    REQUIRE(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
    const Outcome pipe = cli({QStringLiteral("import"), QStringLiteral("auto"), fifo});
    CHECK(pipe.code == 1);
    CHECK(pipe.err == QStringLiteral("cluster-designer: ") + fifo +
                          QStringLiteral(": expected a regular file, got a FIFO (named pipe): it is not read, since it may never end "
                                         "(pass '-' to read standard input)\n"));
}
