#include "app/design_file.hpp"
#include "model/catalog/data_dirs.hpp"

#include "model/design/design.hpp"

#include <QFileInfo>
#include <QSaveFile>

namespace app {

std::optional<QString> writeDesignFile(const model::Design& design, const QString& path, const nlohmann::json& extra)
{
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) return QString::fromStdString(why);
    nlohmann::json doc = model::toJson(design);
    if (extra.is_object()) doc.update(extra);
    const std::string text = doc.dump(1) + '\n';
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QObject::tr("%1 cannot be written: %2").arg(path, file.errorString());
    if (file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return QObject::tr("%1 could not be written completely (%2); the previous file is untouched.").arg(path, reason);
    }
    if (!file.commit())
        return QObject::tr("%1 could not be saved (%2); the previous file is untouched.").arg(path, file.errorString());
    return std::nullopt;
}

} // namespace app
