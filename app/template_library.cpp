#include "app/template_library.hpp"

#include "app/error_text.hpp"
#include "model/catalog/catalog.hpp"
#include "model/catalog/data_dirs.hpp"

#include <QStandardPaths>
#include <QStringList>

namespace app {

QString userTemplateDirectory()
{
    const QByteArray env = qgetenv("CLUSTER_DESIGNER_USER_TEMPLATES");
    if (!env.isEmpty()) return QString::fromLocal8Bit(env);
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/templates");
}

namespace {
/// The bundled templates folder, or empty with `missing` set to why (a broken install or a
/// binary copied away from its data): saving and the user's own templates never depend on it.
std::string bundledFolder(std::string* missing = nullptr)
{
    try {
        return model::bundledTemplateDirectory();
    } catch (const model::DataDirNotFound& e) {
        if (missing) *missing = e.what();
        return {};
    }
}
} // namespace

QString bundledTemplateDirectory() { return QString::fromStdString(bundledFolder()); }

bool isBundledTemplatePath(const QString& path)
{
    return model::isInsideDirectory(path.toStdString(), bundledFolder()); // no folder holds no file
}

bool isTemplatePath(const QString& path)
{
    return isBundledTemplatePath(path) || model::isInsideDirectory(path.toStdString(), userTemplateDirectory().toStdString());
}

std::vector<model::DesignTemplate> availableTemplates(const model::Catalog& catalog, QStringList* problems)
{
    std::vector<model::InputError> errors;
    std::string missing;
    const std::string bundled = bundledFolder(&missing);
    auto list = model::listTemplates(catalog, bundled, userTemplateDirectory().toStdString(), &errors);
    if (problems) {
        if (!missing.empty()) *problems << QString::fromStdString(missing);
        for (const auto& e : errors) *problems << loadErrorText(e);
    }
    return list;
}

} // namespace app
