// The command line refuses what it cannot honour, up front, naming the option, the value and
// what was expected: --tokens out of range, --workload unknown, stray positional arguments,
// --presentation out of range, --simulate with zero sizes or GPUs, a picture extension no Qt
// writer knows; and writes the picture format the extension names. Each refusal happens before
// any design is analysed, so these runs take a fraction of a second.
#include <catch2/catch.hpp>

#include "../gui/gui_test_support.hpp"
#include "../gui/b200_window.hpp"
#include "cli_run.hpp"
#include "app/cli/picture_file.hpp"

#include <QFile>
#include <QPixmap>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

namespace {
using clitest::cli;
using clitest::Outcome;

using guitest::realInput;
} // namespace

TEST_CASE("compare and report refuse a --tokens outside 1e6..1e15, zero, negative or NaN, naming the option and the range", "[cli][tokens]")
{
    const QString design = guitest::templatePath();
    for (const char* bad : {"1e25", "1e16", "2000T", "0", "-5", "nan", "inf", "1", "999999", "lots"}) {
        for (const char* command : {"compare", "report"}) {
            INFO(command << " --tokens " << bad);
            QStringList args{QLatin1String(command), design};
            if (QLatin1String(command) == QLatin1String("compare")) args << design;
            else args << QStringLiteral("-o") << QStringLiteral("never-written.html");
            const Outcome o = cli(args << QStringLiteral("--tokens") << QLatin1String(bad));
            CHECK(o.code == 2);
            CHECK(o.err == QStringLiteral("cluster-designer: %1: --tokens: expected a training-run size from 1e6 to 1e15 tokens "
                                          "(1 million to 1,000 trillion), such as 3.5e12, 300B or 3.5T; got \"%2\"\n")
                               .arg(QLatin1String(command), QLatin1String(bad)));
            CHECK(o.out.isEmpty());
        }
    }
    CHECK_FALSE(QFile::exists(QStringLiteral("never-written.html")));
}

TEST_CASE("an unknown --workload names the option, the value and the valid workloads, never <design>", "[cli][workload]")
{
    const QString design = guitest::templatePath();
    const QString expected = QStringLiteral("--workload: expected one of gpt3-175b, llama3-8b, llama3-70b, llama3-405b, megatron-22b, "
                                            "megatron-530b, megatron-1t; got \"nope\"\n");
    for (const QStringList& args : {QStringList{QStringLiteral("analyze"), design}, QStringList{QStringLiteral("compare"), design, design},
                                    QStringList{QStringLiteral("report"), design, QStringLiteral("-o"), QStringLiteral("x.html")}}) {
        INFO(args.join(QLatin1Char(' ')).toStdString());
        const Outcome o = cli(QStringList(args) << QStringLiteral("--workload") << QStringLiteral("nope"));
        CHECK(o.code == 2);
        CHECK(o.err == QStringLiteral("cluster-designer: ") + args[0] + QStringLiteral(": ") + expected);
        CHECK_FALSE(o.err.contains(QStringLiteral("<design>")));
        // A blank name is refused the same way (helper-85: it exited 1, the design having no own model).
        for (const QString& blank : {QString(), QStringLiteral("   ")}) {
            const Outcome b = cli(QStringList(args) << QStringLiteral("--workload") << blank);
            CHECK(b.code == 2);
            CHECK(b.err.contains(QStringLiteral("--workload: expected one of gpt3-175b")));
            CHECK(b.err.contains(QStringLiteral("got \"\"")));
        }
    }
}

TEST_CASE("the workload option also names the design's own model, and compare asks it of every design", "[cli][workload]")
{
    // The workstation template trains its own llama3.2-1b (no preset has it).
    const QString ws = QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/workstation-4x-rtx4090.json");
    const Outcome own = cli({QStringLiteral("analyze"), ws, QStringLiteral("--workload"), QStringLiteral("llama3.2-1b")});
    CHECK(own.code == 0);
    CHECK(own.out.contains(QStringLiteral("Weak scaling of llama3.2-1b")));
    const Outcome bad = cli({QStringLiteral("analyze"), ws, QStringLiteral("--workload"), QStringLiteral("nope")});
    CHECK(bad.code == 2);
    CHECK(bad.err.endsWith(QStringLiteral("megatron-1t, or the design's own model \"llama3.2-1b\"; got \"nope\"\n")));
    const QString design = guitest::templatePath();
    const Outcome mixed = cli({QStringLiteral("compare"), ws, design, QStringLiteral("--workload"), QStringLiteral("llama3.2-1b")});
    CHECK(mixed.code == 2);
    CHECK(mixed.err == QStringLiteral("cluster-designer: compare: --workload: \"llama3.2-1b\" is the own model of ") + ws +
                           QStringLiteral(" but not of ") + design +
                           QStringLiteral("; expected one of gpt3-175b, llama3-8b, llama3-70b, llama3-405b, megatron-22b, megatron-530b, "
                                          "megatron-1t for every design\n"));
}

