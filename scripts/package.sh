#!/usr/bin/env bash
# Builds the Debian package in build/package: a Release build for /usr and
# for any x86-64 (no -march=native: the package runs on machines other than
# the one that built it), with the shared libraries Debian ships rather than
# their archives linked in (libedit, the C++ library), without the tests,
# then `cpack -G DEB`
# (scripts/debian_package.cmake) and lintian on the result. Prints the
# package's path last. Install it with `apt install ./chunker_VERSION_ARCH.deb`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" lintian dpkg-dev
dir="$root/build/package"
cmake -G Ninja -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DCHUNKER_NATIVE=OFF \
  -DCHUNKER_STATIC_RUNTIME=OFF -DCHUNKER_TESTS=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$dir" -j "$(nproc)"
(cd "$dir" && cpack -G DEB >/dev/null)
package="$(ls "$dir"/chunker_*.deb)"
echo "== lintian $package"
# Errors fail the script; warnings and notes are listed.
lintian --fail-on error "$package"
echo "$package"
