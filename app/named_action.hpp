#pragma once
/// @file named_action.hpp
/// Actions carry an object name ("action" + name) by which tests and scripts find them.

#include <QAction>
#include <QKeySequence>
#include <QList>

namespace app {

/// Names `a` ("action" + `name`), gives it `keys` as its shortcuts when there are any, and
/// returns it.
inline QAction* named(QAction* a, const char* name, QList<QKeySequence> keys = {})
{
    a->setObjectName(QStringLiteral("action") + QLatin1String(name));
    if (!keys.isEmpty()) a->setShortcuts(keys);
    return a;
}

} // namespace app
