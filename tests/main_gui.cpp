// Catch2 entry point for the GUI tests: one QApplication for the whole run, offscreen.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>

int main(int argc, char* argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterDesignerTests");
    QApplication::setApplicationName("cluster-designer-tests");
    return Catch::Session().run(argc, argv);
}
