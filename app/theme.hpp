#pragma once
/// @file theme.hpp
/// Light and dark theme of the whole window: widgets (Fusion style with a dark palette),
/// canvas colours (views::canvas_style), palette icons and charts. The choice is View > Theme:
/// Follow Desktop (the default), Light or Dark, kept in QSettings under "theme";
/// $CLUSTER_DESIGNER_THEME (system, light, dark) overrides it for one run.
///
/// "Follow desktop" reads the desktop's palette as the platform theme hands it to Qt at start
/// (a dark GTK, KDE or Windows theme gives a dark window colour), plus GTK_THEME=...:dark,
/// and again whenever the desktop announces a theme or palette change.

#include <QObject>
#include <QPalette>

namespace app {

class Theme final : public QObject {
    Q_OBJECT
public:
    enum class Mode { System, Light, Dark };

    /// Reads the saved mode (or the environment override) and applies it.
    explicit Theme(QObject* parent = nullptr);
    /// Gives the desktop its palette back when the dark theme was on.
    ~Theme() override;

    [[nodiscard]] Mode mode() const { return mode_; }
    /// True when the dark palette is in use now.
    [[nodiscard]] bool isDark() const { return dark_; }
    /// True when the desktop asks for dark (used by Mode::System).
    [[nodiscard]] bool desktopIsDark() const;
    /// The dark widget palette (Fusion), for tests.
    [[nodiscard]] static QPalette darkPalette();

public slots:
    /// Switches mode, saves it, applies it and emits changed() when light/dark flips.
    void setMode(app::Theme::Mode mode);
    /// The desktop announced a theme change (the main window forwards QEvent::ThemeChange):
    /// in Mode::System, read the desktop's palette again and follow it.
    void desktopChanged();

signals:
    /// Light/dark flipped: views repaint with the new colours.
    void changed(bool dark);

private:
    void apply();

    Mode mode_ = Mode::System;
    bool dark_ = false;
    QPalette& desktop_;     ///< the palette the desktop gave before any change of ours (process-wide)
    QString& desktopStyle_; ///< the style the desktop chose (process-wide)
    bool applying_ = false;
};

} // namespace app
