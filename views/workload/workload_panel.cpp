#include "views/workload/workload_panel.hpp"
#include "views/common/escape_reverts.hpp"

#include "model/analysis/memory_advice.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/analysis/training.hpp"
#include "model/units/number_format.hpp"
#include "views/common/checked_spin_box.hpp"
#include "views/common/design_document.hpp"
#include "views/common/plural.hpp"
#include "views/common/qt_string.hpp"
#include "views/common/step_text.hpp"
#include "views/common/wheel_guard.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <stdexcept>

namespace views {

namespace {

/// A whole-number setting: its analysis key, label, range (trainingConfigFromJson's) and the
/// value the engine takes when the key is absent. `autoZero`: 0 means the engine chooses.
struct NumberField {
    const char* key;
    const char* label;
    int min, max, absent;
    bool autoZero;
};

const NumberField kNumbers[] = {
    {"tp", "Tensor parallel", 0, 1 << 16, 0, true},
    {"pp", "Pipeline parallel", 0, 1 << 16, 0, true},
    {"dp", "Data parallel", 0, 1 << 24, 0, true},
    {"interleave", "Pipeline interleave", 1, 1024, 1, false},
    {"micro_batch", "Micro-batch (sequences)", 1, 1 << 20, 1, false},
    {"global_batch", "Global batch (sequences)", 0, 1 << 30, 0, true},
};

/// An on/off setting, its tooltip and the engine's default (trainingConfigFromJson).
struct SwitchField {
    const char* key;
    const char* label;
    bool absent;
    const char* tip;
};

const SwitchField kSwitches[] = {
    {"sequence_parallel", "Sequence parallel", true,
     "Megatron sequence parallelism: layer norms and dropout split over the tensor-parallel GPUs (Korthikanti et al. 2022)."},
    {"sharded_optimizer", "Sharded optimizer", true,
     "Adam state split over the data-parallel replicas (ZeRO stage 1, Rajbhandari et al. 2020)."},
    {"dp_overlap", "Overlapped gradient all-reduce", true,
     "The data-parallel gradient all-reduce runs during the backward pass; the last bucket stays exposed."},
};

/// The layout keys the engine reads; "auto layout" removes them.
const char* const kLayoutKeys[] = {"tp", "pp", "dp"};

nlohmann::json settingsOf(const model::Design& d) { return d.analysis.is_object() ? d.analysis : nlohmann::json::object(); }

/// `key` of `s` as a whole number, `absent` when missing or not one (the analysis says why).
int intSetting(const nlohmann::json& s, const char* key, int absent)
{
    const auto it = s.find(key);
    return it != s.end() && it->is_number_integer() ? static_cast<int>(it->get<long long>()) : absent;
}

QString text(const std::string& s) { return QString::fromStdString(s); }

} // namespace

WorkloadPanel::WorkloadPanel(DesignDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    setObjectName(QStringLiteral("workloadPanel"));
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts the field under its label

    workload_ = new QComboBox(this);
    workload_->setObjectName(QStringLiteral("workloadModel"));
    // Own model names run long: the box shows about 16 characters, the list shows them whole.
    workload_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    workload_->setMinimumContentsLength(16);
    workload_->setToolTip(tr("The model whose training step the analysis times. Another model drops the layout set for the old one. "
                             "The default workload is GPT-3 175B where it fits in GPU memory, else the largest smaller preset "
                             "that does."));
    connect(workload_, &QComboBox::activated, this, [this](int i) { setWorkload(workload_->itemData(i).toString().toStdString()); });
    form->addRow(tr("Model"), workload_);

    precision_ = new QComboBox(this);
    for (const char* p : {"bf16", "fp16", "fp8", "fp32"}) precision_->addItem(QString::fromLatin1(p).toUpper(), QString::fromLatin1(p));
    connect(precision_, &QComboBox::activated, this, [this](int i) { setSetting("precision", precision_->itemData(i).toString().toStdString()); });
    form->addRow(tr("Precision"), precision_);

    for (const NumberField& f : kNumbers) {
        auto* spin = new CheckedSpinBox(tr(f.label), f.min, f.max, this);
        spin->setObjectName(QStringLiteral("workload_") + QLatin1String(f.key));
        if (f.autoZero) spin->setSpecialValueText(tr("auto"));
        const std::string key = f.key;
        const int absent = f.absent;
        connect(spin, &QSpinBox::editingFinished, this, [this, key, spin, absent] {
            const int now = intSetting(settingsOf(doc_->design()), key.c_str(), absent);
            if (spin->value() == now) return;
            setSetting(key, spin->value() == absent ? nlohmann::json() : nlohmann::json(spin->value()));
        });
        form->addRow(tr(f.label), spin);
        numbers_.emplace_back(key, spin);
    }

    autoLayout_ = new QPushButton(tr("Engine's layout"), this);
    autoLayout_->setObjectName(QStringLiteral("workloadAutoLayout"));
    autoLayout_->setToolTip(tr("Tensor, pipeline and data parallel back to auto: the engine picks the fewest model-parallel "
                               "GPUs whose state fits in memory."));
    connect(autoLayout_, &QPushButton::clicked, this, [this] {
        nlohmann::json s = settingsOf(doc_->design());
        for (const char* k : kLayoutKeys) s.erase(k);
        doc_->requestSetAnalysis(s, tr("Workload: engine's layout"));
    });
    form->addRow(QString(), autoLayout_);

    recompute_ = new QComboBox(this);
    recompute_->addItem(tr("None"), QStringLiteral("none"));
    recompute_->addItem(tr("Selective (attention)"), QStringLiteral("selective"));
    recompute_->addItem(tr("Full"), QStringLiteral("full"));
    connect(recompute_, &QComboBox::activated, this, [this](int i) { setSetting("recompute", recompute_->itemData(i).toString().toStdString()); });
    form->addRow(tr("Recompute"), recompute_);

    // The switches one under the other across the form's width (a long one wrapped to the
    // label column alone and stood out of line).
    auto* switchColumn = new QVBoxLayout;
    for (const SwitchField& f : kSwitches) {
        auto* box = new QCheckBox(tr(f.label), this);
        box->setToolTip(tr(f.tip));
        const std::string key = f.key;
        const bool absent = f.absent;
        connect(box, &QCheckBox::clicked, this, [this, key, absent](bool on) {
            setSetting(key, on == absent ? nlohmann::json() : nlohmann::json(on));
        });
        switchColumn->addWidget(box);
        switches_.emplace_back(key, box);
    }
    form->addRow(switchColumn);

    chosen_ = new QLabel(this);
    chosen_->setObjectName(QStringLiteral("workloadChosen"));
    chosen_->setWordWrap(true);
    chosen_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    chosen_->setText(tr("No results yet."));

    // The form scrolls: the dock shares the right side with the inspector and may be short
    // (a 1280 x 800 screen), and its rows must not make the window taller than the screen.
    auto* body = new QWidget;
    auto* column = new QVBoxLayout(body);
    column->addLayout(form);
    column->addWidget(chosen_);
    column->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded); // never clip a field
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);

    guardWheel(this); // scrolling the dock never edits a field it passes
    connect(doc_, &DesignDocument::analysisChanged, this, &WorkloadPanel::refreshFromDesign);
    connect(doc_, &DesignDocument::designReset, this, &WorkloadPanel::refreshFromDesign);
    refreshFromDesign();
    installEscapeReverts(this); // Escape puts back what a field showed before the edit
}

