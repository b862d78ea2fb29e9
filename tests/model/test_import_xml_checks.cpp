// NCCL topology XML with values no real file holds: each is named in a warning (line, attribute,
// expected range) instead of being read as something else without a word.
#include "model/io/import/import.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace model::io;

namespace {

/// The warning that contains `needle`, or "" when none does.
std::string warningWith(const ImportResult& r, const std::string& needle)
{
    const auto it = std::find_if(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) { return w.find(needle) != std::string::npos; });
    return it == r.warnings.end() ? std::string() : *it;
}

const std::string kBadValues = R"(<system version="1">
  <cpu numaid="0" affinity="ff" arch="x86_64" vendor="GenuineIntel">
    <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="16">
      <gpu dev="0" sm="90" rank="0" gdr="1">
        <nvlink target="0000:a7:00.0" count="999999999999" tclass="0x068000"/>
      </gpu>
    </pci>
    <pci busid="0000:1a:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="16">
      <gpu dev="1" sm="90" rank="1" gdr="1">
        <nvlink target="0000:a7:00.0" count="18" tclass="0x068000"/>
      </gpu>
    </pci>
    <pci busid="0000:1b:00.0" class="0x020700" vendor="0x15b3" device="0x101e" link_speed="32.0 GT/s PCIe" link_width="16">
      <nic>
        <net name="mlx5_0" dev="0" speed="-400000" port="1" gdr="1"/>
      </nic>
    </pci>
  </cpu>
</system>
)";

} // namespace

TEST_CASE("NCCL XML: an NVLink count out of range is named and its bond ignored - not read as 0", "[import][xml]")
{
    const auto r = importText("big.xml", kBadValues, ImportKind::NcclTopo);
    const std::string w = warningWith(r, "count=\"999999999999\"");
    REQUIRE(!w.empty());
    CHECK(w.find("line 5") == 0);
    CHECK(w.find("out of range") != std::string::npos);
    CHECK(w.find("from 0 to 64") != std::string::npos);
    REQUIRE(r.server);
    const auto& s = *r.server;
    REQUIRE(s.gpus.size() == 2);
    CHECK_FALSE(s.gpus[0].nvlinks.has_value()); // unknown, not 0
    CHECK(s.gpus[1].nvlinks == 18);
    CHECK(s.nvlinkBonds.size() == 1);
    // The ignored bond may be the pair's NVLink: the pair is unknown, not PCIe.
    REQUIRE(s.pair(0, 1));
    CHECK(s.pair(0, 1)->path == PathKind::Unknown);
    CHECK(std::none_of(r.findings.begin(), r.findings.end(), [](const AdvisorFinding& f) { return f.rule == "no-nvlink"; }));
}

TEST_CASE("NCCL XML: a negative NIC speed is named - not silently unknown", "[import][xml]")
{
    const auto r = importText("big.xml", kBadValues, ImportKind::NcclTopo);
    const std::string w = warningWith(r, "speed=\"-400000\"");
    REQUIRE(!w.empty());
    CHECK(w.find("line 15") == 0);
    CHECK(w.find("<net>") != std::string::npos);
    CHECK(w.find("out of range") != std::string::npos);
    CHECK(w.find("Mb/s from 1 to 3200000") != std::string::npos);
    REQUIRE(r.server->nics.size() == 1);
    CHECK_FALSE(r.server->nics[0].speedGbps.has_value());
    CHECK(r.server->nics[0].line == 15);
}

TEST_CASE("NCCL XML: NIC speeds up to 3.2 Tb/s are read and a word is named", "[import][xml]")
{
    std::string text = kBadValues;
    text.replace(text.find("-400000"), 7, "1600000");
    text.replace(text.find("999999999999"), 12, "18");
    const auto r = importText("fast.xml", text, ImportKind::NcclTopo);
    REQUIRE(r.server->nics.size() == 1);
    CHECK(r.server->nics[0].speedGbps == Approx(1600.0));
    CHECK(r.warnings.empty());
    CHECK(r.server->pair(0, 1)->path == PathKind::NVLink);

    text.replace(text.find("1600000"), 7, "fast");
    const auto w = importText("word.xml", text, ImportKind::NcclTopo);
    CHECK(warningWith(w, "line 15: <net> attribute speed=\"fast\" is not a whole number").size() > 0);
}