TEST_CASE("an own model named like a preset is labelled apart, and a name with a newline is refused naming the file", "[cli][workload]")
{
    const QString ws = QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/workstation-4x-rtx4090.json");
    model::Design d = model::loadDesign(ws.toStdString());
    d.analysis["model"]["name"] = "llama3-8b"; // the template's 1.24-billion-parameter model under a preset's name
    QTemporaryDir dir;
    const QString named = dir.filePath(QStringLiteral("named.json"));
    model::saveDesign(d, named.toStdString());
    const Outcome own = cli({QStringLiteral("analyze"), named});
    CHECK(own.code == 0);
    // Before: 'Weak scaling of llama3-8b', the preset's name with the custom model's figures.
    CHECK(own.out.contains(QStringLiteral("Weak scaling of llama3-8b (own model)")));
    const Outcome picked = cli({QStringLiteral("analyze"), named, QStringLiteral("--workload"), QStringLiteral("llama3-8b (own model)")});
    CHECK(picked.code == 0);
    CHECK(picked.out.contains(QStringLiteral("Weak scaling of llama3-8b (own model)")));

    d.analysis["model"]["name"] = "llama\n;x";
    const QString broken = dir.filePath(QStringLiteral("newline.json"));
    model::saveDesign(d, broken.toStdString());
    const Outcome bad = cli({QStringLiteral("analyze"), broken});
    CHECK(bad.code == 1);
    CHECK(bad.err == QStringLiteral("cluster-designer: analyze: ") + broken +
                         QStringLiteral(": entry \"analysis.model\": field \"name\": expected a name on one line, without control characters (newline, tab)\n"));
}

TEST_CASE("collective names the option whose value is wrong", "[cli][collective]")
{
    const QString design = guitest::templatePath();
    const Outcome op = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("allreduce"), QStringLiteral("--bytes"),
                            QStringLiteral("1G")});
    CHECK(op.code == 2);
    CHECK(op.err.startsWith(QStringLiteral("cluster-designer: collective: --op: ")));
    CHECK(op.err.contains(QStringLiteral("allreduce")));
    const Outcome zero = cli({QStringLiteral("collective"), design, QStringLiteral("--bytes"), QStringLiteral("0")});
    CHECK(zero.code == 2);
    CHECK(zero.err == QStringLiteral("cluster-designer: collective: --bytes: expected a message size above zero, e.g. 1G; got \"0\"\n"));
    const Outcome size = cli({QStringLiteral("collective"), design, QStringLiteral("--bytes"), QStringLiteral("big")});
    CHECK(size.code == 2);
    CHECK(size.err.startsWith(QStringLiteral("cluster-designer: collective: --bytes: size \"big\"")));
}

