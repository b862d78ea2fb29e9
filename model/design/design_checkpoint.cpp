// Brings a design's checkpoint up to date from the noted ids (see design_checkpoint.hpp).
#include "model/design/design_checkpoint.hpp"

#include <stdexcept>
#include <string>

namespace model {

void DesignCheckpoint::reset(const Design& design)
{
    copy_ = design;
    forget();
}

void DesignCheckpoint::forget()
{
    nodes_.clear();
    links_.clear();
    header_ = whole_ = false;
}

void DesignCheckpoint::commit(const Design& current)
{
    if (whole_) {
        reset(current);
        return;
    }
    try {
        apply(current);
    } catch (const std::invalid_argument&) {
        reset(current); // a change went unnoted: start over from the live design
        throw;
    }
    forget();
}

void DesignCheckpoint::apply(const Design& current)
{
    // Removals first (a node's removal takes its links along), then nodes, then links: every
    // link put back finds both its ends.
    for (Id id : links_)
        if (!current.link(id) && copy_.link(id)) copy_.removeLink(id);
    for (Id id : nodes_) {
        if (current.node(id) || !copy_.node(id)) continue;
        for (const Link& gone : copy_.removeNode(id))
            if (current.link(gone.id) && !links_.count(gone.id))
                throw std::invalid_argument("checkpoint: link " + std::to_string(gone.id) + " changed unnoted");
    }
    for (Id id : nodes_)
        if (const Node* n = current.node(id)) copy_.node(id) ? copy_.updateNode(*n) : void(copy_.addNode(*n));
    for (Id id : links_)
        if (const Link* l = current.link(id)) copy_.link(id) ? copy_.updateLink(*l) : void(copy_.addLink(*l));
    if (header_) {
        copy_.name = current.name;
        copy_.analysis = current.analysis;
    }
    // Ids handed out and dropped again within one edit stay used, as in a copy.
    copy_.reserveIds(current.peekNextId());
}

} // namespace model
