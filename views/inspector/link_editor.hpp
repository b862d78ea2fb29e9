#pragma once
/// @file link_editor.hpp
/// Inspector page for one link: medium, lane speed (Gb/s, per direction, as quoted), lanes,
/// cable count; the resulting per-cable and bundle rates read-only in Gb/s and GB/s (one
/// direction). Every edit goes to DesignDocument::requestSetLink.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/common/design_document.hpp"

#include <QWidget>

class QComboBox;
class QLabel;

namespace views {

class CheckedDoubleSpinBox;
class CheckedSpinBox;

/// Most parallel cables one link (bundle) may hold in the inspector: 144, the ports of the
/// largest switch in the bundled catalog (Quantum-X800 Q3400), since a bundle cannot use more
/// cables than one switch has ports. A larger switch in a user catalog raises it to its ports.
/// Larger counts are refused with a message naming the field and the range.
inline constexpr int kMaxCablesPerLink = 144;
/// Most lanes per cable: 64, as before (OSFP cables carry 8 lanes: far above any real cable).
inline constexpr int kMaxLanesPerLink = 64;

class LinkEditor final : public QWidget {
    Q_OBJECT
public:
    explicit LinkEditor(DesignDocument* doc, QWidget* parent = nullptr);
    void setLink(model::Id id);
    [[nodiscard]] model::Id link() const { return id_; }
    void refresh();

private:
    void commit(const model::Link& changed, const QString& what);

    DesignDocument* doc_;
    model::Id id_ = 0;
    QLabel* ends_;
    QComboBox* medium_;
    CheckedDoubleSpinBox* speed_;
    CheckedSpinBox* lanes_;
    CheckedSpinBox* count_;
    QLabel* perCable_;
    QLabel* total_;
};

} // namespace views
