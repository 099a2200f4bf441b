#!/bin/bash
# run_reduce_int.sh: kernels/reduce_int.cu run on the CPU, for a machine without a GPU.  Its
# kernels are plain thread loops (no shared memory, no shuffles), so everything runs here:
#   1. tests/test_reduce_int.cu (--quick unless FULL=1): the plans, the chunk maps and carries,
#      the index arithmetic, the saturated values against Octave's loops;
#   2. mex/gw_reduce_int.c in a __gpumat__ over these kernels (emu_mex_ireduce.c), against
#      Octave's own functions (tests/ireduce_gateway_check.m).
# Threads run one after another, so races and device faults cannot show; make test-kernels and
# make sanitize on a GPU remain the test.  gm_reduce_dims (host code of reduce.cu, beside
# kernels that use shuffles) is taken from reduce.cu's text, as run_scan.sh takes it.
#
#   bash tests/cpu-standin/run_reduce_int.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj"
n=$(python3 "$here/emu_launches.py" "$root/kernels/reduce_int.cu" "$out/reduce_int_emu.cpp")
echo "cpu-standin: $n kernel launches of kernels/reduce_int.cu rewritten"
[ "$n" = 9 ] || { echo "cpu-standin: kernels/reduce_int.cu no longer has 9 launches: update run_reduce_int.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    "$root/tests/test_reduce_int.cu" > "$out/test_reduce_int_emu.cpp"
python3 "$here/emu_reduce_dims.py" "$root/kernels/reduce.cu" "$out/reduce_dims_ired_emu.cpp"
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
pids=()
$CXX -c "$out/reduce_int_emu.cpp" -o "$out/obj/reduce_int_emu.o" & pids+=($!)
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj/emu_runtime_ired.o" & pids+=($!)
$CXX -c "$out/reduce_dims_ired_emu.cpp" -o "$out/obj/reduce_dims_ired_emu.o" & pids+=($!)
$CXX -x c++ -c "$root/kernels/tuning.cu" -o "$out/obj/tuning_ired.o" & pids+=($!)
$CXX -c "$here/emu_kernels.cpp" -o "$out/obj/emu_kernels_ired.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done     # set -e: a failed compilation stops here
$CXX "$out/test_reduce_int_emu.cpp" "$out/obj/reduce_int_emu.o" "$out/obj/emu_runtime_ired.o" \
  "$out/obj/reduce_dims_ired_emu.o" "$out/obj/emu_kernels_ired.o" "$out/obj/tuning_ired.o" \
  -o "$out/test_reduce_int"
if [ "${FULL:-0}" = 1 ]; then "$out/test_reduce_int"; else "$out/test_reduce_int" --quick; fi
# 2. a __gpumat__ of gateway_util.c and gw_reduce_int.c over the same kernels and the CPU
#    stand-ins of kernels/ (emu_kernels.cpp), then tests/ireduce_gateway_check.m: the command
#    against Octave's own functions on every class, shape, view and dimension, its errors, and
#    no leaked block.
mkdir -p "$out/mex-ireduce"
for f in "$root/mex/gateway_util.c" "$root/mex/gw_device_message.c" "$root/mex/gw_reduce_int.c" \
         "$root/mex/gw_octave_array.c" "$here/emu_mex_ireduce.c" "$here/emu_array.c"; do
  mkoctfile --mex -c -I"$root/kernels" -I"$root/mex" -I"$here" -I"$cuda/include" "$f" \
    -o "$out/obj/ired_$(basename "$f" .c).o"
done
mkoctfile --mex -o "$out/mex-ireduce/__gpumat__.mex" "$out/obj/ired_gateway_util.o" \
  "$out/obj/ired_gw_device_message.o" "$out/obj/ired_gw_reduce_int.o" \
  "$out/obj/ired_emu_mex_ireduce.o" "$out/obj/ired_emu_array.o" "$out/obj/ired_gw_octave_array.o" \
  "$out/obj/emu_kernels_ired.o" "$out/obj/reduce_int_emu.o" "$out/obj/reduce_dims_ired_emu.o" \
  "$out/obj/emu_runtime_ired.o" -lstdc++
cd "$root"
octave-cli --no-history --norc --eval "addpath ('$root/target', '$root/inst', '$root/tests'); \
  addpath ('$out/mex-ireduce'); [p, f] = ireduce_gateway_check (); exit (f > 0 || p == 0);"
