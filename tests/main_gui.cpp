// Catch2 entry point for the GUI tests: one QApplication for the whole run, offscreen.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "app/error_report.hpp"
#include "app/guarded_application.hpp"

#include <QTemporaryDir>

#include <cstdio>

int main(int argc, char* argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Each test process gets its own settings, data and cache folders (children it starts
    // inherit them): ctest -j runs several processes at once, and the theme, recent files or
    // autosave one test writes must not reach a test running beside it (the dark-theme test
    // once read the theme another process had just set).
    QTemporaryDir home;
    if (home.isValid()) {
        for (const char* var : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
            qputenv(var, home.filePath(QString::fromLatin1(var)).toUtf8());
    }
    // The app's own application object: exceptions from slots are caught and reported as in
    // the app (tests/gui/test_robustness.cpp).
    app::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterDesignerTests");
    QApplication::setApplicationName("cluster-designer-tests");
    // No modal dialog may block a test run: an unexpected error a test does not expect is
    // printed (tests that expect one record it, test_robustness.cpp).
    app::setErrorDialog([](const QString& title, const QString& text) {
        std::fprintf(stderr, "%s: %s\n", qUtf8Printable(title), qUtf8Printable(text));
    });
    return Catch::Session().run(argc, argv);
}