TEST_CASE("NCCL XML: a duplicate GPU bus id is one GPU - the warning names both lines", "[import][xml]")
{
    const std::string text = R"(<system version="1">
  <cpu numaid="0" affinity="ff">
    <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0x2330">
      <gpu dev="0" sm="90" rank="0" gdr="1"/>
    </pci>
    <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0x2330">
      <gpu dev="1" sm="90" rank="1" gdr="1"/>
    </pci>
  </cpu>
</system>
)";
    const auto r = importText("dup.xml", text, ImportKind::NcclTopo);
    REQUIRE(r.server);
    CHECK(r.server->gpus.size() == 1);
    const std::string w = warningWith(r, "repeats the bus id");
    REQUIRE(!w.empty());
    CHECK(w.find("line 6") == 0);
    CHECK(w.find("busid=\"0000:19:00.0\"") != std::string::npos);
    CHECK(w.find("GPU0 on line 3") != std::string::npos);
}

TEST_CASE("NCCL XML: a GPU under a nested cpu is read with a warning naming both cpu lines", "[import][xml]")
{
    const std::string text = R"(<system version="1">
  <cpu numaid="0" affinity="ff">
    <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0x2330">
      <gpu dev="0" sm="90" rank="0" gdr="1"/>
    </pci>
    <cpu numaid="1" affinity="ff00">
      <pci busid="0000:9a:00.0" class="0x030200" vendor="0x10de" device="0x2330">
        <gpu dev="1" sm="90" rank="1" gdr="1"/>
      </pci>
    </cpu>
  </cpu>
</system>
)";
    const auto r = importText("nested.xml", text, ImportKind::NcclTopo);
    REQUIRE(r.server);
    REQUIRE(r.server->gpus.size() == 2);
    CHECK(r.server->gpus[1].index == 1);
    CHECK(r.server->gpus[1].numaNode == 1);
    CHECK(r.server->gpus[1].line == 7);
    CHECK(r.server->cpus.size() == 2);
    const std::string w = warningWith(r, "nested inside");
    REQUIRE(!w.empty());
    CHECK(w.find("line 6: <cpu> nested inside the <cpu> of line 2") == 0);
    CHECK(w.find("NUMA node 1") != std::string::npos);
    CHECK(w.find("its 1 GPU") != std::string::npos);
}

TEST_CASE("NCCL XML: a gpu element outside a pci is named as not read", "[import][xml]")
{
    const std::string text = R"(<system version="1">
  <gpu dev="5" sm="90"/>
  <cpu numaid="0">
    <pci busid="0000:19:00.0" class="0x030200" vendor="0x10de" device="0x2330">
      <gpu dev="0" sm="90"/>
      <gpu dev="1" sm="90"/>
    </pci>
  </cpu>
</system>
)";
    const auto r = importText("odd.xml", text, ImportKind::NcclTopo);
    CHECK(r.server->gpus.size() == 1);
    CHECK(warningWith(r, "line 2: <gpu> inside <system> (line 1) is not read").size() > 0);
    CHECK(warningWith(r, "line 6: <gpu> inside <pci> (line 4) is not read").size() > 0);
}

TEST_CASE("NCCL XML: a file with no GPU is refused naming why - not a server of 0 GPUs", "[import][xml]")
{
    // Only nested <cpu> elements and a NIC: this imported with exit 0 as a server model of 0 GPUs.
    const std::string nested = R"(<system version="1">
  <cpu numaid="0">
    <cpu numaid="1">
      <pci busid="0000:1b:00.0" class="0x020700" vendor="0x15b3" device="0x101e" link_speed="32.0 GT/s PCIe" link_width="16"/>
    </cpu>
  </cpu>
</system>
)";
    const std::string stray = "<system version=\"1\">\n  <gpu dev=\"0\"/>\n</system>\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {nested, "expected at least one GPU in the NCCL topology, found none (no <gpu> element and no <pci> of class 0x0302xx (or "
                 "NVIDIA/AMD 0x0300xx) under its <cpu> elements): the file has no GPU, so there is no server to import"},
        {stray, "expected at least one GPU in the NCCL topology, found none (the <system> element holds no <cpu>; 1 <gpu> element sits "
                "where NCCL does not read it (first on line 2)): the file has no GPU, so there is no server to import"},
    };
    for (const auto& [text, problem] : cases) {
        for (ImportKind kind : {ImportKind::NcclTopo, ImportKind::Auto}) {
            try {
                (void)importText("nogpu.xml", text, kind);
                FAIL("expected InputError");
            } catch (const model::InputError& e) {
                CHECK(e.file() == "nogpu.xml");
                CHECK(e.entry() == "line 1");
                CHECK(e.problem() == problem);
            }
        }
    }
}

