#include "app/commands/generate_command.hpp"

namespace app {

GenerateCommand::GenerateCommand(Document* doc, const model::Design& generated, QUndoCommand* parent)
    : ReplaceDesignCommand(doc, generated, QObject::tr("Generate %1").arg(QString::fromStdString(generated.name)), parent)
{
}

} // namespace app
