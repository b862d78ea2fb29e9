#pragma once
/// @file fuzz_support.hpp
/// What every fuzz target shares: the bundled catalog (loaded once), the bytes of an input as
/// JSON the way the app parses a file, and the rule each target enforces. The rule: bad input
/// may only end in model::InputError (a message naming file, entry, field and what was
/// expected). Any other exception escapes LLVMFuzzerTestOneInput, std::terminate aborts, and
/// libFuzzer keeps the input as a crash; AddressSanitizer and UBSan abort the same way on
/// memory errors, overflows and float-to-int conversions out of range.

#include "model/catalog/catalog.hpp"
#include "model/io/json_fields.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace fuzz {

/// The bundled catalog (catalogs/*.json), strict, loaded on first use and kept for the run.
[[nodiscard]] const model::Catalog& bundledCatalog();

/// Parses the fuzzer's bytes with model::io::parseJson, as readJsonFile does after reading a
/// file. @return nullopt when the text is refused (InputError), the wanted outcome for bad text.
[[nodiscard]] std::optional<nlohmann::json> parse(const std::uint8_t* data, std::size_t size, const char* file);

/// Runs `fn`, accepting InputError (a refusal with a message) and nothing else.
template <class Fn>
void refusedOrDone(Fn&& fn)
{
    try {
        fn();
    } catch (const model::InputError&) {
    }
}

/// Aborts (a crash libFuzzer keeps) with `what` on stderr when `ok` is false.
void require(bool ok, const char* what);

} // namespace fuzz
