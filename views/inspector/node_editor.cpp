#include "views/inspector/node_editor.hpp"

#include "model/catalog/server_choices.hpp"
#include "views/common/checked_spin_box.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace views {

namespace {
QString num(double v) { return QString::number(v, 'g', 6); }
QString orUnknown(const std::optional<double>& v, const QString& unit)
{
    return v ? num(*v) + unit : QObject::tr("unknown");
}
} // namespace

NodeEditor::NodeEditor(DesignDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* edit = new QWidget(this);
    form_ = new QFormLayout(edit);
    kind_ = new QLabel(edit);
    name_ = new QLineEdit(edit);
    model_ = new QComboBox(edit);
    modelFixed_ = new QLabel(edit);
    modelFixed_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    modelFixed_->setWordWrap(true);
    tier_ = new QComboBox(edit);
    for (auto t : {model::SwitchTier::None, model::SwitchTier::Leaf, model::SwitchTier::Spine, model::SwitchTier::Core})
        tier_->addItem(QString::fromLatin1(model::toString(t)), static_cast<int>(t));
    nicModel_ = new QComboBox(edit);
    nicCount_ = new CheckedSpinBox(tr("NIC count"), 0, kMaxNicsPerServer, edit);
    nicCount_->setSpecialValueText(tr("catalog default"));
    name_->setObjectName(QStringLiteral("name"));
    model_->setObjectName(QStringLiteral("model"));
    modelFixed_->setObjectName(QStringLiteral("modelFixed"));
    tier_->setObjectName(QStringLiteral("tier"));
    nicModel_->setObjectName(QStringLiteral("nicModel"));
    nicCount_->setObjectName(QStringLiteral("nicCount"));
    form_->addRow(tr("Kind"), kind_);
    form_->addRow(tr("Name"), name_);
    form_->addRow(tr("Model"), model_);
    form_->addRow(tr("Model"), modelFixed_); // instead of the choice when there is none
    form_->addRow(tr("Tier"), tier_);
    form_->addRow(tr("Compute NIC"), nicModel_);
    form_->addRow(tr("NIC count"), nicCount_);
    outer->addWidget(edit);

    auto* box = new QGroupBox(tr("From the catalog (read-only)"), this);
    figures_ = new QFormLayout(box);
    figuresBox_ = box;
    outer->addWidget(box);
    outer->addStretch(1);

    connect(name_, &QLineEdit::editingFinished, this, [this] {
        const model::Node* n = doc_->design().node(id_);
        if (!n) return;
        if (name_->text().trimmed().isEmpty()) {
            // No nameless box: its card went blank and the file saved "name": "". The name stays.
            const QString kept = QString::fromStdString(n->name);
            {
                const QSignalBlocker b(name_);
                name_->setText(kept);
            }
            lastRefusal_ = tr("Name: a %1 needs a name; an empty name is not accepted. The name stays \"%2\".")
                               .arg(n->kind == model::NodeKind::Server ? tr("server") : tr("switch"), kept);
            reportRefusal(name_, lastRefusal_);
            return;
        }
        if (name_->text().toStdString() == n->name) return;
        // Names tell the boxes apart in every warning, report and export ("dgx-h100-02: only 1 of
        // 8 ..."): a name another node has is refused, as an empty one is.
        const std::string wanted = name_->text().trimmed().toStdString();
        for (const auto& [otherId, other] : doc_->design().nodes())
            if (otherId != id_ && other.name == wanted) {
                const QString kept = QString::fromStdString(n->name);
                {
                    const QSignalBlocker b(name_);
                    name_->setText(kept);
                }
                lastRefusal_ = tr("Name: \"%1\" is already the name of another %2; names tell the boxes apart in warnings and "
                                  "reports. The name stays \"%3\".")
                                   .arg(QString::fromStdString(wanted), other.kind == model::NodeKind::Server ? tr("server") : tr("switch"), kept);
                reportRefusal(name_, lastRefusal_);
                return;
            }
        model::Node c = *n;
        c.name = name_->text().toStdString();
        commit(c, tr("Rename"));
    });
    connect(model_, &QComboBox::activated, this, [this] {
        const model::Node* n = doc_->design().node(id_);
        if (!n) return;
        model::Node c = *n;
        c.model = model_->currentData().toString().toStdString();
        commit(c, tr("Change model"));
    });
    connect(tier_, &QComboBox::activated, this, [this] {
        const model::Node* n = doc_->design().node(id_);
        if (!n) return;
        model::Node c = *n;
        c.tier = static_cast<model::SwitchTier>(tier_->currentData().toInt());
        commit(c, tr("Change tier"));
    });
    connect(nicModel_, &QComboBox::activated, this, [this] {
        const model::Node* n = doc_->design().node(id_);
        if (!n) return;
        model::Node c = *n;
        c.nicModel = nicModel_->currentData().toString().toStdString();
        commit(c, tr("Change NIC"));
    });
    connect(nicCount_, &QSpinBox::valueChanged, this, [this](int v) {
        const model::Node* n = doc_->design().node(id_);
        if (!n) return;
        model::Node c = *n;
        c.nicCount = v == 0 ? std::nullopt : std::optional<int>(v);
        commit(c, tr("Change NIC count"));
    });
}

