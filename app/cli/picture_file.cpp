// Picture files in the format their extension names (picture_file.hpp).
#include "app/cli/picture_file.hpp"
#include "model/catalog/data_dirs.hpp"

#include <QFileInfo>
#include <QImageWriter>
#include <QPixmap>
#include <QStringList>

namespace app::cli {

QByteArray pictureFormatFor(const QString& path)
{
    const QByteArray suffix = QFileInfo(path).suffix().toLower().toLatin1();
    if (suffix.isEmpty()) return {};
    return QImageWriter::supportedImageFormats().contains(suffix) ? suffix : QByteArray();
}

QString writablePictureExtensions()
{
    QStringList list;
    for (const QByteArray& f : QImageWriter::supportedImageFormats()) list << QLatin1Char('.') + QString::fromLatin1(f);
    return list.join(QStringLiteral(", "));
}

QString savePicture(const QPixmap& picture, const QString& path)
{
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) return QString::fromStdString(why);
    const QByteArray format = pictureFormatFor(path);
    if (format.isEmpty())
        return QStringLiteral("cannot write %1: expected a file name ending in one of %2").arg(path, writablePictureExtensions());
    QImageWriter writer(path, format);
    if (format == "jpg" || format == "jpeg") writer.setQuality(90);
    if (!writer.write(picture.toImage())) return QStringLiteral("cannot write %1: %2").arg(path, writer.errorString());
    return {};
}

} // namespace app::cli
