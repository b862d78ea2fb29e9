// `analyze` lists what the design rules find in the wiring (the Design rules tab): eight links
// on one single-port NIC read only "1 of 8 compute NIC ports are cabled" before, and a port the
// server does not have nothing at all.
#include <catch2/catch.hpp>

#include "../gui/gui_test_support.hpp"
#include "cli_run.hpp"

#include <QFile>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

namespace {

/// The default design with every link of server `server` numbered by `port` (the link's index
/// among the server's links when `port` < 0), written to `path`.
void writeWithPorts(const QString& path, model::Id server, int port)
{
    nlohmann::json d = model::toJson(model::loadDesign(guitest::templatePath().toStdString()));
    int i = 0;
    for (auto& l : d["links"])
        for (const char* end : {"a", "b"})
            if (l[end]["node"] == server) l[end]["port"] = port >= 0 ? port : i++;
    guitest::writeJson(path, d);
}

} // namespace

TEST_CASE("analyze lists the design rules' errors - a NIC port used twice and a port the server lacks", "[cli][rules]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const model::Design base = model::loadDesign(guitest::templatePath().toStdString());
    const model::Id dgx = guitest::idByName(base, "dgx-01");

    const QString shared = dir.filePath(QStringLiteral("shared.json"));
    writeWithPorts(shared, dgx, 0);
    const clitest::Outcome text = clitest::cli({QStringLiteral("analyze"), shared});
    INFO(text.out.toStdString() << text.err.toStdString());
    CHECK(text.code == 0);
    CHECK(text.out.contains(QStringLiteral("\nDesign rules: 1 error, 0 warnings\n")));
    CHECK(text.out.contains(QStringLiteral("  error [server-port-conflict] dgx-01: the links to leaf-1 (rail 0) port 0, ")));
    CHECK(text.out.contains(QStringLiteral("share a compute NIC port (port 0 first)")));

    const clitest::Outcome js = clitest::cli({QStringLiteral("analyze"), shared, QStringLiteral("--json")});
    REQUIRE(js.code == 0);
    const nlohmann::json j = nlohmann::json::parse(js.out.toStdString());
    CHECK(j["rules"]["errors"] == 1);
    CHECK(j["rules"]["findings"][0]["rule"] == "server-port-conflict");
    CHECK(j.contains("layers")); // the contract's keys stay

    const QString beyond = dir.filePath(QStringLiteral("beyond.json"));
    writeWithPorts(beyond, dgx, 5000);
    const clitest::Outcome far = clitest::cli({QStringLiteral("analyze"), beyond});
    CHECK(far.out.contains(QStringLiteral("error [server-port-range] dgx-01: ")));
    CHECK(far.out.contains(QStringLiteral("use ports up to 5000, but its 8 compute NIC ports (8 x ")));

    // Each link on its own port: no finding, no section.
    const QString fine = dir.filePath(QStringLiteral("fine.json"));
    writeWithPorts(fine, dgx, -1);
    const clitest::Outcome ok = clitest::cli({QStringLiteral("analyze"), fine});
    CHECK_FALSE(ok.out.contains(QStringLiteral("Design rules")));
}

TEST_CASE("analyze refuses a design whose workload it does not know - naming the file and field - while the GUI analyses its links",
          "[cli][workload]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = guitest::designWithWorkload(dir.path(), QStringLiteral("gpt5.json"), "gpt5");
    const clitest::Outcome out = clitest::cli({QStringLiteral("analyze"), path});
    INFO(out.out.toStdString() << out.err.toStdString());
    CHECK(out.code != 0);
    CHECK(out.out.isEmpty());
    CHECK(out.err.contains(QStringLiteral("gpt5.json")));
    CHECK(out.err.contains(QStringLiteral("unknown workload \"gpt5\"; expected one of gpt3-175b")));
}

