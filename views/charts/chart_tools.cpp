#include "views/charts/chart_tools.hpp"
#include "views/common/safe_write.hpp"
#include "views/common/file_suffix.hpp"
#include "model/catalog/data_dirs.hpp"

#include "views/common/dialog_folders.hpp"

#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolButton>

namespace views {

namespace {
QString unitText(model::RateUnit u) { return u == model::RateUnit::Gbps ? QStringLiteral("Gb/s") : QStringLiteral("GB/s"); }

void reportWriteError(QWidget* parent, const QString& path)
{
    // A folder of the app's bundled data says so (the reason is not the disk's).
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) {
        QMessageBox::warning(parent, QObject::tr("Cannot export"),
                             QObject::tr("“%1” was not written: %2. Export again to another folder.")
                                 .arg(QFileInfo(path).fileName(), QString::fromStdString(why)));
        return;
    }
    QMessageBox::warning(parent, QObject::tr("Cannot export"),
                         QObject::tr("“%1” could not be written. Check that the folder exists and that you may write "
                                     "there, then export again to another place.")
                             .arg(QFileInfo(path).fileName()));
}
} // namespace

ChartTools::SavePrompt& ChartTools::savePrompt()
{
    static SavePrompt prompt = [](QWidget* parent, const QString& caption, const QString& suggested, const QString& filter) {
        QString chosen;
        const QString path = QFileDialog::getSaveFileName(parent, caption, suggested, filter, &chosen);
        return withChosenSuffix(path, filter, chosen); // the type chosen, where the name has none
    };
    return prompt;
}

ChartTools::ChartTools(QChartView* view, Hooks hooks) : QObject(view), view_(view), hooks_(std::move(hooks))
{
    view_->setContextMenuPolicy(Qt::DefaultContextMenu);
    view_->installEventFilter(this);             // resizes: keep the toggle in the corner
    view_->viewport()->installEventFilter(this); // right-clicks land on the viewport
    if (hooks_.unit) {
        unitButton_ = new QToolButton(view_);
        unitButton_->setObjectName(QStringLiteral("unitToggle"));
        unitButton_->setAutoRaise(true);
        unitButton_->setCursor(Qt::PointingHandCursor);
        unitButton_->installEventFilter(this); // new type (presentation mode on another screen): its new size
        connect(unitButton_, &QToolButton::clicked, this, [this] {
            hooks_.setUnit(hooks_.unit() == model::RateUnit::GBps ? model::RateUnit::Gbps : model::RateUnit::GBps);
            unitChanged();
        });
        unitChanged();
    }
}

void ChartTools::unitChanged()
{
    if (!unitButton_) return;
    const model::RateUnit u = hooks_.unit();
    const model::RateUnit other = u == model::RateUnit::GBps ? model::RateUnit::Gbps : model::RateUnit::GBps;
    unitButton_->setText(unitText(u) + QStringLiteral(" ⇄ ") + unitText(other));
    unitButton_->setToolTip(other == model::RateUnit::Gbps ? tr("Show gigabits per second (Gb/s, x 8), as networks are quoted")
                                                            : tr("Show gigabytes per second (GB/s), as NVLink and HBM are quoted"));
    unitButton_->adjustSize();
    placeButton();
}

void ChartTools::placeButton()
{
    if (!unitButton_) return;
    unitButton_->move(view_->width() - unitButton_->width() - 4, 2);
    // Room above the title for the toggle, so it never covers the title or the plot.
    QMargins m = view_->chart()->margins();
    const int top = unitButton_->height();
    if (m.top() != top) {
        m.setTop(top);
        view_->chart()->setMargins(m);
    }
}

bool ChartTools::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == view_ && event->type() == QEvent::Resize) placeButton();
    if (watched == unitButton_ && event->type() == QEvent::FontChange) {
        // The whole "GB/s ⇄ Gb/s" in the new type, not cut at its old width. Queued: the button
        // drops its cached size hint only after this filter has seen the event.
        QMetaObject::invokeMethod(
            this,
            [this] {
                unitButton_->adjustSize();
                placeButton();
            },
            Qt::QueuedConnection);
    }
    if (watched == view_->viewport() && event->type() == QEvent::ContextMenu) {
        const auto menu = buildMenu();
        menu->exec(static_cast<QContextMenuEvent*>(event)->globalPos());
        return true;
    }
    return QObject::eventFilter(watched, event);
}

