#!/bin/bash
# run_elementwise.sh: kernels/elementwise.cu and kernels/elementwise_mappers.cu, with
# tests/test_elementwise.cu and tests/test_elementwise_mappers.cu, run on the CPU, for a machine
# without a GPU.  Checks the logic only (the host's plans and dispatch, the kernels' index
# arithmetic, which kernel runs, the results against the tests' references); threads run one
# after another, so races and device faults (a misaligned vector load included) cannot show
# here, and the device's libm is the host's (the ulp checks of the transcendental functions read
# 0: the exact ops, mod and rem are the real check here).  The GPU run of make test-kernels
# remains the real test.  Every gm_binary test runs, and gm_unary's; gm_convert's and the flag
# queries' tests are left out (the flags need __syncthreads_or across a block: emu_device.h).
#
#   bash tests/cpu-standin/run_elementwise.sh      (--quick unless FULL=1)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj"
for k in elementwise elementwise_mappers; do
  n=$(python3 "$here/emu_launches.py" "$root/kernels/$k.cu" "$out/${k}_emu.cpp")
  echo "cpu-standin: $n kernel launches of kernels/$k.cu rewritten"
done
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    -e 's|^  test_convert ();|  /* test_convert: left out on the CPU */|' \
    -e 's|^  test_convert_logical ();|  /* test_convert_logical: left out on the CPU */|' \
    -e 's|^  test_queries ();|  /* test_queries: left out on the CPU */|' \
    "$root/tests/test_elementwise.cu" > "$out/test_elementwise_emu.cpp"
[ "$(grep -c 'left out on the CPU' "$out/test_elementwise_emu.cpp")" = 3 ] \
  || { echo "cpu-standin: test_elementwise.cu's main changed: update run_elementwise.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    -e 's|^  test_queries ();|  /* test_queries: left out on the CPU */|' \
    "$root/tests/test_elementwise_mappers.cu" > "$out/test_elementwise_mappers_emu.cpp"
[ "$(grep -c 'left out on the CPU' "$out/test_elementwise_mappers_emu.cpp")" = 1 ] \
  || { echo "cpu-standin: test_elementwise_mappers.cu's main changed: update run_elementwise.sh" >&2; exit 1; }
# kernels/status.cu's gm_mul_size and memory.cu's allocator (emu_kernels.cpp has them too, for
# the gateway's MEX)
cat > "$out/mul_size_emu.cpp" <<'CPP'
#include "emu.h"
#include "gpumat.h"
extern "C" gm_status gm_mul_size (size_t a, size_t b, size_t *out)
{
  if (a != 0 && b > SIZE_MAX / a)
    return GM_ERR_SIZE_OVERFLOW;
  *out = a * b;
  return GM_OK;
}
/* memory.cu's allocator, for gm_binary's mixed-class temporaries: plain malloc, and a count the
   tests can see stays at 0 */
extern "C" gm_status gm_device_alloc (void **p, size_t bytes)
{
  *p = bytes ? aligned_alloc (256, (bytes + 255) / 256 * 256) : NULL;   /* as cudaMalloc aligns */
  return bytes && !*p ? GM_ERR_OUT_OF_MEMORY : GM_OK;
}
extern "C" void gm_device_free (void *p) { free (p); }
CPP
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
pids=()
$CXX -c "$out/elementwise_emu.cpp" -o "$out/obj/elementwise_emu.o" & pids+=($!)
$CXX -c "$out/elementwise_mappers_emu.cpp" -o "$out/obj/elementwise_mappers_emu.o" & pids+=($!)
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj/emu_runtime.o" & pids+=($!)
$CXX -c "$out/mul_size_emu.cpp" -o "$out/obj/mul_size_emu.o" & pids+=($!)
$CXX -x c++ -c "$root/kernels/tuning.cu" -o "$out/obj/tuning.o" & pids+=($!)   # the GPUMAT_* snapshot
for p in "${pids[@]}"; do wait "$p"; done     # set -e: a failed compilation stops here
objs=("$out/obj/elementwise_emu.o" "$out/obj/elementwise_mappers_emu.o" "$out/obj/emu_runtime.o"
      "$out/obj/mul_size_emu.o" "$out/obj/tuning.o")
$CXX "$out/test_elementwise_emu.cpp" "${objs[@]}" -o "$out/test_elementwise"
$CXX "$out/test_elementwise_mappers_emu.cpp" "${objs[@]}" -o "$out/test_elementwise_mappers"
status=0
for t in test_elementwise test_elementwise_mappers; do
  if [ "${FULL:-0}" = 1 ]; then "$out/$t" || status=1; else "$out/$t" --quick || status=1; fi
done
exit $status
