#include "model/analysis/chart_csv.hpp"

#include <cstdio>

namespace model {

std::string fullPrecision(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

namespace {
/// RFC 4180: quote a field that holds a comma, a quote or a line break; double the quotes.
std::string field(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}
} // namespace

std::string layersCsv(const std::vector<LayerBandwidth>& layers)
{
    std::string out = "layer,technology,per_gpu_GBps,per_gpu_Gbps\n";
    for (const auto& l : layers)
        out += field(toString(l.scope)) + "," + field(l.technology) + "," + fullPrecision(l.perGpu.inGBps()) + "," +
               fullPrecision(l.perGpu.inGbps()) + "\n";
    return out;
}

std::string sweepsCsv(const std::vector<CollectiveSweep>& sweeps)
{
    std::string out = "collective,scope,gpus,bytes,time_s,algbw_GBps,busbw_GBps,algbw_Gbps,busbw_Gbps,algorithm,protocol\n";
    for (const auto& s : sweeps)
        for (const auto& r : s.points)
            out += field(toString(r.op)) + "," + field(s.scope) + "," + std::to_string(r.gpus) + "," + fullPrecision(r.bytes) +
                   "," + fullPrecision(r.time.inSeconds()) + "," + fullPrecision(r.algbw.inGBps()) + "," +
                   fullPrecision(r.busbw.inGBps()) + "," + fullPrecision(r.algbw.inGbps()) + "," +
                   fullPrecision(r.busbw.inGbps()) + "," + field(toString(r.algorithm)) + "," + field(toString(r.protocol)) + "\n";
    return out;
}

std::string scalingCsv(const std::vector<ScalingPoint>& points)
{
    std::string out = "gpus,efficiency,efficiency_percent\n";
    for (const auto& p : points)
        out += std::to_string(p.gpus) + "," + fullPrecision(p.efficiency) + "," + fullPrecision(p.efficiency * 100.0) + "\n";
    return out;
}

} // namespace model
