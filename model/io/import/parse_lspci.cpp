// `lspci -tv` / `lspci -tvv` trees. Each device line ends with "BB.F  Vendor Device"; bridges
// show as "BB.F-[secondary]-" before their children. The tree gives GPUs, NICs and the
// devices a hypervisor emulates; it does not give NUMA nodes or link speeds.
#include "model/io/import/gpu_identity.hpp"
#include "model/io/import/import.hpp"

#include "model/io/input_error.hpp"

#include <regex>

namespace model::io {

ServerModel parseLspciTree(const ImportText& text, std::vector<std::string>& warnings)
{
    // The device text follows the last "BB.F" function and two blanks; the tree always draws a
    // dash right before the function ("+-00.0", "\-1f.0", "----00.0"), which keeps a table of
    // numbers such as nccl-tests rows ("  12.34  56.78") from passing for a tree.
    static const std::regex deviceRe(R"(-([0-9a-f]{2}\.[0-9a-f])\s{2,}(.+)$)");
    static const std::regex bridgeRe(R"(-\[[0-9a-f]{2}(?:-[0-9a-f]{2})?\]-)");
    static const std::regex nvidiaIdRe(R"(NVIDIA Corporation (?:Device )?([0-9a-f]{4})\b)");
    static const std::regex rootRe(R"(\[([0-9a-f]{4}:[0-9a-f]{2})\])");
    ServerModel s;
    s.format = "lspci -tv";
    int treeLines = 0, vmDevices = 0, firstVmLine = 0;
    std::vector<std::string> roots;
    for (const SourceLine& l : text.lines()) {
        if (l.text.size() > kMaxLineChars) continue;
        std::smatch m;
        if (!std::regex_search(l.text, m, deviceRe)) continue;
        ++treeLines;
        if (l.cut) {
            warnings.push_back("line " + std::to_string(l.number) + ": the last line is cut off and is not read");
            continue;
        }
        const std::string desc = trim(m[2].str());
        std::smatch r;
        if (std::regex_search(l.text, r, rootRe) && l.text.find("-[" + r[1].str() + "]") != std::string::npos)
            roots.push_back(r[1].str());
        const int bridges = static_cast<int>(std::distance(std::sregex_iterator(l.text.begin(), l.text.end(), bridgeRe), std::sregex_iterator()));
        PcieNode node;
        node.busId = m[1].str();
        node.depth = bridges;
        node.line = l.number;
        if (desc.find("Red Hat, Inc.") != std::string::npos || desc.find("Virtio") != std::string::npos || desc.find("QEMU") != std::string::npos) {
            node.vendor = "0x1af4";
            ++vmDevices;
            if (!firstVmLine) firstVmLine = l.number;
        }
        std::smatch id;
        if (std::regex_search(desc, id, nvidiaIdRe)) {
            const GpuIdentity gi = identifyPciGpu("10de", id[1].str());
            if (!gi.name.empty()) {
                ImportedGpu g;
                g.index = static_cast<int>(s.gpus.size());
                g.label = "GPU" + std::to_string(g.index);
                g.name = gi.name;
                g.pciDevice = "0x" + id[1].str();
                g.line = l.number;
                s.gpus.push_back(g);
                node.pciClass = "0x0302";
            } else {
                warnings.push_back("line " + std::to_string(l.number) + ": NVIDIA device " + id[1].str() +
                                   " is not a GPU the importer knows (NVSwitch, audio, or a newer GPU): not counted");
            }
        } else if (desc.find("NVIDIA Corporation") != std::string::npos) {
            const GpuIdentity gi = identifyGpuName(desc);
            if (!gi.name.empty()) {
                ImportedGpu g;
                g.index = static_cast<int>(s.gpus.size());
                g.label = "GPU" + std::to_string(g.index);
                g.name = gi.name;
                g.line = l.number;
                s.gpus.push_back(g);
            }
        } else if (desc.find("Mellanox") != std::string::npos || desc.find("Elastic Fabric Adapter") != std::string::npos) {
            ImportedNic n;
            n.index = static_cast<int>(s.nics.size());
            n.label = "NIC" + std::to_string(n.index);
            const auto bracket = desc.find('[');
            const auto close = bracket == std::string::npos ? std::string::npos : desc.find(']', bracket);
            n.name = close != std::string::npos ? desc.substr(bracket + 1, close - bracket - 1) : desc;
            n.line = l.number;
            s.nics.push_back(n);
            node.pciClass = "0x0207";
        }
        s.pcie.push_back(node);
    }
    if (treeLines < 2)
        throw InputError(text.name(), "", "", "expected an lspci -tv tree (lines such as \"+-01.0-[01]----00.0  Vendor Device\"), found none");
    if (vmDevices > 0)
        warnings.push_back(std::to_string(vmDevices) + " virtio/QEMU devices (first on line " + std::to_string(firstVmLine) +
                           "): a virtual machine guest; its PCIe tree is the hypervisor's, not the host's");
    warnings.push_back("lspci -t states neither NUMA nodes nor link speeds, nor which NIC is closest to which GPU: those stay unknown");
    s.complete = text.endsWithNewline();
    return s;
}

} // namespace model::io
