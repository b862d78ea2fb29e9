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
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace views {

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
    QDoubleSpinBox* speed_;
    QSpinBox* lanes_;
    QSpinBox* count_;
    QLabel* perCable_;
    QLabel* total_;
};

} // namespace views
