#!/bin/bash
# run.sh TARBALL: the distributed products' test (dist_check.m) under mpirun on one machine,
# loopback only, on the grids 1x1 (1 rank), 1x2 and 2x1 (2 ranks), 2x2 (4 ranks), 1x3 (3 ranks)
# and 2x1 on 3 ranks (one rank outside the grid).  Each run has a time limit, so that a rank
# left waiting fails the test instead of hanging it.  Prints each run's summary and, last,
# "dist: N passed, N failed, N skipped" (a run that did not finish counts as one failure).
# Skips itself where the package was built without MPI (no __gpumat_dist__.mex) or mpirun is
# missing.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tarball=$(realpath "$1")
if ! command -v mpirun >/dev/null || [ ! -f "$root/target/__gpumat_dist__.mex" ]; then
  echo "dist: skipped (no mpirun, or the package was built without MPI and ScaLAPACK)"
  echo "dist: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
# shared memory between the ranks, no network; no warnings about the machine's other transports
mpi=(mpirun --oversubscribe --mca btl self,vader --mca pml ob1 --mca btl_vader_single_copy_mechanism none)
# install once, before the ranks start (with-package.sh installs when the tarball changed)
bash "$root/tests/with-package.sh" "$tarball" "1;" >/dev/null || { echo "dist: the package did not install"; exit 1; }
# the 4-rank run sees a stand-in nvidia-smi that lists two GPUs, where the machine has none, so
# that the choice of each rank's GPU is checked everywhere (dist_check.m)
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
printf '#!/bin/sh\necho "GPU 0: stand-in (UUID: GPU-0)"\necho "GPU 1: stand-in (UUID: GPU-1)"\n' \
  > "$fake/nvidia-smi"
chmod +x "$fake/nvidia-smi"
passed=0; failed=0
# one run: run_case RANKS CALL LABEL [PATH]: CALL on RANKS ranks, its summary line counted
run_case () {
  local out rc summary n
  out=$(PATH=${4:-$PATH} timeout 120 "${mpi[@]}" -x PATH -np "$1" bash "$root/tests/with-package.sh" \
        "$tarball" "$2" 2>&1)
  rc=$?
  summary=$(printf '%s\n' "$out" | grep -E '^[a-z_]+_check .* passed' | tail -n 1)
  printf '%s\n' "$out" | grep -E '^rank [0-9]+: FAIL' | head -n 20
  if [ $rc = 0 ] && [ -n "$summary" ]; then
    echo "$summary"
    passed=$((passed + $(echo "$summary" | sed -E 's/.*: ([0-9]+) passed.*/\1/')))
  else
    echo "dist: $1 ranks, $3: FAILED (exit $rc${summary:+; $summary})"
    printf '%s\n' "$out" | grep -v '^rank [0-9]*: FAIL' | tail -n 15
    n=$(echo "$summary" | sed -nE 's/.*, ([0-9]+) failed.*/\1/p')
    failed=$((failed + ${n:-1}))
  fi
}
# the engines (gpumat_dist_init ("engine", ...)): the 1x2 run opens ScaLAPACK by path, the
# 2x2, 1x3 and 3-rank 2x1 runs take gpumat's SUMMA (on the GPUs where there are some), the
# others the linked ScaLAPACK
library=$(pkg-config --variable=libdir scalapack-openmpi 2>/dev/null)/libscalapack-openmpi.so
[ -f "$library" ] || library=-
for run in "1 1 1 -" "2 1 2 $library" "2 2 1 -" "4 2 2 summa" "3 1 3 summa" "3 2 1 summa"; do
  set -- $run
  use=$4
  [ "$use" = - ] && use=
  path=$PATH
  if [ "$1" = 4 ] && ! command -v nvidia-smi >/dev/null; then
    path=$fake:$PATH
  fi
  run_case "$1" "addpath ('$here'); dist_check ($2, $3, '$use')" "grid $2x$3" "$path"
done
# the GPU engine (dist/gm_dist_gpu.c) itself: on a stand-in device of host memory everywhere
# (tests/dist/fake_gpumat.c, in a __gpumat_dist__ of its own, first on the path), and on the
# GPUs where there are some
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuda_include=${CUDA_HOME:-$(dirname "$(dirname "$(realpath "$nvcc")")")}/include
standin=$fake/standin
mkdir -p "$standin"
if (cd "$standin" && mkoctfile --mex -I"$root/dist" -I"$root/mex" -I"$root/kernels" \
      -I"$cuda_include" $(pkg-config --cflags scalapack-openmpi mpi) "$root/mex/gw_dist.c" \
      "$root/mex/gw_octave_array.c" "$root/dist/gm_dist.c" "$root/dist/gm_dist_gpu.c" \
      "$root/dist/gm_dist_peer.c" "$here/fake_gpumat.c" $(pkg-config --libs scalapack-openmpi mpi) \
      -o __gpumat_dist__.mex) > "$fake/standin.log" 2>&1; then
  for run in "2 1 2" "4 2 2" "3 2 1" "3 1 3"; do
    set -- $run
    run_case "$1" "addpath ('$here'); addpath ('$standin'); gpu_engine_check ($2, $3, true)" \
             "stand-in GPU engine, grid $2x$3"
  done
else
  echo "dist: the stand-in GPU engine did not build:"; tail -n 15 "$fake/standin.log"
  failed=$((failed + 1))
fi
if nvidia-smi -L >/dev/null 2>&1; then
  for run in "2 1 2" "4 2 2" "3 2 1" "3 1 3"; do
    set -- $run
    run_case "$1" "addpath ('$here'); gpu_engine_check ($2, $3, false)" "GPU engine, grid $2x$3"
  done
fi
echo "dist: $passed passed, $failed failed, 0 skipped"
[ $failed = 0 ]