TEST_CASE("Every command refuses a stray positional argument, naming it", "[cli][arguments]")
{
    const QString d = guitest::templatePath();
    const std::vector<std::pair<QStringList, QString>> cases = {
        {{QStringLiteral("catalog"), QStringLiteral("extra")}, QStringLiteral("catalog: unexpected argument \"extra\"; usage: cluster-designer catalog [--json]")},
        {{QStringLiteral("analyze"), d, QStringLiteral("extra")}, QStringLiteral("analyze: unexpected argument \"extra\"; usage: cluster-designer analyze")},
        {{QStringLiteral("collective"), d, QStringLiteral("extra"), QStringLiteral("--bytes"), QStringLiteral("1G")},
         QStringLiteral("collective: unexpected argument \"extra\"; usage: cluster-designer collective")},
        {{QStringLiteral("bom"), d, QStringLiteral("extra")}, QStringLiteral("bom: unexpected argument \"extra\"; usage: cluster-designer bom")},
        {{QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("extra"), QStringLiteral("-o"), QStringLiteral("x.json")},
         QStringLiteral("generate: unexpected argument \"extra\"; usage: cluster-designer generate")},
        {{QStringLiteral("report"), d, QStringLiteral("extra"), QStringLiteral("-o"), QStringLiteral("x.html")},
         QStringLiteral("report: unexpected argument \"extra\"; usage: cluster-designer report")},
        {{QStringLiteral("compare"), d, d, d, d, QStringLiteral("extra")}, QStringLiteral("compare: unexpected argument \"extra\"; usage: cluster-designer compare")},
        {{QStringLiteral("import"), QStringLiteral("auto"), realInput("topo_smi_03.txt"), QStringLiteral("extra"), QStringLiteral("more")},
         QStringLiteral("import: unexpected arguments \"extra\", \"more\"; usage: cluster-designer import")},
        {{QStringLiteral("export"), QStringLiteral("astra-sim"), d, QStringLiteral("extra"), QStringLiteral("-o"), QStringLiteral("dir")},
         QStringLiteral("export: unexpected argument \"extra\"; usage: cluster-designer export")},
        {{QStringLiteral("screenshot"), d, QStringLiteral("extra"), QStringLiteral("-o"), QStringLiteral("x.png")},
         QStringLiteral("screenshot: unexpected argument \"extra\"; usage: cluster-designer screenshot")},
    };
    for (const auto& [args, message] : cases) {
        INFO(args.join(QLatin1Char(' ')).toStdString());
        const Outcome o = cli(args);
        CHECK(o.code == 2);
        CHECK(o.err.startsWith(QStringLiteral("cluster-designer: ") + message));
        CHECK(o.out.isEmpty());
    }
}

TEST_CASE("screenshot refuses a slide, a simulation or a picture format it cannot honour", "[cli][screenshot]")
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    const Outcome slide = cli({QStringLiteral("screenshot"), QStringLiteral("--presentation"), QStringLiteral("999"), QStringLiteral("-o"), png});
    CHECK(slide.code == 2);
    INFO(slide.err.toStdString());
    CHECK(slide.err.startsWith(QStringLiteral("cluster-designer: --presentation: there is no slide 999; expected 0 to ")));
    CHECK(slide.err.contains(QStringLiteral("(0 = the design, 1 to ")));
    const Outcome negative = cli({QStringLiteral("screenshot"), QStringLiteral("--presentation"), QStringLiteral("-1"), QStringLiteral("-o"), png});
    CHECK(negative.code == 2);
    CHECK(negative.err.contains(QStringLiteral("--presentation: expected a slide number >= 0")));

    const std::vector<std::pair<const char*, QString>> simulations = {
        {"all_reduce:0:0", QStringLiteral("--simulate: SIZE must be above zero bytes, e.g. 256M; got \"all_reduce:0:0\"")},
        {"all_reduce:0", QStringLiteral("--simulate: SIZE must be above zero bytes, e.g. 256M; got \"all_reduce:0\"")},
        {"all_reduce:1M:0", QStringLiteral("--simulate: GPUS must be a whole number >= 1 (leave it out for every GPU); got \"all_reduce:1M:0\"")},
        {"all_reduce:1M:-4", QStringLiteral("--simulate: GPUS must be a whole number >= 1 (leave it out for every GPU); got \"all_reduce:1M:-4\"")},
        {"all_reduce", QStringLiteral("--simulate: expected OP:SIZE[:GPUS], e.g. all_reduce:256M:16; got \"all_reduce\"")},
    };
    for (const auto& [spec, message] : simulations) {
        INFO(spec);
        const Outcome o = cli({QStringLiteral("screenshot"), QStringLiteral("--simulate"), QLatin1String(spec), QStringLiteral("-o"), png});
        CHECK(o.code == 2);
        CHECK(o.err == QStringLiteral("cluster-designer: ") + message + QLatin1Char('\n'));
    }
    const Outcome op = cli({QStringLiteral("screenshot"), QStringLiteral("--simulate"), QStringLiteral("allreduce:1M"), QStringLiteral("-o"), png});
    CHECK(op.code == 2);
    CHECK(op.err.startsWith(QStringLiteral("cluster-designer: --simulate: ")));

    for (const char* name : {"x.xyz", "x", "x.pdf"}) {
        INFO(name);
        const Outcome o = cli({QStringLiteral("screenshot"), QStringLiteral("-o"), dir.filePath(QLatin1String(name))});
        CHECK(o.code == 2);
        CHECK(o.err.contains(QStringLiteral("-o: cannot write a picture named")));
        CHECK(o.err.contains(QStringLiteral(".png")));
        CHECK(o.err.contains(QStringLiteral(".jpg")));
    }
    CHECK_FALSE(QFile::exists(png)); // every refusal came before a window was drawn
}

