#pragma once
// Recovery prompts for tests (app/autosave.hpp offerRecovery): every question is recorded in
// `asked` and answered yes; any warning fails the test.
#include "app/autosave.hpp"

#include <catch2/catch.hpp>

#include <QStringList>

namespace guitest {

/// Prompts that accept every recovery offer, appending its text to `asked` (which must outlive
/// the prompts), and fail the running test on any warning.
inline app::RecoveryPrompts acceptingRecoveryPrompts(QStringList& asked)
{
    app::RecoveryPrompts prompts;
    prompts.ask = [&asked](const QString& text) {
        asked << text;
        return true;
    };
    prompts.warn = [](const QString& title, const QString& text) { FAIL((title + ": " + text).toStdString()); };
    return prompts;
}

} // namespace guitest
