// Design and compare reports: every template renders to PDF and HTML; pdftotext of the PDF
// holds each section title and the figures the engine computed; user strings are escaped;
// the compare command's verdict and break-even; CSV exports.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "pdf_text.hpp"

#include "app/compare_window.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/report/csv_export.hpp"
#include "app/report/report_format.hpp"
#include "app/report/reports.hpp"
#include "model/compare/comparison.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/topology/fat_tree.hpp"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace {

const model::cost::PriceTable& prices()
{
    static const auto t = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    return t;
}

model::compare::DesignResults resultsOf(const model::Design& d, const std::string& file = "")
{
    return model::compare::computeDesignResults(std::make_shared<const model::Design>(d), *guitest::catalog(), prices(), {}, file);
}

QStringList templates()
{
    QStringList out;
    for (const QString& f : QDir(QString::fromStdString(model::bundledTemplateDirectory())).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        out << QString::fromStdString(model::bundledTemplateDirectory()) + QLatin1Char('/') + f;
    return out;
}

/// pdftotext -layout of `pdf` (pdf_text.hpp). NFKC folds the typographic ligatures the PDF
/// keeps (U+FB01 "fi" in "findings") into letters, as PDF viewers do when they search.
QString pdfText(const QString& pdf)
{
    return pdftest::pdftotext(pdf, {QStringLiteral("-layout")}).normalized(QString::NormalizationForm_KC);
}

QString readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return QString::fromUtf8(f.readAll());
}

/// Runs the command line; returns (exit code, stdout).
std::pair<int, QByteArray> runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), args);
    REQUIRE(p.waitForFinished(180000));
    return {p.exitCode(), p.readAllStandardOutput()};
}

} // namespace

TEST_CASE("The report of every template renders as PDF and HTML", "[gui][report]")
{
    QTemporaryDir dir;
    for (const QString& path : templates()) {
        INFO(path.toStdString());
        const model::Design d = model::loadDesign(path.toStdString());
        const auto r = resultsOf(d, path.toStdString());
        const app::report::ReportDoc doc = app::report::designReport(r, guitest::catalog());
        CHECK(doc.sectionTitles() == app::report::kDesignSections);
        const QString pdf = dir.filePath(QFileInfo(path).baseName() + QStringLiteral(".pdf"));
        const QString html = dir.filePath(QFileInfo(path).baseName() + QStringLiteral(".html"));
        REQUIRE(app::report::writeReport(doc, pdf).isEmpty());
        REQUIRE(app::report::writeReport(doc, html).isEmpty());
        QFile f(pdf);
        REQUIRE(f.open(QIODevice::ReadOnly));
        CHECK(f.read(5) == "%PDF-");
        const QString text = pdfText(pdf);
        for (const QString& title : app::report::kDesignSections) CHECK(text.contains(title));
        CHECK(text.contains(QString::fromStdString(d.name).left(30)));
        const QString h = readAll(html);
        CHECK(h.startsWith(QStringLiteral("<!DOCTYPE html>")));
        // Self-contained: figures inline, nothing fetched from elsewhere.
        CHECK_FALSE(h.contains(QStringLiteral("src=\"http")));
        CHECK_FALSE(h.contains(QStringLiteral("<link")));
        CHECK(h.count(QStringLiteral("data:image/svg+xml;base64,")) == static_cast<int>(doc.figures.size()));
    }
}

