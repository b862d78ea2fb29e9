#pragma once
/// @file template_dialog.hpp
/// File > New from Template: the list of templates, each with its title, a one-line
/// description and its GPU count, bundled ones first and the user's own after a heading.
/// Double-click or Open picks one. Shows data it is given; reads no file.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/templates.hpp"

#include <QDialog>

#include <vector>

class QListWidget;

namespace views {

class TemplateDialog final : public QDialog {
    Q_OBJECT
public:
    /// @param templates what to list (app::availableTemplates); @param userFolder shown so
    ///        people know where their own templates go.
    TemplateDialog(std::vector<model::DesignTemplate> templates, const QString& userFolder, QWidget* parent = nullptr);

    /// The file of the chosen template (empty when none is selected).
    [[nodiscard]] QString chosenPath() const;
    /// The list widget (tests select rows through it).
    [[nodiscard]] QListWidget* list() const { return list_; }
    /// The text of row `i` as shown: "Title — N GPUs" and the description line.
    [[nodiscard]] static QString rowText(const model::DesignTemplate& t);

private:
    std::vector<model::DesignTemplate> templates_;
    QListWidget* list_;
};

} // namespace views
