// Keyboard access to the menus: within one menu (and on the menu bar) no two entries share an
// Alt mnemonic, so Alt+letter always reaches one entry (Qt cycles between duplicates instead
// of triggering: Alt+F, R opened "Open Recent" when "Export Report" was meant).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/main_window.hpp"

#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>

namespace {

/// The mnemonic letter of `text` ("Export Re&port" -> 'p'), lower case; empty when it has none.
QString mnemonic(const QString& text)
{
    static const QRegularExpression amp(QStringLiteral("&([^&])"));
    const auto m = amp.match(QString(text).replace(QStringLiteral("&&"), QString()));
    return m.hasMatch() ? m.captured(1).toLower() : QString();
}

/// Fails the running test for every mnemonic that two entries of `actions` share.
void checkUnique(const QList<QAction*>& actions, const QString& where)
{
    QMap<QString, QString> seen; // letter -> first entry's text
    for (QAction* a : actions) {
        if (a->isSeparator() || !a->isVisible()) continue;
        const QString letter = mnemonic(a->text());
        if (letter.isEmpty()) continue;
        INFO(where.toStdString() << ": '" << a->text().toStdString() << "' and '" << seen.value(letter).toStdString() << "' share &"
                                 << letter.toStdString());
        CHECK_FALSE(seen.contains(letter));
        seen.insert(letter, a->text());
        if (a->menu()) checkUnique(a->menu()->actions(), where + QStringLiteral(" > ") + a->text());
    }
}

} // namespace

TEST_CASE("no two entries of a menu share a keyboard mnemonic", "[gui][menus]")
{
    app::MainWindow w(guitest::catalog());
    const QList<QAction*> bar = w.menuBar()->actions();
    REQUIRE(bar.size() >= 4);
    checkUnique(bar, QStringLiteral("menu bar"));
}
