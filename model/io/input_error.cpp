#include "model/io/input_error.hpp"

namespace model {

namespace {
std::string compose(const std::string& file, const std::string& entry, const std::string& field,
                    const std::string& problem)
{
    std::string s = file.empty() ? std::string("<input>") : file;
    if (!entry.empty()) s += ": entry \"" + entry + "\"";
    if (!field.empty()) s += ": field \"" + field + "\"";
    s += ": " + problem;
    return s;
}
} // namespace

InputError::InputError(std::string file, std::string entry, std::string field, std::string problem)
    : std::runtime_error(compose(file, entry, field, problem)), file_(std::move(file)),
      entry_(std::move(entry)), field_(std::move(field)), problem_(std::move(problem))
{
}

} // namespace model
