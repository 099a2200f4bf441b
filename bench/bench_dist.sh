#!/bin/bash
# bench_dist.sh TARBALL [N] [NB] [RANKS] [ENGINE]: issue 35's comparison from Octave in one run: the N x N
# double product in one process (gpumat_mul on every GPU of the host, or Octave's * without a
# GPU) and on RANKS ranks under mpirun (gpumat_dist, one GPU per rank), the same matrices;
# prints both and the ratio, and appends to target/bench-dist.csv.  Defaults: N 4096, NB 512,
# RANKS 2, the linked ScaLAPACK (ENGINE summa: gpumat's SUMMA, the local products on each rank's
# GPU); issue 35's figure: N 40000 on the two-GPU machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tarball=$(realpath "$1"); N=${2:-4096}; NB=${3:-512}; RANKS=${4:-2}; ENGINE=${5:-}
csv=$root/target/bench-dist.csv
mkdir -p "$root/target"
[ -f "$root/target/__gpumat_dist__.mex" ] || { echo "bench_dist: the package was built without MPI and ScaLAPACK"; exit 1; }
[ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
bash "$root/tests/with-package.sh" "$tarball" "1;" >/dev/null
run () { bash "$root/tests/with-package.sh" "$tarball" "addpath ('$root/bench'); bench_dist ($1, $N, $NB, '$csv')"; }
single=$(run '"single"' | tail -n 1)
# --bind-to none: Open MPI binds each of 2 ranks to one core by default, and a rank's staging
# threads then share that core (40000^2 on 2 x H200: 3.97 s bound, 1.86 s not)
dist=$(mpirun --bind-to none --oversubscribe --mca btl self,vader --mca pml ob1 -np "$RANKS" \
       bash "$root/tests/with-package.sh" "$tarball" \
       "addpath ('$root/bench'); bench_dist (\"dist\", $N, $NB, '$csv', '$ENGINE')" | grep '^dist ' | tail -n 1)
echo "$single"
echo "$dist"
s=$(echo "$single" | sed -E 's/.*: ([0-9.]+) s.*/\1/'); d=$(echo "$dist" | sed -E 's/.*: ([0-9.]+) s.*/\1/')
awk -v s="$s" -v d="$d" -v r="$RANKS" 'BEGIN { printf "distributed on %d ranks: %.2f of the single process rate\n", r, s / d }'
