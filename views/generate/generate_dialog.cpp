#include "views/generate/generate_dialog.hpp"
#include "views/common/plural.hpp"
#include "views/common/qt_string.hpp"

#include "views/common/checked_spin_box.hpp"
#include "views/common/gui_input_error.hpp"
#include "views/inspector/node_editor.hpp"

#include "model/io/input_error.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"
#include "model/topology/rules.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <initializer_list>

#include <cmath>

namespace views {

namespace {

/// "2:1", "3:2" or "2" -> 2.0, 1.5, 2.0; 0 when unreadable.
double parseRatio(const QString& text)
{
    const QStringList parts = text.trimmed().split(QLatin1Char(':'));
    bool ok1 = false, ok2 = true;
    const double a = parts.value(0).toDouble(&ok1);
    const double b = parts.size() > 1 ? parts.value(1).toDouble(&ok2) : 1.0;
    return ok1 && ok2 && parts.size() <= 2 && a > 0 && b > 0 ? a / b : 0.0;
}

void selectData(QComboBox* box, const QString& id)
{
    const int i = box->findData(id);
    if (i >= 0) box->setCurrentIndex(i);
}
} // namespace

GenerateDialog::GenerateDialog(const model::Catalog& catalog, QWidget* parent) : QDialog(parent), catalog_(catalog)
{
    setWindowTitle(tr("Generate topology"));
    auto* layout = new QVBoxLayout(this);
    form_ = new QFormLayout;
    layout->addLayout(form_);

    kind_ = new QComboBox(this);
    kind_->addItem(tr("Fat tree (rail-optimized leaf/spine)"), QStringLiteral("fat-tree"));
    kind_->addItem(tr("GB200 NVL72 racks + fat tree"), QStringLiteral("gb200-nvl72"));
    kind_->addItem(tr("Ethernet RoCE fabric"), QStringLiteral("roce"));
    kind_->addItem(tr("Rented cluster"), QStringLiteral("rented"));
    kind_->addItem(tr("Single server"), QStringLiteral("server"));
    server_ = new QComboBox(this);
    for (const auto& s : catalog.servers()) server_->addItem(q(s.name), q(s.id));
    switch_ = new QComboBox(this);
    for (const auto& s : catalog.switches())
        if (s.ports > 0) switch_->addItem(q(s.name), q(s.id));
    nic_ = new QComboBox(this);
    nic_->addItem(tr("(the server's own)"), QString());
    for (const auto& n : catalog.nics()) nic_->addItem(q(n.name), q(n.id));
    nodes_ = new CheckedSpinBox(tr("Servers"), 1, static_cast<int>(model::kMaxDesignNodes), this);
    nodes_->setValue(32);
    racks_ = new CheckedSpinBox(tr("NVL72 racks"), 1, 4096, this);
    racks_->setValue(8);
    nicsPerNode_ = new CheckedSpinBox(tr("NIC ports per server"), 0, kMaxNicsPerServer, this);
    nicsPerNode_->setSpecialValueText(tr("from the catalog"));
    planes_ = new CheckedSpinBox(tr("Planes"), 1, 8, this);
    oversub_ = new QLineEdit(QStringLiteral("1:1"), this);
    ufm_ = new QCheckBox(tr("place the UFM appliance in one node slot (4 cables)"), this);
    lossless_ = new QCheckBox(tr("PFC/ECN on (lossless RoCE)"), this);
    lossless_->setChecked(true);
    perNode_ = new CheckedDoubleSpinBox(tr("Network per server"), 1, 100000, 0, this);
    perNode_->setValue(3200);
    perNode_->setSuffix(QStringLiteral(" Gb/s"));
    price_ = new CheckedDoubleSpinBox(tr("Price per GPU-hour"), 0.01, 1000, 2, this);
    price_->setValue(3.99);
    price_->setPrefix(QStringLiteral("$"));
    price_->setSuffix(tr(" per GPU-hour"));
    provider_ = new QLineEdit(this);
    name_ = new QLineEdit(this);
    name_->setPlaceholderText(tr("generated from the inputs"));

    form_->addRow(tr("Kind"), kind_);
    form_->addRow(tr("Server"), server_);
    form_->addRow(tr("Servers"), nodes_);
    form_->addRow(tr("NVL72 racks"), racks_);
    form_->addRow(tr("Switch"), switch_);
    form_->addRow(tr("Compute NIC"), nic_);
    form_->addRow(tr("NIC ports per server"), nicsPerNode_);
    form_->addRow(tr("Oversubscription"), oversub_);
    form_->addRow(tr("Planes"), planes_);
    form_->addRow(QString(), ufm_);
    form_->addRow(QString(), lossless_);
    form_->addRow(tr("Bandwidth between nodes"), perNode_);
    form_->addRow(tr("Price"), price_);
    form_->addRow(tr("Provider"), provider_);
    form_->addRow(tr("Design name"), name_);
    // Tab goes down the form as it reads (it went by creation: Server, Switch, NIC, Servers, ...).
    {
        QWidget* previous = kind_;
        for (QWidget* w : std::initializer_list<QWidget*>{server_, nodes_, racks_, switch_, nic_, nicsPerNode_, oversub_, planes_, ufm_,
                                                          lossless_, perNode_, price_, provider_, name_}) {
            setTabOrder(previous, w);
            previous = w;
        }
    }

    preview_ = new QLabel(this);
    preview_->setWordWrap(true);
    preview_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(preview_);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Replace design"));
    layout->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    selectData(server_, QStringLiteral("dgx-h100"));
    selectData(switch_, QStringLiteral("qm9700"));
    const auto again = [this] { regenerate(); };
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] { updateRows(); regenerate(); });
    for (QComboBox* c : {server_, switch_, nic_}) connect(c, &QComboBox::currentIndexChanged, this, again);
    for (QSpinBox* s : {nodes_, racks_, nicsPerNode_, planes_}) connect(s, &QSpinBox::valueChanged, this, again);
    for (QDoubleSpinBox* s : {perNode_, price_}) connect(s, &QDoubleSpinBox::valueChanged, this, again);
    // And each keystroke, before the edit ends: the boxes' keyboard tracking is off, so neither
    // valueChanged nor textChanged fires while typing; their line edits' textChanged does.
    for (QAbstractSpinBox* s : std::initializer_list<QAbstractSpinBox*>{nodes_, racks_, nicsPerNode_, planes_, perNode_, price_})
        if (auto* edit = s->findChild<QLineEdit*>()) connect(edit, &QLineEdit::textChanged, this, again);
    for (QLineEdit* e : {oversub_, provider_, name_}) connect(e, &QLineEdit::textChanged, this, again);
    for (QCheckBox* c : {ufm_, lossless_}) connect(c, &QCheckBox::toggled, this, again);
    updateRows();
    regenerate();
}

