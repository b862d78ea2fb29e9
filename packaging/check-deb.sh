#!/usr/bin/env bash
# Builds the Debian package from a configured build directory and checks it the way a user
# receives it (run by .ci/run; README "Debian package"):
#   bash packaging/check-deb.sh [BUILD_DIR]      (default: build)
# 1. `cpack -G DEB`; 2. `dpkg-deb -c` lists the binary, catalogs, templates, desktop entry,
# hicolor SVG icon, AppStream metainfo and man page; 3. `dpkg-deb -x` unpacks it into a temporary
# root, where the metainfo and desktop entry are validated and the unpacked binary runs
# `--version`, `catalog --json` and `analyze` on an installed template, reading its data from
# that root only (a binary outside its build tree never reads the source tree); 4. with its
# catalogs removed, the unpacked binary fails with a message naming the folders it searched.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
dir="$(cd "${1:-build}" && pwd)"
id=io.github.clusterdesigner.ClusterDesigner
fail() { echo "check-deb: $*" >&2; exit 1; }

cmake --build "$dir" -j "${JOBS:-$(nproc)}" --target cluster-designer cd_man_page
rm -f "$dir"/cluster-designer_*.deb
(cd "$dir" && cpack -G DEB >/dev/null) || fail "cpack -G DEB failed in $dir"
deb=$(ls "$dir"/cluster-designer_*.deb)
echo "== $deb"
dpkg-deb -f "$deb" Package Version Depends

contents=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in ./usr/bin/cluster-designer \
         ./usr/share/cluster-designer/catalogs/gpus.json \
         ./usr/share/cluster-designer/catalogs/prices.json \
         ./usr/share/cluster-designer/templates/superpod-h100-1su.json \
         ./usr/share/applications/$id.desktop \
         ./usr/share/icons/hicolor/scalable/apps/$id.svg \
         ./usr/share/metainfo/$id.metainfo.xml \
         ./usr/share/man/man1/cluster-designer.1.gz; do
    grep -qx -- "$f" <<<"$contents" || fail "the package lacks $f"
    echo "   has $f"
done
if grep -qE '^\./(build|tests?|home|work|root)/' <<<"$contents"; then fail "the package carries build or source files"; fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
appstreamcli validate --no-net "$root/usr/share/metainfo/$id.metainfo.xml" >/dev/null \
    || fail "appstreamcli rejects the metainfo file"
desktop-file-validate "$root/usr/share/applications/$id.desktop" || fail "desktop-file-validate rejects the desktop entry"
gzip -dc "$root/usr/share/man/man1/cluster-designer.1.gz" | grep -q '^\.TH CLUSTER-DESIGNER 1' || fail "the man page is not a man(7) page"

# Run the unpacked binary from inside the temporary root, with no user catalogs (HOME there).
cd "$root"
exe="$root/usr/bin/cluster-designer"
export HOME="$root/home" XDG_CONFIG_HOME="$root/home/.config"
"$exe" --version | grep -qx "cluster-designer $(dpkg-deb -f "$deb" Version)" || fail "--version does not print the package version"
"$exe" catalog --json >catalog.json || fail "catalog --json failed"
grep -q "\"directory\": \"$root/usr/share/cluster-designer/catalogs\"" catalog.json \
    || fail "the unpacked binary did not read the catalogs it ships ($(grep -m1 '"directory"' catalog.json))"
"$exe" analyze "$root/usr/share/cluster-designer/templates/superpod-h100-1su.json" --json >analyze.json \
    || fail "analyze on an installed template failed"
grep -q '"gpus": 256' analyze.json || fail "analyze did not report the template's 256 GPUs"
echo "   unpacked binary: --version, catalog --json and analyze work from $root"

mv usr/share/cluster-designer/catalogs usr/share/cluster-designer/catalogs.moved
if "$exe" catalog --json >/dev/null 2>missing.txt; then fail "the binary ran without its catalogs"; fi
grep -q "$root/usr/share/cluster-designer/catalogs" missing.txt || fail "the error does not name the folder searched: $(cat missing.txt)"
echo "   without its catalogs it says: $(head -1 missing.txt)"
echo "check-deb: the package is complete and runs from its own files"
