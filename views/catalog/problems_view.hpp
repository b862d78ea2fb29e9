#pragma once
/// @file problems_view.hpp
/// Lists the problems found while loading user catalogs: file, entry, field and what was
/// expected, one row each. Those entries were skipped; everything else loaded.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/io/input_error.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace views {

class ProblemsView : public QWidget {
    Q_OBJECT
public:
    explicit ProblemsView(QWidget* parent = nullptr);

    /// Shows `problems`; `userDir` is named in the header so users know where to fix them.
    void setProblems(const std::vector<model::InputError>& problems, const QString& userDir);

    [[nodiscard]] QTableWidget* table() const noexcept { return table_; }

private:
    QLabel* header_ = nullptr;
    QTableWidget* table_ = nullptr;
};

} // namespace views
