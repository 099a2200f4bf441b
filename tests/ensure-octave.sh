#!/bin/bash
# ensure-octave.sh: make sure Octave (octave-cli) and its development files (mkoctfile) are
# here.  As root on Debian or Ubuntu it installs them; otherwise it says what to install.
set -euo pipefail
if command -v "${OCTAVE:-octave-cli}" >/dev/null 2>&1 && command -v mkoctfile >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "gpumat: installing octave and octave-dev (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends octave octave-dev >/dev/null
  exit 0
fi
cat >&2 <<'MSG'
gpumat needs GNU Octave >= 7.3 with its development files (mkoctfile).
Install them, e.g. on Debian or Ubuntu:   sudo apt-get install octave octave-dev
or point OCTAVE at octave-cli and put mkoctfile on PATH.
MSG
exit 1
