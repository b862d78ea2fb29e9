// Catch2 entry point for the Qt-free model tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
