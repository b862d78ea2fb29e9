#pragma once
/// @file wheel_guard.hpp
/// Form fields in a scrolling panel that the mouse wheel does not change in passing: a wheel
/// over a combo box or spin box without keyboard focus scrolls the panel instead (the usual
/// desktop rule). Scrolling the Workload dock changed every combo box that passed under the
/// pointer ("Workload: Recompute none" in the history after a scroll).

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QCoreApplication>
#include <QScrollBar>
#include <QComboBox>
#include <QEvent>
#include <QObject>
#include <QWidget>

namespace views {

/// Event filter: swallows wheel events for an unfocused field and lets its parent scroll.
class WheelGuard final : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Wheel) return false;
        auto* field = qobject_cast<QWidget*>(watched);
        if (!field || field->hasFocus()) return false;
        // The scroll area behind the field scrolls instead (a filter that swallows the event
        // stops it; nothing would scroll).
        for (QWidget* w = field->parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QCoreApplication::sendEvent(area->verticalScrollBar(), event);
                break;
            }
        return true;
    }
};

/// Guards every combo box and spin box under `panel` (the panel owns the filter). Fields get
/// Qt::StrongFocus, so a wheel never focuses them either. Call after the fields exist.
inline void guardWheel(QWidget* panel)
{
    auto* guard = new WheelGuard(panel);
    for (QComboBox* box : panel->findChildren<QComboBox*>()) {
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(guard);
    }
    for (QAbstractSpinBox* box : panel->findChildren<QAbstractSpinBox*>()) {
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(guard);
    }
}

} // namespace views
