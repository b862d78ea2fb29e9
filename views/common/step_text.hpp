#pragma once
/// @file step_text.hpp
/// A training step of the analysis in words, for the panels that show it (Analysis dock,
/// Workload dock, presentation mode): the figures of model::StepBreakdown as the command line
/// prints them (model/units/number_format.hpp: "5.80 s", "3.35 ms", "15,431", "41.5 %"). Views
/// format; they compute nothing.

#include "model/analysis/analysis.hpp"
#include "model/units/number_format.hpp"

#include <QCoreApplication>
#include <QString>

namespace views {

/// "step 5.80 s · MFU 41.5 % · 15,431 tokens/s".
[[nodiscard]] inline QString stepSummary(const model::StepBreakdown& s)
{
    return QCoreApplication::translate("views::StepText", "step %1 · MFU %2 · %3 tokens/s")
        .arg(QString::fromStdString(model::formatSeconds(s.stepS)), QString::fromStdString(model::formatPercent(s.mfu)),
             QString::fromStdString(model::formatCount(s.tokensPerSecond)));
}

/// Where the step goes: "compute 4.21 s, tensor-parallel exposed 902 ms, pipeline bubble 590 ms,
/// pipeline transfers 110 ms, data-parallel exposed 3.35 ms".
[[nodiscard]] inline QString stepParts(const model::StepBreakdown& s)
{
    const auto t = [](double seconds) { return QString::fromStdString(model::formatSeconds(seconds)); };
    return QCoreApplication::translate("views::StepText",
                                       "compute %1, tensor-parallel exposed %2, pipeline bubble %3, pipeline transfers %4, "
                                       "data-parallel exposed %5")
        .arg(t(s.computeS), t(s.tpExposedS), t(s.ppBubbleS), t(s.ppTransferS), t(s.dpExposedS));
}

} // namespace views
