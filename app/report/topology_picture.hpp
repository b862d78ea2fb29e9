#pragma once
/// @file topology_picture.hpp
/// The design as the canvas draws it (servers, switches, links; large groups collapsed into
/// one card, as when the design is opened), as a report figure: QGraphicsScene::render paints
/// the scene's items straight into the PDF or SVG painter, so the picture stays vector.
/// Needs a QApplication (the canvas items are widgets-module graphics items).

#include "app/report/report_doc.hpp"

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <memory>

namespace app::report {

/// A figure of `design` drawn by the canvas on a plain white background.
[[nodiscard]] Figure topologyFigure(const model::Design& design, std::shared_ptr<const model::Catalog> catalog);

} // namespace app::report
