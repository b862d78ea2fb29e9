#pragma once
/// @file property_command.hpp
/// The one generic "property changed" undo command behind the inspector (QElectroTech's
/// QPropertyUndoCommand idea, shared/design/STYLE.md item 6): it holds the whole node or link
/// before and after the edit and swaps them. Consecutive edits of the same property of the
/// same item merge into one step (typing a name, spinning a count).

#include "app/commands/command_ids.hpp"
#include "model/design/design.hpp"

#include <QUndoCommand>

#include <variant>

namespace app {

class Document;

class PropertyCommand final : public QUndoCommand {
public:
    /// @param what the property edited, in words ("Rename", "Link count", ...); also the merge key.
    PropertyCommand(Document* doc, model::Node before, model::Node after, const QString& what,
                    QUndoCommand* parent = nullptr);
    PropertyCommand(Document* doc, model::Link before, model::Link after, const QString& what,
                    QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    [[nodiscard]] int id() const override { return kPropertyCommandId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    using Item = std::variant<model::Node, model::Link>;
    void apply(const Item& item);
    [[nodiscard]] static model::Id idOf(const Item& item);

    Document* doc_;
    Item before_;
    Item after_;
    QString what_;
};

} // namespace app
