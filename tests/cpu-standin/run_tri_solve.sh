#!/bin/bash
# run_tri_solve.sh: kernels/tri_solve.cu's kernels run on CPU threads (emu_threads.h: a block's
# threads are OS threads with a real barrier, blocks one at a time in a shuffled ticket order),
# checked by tests/tri_solve_checks.h, the checks test_solve runs on the GPU (--quick set: n up
# to 130, every triangle, op and diagonal, lda > n, NaN in the unused parts).  Checks the logic
# (tickets, flags, tile indexing, the transposes through shared memory, the diagonal inverses,
# the partial last block); races between blocks and device faults need the GPU (make
# test-kernels, make sanitize).
#
#   bash tests/cpu-standin/run_tri_solve.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/obj-tri"
n=$(python3 "$here/emu_launches.py" "$root/kernels/tri_solve.cu" "$out/tri_solve_body.cpp")
echo "cpu-standin: $n kernel launches of kernels/tri_solve.cu rewritten"
[ "$n" = 6 ] || { echo "cpu-standin: kernels/tri_solve.cu no longer has 6 launches: update run_tri_solve.sh" >&2; exit 1; }
{ echo '#include "emu_threads.h"'; cat "$out/tri_solve_body.cpp"; } > "$out/tri_solve_emu.cpp"
cat > "$out/test_tri_solve_emu.cpp" <<'CPP'
#include "emu_threads.h"
#include "tri_solve_checks.h"
int main (int argc, char **argv)
{
  tu_seed (20261130);
  test_tri_solve (1, tu_race_mode (argc, argv));
  return tu_finish ("test_tri_solve_cpu");
}
CPP
# what tri_solve.cu and the checks call beyond emu_runtime.cpp
cat > "$out/tri_runtime_emu.cpp" <<'CPP'
#include <stdlib.h>
#include <string.h>
#include "gpumat.h"
extern "C" {
gm_status gm_device_alloc (void **p, size_t bytes) { *p = bytes ? malloc (bytes) : NULL; return GM_OK; }
void gm_device_free (void *p) { free (p); }
gm_status gm_fill_bytes (void *d, int v, size_t n) { memset (d, v, n); return GM_OK; }
const char *gm_op_name (gm_op op) { return op == GM_OP_NONE ? "none" : op == GM_OP_TRANSPOSE ? "transpose" : op == GM_OP_CTRANSPOSE ? "ctranspose" : NULL; }
}
CPP
CXX="g++ -O1 -std=c++20 -pthread -I$here -I$root/kernels -I$root/tests -I$cuda/include"
pids=()
$CXX -c "$out/tri_solve_emu.cpp" -o "$out/obj-tri/tri_solve_emu.o" & pids+=($!)
$CXX -c "$out/test_tri_solve_emu.cpp" -o "$out/obj-tri/test_tri_solve_emu.o" & pids+=($!)
for p in "${pids[@]}"; do wait "$p"; done
$CXX -c "$here/emu_runtime.cpp" -o "$out/obj-tri/emu_runtime.o"
$CXX -c "$out/tri_runtime_emu.cpp" -o "$out/obj-tri/tri_runtime_emu.o"
$CXX "$out/obj-tri/test_tri_solve_emu.o" "$out/obj-tri/tri_solve_emu.o" "$out/obj-tri/emu_runtime.o" \
  "$out/obj-tri/tri_runtime_emu.o" -o "$out/test_tri_solve"
timeout 600 "$out/test_tri_solve"
