#pragma once
/// @file importers.hpp
/// One parser per format a cluster prints. Each reads an ImportText, appends what it could not
/// read to `warnings` (each naming the line and what is missing), and returns what the file
/// states, never a filled-in value. A file that is not the format, or too damaged to name its
/// columns, is rejected with InputError (file, "line N", what was expected, what was found).

#include "model/io/import/import_text.hpp"
#include "model/io/import/measured_curve.hpp"
#include "model/io/import/nccl_log.hpp"
#include "model/io/import/server_model.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace model::io {

/// `nvidia-smi topo -m` (tab- or blank-separated, glued cells, GitHub-Markdown tables, the old
/// SOC token, with or without the legend and the NIC legend), `nvidia-smi topo -p2p r|w|rw`
/// (peer-to-peer status per pair) and `rocm-smi --showtopo` (its "Link Type" table and NUMA
/// lines). Rows cut off are dropped with a warning; their relations come from the other rows
/// when the matrix states them there. An affinity cell nvidia-smi never prints (CPU Affinity
/// "abc", NUMA Affinity beyond 4,095) is named in a warning (line, GPU, column, what was
/// expected) and not read; ServerModel::affinityUnread counts them. Time grows with the cells (devices^2): a 1000-GPU
/// matrix (GPU999 is the highest label read) takes about a second.
/// @throws InputError when no matrix header (GPU0 ...) is found, e.g. a file that starts
///         mid-matrix, or when no row can be read; naming the limit when the header has more
///         than 1000 GPU or NIC columns (GPU1000 and up) or is longer than kMaxLineChars.
[[nodiscard]] ServerModel parseTopoMatrix(const ImportText& text, std::vector<std::string>& warnings);

/// NCCL topology XML (NCCL_TOPO_FILE, NCCL_TOPO_DUMP_FILE): <system><cpu><pci>...<gpu>
/// <nvlink/></gpu><nic><net/></nic></pci></cpu></system>. GPUs and NICs are recognised by
/// their <gpu>/<nic> children or, in static files that carry only PCI classes, by class
/// 0x0302xx/0x0300xx (GPU) and 0x0207xx/0x0200xx (NIC). Values no real file holds are named in
/// a warning (line, attribute, expected range) and not read: an NVLink count outside 0-64 (its
/// bond is dropped and that GPU's pairs without another NVLink become unknown), a NIC speed
/// outside 1-3,200,000 Mb/s, a PCI link_width outside 0-32 lanes or a link_speed that is not a
/// rate above 0 and at most 128 GT/s ("nan" and "inf" included), a PCI vendor or device id
/// that is not a 16-bit hex id (device="zzzz": the device is then not identified by it), a
/// second GPU on a bus id already read. A <cpu> nested in a <cpu> is read as a CPU of its own, with a warning; a <gpu>
/// the tree does not reach is named.
/// @throws InputError when the XML is malformed or truncated (the parser's message and
///         offset), has no <system> element, or holds no GPU (naming <system>'s line).
[[nodiscard]] ServerModel parseNcclTopoXml(const ImportText& text, std::string_view content,
                                           std::vector<std::string>& warnings);

/// nccl-tests / rccl-tests output (every *_perf, current and old column layouts, Slurm or MPI
/// rank prefixes, NCCL INFO lines between rows): the measured out-of-place and in-place
/// curves, the ranks, hosts and GPU from the "# Rank" lines, and the collective from the
/// command line or, failing that, from nccl-tests' own busbw/algbw factor. Rows it ignores are
/// named one by one for the first few of each kind (measured again, another cell count, ...),
/// then counted in one line ("... and 399,994 more rows measured again", RepeatedWarnings).
/// @throws InputError when no data row can be read.
[[nodiscard]] MeasuredCurve parseNcclTests(const ImportText& text, std::vector<std::string>& warnings);

/// NCCL_DEBUG=INFO log: version, environment overrides, transports per connection, network
/// devices, channels, rings and trees, the topology dump and path lines, and an embedded
/// nccl-tests table when there is one. Log lines may be indented (a copy from a web page or a
/// pager); the indent is not part of the host name.
/// @throws InputError when the text holds no NCCL log line.
[[nodiscard]] LogSummary parseNcclLog(const ImportText& text, std::vector<std::string>& warnings);

} // namespace model::io
