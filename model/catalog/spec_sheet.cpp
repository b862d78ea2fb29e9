#include "model/catalog/spec_sheet.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

namespace model {

using nlohmann::json;

namespace {
std::string formatValue(const json& v)
{
    if (v.is_null()) return "unknown";
    if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v.get<double>());
        return buf;
    }
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string s;
        for (const auto& x : v) s += (s.empty() ? "" : ", ") + formatValue(x);
        return s;
    }
    return v.dump();
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// Display order of the fields (JSON objects iterate alphabetically); unlisted fields follow
/// in alphabetical order.
const std::vector<std::string>& displayOrder()
{
    static const std::vector<std::string> order{
        "name", "vendor", "kind", "category", "form_factor", "architecture", "release_year",
        // GPUs
        "memory_GB", "memory_type", "hbm_bandwidth_GBps", "scale_up", "nvlink_generation", "nvlink_GBps_bidirectional",
        "scale_up_GBps_bidirectional", "scale_up_links", "scale_up_peer_GBps_per_direction", "nvlink_domain_max",
        "scale_up_domain_max", "nvlink_bridge_gpus", "host_link", "host_link_GBps_bidirectional", "pcie_generation",
        "pcie_lanes", "peer_to_peer_pcie", "bf16_dense_tflops", "fp8_dense_tflops", "fp16_dense_tflops", "tdp_W",
        "mig_instances",
        // servers
        "gpu", "gpu_count", "gpu_memory_total_GB", "intra_node", "nvswitch", "nvswitch_count", "scaleup_domain_gpus",
        "intra_node_per_gpu_GBps_bidirectional", "compute_nic", "compute_nic_count", "compute_nic_ports_per_cage", "storage_nic", "storage_nic_count",
        "cpu", "cpu_sockets", "system_memory",
        // network
        "protocol_generation", "protocol", "protocols_supported", "speed_Gbps", "ports", "port_speed_Gbps", "max_logical_ports",
        "port_GBps_bidirectional", "gpudirect_rdma", "host_interface", "lossless", "in_network_reduction", "asic",
        "aggregate_Tbps", "aggregate_TBps", "aggregate_scope", "latency_ns", "fiber", "splitter", "reach_m", "connector",
        // shared tail
        "pcie_switches", "power_W", "rack_units", "cooling"};
    return order;
}

/// The entry's non-bookkeeping fields in display order.
std::vector<std::string> orderedFields(const json& raw)
{
    std::vector<std::string> out;
    for (const auto& f : displayOrder())
        if (raw.contains(f)) out.push_back(f);
    for (auto it = raw.begin(); it != raw.end(); ++it)
        if (!isBookkeepingField(it.key()) && std::find(out.begin(), out.end(), it.key()) == out.end())
            out.push_back(it.key());
    return out;
}

const GpuSpec* gpuOf(const EntryView& e, const Catalog& c)
{
    if (e.kind == EntryKind::Gpu) return c.gpu(e.id);
    if (e.kind == EntryKind::Server)
        if (const ServerSpec* s = c.server(e.id)) return c.gpu(s->gpuId);
    return nullptr;
}
} // namespace

std::vector<SpecRow> specSheet(const EntryView& entry)
{
    std::vector<SpecRow> rows;
    for (const std::string& field : orderedFields(*entry.raw)) {
        const json& v = entry.raw->at(field);
        SpecRow r;
        r.field = field;
        r.label = fieldLabel(field);
        r.unit = fieldUnit(field);
        r.unknown = v.is_null();
        r.value = formatValue(v);
        if (!r.unknown)
            if (const Source* s = entry.provenance->sourceOf(field)) {
                r.citation = s->citation;
                r.date = s->date;
            }
        rows.push_back(std::move(r));
    }
    return rows;
}

std::string formatField(const EntryView& entry, const std::string& field)
{
    auto it = entry.raw->find(field);
    return it == entry.raw->end() ? std::string() : formatValue(*it);
}

std::vector<std::string> comparisonFields(const std::vector<EntryView>& entries)
{
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& e : entries)
        for (const std::string& f : orderedFields(*e.raw))
            if (seen.insert(f).second) out.push_back(f);
    return out;
}

bool CatalogFilter::matches(const EntryView& e, const Catalog& c) const
{
    if (kind && e.kind != *kind) return false;
    if (!vendor.empty() && e.vendor != vendor) return false;
    if (!text.empty()) {
        const std::string needle = lower(text);
        std::string hay = lower(e.id + " " + e.name + " " + e.vendor);
        if (auto n = e.raw->find("notes"); n != e.raw->end() && n->is_string()) hay += " " + lower(n->get<std::string>());
        if (hay.find(needle) == std::string::npos) return false;
    }
    const bool gpuCriteria = !formFactor.empty() || nvlink.has_value() || minMemoryGB.has_value();
    if (!gpuCriteria) return true;
    const GpuSpec* g = gpuOf(e, c);
    if (!g) return false;
    if (!formFactor.empty() && toString(g->formFactor) != formFactor) return false;
    if (nvlink && (g->scaleUp == ScaleUpKind::NVLink) != *nvlink) return false;
    if (minMemoryGB && !(g->memoryGB && *g->memoryGB >= *minMemoryGB)) return false;
    return true;
}

std::vector<std::string> vendors(const Catalog& catalog)
{
    std::set<std::string> s;
    for (const auto& e : allEntries(catalog)) s.insert(e.vendor);
    return {s.begin(), s.end()};
}

} // namespace model
