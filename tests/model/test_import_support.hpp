#pragma once
/// @file test_import_support.hpp
/// Reading the shared real inputs (../shared/real_inputs) in importer tests.

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

/// The path of shared/real_inputs/`name`.
inline std::string realInputPath(const std::string& name) { return std::string(CD_SHARED_DIR "/real_inputs/") + name; }

} // namespace importtest
