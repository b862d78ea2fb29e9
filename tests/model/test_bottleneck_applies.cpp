// The bottleneck says only what applies to the design: the checks before blaming the network
// ask about NVLink only where the GPUs have it and about NICs and GPUDirect RDMA only where
// one job crosses servers.
#include "test_analysis_support.hpp"


#include <catch2/catch.hpp>

using namespace model;

namespace {

std::string templatePath(const std::string& name) { return bundledTemplateDirectory() + "/" + name + ".json"; }

/// True when some check contains `words`.
bool anyCheck(const DesignAnalysis& a, const std::string& words)
{
    for (const auto& c : a.bottleneck.checks)
        if (c.find(words) != std::string::npos) return true;
    return false;
}

} // namespace

TEST_CASE("checks before blaming the network ask only about what the design has", "[analysis][bottleneck]")
{
    SECTION("4x RTX 4090 workstation: no NVLink, no NIC, no peer-to-peer")
    {
        // Before: 'does NCCL see NVLink and one NIC per GPU ..., GPUDirect RDMA on, and the NIC
        // on the GPU's PCIe switch?' for a box with neither.
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("workstation-4x-rtx4090")), golden::catalog());
        REQUIRE(a.bottleneck.scope == Scope::Compute);
        CHECK(a.bottleneck.checks == std::vector<std::string>{
                  "precision: is the run really in BF16/FP8 on tensor cores (not FP32), with fused kernels?",
                  "data pipeline: does the loader keep up (GPU utilisation gaps between steps)?",
                  "PCIe: every copy between the GPUs is staged through host memory (no peer-to-peer), so does each GPU's slot run "
                  "at its full PCIe Gen4 x16 (lspci -vv LnkSta)?"});
    }
    SECTION("8x L40S server: PCIe peer-to-peer across two sockets, one server")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("server-8x-l40s")), golden::catalog());
        CHECK_FALSE(anyCheck(a, "NVLink"));
        CHECK_FALSE(anyCheck(a, "NIC"));
        CHECK_FALSE(anyCheck(a, "GPUDirect"));
        CHECK_FALSE(anyCheck(a, "single node"));
        CHECK(anyCheck(a, "PCIe: does NCCL copy peer-to-peer between the GPUs (NCCL_DEBUG=INFO shows P2P, not SHM; nvidia-smi "
                          "topo -m), with ACS off and each GPU's slot at its full PCIe Gen4 x16 (lspci -vv LnkSta), and which GPU "
                          "pairs cross the CPU-to-CPU link (SYS in nvidia-smi topo -m)?"));
        CHECK(anyCheck(a, "every byte the GPUs exchange inside the server"));
    }
    SECTION("one GB200 NVL72 rack: NVLink, and no network inside one job")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("gb200-nvl72-1rack")), golden::catalog());
        CHECK(anyCheck(a, "topology misdetection: does NCCL see NVLink (NCCL_DEBUG=INFO, nvidia-smi topo -m)?"));
        CHECK_FALSE(anyCheck(a, "NIC"));
        CHECK_FALSE(anyCheck(a, "GPUDirect"));
        CHECK_FALSE(anyCheck(a, "PCIe:"));
    }
    SECTION("DGX SuperPOD: NVLink, one NIC per GPU over InfiniBand, 32 servers: the full check, as before")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(defaultDesignPath()), golden::catalog());
        CHECK(anyCheck(a, "topology misdetection: does NCCL see NVLink and one NIC per GPU (NCCL_DEBUG=INFO, nvidia-smi topo -m), "
                          "GPUDirect RDMA on, and the NIC on the GPU's PCIe switch?"));
        CHECK(anyCheck(a, "every byte the network must move"));
        CHECK(anyCheck(a, "a single node: run the same job on one server"));
        CHECK_FALSE(anyCheck(a, "PCIe:"));
    }
}
