#pragma once
/// @file gpu_count_cache.hpp
/// The open design's GPU count (model::Design::gpuCount: a walk over every node with a catalog
/// lookup each), counted again only after a node was added, removed or changed or the design
/// was replaced. Views that show the count after each change signal would otherwise walk a
/// 3,000-node design once per change: deleting a server with its 8 rails is 9 changes, and
/// only one of them can change the count.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/common/design_document.hpp"

#include <optional>

namespace views {

class GpuCountCache {
public:
    /// Follows `doc`'s change signals for as long as `context` lives. Construct it before the
    /// owner connects its own handlers of those signals: Qt calls slots in connection order,
    /// so the count is forgotten before any of them asks for it.
    GpuCountCache(DesignDocument* doc, QObject* context) : doc_(doc)
    {
        const auto forget = [this] { gpus_.reset(); };
        QObject::connect(doc, &DesignDocument::nodeAdded, context, forget);
        QObject::connect(doc, &DesignDocument::nodeRemoved, context, forget);
        QObject::connect(doc, &DesignDocument::nodeChanged, context, forget);
        QObject::connect(doc, &DesignDocument::designReset, context, forget);
    }

    /// GPUs in the design's servers (servers the catalog lacks count 0), as gpuCount says.
    /// @throws whatever model::Design::gpuCount throws (nothing is kept then).
    [[nodiscard]] int gpus()
    {
        if (!gpus_) gpus_ = doc_->design().gpuCount(doc_->catalog());
        return *gpus_;
    }

private:
    DesignDocument* doc_;
    std::optional<int> gpus_;
};

} // namespace views
