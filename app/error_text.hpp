#pragma once
/// @file error_text.hpp
/// What a person reads when a file cannot be used: whole sentences that say what is wrong,
/// where (file, entry, field, as model::InputError names them) and what to do next, instead of
/// the raw parser text. The command line keeps printing InputError::what() unchanged.

#include <QString>

#include <exception>

namespace app {

/// Sentences for a dialog about a design (or template, or autosave copy) that could not be
/// read: the file's name, where in it the problem is, what was expected, and what to do
/// ("Correct it in a text editor and open it again"). Any exception is accepted; an
/// InputError gives the most precise text. Never throws.
[[nodiscard]] QString loadErrorText(const std::exception& e);

/// Sentences for a file that could not be written (save, export): the path, the reason and
/// what to do ("choose another folder"). Never throws.
[[nodiscard]] QString saveErrorText(const QString& path, const QString& reason);

} // namespace app
