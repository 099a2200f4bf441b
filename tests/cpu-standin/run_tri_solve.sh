#!/bin/bash
# run_tri_solve.sh: kernels/tri_solve.cu's kernels run on CPU threads (emu_threads.h: a block's
# threads are OS threads with a real barrier, blocks one at a time in a shuffled ticket order),
# checked by tests/tri_solve_checks.h, the checks test_solve runs on the GPU (--quick set: n up
# to 321, every triangle, op and diagonal, lda > n, NaN in the unused parts).  Checks the logic
# (tickets, flags, tile indexing, the transposes through shared memory, the diagonal inverses,
# the partial last block); races between blocks and device faults need the GPU (make
# test-kernels, make sanitize).
#
#   bash tests/cpu-standin/run_tri_solve.sh          (CI=true: the smaller --race set)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/target/cpu-standin/tri        # its own folder: the other stand-ins use other flags
mkdir -p "$out"
# the launches as CPU loops over blocks of threads, emu_threads.h before everything else
launches=$(python3 "$here/emu_launches.py" "$root/kernels/tri_solve.cu" "$out/body.cpp")
case $launches in
  4) echo "cpu-standin: the 4 kernel launches of kernels/tri_solve.cu rewritten" ;;
  *) echo "cpu-standin: kernels/tri_solve.cu has $launches launches, not 4: update run_tri_solve.sh" >&2
     exit 1 ;;
esac
{ echo '#include "emu_threads.h"'; cat "$out/body.cpp"; } > "$out/tri_solve_emu.cpp"
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
CXX="g++ -O1 -std=c++20 -pthread -I$here -I$root/kernels -I$root/tests -I${CUDA_HOME:-/usr/local/cuda}/include"
# a ring of two blocks of x (16 on the GPU), so that n = 321 wraps it
$CXX -DGM_TRI_SOLVE_RING=2 -c "$out/tri_solve_emu.cpp" -o "$out/tri_solve_emu.o" &
$CXX -c "$out/test_tri_solve_emu.cpp" -o "$out/test_tri_solve_emu.o"
wait $!                                 # set -e: a failed compilation stops here
$CXX "$out/test_tri_solve_emu.o" "$out/tri_solve_emu.o" "$here/emu_runtime.cpp" \
  "$out/tri_runtime_emu.cpp" -o "$out/test_tri_solve"
# CI (CI=true, two cores shared with the parity check and the Octave suite): racecheck's set,
# n = 1, 65 and 321 in double (one block, a partial block, six blocks in ticket order: both ways
# of waiting), ~20 s where the --quick set takes ~70 s, mostly creating threads; make check
# elsewhere runs it all
mode=; [ "${CI:-}" = true ] && mode=--race
timeout 600 "$out/test_tri_solve" $mode