void NodeEditor::commit(const model::Node& changed, const QString& what) { doc_->requestSetNode(changed, what); }

void NodeEditor::setNode(model::Id id)
{
    id_ = id;
    refresh();
}

void NodeEditor::fillModels(const model::Node& n)
{
    const QSignalBlocker block(model_);
    model_->clear();
    const model::Catalog& c = doc_->catalog();
    if (n.kind == model::NodeKind::Server) {
        // Only models of the same kind of box (model/catalog/server_choices.hpp); a model the
        // catalog lacks may become any server, so the design can be repaired here.
        if (const model::ServerSpec* current = c.server(n.model))
            for (const model::ServerSpec* s : model::interchangeableServers(c, *current))
                model_->addItem(QString::fromStdString(s->name), QString::fromStdString(s->id));
        else
            for (const auto& s : c.servers()) model_->addItem(QString::fromStdString(s.name), QString::fromStdString(s.id));
    } else {
        for (const auto& s : c.switches()) model_->addItem(QString::fromStdString(s.name), QString::fromStdString(s.id));
    }
}

QStringList NodeEditor::modelChoices() const
{
    QStringList out;
    if (!form_->isRowVisible(model_)) return out;
    for (int i = 0; i < model_->count(); ++i) out << model_->itemData(i).toString();
    return out;
}

QString NodeEditor::figure(const QString& label) const
{
    for (int r = 0; r < figures_->rowCount(); ++r) {
        auto* l = qobject_cast<QLabel*>(figures_->itemAt(r, QFormLayout::LabelRole)->widget());
        auto* v = qobject_cast<QLabel*>(figures_->itemAt(r, QFormLayout::FieldRole)->widget());
        if (l && v && l->text() == label) return v->text();
    }
    return {};
}

