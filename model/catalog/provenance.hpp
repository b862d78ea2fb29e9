#pragma once
/// @file provenance.hpp
/// Where the figures of a catalog entry come from (schema: catalogs/README.md, "Provenance").

#include <map>
#include <string>
#include <vector>

namespace model {

/// Where one figure (or a whole entry) comes from.
struct Source {
    std::string citation; ///< URL or document reference
    std::string date;     ///< when the figure was read or published, ISO "YYYY-MM" or "YYYY-MM-DD"
};

/// Provenance of the figures of one entry: a default source, per-field overrides.
struct Provenance {
    std::map<std::string, Source> sources;             ///< source id -> source
    std::string defaultSource;                         ///< source id used by fields with no override
    std::map<std::string, std::string> fieldSources;   ///< field name -> source id
    std::vector<std::string> unknownFields;            ///< fields no source gives (value is null)

    /// The source of `field` (its override or the default); nullptr when there is none.
    [[nodiscard]] const Source* sourceOf(const std::string& field) const;
    /// True when `field` was null in the catalog: no source gives it ("unknown").
    [[nodiscard]] bool isUnknown(const std::string& field) const;
};

} // namespace model
