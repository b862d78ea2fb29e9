// NCCL topology XML (NCCL_TOPO_FILE / NCCL_TOPO_DUMP_FILE), read with pugixml.
//
// Element names and attributes as NCCL writes them (src/graph/xml.cc): <system version>,
// <cpu numaid affinity arch vendor familyid modelid>, <pci busid class vendor device
// link_speed link_width>, <gpu dev sm rank gdr> with <nvlink target count tclass>,
// <nic> with <net name dev speed(Mb/s) port latency guid maxconn gdr>.
#include "model/io/import/importers.hpp"

#include "model/io/import/gpu_identity.hpp"
#include "model/io/input_error.hpp"
#include "model/units/number_format.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace model::io {

namespace {

int lineOf(std::string_view content, std::ptrdiff_t offset)
{
    if (offset < 0) return 0;
    offset = std::min<std::ptrdiff_t>(offset, static_cast<std::ptrdiff_t>(content.size())); // pugixml may point one past the end
    return 1 + static_cast<int>(std::count(content.begin(), content.begin() + offset, '\n'));
}

std::optional<int> intAttr(const pugi::xml_node& n, const char* name)
{
    const pugi::xml_attribute a = n.attribute(name);
    if (!a) return std::nullopt;
    long long v = 0;
    if (!parseInteger(trim(a.value()), v) || v < -1000000 || v > 1000000) return std::nullopt;
    return static_cast<int>(v);
}

std::optional<bool> boolAttr(const pugi::xml_node& n, const char* name)
{
    const auto v = intAttr(n, name);
    if (!v) return std::nullopt;
    return *v != 0;
}

/// What a checked attribute holds: absent, a value in range, or text that is not one (a warning
/// naming the line, the attribute and the expected range has then been given).
struct Checked {
    bool present = false;
    std::optional<long long> value;            ///< set when present and in [lo, hi]
};

/// Reads integer attribute `name` of `n` and checks it lies in [lo, hi]; when it is present but
/// not an integer in that range, appends "line N: <elem> name="value" is ...: expected ..., `what`;
/// `consequence`" to `warnings`. Never throws.
Checked checkedIntAttr(const pugi::xml_node& n, const char* name, long long lo, long long hi, int line, const std::string& expected,
                       const std::string& consequence, std::vector<std::string>& warnings)
{
    Checked c;
    const pugi::xml_attribute a = n.attribute(name);
    if (!a) return c;
    c.present = true;
    const std::string raw = a.value();
    long long v = 0;
    std::string problem;
    if (!parseInteger(trim(raw), v)) problem = "is not a whole number";
    else if (v < lo || v > hi) problem = "is out of range";
    if (problem.empty()) {
        c.value = v;
        return c;
    }
    warnings.push_back("line " + std::to_string(line) + ": <" + n.name() + "> attribute " + name + "=\"" +
                       (raw.size() > 40 ? raw.substr(0, 40) + "..." : raw) + "\" " + problem + ": expected " + expected + "; " + consequence);
    return c;
}

/// Largest NIC speed read, Mb/s (NCCL's unit): 3.2 Tb/s, twice the fastest port sold (1.6 Tb/s).
constexpr long long kMaxNicSpeedMbps = 3200000;

/// A <net> element's speed (Mb/s) in Gb/s; nullopt when it is absent or 0 (NCCL did not know it),
/// and nullopt with a warning naming the line when it is not a speed from 1 to kMaxNicSpeedMbps
/// Mb/s (a negative speed, a word, a figure beyond any port).
std::optional<double> netSpeedGbps(const pugi::xml_node& net, int line, std::vector<std::string>& warnings)
{
    const Checked c = checkedIntAttr(net, "speed", 0, kMaxNicSpeedMbps, line,
                                     "a port speed in Mb/s from 1 to " + std::to_string(kMaxNicSpeedMbps) + " (400000 = 400 Gb/s)",
                                     "the NIC's speed is not stated", warnings);
    if (!c.value || *c.value == 0) return std::nullopt;
    return static_cast<double>(*c.value) / 1000.0;
}

/// Fastest PCIe rate read, GT/s: PCIe 7.0's 128 GT/s.
constexpr double kMaxPcieGTps = 128;

/// Widest PCIe link read, lanes (the PCIe specification's x32); 0 is what virtualised devices
/// report (nccl_topo_09).
constexpr long long kMaxPcieLanes = 32;

/// "16 GT/s", "32.0 GT/s PCIe", "2.5 GT/s PCIe" -> GT/s; nullopt when absent, and nullopt with a
/// warning naming the line when it is not a rate above 0 and at most kMaxPcieGTps ("nan GT/s",
/// "inf", a word, a negative rate).
std::optional<double> speedAttr(const pugi::xml_node& n, int line, std::vector<std::string>& warnings)
{
    const pugi::xml_attribute a = n.attribute("link_speed");
    if (!a) return std::nullopt;
    const std::string raw = a.value();
    const auto cells = splitBlanks(raw);
    double v = 0;
    // parseNumber refuses "nan" and "inf" (not finite), as it refuses a word.
    std::string problem;
    if (cells.empty() || !parseNumber(cells[0], v)) problem = "is not a number of GT/s";
    else if (v <= 0 || v > kMaxPcieGTps) problem = "is out of range";
    if (problem.empty()) return v;
    warnings.push_back("line " + std::to_string(line) + ": <" + n.name() + "> attribute link_speed=\"" +
                       (raw.size() > 40 ? raw.substr(0, 40) + "..." : raw) + "\" " + problem + ": expected a PCIe rate above 0 and at most " +
                       significantDigits(kMaxPcieGTps) + " GT/s, such as \"32.0 GT/s PCIe\"; the link's speed is not stated");
    return std::nullopt;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// PCI id attribute `name` ("vendor", "device") of a <pci> element, lower case: NCCL writes
/// "0x%04x" ("0x10de", "0x2330"); "2330" without the prefix is read too. Empty when absent, and
/// empty with a warning naming the line when it is not a 16-bit hex id ("zzzz", "0x123456"), as
/// speed= and link_width= are named.
std::string pciIdAttr(const pugi::xml_node& n, const char* name, int line, const std::string& consequence, std::vector<std::string>& warnings)
{
    const pugi::xml_attribute a = n.attribute(name);
    if (!a) return {};
    const std::string raw = a.value();
    std::string v = lower(trim(raw));
    const std::string digits = startsWith(v, "0x") ? v.substr(2) : v;
    if (!digits.empty() && digits.size() <= 4 && std::all_of(digits.begin(), digits.end(), [](unsigned char ch) { return std::isxdigit(ch) != 0; }))
        return v;
    warnings.push_back("line " + std::to_string(line) + ": <" + n.name() + "> attribute " + name + "=\"" +
                       (raw.size() > 40 ? raw.substr(0, 40) + "..." : raw) + "\" is not a PCI id: expected a 16-bit hex id such as " +
                       (std::string(name) == "vendor" ? "0x10de" : "0x2330") + "; " + consequence);
    return {};
}

/// "0000:19:00.0" and "0000:19:00" name the same device in NCCL's files.
std::string normBusId(std::string s)
{
    s = lower(trim(s));
    if (s.size() == 10) s += ".0";
    return s;
}

/// Deepest <pci> nesting read, levels below the <cpu>. A real server nests a handful of PCIe
/// switches (a DGX H100: root port, two switch levels, the device); deeper files are refused
/// rather than walked, so a crafted file cannot exhaust the stack.
constexpr int kMaxPciDepth = 32;

/// Most NVLinks one <nvlink> bond can hold: a GPU has at most 18 (H100), so 64 leaves room.
constexpr long long kMaxNvlinksPerBond = 64;

struct Walker {
    Walker(const ImportText& t, std::string_view c, std::vector<std::string>& w, ServerModel& m) : text(t), content(c), warnings(w), s(m) {}
    const ImportText& text;
    std::string_view content;
    std::vector<std::string>& warnings;
    ServerModel& s;
    int gpusByClassOnly = 0;                       ///< GPUs with neither <gpu> nor a known PCI device id
    int nicsByClassOnly = 0;
    std::map<std::string, int> gpuByBus;           ///< bus id -> index into s.gpus
    std::vector<std::pair<int, int>> nicAt;        ///< (index into s.nics, pcie node)
    std::vector<std::pair<int, int>> gpuAt;        ///< (index into s.gpus, pcie node)
    std::set<std::ptrdiff_t> gpuElementsRead;      ///< offsets of the <gpu> elements the walk reached
    std::set<int> gpusWithBadBond;                 ///< GPUs (dev) with an <nvlink> ignored: their PCIe-only pairs are unknown

    /// One <cpu> and what it holds: its <pci> trees, the NICs straight under it, and <cpu>
    /// elements nested in it (NCCL writes each <cpu> directly under <system>; a nested one is read
    /// as a CPU of its own, with a warning, rather than dropped with its GPUs). `depth` counts the
    /// <cpu> elements above it.
    void cpu(const pugi::xml_node& cpuEl, int depth)
    {
        CpuNode c;
        c.numaNode = intAttr(cpuEl, "numaid");
        c.cpuAffinity = cpuEl.attribute("affinity").value();
        c.vendor = cpuEl.attribute("vendor").value();
        c.familyId = intAttr(cpuEl, "familyid");
        c.modelId = intAttr(cpuEl, "modelid");
        c.line = line(cpuEl);
        const int ci = static_cast<int>(s.cpus.size());
        s.cpus.push_back(c);
        for (const pugi::xml_node& p : cpuEl.children("pci")) pci(p, -1, ci, 0);
        // NICs straight under the CPU (no PCI element): virtual or unlocated NICs.
        for (const pugi::xml_node& nicEl : cpuEl.children("nic"))
            for (const pugi::xml_node& net : nicEl.children("net")) {
                ImportedNic nic;
                nic.index = static_cast<int>(s.nics.size());
                nic.label = "NIC" + std::to_string(nic.index);
                nic.name = net.attribute("name").value();
                nic.line = line(net);
                nic.speedGbps = netSpeedGbps(net, nic.line, warnings);
                nic.gdr = boolAttr(net, "gdr");
                nic.numaNode = c.numaNode;
                s.nics.push_back(nic);
            }
        for (const pugi::xml_node& inner : cpuEl.children("cpu")) {
            if (depth + 1 >= kMaxPciDepth) continue; // left to the unread-<gpu> check, which names its line
            const std::size_t gpusBefore = s.gpus.size();
            const std::size_t warningAt = warnings.size();
            cpu(inner, depth + 1);
            const std::size_t read = s.gpus.size() - gpusBefore;
            warnings.insert(warnings.begin() + static_cast<std::ptrdiff_t>(warningAt),
                            "line " + std::to_string(line(inner)) + ": <cpu> nested inside the <cpu> of line " + std::to_string(line(cpuEl)) +
                                ": expected each <cpu> directly under <system> (NCCL, loading this file, ignores a nested one and finds its "
                                "devices at run time); read here as a CPU of its own" +
                                (inner.attribute("numaid") ? " (NUMA node " + std::string(inner.attribute("numaid").value()) + ")" : std::string()) +
                                " with its " + std::to_string(read) + (read == 1 ? " GPU" : " GPUs"));
        }
    }

    int line(const pugi::xml_node& n) const { return lineOf(content, n.offset_debug()); }

    void pci(const pugi::xml_node& n, int parent, int cpu, int depth)
    {
        if (depth >= kMaxPciDepth)
            throw InputError(text.name(), "line " + std::to_string(line(n)), "",
                             "<pci> nesting deeper than " + std::to_string(kMaxPciDepth) +
                                 " levels; a real topology nests a handful of PCIe switches, so the file is not read");
        PcieNode p;
        p.busId = normBusId(n.attribute("busid").value());
        p.pciClass = lower(n.attribute("class").value());
        p.line = line(n);
        // What the id would have named: a GPU's or NIC's model (its class says which it is).
        const std::string cls = lower(n.attribute("class").value());
        const std::string named = n.child("gpu") || startsWith(cls, "0x0302") || startsWith(cls, "0x0300") ? "the GPU's model"
                                  : n.child("nic") || startsWith(cls, "0x0207") || startsWith(cls, "0x0200") ? "the NIC's model"
                                                                                                             : "the device";
        p.vendor = pciIdAttr(n, "vendor", p.line, "the id is not read, so " + named + " is not identified by it", warnings);
        p.device = pciIdAttr(n, "device", p.line, "the id is not read, so " + named + " is not identified by it", warnings);
        p.link.speedGTps = speedAttr(n, p.line, warnings);
        // Checked as speed= is: "nan", "inf", a word, a negative or impossible width is named.
        const Checked width = checkedIntAttr(n, "link_width", 0, kMaxPcieLanes, p.line,
                                             "a lane count from 0 to " + std::to_string(kMaxPcieLanes) + " (16 = x16; 0 as virtual devices report)",
                                             "the link's width is not stated", warnings);
        if (width.value) p.link.width = static_cast<int>(*width.value);
        p.parent = parent;
        p.cpu = cpu;
        p.depth = depth;
        const int self = static_cast<int>(s.pcie.size());
        s.pcie.push_back(p);

        const pugi::xml_node gpuEl = n.child("gpu");
        const pugi::xml_node nicEl = n.child("nic");
        const bool displayClass = startsWith(p.pciClass, "0x0300");
        const bool gpuClass = startsWith(p.pciClass, "0x0302") || (displayClass && (p.vendor == "0x10de" || p.vendor == "0x1002"));
        const bool nicClass = startsWith(p.pciClass, "0x0207") || startsWith(p.pciClass, "0x0200");
        if (gpuEl) gpuElementsRead.insert(gpuEl.offset_debug());
        const auto dup = (gpuEl || (gpuClass && !nicEl)) && !p.busId.empty() ? gpuByBus.find(p.busId) : gpuByBus.end();
        if (dup != gpuByBus.end()) {
            const ImportedGpu& first = s.gpus[static_cast<std::size_t>(dup->second)];
            warnings.push_back("line " + std::to_string(p.line) + ": <pci> busid=\"" + std::string(n.attribute("busid").value()) +
                               "\" repeats the bus id of " + first.label + " on line " + std::to_string(first.line) +
                               ": expected one GPU per PCI bus id (a copy-paste or a merged file?); this second GPU is not read");
        } else if (gpuEl || (gpuClass && !nicEl)) {
            ImportedGpu g;
            g.index = gpuEl ? intAttr(gpuEl, "dev").value_or(static_cast<int>(s.gpus.size())) : static_cast<int>(s.gpus.size());
            g.label = "GPU" + std::to_string(g.index);
            g.pciBusId = p.busId;
            g.pciDevice = p.device;
            g.name = identifyPciGpu(p.vendor, p.device).name; // the PCI ID Repository's name; empty when unknown
            g.pcie = p.link;
            g.vgaClass = displayClass;
            g.line = p.line;
            if (cpu >= 0) g.numaNode = s.cpus[static_cast<std::size_t>(cpu)].numaNode;
            if (gpuEl) {
                g.smVersion = intAttr(gpuEl, "sm");
                g.gdr = boolAttr(gpuEl, "gdr");
                int links = 0;
                bool any = false;
                for (const pugi::xml_node& l : gpuEl.children("nvlink")) {
                    NvlinkBond b;
                    b.gpu = g.index;
                    b.target = normBusId(l.attribute("target").value());
                    b.targetClass = lower(l.attribute("tclass").value());
                    const std::string consequence = "that bond (GPU" + std::to_string(g.index) + " to " + b.target + ") is ignored";
                    const Checked count = checkedIntAttr(l, "count", 0, kMaxNvlinksPerBond, line(l),
                                                         "a link count from 0 to " + std::to_string(kMaxNvlinksPerBond) +
                                                             " (NVLinks in one bond; an H100 has 18 in all)",
                                                         consequence, warnings);
                    if (!count.present || !count.value) gpusWithBadBond.insert(g.index);
                    if (!count.present) {
                        warnings.push_back("line " + std::to_string(line(l)) + ": <nvlink> has no count attribute: expected a link count from 0 to " +
                                           std::to_string(kMaxNvlinksPerBond) + "; " + consequence);
                        continue;
                    }
                    if (!count.value) continue;
                    b.count = static_cast<int>(*count.value);
                    links += b.count;
                    any = true;
                    s.nvlinkBonds.push_back(b);
                }
                if (any) g.nvlinks = links;
            } else if (g.name.empty()) {
                ++gpusByClassOnly;
            }
            gpuByBus[p.busId] = static_cast<int>(s.gpus.size());
            gpuAt.emplace_back(static_cast<int>(s.gpus.size()), self);
            s.gpus.push_back(g);
        } else if (nicEl || nicClass) {
            auto addNic = [&](const pugi::xml_node* net) {
                ImportedNic nic;
                nic.index = static_cast<int>(s.nics.size());
                nic.label = "NIC" + std::to_string(nic.index);
                nic.pciBusId = p.busId;
                nic.pciDevice = p.device;
                nic.pciVendor = p.vendor;
                nic.pcie = p.link;
                nic.line = net ? line(*net) : p.line;
                if (cpu >= 0) nic.numaNode = s.cpus[static_cast<std::size_t>(cpu)].numaNode;
                if (net) {
                    nic.name = net->attribute("name").value();
                    nic.speedGbps = netSpeedGbps(*net, nic.line, warnings);
                    nic.gdr = boolAttr(*net, "gdr");
                }
                nicAt.emplace_back(static_cast<int>(s.nics.size()), self);
                s.nics.push_back(nic);
            };
            bool anyNet = false;
            if (nicEl)
                for (const pugi::xml_node& net : nicEl.children("net")) {
                    addNic(&net);
                    anyNet = true;
                }
            if (!anyNet) {
                addNic(nullptr);
                ++nicsByClassOnly;
            }
        }
        for (const pugi::xml_node& child : n.children("pci")) pci(child, self, cpu, depth + 1);
    }
};

/// Chain of PCIe nodes from `node` up to its CPU (node itself first).
std::vector<int> ancestors(const ServerModel& s, int node)
{
    std::vector<int> out;
    for (int i = node; i >= 0; i = s.pcie[static_cast<std::size_t>(i)].parent) out.push_back(i);
    return out;
}

/// NCCL's path type between two PCI devices (src/graph/paths.cc): PIX when one bridge joins
/// them, PXB when several bridges but no CPU do, PHB through the same CPU, SYS across CPUs.
PathKind pciPath(const ServerModel& s, int a, int b)
{
    const auto& na = s.pcie[static_cast<std::size_t>(a)];
    const auto& nb = s.pcie[static_cast<std::size_t>(b)];
    if (na.cpu != nb.cpu) return PathKind::Sys;
    const auto up = ancestors(s, na.parent < 0 ? -1 : na.parent);
    const auto upB = ancestors(s, nb.parent < 0 ? -1 : nb.parent);
    for (std::size_t i = 0; i < up.size(); ++i) {
        const auto it = std::find(upB.begin(), upB.end(), up[i]);
        if (it == upB.end()) continue;
        const std::size_t j = static_cast<std::size_t>(it - upB.begin());
        return (i == 0 && j == 0) ? PathKind::PIX : PathKind::PXB;
    }
    return PathKind::PHB;
}

} // namespace

ServerModel parseNcclTopoXml(const ImportText& text, std::string_view content, std::vector<std::string>& warnings)
{
    // A file that does not open with an element is not XML at all (a topo -m table, a log):
    // say so, rather than report a parse error that reads as a cut-off file.
    const std::size_t first = content.find_first_not_of(" \t\r\n");
    const bool bom = content.substr(0, 3) == "\xEF\xBB\xBF";
    if (first != std::string_view::npos && content[first] != '<' && !(bom && first == 0)) {
        const std::size_t eol = content.find('\n', first);
        const std::string firstLine = trim(std::string(content.substr(first, eol == std::string_view::npos ? std::string_view::npos : eol - first)));
        throw InputError(text.name(), "line " + std::to_string(lineOf(content, static_cast<std::ptrdiff_t>(first))), "",
                         "expected NCCL topology XML (a <system> element, optionally after <?xml ...?>), got plain text that is not XML: \"" +
                             (firstLine.size() > 60 ? firstLine.substr(0, 60) + "..." : firstLine) + "\"");
    }
    pugi::xml_document doc;
    const pugi::xml_parse_result r = doc.load_buffer(content.data(), content.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!r) {
        const int l = lineOf(content, r.offset);
        const bool atEnd = static_cast<std::size_t>(r.offset) + 2 >= content.size();
        throw InputError(text.name(), "line " + std::to_string(l), "",
                         std::string("expected well-formed NCCL topology XML, got a parse error (") + r.description() + " at byte " +
                             std::to_string(r.offset) + ")" +
                             (atEnd || !text.endsWithNewline() ? ": the file is cut off before its elements close; nothing is imported from a partial XML file" : ""));
    }
    const pugi::xml_node system = doc.child("system");
    if (!system)
        throw InputError(text.name(), "", "", "expected NCCL topology XML with a <system> root element, got <" +
                                                  std::string(doc.first_child().name()) + ">");
    ServerModel s;
    s.format = "NCCL topology XML";
    Walker w(text, content, warnings, s);
    for (const pugi::xml_node& cpuEl : system.children("cpu")) w.cpu(cpuEl, 0);
    // A <gpu> anywhere else (under <system> or a <nic>, a second <gpu> in one <pci>, nested past
    // the depth read) is not part of the tree read: name it rather than drop it unsaid.
    struct GpuFinder : pugi::xml_tree_walker {
        std::vector<pugi::xml_node> found;
        bool for_each(pugi::xml_node& node) override
        {
            if (node.type() == pugi::node_element && std::string_view(node.name()) == "gpu") found.push_back(node);
            return found.size() < 1000;
        }
    } finder;
    doc.traverse(finder);
    for (const pugi::xml_node& g : finder.found) {
        if (w.gpuElementsRead.count(g.offset_debug())) continue;
        const pugi::xml_node parent = g.parent();
        warnings.push_back("line " + std::to_string(w.line(g)) + ": <gpu> inside <" + parent.name() + ">" +
                           (parent.type() == pugi::node_element ? " (line " + std::to_string(w.line(parent)) + ")" : std::string()) +
                           " is not read: expected each <gpu> as the only <gpu> of a <pci> inside a <cpu> of <system>, where NCCL reads it");
    }
    // A server model without a GPU is nothing to import (topo -m refuses a matrix of NIC columns
    // only the same way).
    if (s.gpus.empty()) {
        std::string why = s.cpus.empty() ? "the <system> element holds no <cpu>" : "no <gpu> element and no <pci> of class 0x0302xx (or NVIDIA/AMD 0x0300xx) under its <cpu> elements";
        std::size_t unread = 0;
        int firstUnread = 0;
        for (const pugi::xml_node& g : finder.found)
            if (!w.gpuElementsRead.count(g.offset_debug()) && unread++ == 0) firstUnread = w.line(g);
        if (unread > 0)
            why += "; " + std::to_string(unread) + (unread == 1 ? " <gpu> element sits" : " <gpu> elements sit") +
                   " where NCCL does not read it (first on line " + std::to_string(firstUnread) + ")";
        throw InputError(text.name(), "line " + std::to_string(w.line(system)), "",
                         "expected at least one GPU in the NCCL topology, found none (" + why + "): the file has no GPU, so there is no server to import");
    }
    if (w.gpusByClassOnly > 0)
        warnings.push_back(std::to_string(w.gpusByClassOnly) + (w.gpusByClassOnly == 1 ? " GPU is" : " GPUs are") +
                           " known only by their PCI class (no <gpu> element, as in a static NCCL_TOPO_FILE, and a PCI device id "
                           "the GPU table does not hold), so their model is not stated");
    if (w.nicsByClassOnly > 0)
        warnings.push_back(std::to_string(w.nicsByClassOnly) + (w.nicsByClassOnly == 1 ? " NIC is" : " NICs are") +
                           " known only by their PCI class (no <nic>/<net> element: NCCL fills those in at run time), so their speed "
                           "is not stated");

    // NVSwitches: distinct NVLink targets that are not GPUs.
    std::set<std::string> switches;
    for (const auto& b : s.nvlinkBonds)
        if (!w.gpuByBus.count(b.target)) switches.insert(b.target);
    s.nvswitches = static_cast<int>(switches.size());

    // GPU pairs: NVLink through a shared NVSwitch or a direct bond, else the PCIe path. A file
    // without any <nvlink> (static NCCL_TOPO_FILEs) does not say whether the GPUs have NVLink:
    // NCCL detects it at run time, so no pair is stated.
    const auto nG = s.gpus.size();
    if (s.nvlinkBonds.empty() && nG > 1)
        warnings.push_back("no <nvlink> element: the file does not state the GPUs' NVLinks (NCCL detects them at run time), so GPU pairs are unknown");
    for (std::size_t i = 0; i < nG && !s.nvlinkBonds.empty(); ++i)
        for (std::size_t j = i + 1; j < nG; ++j) {
            GpuPair p;
            p.a = std::min(s.gpus[i].index, s.gpus[j].index);
            p.b = std::max(s.gpus[i].index, s.gpus[j].index);
            int direct = 0;
            std::set<std::string> ti, tj;
            for (const auto& b : s.nvlinkBonds) {
                if (b.gpu == s.gpus[i].index) {
                    ti.insert(b.target);
                    if (b.target == s.gpus[j].pciBusId) direct += b.count;
                }
                if (b.gpu == s.gpus[j].index) tj.insert(b.target);
            }
            bool viaSwitch = false;
            for (const auto& t : ti)
                if (switches.count(t) && tj.count(t)) viaSwitch = true;
            if (viaSwitch) {
                p.path = PathKind::NVLink;
                p.nvlinks = std::min(s.gpus[i].nvlinks.value_or(0), s.gpus[j].nvlinks.value_or(0));
            } else if (direct > 0) {
                p.path = PathKind::NVLink;
                p.nvlinks = direct;
            } else if (w.gpusWithBadBond.count(s.gpus[i].index) || w.gpusWithBadBond.count(s.gpus[j].index)) {
                p.path = PathKind::Unknown; // the ignored bond may be the NVLink between them: not PCIe for certain
            } else {
                p.path = pciPath(s, w.gpuAt[i].second, w.gpuAt[j].second);
            }
            p.token = p.path == PathKind::NVLink ? "NV" + std::to_string(p.nvlinks) : toString(p.path);
            s.gpuPairs.push_back(p);
        }
    for (const auto& [gi, gnode] : w.gpuAt)
        for (const auto& [ni, nnode] : w.nicAt) {
            GpuNicPath p;
            p.gpu = s.gpus[static_cast<std::size_t>(gi)].index;
            p.nic = s.nics[static_cast<std::size_t>(ni)].index;
            p.path = pciPath(s, gnode, nnode);
            p.token = toString(p.path);
            s.gpuNic.push_back(p);
        }
    return s;
}

} // namespace model::io
