#pragma once
/// @file test_import_support.hpp
/// Reading the shared real inputs (../shared/real_inputs) in importer tests.

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace importtest {

/// The whole text of shared/real_inputs/`name`, bytes as stored; empty when it cannot be read.
inline std::string realInput(const std::string& name)
{
    std::ifstream in(std::string(CD_SHARED_DIR "/real_inputs/") + name, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// `text` with the first occurrence of `from` replaced by `to` (a corrupted copy of a real
/// input); the test stops where `from` is not there.
inline std::string edited(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

/// `text` with every occurrence of `from` replaced by `to`; the test stops where there is none.
inline std::string editedEverywhere(std::string text, const std::string& from, const std::string& to)
{
    REQUIRE(text.find(from) != std::string::npos);
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
    return text;
}

/// The path of shared/real_inputs/`name`.
inline std::string realInputPath(const std::string& name) { return std::string(CD_SHARED_DIR "/real_inputs/") + name; }

} // namespace importtest
