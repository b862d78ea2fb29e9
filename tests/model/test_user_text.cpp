// Text a customer reads is finished: the bill of materials' footer rules name their sources as
// a person knows them (no repository paths, file names or catalog row ids) on every template.
#include "model/design/templates.hpp"
#include "model/topology/bom.hpp"

#include "test_catalog_support.hpp"

#include <catch2/catch.hpp>

#include <regex>

using namespace model;

TEST_CASE("BOM rules shown under the table carry no repository paths or catalog ids", "[bom][text]")
{
    const Catalog& c = testsupport::bundledCatalog();
    const std::regex internal(R"(shared/|reference/|\.csv|\.json|catalogs/|[a-z0-9]+_[a-z0-9_]+)");
    for (const auto& t : listTemplates(c, bundledTemplateDirectory(), "")) {
        INFO(t.title);
        const topology::Bom b = topology::computeBom(loadDesign(t.path), c);
        for (const std::string& text : {b.reachRule, b.transceiverRule}) CHECK(text.back() == '.'); // finished sentences
        for (const std::string& text : {b.reachRule, b.transceiverRule, b.racksNote}) {
            INFO(text);
            CHECK_FALSE(std::regex_search(text, internal));
        }
    }
}
