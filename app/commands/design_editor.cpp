#include "app/commands/design_editor.hpp"

#include "app/document.hpp"

#include <stdexcept>

namespace app {

namespace {
/// Runs one model::Design change; the model throws std::invalid_argument and changes nothing
/// when it cannot be done. @return whether it was done.
template <class Change>
bool attempt(Change&& change)
{
    try {
        change();
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}
} // namespace

const model::Design& DesignEditor::design() const { return doc_.design_; }

bool DesignEditor::addNode(const model::Node& n)
{
    if (n.id == 0 || !attempt([&] { doc_.design_.addNode(n); })) return false;
    doc_.committed_.noteNode(n.id);
    doc_.noteChange();
    emit doc_.nodeAdded(n.id);
    emit doc_.changed();
    return true;
}

bool DesignEditor::removeNode(model::Id id)
{
    if (!doc_.design_.node(id)) return false;
    // The attached links go first, one by one, so the views hear about each of them.
    std::vector<model::Id> attached;
    for (const model::Link* l : doc_.design_.linksOf(id)) attached.push_back(l->id);
    for (model::Id l : attached) removeLink(l);
    doc_.design_.removeNode(id);
    doc_.committed_.noteNode(id);
    doc_.noteChange();
    emit doc_.nodeRemoved(id);
    emit doc_.changed();
    return true;
}

bool DesignEditor::addLink(const model::Link& l)
{
    if (l.id == 0 || !attempt([&] { doc_.design_.addLink(l); })) return false;
    doc_.committed_.noteLink(l.id);
    doc_.noteChange();
    emit doc_.linkAdded(l.id);
    emit doc_.changed();
    return true;
}

bool DesignEditor::removeLink(model::Id id)
{
    if (!attempt([&] { doc_.design_.removeLink(id); })) return false;
    doc_.committed_.noteLink(id);
    doc_.noteChange();
    emit doc_.linkRemoved(id);
    emit doc_.changed();
    return true;
}

bool DesignEditor::moveNode(model::Id id, model::Point to)
{
    if (!attempt([&] { doc_.design_.moveNode(id, to); })) return false;
    doc_.committed_.noteNode(id);
    doc_.noteChange();
    emit doc_.nodeChanged(id);
    emit doc_.changed();
    return true;
}

bool DesignEditor::updateNode(const model::Node& n)
{
    if (!attempt([&] { doc_.design_.updateNode(n); })) return false;
    doc_.committed_.noteNode(n.id);
    doc_.noteChange();
    emit doc_.nodeChanged(n.id);
    emit doc_.changed();
    return true;
}

bool DesignEditor::updateLink(const model::Link& l)
{
    if (!attempt([&] { doc_.design_.updateLink(l); })) return false;
    doc_.committed_.noteLink(l.id);
    doc_.noteChange();
    emit doc_.linkChanged(l.id);
    emit doc_.changed();
    return true;
}

void DesignEditor::replaceDesign(const model::Design& d)
{
    doc_.design_ = d;
    doc_.committed_.noteWhole();
    doc_.noteChange();
    emit doc_.designReset();
    emit doc_.changed();
}

bool DesignEditor::setAnalysis(const nlohmann::json& analysis)
{
    if (!analysis.is_object() || analysis == doc_.design_.analysis) return false;
    doc_.design_.analysis = analysis;
    doc_.committed_.noteHeader();
    doc_.noteChange();
    emit doc_.analysisChanged();
    emit doc_.changed();
    return true;
}

} // namespace app
