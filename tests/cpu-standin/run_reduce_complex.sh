#!/bin/bash
# run_reduce_complex.sh: kernels/reduce_complex.cu (complex prod, cumprod, max, min) with
# tests/test_reduce_complex.cu run on the CPU, for a machine without a GPU.  The kernels are
# plain thread loops (no shared memory, no shuffles; one atomicMin, emu_device.h's), so every
# check of the GPU program runs here against Octave's loops transcribed in the test.  Threads
# run one after another, so races and device faults cannot show, and the device's libm (atan2,
# which decides ties of abs) is the host's: make test-kernels and make sanitize on a GPU remain
# the test.
#
#   bash tests/cpu-standin/run_reduce_complex.sh      (--quick unless FULL=1)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj"
n=$(python3 "$here/emu_launches.py" "$root/kernels/reduce_complex.cu" "$out/reduce_complex_emu.cpp")
echo "cpu-standin: $n kernel launches of kernels/reduce_complex.cu rewritten"
[ "$n" = 11 ] || { echo "cpu-standin: kernels/reduce_complex.cu no longer has 11 launches: update run_reduce_complex.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    "$root/tests/test_reduce_complex.cu" > "$out/test_reduce_complex_emu.cpp"
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
pids=()
$CXX -c "$out/reduce_complex_emu.cpp" -o "$out/obj/reduce_complex_emu.o" & pids+=($!)
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj/emu_runtime_rc.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done     # set -e: a failed compilation stops here
# gm_mul_size (kernels/status.cu) and gm_tuning_reload (test_util.h's tu_setenv)
cat > "$out/reduce_complex_support_emu.cpp" <<'CPP'
#include "emu.h"
#include "gpumat.h"
extern "C" gm_status gm_mul_size (size_t a, size_t b, size_t *o)
{
  if (b && a > SIZE_MAX / b)
    return GM_ERR_SIZE_OVERFLOW;
  *o = a * b;
  return GM_OK;
}
CPP
$CXX -c "$out/reduce_complex_support_emu.cpp" -o "$out/obj/reduce_complex_support_emu.o"
$CXX -x c++ -c "$root/kernels/tuning.cu" -o "$out/obj/tuning_rc.o"
$CXX "$out/test_reduce_complex_emu.cpp" "$out/obj/reduce_complex_emu.o" "$out/obj/emu_runtime_rc.o" \
  "$out/obj/reduce_complex_support_emu.o" "$out/obj/tuning_rc.o" -o "$out/test_reduce_complex"
if [ "${FULL:-0}" = 1 ]; then "$out/test_reduce_complex"; else "$out/test_reduce_complex" --quick; fi