TEST_CASE("Pictures are written in the format their extension names", "[cli][screenshot]")
{
    QTemporaryDir dir;
    QPixmap picture(40, 30);
    picture.fill(Qt::darkCyan);
    const std::vector<std::pair<const char*, QByteArray>> formats = {
        {"a.png", QByteArray("\x89PNG", 4)}, {"a.jpg", QByteArray("\xFF\xD8\xFF", 3)}, {"a.JPEG", QByteArray("\xFF\xD8\xFF", 3)},
        {"a.bmp", QByteArray("BM")}};
    for (const auto& [name, magic] : formats) {
        INFO(name);
        const QString path = dir.filePath(QLatin1String(name));
        CHECK(app::cli::savePicture(picture, path).isEmpty());
        QFile f(path);
        REQUIRE(f.open(QIODevice::ReadOnly));
        CHECK(f.read(magic.size()) == magic);
    }
    CHECK(app::cli::pictureFormatFor(QStringLiteral("a.JPG")) == "jpg");
    CHECK(app::cli::pictureFormatFor(QStringLiteral("a.xyz")).isEmpty());
    CHECK(app::cli::pictureFormatFor(QStringLiteral("noextension")).isEmpty());
    CHECK(app::cli::savePicture(picture, dir.filePath(QStringLiteral("a.xyz"))).startsWith(QStringLiteral("cannot write ")));
}

TEST_CASE("import --server that contradicts the matrix is refused, the summary names what was written", "[cli][import]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("i4.json"));
    const Outcome refused = cli({QStringLiteral("import"), QStringLiteral("nvidia-smi-topo"), realInput("topo_smi_03.txt"), QStringLiteral("--server"),
                                 QStringLiteral("dgx-h100"), QStringLiteral("-o"), out});
    CHECK(refused.code == 1);
    INFO(refused.err.toStdString());
    CHECK(refused.err.contains(QStringLiteral("field \"--server\": the file shows 4 GPUs but dgx-h100 has 8; pass a server with 4 GPUs (")));
    CHECK_FALSE(QFile::exists(out));

    const Outcome written = cli({QStringLiteral("import"), QStringLiteral("nvidia-smi-topo"), realInput("topo_smi_03.txt"), QStringLiteral("--server"),
                                 QStringLiteral("ws-4x-rtx4090"), QStringLiteral("-o"), out});
    CHECK(written.code == 0);
    INFO(written.out.toStdString());
    CHECK(written.out.contains(QStringLiteral("wrote ") + out + QStringLiteral(": 1 server (ws-4x-rtx4090), 4 GPUs, no switches\n")));
    CHECK_FALSE(written.out.contains(QStringLiteral("()")));
    CHECK(QFile::exists(out));
}

