#!/usr/bin/env bash
# Builds a release and installs it under PREFIX (default /usr/local):
#   bash packaging/install.sh [PREFIX]
# The binary, catalogs, templates and desktop entry go to PREFIX/{bin,share/...}.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${1:-/usr/local}"
cmake -S "$here" -B "$here/build-release" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
      -DCD_BUILD_TESTS=OFF -DCD_BUILD_BENCHMARKS=OFF
cmake --build "$here/build-release" -j "$(nproc)"
cmake --install "$here/build-release"
echo "Installed. Run: $prefix/bin/cluster-designer   (or build a .deb: cd build-release && cpack -G DEB)"