TEST_CASE("NCCL XML: a PCI link_width or link_speed of nan or inf is named as other bad values are", "[import][xml]")
{
    // link_width="nan" was dropped without a word (and "-5" or "999" read as widths), while a NIC
    // speed="-200000" was named.
    const std::string text = kBadValues;
    const std::string gpu0 = R"(link_speed="32.0 GT/s PCIe" link_width="16">
      <gpu dev="0")";
    REQUIRE(text.find(gpu0) != std::string::npos);
    for (const char* width : {"nan", "inf", "-inf", "NaN", "-5", "999", "wide"}) {
        INFO("link_width=" << width);
        std::string t = text;
        t.replace(t.find(gpu0), gpu0.size(), std::string(R"(link_speed="32.0 GT/s PCIe" link_width=")") + width + R"(">
      <gpu dev="0")");
        const auto r = importText("w.xml", t, ImportKind::NcclTopo);
        const std::string w = warningWith(r, std::string("link_width=\"") + width + "\"");
        REQUIRE(!w.empty());
        CHECK(w.find("line 3: <pci> attribute link_width=") == 0);
        CHECK(w.find("expected a lane count from 0 to 32") != std::string::npos);
        CHECK_FALSE(r.server->gpus[0].pcie.width.has_value());
        CHECK(r.server->gpus[1].pcie.width == 16);
    }
    for (const char* speed : {"nan GT/s", "inf GT/s", "-32 GT/s", "0 GT/s", "fast"}) {
        INFO("link_speed=" << speed);
        std::string t = text;
        t.replace(t.find(gpu0), gpu0.size(), std::string(R"(link_speed=")") + speed + R"(" link_width="16">
      <gpu dev="0")");
        const auto r = importText("s.xml", t, ImportKind::NcclTopo);
        const std::string w = warningWith(r, std::string("link_speed=\"") + speed + "\"");
        REQUIRE(!w.empty());
        CHECK(w.find("line 3: <pci> attribute link_speed=") == 0);
        CHECK(w.find("expected a PCIe rate above 0 and at most 128 GT/s") != std::string::npos);
        CHECK_FALSE(r.server->gpus[0].pcie.speedGTps.has_value());
        CHECK(r.server->gpus[1].pcie.speedGTps == Approx(32.0));
    }
}

TEST_CASE("NCCL XML: a GPU or NIC PCI id that is not one is named as other bad values are", "[import][xml]")
{
    // device="zzzz" on a GPU was kept as its id without a word (speed="abc" and link_width="abc" are named).
    std::string t = kBadValues;
    const std::string gpu0 = R"(vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="16">
      <gpu dev="0")";
    REQUIRE(t.find(gpu0) != std::string::npos);
    t.replace(t.find(gpu0), gpu0.size(), R"(vendor="0x10de" device="zzzz" link_speed="32.0 GT/s PCIe" link_width="16">
      <gpu dev="0")");
    const auto r = importText("d.xml", t, ImportKind::NcclTopo);
    CHECK(warningWith(r, "device=\"zzzz\"") ==
          "line 3: <pci> attribute device=\"zzzz\" is not a PCI id: expected a 16-bit hex id such as 0x2330; the id is not read, so the GPU's "
          "model is not identified by it");
    REQUIRE(r.server->gpus.size() == 2);
    CHECK(r.server->gpus[0].pciDevice.empty());
    CHECK(r.server->gpus[0].name.empty());
    CHECK(r.server->gpus[1].pciDevice == "0x2330");
    CHECK(r.server->gpus[1].name == "H100 SXM5 80GB");
    // A NIC's vendor alike; a well-formed id without 0x is read.
    std::string n = kBadValues;
    n.replace(n.find(R"(vendor="0x15b3")"), 15, R"(vendor="mellanox")");
    const auto rn = importText("n.xml", n, ImportKind::NcclTopo);
    CHECK(warningWith(rn, "vendor=\"mellanox\"") ==
          "line 13: <pci> attribute vendor=\"mellanox\" is not a PCI id: expected a 16-bit hex id such as 0x10de; the id is not read, so the "
          "NIC's model is not identified by it");
    CHECK(rn.server->nics[0].pciVendor.empty());
    std::string bare = kBadValues;
    bare.replace(bare.find(R"(device="0x2330")"), 15, R"(device="2330")");
    const auto rb = importText("b.xml", bare, ImportKind::NcclTopo);
    CHECK(warningWith(rb, "is not a PCI id").empty());
    CHECK(rb.server->gpus[0].name == "H100 SXM5 80GB");
}
