#include "views/catalog/problems_view.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace views {

ProblemsView::ProblemsView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    table_ = new QTableWidget(0, 4, this);
    table_->setHorizontalHeaderLabels({tr("File"), tr("Entry"), tr("Field"), tr("Expected / found")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(header_);
    layout->addWidget(table_, 1);
    setProblems({}, QString());
}

void ProblemsView::setProblems(const std::vector<model::InputError>& problems, const QString& userDir)
{
    const QString where = userDir.isEmpty() ? QString() : tr(" User catalogs are read from %1 and reloaded when a file there changes.").arg(userDir);
    header_->setText(problems.empty() ? tr("No problems in the user catalogs.") + where
                                      : tr("%n user catalog problem(s): these entries were skipped, the rest loaded.", nullptr,
                                           static_cast<int>(problems.size())) + where);
    table_->setRowCount(static_cast<int>(problems.size()));
    for (int r = 0; r < static_cast<int>(problems.size()); ++r) {
        const auto& p = problems[r];
        const QStringList cells{QString::fromStdString(p.file()), QString::fromStdString(p.entry()),
                                QString::fromStdString(p.field()), QString::fromStdString(p.problem())};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(QString::fromStdString(p.what()));
            table_->setItem(r, c, item);
        }
    }
}

} // namespace views
