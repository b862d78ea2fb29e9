#pragma once
/// @file property_command.hpp
/// The one generic "property changed" undo command behind the inspector (QElectroTech's
/// QPropertyUndoCommand idea, shared/design/STYLE.md item 6): it holds the whole node or link
/// before and after the edit and swaps them. Consecutive edits of the same property of the
/// same item merge into one step (typing a name, spinning a count). An edit the design
/// refuses (a link end that does not exist, a count below 1) changes nothing and is dropped.

#include "app/commands/command_ids.hpp"
#include "app/commands/edit_command.hpp"

#include <variant>

namespace app {

class PropertyCommand final : public EditCommand {
public:
    /// @param what the property edited, in words ("Rename", "Link count", ...); also the merge key.
    PropertyCommand(Document* doc, model::Node before, model::Node after, const QString& what,
                    QUndoCommand* parent = nullptr);
    PropertyCommand(Document* doc, model::Link before, model::Link after, const QString& what,
                    QUndoCommand* parent = nullptr);
    [[nodiscard]] int id() const override { return kPropertyCommandId; }
    bool mergeWith(const QUndoCommand* other) override;

protected:
    bool redoEdit(DesignEditor& e) override { return apply(e, after_); }
    bool undoEdit(DesignEditor& e) override { return apply(e, before_); }

private:
    using Item = std::variant<model::Node, model::Link>;
    static bool apply(DesignEditor& e, const Item& item);
    [[nodiscard]] static model::Id idOf(const Item& item);

    Item before_;
    Item after_;
    QString what_;
};

} // namespace app
