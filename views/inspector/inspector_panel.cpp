#include "views/inspector/inspector_panel.hpp"
#include "views/common/escape_reverts.hpp"

#include "views/common/plural.hpp"
#include "views/common/reflow_label.hpp"
#include "views/inspector/link_editor.hpp"
#include "views/inspector/node_editor.hpp"

#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace views {

InspectorPanel::InspectorPanel(DesignDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc), gpus_(doc, this)
{
    auto* layout = new QVBoxLayout(this);
    stack_ = new QStackedWidget(this);
    summary_ = new ReflowLabel(this);
    summary_->setObjectName(QStringLiteral("inspectorSummary"));
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary_->setMargin(6);
    node_ = new NodeEditor(doc, this);
    link_ = new LinkEditor(doc, this);
    stack_->addWidget(summary_);
    stack_->addWidget(node_);
    stack_->addWidget(link_);
    layout->addWidget(stack_);

    connect(doc_, &DesignDocument::nodeChanged, this, [this](model::Id id) {
        if (id == node_->node()) node_->refresh();
    });
    connect(doc_, &DesignDocument::linkChanged, this, [this](model::Id id) {
        if (id == link_->link()) link_->refresh();
    });
    connect(doc_, &DesignDocument::nodeRemoved, this, [this](model::Id id) {
        std::erase(nodes_, id);
        refresh();
    });
    connect(doc_, &DesignDocument::linkRemoved, this, [this](model::Id id) {
        std::erase(links_, id);
        refresh();
    });
    connect(doc_, &DesignDocument::designReset, this, [this] { setSelection({}, {}); });
    connect(doc_, &DesignDocument::changed, this, [this] {
        if (stack_->currentWidget() == summary_) refresh(); // counts in the summary
    });
    refresh();
    installEscapeReverts(this); // Escape puts back what a field showed before the edit
}

void InspectorPanel::setSelection(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links)
{
    nodes_ = nodes;
    links_ = links;
    refresh();
}

void InspectorPanel::refresh()
{
    if (nodes_.size() == 1 && links_.empty()) {
        node_->setNode(nodes_[0]);
        stack_->setCurrentWidget(node_);
        return;
    }
    if (links_.size() == 1 && nodes_.empty()) {
        link_->setLink(links_[0]);
        stack_->setCurrentWidget(link_);
        return;
    }
    node_->setNode(0);
    link_->setLink(0);
    if (nodes_.empty() && links_.empty()) {
        const model::Design& d = doc_->design();
        summary_->setTextIfChanged(tr("<b>%1</b><br>%2, %3, %4.<br><br>Select a server, switch or link to "
                             "see and edit its properties.")
                              .arg(QString::fromStdString(d.name).toHtmlEscaped(),
                                   countOf(static_cast<long long>(d.nodes().size()), tr("node"), tr("nodes")),
                                   countOf(static_cast<long long>(d.links().size()), tr("link"), tr("links")),
                                   countOf(gpus_.gpus(), tr("GPU"), tr("GPUs"))));
    } else {
        summary_->setTextIfChanged(tr("%1 and %2 selected.")
                              .arg(countOf(static_cast<long long>(nodes_.size()), tr("node"), tr("nodes")),
                                   countOf(static_cast<long long>(links_.size()), tr("link"), tr("links"))));
    }
    stack_->setCurrentWidget(summary_);
}

} // namespace views
