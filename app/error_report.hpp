#pragma once
/// @file error_report.hpp
/// How an unexpected error reaches the user: an exception that is not a refused input (an
/// engine bug, std::bad_alloc, a failed invariant) caught in a slot or event handler
/// (GuardedApplication), in the analysis worker or in the simulation runner. It is shown in a
/// dialog that says what the app was doing, what went wrong and that the design is as it was;
/// the app keeps running. Refused input (model::InputError) is not unexpected: the panel or
/// dialog that asked for it shows the message.

#include <QString>

#include <functional>

namespace app {

/// Shows an unexpected error to the user (a dialog over the active window) and prints it to
/// stderr. `activity` says what the app was doing, e.g. "analysing the design"; `detail` is
/// the exception's message. Safe to call from the UI thread only.
void reportUnexpectedError(const QString& activity, const QString& detail);

/// The dialog reportUnexpectedError shows: (title, text). Tests replace it so nothing blocks.
using ErrorDialog = std::function<void(const QString& title, const QString& text)>;
/// Replaces the dialog; an empty function restores QMessageBox::critical. @return the previous one.
ErrorDialog setErrorDialog(ErrorDialog dialog);

/// The message of the exception being handled (call inside a catch block): its what(), "out
/// of memory" for std::bad_alloc, or a sentence for an exception of no standard type.
[[nodiscard]] QString describeCurrentException();

} // namespace app
