#include "views/simulation/link_heat.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/link_item.hpp"

#include <set>
#include <unordered_map>

namespace views {

double utilizationAt(const model::LinkUtilization& link, double t_s) noexcept
{
    for (const auto& seg : link.series)
        if (t_s >= seg.start_s && t_s < seg.end_s) return seg.utilization;
    if (!link.series.empty() && t_s == link.series.back().end_s) return link.series.back().utilization;
    return 0.0;
}

double heatValue(const model::LinkUtilization& link, HeatMeasure measure, double t_s) noexcept
{
    switch (measure) {
    case HeatMeasure::Peak: return link.peak;
    case HeatMeasure::Mean: return link.mean;
    case HeatMeasure::AtTime: return utilizationAt(link, t_s);
    }
    return 0.0;
}

int applyLinkHeat(CanvasScene& scene, const model::SimulationResult& result, HeatMeasure measure, double t_s)
{
    std::unordered_map<model::Id, const model::LinkUtilization*> byId;
    for (const auto& l : result.links) byId.emplace(l.link, &l);
    int coloured = 0;
    for (const auto& [id, link] : scene.document()->design().links()) {
        LinkItem* item = scene.linkItem(id);
        if (!item) continue;
        const auto it = byId.find(id);
        item->setHeat(it == byId.end() ? 0.0 : heatValue(*it->second, measure, t_s));
        ++coloured;
    }
    return coloured;
}

void clearLinkHeat(CanvasScene& scene)
{
    for (const auto& [id, link] : scene.document()->design().links())
        if (LinkItem* item = scene.linkItem(id)) item->setHeat(std::nullopt);
}

std::vector<std::string> expandGroupsWithTraffic(CanvasScene& scene, const model::SimulationResult& result)
{
    const model::Design& d = scene.document()->design();
    std::set<std::string> names;
    for (const auto& l : result.links) {
        const model::Link* link = d.link(l.link);
        if (!link) continue;
        for (model::Id end : {link->a.node, link->b.node}) {
            const std::string group = scene.groupOf(end);
            if (!group.empty() && scene.isCollapsed(group)) names.insert(group);
        }
    }
    for (const auto& name : names) scene.expandGroup(name);
    return {names.begin(), names.end()};
}

void collapseGroups(CanvasScene& scene, const std::vector<std::string>& names)
{
    for (const auto& name : names) scene.collapseGroup(name);
}

} // namespace views
