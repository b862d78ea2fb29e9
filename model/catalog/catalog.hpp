#pragma once
/// @file catalog.hpp
/// The loaded hardware catalog: bundled catalogs/*.json plus, optionally, user catalogs that
/// extend or override them by id.

#include "model/catalog/catalog_types.hpp"
#include "model/catalog/interconnect_types.hpp"
#include "model/io/input_error.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace model {

/// How a catalog file with a broken entry is treated.
enum class CatalogStrictness {
    Strict,   ///< the first problem throws InputError (bundled catalogs, tests)
    Lenient,  ///< a broken entry is reported in `problems` and skipped; the rest loads (user catalogs)
};

/// All hardware known to the app, addressed by id.
class Catalog {
public:
    /// Loads every `*.json` file of `dir` (sorted by name). Entries of later files override
    /// earlier ones with the same id.
    /// @throws InputError in Strict mode for the first bad file/entry/field; in Lenient mode
    ///         only when `dir` cannot be read at all.
    void loadDirectory(const std::string& dir, CatalogStrictness strictness = CatalogStrictness::Strict);

    /// Loads one catalog file (format "cluster-designer-catalog"). Same error rules as loadDirectory.
    /// A file whose format is "cluster-designer-prices" (catalogs/prices.json) is not hardware
    /// and is skipped here; model/cost/prices.hpp reads it.
    void loadFile(const std::string& path, CatalogStrictness strictness = CatalogStrictness::Strict);

    /// Loads one parsed catalog document as if read from `file` (the name used in errors).
    /// Same error rules as loadFile; loadFile reads the file and calls this.
    void loadJson(const nlohmann::json& doc, const std::string& file, CatalogStrictness strictness = CatalogStrictness::Strict);

    /// Largest catalog file read, bytes (8 MiB; the bundled catalogs hold 100 KiB together).
    static constexpr std::size_t kMaxFileBytes = std::size_t{8} << 20;
    /// Most entries one section of one catalog file may hold (the bundled catalog has under 100
    /// per section); a larger file is refused naming the section and the limit.
    static constexpr std::size_t kMaxEntriesPerSection = 10000;

    /// Problems met by Lenient loads since the last clear(), one InputError each.
    [[nodiscard]] const std::vector<InputError>& problems() const noexcept { return problems_; }

    /// Removes every entry and problem.
    void clear();

    [[nodiscard]] const GpuSpec* gpu(const std::string& id) const noexcept;
    [[nodiscard]] const ServerSpec* server(const std::string& id) const noexcept;
    [[nodiscard]] const NicSpec* nic(const std::string& id) const noexcept;
    [[nodiscard]] const SwitchSpec* switchModel(const std::string& id) const noexcept;

    [[nodiscard]] const std::vector<GpuSpec>& gpus() const noexcept { return gpus_; }
    [[nodiscard]] const std::vector<ServerSpec>& servers() const noexcept { return servers_; }
    [[nodiscard]] const std::vector<NicSpec>& nics() const noexcept { return nics_; }
    [[nodiscard]] const std::vector<SwitchSpec>& switches() const noexcept { return switches_; }

    /// Switch ASICs (category "switch_asic": chips such as Tomahawk 5, not placeable boxes).
    [[nodiscard]] const std::vector<SwitchSpec>& switchAsics() const noexcept { return switchAsics_; }
    [[nodiscard]] const std::vector<NvSwitchSpec>& nvswitches() const noexcept { return nvswitches_; }
    [[nodiscard]] const std::vector<CableSpec>& cables() const noexcept { return cables_; }
    [[nodiscard]] const std::vector<TransceiverSpec>& transceivers() const noexcept { return transceivers_; }
    [[nodiscard]] const SwitchSpec* switchAsic(const std::string& id) const noexcept;
    [[nodiscard]] const NvSwitchSpec* nvswitch(const std::string& id) const noexcept;
    [[nodiscard]] const CableSpec* cable(const std::string& id) const noexcept;
    [[nodiscard]] const TransceiverSpec* transceiver(const std::string& id) const noexcept;

    /// Records a problem found by a caller that loads catalog-like input leniently.
    void addProblem(InputError e) { problems_.push_back(std::move(e)); }

    /// Checks cross references (a server's GPU, compute and storage NIC and NVSwitch exist; a
    /// switch's ASIC exists). @throws InputError naming the entry, the field and the missing id.
    void validateReferences() const;

    /// Lenient counterpart of validateReferences (user catalogs): every server whose GPU, NIC or
    /// NVSwitch and every switch whose ASIC is missing is removed and reported in problems().
    /// @return how many entries were removed.
    std::size_t dropBrokenReferences();

    /// The bundled catalog directory: $CLUSTER_DESIGNER_CATALOGS if set, else
    /// PREFIX/share/cluster-designer/catalogs beside the running binary, else (a binary in its
    /// build tree) the source tree's catalogs/ (model/catalog/data_dirs.hpp).
    /// @throws DataDirNotFound naming every folder searched when none exists.
    [[nodiscard]] static std::string bundledDirectory();

    /// The bundled catalog, loaded strictly and validated. @throws InputError on any problem.
    [[nodiscard]] static Catalog loadBundled();

    void addOrReplace(GpuSpec g);
    void addOrReplace(ServerSpec s);
    void addOrReplace(NicSpec n);
    void addOrReplace(SwitchSpec s);
    void addOrReplace(NvSwitchSpec s);
    void addOrReplace(CableSpec c);
    void addOrReplace(TransceiverSpec t);
    /// Adds a switch ASIC (kept apart from the placeable switches).
    void addOrReplaceAsic(SwitchSpec s);

private:
    std::vector<GpuSpec> gpus_;
    std::vector<ServerSpec> servers_;
    std::vector<NicSpec> nics_;
    std::vector<SwitchSpec> switches_;
    std::vector<SwitchSpec> switchAsics_;
    std::vector<NvSwitchSpec> nvswitches_;
    std::vector<CableSpec> cables_;
    std::vector<TransceiverSpec> transceivers_;
    std::vector<InputError> problems_;
};

/// The bundled templates directory (resources/templates), found like Catalog::bundledDirectory
/// ($CLUSTER_DESIGNER_TEMPLATES overrides). @throws DataDirNotFound naming the folders searched.
[[nodiscard]] std::string bundledTemplateDirectory();

/// Path of the default design shown when the app starts with no file.
[[nodiscard]] std::string defaultDesignPath();

} // namespace model
