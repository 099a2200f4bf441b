#!/bin/bash
# run_scan.sh: kernels/scan.cu run on the CPU, for a machine without a GPU.  scan.cu's kernels
# are plain thread loops (no shared memory, no shuffles), so everything runs here:
#   1. tests/test_scan.cu, every check of the GPU program: the plans, the chunking at several
#      levels, the index arithmetic, the results' bits against Octave's loops;
#   2. mex/gw_scan.c in a __gpumat__ over these kernels (emu_mex_scan.c), against Octave's own
#      functions (tests/scan_gateway_check.m).
# Threads run one after another, so races and device faults cannot show; make test-kernels and
# make sanitize on a GPU remain the test.
#
#   bash tests/cpu-standin/run_scan.sh      (--quick unless FULL=1)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj"
n=$(python3 "$here/emu_launches.py" "$root/kernels/scan.cu" "$out/scan_emu.cpp")
echo "cpu-standin: $n kernel launches of kernels/scan.cu rewritten"
[ "$n" = 5 ] || { echo "cpu-standin: kernels/scan.cu no longer has 5 launches: update run_scan.sh" >&2; exit 1; }
# the complex prod and cumprod that gw_scan.c hands to mex/gw_complex_reduce.c
n=$(python3 "$here/emu_launches.py" "$root/kernels/reduce_complex.cu" "$out/reduce_complex_scan_emu.cpp")
[ "$n" = 11 ] || { echo "cpu-standin: kernels/reduce_complex.cu no longer has 11 launches: update run_scan.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    "$root/tests/test_scan.cu" > "$out/test_scan_emu.cpp"
# elementwise.cu's gm_check_real_float (the library's sits in a file of kernels of its own);
# emu_kernels.cpp has gm_mul_size
cat > "$out/scan_support_emu.cpp" <<'CPP'
#include "emu.h"
#include "array_internal.h"
gm_status gm_check_real_float (const char *who, gm_class c)
{
  return gm_real_float (c) ? GM_OK
                           : gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: class %s is not supported",
                                      who, gm_class_name (c));
}
CPP
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
pids=()
$CXX -c "$out/scan_emu.cpp" -o "$out/obj/scan_emu.o" & pids+=($!)
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj/emu_runtime_scan.o" & pids+=($!)
$CXX -c "$out/scan_support_emu.cpp" -o "$out/obj/scan_support_emu.o" & pids+=($!)
$CXX -x c++ -c "$root/kernels/tuning.cu" -o "$out/obj/tuning_scan.o" & pids+=($!)
$CXX -c "$here/emu_kernels.cpp" -o "$out/obj/emu_kernels_scan.o" & pids+=($!)
$CXX -c "$out/reduce_complex_scan_emu.cpp" -o "$out/obj/reduce_complex_scan_emu.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done     # set -e: a failed compilation stops here
# 1. scan.cu with its launches as CPU loops, and test_scan.cu against it
$CXX "$out/test_scan_emu.cpp" "$out/obj/scan_emu.o" "$out/obj/emu_runtime_scan.o" \
  "$out/obj/scan_support_emu.o" "$out/obj/emu_kernels_scan.o" "$out/obj/tuning_scan.o" \
  -o "$out/test_scan"
if [ "${FULL:-0}" = 1 ]; then "$out/test_scan"; else "$out/test_scan" --quick; fi
# 2. a __gpumat__ of gateway_util.c and gw_scan.c over the same kernels and the CPU stand-ins of
#    kernels/ (emu_kernels.cpp), then tests/scan_gateway_check.m: the command against Octave's
#    own functions on every class, shape, view and dimension, and no leaked block.  gw_scan.c
#    also calls reduce.cu's gm_default_dim and gm_reduce_dims (host code beside kernels that use
#    shuffles): their text is taken from reduce.cu (the view they compute is array_internal.h's).
python3 "$here/emu_reduce_dims.py" "$root/kernels/reduce.cu" "$out/reduce_dims_emu.cpp"
mkdir -p "$out/mex-scan"
$CXX -c "$out/reduce_dims_emu.cpp" -o "$out/obj/reduce_dims_emu.o"
for f in "$root/mex/gateway_util.c" "$root/mex/gw_device_message.c" "$root/mex/gw_scan.c" \
         "$root/mex/gw_complex_reduce.c" \
         "$root/mex/gw_octave_array.c" "$here/emu_mex_scan.c" "$here/emu_array.c"; do
  mkoctfile --mex -c -I"$root/kernels" -I"$root/mex" -I"$here" -I"$cuda/include" "$f" \
    -o "$out/obj/scan_$(basename "$f" .c).o"
done
mkoctfile --mex -o "$out/mex-scan/__gpumat__.mex" "$out/obj/scan_gateway_util.o" \
  "$out/obj/scan_gw_device_message.o" "$out/obj/scan_gw_scan.o" "$out/obj/scan_emu_mex_scan.o" \
  "$out/obj/scan_gw_complex_reduce.o" "$out/obj/reduce_complex_scan_emu.o" \
  "$out/obj/scan_emu_array.o" "$out/obj/scan_gw_octave_array.o" \
  "$out/obj/emu_kernels_scan.o" "$out/obj/scan_emu.o" "$out/obj/scan_support_emu.o" \
  "$out/obj/reduce_dims_emu.o" "$out/obj/emu_runtime_scan.o" -lstdc++
cd "$root"
octave-cli --no-history --norc --eval "addpath ('$root/target', '$root/inst', '$root/tests'); \
  addpath ('$out/mex-scan'); [p, f] = scan_gateway_check (); exit (f > 0 || p == 0);"
