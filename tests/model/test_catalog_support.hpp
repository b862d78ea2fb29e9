#pragma once
// The bundled catalog, loaded once per test process and shared by every test file (strict:
// a broken bundled catalog fails the tests that use it), and the bundled templates tests share.
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <string>

namespace testsupport {

inline const model::Catalog& bundledCatalog()
{
    static const model::Catalog c = model::Catalog::loadBundled();
    return c;
}

/// The bundled catalog under the name the test files call it by (one definition for every
/// file, as a unity build compiles several test files in one translation unit).
inline const model::Catalog& catalog() { return bundledCatalog(); }

/// Sizes in bytes (binary units, as nccl-tests counts them).
inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * kKiB;
inline constexpr double kGiB = 1024.0 * kMiB;
inline constexpr double k1GiB = kGiB;
inline constexpr double k8GiB = 8.0 * kGiB;
inline constexpr double k16GiB = 16.0 * kGiB;

/// True when `text` contains `part`.
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The simulator's usable PCIe Gen5 x16 rate, bytes/s, as the simulation tests use it.
inline constexpr double kPcieGen5UsableBytesPerS = 48e9;

/// The bundled SuperPOD H100 scalable-unit template (32 DGX H100), loaded once per process.
inline const model::Design& superpodTemplate()
{
    static const model::Design d = model::loadDesign(model::bundledTemplateDirectory() + "/superpod-h100-1su.json");
    return d;
}

} // namespace testsupport