TEST_CASE("compare and analyze with a workload that is no name - or a first design whose workload is unknown", "[cli][workload]")
{
    // Before: "workload": 5 gave "[json.exception.type_error.302] ..." with no file or field
    // (exit 3); "workload": null was read as gpt3-175b; compare stopped (exit 3) when its first
    // design's workload was unknown, passing it to the others.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const auto write = [&](const char* name, const nlohmann::json& workload) {
        return guitest::designWithWorkload(dir.path(), QString::fromLatin1(name), workload);
    };
    const QString five = write("five.json", 5), none = write("none.json", nullptr), gpt5 = write("gpt5.json", "gpt5");
    for (const QString& bad : {five, none}) {
        const clitest::Outcome a = clitest::cli({QStringLiteral("analyze"), bad});
        INFO(a.err.toStdString());
        CHECK(a.code == 1);
        CHECK(a.err.contains(QStringLiteral("field \"workload\": expected the name of a preset (gpt3-175b, ")));
    }
    const clitest::Outcome withName = clitest::cli({QStringLiteral("compare"), five, guitest::templatePath(), QStringLiteral("--workload"),
                                                    QStringLiteral("gpt3-175b")});
    CHECK(withName.code == 0);
    const clitest::Outcome first = clitest::cli({QStringLiteral("compare"), gpt5, guitest::templatePath()});
    INFO(first.err.toStdString());
    CHECK(first.code == 0);
    CHECK(first.err.contains(QStringLiteral("warning: ") + gpt5 + QStringLiteral(": entry \"analysis\": field \"workload\": unknown workload")));
    // A later design's own workload is replaced by the first's (or by --workload): where it
    // could not be read, the warning says so and what the design is analysed on. Before, silence.
    const clitest::Outcome second = clitest::cli({QStringLiteral("compare"), guitest::templatePath(), gpt5});
    INFO(second.err.toStdString());
    CHECK(second.code == 0);
    CHECK(second.err.contains(QStringLiteral("warning: ") + gpt5 + QStringLiteral(": entry \"analysis\": field \"workload\": unknown workload \"gpt5\"")));
    CHECK(second.err.contains(QStringLiteral(" (that field is not used: the design is analysed on gpt3-175b instead)")));
    const clitest::Outcome given = clitest::cli({QStringLiteral("compare"), guitest::templatePath(), five, QStringLiteral("--workload"),
                                                 QStringLiteral("llama3-8b")});
    CHECK(given.code == 0);
    CHECK(given.err.contains(QStringLiteral("warning: ") + five + QStringLiteral(": entry \"analysis\": field \"workload\": expected the name of a preset")));
    CHECK(given.err.contains(QStringLiteral("(that field is not used: the design is analysed on llama3-8b instead)")));
    // A readable own workload is replaced without a word: that is what compare documents.
    const clitest::Outcome quiet = clitest::cli({QStringLiteral("compare"), guitest::templatePath(), guitest::templatePath()});
    CHECK(quiet.code == 0);
    CHECK_FALSE(quiet.err.contains(QStringLiteral("that field is not used")));
}

TEST_CASE("analyze and generate count NVL72 racks and workstations by name - not as servers", "[cli]")
{
    const QString dir = QString::fromStdString(model::bundledTemplateDirectory());
    const clitest::Outcome rack = clitest::cli({QStringLiteral("analyze"), dir + QStringLiteral("/gb200-nvl72-1rack.json")});
    CHECK(rack.out.startsWith(QStringLiteral("1 rack, 72 GPUs\n")));
    const clitest::Outcome ws = clitest::cli({QStringLiteral("analyze"), dir + QStringLiteral("/workstation-4x-rtx4090.json")});
    CHECK(ws.out.startsWith(QStringLiteral("1 workstation, 4 GPUs\n")));
    const clitest::Outcome pod = clitest::cli({QStringLiteral("analyze"), dir + QStringLiteral("/superpod-h100-1su.json")});
    CHECK(pod.out.startsWith(QStringLiteral("32 servers, 256 GPUs\n")));
    QTemporaryDir tmp;
    REQUIRE(tmp.isValid());
    const clitest::Outcome gen = clitest::cli({QStringLiteral("generate"), QStringLiteral("gb200-nvl72"), QStringLiteral("--racks"), QStringLiteral("2"),
                                               QStringLiteral("-o"), tmp.filePath(QStringLiteral("r.json"))});
    CHECK(gen.code == 0);
    CHECK(gen.out.contains(QStringLiteral("\n  2 racks, 144 GPUs, ")));
}
