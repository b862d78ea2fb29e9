#pragma once
/// @file import_panel.hpp
/// The "Before you blame the network" dock: what the design's import says (File > Import or a
/// file dropped on the window; model::ResultsSnapshot::imported, computed off the UI thread):
/// the file and its format, what the file lacks (warnings), each advisor finding with its
/// severity, rule, explanation and the line of the file it rests on, and, for a measured
/// curve, how far it sits from the prediction for the design as it is now. Computes nothing.
///
///     auto* imports = new views::ImportPanel(this);
///     connect(worker, &app::AnalysisWorker::snapshotReady, imports, &views::ImportPanel::showSnapshot);

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/results/results_snapshot.hpp"

#include <QStringList>

#include <cstdint>
#include <memory>

class QLabel;
class QTreeWidget;

namespace views {

class ImportPanel final : public QWidget {
    Q_OBJECT
public:
    explicit ImportPanel(QWidget* parent = nullptr);

    /// The hint shown before anything is imported, naming every format File > Import reads.
    [[nodiscard]] static QString nothingImportedText();

    /// The heading on screen ("nccl_tests_13.txt: nccl-tests output (curve)" or the hint).
    [[nodiscard]] QString title() const;
    /// Rule ids of the findings listed, in order.
    [[nodiscard]] QStringList findingRules() const;
    /// The comparison line ("-68.4 % at 8 GiB against ...") or why there is none; empty without a curve.
    [[nodiscard]] QString comparisonText() const;
    /// Warnings listed (what the imported file lacks).
    [[nodiscard]] QStringList warnings() const;

public slots:
    /// Shows the import of `snapshot` (or the hint when its design carries none). Ignores
    /// null and snapshots older than the one on screen.
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);

private:
    std::shared_ptr<const model::ResultsSnapshot> shown_;
    QLabel* title_;
    QLabel* comparison_;
    QLabel* warnings_;
    QTreeWidget* list_;
    QStringList warningTexts_;
};

} // namespace views
