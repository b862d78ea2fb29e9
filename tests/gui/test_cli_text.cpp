// The command line's text output reads as a person expects: times with three significant
// digits and a unit ("842 ms", "22.0 s"), percentages with one decimal ("38.0 %"), counts with
// thousands separators; no raw doubles ("0.84213999999").
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "model/catalog/catalog.hpp"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

namespace {
QString run(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), args);
    REQUIRE(p.waitForFinished(60000));
    INFO(p.readAllStandardError().toStdString());
    REQUIRE(p.exitCode() == 0);
    return QString::fromLocal8Bit(p.readAllStandardOutput());
}
} // namespace

TEST_CASE("analyze prints times, percentages and counts with sensible precision", "[gui][cli]")
{
    for (const char* workload : {"gpt3-175b", "llama3-70b"}) {
        const QString out = run({QStringLiteral("analyze"), guitest::templatePath(), QStringLiteral("--workload"),
                                 QLatin1String(workload)});
        INFO(out.toStdString());
        // "  step 22.0 s, 81,234 tokens/s, MFU 38.0 %, 41.2 GB per GPU"
        const QRegularExpression step(QStringLiteral(R"(step (\d+(\.\d+)?) m?s, [\d,]+ tokens/s, MFU \d+\.\d %)"));
        const auto m = step.match(out);
        REQUIRE(m.hasMatch());
        // Three significant digits: "22.0", "842", "153".
        const QString digits = QString(m.captured(1)).remove(QLatin1Char('.')).remove(QRegularExpression(QStringLiteral("^0+")));
        CHECK(digits.size() == 3);
        CHECK(out.contains(QRegularExpression(QStringLiteral(R"(\s+256 GPUs\s+\d+\.\d %)"))));
        // No long raw doubles anywhere.
        CHECK_FALSE(out.contains(QRegularExpression(QStringLiteral(R"(\d\.\d{6,})"))));
        // Times under a second read in ms or us, never as "0.00335 s"; the bottleneck's MFU is
        // the step line's, to the same decimal.
        CHECK_FALSE(out.contains(QRegularExpression(QStringLiteral(R"(\b0\.\d+ s\b)"))));
        CHECK_FALSE(out.contains(QRegularExpression(QStringLiteral(R"(MFU \d+%)"))));
    }
}

TEST_CASE("a compute-bound design prints one MFU figure in its bottleneck and its step line", "[gui][cli]")
{
    // 8 x L40S: the math takes 99% of the step. The bottleneck said "MFU 53%" above a step line
    // with "MFU 53.4 %".
    const QString out =
        run({QStringLiteral("analyze"), QString::fromStdString(model::bundledTemplateDirectory() + "/server-8x-l40s.json"),
             QStringLiteral("--workload"), QStringLiteral("llama3-8b")});
    INFO(out.toStdString());
    const auto bottleneck = QRegularExpression(QStringLiteral(R"(compute-bound: .*\(MFU (\d+\.\d %)\))")).match(out);
    const auto step = QRegularExpression(QStringLiteral(R"(step \d+(\.\d+)? m?s, [\d,]+ tokens/s, MFU (\d+\.\d %))")).match(out);
    REQUIRE(bottleneck.hasMatch());
    REQUIRE(step.hasMatch());
    CHECK(bottleneck.captured(1) == step.captured(2));
}

