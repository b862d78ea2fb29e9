// Chart data as CSV at full precision (results_csv.hpp).
#include "model/io/results_csv.hpp"

#include "model/io/csv_text.hpp"

namespace model::io {

std::string layersCsv(const DesignAnalysis& a)
{
    std::string o = "scope,technology,per_gpu_GBps,per_gpu_Gbps,note\n";
    for (const auto& l : a.layers)
        o += std::string(toString(l.scope)) + "," + csvField(l.technology) + "," + csvNumber(l.perGpu.inGBps()) + "," +
             csvNumber(l.perGpu.inGbps()) + "," + csvField(l.note) + "\n";
    return o;
}

std::string sweepsCsv(const std::vector<CollectiveSweep>& sweeps)
{
    std::string o = "op,scope,gpus,bytes,algorithm,protocol,time_us,algbw_GBps,busbw_GBps\n";
    for (const auto& s : sweeps)
        for (const auto& p : s.points)
            o += std::string(toString(s.op)) + "," + csvField(s.scope) + "," + std::to_string(s.gpus) + "," + csvNumber(p.bytes) + "," +
                 std::string(toString(p.algorithm)) + "," + toString(p.protocol) + "," + csvNumber(p.time.inMicroseconds()) + "," +
                 csvNumber(p.algbw.inGBps()) + "," + csvNumber(p.busbw.inGBps()) + "\n";
    return o;
}

std::string scalingCsv(const DesignAnalysis& a)
{
    std::string o = "kind,gpus,efficiency\n";
    for (const auto& p : a.scaling) o += "weak," + std::to_string(p.gpus) + "," + csvNumber(p.efficiency) + "\n";
    for (const auto& p : a.scalingStrong) o += "strong," + std::to_string(p.gpus) + "," + csvNumber(p.efficiency) + "\n";
    return o;
}

} // namespace model::io
