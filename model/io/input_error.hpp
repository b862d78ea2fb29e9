#pragma once
/// @file input_error.hpp
/// The one exception type for bad input (a design, a catalog, an imported file, a CLI
/// argument). Its message always names where the problem is and what was expected, so the
/// GUI can show it in a dialog and the command line can print it to stderr unchanged.

#include <stdexcept>
#include <string>

namespace model {

/// Bad input with its location. `what()` reads like
/// `catalogs/gpus.json: entry "h100-sxm": field "hbm_bandwidth_GBps": expected a positive number, got "fast"`.
class InputError : public std::runtime_error {
public:
    /// @param file  the file (or "<stdin>", "<command line>") the input came from
    /// @param entry the entry inside it (an id or an index such as "nodes[3]"); may be empty
    /// @param field the field inside the entry; may be empty
    /// @param problem what was expected and what was found
    InputError(std::string file, std::string entry, std::string field, std::string problem);

    [[nodiscard]] const std::string& file() const noexcept { return file_; }
    [[nodiscard]] const std::string& entry() const noexcept { return entry_; }
    [[nodiscard]] const std::string& field() const noexcept { return field_; }
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }

private:
    std::string file_, entry_, field_, problem_;
};

} // namespace model
