#pragma once
/// @file import.hpp
/// Entry point of the importers: read a file a cluster printed, detect its format (or take the
/// one the user names), parse it, and run the advisor over what it says. The result is what
/// `cluster-designer import ... --json` prints and what the GUI shows: the content (a server
/// model, a measured curve, a log summary), the warnings (what the file lacks) and the
/// findings (likely causes of bad numbers, each with the line of the file it rests on).

#include "model/io/import/importers.hpp"
#include "model/topology/rules.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace model::io {

/// The formats the command line names (`import KIND FILE`).
enum class ImportKind {
    Auto,           ///< "auto": detect
    NvidiaSmiTopo,  ///< "nvidia-smi-topo": topo -m, topo -p2p, rocm-smi --showtopo
    NcclTopo,       ///< "nccl-topo": NCCL topology XML
    NcclTests,      ///< "nccl-tests": nccl-tests / rccl-tests output
    NcclLog,        ///< "nccl-log": NCCL_DEBUG=INFO log
    Lspci,          ///< "lspci": `lspci -tv` / `-tvv` tree (detected by auto; GPUs, NICs, VM devices)
};

/// CLI name of a kind.
[[nodiscard]] const char* toString(ImportKind k) noexcept;
/// Parses a CLI name; nullopt when unknown.
[[nodiscard]] std::optional<ImportKind> importKindFromString(const std::string& s) noexcept;
/// The accepted CLI names, for messages: "nvidia-smi-topo, nccl-topo, nccl-tests, nccl-log, lspci, auto".
[[nodiscard]] std::string importKindNames();

/// One likely cause the advisor names ("before you blame the network").
struct AdvisorFinding {
    std::string rule;                          ///< stable id, e.g. "nic-far-from-gpu"
    topology::Severity severity = topology::Severity::Warning;
    std::string message;                       ///< the cause in words, with figures and units
    Evidence evidence;                         ///< the line of the file it rests on
};

/// Everything one import gives.
struct ImportResult {
    std::string file;                          ///< as the user named it
    ImportKind kind = ImportKind::Auto;        ///< the format read (never Auto)
    std::string format;                        ///< in words: "nvidia-smi topo -m", "NCCL topology XML", ...
    std::string content;                       ///< "server model", "curve" or "log"
    std::vector<std::string> warnings;         ///< what the file lacks (cut rows, missing columns, ...)
    std::vector<AdvisorFinding> findings;      ///< from the file alone (see advisor.hpp for design ones)
    std::optional<ServerModel> server;
    std::optional<MeasuredCurve> curve;
    std::optional<LogSummary> log;
    std::vector<std::string> lines;            ///< the file's lines (launcher prefixes removed), for evidence
};

/// Detects the format of a text. Files of formats the importers do not read (ibstat,
/// ibdev2netdev, p2pBandwidthLatencyTest) are rejected by name.
/// @throws InputError naming the file and what it looks like when no importer reads it.
[[nodiscard]] ImportKind detectKind(const ImportText& text, std::string_view content);

/// Imports `content` (the text of file `name`) as `kind` (Auto detects), then runs the
/// file-only advisor rules. A leading UTF-8 byte-order mark is skipped. @throws InputError (file, line, what was expected) when the file
/// cannot be read as that kind.
[[nodiscard]] ImportResult importText(const std::string& name, std::string_view content, ImportKind kind);

/// Reads and imports a file. @throws InputError as importText, or when the file is unreadable.
[[nodiscard]] ImportResult importFile(const std::string& path, ImportKind kind);

/// JSON form: {"file", "kind" (content: "server model"/"curve"/"log"), "format", "importer",
/// "warnings", "findings": [{rule, severity, message, evidence, line}], and "server" / "curve"
/// / "log" as present}.
[[nodiscard]] nlohmann::json toJson(const ImportResult& r);
[[nodiscard]] nlohmann::json toJson(const AdvisorFinding& f);

/// `lspci -tv` / `-tvv`: GPUs (NVIDIA/AMD display and 3D controllers), NICs (Mellanox, EFA,
/// Broadcom network), bridges and virtual-machine devices (virtio, QEMU).
/// @throws InputError when the text is not an lspci tree.
[[nodiscard]] ServerModel parseLspciTree(const ImportText& text, std::vector<std::string>& warnings);

} // namespace model::io
