// A design's cost block (analysis.cost) is checked once, as the file is read, so every
// command refuses a bad price with the same message: analyze accepted a price of -5000 that
// bom and report refused, and a price of 1e300 read "expected a number from -1e+15 to 1e+15".
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "model/catalog/catalog.hpp"

#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <fstream>

namespace {
using clitest::cli;
using clitest::Outcome;

/// The 8x L40S server template with analysis.cost.prices.qm9700 = `price`, written to `path`.
void writeDesign(const std::string& path, const nlohmann::json& price)
{
    std::ifstream in(model::bundledTemplateDirectory() + "/server-8x-l40s.json");
    nlohmann::json d = nlohmann::json::parse(in);
    d["analysis"]["cost"]["prices"]["qm9700"] = price;
    std::ofstream(path) << d.dump(1);
}
} // namespace

TEST_CASE("Every command refuses a bad design price with the cost block's message", "[cli][cost]")
{
    QTemporaryDir dir;
    const QString design = dir.filePath(QStringLiteral("bad-price.json"));
    const std::pair<nlohmann::json, QString> cases[] = {
        {nlohmann::json{{"usd", -5000}},
         QStringLiteral("bad-price.json: entry \"analysis.cost.prices.qm9700\": field \"usd\": expected a price in US dollars from 0 to 1e15, got -5000")},
        {nlohmann::json{{"usd", 1e300}},
         QStringLiteral("bad-price.json: entry \"analysis.cost.prices.qm9700\": field \"usd\": expected a price in US dollars from 0 to 1e15, got 1e+300")},
        {nlohmann::json(-5000),
         QStringLiteral("bad-price.json: entry \"analysis.cost.prices.qm9700\": expected an object {\"usd\": a price in US dollars from 0 "
                        "to 1e15, \"source\": TEXT, \"date\": TEXT}, got -5000")},
    };
    for (const auto& [price, message] : cases) {
        writeDesign(design.toStdString(), price);
        const QString out = dir.filePath(QStringLiteral("out"));
        for (const QStringList& args :
             {QStringList{QStringLiteral("analyze"), design}, QStringList{QStringLiteral("bom"), design},
              QStringList{QStringLiteral("report"), design, QStringLiteral("-o"), out + QStringLiteral(".html")},
              QStringList{QStringLiteral("compare"), design, design},
              QStringList{QStringLiteral("collective"), design, QStringLiteral("--op"), QStringLiteral("all_reduce"), QStringLiteral("--bytes"), QStringLiteral("1G")},
              QStringList{QStringLiteral("export"), QStringLiteral("astra-sim"), design, QStringLiteral("-o"), out}}) {
            INFO(args.join(QLatin1Char(' ')).toStdString() << " with " << price.dump());
            const Outcome o = cli(args);
            CHECK(o.code == 1);
            CHECK(o.err.contains(message));
            CHECK_FALSE(o.err.contains(QStringLiteral("-1e+15")));
        }
    }
    // A price of US$ 0 is a valid price: analyze reads the design.
    writeDesign(design.toStdString(), nlohmann::json{{"usd", 0}});
    CHECK(cli({QStringLiteral("analyze"), design}).code == 0);
}
