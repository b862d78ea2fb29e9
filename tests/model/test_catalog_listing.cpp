// The `catalog` command's listing: every id is followed by at least two spaces before its
// name. The names once sat at a fixed 24-character column, so a 24-character id
// ("gcp-gpudirect-tcpxo-200g") ran straight into its name.
#include "test_catalog_support.hpp"

#include "model/catalog/catalog_export.hpp"

#include <catch2/catch.hpp>

#include <sstream>

TEST_CASE("catalog listing keeps a gap between every id and its name", "[catalog][listing]")
{
    const model::Catalog& catalog = testsupport::bundledCatalog();
    const std::string listing = model::catalogListing(catalog);
    CHECK(listing.find("gcp-gpudirect-tcpxo-200gGCP") == std::string::npos);
    const model::NicSpec* tcpxo = catalog.nic("gcp-gpudirect-tcpxo-200g");
    REQUIRE(tcpxo);
    CHECK(listing.find("  gcp-gpudirect-tcpxo-200g  ") != std::string::npos);
    CHECK(listing.find(tcpxo->name) != std::string::npos);
    // Every entry line: two spaces, the id, at least two spaces, the name, all names in one column.
    std::istringstream in(listing);
    std::string line;
    std::size_t column = 0;
    int entries = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] != ' ') continue; // section headings
        const std::size_t idEnd = line.find(' ', 2);
        REQUIRE(idEnd != std::string::npos);
        const std::size_t nameAt = line.find_first_not_of(' ', idEnd);
        INFO(line);
        CHECK(nameAt - idEnd >= 2);
        if (column == 0) column = nameAt;
        CHECK(nameAt == column);
        ++entries;
    }
    CHECK(entries == static_cast<int>(catalog.gpus().size() + catalog.servers().size() + catalog.nics().size() + catalog.switches().size()));
}
