#!/bin/bash
# run_sort.sh: kernels/sort.cu and kernels/find.cu, with tests/test_sort.cu and the gateway's
# sort, find, nnz and median (mex/gw_sort.c), run on the CPU, for a machine without a GPU.
# Checks the logic only: the plans (one key or two passes, 32- or 64-bit positions), the
# kernels' index arithmetic, the gateway's shapes and classes, against the tests' references;
# CUB is a stand-in (emu_cub.h: a stable sort on the key bits, the result left in either buffer
# and the other buffers scrambled, as CUB may leave them), threads run one after another (no
# race can show; find.cu's warp sum becomes one atomic add a thread), and the GPU run of
# make test-kernels remains the real test.
#
#   1. sort.cu and find.cu with their launches rewritten into CPU loops (emu_launches.py), and
#      test_sort.cu against them (--quick unless FULL=1), a second time with the plan of 64-bit
#      positions (arrays of more than 2^31 elements) taken from 65 elements on;
#   2. a __gpumat__ MEX of gateway_util.c, gw_sort.c and emu_mex.c's array commands over those
#      CPU kernels (emu_kernels.cpp for the rest), then tests/sort_gateway_check.m ("assume-device"):
#      sort, find, nnz and median of gpumat arrays of every class and shape against Octave's.
#
#   bash tests/cpu-standin/run_sort.sh      (from the tree, after make build for the .oct helpers)
# Its objects go to target/cpu-standin/obj-sort (the other stand-ins build emu_kernels.cpp with
# other flags).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj-sort" "$out/mex-sort"
emu_includes='#include "emu.h"\n#include "emu_device.h"\n#include "emu_cub.h"'
for k in sort find; do
  n=$(python3 "$here/emu_launches.py" "$root/kernels/$k.cu" "$out/${k}_emu.cpp")
  echo "cpu-standin: $n kernel launches of kernels/$k.cu rewritten"
  sed -i -e "s|#include <cub/device/device_[a-z_]*.cuh>|$emu_includes|" "$out/${k}_emu.cpp"
  grep -q '#include "emu_cub.h"' "$out/${k}_emu.cpp" \
    || { echo "cpu-standin: kernels/$k.cu no longer includes CUB as run_sort.sh expects" >&2; exit 1; }
done
# find.cu's warp sum (shuffles cannot run one thread after another): one atomic add a thread
python3 - "$out/find_emu.cpp" <<'PY'
import sys
p = sys.argv[1]
s = open (p).read ()
old = """  for (int off = 16; off > 0; off >>= 1)
    c += __shfl_down_sync (0xffffffffu, c, off);
  if ((threadIdx.x & 31) == 0 && c)
    atomicAdd (total, c);"""
if old not in s:
    sys.exit ("cpu-standin: the warp sum of kernels/find.cu changed: update run_sort.sh")
open (p, "w").write (s.replace (old, "  if (c)\n    atomicAdd (total, c);"))
PY
# the plan with 64-bit positions (arrays of more than 2^31 elements) taken from 65 elements on,
# so that test_sort reaches it too
sed -e 's|p->val64 = p->n > ((int64_t) 1 << 31);|p->val64 = p->n > 64;|' "$out/sort_emu.cpp" \
  > "$out/sort_wide_emu.cpp"
