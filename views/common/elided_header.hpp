#pragma once
/// @file elided_header.hpp
/// A header whose section titles are shortened to their section's width, ending in "…" (or
/// "…" in the middle, as textElideMode says), never cut at both ends. QHeaderView with the
/// Fusion style drew a title longer than its section centred and clipped on both sides
/// ("uperPOD H100 - one scalable unit (32 DGX H100, rail-optim"). The whole title stays in the
/// model: its tooltip (Qt::ToolTipRole) is for the model to give.

#include <QHeaderView>
#include <QString>

namespace views {

class ElidedHeader final : public QHeaderView {
    Q_OBJECT
public:
    /// Titles are shortened at their end (Qt::ElideRight) unless setTextElideMode says otherwise.
    explicit ElidedHeader(Qt::Orientation orientation, QWidget* parent = nullptr);

    /// The title section `logicalIndex` shows at its present width, shortened when needed;
    /// measured in bold, as the title of the current cell's section is drawn.
    [[nodiscard]] QString shownText(int logicalIndex) const;

protected:
    /// The section's option, its text shortened to the section (shownText).
    void initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const override;
};

} // namespace views
