#include "app/theme.hpp"

#include "views/canvas/canvas_style.hpp"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace app {

namespace {
Theme::Mode parseMode(const QString& s, Theme::Mode fallback)
{
    if (s == QLatin1String("dark")) return Theme::Mode::Dark;
    if (s == QLatin1String("light")) return Theme::Mode::Light;
    if (s == QLatin1String("system")) return Theme::Mode::System;
    return fallback;
}

QString modeName(Theme::Mode m)
{
    return m == Theme::Mode::Dark ? QStringLiteral("dark") : m == Theme::Mode::Light ? QStringLiteral("light") : QStringLiteral("system");
}
} // namespace

namespace {
/// The desktop's palette and style as Qt had them before the first Theme changed anything:
/// captured once per process, so a second window does not mistake our dark palette for the
/// desktop's.
QPalette& desktopPalette()
{
    static QPalette p = QApplication::palette();
    return p;
}
QString& desktopStyle()
{
    static QString s = QApplication::style() ? QApplication::style()->name() : QString();
    return s;
}
} // namespace

Theme::Theme(QObject* parent) : QObject(parent), desktop_(desktopPalette()), desktopStyle_(desktopStyle())
{
    mode_ = parseMode(QSettings().value(QStringLiteral("theme")).toString(), Mode::System);
    const QString env = qEnvironmentVariable("CLUSTER_DESIGNER_THEME").toLower();
    if (!env.isEmpty()) mode_ = parseMode(env, mode_);
    apply();
}

Theme::~Theme()
{
    if (!dark_) return;
    if (!desktopStyle_.isEmpty()) QApplication::setStyle(QStyleFactory::create(desktopStyle_));
    QApplication::setPalette(desktop_);
    views::canvas_style::setDark(false);
}

bool Theme::desktopIsDark() const
{
    const QString gtk = qEnvironmentVariable("GTK_THEME").toLower();
    if (gtk.contains(QLatin1String(":dark")) || gtk.endsWith(QLatin1String("-dark"))) return true;
    // A dark desktop theme hands Qt a window colour darker than its text.
    return desktop_.color(QPalette::Window).lightness() < desktop_.color(QPalette::WindowText).lightness();
}

QPalette Theme::darkPalette()
{
    QPalette p;
    const QColor window(0x23, 0x27, 0x2e), base(0x1b, 0x1f, 0x26), text(0xe8, 0xec, 0xf1), mid(0x3a, 0x41, 0x4c);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x2b, 0x33));
    p.setColor(QPalette::ToolTipBase, QColor(0x2e, 0x34, 0x3e));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x94, 0xa3));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2c, 0x32, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x52, 0x5e));
    p.setColor(QPalette::Midlight, QColor(0x3f, 0x46, 0x51));
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, QColor(0x15, 0x18, 0x1d));
    p.setColor(QPalette::Shadow, QColor(0x0b, 0x0d, 0x10));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb0, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x83, 0x90));
    return p;
}

void Theme::setMode(Mode mode)
{
    mode_ = mode;
    QSettings().setValue(QStringLiteral("theme"), modeName(mode));
    apply();
}

void Theme::apply()
{
    const bool dark = mode_ == Mode::Dark || (mode_ == Mode::System && desktopIsDark());
    applying_ = true;
    // Fusion draws every widget from the palette, so the dark palette reaches all of them;
    // the light theme gives back whatever the desktop chose.
    if (dark) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else if (dark_) {
        if (!desktopStyle_.isEmpty()) QApplication::setStyle(QStyleFactory::create(desktopStyle_));
        QApplication::setPalette(desktop_);
    }
    applying_ = false;
    views::canvas_style::setDark(dark);
    if (dark != dark_) {
        dark_ = dark;
        emit changed(dark);
    }
}

void Theme::desktopChanged()
{
    if (applying_ || mode_ != Mode::System) return;
    if (!dark_) desktop_ = QApplication::palette(); // ours is untouched in light mode: it is the desktop's
    apply();
}

} // namespace app