void GenerateDialog::updateRows()
{
    const QString k = kind_->currentData().toString();
    const bool tree = k == QLatin1String("fat-tree") || k == QLatin1String("roce");
    form_->setRowVisible(server_, k != QLatin1String("gb200-nvl72"));
    form_->setRowVisible(nodes_, tree || k == QLatin1String("rented"));
    form_->setRowVisible(racks_, k == QLatin1String("gb200-nvl72"));
    form_->setRowVisible(switch_, k != QLatin1String("server"));
    form_->setRowVisible(nic_, tree);
    form_->setRowVisible(nicsPerNode_, tree);
    form_->setRowVisible(oversub_, tree || k == QLatin1String("gb200-nvl72"));
    form_->setRowVisible(planes_, tree);
    form_->setRowVisible(ufm_, k == QLatin1String("fat-tree"));
    form_->setRowVisible(lossless_, k == QLatin1String("roce"));
    for (QWidget* w : {static_cast<QWidget*>(perNode_), static_cast<QWidget*>(price_), static_cast<QWidget*>(provider_)})
        form_->setRowVisible(w, k == QLatin1String("rented"));
    if (k == QLatin1String("roce") && switch_->currentData().toString() == QLatin1String("qm9700"))
        selectData(switch_, QStringLiteral("sn5600"));
    if (k != QLatin1String("roce") && switch_->currentData().toString() == QLatin1String("sn5600"))
        selectData(switch_, QStringLiteral("qm9700"));
}

namespace {
/// What `box` reads now: the number typed, before the edit ends, so that the preview and what
/// Replace builds follow each keystroke (helper-91: the preview kept 4,000 servers while 64 was
/// typed, and Replace built 64); its value where the text is no number.
/// @throws model::InputError naming the box's row when the typed number is outside its range.
template <class Box>
double typed(const Box* box, const std::string& kind)
{
    const auto v = box->typedValue();
    if (!v) return box->value();
    if (*v < box->minimum() || *v > box->maximum()) {
        const QLocale l;
        const auto n = [&l](double x) { return l.toString(x, 'f', x == std::floor(x) ? 0 : 2); };
        throw model::InputError("<dialog>", "generate " + kind, box->field().toStdString(),
                                QObject::tr("%1 is outside the allowed range, %2 to %3").arg(n(*v), n(box->minimum()), n(box->maximum())).toStdString());
    }
    return *v;
}
} // namespace

