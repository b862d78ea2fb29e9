#include "views/common/safe_write.hpp"

#include "model/io/atomic_file.hpp"


#include <exception>

namespace views {

QString writeWholeFile(const QString& path, const QByteArray& bytes)
{
    try {
        model::io::writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace views
