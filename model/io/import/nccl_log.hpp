#pragma once
/// @file nccl_log.hpp
/// What an NCCL_DEBUG=INFO log says about a run: the transport each connection actually used
/// (P2P/IPC, P2P/direct pointer, SHM, NET/IB with or without GDRDMA, NET/Socket, a net
/// plugin), network devices, channels, rings and trees, NCCL version, environment overrides
/// ("NCCL_X set by environment to Y"), and NCCL's topology dump (link bandwidths in GB/s as NCCL
/// models them, path types between devices). Each item keeps the line it came from.

#include "model/io/import/measured_curve.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace model::io {

/// A line of the file something rests on.
struct Evidence {
    int line = 0;        ///< 1-based line number; 0 when the item rests on no single line
    std::string text;    ///< the line as written (launcher prefix removed)
};

/// One transport as connections used it.
struct TransportUse {
    std::string transport;   ///< "P2P/IPC", "P2P/direct pointer", "P2P/CUMEM", "SHM", "NET/IB", "NET/Socket", "NET/<plugin>"
    bool gdrdma = false;     ///< a NET path with "/GDRDMA" (GPUDirect RDMA)
    int connections = 0;     ///< lines naming it
    Evidence first;          ///< its first line
};

/// A network device NCCL chose ("NET/IB : Using [0]mlx5_5:1/RoCE").
struct NetDevice {
    std::string plugin;      ///< "IB", "Socket" or the plugin name
    std::string name;        ///< "mlx5_5:1", "eth0"
    std::string linkLayer;   ///< "IB", "RoCE" (IB plugin) or empty
    Evidence line;
};

/// An environment override NCCL reports.
struct EnvSetting {
    std::string name;        ///< "NCCL_IB_HCA"
    std::string value;
    Evidence line;
};

/// A link of NCCL's topology dump ("+ PCI[24.0] - GPU/0-68000").
struct TopoDumpLink {
    std::string type;        ///< "PCI", "NVL", "NET", "SYS", "LOC", "C2C"
    double bandwidthGBps = 0;///< as NCCL models it
    std::string from, to;    ///< "CPU/0-0" -> "PCI/0-65000" (from is the enclosing node of the tree)
    std::string ids;         ///< the parenthesised ids ("104c823200000000": vendor 104c device 8232)
    Evidence line;
};

/// A computed path ("GPU/CE000 :GPU/0-cf000 (4/24.0/PHB)").
struct TopoPath {
    std::string from, to;
    int hops = 0;
    double bandwidthGBps = 0;
    std::string type;        ///< "LOC", "NVL", "PIX", "PXB", "PHB", "SYS", "NET", ...
    Evidence line;
};

/// Everything read from one log.
struct LogSummary {
    std::string ncclVersion;
    Evidence versionLine;
    std::vector<EnvSetting> env;
    std::vector<TransportUse> transports;
    std::vector<NetDevice> netDevices;
    std::string network;                 ///< "Using network IB" / "Socket" / plugin
    int channels = 0;                    ///< channels of the rings ("Channel 00/04" -> 4; old logs: distinct "Ring NN")
    std::vector<std::string> rings;      ///< distinct ring orders ("0 3 6 5 4 7 2 1")
    int treeLines = 0;
    std::optional<int> ranks, nodes, localRanks;
    std::optional<int> nvlsChannels, collChannels;
    std::optional<Evidence> nvlsUnavailable; ///< "NVLS multicast support is not available"
    std::optional<Evidence> ringGdrOff;      ///< "Connected all rings, use ring PXN 0 GDR 0"
    std::optional<double> systemMaxBwGBps, systemTotalBwGBps;
    Evidence systemLine;
    std::vector<TopoDumpLink> topoLinks;
    std::vector<TopoPath> paths;
    std::vector<Evidence> searchResults;     ///< "Pattern N, crossNic, nChannels, bw X/Y, type A/B"
    std::vector<Evidence> unreadableSysfs;   ///< "could not read .../max_link_speed"
    std::vector<Evidence> affinity;          ///< "Setting affinity for GPU N to MASK"
    std::vector<Evidence> ncclWarnings;      ///< "NCCL WARN" lines
    int ncclLines = 0;                       ///< lines of NCCL output read
    std::optional<MeasuredCurve> curve;      ///< the nccl-tests table printed in the same file
};

/// JSON form (the `log` object of `import --json`).
[[nodiscard]] nlohmann::json toJson(const LogSummary& s);
[[nodiscard]] nlohmann::json toJson(const Evidence& e);

} // namespace model::io
