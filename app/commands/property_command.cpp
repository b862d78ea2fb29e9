#include "app/commands/property_command.hpp"

namespace app {

PropertyCommand::PropertyCommand(Document* doc, model::Node before, model::Node after, const QString& what,
                                 QUndoCommand* parent)
    : EditCommand(doc, parent), before_(std::move(before)), after_(std::move(after)), what_(what)
{
    setText(QObject::tr("%1 of %2").arg(what_, QString::fromStdString(std::get<model::Node>(before_).name)));
}

PropertyCommand::PropertyCommand(Document* doc, model::Link before, model::Link after, const QString& what,
                                 QUndoCommand* parent)
    : EditCommand(doc, parent), before_(std::move(before)), after_(std::move(after)), what_(what)
{
    setText(QObject::tr("%1 of link %2").arg(what_).arg(std::get<model::Link>(before_).id));
}

model::Id PropertyCommand::idOf(const Item& item)
{
    return std::visit([](const auto& x) { return x.id; }, item);
}

bool PropertyCommand::apply(DesignEditor& e, const Item& item)
{
    if (const auto* n = std::get_if<model::Node>(&item)) return e.updateNode(*n);
    return e.updateLink(std::get<model::Link>(item));
}

bool PropertyCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const PropertyCommand*>(other);
    if (o->isObsolete() || o->what_ != what_ || o->before_.index() != before_.index() || idOf(o->before_) != idOf(before_))
        return false;
    after_ = o->after_;
    if (before_ == after_) setObsolete(true); // edited back to where it started: drop the step
    return true;
}

} // namespace app