TEST_CASE("collective refuses a size under one element and says what a 1-GPU figure is", "[gui][cli]")
{
    const auto refusal = [](const QStringList& extra) {
        QProcess p;
        p.start(QStringLiteral(CD_APP_EXE), QStringList{QStringLiteral("collective"), guitest::templatePath()} + extra);
        REQUIRE(p.waitForFinished(60000));
        CHECK(p.exitCode() == 2); // a bad option value, as "--bytes abc" (helper-81: it exited 1)
        return QString::fromLocal8Bit(p.readAllStandardError());
    };
    // nccl-tests rounds down to whole floats: these moved 0 elements but printed a time.
    CHECK(refusal({QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"), QStringLiteral("3")})
              .contains(QStringLiteral("--bytes 3: under one float (4 bytes) for all_reduce on 256 GPUs")));
    CHECK(refusal({QStringLiteral("--op"), QStringLiteral("all_to_all"), QStringLiteral("--bytes"), QStringLiteral("8"),
                   QStringLiteral("--gpus"), QStringLiteral("8")})
              .contains(QStringLiteral("per GPU for alltoall on 8 GPUs; nccl-tests rounds a size down to whole elements, so this "
                                       "run would move 0 elements. Give at least 32 bytes")));
    CHECK(refusal({QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"), QStringLiteral("1"),
                   QStringLiteral("--engine"), QStringLiteral("simulation"), QStringLiteral("--gpus"), QStringLiteral("16")})
              .contains(QStringLiteral("under one float")));
    CHECK(run({QStringLiteral("collective"), guitest::templatePath(), QStringLiteral("--op"), QStringLiteral("all_reduce"),
               QStringLiteral("--bytes"), QStringLiteral("4"), QStringLiteral("--gpus"), QStringLiteral("16")})
              .contains(QStringLiteral("all_reduce on 16 GPUs")));
    // One GPU: a local copy, said as such (it read "latency term 0.0 us ... candidates: ring 0.0 us").
    const QString one = run({QStringLiteral("collective"), guitest::templatePath(), QStringLiteral("--op"), QStringLiteral("all_reduce"),
                             QStringLiteral("--bytes"), QStringLiteral("1M"), QStringLiteral("--gpus"), QStringLiteral("1")});
    CHECK(one.contains(QStringLiteral("# local copy on 1 GPU: nothing crosses a link")));
    CHECK(one.contains(QStringLiteral("launch overhead (microseconds on a real GPU) is not modelled")));
}

TEST_CASE("collective --sweep leaves out the sizes --bytes refuses and says so", "[gui][cli]")
{
    // helper-85: "--sweep 8:64" of all_gather on 256 GPUs printed rows of count 0 with a time,
    // where "--bytes 8" exits 2.
    const QStringList base{QStringLiteral("collective"), guitest::templatePath(), QStringLiteral("--op"), QStringLiteral("all_gather")};
    const QString out = run(base + QStringList{QStringLiteral("--sweep"), QStringLiteral("8:4K")});
    CHECK_FALSE(out.contains(QRegularExpression(QStringLiteral(R"(^\s+\d+\s+0\s+float)"), QRegularExpression::MultilineOption)));
    CHECK(out.contains(QRegularExpression(QStringLiteral(R"(^\s+1024\s+1\s+float)"), QRegularExpression::MultilineOption)));
    CHECK(out.contains(QStringLiteral("# 7 sizes under one float per rank left out (nccl-tests would move 0 elements); the first row is 1,024 bytes")));
    // Every size under one element: refused as --bytes is, naming the sweep.
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), base + QStringList{QStringLiteral("--sweep"), QStringLiteral("8:64")});
    REQUIRE(p.waitForFinished(60000));
    CHECK(p.exitCode() == 2);
    CHECK(QString::fromLocal8Bit(p.readAllStandardError()).contains(QStringLiteral("--sweep 8:64: every size is under one float (4 bytes) per GPU")));
    // All-reduce counts elements over the whole buffer: 8 B is 2 floats, a row.
    CHECK(run({QStringLiteral("collective"), guitest::templatePath(), QStringLiteral("--op"), QStringLiteral("all_reduce"),
               QStringLiteral("--sweep"), QStringLiteral("8:64")})
              .contains(QRegularExpression(QStringLiteral(R"(^\s+8\s+2\s+float)"), QRegularExpression::MultilineOption)));
}

TEST_CASE("collective refuses an explicit --gpus 0 instead of reading it as every GPU", "[gui][cli]")
{
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("collective"), guitest::templatePath(), QStringLiteral("--op"),
                                         QStringLiteral("all_reduce"), QStringLiteral("--bytes"), QStringLiteral("1G"),
                                         QStringLiteral("--gpus"), QStringLiteral("0")});
    REQUIRE(p.waitForFinished(60000));
    CHECK(p.exitCode() != 0);
    CHECK(QString::fromLocal8Bit(p.readAllStandardError()).contains(QStringLiteral("--gpus expects a whole number >= 1")));
    // Left out, it still means every GPU of the design (256 on the default template).
    const QString all = run({QStringLiteral("collective"), guitest::templatePath(), QStringLiteral("--op"),
                             QStringLiteral("all_reduce"), QStringLiteral("--bytes"), QStringLiteral("1G"), QStringLiteral("--json")});
    CHECK(all.contains(QStringLiteral("\"gpus\": 256")));
}

