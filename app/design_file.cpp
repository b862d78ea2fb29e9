#include "app/design_file.hpp"
#include "model/catalog/data_dirs.hpp"

#include "model/design/design.hpp"

#include "views/common/safe_write.hpp"

#include <QByteArray>

namespace app {

std::optional<QString> writeDesignFile(const model::Design& design, const QString& path, const nlohmann::json& extra)
{
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) return QString::fromStdString(why);
    nlohmann::json doc = model::toJson(design);
    if (extra.is_object()) doc.update(extra);
    const std::string text = doc.dump(1) + '\n';
    if (const QString reason = views::writeWholeFile(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        return reason; // names the path, the step and the system's reason; the old file is untouched
    return std::nullopt;
}

} // namespace app