TEST_CASE("generate refuses options its KIND ignores and racks too small for one server, and says when it rounds the oversubscription",
          "[cli][generate]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("g.json"));
    // An option the kind does not read was silently dropped: `generate server --nodes 5` wrote one server.
    Outcome o = cli({QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
                     QStringLiteral("--nodes"), QStringLiteral("5"), QStringLiteral("-o"), out});
    CHECK(o.code == 1);
    CHECK(o.err.contains(QStringLiteral("field \"--nodes\": does not apply to generate server (it takes --server, --name)")));
    CHECK_FALSE(QFile::exists(out));
    // A rack envelope below one server's power placed one (over-budget) server per rack.
    o = cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
             QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--nodes"), QStringLiteral("64"),
             QStringLiteral("--rack-kw"), QStringLiteral("1"), QStringLiteral("-o"), out});
    CHECK(o.code == 1);
    CHECK(o.err.contains(QStringLiteral("field \"--rack-kw\": a 1 kW rack cannot hold one DGX H100 (10.2 kW, catalog)")));
    CHECK_FALSE(QFile::exists(out));
    // The rack-scale generator's errors name it, not the fat tree it builds on.
    o = cli({QStringLiteral("generate"), QStringLiteral("gb200-nvl72"), QStringLiteral("--racks"), QStringLiteral("100000"),
             QStringLiteral("-o"), out});
    CHECK(o.code == 1);
    CHECK(o.err.contains(QStringLiteral("entry \"generate gb200-nvl72\"")));
    // Whole uplinks per leaf: 1000:1 asked, 32:1 built (one uplink per leaf), said in words.
    o = cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
             QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--nodes"), QStringLiteral("64"),
             QStringLiteral("--oversubscription"), QStringLiteral("1000:1"), QStringLiteral("-o"), out});
    CHECK(o.code == 0);
    CHECK(o.out.contains(QStringLiteral("note: asked for 1000:1 oversubscription; with whole uplinks on every leaf the fabric is 32:1")));
    // 2:1 is built exactly: no note.
    o = cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
             QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--nodes"), QStringLiteral("64"),
             QStringLiteral("--oversubscription"), QStringLiteral("2:1"), QStringLiteral("-o"), out});
    CHECK(o.code == 0);
    CHECK_FALSE(o.out.contains(QStringLiteral("note:")));
}

TEST_CASE("a command's --help names the command, not the program's path", "[cli][help]")
{
    for (const char* command : {"analyze", "collective", "generate", "import", "compare"}) {
        INFO(command);
        const Outcome o = cli({QLatin1String(command), QStringLiteral("--help")});
        CHECK(o.code == 0);
        CHECK(o.out.startsWith(QStringLiteral("Usage: cluster-designer %1 [options]").arg(QLatin1String(command))));
    }
}

TEST_CASE("collective names the one option an engine cannot take", "[cli][collective]")
{
    const QString design = guitest::templatePath();
    Outcome o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"),
                     QStringLiteral("1MiB"), QStringLiteral("--engine"), QStringLiteral("simulation"), QStringLiteral("--sweep"),
                     QStringLiteral("1K:1M")});
    CHECK(o.code == 2);
    CHECK(o.err == QStringLiteral("cluster-designer: collective: --sweep needs --engine analytical (the simulator runs one size at a time)\n"));
    o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"),
             QStringLiteral("1MiB"), QStringLiteral("--fail"), QStringLiteral("switch:1")});
    CHECK(o.code == 2);
    CHECK(o.err.startsWith(QStringLiteral("cluster-designer: collective: --fail needs --engine simulation")));
}

TEST_CASE("without a reachable display the window is not attempted: a message and exit 2, not Qt's abort", "[cli][display]")
{
    // The GUI started with `display` as DISPLAY (empty: unset) and no other platform: the
    // app's message on stderr; exit 2 checked here.
    const auto start = [](const QString& display) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(QLatin1String(v));
        if (!display.isEmpty()) env.insert(QStringLiteral("DISPLAY"), display);
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(CD_APP_EXE), {});
        REQUIRE(p.waitForFinished(60000));
        CHECK(p.exitStatus() == QProcess::NormalExit);
        CHECK(p.exitCode() == 2);
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        INFO(err.toStdString());
        CHECK(err.contains(QStringLiteral("xvfb-run -a cluster-designer")));
        return err;
    };
    CHECK(start({}).startsWith(QStringLiteral("cluster-designer: no display to open the window on")));
    // Before: DISPLAY=:99 with nothing listening went to Qt's xcb plugin, which aborted (exit
    // 134) with "Reinstalling the application may fix this problem".
    CHECK(start(QStringLiteral(":5947")) // no X server uses this number here
              .startsWith(QStringLiteral("cluster-designer: no X server answers on DISPLAY=:5947 (nothing listens on /tmp/.X11-unix/X5947)")));
}

TEST_CASE("generate on a server without a compute NIC says which options it needs", "[cli][generate]")
{
    QTemporaryDir dir;
    const Outcome o = cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--server"), QStringLiteral("ws-4x-rtx4090"),
                           QStringLiteral("--switch"), QStringLiteral("sn5600"), QStringLiteral("--nodes"), QStringLiteral("2"),
                           QStringLiteral("-o"), dir.filePath(QStringLiteral("w.json"))});
    CHECK(o.code == 1);
    // It said: field "--nic": expected the id of a NIC in the catalog, got "" (no --nic was given).
    CHECK(o.err.contains(QStringLiteral("field \"--nic\": server \"ws-4x-rtx4090\" has no compute NIC in the catalog; name the NIC "
                                        "its servers would get (--nic) and how many (--nics-per-node)")));
}