void NodeEditor::refresh()
{
    const model::Node* n = doc_->design().node(id_);
    setEnabled(n != nullptr);
    while (figures_->rowCount() > 0) figures_->removeRow(0);
    if (!n) return;
    const model::Catalog& c = doc_->catalog();
    const bool server = n->kind == model::NodeKind::Server;
    kind_->setText(server ? tr("Server") : tr("Switch"));
    {
        const QSignalBlocker b(name_);
        name_->setText(QString::fromStdString(n->name));
    }
    fillModels(*n);
    {
        const QSignalBlocker b(model_);
        int i = model_->findData(QString::fromStdString(n->model));
        if (i < 0) {
            model_->addItem(QString::fromStdString(n->model) + tr(" (not in catalog)"), QString::fromStdString(n->model));
            i = model_->count() - 1;
        }
        model_->setCurrentIndex(i);
    }
    // One model only (a PCIe box such as the 8x L40S server, a workstation, the UFM
    // appliance): its name, read-only, instead of a choice of one.
    const bool choice = model_->count() > 1;
    if (!choice) {
        modelFixed_->setText(model_->currentText());
        modelFixed_->setToolTip(tr("The catalog has no other server of this kind (%1) to switch this box to.")
                                    .arg(QString::fromStdString(c.server(n->model) ? c.server(n->model)->kind : n->model)));
    }
    form_->setRowVisible(model_, choice);
    form_->setRowVisible(modelFixed_, !choice);
    form_->setRowVisible(tier_, !server);
    form_->setRowVisible(nicModel_, server);
    form_->setRowVisible(nicCount_, server);
    const auto addFigure = [this](const QString& label, const QString& value) {
        auto* v = new QLabel(value);
        v->setTextInteractionFlags(Qt::TextSelectableByMouse);
        figures_->addRow(new QLabel(label), v);
    };
    if (!server) {
        const QSignalBlocker b(tier_);
        tier_->setCurrentIndex(tier_->findData(static_cast<int>(n->tier)));
        if (const model::SwitchSpec* s = c.switchModel(n->model)) {
            addFigure(tr("Ports"), QString::number(s->ports));
            addFigure(tr("Port speed (Gb/s)"), num(s->portSpeed.inGbps()));
            addFigure(tr("Protocol"), QString::fromLatin1(model::toString(s->protocol)));
            addFigure(tr("In-network reduction"),
                      s->inNetworkReduction.empty() ? tr("none") : QString::fromStdString(s->inNetworkReduction));
        }
        return;
    }
    const model::ServerSpec* s = c.server(n->model);
    {
        const QSignalBlocker b(nicModel_);
        nicModel_->clear();
        const model::NicSpec* def = s ? c.nic(s->computeNicId) : nullptr;
        nicModel_->addItem(tr("catalog default (%1)").arg(def ? QString::fromStdString(def->name) : tr("none")), QString());
        for (const auto& nic : c.nics()) nicModel_->addItem(QString::fromStdString(nic.name), QString::fromStdString(nic.id));
        nicModel_->setCurrentIndex(std::max(0, nicModel_->findData(QString::fromStdString(n->nicModel))));
    }
    {
        const QSignalBlocker b(nicCount_);
        nicCount_->setSpecialValueText(tr("catalog default (%1)").arg(s ? s->computeNicCount : 0));
        // A rack-scale system may have more NICs than a server (GB200 NVL72: 72); a design file
        // written by hand with more still shows its value, never a clamped one.
        nicCount_->setMaximum(std::max({kMaxNicsPerServer, s ? s->computeNicCount : 0, n->nicCount.value_or(0)}));
        nicCount_->setValue(n->nicCount.value_or(0));
    }
    if (!s) return;
    const model::GpuSpec* g = c.gpu(s->gpuId);
    const model::NicSpec* nic = c.nic(n->nicModel.empty() ? s->computeNicId : n->nicModel);
    addFigure(tr("GPU"), s->isAppliance() ? tr("none (appliance)")
                         : g ? QString::fromStdString(g->name) : QString::fromStdString(s->gpuId));
    addFigure(tr("GPUs"), QString::number(s->gpuCount));
    if (g) {
        addFigure(tr("NVLink (GB/s, bidirectional)"), num(g->scaleUpBidirectional.inGBps()));
        addFigure(tr("HBM (GB/s)"), g->hbmBandwidth ? num(g->hbmBandwidth->inGBps()) : tr("unknown"));
        addFigure(tr("BF16 dense (TFLOPS)"), orUnknown(g->bf16DenseTflops, QString()));
    }
    addFigure(tr("NVLink domain (GPUs)"), QString::number(s->scaleUpDomainGpus));
    addFigure(tr("Compute NICs"), QString::number(n->nicCount.value_or(s->computeNicCount)));
    addFigure(tr("NIC speed (Gb/s)"), nic ? num(nic->speed.inGbps()) : tr("none"));
}

} // namespace views
