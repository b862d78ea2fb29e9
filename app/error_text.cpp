#include "app/error_text.hpp"

#include "model/io/input_error.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

namespace app {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("ErrorText", text); }

/// "not valid JSON ([json.exception.parse_error.101] parse error at line 3, column 7: syntax
/// error while parsing object - unexpected '}'; expected string literal)" -> "unexpected '}'
/// at line 3, column 7".
QString jsonProblem(const QString& problem)
{
    static const QRegularExpression where(QStringLiteral("line (\\d+), column (\\d+)"));
    const auto m = where.match(problem);
    QString what = problem.section(QStringLiteral(" - "), 1);
    what = what.section(QLatin1Char(';'), 0, 0).trimmed();
    if (what.endsWith(QLatin1Char(')'))) what.chop(1);
    if (what.isEmpty()) what = tr("the text is not JSON");
    if (m.hasMatch()) return tr("%1 at line %2, column %3").arg(what, m.captured(1), m.captured(2));
    return what;
}

/// Makes a clause start with a capital and end with a full stop.
QString sentence(QString s)
{
    s = s.trimmed();
    if (s.isEmpty()) return s;
    s[0] = s[0].toUpper();
    if (!s.endsWith(QLatin1Char('.'))) s += QLatin1Char('.');
    return s;
}
} // namespace

QString loadErrorText(const std::exception& e)
{
    const auto* in = dynamic_cast<const model::InputError*>(&e);
    if (!in) return sentence(QString::fromStdString(e.what()));
    const QString name = QFileInfo(QString::fromStdString(in->file())).fileName();
    const QString problem = QString::fromStdString(in->problem());
    QString text;
    if (problem.startsWith(QStringLiteral("cannot open the file"))) {
        text = tr("“%1” could not be read. Check that the file exists and that you may read it, then try again.").arg(name);
    } else if (problem.startsWith(QStringLiteral("not valid JSON"))) {
        text = tr("“%1” is not a valid JSON file: %2. The file may be cut short or edited by hand; "
                  "correct it in a text editor, or open another copy.")
                   .arg(name, jsonProblem(problem));
    } else {
        QString where;
        const QString entry = QString::fromStdString(in->entry());
        const QString field = QString::fromStdString(in->field());
        if (!entry.isEmpty() && !field.isEmpty()) where = tr("In entry %1, field “%2”: ").arg(entry, field);
        else if (!entry.isEmpty()) where = tr("In entry %1: ").arg(entry);
        else if (!field.isEmpty()) where = tr("In field “%1”: ").arg(field);
        text = tr("“%1” could not be opened. ").arg(name) + where + problem +
               (problem.endsWith(QLatin1Char('.')) ? QString() : QStringLiteral(".")) + QLatin1Char(' ') +
               tr("Correct this in a text editor and open the file again, or open another design.");
    }
    return text;
}

QString saveErrorText(const QString& path, const QString& why)
{
    QString reason = why.trimmed();
    if (reason.startsWith(path + QStringLiteral(": "))) reason = reason.mid(path.size() + 2); // model::saveDesign's prefix
    return tr("“%1” could not be written: %2. Nothing was lost; choose another folder or file name and save again.")
        .arg(QFileInfo(path).fileName(), reason.isEmpty() ? tr("the reason is unknown") : reason);
}

} // namespace app