TEST_CASE("pdftotext of the SuperPOD report holds the engine's busbw, BOM counts and capital cost", "[gui][report]")
{
    QTemporaryDir dir;
    const model::Design d = model::loadDesign(model::defaultDesignPath());
    const auto r = resultsOf(d);
    const QString pdf = dir.filePath(QStringLiteral("superpod.pdf"));
    REQUIRE(app::report::writeReport(app::report::designReport(r, guitest::catalog()), pdf).isEmpty());
    const QString text = pdfText(pdf);
    // busbw of an 8 GiB all-reduce over all GPUs, as the engine computes it.
    model::CollectiveRequest req;
    req.bytes = 8.0 * 1024 * 1024 * 1024;
    const model::CollectiveResult ar = model::predictCollective(d, *guitest::catalog(), req);
    CHECK(text.contains(app::report::gbps(ar.busbw.inGBps())));
    // Bill of materials counts, from computeBom.
    const model::topology::Bom bom = model::topology::computeBom(d, *guitest::catalog());
    for (const auto& s : bom.switches) CHECK(text.contains(QString::fromStdString(s.name)));
    CHECK(text.contains(app::report::count(static_cast<double>(bom.nics.at(0).count))));
    for (const auto& x : bom.transceivers) CHECK(text.contains(app::report::count(static_cast<double>(x.count))));
    CHECK(text.contains(app::report::count(static_cast<double>(bom.cablesBetween("leaf-spine")))));
    // Capital cost: 32 DGX H100 x US$ 199,000.
    CHECK(text.contains(QStringLiteral("US$ 6,368,000")));
    CHECK(text.contains(QStringLiteral("US$ 199,000")));
    // Every section, and the checks before blaming the network.
    for (const QString& title : app::report::kDesignSections) CHECK(text.contains(title));
    for (const auto& c : r.analysis->bottleneck.checks) CHECK(text.simplified().contains(QString::fromStdString(c).left(25)));
}

