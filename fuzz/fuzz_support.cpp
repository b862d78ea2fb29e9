#include "fuzz/fuzz_support.hpp"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fuzz {

const model::Catalog& bundledCatalog()
{
    static const model::Catalog catalog = model::Catalog::loadBundled();
    return catalog;
}

std::optional<nlohmann::json> parse(const std::uint8_t* data, std::size_t size, const char* file)
{
    try {
        return model::io::parseJson(std::string_view(reinterpret_cast<const char*>(data), size), file);
    } catch (const model::InputError&) {
        return std::nullopt;
    }
}

void require(bool ok, const char* what)
{
    if (ok) return;
    std::fprintf(stderr, "fuzz check failed: %s\n", what);
    std::abort();
}

} // namespace fuzz