TEST_CASE("report and compare warn on stderr when the engine cannot analyse a design", "[gui][cli]")
{
    // Before: a design whose model had 0 layers was refused by analyze (exit 1), but report
    // and compare wrote their output, exit 0, with nothing on stderr. Its links are analysed;
    // the warning says no step is timed.
    QFile in(QString::fromStdString(model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json"));
    REQUIRE(in.open(QIODevice::ReadOnly));
    nlohmann::json d = nlohmann::json::parse(in.readAll().toStdString());
    d["analysis"]["model"]["layers"] = 0;
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad-layers.json"));
    QFile out(bad);
    REQUIRE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(d.dump()));
    out.close();
    for (const QStringList& args : {QStringList{QStringLiteral("report"), bad, QStringLiteral("-o"), dir.filePath(QStringLiteral("r.html"))},
                                    QStringList{QStringLiteral("compare"), bad, guitest::templatePath()}}) {
        QProcess p;
        p.start(QStringLiteral(CD_APP_EXE), args);
        REQUIRE(p.waitForFinished(120000));
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        INFO(args.join(QLatin1Char(' ')).toStdString() << "\n" << err.toStdString());
        CHECK(p.exitCode() == 0); // the output is still written, saying what is missing
        CHECK(err.contains(QStringLiteral("warning: ")));
        CHECK(err.contains(QStringLiteral("field \"layers\": expected an integer from 1")));
        CHECK(err.contains(QStringLiteral("(no training step is timed; the output gives the links alone and says why)")));
    }
}

TEST_CASE("analyze separates thousands in every figure and count it prints", "[gui][cli]")
{
    // Before: "128 servers, 1024 GPUs", "hbm 8000 GB/s", "1024 GPUs" in the scaling list beside
    // the report's "1,024" and "8,000".
    const QString out = run({QStringLiteral("analyze"), QString::fromStdString(model::bundledTemplateDirectory() + "/dgx-b200-4su.json"),
                             QStringLiteral("--workload"), QStringLiteral("gpt3-175b")});
    INFO(out.toStdString());
    CHECK(out.startsWith(QStringLiteral("128 servers, 1,024 GPUs")));
    CHECK(out.contains(QRegularExpression(QStringLiteral(R"(hbm\s+8,000 GB/s)"))));
    CHECK(out.contains(QRegularExpression(QStringLiteral(R"(\s1,024 GPUs\s+\d+\.\d %)"))));
    // No bare number of four digits or more, but the parallel layout's degrees ("dp 1024"),
    // which read as the settings they are.
    QString figures = out;
    figures.remove(QRegularExpression(QStringLiteral(R"((tp|pp|dp) \d+)")));
    CHECK_FALSE(figures.contains(QRegularExpression(QStringLiteral(R"((?<![\w.,-])\d{4,}(?![\w,]))"))));
}

TEST_CASE("analyze gives a workload that does not fit one memory figure everywhere", "[gui][cli]")
{
    // 4 x RTX 4090, llama3-8b: the bottleneck said "needs 32.1 GB", the scaling note and the
    // warning "32 GB" (cut to whole GB); on an NVL72 rack megatron-1t read 666 and 667 GB.
    for (const auto& [file, workload] : {std::pair{"/workstation-4x-rtx4090.json", "llama3-8b"}, std::pair{"/gb200-nvl72-1rack.json", "megatron-1t"}}) {
        const QString out = run({QStringLiteral("analyze"), QString::fromStdString(model::bundledTemplateDirectory() + file), QStringLiteral("--workload"),
                                 QLatin1String(workload)});
        INFO(out.toStdString());
        // The advice names the memory of the layout that would hold it ("add GPUs: 8 GPUs ... at
        // tensor 1 x pipeline 8 x data 1, 16.1 GB per GPU"): another layout, another figure.
        QString need = out;
        CHECK(need.remove(QRegularExpression(QStringLiteral(R"(x data \d+( \([^)]*\))?, [\d.,]+ GB per GPU)"))) != out);
        QSet<QString> figures;
        auto it = QRegularExpression(QStringLiteral(R"(([\d.,]+) GB per GPU)")).globalMatch(need);
        int n = 0;
        while (it.hasNext()) {
            figures.insert(it.next().captured(1));
            ++n;
        }
        CHECK(n >= 4);
        CHECK(figures.size() == 1);
    }
}

TEST_CASE("analyze prints the step its bottleneck quotes without --workload", "[gui][cli]")
{
    // helper-88: "cost 8.2 % of the step" with no Step section unless --workload was given.
    const QString out = run({QStringLiteral("analyze"), guitest::templatePath()});
    CHECK(out.contains(QStringLiteral("% of the step")));
    CHECK(out.contains(QStringLiteral("\nStep (gpt3-175b, tp 4 pp 8 dp 8, ")));
}
