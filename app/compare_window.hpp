#pragma once
/// @file compare_window.hpp
/// The Compare window (View > Compare Designs): two to four designs, the open one and files,
/// side by side in a views::DesignCompareView. The open design is read from the app's results
/// snapshots (setOpenDesign, fed by AnalysisWorker::snapshotReady), so its column follows every
/// edit; a design file is computed off the UI thread by the same computeResults (one thread per
/// file added). The comparison itself (rows and verdict) is assembled when results arrive.
/// Exports the compare report (PDF or HTML) and CSV. Its Close button, Esc and Ctrl+W close it
/// (it is hidden and kept: View > Compare Designs shows it again with its designs).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/compare/comparison.hpp"
#include "model/cost/price_table.hpp"
#include "model/results/results_snapshot.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace views {
class DesignCompareView;
}

namespace app {

class CompareWindow final : public QWidget {
    Q_OBJECT
public:
    /// Most designs compared at once.
    static constexpr int kMaxDesigns = 4;

    explicit CompareWindow(std::shared_ptr<const model::Catalog> catalog, QWidget* parent = nullptr);
    ~CompareWindow() override;

    /// Adds a design file; it is read and analysed off the UI thread. Errors (file, entry,
    /// field) show in the window. @return false when kMaxDesigns are already compared.
    bool addFile(const QString& path);
    /// Adds a copy of `design` (named by `file`, or "open design" when empty), computed off the UI thread.
    bool addDesign(const model::Design& design, const QString& file);
    /// Adds the open design: its column shows the newest snapshot given to setOpenDesign and
    /// follows every later one. @return false when kMaxDesigns are compared or it is already in.
    bool addOpenDesign();
    /// Removes design `index` (0-based).
    void removeDesign(int index);

    /// Writes the compare report (.pdf or .html). @return an error text, or empty on success.
    [[nodiscard]] QString exportReportTo(const QString& path);
    /// Writes compare.csv and every design's data into `dir`. @return an error text, or empty.
    [[nodiscard]] QString exportCsvTo(const QString& dir);

    [[nodiscard]] views::DesignCompareView* view() const { return view_; }
    /// True while some design's results are being computed.
    [[nodiscard]] bool isBusy() const;
    [[nodiscard]] std::shared_ptr<const model::compare::Comparison> comparison() const { return comparison_; }

public slots:
    /// The newest results of the open design, the design they were computed from and its file
    /// ("" when unsaved). Ignored when `snapshot` or `design` is null.
    void setOpenDesign(std::shared_ptr<const model::ResultsSnapshot> snapshot, std::shared_ptr<const model::Design> design,
                       const QString& file);

signals:
    /// A new comparison is on screen (or none, when fewer than two designs are ready).
    void comparisonChanged();

private:
    struct Entry {
        quint64 id = 0;
        QString file;
        std::shared_ptr<const model::compare::DesignResults> results; ///< null while computing or on error
        QString error;
        bool live = false;                                            ///< the open design: follows its snapshots
    };
    void start(Entry& e, std::function<model::compare::DesignResults()> compute);
    void refresh();
    void chooseFile();
    void chooseReportFile();
    void chooseCsvFolder();
    [[nodiscard]] std::vector<const model::compare::DesignResults*> ready() const;

    std::shared_ptr<const model::Catalog> catalog_;
    std::shared_ptr<const model::cost::PriceTable> prices_;
    QString pricesError_;
    std::shared_ptr<const model::ResultsSnapshot> openSnapshot_;
    std::shared_ptr<const model::Design> openDesign_;
    QString openFile_;
    views::DesignCompareView* view_;
    std::vector<Entry> entries_;
    quint64 nextId_ = 1;
    int running_ = 0;
    std::shared_ptr<const model::compare::Comparison> comparison_;
};

} // namespace app