cmp -s "$out/sort_emu.cpp" "$out/sort_wide_emu.cpp" \
  && { echo "cpu-standin: kernels/sort.cu's val64 rule changed: update run_sort.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    "$root/tests/test_sort.cu" > "$out/test_sort_emu.cpp"
# what the test program needs from kernels/status.cu and memory.cu
cat > "$out/sort_runtime_emu.cpp" <<'CPP'
#include "emu.h"
#include "gpumat.h"
extern "C" {
gm_status gm_mul_size (size_t a, size_t b, size_t *out)
{
  if (a != 0 && b > SIZE_MAX / a)
    return GM_ERR_SIZE_OVERFLOW;
  *out = a * b;
  return GM_OK;
}
gm_status gm_device_alloc (void **p, size_t bytes) { *p = bytes ? malloc (bytes) : NULL; return GM_OK; }
void gm_device_free (void *p) { free (p); }
}
CPP
# for both: gm_mul_size3 (status.cu) and gm_fill_bytes (arrays.cu)
cat > "$out/sort_extra_emu.cpp" <<'CPP'
#include "emu.h"
#include "gpumat.h"
extern "C" {
gm_status gm_mul_size3 (size_t a, size_t b, size_t c, size_t *out)
{
  size_t ab;
  if (gm_mul_size (a, b, &ab) != GM_OK)
    return GM_ERR_SIZE_OVERFLOW;
  return gm_mul_size (ab, c, out);
}
gm_status gm_fill_bytes (void *d, int v, size_t n) { memset (d, v, n); return GM_OK; }
}
CPP
# the gateway: gw_sort.c's commands, and the array commands of emu_array.c (emu_mex.c's index
# commands are left out: they would bring index.cu along)
cat > "$out/emu_mex_sort.c" <<'C'
#include <stdint.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_sort.h"
#include "emu_array.h"
void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  static const struct { const char *name; void (*run) (int, mxArray **, int, const mxArray **); }
    commands[] = {{"sort", gw_cmd_sort}, {"find", gw_cmd_find}, {"nnz", gw_cmd_nnz},
                  {"median", gw_cmd_median}};
  char command[16] = "";
  static char caller[64];
  if (nrhs < 2 || !mxIsChar (prhs[0]) || mxGetString (prhs[0], command, sizeof command) != 0)
    gw_fail (NULL, "emu:usage", "usage: __gpumat__ (COMMAND, CALLER, ...)");
  mxGetString (prhs[1], caller, sizeof caller);
  gw_set_caller (caller);
  for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
    if (!strcmp (command, commands[k].name)) {
      commands[k].run (nlhs, plhs, nrhs, prhs);
      return;
    }
  if (!emu_array_command (command, plhs, nrhs, prhs))
    gw_fail (NULL, "emu:unknown", "unknown command %s", command);
}
C
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
pids=()
$CXX -c "$out/sort_emu.cpp" -o "$out/obj-sort/sort_emu.o" & pids+=($!)
$CXX -c "$out/sort_wide_emu.cpp" -o "$out/obj-sort/sort_wide_emu.o" & pids+=($!)
$CXX -c "$out/find_emu.cpp" -o "$out/obj-sort/find_emu.o" & pids+=($!)
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj-sort/emu_runtime.o" & pids+=($!)
$CXX -c "$out/sort_runtime_emu.cpp" -o "$out/obj-sort/sort_runtime_emu.o" & pids+=($!)
$CXX -c "$out/sort_extra_emu.cpp" -o "$out/obj-sort/sort_extra_emu.o" & pids+=($!)
$CXX -c "$here/emu_kernels.cpp" -o "$out/obj-sort/emu_kernels.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done     # set -e: a failed compilation stops here
$CXX "$out/test_sort_emu.cpp" "$out/obj-sort/sort_emu.o" "$out/obj-sort/find_emu.o" \
  "$out/obj-sort/emu_runtime.o" "$out/obj-sort/sort_runtime_emu.o" "$out/obj-sort/sort_extra_emu.o" \
  -o "$out/test_sort"
$CXX "$out/test_sort_emu.cpp" "$out/obj-sort/sort_wide_emu.o" "$out/obj-sort/find_emu.o" \
  "$out/obj-sort/emu_runtime.o" "$out/obj-sort/sort_runtime_emu.o" "$out/obj-sort/sort_extra_emu.o" \
  -o "$out/test_sort_wide"
status=0
mode=--quick
[ "${FULL:-0}" = 1 ] && mode=
"$out/test_sort" $mode || status=1
echo "(with 64-bit positions from 65 elements on:)"
"$out/test_sort_wide" $mode | sed 's/^test_sort:/test_sort_wide:/' || status=1

for f in "$root/mex/gateway_util.c" "$root/mex/gw_device_message.c" "$root/mex/gw_sort.c" \
         "$root/mex/gw_octave_array.c" "$out/emu_mex_sort.c" "$here/emu_array.c"; do
  mkoctfile --mex -c -I"$root/kernels" -I"$root/mex" -I"$here" -I"$cuda/include" "$f" \
    -o "$out/obj-sort/$(basename "$f" .c)_sort.o"
done
mkoctfile --mex -o "$out/mex-sort/__gpumat__.mex" "$out/obj-sort/gateway_util_sort.o" \
  "$out/obj-sort/gw_device_message_sort.o" "$out/obj-sort/gw_sort_sort.o" "$out/obj-sort/emu_mex_sort_sort.o" \
  "$out/obj-sort/emu_array_sort.o" "$out/obj-sort/gw_octave_array_sort.o" \
  "$out/obj-sort/emu_kernels.o" "$out/obj-sort/sort_emu.o" "$out/obj-sort/find_emu.o" \
  "$out/obj-sort/emu_runtime.o" "$out/obj-sort/sort_extra_emu.o" -lstdc++
cd "$root"
octave-cli --no-history --norc --eval "addpath ('$root/target', '$root/inst', '$root/tests'); \
  addpath ('$out/mex-sort'); [p, f] = sort_gateway_check ('assume-device'); exit (f > 0 || p == 0);" \
  || status=1
exit $status
