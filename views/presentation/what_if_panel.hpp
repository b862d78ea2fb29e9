#pragma once
/// @file what_if_panel.hpp
/// The what-if controls of presentation mode: node count, GPU model (server), NIC speed and
/// oversubscription sliders for the fabric, precision and gradient accumulation for the
/// workload. Every move of a slider emits changed() at once (tracking on), so the charts
/// follow while the presenter drags. Offers only what model::topology::whatIfChoices allows
/// for the design on show; computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/catalog.hpp"
#include "model/topology/what_if.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;

namespace views {

class WhatIfPanel final : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPanel(QWidget* parent = nullptr);

    /// Offers `choices` (names from `catalog`) and shows the template's own values.
    void setChoices(const model::topology::WhatIfChoices& choices, const model::Catalog& catalog);
    /// The variation the controls show now (fields equal to the template's are left as they are).
    [[nodiscard]] model::topology::WhatIf value() const;

    /// The controls, for tests and keyboard focus.
    [[nodiscard]] QSlider* nodesSlider() const { return nodes_; }
    [[nodiscard]] QSlider* nicSlider() const { return nic_; }
    [[nodiscard]] QSlider* oversubscriptionSlider() const { return over_; }
    [[nodiscard]] QSlider* accumulationSlider() const { return accum_; }
    [[nodiscard]] QComboBox* serverBox() const { return server_; }
    [[nodiscard]] QComboBox* precisionBox() const { return precision_; }

signals:
    void changed(const model::topology::WhatIf& value);

private:
    void updateLabels();
    void emitChanged();

    model::topology::WhatIfChoices choices_;
    QSlider* nodes_;
    QSlider* nic_;
    QSlider* over_;
    QSlider* accum_;
    QComboBox* server_;
    QComboBox* precision_;
    QLabel* nodesLabel_;
    QLabel* nicLabel_;
    QLabel* overLabel_;
    QLabel* accumLabel_;
    bool loading_ = false;
};

} // namespace views