model::Design GenerateDialog::generate() const
{
    using namespace model::topology;
    const std::string kind = kind_->currentData().toString().toStdString();
    const std::string name = name_->text().toStdString();
    const double ratio = parseRatio(oversub_->text());
    if (kind != "server" && kind != "rented") {
        if (ratio <= 0)
            throw model::InputError("<dialog>", "generate " + kind, "Oversubscription", "expected a ratio such as 1:1 or 2:1");
        // Below 1:1: refused by the generator (fat_tree.cpp), named here as the dialog's row.
        if (ratio > kMaxOversubscription) // refused, never clamped to what the switch can do
            throw model::InputError("<dialog>", "generate " + kind, "Oversubscription",
                                    oversub_->text().trimmed().toStdString() + " is outside the allowed range: expected at most " +
                                        std::to_string(static_cast<int>(kMaxOversubscription)) + ":1 (real fabrics run 1:1 to 4:1)");
    }
    if (kind == "server") return generateSingleServer(catalog_, {server_->currentData().toString().toStdString(), name});
    if (kind == "gb200-nvl72") {
        RackScaleOptions o;
        o.racks = static_cast<int>(typed(racks_, kind));
        o.switchModel = switch_->currentData().toString().toStdString();
        o.oversubscription = ratio;
        o.name = name;
        return generateRackScale(catalog_, o);
    }
    if (kind == "rented") {
        RentedOptions o;
        o.server = server_->currentData().toString().toStdString();
        o.nodes = static_cast<int>(typed(nodes_, kind));
        o.perNodeGbps = typed(perNode_, kind);
        o.pricePerGpuHourUsd = typed(price_, kind);
        o.provider = provider_->text().toStdString();
        o.switchModel = switch_->currentData().toString().toStdString();
        o.name = name;
        return generateRented(catalog_, o);
    }
    FatTreeOptions o;
    o.server = server_->currentData().toString().toStdString();
    o.nodes = static_cast<int>(typed(nodes_, kind));
    o.switchModel = switch_->currentData().toString().toStdString();
    o.nicModel = nic_->currentData().toString().toStdString();
    if (const int nics = static_cast<int>(typed(nicsPerNode_, kind)); nics > 0) o.nicsPerNode = nics;
    o.oversubscription = ratio;
    o.planes = static_cast<int>(typed(planes_, kind));
    o.ufm = ufm_->isChecked();
    o.lossless = lossless_->isChecked();
    o.name = name;
    return kind == "roce" ? generateRoceFabric(catalog_, o) : generateFatTree(catalog_, o);
}

void GenerateDialog::regenerate()
{
    try {
        design_ = generate();
        valid_ = true;
        const auto bom = model::topology::computeBom(design_, catalog_);
        const auto rules = model::topology::checkDesign(design_, catalog_);
        int servers = 0;
        for (const auto& s : bom.servers) servers += s.count;
        QString text = tr("%1\n%2, %3 GPUs; %4 leaf, %5 spine, %6 core switches")
                           .arg(q(design_.name))
                           .arg(countOf(servers, tr("server"), tr("servers"))) // "1 server"
                           .arg(design_.gpuCount(catalog_))
                           .arg(bom.switchCount(model::SwitchTier::Leaf))
                           .arg(bom.switchCount(model::SwitchTier::Spine))
                           .arg(bom.switchCount(model::SwitchTier::Core));
        for (const auto& c : bom.cables) text += tr("\n%1 cables: %2").arg(q(c.between)).arg(c.count());
        const std::string note = model::topology::builtOversubscriptionNote(design_.analysis.value("generator", nlohmann::json::object()));
        if (!note.empty()) text += QStringLiteral("\nNote: ") + q(note);
        text += tr("\nDesign rules: %1 errors, %2 warnings")
                    .arg(rules.count(model::topology::Severity::Error))
                    .arg(rules.count(model::topology::Severity::Warning));
        for (const auto& f : rules.findings) text += QStringLiteral("\n  - ") + q(f.message);
        preview_->setText(text);
        preview_->setStyleSheet(QString());
    } catch (const std::exception& e) {
        design_ = model::Design();
        valid_ = false;
        // A generator names its command-line option (--nodes); the dialog names its own row.
        const auto* input = dynamic_cast<const model::InputError*>(&e);
        preview_->setText(input ? guiInputError(*input, generateFieldLabel(input->field())) : q(e.what()));
        preview_->setStyleSheet(QStringLiteral("color: #b00020;"));
    }
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(valid_);
}

QString GenerateDialog::previewText() const { return preview_->text(); }

void GenerateDialog::setKind(const QString& kind) { selectData(kind_, kind); }
void GenerateDialog::setServer(const QString& id) { selectData(server_, id); }
void GenerateDialog::setSwitch(const QString& id) { selectData(switch_, id); }
void GenerateDialog::setNodes(int n) { nodes_->setValue(n); }
void GenerateDialog::setOversubscription(const QString& ratio) { oversub_->setText(ratio); }

} // namespace views
