#!/bin/bash
# with-package.sh TARBALL CODE: install the package tarball into a private prefix under
# target/octave-pkg (never the user's own package lists), then run CODE in Octave with the
# package loaded.  The install is redone only when the tarball changes.
set -euo pipefail
tarball=$(realpath "$1")
code=$2
OCTAVE=${OCTAVE:-octave-cli}
# pkg install runs make --jobs N itself: a make above us (make check) must not pass its jobserver
unset MAKEFLAGS MFLAGS MAKELEVEL
prefix=$(pwd)/target/octave-pkg
stamp=$prefix/installed.sha256
sum=$(sha256sum "$tarball" | cut -d' ' -f1)
setup="pkg ('prefix', '$prefix/share', '$prefix/lib'); \
pkg ('local_list', '$prefix/octave_packages'); pkg ('global_list', '$prefix/global_packages');"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  rm -rf "$prefix" && mkdir -p "$prefix"
  echo "gpumat: pkg install $tarball into $prefix"
  $OCTAVE --no-history --no-gui --norc --eval "$setup pkg ('install', '-local', '$tarball');"
  echo "$sum" > "$stamp"
fi
exec $OCTAVE --no-history --no-gui --norc --eval "$setup pkg ('load', 'gpumat'); $code"