TEST_CASE("generate's count options name the bound that holds, not the largest int", "[cli][generate]")
{
    // Before: --nodes 0 said "expected an integer from 1 to 2147483647", where three fat-tree
    // tiers hold at most 8,192 nodes (which a too-large count is told).
    QTemporaryDir dir;
    const Outcome o = cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("0"), QStringLiteral("-o"),
                           dir.filePath(QStringLiteral("x.json"))});
    CHECK(o.code != 0);
    CHECK(o.err.contains(QStringLiteral("field \"--nodes\": expected a whole number of at least 1, got \"0\"")));
    CHECK_FALSE(o.err.contains(QStringLiteral("2147483647")));
}

TEST_CASE("an option given twice is refused, not decided by the last one", "[cli][refusals]")
{
    // helper-90: "--op all_reduce --op broadcast" ran broadcast; "-o x.pdf -o y.pdf" wrote y.pdf;
    // "--bytes 1G --sweep 8:1G" ran the sweep and dropped --bytes.
    const QString design = guitest::templatePath();
    Outcome o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--op"),
                     QStringLiteral("broadcast"), QStringLiteral("--bytes"), QStringLiteral("1G")});
    CHECK(o.code == 2);
    CHECK(o.err == QStringLiteral("cluster-designer: collective: option --op given 2 times (all_reduce, broadcast); give it once\n"));
    o = cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--nodes"),
             QStringLiteral("8"), QStringLiteral("-o"), QStringLiteral("/nonexistent/x.json")});
    CHECK(o.code == 2);
    CHECK(o.err.contains(QStringLiteral("option --nodes given 2 times (4, 8)")));
    o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"),
             QStringLiteral("1G"), QStringLiteral("--sweep"), QStringLiteral("8:1G")});
    CHECK(o.code == 2);
    CHECK(o.err.contains(QStringLiteral("--bytes and --sweep exclude each other")));
    o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"),
             QStringLiteral("1M"), QStringLiteral("--json"), QStringLiteral("--json")});
    CHECK(o.code == 2);
    CHECK(o.err.contains(QStringLiteral("option --json given 2 times; give it once")));
    // --fail takes several on purpose.
    o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"),
             QStringLiteral("1M"), QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--engine"), QStringLiteral("simulation"),
             QStringLiteral("--fail"), QStringLiteral("link:45"), QStringLiteral("--fail"), QStringLiteral("link:46")});
    INFO(o.err.toStdString());
    CHECK(o.code == 0);
}

TEST_CASE("collective runs a size of no whole floats per rank as nccl-tests does, rounded down, and says so", "[cli][collective]")
{
    // helper-90: 100 B of all_gather on 16 GPUs was timed as 100 B (nccl-tests moves 1 float per
    // rank, 64 B), and 7 B of all_reduce as 7 (nccl-tests: 1 float, 4 B).
    const QString design = guitest::templatePath();
    Outcome o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_gather"), QStringLiteral("--bytes"),
                     QStringLiteral("100"), QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--json")});
    REQUIRE(o.code == 0);
    auto j = nlohmann::json::parse(o.out.toStdString());
    CHECK(j["bytes"] == 64.0);
    CHECK(j["bytes_requested"] == 100.0);
    CHECK(j["bytes_note"] == "nccl-tests runs 100 bytes of all_gather on 16 GPUs as 64 (whole floats per rank)");
    CHECK(j["algbw_GBps"].get<double>() == Approx(64.0 / (j["time_us"].get<double>() * 1e3)));
    o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"),
             QStringLiteral("7"), QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--json")});
    REQUIRE(o.code == 0);
    j = nlohmann::json::parse(o.out.toStdString());
    CHECK(j["bytes"] == 4.0);
    // A whole size is taken as given, with no note.
    o = cli({QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_gather"), QStringLiteral("--bytes"),
             QStringLiteral("1M"), QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--json")});
    REQUIRE(o.code == 0);
    j = nlohmann::json::parse(o.out.toStdString());
    CHECK(j["bytes"] == 1048576.0);
    CHECK_FALSE(j.contains("bytes_requested"));
}
