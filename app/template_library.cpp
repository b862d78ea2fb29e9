#include "app/template_library.hpp"

#include "app/error_text.hpp"

#include <QStandardPaths>
#include <QStringList>

namespace app {

QString userTemplateDirectory()
{
    const QByteArray env = qgetenv("CLUSTER_DESIGNER_USER_TEMPLATES");
    if (!env.isEmpty()) return QString::fromLocal8Bit(env);
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/templates");
}

QString bundledTemplateDirectory() { return QString::fromStdString(model::bundledTemplateDirectory()); }

bool isBundledTemplatePath(const QString& path)
{
    return model::isInsideDirectory(path.toStdString(), model::bundledTemplateDirectory());
}

bool isTemplatePath(const QString& path)
{
    return isBundledTemplatePath(path) || model::isInsideDirectory(path.toStdString(), userTemplateDirectory().toStdString());
}

std::vector<model::DesignTemplate> availableTemplates(const model::Catalog& catalog, QStringList* problems)
{
    std::vector<model::InputError> errors;
    auto list = model::listTemplates(catalog, model::bundledTemplateDirectory(), userTemplateDirectory().toStdString(), &errors);
    if (problems)
        for (const auto& e : errors) *problems << loadErrorText(e);
    return list;
}

} // namespace app
