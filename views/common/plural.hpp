#pragma once
/// @file plural.hpp
/// Counts with their noun in the right number ("1 server", "32 servers", "1,024 GPUs"):
/// tr("%n server(s)") prints the "(s)" as it is unless a translation is installed.

#include <QLocale>
#include <QString>

namespace views {

/// "1 server" / "32 servers" / "1,024 GPUs": thousands separated as the locale does, also
/// under the C locale (LANG=C, C.UTF-8), whose QLocale omits group separators by default.
[[nodiscard]] inline QString countOf(long long n, const QString& one, const QString& many)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    return locale.toString(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

} // namespace views
