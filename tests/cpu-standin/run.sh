#!/bin/bash
# run.sh: kernels/index.cu, tests/test_index.cu and mex/gw_index.c run on the CPU, for a machine
# without a GPU.  Checks the logic only (threads run one after another: no race, no device fault
# can show); the GPU runs of make test-kernels and make sanitize remain the real test.
#
#   1. index.cu with its kernel launches rewritten into CPU loops (emu.h), test_index.cu against
#      it (every check of the GPU program, --quick unless FULL=1);
#   2. a __gpumat__ MEX of gateway_util.c and gw_index.c over CPU stand-ins of kernels/
#      (emu_kernels.cpp), then tests/index_gateway_check.m ("assume-device"): Octave's own
#      results and errors against the gateway's on every class and view, and no leaked block.
#
#   bash tests/cpu-standin/run.sh       (from the tree, after make build for the .oct helpers)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj" "$out/mex"
# The two launches of index_move become emu_launch loops; stop if the text they match changed.
sed -e 's|#include "gpumat.h"|#include "emu.h"\n#include "gpumat.h"|' \
    -e 's#index_move<T, ND, CONJ, \(true\|false\), IDX><<<(unsigned) blocks, kThreads, 0, stream>>> (#emu_launch ((unsigned) blocks, kThreads, [\&] { index_move<T, ND, CONJ, \1, IDX> (#' \
    -e 's|plan, total, (const T \*) src, (T \*) dst);|plan, total, (const T *) src, (T *) dst); });|' \
    "$root/kernels/index.cu" > "$out/index_emu.cpp"
[ "$(grep -c 'emu_launch ((unsigned) blocks' "$out/index_emu.cpp")" = 2 ] \
  || { echo "cpu-standin: the kernel launches of kernels/index.cu changed: update run.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "test_util.h"|' \
    "$root/tests/test_index.cu" > "$out/test_index_emu.cpp"
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
$CXX -c "$out/index_emu.cpp" -o "$out/obj/index_emu.o"
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj/emu_runtime.o"
$CXX -c "$here/emu_kernels.cpp" -o "$out/obj/emu_kernels.o"
$CXX "$out/test_index_emu.cpp" "$out/obj/index_emu.o" "$out/obj/emu_runtime.o" -o "$out/test_index"
if [ "${FULL:-0}" = 1 ]; then "$out/test_index"; else "$out/test_index" --quick; fi
for f in "$root/mex/gateway_util.c" "$root/mex/gw_device_message.c" "$root/mex/gw_index.c" \
         "$root/mex/gw_octave_array.c" "$here/emu_mex.c" "$here/emu_array.c"; do
  mkoctfile --mex -c -I"$root/kernels" -I"$root/mex" -I"$here" -I"$cuda/include" "$f" \
    -o "$out/obj/$(basename "$f" .c).o"
done
mkoctfile --mex -o "$out/mex/__gpumat__.mex" "$out/obj/gateway_util.o" \
  "$out/obj/gw_device_message.o" "$out/obj/gw_index.o" "$out/obj/gw_octave_array.o" \
  "$out/obj/emu_mex.o" "$out/obj/emu_array.o" "$out/obj/emu_kernels.o" "$out/obj/index_emu.o" "$out/obj/emu_runtime.o" \
  -lstdc++
cd "$root"
octave-cli --no-history --norc --eval "addpath ('$root/target', '$root/inst', '$root/tests'); \
  addpath ('$out/mex'); [p, f] = index_gateway_check ('assume-device'); exit (f > 0 || p == 0);"
