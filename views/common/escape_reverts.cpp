#include "views/common/escape_reverts.hpp"

#include <QAbstractSpinBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QObject>
#include <QPointer>
#include <QSpinBox>
#include <QTimer>

namespace views {

namespace {

/// Remembers a line edit's text when the edit begins and puts it back on Escape.
class LineEditReverter final : public QObject {
public:
    explicit LineEditReverter(QLineEdit* field) : QObject(field), field_(field) { shown_ = field->text(); }

protected:
    bool eventFilter(QObject*, QEvent* e) override
    {
        if (e->type() == QEvent::FocusIn) shown_ = field_->text();
        if (e->type() != QEvent::KeyPress) return false;
        const int key = static_cast<QKeyEvent*>(e)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            // After the field's own handling (the commit, or the refusal that restores it).
            QTimer::singleShot(0, this, [this] {
                if (field_) shown_ = field_->text();
            });
            return false;
        }
        if (key != Qt::Key_Escape || field_->text() == shown_) return false;
        field_->setText(shown_);
        field_->selectAll();
        return true;
    }

private:
    QPointer<QLineEdit> field_;
    QString shown_;
};

/// Puts a spin box's committed value back into its text on Escape.
class SpinBoxReverter final : public QObject {
public:
    explicit SpinBoxReverter(QAbstractSpinBox* field) : QObject(field), field_(field) {}

protected:
    bool eventFilter(QObject*, QEvent* e) override
    {
        if (e->type() != QEvent::KeyPress || static_cast<QKeyEvent*>(e)->key() != Qt::Key_Escape) return false;
        const QString before = field_->text();
        if (auto* i = qobject_cast<QSpinBox*>(field_)) i->setValue(i->value());
        else if (auto* d = qobject_cast<QDoubleSpinBox*>(field_)) d->setValue(d->value());
        if (field_->text() == before) return false; // nothing typed: Escape passes on
        field_->selectAll();
        return true;
    }

private:
    QAbstractSpinBox* field_;
};

} // namespace

void installEscapeReverts(QWidget* root)
{
    for (QAbstractSpinBox* s : root->findChildren<QAbstractSpinBox*>())
        if (!s->property("escapeReverts").toBool()) {
            s->installEventFilter(new SpinBoxReverter(s));
            s->setProperty("escapeReverts", true);
        }
    for (QLineEdit* l : root->findChildren<QLineEdit*>()) {
        if (qobject_cast<QAbstractSpinBox*>(l->parentWidget()) || l->property("escapeReverts").toBool()) continue;
        l->installEventFilter(new LineEditReverter(l));
        l->setProperty("escapeReverts", true);
    }
}

} // namespace views