CheckedSpinBox* WorkloadPanel::layoutBox(const std::string& key) const
{
    for (const auto& [k, spin] : numbers_)
        if (k == key) return spin;
    return nullptr;
}

QString WorkloadPanel::chosenText() const { return chosen_->text(); }

bool WorkloadPanel::setSetting(const std::string& key, const nlohmann::json& value)
{
    nlohmann::json s = settingsOf(doc_->design());
    if (value.is_null()) s.erase(key);
    else s[key] = value;
    QString label = text(key);
    for (const NumberField& f : kNumbers)
        if (key == f.key) label = tr(f.label);
    for (const SwitchField& f : kSwitches)
        if (key == f.key) label = tr(f.label);
    if (key == "precision") label = tr("Precision");
    if (key == "recompute") label = tr("Recompute");
    const QString shown = value.is_null() ? tr("default") : value.is_string() ? text(value.get<std::string>()) : text(value.dump());
    return doc_->requestSetAnalysis(s, tr("Workload: %1 %2").arg(label, shown));
}

bool WorkloadPanel::setWorkload(const std::string& name)
{
    nlohmann::json s = settingsOf(doc_->design());
    if (name.empty()) {
        // The engine picks the largest preset that fits: the design's own model and the
        // layout chosen for a model go with it.
        for (const char* k : {"workload", "model", "tp", "pp", "dp", "interleave", "micro_batch", "global_batch", "seq_len"}) s.erase(k);
    } else {
        try {
            s = model::analysis::settingsWithWorkload(s, name);
        } catch (const std::invalid_argument&) {
            return false;
        }
    }
    return doc_->requestSetAnalysis(s, tr("Workload: %1").arg(name.empty() ? tr("default") : text(name)));
}

