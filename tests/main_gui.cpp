// Catch2 entry point for the GUI tests: one QApplication for the whole run, offscreen.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "app/error_report.hpp"
#include "app/guarded_application.hpp"

#include <cstdio>

int main(int argc, char* argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
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
