#pragma once
/// @file compare_view.hpp
/// Side-by-side comparison of two to four catalog entries: one row per figure (with its
/// unit), one column per entry; rows whose values differ are highlighted.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/spec_sheet.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace views {

class CompareView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinItems = 2;
    static constexpr int kMaxItems = 4;

    explicit CompareView(QWidget* parent = nullptr);

    /// Compares `entries`; outside 2..4 entries the table is cleared and a hint shown.
    void compare(const std::vector<model::EntryView>& entries);

    [[nodiscard]] QTableWidget* table() const noexcept { return table_; }
    [[nodiscard]] QString hint() const;

private:
    QLabel* hint_ = nullptr;
    QTableWidget* table_ = nullptr;
};

} // namespace views
