#pragma once
/// @file reports.hpp
/// The content of the design report and of the compare report (issue 12 item 3), built from
/// results the engine computed (model::compare::DesignResults); writers in report_doc.hpp.
///
/// Design report sections, in order (kDesignSections): summary and verdict; topology; bill of
/// materials; per-layer bandwidth; bus bandwidth against message size; scaling; bottleneck and
/// what to check before blaming the network; rule findings; cost (build and rent);
/// assumptions and sources (every assumption, calibration constant and source with its date).

#include "app/report/report_doc.hpp"

#include "model/compare/comparison.hpp"

#include <memory>
#include <vector>

namespace app::report {

/// Section titles of the design report, in order.
inline const QStringList kDesignSections = {
    QStringLiteral("Summary and verdict"),
    QStringLiteral("Topology"),
    QStringLiteral("Bill of materials"),
    QStringLiteral("Per-layer bandwidth"),
    QStringLiteral("Bus bandwidth against message size"),
    QStringLiteral("Scaling"),
    QStringLiteral("Bottleneck and what to check before blaming the network"),
    QStringLiteral("Rule findings"),
    QStringLiteral("Cost: build and rent"),
    QStringLiteral("Assumptions and sources"),
};

/// Title of section 7 when the bottleneck comes with no check to run before blaming the
/// network (a workload that does not fit in GPU memory).
inline const QString kBottleneckOnlySection = QStringLiteral("Bottleneck");

/// Section titles of the compare report, in order.
inline const QStringList kCompareSections = {
    QStringLiteral("Verdict"),
    QStringLiteral("Side by side"),
    QStringLiteral("Bus bandwidth against message size"),
    QStringLiteral("Scaling"),
    QStringLiteral("Per-layer bandwidth"),
    QStringLiteral("Cost over time"),
    QStringLiteral("Rule findings"),
    QStringLiteral("Assumptions and sources"),
};

/// The design report of `r`. Needs a QApplication (the topology picture).
[[nodiscard]] ReportDoc designReport(const model::compare::DesignResults& r, std::shared_ptr<const model::Catalog> catalog);

/// The compare report of `c` over `designs` (as passed to compareDesigns).
[[nodiscard]] ReportDoc compareReport(const model::compare::Comparison& c, const std::vector<const model::compare::DesignResults*>& designs,
                                      std::shared_ptr<const model::Catalog> catalog);

/// The topology section's first sentence: server count (singular for one), GPUs, and the
/// fabric's bisection (decimal GB/s, one direction) and worst leaf/spine oversubscription; a
/// design with no switched fabric (bisection 0: one server, or servers without a switch) says
/// so instead of printing 0 GB/s and 1:1.
[[nodiscard]] QString topologySummary(const model::DesignAnalysis& a);

/// The single-design verdict in words (also the first lines of the report's summary).
[[nodiscard]] QStringList designVerdict(const model::compare::DesignResults& r);

// Sections shared by both reports (report_sections.cpp).
void costSection(ReportDoc& doc, const model::cost::CostResult& c);
void sourcesSection(ReportDoc& doc, const std::vector<const model::compare::DesignResults*>& designs, const model::Catalog& catalog);
void rulesSection(ReportDoc& doc, const model::topology::RuleReport& rules, const std::string& error);

} // namespace app::report
