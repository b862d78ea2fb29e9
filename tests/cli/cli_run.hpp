#pragma once
/// @file cli_run.hpp
/// Runs the app's binary (CD_APP_EXE) as a user would from a shell, for the command-line tests.

#include <catch2/catch.hpp>

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace clitest {

/// What one run of the command line left: exit status, stdout and stderr (local 8-bit text).
struct Outcome {
    int code = -1;
    QString out, err;
};

/// Runs `cluster-designer ARGS...` to completion (at most 60 s, else the test fails) with a
/// private XDG_RUNTIME_DIR: without one (root in CI) Qt warns on stderr, and these tests compare
/// stderr exactly. `extraEnv` adds or replaces variables (CLUSTER_DESIGNER_CATALOGS, ...).
inline Outcome cli(const QStringList& args, const QProcessEnvironment& extraEnv = {})
{
    static QTemporaryDir runtimeDir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir.path());
    env.insert(extraEnv);
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CD_APP_EXE), args);
    REQUIRE(p.waitForFinished(60000));
    return {p.exitCode(), QString::fromLocal8Bit(p.readAllStandardOutput()), QString::fromLocal8Bit(p.readAllStandardError())};
}

} // namespace clitest