void WorkloadPanel::refreshFromDesign()
{
    const nlohmann::json s = settingsOf(doc_->design());
    {
        const QSignalBlocker block(workload_);
        workload_->clear();
        workload_->addItem(tr("Default workload"), QString());
        for (const std::string& p : model::analysis::presetNames()) workload_->addItem(text(p), text(p));
        const std::string own = model::analysis::ownModelName(s);
        if (!own.empty()) workload_->addItem(tr("%1 (this design's model)").arg(text(own)), text(own));
        const auto w = s.find("workload");
        const QString current = !own.empty() ? text(own) : w != s.end() && w->is_string() ? text(model::analysis::canonicalWorkload(w->get<std::string>())) : QString(); // as the engine reads it
        int i = workload_->findData(current);
        if (i < 0 && !current.isEmpty()) { // a name the engine does not know ("gpt5"): shown as it is, never as the default
            workload_->addItem(tr("%1 (unknown: not timed)").arg(current), current);
            i = workload_->count() - 1;
        }
        workload_->setCurrentIndex(i >= 0 ? i : 0);
    }
    const auto setCombo = [&s](QComboBox* box, const char* key, const char* absent) {
        const QSignalBlocker block(box);
        const auto it = s.find(key);
        const QString v = it != s.end() && it->is_string() ? text(it->get<std::string>()) : QString::fromLatin1(absent);
        const int i = box->findData(v);
        box->setCurrentIndex(i >= 0 ? i : box->findData(QString::fromLatin1(absent)));
    };
    setCombo(precision_, "precision", "bf16");
    setCombo(recompute_, "recompute", "selective");
    for (std::size_t i = 0; i < numbers_.size(); ++i) {
        CheckedSpinBox* spin = numbers_[i].second;
        if (spin->hasFocus()) continue; // never overwrite what the user is typing
        const QSignalBlocker block(spin);
        spin->setValue(intSetting(s, kNumbers[i].key, kNumbers[i].absent));
    }
    for (std::size_t i = 0; i < switches_.size(); ++i) {
        const QSignalBlocker block(switches_[i].second);
        const auto it = s.find(kSwitches[i].key);
        switches_[i].second->setChecked(it != s.end() && it->is_boolean() ? it->get<bool>() : kSwitches[i].absent);
    }
    autoLayout_->setEnabled(s.contains("tp") || s.contains("pp") || s.contains("dp"));
}

void WorkloadPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    if (!snapshot || (shown_ && snapshot->generation < shown_->generation)) return;
    shown_ = std::move(snapshot);
    refreshChosen();
}

void WorkloadPanel::refreshChosen()
{
    const model::DesignAnalysis* a = shown_ && shown_->analysis ? &*shown_->analysis : nullptr;
    // "auto (8)": what the engine chose where the design leaves it to the engine.
    for (std::size_t i = 0; i < numbers_.size(); ++i) {
        if (!kNumbers[i].autoZero) continue;
        const std::string key = kNumbers[i].key;
        int chosen = 0;
        if (a && a->hasStep)
            chosen = key == "tp" ? a->step.tp : key == "pp" ? a->step.pp : key == "dp" ? a->step.dp : a->step.globalBatch;
        numbers_[i].second->setSpecialValueText(chosen > 0 ? tr("auto (%1)").arg(text(model::formatCount(chosen))) : tr("auto"));
    }
    if (a && a->workloadError.empty()) {
        const int i = workload_->findData(QString());
        if (i >= 0) workload_->setItemText(i, tr("Default workload (%1)").arg(text(a->workload)));
    }
    if (!shown_) return;
    if (!a) {
        chosen_->setText(tr("Not timed: %1").arg(text(shown_->analysisError)));
        return;
    }
    if (!a->hasStep) {
        // The scaling note says why ("no scaling curve: gpt3-175b cannot run on this design: ...").
        QString why = text(a->scalingNote.empty() ? std::string("the design has no GPUs to train on") : a->scalingNote);
        why.remove(QRegularExpression(QStringLiteral("^no scaling curve: ")));
        chosen_->setText(tr("Not timed: %1.").arg(why));
        return;
    }
    const model::StepBreakdown& st = a->step;
    QString line = tr("Timed: %1, tensor %2 x pipeline %3 x data %4 (%5), micro-batch %6, global batch %7, %8")
                       .arg(text(st.workload))
                       .arg(st.tp)
                       .arg(st.pp)
                       .arg(st.dp)
                       .arg(countOf(st.gpus, tr("GPU"), tr("GPUs")))
                       .arg(st.microBatch)
                       .arg(countOf(st.globalBatch, tr("sequence"), tr("sequences")), text(st.precision).toUpper());
    if (st.idleGpus > 0) line += tr("; %1 idle").arg(countOf(st.idleGpus, tr("GPU"), tr("GPUs")));
    if (!st.fitsInMemory) {
        line.replace(0, 6, tr("Not a run:"));
        // The ways out the engine checked, from the warning the analysis gives (memory_fit.hpp).
        const std::string* overflow = model::memoryOverflowWarning(a->warnings);
        const QString ways = overflow && overflow->find("; ") != std::string::npos ? text(overflow->substr(overflow->find("; ") + 2)) : QString();
        line += tr("; it does not fit in GPU memory, needing %1%2. If it did: %3, %4.")
                    .arg(text(model::analysis::memoryNeedWords(st.stateGB, st.activationsGB)), ways.isEmpty() ? QString() : QStringLiteral(": ") + ways,
                         stepSummary(st), stepParts(st));
    } else {
        line += tr(".\n\n%1: %2; %3.")
                    .arg(stepSummary(st).replace(0, 1, QLatin1Char('S')), stepParts(st),
                         text(model::analysis::memoryNeedWords(st.stateGB, st.activationsGB)));
        // Why this split where a faster one exists (helper-92: the headroom trade was silent).
        if (!a->layoutNote.empty()) {
            QString why = text(a->layoutNote);
            why[0] = why[0].toUpper();
            line += QStringLiteral("\n\n") + why + QLatin1Char('.');
        }
    }
    chosen_->setText(line);
}

} // namespace views