TEST_CASE("A workload that does not fit in GPU memory gets a Bottleneck section with no network checks", "[gui][report]")
{
    // 4x RTX 4090 (24 GB) told to train GPT-3 175B: the run cannot start, so the heading does
    // not promise checks before blaming the network, and the rules count in the singular.
    model::Design d = model::loadDesign(model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json");
    d.analysis.erase("model");
    d.analysis.erase("rule_waivers");
    d.analysis["workload"] = "gpt3-175b";
    const auto r = resultsOf(d);
    REQUIRE(r.analysis);
    REQUIRE(r.analysis->bottleneck.checks.empty());
    const app::report::ReportDoc doc = app::report::designReport(r, guitest::catalog());
    QStringList expected = app::report::kDesignSections;
    expected[6] = app::report::kBottleneckOnlySection;
    CHECK(doc.sectionTitles() == expected);
    QTemporaryDir dir;
    const QString html = dir.filePath(QStringLiteral("ws.html"));
    REQUIRE(app::report::writeReport(doc, html).isEmpty());
    const QString h = readAll(html);
    CHECK_FALSE(h.contains(QStringLiteral("before blaming the network")));
    CHECK(h.contains(QStringLiteral("0 errors, 1 warning.")));
}

TEST_CASE("A design named <script>alert(1)</script> prints as text, never as markup", "[gui][report]")
{
    model::Design d = model::loadDesign(QString::fromStdString(model::bundledTemplateDirectory() + "/server-8x-l40s.json").toStdString());
    d.name = "<script>alert(1)</script>";
    auto node = d.nodes().begin()->second;
    node.name = "<img src=x onerror=alert(2)>";
    d.updateNode(node);
    QTemporaryDir dir;
    const auto r = resultsOf(d);
    const app::report::ReportDoc doc = app::report::designReport(r, guitest::catalog());
    const QString html = app::report::toHtml(doc);
    CHECK_FALSE(html.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
    CHECK_FALSE(html.contains(QStringLiteral("<img src=x"), Qt::CaseInsensitive));
    CHECK(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")));
    const QString pdf = dir.filePath(QStringLiteral("script.pdf"));
    REQUIRE(app::report::writeReport(doc, pdf).isEmpty());
    CHECK(pdfText(pdf).contains(QStringLiteral("<script>alert(1)</script>")));
}

TEST_CASE("compare of the rented template against the SuperPOD unit: verdict and break-even month", "[gui][report][compare]")
{
    const QString rented = QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/rented-8x-h100-3200g.json");
    const auto [code, out] = runCli({QStringLiteral("compare"), guitest::templatePath(), rented, QStringLiteral("--json")});
    REQUIRE(code == 0);
    const auto j = nlohmann::json::parse(out.toStdString());
    REQUIRE(j["designs"].size() == 2);
    // By hand: 24,875 capital per GPU / (3.99 x 730 rent - 554.52 running, per GPU-month: 347.04 kW
    // of DGX H100 and QM9700) = 10.55 months: month 11, a lower bound (the QM9700 switches and
    // optics have no price).
    const double running = (347.04 * 1.58 * 0.0895 * 730.0 + 6368000.0 * 0.2 / 12.0) / 256.0;
    const double months = (6368000.0 / 256.0) / (3.99 * 730.0 - running);
    REQUIRE(j["break_even"].size() == 1);
    CHECK(j["break_even"][0]["build"] == "A");
    CHECK(j["break_even"][0]["rent"] == "B");
    CHECK(j["break_even"][0]["months"].get<double>() == Approx(months));
    CHECK(j["break_even"][0]["month"] == 11);
    const std::string verdict = j["verdict"];
    INFO(verdict);
    CHECK(verdict.find("Per GPU, renting B") == 0); // 256 GPUs against 64: the comparison is per GPU
    CHECK(verdict.find("costs less than building A until month 11 (or later") != std::string::npos);
    CHECK(verdict.find("Building A trains the gpt3-175b run") != std::string::npos);
    // The speed factor is the engine's tokens/s ratio.
    const double tpsA = j["designs"][0]["tokens_per_second"], tpsB = j["designs"][1]["tokens_per_second"];
    char factor[32];
    std::snprintf(factor, sizeof factor, "%.1fx faster", tpsA / tpsB);
    CHECK(verdict.find(factor) != std::string::npos);

    // The compare report as PDF and HTML, and the table as CSV.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("compare.pdf"));
    CHECK(runCli({QStringLiteral("compare"), guitest::templatePath(), rented, QStringLiteral("-o"), pdf}).first == 0);
    const QString text = pdfText(pdf);
    for (const QString& title : app::report::kCompareSections) CHECK(text.contains(title));
    CHECK(text.simplified().contains(QStringLiteral("until month 11")));
    const QString csv = dir.filePath(QStringLiteral("compare.csv"));
    CHECK(runCli({QStringLiteral("compare"), guitest::templatePath(), rented, QStringLiteral("-o"), csv}).first == 0);
    CHECK(readAll(csv).startsWith(QStringLiteral("figure,unit,\"A: ")));
}

TEST_CASE("report command: PDF, HTML and CSV files, bad arguments exit 2", "[gui][report]")
{
    QTemporaryDir dir;
    const QString html = dir.filePath(QStringLiteral("r.html"));
    CHECK(runCli({QStringLiteral("report"), guitest::templatePath(), QStringLiteral("-o"), html, QStringLiteral("--csv"), dir.filePath(QStringLiteral("csv"))})
              .first == 0);
    CHECK(readAll(html).contains(QStringLiteral("Summary and verdict")));
    for (const char* f : {"bom.csv", "layers.csv", "busbw.csv", "scaling.csv", "cost.csv"}) CHECK(QFile::exists(dir.filePath(QStringLiteral("csv/")) + QLatin1String(f)));
    CHECK(readAll(dir.filePath(QStringLiteral("csv/cost.csv"))).contains(QStringLiteral("capital,DGX H100,dgx-h100,32,199000,6368000,")));
    CHECK(runCli({QStringLiteral("report"), guitest::templatePath(), QStringLiteral("-o"), dir.filePath(QStringLiteral("r.docx"))}).first == 2);
    CHECK(runCli({QStringLiteral("compare"), guitest::templatePath()}).first == 2);
    CHECK(runCli({QStringLiteral("compare"), guitest::templatePath(), guitest::templatePath(), QStringLiteral("--tokens"), QStringLiteral("lots")}).first == 2);
    CHECK(runCli({QStringLiteral("report"), dir.filePath(QStringLiteral("missing.json")), QStringLiteral("-o"), html}).first == 1);
}

TEST_CASE("File > Export Report and View > Compare Designs from the main window", "[gui][report]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("open.pdf"));
    REQUIRE(w.exportReportTo(pdf).isEmpty());
    CHECK(pdfText(pdf).contains(QStringLiteral("US$ 6,368,000")));
    REQUIRE(w.exportReportTo(dir.filePath(QStringLiteral("open.csv"))).isEmpty());
    CHECK(QFile::exists(dir.filePath(QStringLiteral("open-cost.csv"))));
    CHECK(w.exportReportTo(dir.filePath(QStringLiteral("open.txt"))).contains(QStringLiteral(".pdf or .html")));

    app::CompareWindow* c = w.showCompare();
    REQUIRE(c);
    REQUIRE(c->addFile(QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/rented-8x-h100-3200g.json")));
    REQUIRE(QTest::qWaitFor([c] { return !c->isBusy(); }, 60000));
    REQUIRE(c->comparison());
    CHECK(c->comparison()->names[0] == w.document()->design().name);
    CHECK(w.showCompare() == c); // one Compare window per main window
}

TEST_CASE("A workload that does not fit in GPU memory: the report gives no step, tokens/s or MFU for it", "[gui][report]")
{
    // Two DGX H100 (16 GPUs) asked to train gpt3-175b: 175 GB per GPU of state, 10.3 of
    // activations. Before, the
    // report headlined "gpt3-175b tokens/s 6,091" and "a step takes 2.69 s, MFU 41.4 %" above
    // the warning that the workload does not fit.
    model::topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 2;
    o.switchModel = "qm9700";
    model::Design d = model::topology::generateFatTree(*guitest::catalog(), o);
    d.analysis["workload"] = "gpt3-175b";
    const auto r = resultsOf(d);
    REQUIRE(r.analysis);
    REQUIRE(r.analysis->hasStep);
    REQUIRE(model::memoryOverflowWarning(r.analysis->warnings) != nullptr);
    const QString html = app::report::toHtml(app::report::designReport(r, guitest::catalog()));
    CHECK(html.contains(QStringLiteral("does not fit in GPU memory on this design")));
    CHECK(html.contains(QStringLiteral("the run cannot start")));
    // One level of parentheses: the need, then the ways out in a sentence of their own. Before:
    // "... parallel (the workload does not fit in GPU memory: 185 GB per GPU (...); ...), so".
    CHECK(html.contains(QStringLiteral("parallel: it needs 185 GB per GPU (175 of weights, gradients and optimizer state, 10.3 of "
                                       "activations), so the run cannot start")));
    CHECK(html.contains(QStringLiteral("is given. Ways out: ")));
    CHECK_FALSE(html.contains(QStringLiteral("parallel (the workload does not fit")));
    CHECK_FALSE(html.contains(QStringLiteral("a step takes")));
    CHECK_FALSE(html.contains(QStringLiteral("model FLOPs utilisation")));
    // The step breakdown further down (what each lever would change) is marked as not a run.
    CHECK(html.contains(QStringLiteral("Not a run: gpt3-175b does not fit in GPU memory on this design")));
    const QString key = html.left(html.indexOf(QStringLiteral("Not a run:")));
    CHECK_FALSE(key.contains(app::report::count(r.analysis->step.tokensPerSecond)));
    // The bottleneck is memory, not a link; no scaling curve is drawn, and the scaling section
    // says why; no network checks. Before: 'Bottleneck: the pipeline bubble' and a curve.
    CHECK(html.contains(QStringLiteral("GPU memory capacity (the workload does not fit)")));
    CHECK(html.contains(QStringLiteral("No scaling curve: gpt3-175b does not fit in GPU memory, needing 185 GB per GPU (175 of weights, "
                                       "gradients and optimizer state, 10.3 of activations), so it cannot run on the design or on "
                                       "fewer of its GPUs.")));
    CHECK_FALSE(html.contains(QStringLiteral("Throughput per GPU relative to one GPU")));
    CHECK_FALSE(html.contains(QStringLiteral("Before blaming the network, check")));
    CHECK_FALSE(html.contains(QStringLiteral("the pipeline bubble")));
    // A workload that fits keeps its figures (the SuperPOD template, llama3-70b).
    const auto fits = resultsOf(model::loadDesign(guitest::templatePath().toStdString()));
    REQUIRE(fits.analysis);
    REQUIRE(model::memoryOverflowWarning(fits.analysis->warnings) == nullptr);
    CHECK(app::report::toHtml(app::report::designReport(fits, guitest::catalog())).contains(QStringLiteral("a step takes")));
}

TEST_CASE("The topology sentence names one server in the singular and a design without a fabric as such",
          "[gui][report]")
{
    auto summary = [](int nodes, int gpus, double bisectionGBps, double oversubscription) {
        model::DesignAnalysis a;
        a.nodes = nodes;
        a.gpus = gpus;
        a.bisectionGBps = bisectionGBps;
        a.oversubscription = oversubscription;
        return app::report::topologySummary(a);
    };
    const QString alone = summary(1, 4, 0, 1);
    CHECK(alone.startsWith(QStringLiteral("1 server with 4 GPUs")));
    CHECK(alone.contains(QStringLiteral("no switched fabric")));
    CHECK_FALSE(alone.contains(QStringLiteral("1:1")));

    const QString fabric = summary(32, 256, 6400, 2);
    CHECK(fabric.startsWith(QStringLiteral("32 servers with 256 GPUs; fabric bisection ")));
    CHECK(fabric.endsWith(QStringLiteral("worst leaf/spine oversubscription 2:1.")));
}

TEST_CASE("The space line says which whole racks its rack units leave out", "[gui][report]")
{
    // Before: 'Space: 34 rack units; racks: 10.' for 8 GB200 NVL72 racks (no rack-unit figure:
    // each is a whole rack) and 34 one-unit QM9700 switches in two network racks.
    const std::string path = model::bundledTemplateDirectory() + "/gb200-nvl72-8racks.json";
    const auto r = resultsOf(model::loadDesign(path), path);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("gb200.pdf"));
    REQUIRE(app::report::writeReport(app::report::designReport(r, guitest::catalog()), pdf).isEmpty());
    CHECK(pdfText(pdf).simplified().contains(
        QStringLiteral("Space: 34 rack units for the parts outside the whole racks, plus 8 x GB200 NVL72 rack (DGX GB200), each a "
                       "whole rack with no rack-unit figure; racks: 10.")));
    // The command line's bill of materials says the same.
    const auto [code, out] = runCli({QStringLiteral("bom"), QString::fromStdString(path)});
    CHECK(code == 0);
    CHECK(QString::fromUtf8(out).contains(
        QStringLiteral("Space: 34 rack units for the parts outside the whole racks, plus 8 x GB200 NVL72 rack (DGX GB200), each a "
                       "whole rack with no rack-unit figure; racks: 10\n")));
}

TEST_CASE("The report's checks before blaming the network fit a workstation without NVLink or NICs", "[gui][report]")
{
    // Before: 'does NCCL see NVLink and one NIC per GPU ..., GPUDirect RDMA on, and the NIC on the
    // GPU's PCIe switch?' for one 4x RTX 4090 box.
    const std::string path = model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json";
    const auto r = resultsOf(model::loadDesign(path), path);
    const QString html = app::report::toHtml(app::report::designReport(r, guitest::catalog()));
    CHECK(html.contains(QStringLiteral("Before blaming the network, check")));
    CHECK(html.contains(QStringLiteral("PCIe: every copy between the GPUs is staged through host memory (no peer-to-peer), so does "
                                       "each GPU's slot run at its full PCIe Gen4 x16 (lspci -vv LnkSta)?")));
    CHECK_FALSE(html.contains(QStringLiteral("NVLink and one NIC")));
    CHECK_FALSE(html.contains(QStringLiteral("GPUDirect RDMA")));
    CHECK_FALSE(html.contains(QStringLiteral("a single node: run the same job")));
    // analyze prints the same checks.
    const auto [code, out] = runCli({QStringLiteral("analyze"), QString::fromStdString(path)});
    CHECK(code == 0);
    CHECK_FALSE(QString::fromUtf8(out).contains(QStringLiteral("NVLink and one NIC")));
    CHECK(QString::fromUtf8(out).contains(QStringLiteral("   - PCIe: every copy between the GPUs is staged through host memory")));
}

TEST_CASE("analyze and compare on a workload that does not fit: no run figures, memory named", "[gui][report]")
{
    // The 4x RTX 4090 workstation, generated as `generate server --server ws-4x-rtx4090` does:
    // the default gpt3-175b needs 782 GB per GPU (700 of state). Before: 'Bottleneck: pipeline_bubble' and a
    // weak-scaling curve of 94.1 % and 84.1 %; compare gave C 'the pipeline bubble' and MFU 50.2 %
    // as the best.
    QTemporaryDir dir;
    const QString ws = dir.filePath(QStringLiteral("ws.json"));
    REQUIRE(runCli({QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("ws-4x-rtx4090"),
                    QStringLiteral("-o"), ws}).first == 0);
    const auto [code, out] = runCli({QStringLiteral("analyze"), ws});
    REQUIRE(code == 0);
    const QString text = QString::fromUtf8(out);
    CHECK(text.contains(QStringLiteral("Bottleneck: memory\n  gpt3-175b needs 782 GB per GPU (700 of weights, gradients and optimizer "
                                       "state, 82.1 of activations)")));
    CHECK(text.contains(QStringLiteral("  no scaling curve: gpt3-175b does not fit in GPU memory, needing 782 GB per GPU")));
    CHECK_FALSE(text.contains(QStringLiteral("pipeline_bubble")));
    CHECK_FALSE(text.contains(QStringLiteral("%\n"))); // no efficiency row
    CHECK_FALSE(text.contains(QStringLiteral("Before blaming the network")));

    const auto [jcode, json] = runCli({QStringLiteral("analyze"), ws, QStringLiteral("--json")});
    REQUIRE(jcode == 0);
    const nlohmann::json j = nlohmann::json::parse(json.toStdString());
    CHECK(j["bottleneck"]["scope"] == "memory");
    CHECK(j["scaling"].empty());
    CHECK(j["scaling_note"].get<std::string>().rfind("no scaling curve: gpt3-175b does not fit in GPU memory", 0) == 0);

    const auto [ccode, cout] = runCli({QStringLiteral("compare"), guitest::templatePath(), ws});
    REQUIRE(ccode == 0);
    const QString table = QString::fromUtf8(cout);
    CHECK(table.contains(QStringLiteral("does not fit in GPU memory")));
    CHECK(table.contains(QStringLiteral("GPU memory (the workload")));
    CHECK_FALSE(table.contains(QStringLiteral("Pipeline bubble")));
    CHECK(table.contains(QStringLiteral("B cannot run the workload: the workload does not fit in GPU memory: 782 GB per GPU (700 of")));
}

TEST_CASE("bom says none under a heading with nothing in it", "[gui][report]")
{
    // Before: one 8x L40S server printed 'Switches', 'Cables' and 'Transceivers' with nothing
    // under them, as if the listing had been cut off.
    const std::string path = model::bundledTemplateDirectory() + "/server-8x-l40s.json";
    const auto [code, out] = runCli({QStringLiteral("bom"), QString::fromStdString(path)});
    CHECK(code == 0);
    const QString text = QString::fromUtf8(out);
    CHECK(text.contains(QStringLiteral("Switches\n  none\nCompute NICs\n  4 x ")));
    CHECK(text.contains(QStringLiteral("Cables\n  none\nTransceivers\n  none\nPower: ")));
    CHECK(text.contains(QStringLiteral("Servers\n  1 x 8x L40S PCIe server")));

    // An empty design: every heading says none, and the power line has no dangling list.
    model::Design empty = model::loadDesign(path);
    std::vector<model::Id> ids;
    for (const auto& [id, n] : empty.nodes()) ids.push_back(id);
    for (model::Id id : ids) (void)empty.removeNode(id);
    QTemporaryDir dir;
    const QString emptyPath = dir.filePath(QStringLiteral("empty.json"));
    model::saveDesign(empty, emptyPath.toStdString());
    const auto [code2, out2] = runCli({QStringLiteral("bom"), emptyPath});
    CHECK(code2 == 0);
    const QString e = QString::fromUtf8(out2);
    CHECK(e.startsWith(QStringLiteral("Servers\n  none\nSwitches\n  none\n")));
    CHECK(e.contains(QStringLiteral("Power: 0 kW (no parts)\n")));
    const auto [code3, json] = runCli({QStringLiteral("bom"), emptyPath, QStringLiteral("--json")});
    CHECK(code3 == 0);
    CHECK(QString::fromUtf8(json).contains(QStringLiteral("\"total_kW\": 0")));
    CHECK(e.contains(QStringLiteral("Transceiver rule: None: the design has no server or switch to take a module.\n")));
    CHECK_FALSE(e.contains(QStringLiteral("At the NIC end")));
}

namespace {
/// The results of template `path` with a test price (US$ 1,000, source "test") set in the
/// design for every part the catalog leaves unpriced, as a user would price them.
model::compare::DesignResults pricedInFull(const std::string& path)
{
    model::Design d = model::loadDesign(path);
    const auto first = resultsOf(d, path);
    REQUIRE(first.cost);
    for (const auto* l : first.cost->build.missing())
        d.analysis["cost"]["prices"][l->key] = {{"usd", 1000.0}, {"source", "test"}, {"date", "2026-12"}};
    return resultsOf(d, path);
}
} // namespace

TEST_CASE("A built design's month is marked a lower bound when a part has no price", "[gui][report]")
{
    // Before: 'Cost per month (built) US$ 0.00' for the 8x L40S server, whose server has no
    // price, with no mark, while the capital card said '+ unpriced parts'.
    const std::string path = model::bundledTemplateDirectory() + "/server-8x-l40s.json";
    const auto r = resultsOf(model::loadDesign(path), path);
    REQUIRE(r.cost);
    REQUIRE_FALSE(r.cost->build.complete());
    const QString html = app::report::toHtml(app::report::designReport(r, guitest::catalog()));
    // No part of it has a price: the month is unknown, not 'US$ 0.00 or more' (as this test
    // asserted before), and the monthly table says why.
    CHECK(html.contains(QStringLiteral("Cost per month (built)</div><div class=\"v\">unknown: no part has a price</div>")));
    CHECK_FALSE(html.contains(QStringLiteral("US$ 0.00 or more")));
    CHECK(html.contains(QStringLiteral("no part has a price: no amortisation or operations figure")));
    // Some parts priced, some not (the SuperPOD unit's switches): a lower bound.
    const std::string suPath = model::bundledTemplateDirectory() + "/superpod-h100-1su.json";
    const QString part = app::report::toHtml(app::report::designReport(resultsOf(model::loadDesign(suPath), suPath), guitest::catalog()));
    CHECK(part.contains(QStringLiteral("a lower bound: parts without a price add no amortisation or operations")));
    CHECK(part.contains(QStringLiteral(" or more</div>")));
    // The bottleneck's words once (was 'the pipeline bubble: the pipeline bubble ((pp-1)/(v m) ...').
    // With llama3-8b's default batch this server is compute-bound; 8 micro-batches per replica
    // (the default before the published batch) make the bubble the largest share after the math.
    model::Design bubbly = model::loadDesign(path);
    bubbly.analysis["grad_accumulation"] = 8;
    const QString bubble = app::report::toHtml(app::report::designReport(resultsOf(bubbly, path), guitest::catalog()));
    CHECK(bubble.contains(QStringLiteral("the pipeline bubble ((pp-1)/(v m)")));
    CHECK_FALSE(bubble.contains(QStringLiteral("the pipeline bubble: the pipeline bubble")));
    CHECK(html.contains(QStringLiteral("compute-bound: the math takes")));
    // The SuperPOD unit with a price for each part the catalog leaves unpriced: no mark.
    const std::string su = model::bundledTemplateDirectory() + "/superpod-h100-1su.json";
    model::Design priced = model::loadDesign(su);
    for (const char* part : {"qm9700", "cable-optical", "transceiver-800g-twin-port"})
        priced.analysis["cost"]["prices"][part] = {{"usd", 1000.0}, {"source", "test"}, {"date", "2026-12"}};
    const auto s = resultsOf(priced, su);
    REQUIRE(s.cost);
    REQUIRE(s.cost->build.complete());
    const QString full = app::report::toHtml(app::report::designReport(s, guitest::catalog()));
    CHECK(full.contains(QStringLiteral("Cost per month (built)</div><div class=\"v\">US$ ")));
    CHECK_FALSE(full.contains(QStringLiteral("unpriced parts")));
    CHECK_FALSE(full.contains(QStringLiteral("or more</div>")));
    CHECK_FALSE(full.contains(QStringLiteral("parts without a price add no amortisation")));
    CHECK_FALSE(full.contains(QStringLiteral("a lower bound, as that cost leaves out")));

    // Every part priced but one of unknown power (the workstation): still a lower bound.
    const std::string wsPath = model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json";
    const auto w = pricedInFull(wsPath);
    REQUIRE(w.cost);
    REQUIRE(w.cost->build.missing().empty());
    REQUIRE_FALSE(w.cost->build.powerUnknown().empty());
    const QString wsHtml = app::report::toHtml(app::report::designReport(w, guitest::catalog()));
    CHECK(wsHtml.contains(QStringLiteral(" or more</div>")));
    CHECK(wsHtml.contains(QStringLiteral("a lower bound: parts of unknown power add no power cost")));
    CHECK(wsHtml.contains(QStringLiteral("a lower bound, as that cost leaves out parts without a price or a power figure")));
    CHECK_FALSE(wsHtml.contains(QStringLiteral("unpriced parts")));

    // The verdict's monthly figure carries the mark too (the RoCE template, every part priced,
    // two switches of unknown power): it said 'US$ 79,333 a month' beside '79,333 or more'.
    const auto rp = pricedInFull(model::bundledTemplateDirectory() + "/roce-sn5600-hgx-h100-64.json");
    REQUIRE(rp.cost);
    REQUIRE(rp.cost->build.monthlyLowerBound());
    const QString roceHtml = app::report::toHtml(app::report::designReport(rp, guitest::catalog()));
    REQUIRE(rp.cost->breakEven.month());
    CHECK(roceHtml.contains(QStringLiteral(" or more a month; against renting")));

    // An empty design: no parts, so no lower bound and no cost per GPU-hour of 0 GPUs.
    model::Design empty = model::loadDesign(wsPath);
    std::vector<model::Id> ids;
    for (const auto& [id, n] : empty.nodes()) ids.push_back(id);
    for (model::Id id : ids) (void)empty.removeNode(id);
    const auto e = resultsOf(empty, wsPath);
    REQUIRE(e.cost);
    const QString eHtml = app::report::toHtml(app::report::designReport(e, guitest::catalog()));
    CHECK_FALSE(eHtml.contains(QStringLiteral("lower bound")));
    CHECK_FALSE(eHtml.contains(QStringLiteral(" or more</div>")));
    CHECK_FALSE(eHtml.contains(QStringLiteral("or more a month")));
    CHECK(eHtml.contains(QStringLiteral("no parts")));
}

TEST_CASE("The PDF's text copies out without ligatures, so quoted ids paste back", "[gui][report]")
{
    // Before: "analysis.cost.prices["bluefield-3-400g"]" copied out of the PDF as "blueﬁeld"
    // (U+FB01), a price key that matched nothing when pasted into the design.
    const std::string path = model::bundledTemplateDirectory() + "/server-8x-l40s.json";
    const auto r = resultsOf(model::loadDesign(path), path);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("l40s.pdf"));
    REQUIRE(app::report::writeReport(app::report::designReport(r, guitest::catalog()), pdf).isEmpty());
    const QString raw = pdftest::pdftotext(pdf); // not folded, as a paste is not
    CHECK(raw.contains(QStringLiteral("analysis.cost.prices[\"bluefield-3-400g\"]")));
    CHECK(raw.contains(QStringLiteral("Design file: server-8x-l40s.json")));
}
