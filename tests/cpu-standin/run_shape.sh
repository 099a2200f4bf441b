#!/bin/bash
# run_shape.sh: kernels/shape.cu with tests/test_shape.cu, and mex/gw_shape.c in a __gpumat__
# over CPU stand-ins, run on the CPU, for a machine without a GPU.  Checks the logic only
# (threads run one after another: no race, no device fault can show); the GPU runs of make
# test-kernels and make sanitize remain the real test.
#
#   1. shape.cu with its kernel launches rewritten into CPU loops (emu_launches.py), and
#      test_shape.cu against it (every check of the GPU program, --quick unless FULL=1);
#   2. a __gpumat__ MEX of gateway_util.c, gw_shape.c (and gw_index.c) over CPU stand-ins of
#      kernels/ (emu_kernels.cpp; shape.cu and elementwise.cu themselves, emulated: kron's
#      product is gm_binary), then tests/shape_gateway_check.m ("assume-device"): permute,
#      flip, circshift, repmat, diag, tril, triu, trace, cat, [ ] and kron of gpumat arrays
#      against Octave's own, every class, views, errors, and no block left behind.
#
#   bash tests/cpu-standin/run_shape.sh       (from the tree, after make build for the .oct helpers)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin/shape
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj" "$out/mex"
for k in shape elementwise; do
  n=$(python3 "$here/emu_launches.py" "$root/kernels/$k.cu" "$out/${k}_emu.cpp")
  echo "cpu-standin: $n kernel launches of kernels/$k.cu rewritten"
done
# shape.cu includes gpumat.h only: the stand-ins go before it
sed -i 's|^#include "gpumat.h"|#include "emu.h"\n#include "emu_device.h"\n#include "gpumat.h"|' "$out/shape_emu.cpp"
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "test_util.h"|' \
    "$root/tests/test_shape.cu" > "$out/test_shape_emu.cpp"
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
# elementwise.cu (kron's gm_binary) is the one slow compilation (~18 s of CPU): its object is
# kept under the hash of its sources, so that the next run reuses it
ew_key=$(cat "$out/elementwise_emu.cpp" "$here"/emu*.h "$root"/kernels/*.h "$root"/kernels/*.cuh \
           | sha256sum | cut -c1-16)
ew_obj=$out/obj/elementwise_emu.$ew_key.o
pids=()
$CXX -c "$out/shape_emu.cpp" -o "$out/obj/shape_emu.o" & pids+=($!)
if [ ! -f "$ew_obj" ]; then
  rm -f "$out"/obj/elementwise_emu.*.o
  ( $CXX -c "$out/elementwise_emu.cpp" -o "$ew_obj.tmp" && mv "$ew_obj.tmp" "$ew_obj" ) & pids+=($!)
fi
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj/emu_runtime.o" & pids+=($!)
# emu_kernels.cpp's gm_convert stands aside for elementwise.cu's own
$CXX -Dgm_convert=emu_kernels_gm_convert -c "$here/emu_kernels.cpp" -o "$out/obj/emu_kernels.o" & pids+=($!)
$CXX -x c++ -c "$root/kernels/tuning.cu" -o "$out/obj/tuning.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done     # set -e: a failed compilation stops here
$CXX "$out/test_shape_emu.cpp" "$out/obj/shape_emu.o" "$out/obj/emu_runtime.o" \
  "$out/obj/emu_kernels.o" "$out/obj/tuning.o" -o "$out/test_shape"
if [ "${FULL:-0}" = 1 ]; then "$out/test_shape"; else "$out/test_shape" --quick; fi
# the gateway: index.cu is linked too (emu_mex.c dispatches gw_index.c's commands as well)
python3 "$here/emu_launches.py" "$root/kernels/index.cu" "$out/index_emu.cpp" > /dev/null
sed -i 's|^#include "gpumat.h"|#include "emu.h"\n#include "gpumat.h"|' "$out/index_emu.cpp"
$CXX -c "$out/index_emu.cpp" -o "$out/obj/index_emu.o"
for f in "$root/mex/gateway_util.c" "$root/mex/gw_device_message.c" "$root/mex/gw_index.c" \
         "$root/mex/gw_shape.c" "$root/mex/gw_octave_array.c" "$here/emu_mex.c" "$here/emu_array.c"; do
  mkoctfile --mex -c -DGPUMAT_EMU_SHAPE -I"$root/kernels" -I"$root/mex" -I"$here" -I"$cuda/include" "$f" \
    -o "$out/obj/$(basename "$f" .c).o"
done
mkoctfile --mex -o "$out/mex/__gpumat__.mex" "$out/obj/gateway_util.o" \
  "$out/obj/gw_device_message.o" "$out/obj/gw_index.o" "$out/obj/gw_shape.o" "$out/obj/gw_octave_array.o" \
  "$out/obj/emu_mex.o" "$out/obj/emu_array.o" "$out/obj/emu_kernels.o" "$out/obj/index_emu.o" "$out/obj/shape_emu.o" \
  "$ew_obj" "$out/obj/tuning.o" "$out/obj/emu_runtime.o" -lstdc++
cd "$root"
octave-cli --no-history --norc --eval "addpath ('$root/target', '$root/inst', '$root/tests'); \
  addpath ('$out/mex'); [p, f] = shape_gateway_check ('assume-device'); exit (f > 0 || p == 0);"
