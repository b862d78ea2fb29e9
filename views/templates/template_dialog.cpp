#include "views/templates/template_dialog.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace views {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
}

QString TemplateDialog::rowText(const model::DesignTemplate& t)
{
    const QString gpus = t.gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(QLocale().toString(t.gpus));
    return tr("%1 — %2\n%3").arg(QString::fromStdString(t.title), gpus, QString::fromStdString(t.description));
}

TemplateDialog::TemplateDialog(std::vector<model::DesignTemplate> templates, const QString& userFolder, QWidget* parent)
    : QDialog(parent), templates_(std::move(templates))
{
    setWindowTitle(tr("New from Template"));
    auto* col = new QVBoxLayout(this);
    col->addWidget(new QLabel(tr("Start a new, untitled design from one of these. The template itself stays as it is."), this));
    list_ = new QListWidget(this);
    list_->setObjectName(QStringLiteral("templateList"));
    list_->setWordWrap(true);
    list_->setSpacing(3);
    list_->setAlternatingRowColors(true);
    bool userHeading = false;
    for (const auto& t : templates_) {
        if (!t.bundled && !userHeading) {
            auto* heading = new QListWidgetItem(tr("Your templates"), list_);
            heading->setFlags(Qt::NoItemFlags);
            QFont f = heading->font();
            f.setBold(true);
            heading->setFont(f);
            userHeading = true;
        }
        auto* item = new QListWidgetItem(rowText(t), list_);
        item->setData(kPathRole, QString::fromStdString(t.path));
        item->setToolTip(QString::fromStdString(t.path));
    }
    if (list_->count() > 0) list_->setCurrentRow(0);
    col->addWidget(list_, 1);
    auto* hint = new QLabel(tr("Your own templates: design files in %1 (File > Save as Template puts them there).")
                                .arg(userFolder.toHtmlEscaped()),
                            this);
    hint->setWordWrap(true);
    hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    col->addWidget(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    col->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        if (item->flags() & Qt::ItemIsEnabled) accept();
    });
    resize(620, 520);
}

QString TemplateDialog::chosenPath() const
{
    const QListWidgetItem* item = list_->currentItem();
    return item ? item->data(kPathRole).toString() : QString();
}

} // namespace views
