#include "views/inspector/link_editor.hpp"
#include "model/design/link_defaults.hpp"

#include "views/common/checked_spin_box.hpp"
#include "views/common/number_text.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace views {

LinkEditor::LinkEditor(DesignDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    auto* form = new QFormLayout(this);
    ends_ = new QLabel(this);
    ends_->setWordWrap(true);
    medium_ = new QComboBox(this);
    for (auto m : {model::LinkMedium::InfiniBand, model::LinkMedium::Ethernet, model::LinkMedium::NVLink,
                   model::LinkMedium::PCIe})
        medium_->addItem(QString::fromLatin1(model::toString(m)), static_cast<int>(m));
    speed_ = new CheckedDoubleSpinBox(tr("Link speed"), 1, model::kMaxLaneGbps, 1, this);
    speed_->setSuffix(tr(" Gb/s"));
    lanes_ = new CheckedSpinBox(tr("Lanes"), 1, kMaxLanesPerLink, this);
    count_ = new CheckedSpinBox(tr("Cables (count)"), 1, kMaxCablesPerLink, this);
    medium_->setObjectName(QStringLiteral("medium"));
    speed_->setObjectName(QStringLiteral("laneSpeedGbps"));
    lanes_->setObjectName(QStringLiteral("lanes"));
    count_->setObjectName(QStringLiteral("count"));
    perCable_ = new QLabel(this);
    total_ = new QLabel(this);
    total_->setObjectName(QStringLiteral("bundleRate"));
    form->addRow(tr("Between"), ends_);
    form->addRow(tr("Medium"), medium_);
    form->addRow(tr("Link speed"), speed_);
    form->addRow(tr("Lanes"), lanes_);
    form->addRow(tr("Cables (count)"), count_);
    form->addRow(tr("Per cable, one direction"), perCable_);
    form->addRow(tr("Bundle, one direction"), total_);

    connect(medium_, &QComboBox::activated, this, [this] {
        if (const model::Link* l = doc_->design().link(id_)) {
            model::Link c = *l;
            c.medium = static_cast<model::LinkMedium>(medium_->currentData().toInt());
            commit(c, tr("Change medium"));
        }
    });
    connect(speed_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (const model::Link* l = doc_->design().link(id_)) {
            model::Link c = *l;
            c.laneSpeed = model::Bandwidth::Gbps(v);
            commit(c, tr("Change link speed"));
        }
    });
    connect(lanes_, &QSpinBox::valueChanged, this, [this](int v) {
        if (const model::Link* l = doc_->design().link(id_)) {
            model::Link c = *l;
            c.lanes = v;
            commit(c, tr("Change lanes"));
        }
    });
    connect(count_, &QSpinBox::valueChanged, this, [this](int v) {
        if (const model::Link* l = doc_->design().link(id_)) {
            model::Link c = *l;
            c.count = v;
            // More cables take more ports: where the run from the link's port would reach a
            // neighbour's, it moves to the first free run at that end (one undo step with the count).
            for (model::Endpoint* e : {&c.a, &c.b})
                if (const model::Node* n = doc_->design().node(e->node))
                    e->port = model::portRunFor(doc_->design(), e->node, e->port, model::offerOf(*n, doc_->catalog()).ports, v, c.id);
            commit(c, tr("Change cable count"));
        }
    });
}

void LinkEditor::commit(const model::Link& changed, const QString& what) { doc_->requestSetLink(changed, what); }

void LinkEditor::setLink(model::Id id)
{
    id_ = id;
    refresh();
}

void LinkEditor::refresh()
{
    const model::Link* l = doc_->design().link(id_);
    setEnabled(l != nullptr);
    if (!l) return;
    const auto nameOf = [this](const model::Endpoint& e) {
        const model::Node* n = doc_->design().node(e.node);
        QString s = n ? QString::fromStdString(n->name) : QString::number(e.node);
        if (e.port >= 0) s += tr(" port %1").arg(e.port);
        return s;
    };
    ends_->setText(nameOf(l->a) + QStringLiteral("  ↔  ") + nameOf(l->b));
    const QSignalBlocker b1(medium_), b2(speed_), b3(lanes_), b4(count_);
    medium_->setCurrentIndex(medium_->findData(static_cast<int>(l->medium)));
    // The limits, widened to the largest switch of the catalog (a user catalog may add one) and
    // to what a hand-written design file holds: a value on screen is never a clamped one.
    int ports = kMaxCablesPerLink;
    for (const auto& sw : doc_->catalog().switches()) ports = std::max(ports, sw.ports);
    count_->setMaximum(std::max(ports, l->count));
    lanes_->setMaximum(std::max(kMaxLanesPerLink, l->lanes));
    speed_->setRange(std::min(1.0, l->laneSpeed.inGbps()), std::max(model::kMaxLaneGbps, l->laneSpeed.inGbps()));
    speed_->setValue(l->laneSpeed.inGbps());
    lanes_->setValue(l->lanes);
    count_->setValue(l->count);
    const auto both = [](model::Bandwidth bw) {
        return tr("%1 Gb/s (%2 GB/s)").arg(plainNumber(bw.inGbps()), plainNumber(bw.inGBps()));
    };
    perCable_->setText(both(l->perCable()));
    total_->setText(both(l->total()));
}

} // namespace views