std::unique_ptr<QMenu> ChartTools::buildMenu()
{
    auto menu = std::make_unique<QMenu>(view_);
    menu->setObjectName(QStringLiteral("chartMenu"));
    menu->addAction(tr("Export Image (PNG/SVG)…"), this, &ChartTools::askAndExportImage);
    menu->addAction(tr("Export Data (CSV)…"), this, &ChartTools::askAndExportCsv);
    menu->addAction(tr("Copy Image"), this, [this] {
        QPixmap pm(pictureSize());
        pm.fill(view_->chart()->backgroundBrush().color());
        QPainter p(&pm);
        paintPicture(p);
        p.end();
        QApplication::clipboard()->setPixmap(pm);
    });
    if (hooks_.unit) {
        menu->addSeparator();
        for (const model::RateUnit u : {model::RateUnit::GBps, model::RateUnit::Gbps}) {
            QAction* a = menu->addAction(u == model::RateUnit::GBps ? tr("Show GB/s (gigabytes)") : tr("Show Gb/s (gigabits)"),
                                         this, [this, u] {
                                             hooks_.setUnit(u);
                                             unitChanged();
                                         });
            a->setCheckable(true);
            a->setChecked(hooks_.unit() == u);
        }
    }
    return menu;
}

void ChartTools::askAndExportImage()
{
    namespace folders = dialog_folders;
    const QString path = savePrompt()(view_, tr("Export chart"), folders::startPath(folders::Kind::Export, true, hooks_.name + QStringLiteral(".png")),
                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty()) return;
    if (!exportImage(path)) reportWriteError(view_, path);
    else folders::remember(folders::Kind::Export, path);
}

void ChartTools::askAndExportCsv()
{
    namespace folders = dialog_folders;
    const QString path = savePrompt()(view_, tr("Export chart data"), folders::startPath(folders::Kind::Export, true, hooks_.name + QStringLiteral(".csv")),
                                      tr("CSV table (*.csv)"));
    if (path.isEmpty()) return;
    if (!exportCsv(path)) reportWriteError(view_, path);
    else folders::remember(folders::Kind::Export, path);
}

QSize ChartTools::pictureSize() const
{
    QSize s = view_->size();
    if (hooks_.below && hooks_.below->isVisible()) s.rheight() += hooks_.below->height();
    return s;
}

void ChartTools::paintPicture(QPainter& p) const
{
    view_->render(&p);
    if (hooks_.below && hooks_.below->isVisible()) hooks_.below->render(&p, QPoint(0, view_->height()));
}

bool ChartTools::exportImage(const QString& path) const
{
    if (!model::bundledDataWriteProblem(path.toStdString()).empty()) return false; // the app never writes its bundled data
    const bool hadButton = unitButton_ && unitButton_->isVisible();
    if (hadButton) unitButton_->hide(); // the toggle is a control, not part of the chart
    bool ok = false;
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(pictureSize());
        svg.setViewBox(QRect(QPoint(0, 0), pictureSize()));
        svg.setTitle(hooks_.name);
        QPainter p;
        if (p.begin(&svg)) {
            paintPicture(p);
            ok = p.end();
        }
        ok = ok && QFile::exists(path);
    } else {
        QPixmap pm(pictureSize() * 2);
        pm.setDevicePixelRatio(2);
        pm.fill(view_->chart()->backgroundBrush().color());
        {
            QPainter p(&pm);
            p.setRenderHint(QPainter::Antialiasing);
            paintPicture(p);
        }
        ok = pm.save(path, "PNG");
    }
    if (hadButton) unitButton_->show();
    return ok;
}

bool ChartTools::exportCsv(const QString& path) const
{
    if (!model::bundledDataWriteProblem(path.toStdString()).empty()) return false;
    return views::writeWholeFile(path, QByteArray::fromStdString(hooks_.csv())).isEmpty();
}

} // namespace views
