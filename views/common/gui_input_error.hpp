#pragma once
/// @file gui_input_error.hpp
/// Errors of the engine that speak command-line language ("<command line>: entry \"--fail\"",
/// "field \"--server\"", "pass --server with ...") reworded for the GUI: the GUI field's name
/// and the problem, e.g. `Failures: "link:99": no link has id 99`. The command line keeps the
/// engine's wording; only the windows use these.

#include "model/io/input_error.hpp"

#include <QObject>
#include <QString>

#include <utility>

namespace views {

/// `text` with the command line's instructions said as the GUI says them: "pass --server with"
/// -> "choose", "pass a server" -> "choose a server", any other "--option" -> the option's words.
inline QString guiWording(QString text)
{
    text.replace(QStringLiteral("pass --server with"), QObject::tr("choose"));
    text.replace(QStringLiteral("pass a server"), QObject::tr("choose a server"));
    text.replace(QStringLiteral("pass --"), QObject::tr("set the "));
    return text;
}

/// `e` as a GUI message: when it came from a command-line input (file "<command line>"), its
/// option or entry is replaced by `guiField` (the label of the form row) and the problem is
/// reworded (guiWording); the value the error names (a failure spec, say) is quoted after the
/// field. An error of a file whose field is a command-line option (an import's "--server")
/// keeps the file and names `guiField` instead; any other error keeps its file, entry and field.
inline QString guiInputError(const model::InputError& e, const QString& guiField)
{
    const QString problem = guiWording(QString::fromStdString(e.problem()));
    if (e.file() != "<command line>" && e.file() != "<dialog>") {
        if (e.field().rfind("--", 0) == 0) return QStringLiteral("%1: %2: %3").arg(QString::fromStdString(e.file()), guiField, problem);
        return guiWording(QString::fromStdString(e.what()));
    }
    // "--fail" errors carry the spec as their field; generator errors the option.
    const QString field = QString::fromStdString(e.field());
    if (!field.isEmpty() && !field.startsWith(QLatin1String("--")) && QString::fromStdString(e.entry()).startsWith(QLatin1String("--")))
        return QStringLiteral("%1: \"%2\": %3").arg(guiField, field, problem);
    return QStringLiteral("%1: %2").arg(guiField, problem);
}

/// The label of the Generate dialog's row for generator option `option` ("--nodes" ->
/// "Servers"); the option's words when the dialog has no such row.
inline QString generateFieldLabel(const std::string& option)
{
    static const std::pair<const char*, const char*> labels[] = {
        {"--nodes", "Servers"},           {"--server", "Server"},
        {"--switch", "Switch"},           {"--nic", "Compute NIC"},
        {"--nics-per-node", "NIC ports per server"}, {"--racks", "NVL72 racks"},
        {"--planes", "Planes"},           {"--oversubscription", "Oversubscription"},
        {"--per-node-gbps", "Network per server"}, {"--price-per-gpu-hour", "Price per GPU-hour"},
        {"--ufm", "UFM appliance"},       {"--link-gbps", "Link speed"},
    };
    for (const auto& [o, label] : labels)
        if (option == o) return QObject::tr(label);
    QString words = QString::fromStdString(option);
    while (words.startsWith(QLatin1Char('-'))) words.remove(0, 1);
    words.replace(QLatin1Char('-'), QLatin1Char(' '));
    if (!words.isEmpty()) words[0] = words[0].toUpper();
    return words;
}

} // namespace views
