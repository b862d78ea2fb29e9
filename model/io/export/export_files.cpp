// Atomic writing of exported files.
#include "model/io/export/export_files.hpp"
#include "model/catalog/data_dirs.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace model::io {

void writeExportFiles(const std::string& dir, const std::vector<ExportFile>& files)
{
    namespace fs = std::filesystem;
    if (const std::string why = bundledDataWriteProblem((fs::path(dir) / "export").string()); !why.empty())
        throw std::runtime_error(dir + ": the export folder would lie in " + why.substr(why.find("the folder of the bundled")));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw std::runtime_error(dir + ": cannot create the export directory (" + ec.message() + ")");
    for (const ExportFile& f : files) {
        const fs::path target = fs::path(dir) / f.name;
        fs::path tmp = target;
        tmp += ".saving~";
        {
            std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
            if (!out) throw std::runtime_error(target.string() + ": cannot open a temporary file beside it for writing");
            out << f.content;
            out.flush();
            if (!out) {
                out.close();
                std::remove(tmp.c_str());
                throw std::runtime_error(target.string() + ": writing failed (disk full?)");
            }
        }
        fs::rename(tmp, target, ec);
        if (ec) {
            std::remove(tmp.c_str());
            throw std::runtime_error(target.string() + ": cannot replace the file (" + ec.message() + ")");
        }
    }
}

std::string configNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    std::string s = buf;
    if (s.find('e') != std::string::npos) {
        std::snprintf(buf, sizeof buf, "%.6f", v);
        s = buf;
        while (!s.empty() && s.back() == '0') s.pop_back();
        if (!s.empty() && s.back() == '.') s.pop_back();
    }
    return s;
}

} // namespace model::io
