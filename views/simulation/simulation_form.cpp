#include "views/simulation/simulation_form.hpp"

#include "views/common/gui_input_error.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardItemModel>

#include <cmath>
#include <exception>

namespace views {

namespace {
/// Binary size units offered, bytes per unit (nccl-tests sizes are powers of 1024).
constexpr struct {
    const char* name;
    double bytes;
} kUnits[] = {{"KiB", 1024.0}, {"MiB", 1024.0 * 1024.0}, {"GiB", 1024.0 * 1024.0 * 1024.0}};
} // namespace

SimulationForm::SimulationForm(QWidget* parent)
    : QWidget(parent), op_(new QComboBox(this)), size_(new QDoubleSpinBox(this)), unit_(new QComboBox(this)),
      gpus_(new QSpinBox(this)), algorithm_(new QComboBox(this)), routing_(new QComboBox(this)),
      failures_(new QLineEdit(this))
{
    for (auto op : {model::CollectiveOp::AllReduce, model::CollectiveOp::AllGather, model::CollectiveOp::ReduceScatter,
                    model::CollectiveOp::AllToAll, model::CollectiveOp::Broadcast})
        op_->addItem(QString::fromLatin1(model::toString(op)), static_cast<int>(op));
    op_->setToolTip(tr("Collective operation (nccl-tests names)"));

    size_->setRange(0.0, 1024.0 * 1024.0);
    size_->setDecimals(2);
    size_->setValue(1.0);
    size_->setToolTip(tr("Message size: the nccl-tests buffer per GPU"));
    for (const auto& u : kUnits) unit_->addItem(QString::fromLatin1(u.name), u.bytes);
    unit_->setCurrentIndex(2);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->setContentsMargins(0, 0, 0, 0);
    sizeRow->addWidget(size_, 1);
    sizeRow->addWidget(unit_);

    gpus_->setRange(0, 0);
    gpus_->setToolTip(tr("Ranks: the first N GPUs in server order"));
    connect(gpus_, &QSpinBox::valueChanged, this, [this](int v) {
        if (!adjusting_) wantedGpus_ = v; // the user's count, not a cap the design imposed
    });

    algorithm_->addItem(tr("auto (NCCL's choice)"), QString());
    // The engine's names (model/simulation/simulation.hpp); it refuses, with the reason, an
    // algorithm the op or the hardware cannot run.
    for (const char* name : {"ring", "hierarchical", "tree", "nvls", "nvls_tree", "sharp", "direct", "pairwise"})
        algorithm_->addItem(QString::fromLatin1(name), QString::fromLatin1(name));
    algorithm_->setToolTip(tr("auto: the fastest the engine finds for the op\n"
                              "hierarchical, tree, nvls, nvls_tree, sharp: all_reduce only\n"
                              "direct (every peer at once, as NCCL) and pairwise (synchronized rounds): alltoall only"));

    routing_->addItem(tr("rail-aware (PXN)"), static_cast<int>(model::RoutingPolicy::RailAware));
    routing_->addItem(tr("shortest path (ECMP)"), static_cast<int>(model::RoutingPolicy::Shortest));

    failures_->setPlaceholderText(tr("none, or e.g. link:12, switch:3, plane:0"));
    failures_->setToolTip(tr("What-if failures, comma separated:\n"
                             "link:ID  switch:ID  plane:PORT  nic:NODE:PORT:GBPS"));
    failures_->setClearButtonEnabled(true);

    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Operation"), op_);
    form->addRow(tr("Message size"), sizeRow);
    form->addRow(tr("GPUs"), gpus_);
    form->addRow(tr("Algorithm"), algorithm_);
    form->addRow(tr("Routing"), routing_);
    form->addRow(tr("Failures"), failures_);
    setDesignGpus(0);
    connect(op_, &QComboBox::currentIndexChanged, this, [this] { offerAlgorithmsForOp(); });
    offerAlgorithmsForOp();
}

void SimulationForm::offerAlgorithmsForOp()
{
    const auto op = static_cast<model::CollectiveOp>(op_->currentData().toInt());
    auto* items = qobject_cast<QStandardItemModel*>(algorithm_->model());
    if (!items) return;
    for (int i = 0; i < algorithm_->count(); ++i) {
        const model::Algorithm a = model::parseAlgorithm(algorithm_->itemData(i).toString().toStdString());
        if (QStandardItem* item = items->item(i)) item->setEnabled(model::simulatorRunsOp(a, op));
    }
    const model::Algorithm chosen = model::parseAlgorithm(algorithm_->currentData().toString().toStdString());
    if (!model::simulatorRunsOp(chosen, op)) algorithm_->setCurrentIndex(0);
}

void SimulationForm::setDesignGpus(int gpus)
{
    // The count asked for outlives a smaller design: capped while the design is smaller, back
    // when it is large enough again (helper-89: 4096 became 512, then 8, and stayed 8).
    adjusting_ = true;
    gpus_->setMaximum(std::max(0, gpus));
    gpus_->setValue(std::min(wantedGpus_, std::max(0, gpus)));
    adjusting_ = false;
    gpus_->setSpecialValueText(gpus > 0 ? tr("all (%1)").arg(gpus) : tr("all"));
}

void SimulationForm::setRequest(const model::CollectiveRequest& request)
{
    op_->setCurrentIndex(std::max(0, op_->findData(static_cast<int>(request.op))));
    int unit = 0;
    for (int i = 0; i < unit_->count(); ++i)
        if (request.bytes >= unit_->itemData(i).toDouble() &&
            std::fmod(request.bytes, unit_->itemData(i).toDouble()) == 0.0)
            unit = i;
    unit_->setCurrentIndex(unit);
    size_->setValue(request.bytes / unit_->itemData(unit).toDouble());
    gpus_->setValue(request.gpus);
    algorithm_->setCurrentIndex(std::max(0, algorithm_->findData(request.algorithm == model::Algorithm::Auto ? QString() : QString::fromLatin1(model::toString(request.algorithm)))));
    offerAlgorithmsForOp();
}

void SimulationForm::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        event->accept();
        emit runRequested();
        return;
    }
    QWidget::keyPressEvent(event);
}

void SimulationForm::setFailureText(const QString& specs) { failures_->setText(specs); }

bool SimulationForm::read(model::CollectiveRequest& request, model::SimulationOptions& options, QString& error) const
{
    request.op = static_cast<model::CollectiveOp>(op_->currentData().toInt());
    request.bytes = std::round(size_->value() * unit_->currentData().toDouble());
    request.gpus = gpus_->value();
    request.algorithm = model::parseAlgorithm(algorithm_->currentData().toString().toStdString());
    if (request.bytes <= 0.0) {
        error = tr("Message size: enter a size above zero.");
        return false;
    }
    options.routing = static_cast<model::RoutingPolicy>(routing_->currentData().toInt());
    options.failures.clear();
    for (const QString& spec : failures_->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString s = spec.trimmed();
        if (s.isEmpty()) continue;
        try {
            options.failures.push_back(model::parseFailure(s.toStdString()));
        } catch (const model::InputError& e) { // said with this field's name, not the CLI's --fail
            error = guiInputError(e, tr("Failures"));
            return false;
        } catch (const std::exception& e) {
            error = tr("Failures: %1").arg(QString::fromStdString(e.what()));
            return false;
        }
    }
    return true;
}

} // namespace views
