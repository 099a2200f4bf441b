#!/bin/bash
# check.sh TARBALL: what `make check` runs.
#  1. installs the package tarball into a private prefix and runs every %! test of the
#     installed package through __run_test_suite__ (`pkg test` always exits 0);
#  2. the value-type shell against a host-memory mock of the gateway (tests/mock/shell_checks.m),
#     the parity of gpumat arrays with host arrays (tests/parity_check.m: against the real
#     gateway on a GPU, the mock without one), and on a GPU the agreement of the direct road
#     and the gateway road (tests/direct_check.m) (shell_checks:
#     indexing sizes, growth, deletion, copy on write, views, frees, save/load; no GPU needed);
#     the compiled method fronts against their m-files (tests/front_check.m, the real gateway or
#     the mock), then `clear all` and Octave's exit with them loaded;
#  3. the words of the no-GPU error (tests/test_device_message.c, host compiler only), ozaki
#     scheme II's CRT arithmetic step for step against exact values (bench/ozaki2_model.c
#     --crt), and the
#     CPU stand-ins of the index, element-wise, scan, shape, FFT, sort, complex reduction and
#     triangular solve kernels (tests/cpu-standin: the kernels' logic with their launches turned
#     into loops, or into CPU threads for the triangular solve), which need
#     no GPU either;
#  4. the distributed products (tests/dist/run.sh: several ranks under mpirun, where the package
#     was built with MPI and ScaLAPACK; skipped elsewhere);
#  5. on a machine with a GPU, also tests/fault_check.m (a fault in queued work, in an Octave
#     process of its own), tests/shape_gateway_check.m, tests/sort_gateway_check.m and the
#     C-level kernel tests (make test-kernels);
#  6. prints one closing line "N passed, N failed, N skipped" and exits non-zero on any
#     failure, on a test run that stopped early, or when nothing passed.
# Each part's full output is in target/check/; the terminal gets its summary line.
set -uo pipefail
tarball=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p target/check
# The host-only tests (single-threaded programs) run beside the Octave suite in two chains of
# about 40 s each on 2 cores (run.sh and run_elementwise.sh share object files, so they run one
# after the other; the rest write their own), each into target/check/NAME.log with its exit
# status in NAME.rc; their results are printed and counted after it, in order.
rm -f target/check/*.rc target/check/parity*.log
(
  log=target/check/test_device_message
  { ${CC:-cc} -Wall -I"$here/../mex" -I"$here/../kernels" -I"${CUDA_HOME:-/usr/local/cuda}/include" \
      "$here/test_device_message.c" "$here/../mex/gw_device_message.c" \
      -o target/check/test_device_message && target/check/test_device_message; } > "$log.log" 2>&1
  echo $? > "$log.rc"
  # ozaki scheme II's CRT arithmetic, kernels/ozaki/scheme2.cu's steps on the CPU (12-16 moduli)
  log=target/check/ozaki2_crt
  { ${CC:-cc} -O2 -Wall "$here/../bench/ozaki2_model.c" -lquadmath -lm -o target/check/ozaki2_model \
      && target/check/ozaki2_model --crt; } > "$log.log" 2>&1
  echo $? > "$log.rc"
  # standin NAME: one stand-in script into its log and rc.
  # Where a GPU is present, test_elementwise runs on it (make test-kernels) and its CPU
  # stand-in is left out: built by Ubuntu 24.04's g++ 13.3 at -O2 on the GPU machine, the
  # stand-in program ends with SIGSEGV there, while the same source passes under ASan, UBSan
  # and valgrind there and here, and with g++ 12 and clang 14 at -O2 and -O3 here (its
  # threads run one after another, which the kernels do not promise).
  # (run_scan likewise: test_scan runs on the GPU there; run_shape links the same
  # stand-in, and its checks run on the GPU there: test_shape, shape_gateway_check; run_fft:
  # test_fft runs there over the real cuFFT; run_sort: test_sort, sort_gateway_check;
  # run_reduce_int: test_reduce_int; run_reduce_complex: test_reduce_complex; run_tri_solve:
  # test_solve's triangular solves)
  standin () {
    if [ "$1" != run ] && nvidia-smi -L > /dev/null 2>&1; then
      echo skip > "target/check/cpu-standin-$1.rc"
      return
    fi
    bash "$here/cpu-standin/$1.sh" > "target/check/cpu-standin-$1.log" 2>&1
    echo $? > "target/check/cpu-standin-$1.rc"
  }
  { standin run; standin run_elementwise; standin run_fft; standin run_reduce_complex; } &
  { standin run_scan; standin run_shape; standin run_sort; standin run_reduce_int; standin run_tri_solve; } &
  wait
) &
host_tests=$!
# Whether the package sees a GPU (this first call also installs it): the parity check runs
# against the real gateway there, against the mock without one.  It starts now, beside the
# Octave suite (against the mock it is 64 s of one core, the longest part after the stand-ins),
# and is collected after it.
gpu_seen=0
if bash "$here/with-package.sh" "$tarball" "exit (! gpumat_available ())" 2>&1 \
     | grep -v '^For information about changes' | tee target/check/probe.log; then
  gpu_seen=1
fi
mock=""
[ "$gpu_seen" = 1 ] || mock="addpath ('$here/mock');"
# In as many parts as the machine has cores, up to 4, side by side.
parity_parts=$(nproc 2>/dev/null || echo 1)
[ "$parity_parts" -le 4 ] || parity_parts=4
parity_jobs=
# (only once the probe above has installed the package: the parts would each try otherwise)
[ -f target/octave-pkg/installed.sha256 ] || parity_parts=0
for part in $(seq 1 "$parity_parts"); do
  ( bash "$here/with-package.sh" "$tarball" \
      "$mock addpath ('$here'); parity_check ($part, $parity_parts)" \
      > "target/check/parity-$part.log" 2>&1
    echo $? > "target/check/parity-$part.rc" ) &
  parity_jobs="$parity_jobs $!"
done
summary=target/check/octave-summary.txt
rm -f "$summary"
# The parity parts share the GPU with this suite: its device-wide free-memory check stands down
# (gpumat.m's leak test keeps its check of gpumat's own blocks).
GPUMAT_TEST_SHARED_GPU=$([ "$parity_parts" -gt 0 ] && echo 1) \
  bash "$here/with-package.sh" "$tarball" "addpath ('$here'); run_package_tests ('$(pwd)/$summary')" \
  || echo "octave: the test run itself failed" >&2
# The suite's own figures, or a failure if it never wrote them.
read -r passed failed skipped expected gpu < "$summary" 2>/dev/null \
  || { passed=0; failed=1; skipped=0; expected=0; gpu=0; }
status=0
echo "== value-type shell against the mock gateway (tests/mock)"
if bash "$here/with-package.sh" "$tarball" "addpath ('$here/mock'); shell_checks ()"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
# Parity: every function the type supports on gpumat and host arrays, every class and shape
# (tests/parity_check.m), started above.
echo "== parity of gpumat arrays with host arrays (tests/parity_check.m${mock:+, mock gateway}, $parity_parts parts)"
wait $parity_jobs
cat target/check/parity-[0-9]*.log > target/check/parity.log 2>/dev/null
parity_rc=0
parity_cases=0; parity_mismatches=0
if [ "$parity_parts" = 0 ]; then
  echo "parity_check: not run (the package did not install)"; parity_rc=1; failed=$((failed + 1))
fi
# case_counts NAME LOG: "CASES MISMATCHES" from LOG's line "NAME: N cases, M mismatches", or
# nothing (a run that stopped before its summary).
case_counts () {
  sed -n "s/^$1: \([0-9]*\) cases, \([0-9]*\) mismatches.*\$/\1 \2/p" "$2"
}
for part in $(seq 1 "$parity_parts"); do
  [ "$(cat "target/check/parity-$part.rc" 2>/dev/null)" = 0 ] || parity_rc=1
  if read -r cases mismatches < <(case_counts parity_check "target/check/parity-$part.log"); then
    parity_cases=$((parity_cases + cases)); parity_mismatches=$((parity_mismatches + mismatches))
  else
    tail -n 20 "target/check/parity-$part.log"; failed=$((failed + 1))
  fi
done
passed=$((passed + parity_cases - parity_mismatches)); failed=$((failed + parity_mismatches))
echo "parity_check: $parity_cases cases, $parity_mismatches mismatches"
grep -E '^  by function:|^  [A-Za-z_0-9]+ \(' target/check/parity.log | head -n 40
[ "$parity_rc" = 0 ] || echo "FAILED: the whole output is in target/check/parity.log"
# The two roads of a call (the value type calling the runtime library, or the MEX gateway)
# give the same bits (tests/direct_check.m); it needs the real gateway, so a GPU.
if [ "$gpu" = 1 ]; then
  echo "== the direct road and the gateway road agree (tests/direct_check.m)"
  bash "$here/with-package.sh" "$tarball" "addpath ('$here'); direct_check ()" \
    > target/check/direct.log 2>&1
  direct_rc=$?
  if read -r cases mismatches < <(case_counts direct_check target/check/direct.log); then
    passed=$((passed + cases - mismatches)); failed=$((failed + mismatches))
    grep -E '^direct_check:|^  [^ ]' target/check/direct.log | head -n 40
  else
    tail -n 20 target/check/direct.log; failed=$((failed + 1))
  fi
  [ "$direct_rc" = 0 ] || echo "FAILED: the whole output is in target/check/direct.log"
  # The functions that move elements against Octave's own, every class, through the real
  # gateway (tests/shape_gateway_check.m; without a GPU, run_shape.sh runs it on CPU stand-ins).
  echo "== shape functions against Octave's own (tests/shape_gateway_check.m)"
  bash "$here/with-package.sh" "$tarball" "addpath ('$here'); shape_gateway_check ()" \
    > target/check/shape.log 2>&1
  shape_rc=$?
  if read -r p f < <(sed -n 's/^shape_gateway_check: \([0-9]*\) passed, \([0-9]*\) failed.*$/\1 \2/p' target/check/shape.log); then
    passed=$((passed + p)); failed=$((failed + f))
    grep -E '^shape_gateway_check:|^FAIL' target/check/shape.log | head -n 40
  else
    tail -n 20 target/check/shape.log; failed=$((failed + 1))
  fi
  [ "$shape_rc" = 0 ] || echo "FAILED: the whole output is in target/check/shape.log"
  # sort, find, nnz and median against Octave's own on every class and shape, on the real
  # gateway (tests/sort_gateway_check.m; without a GPU, run_sort.sh runs it on CPU stand-ins).
  echo "== sort, find, nnz and median against Octave's own (tests/sort_gateway_check.m)"
  bash "$here/with-package.sh" "$tarball" "addpath ('$here'); sort_gateway_check ()" \
    > target/check/sort.log 2>&1
  sort_rc=$?
  if read -r p f < <(sed -n 's/^sort_gateway_check: \([0-9]*\) passed, \([0-9]*\) failed.*$/\1 \2/p' target/check/sort.log); then
    passed=$((passed + p)); failed=$((failed + f))
    grep -E '^sort_gateway_check:|^FAIL' target/check/sort.log | head -n 40
  else
    tail -n 20 target/check/sort.log; failed=$((failed + 1))
  fi
  [ "$sort_rc" = 0 ] || echo "FAILED: the whole output is in target/check/sort.log"
  # integer sum, prod, cumsum ("native"), max and min against Octave's own, on the real gateway
  # (tests/ireduce_gateway_check.m; without a GPU, run_reduce_int.sh runs it on CPU stand-ins).
  echo "== integer reductions against Octave's own (tests/ireduce_gateway_check.m)"
  bash "$here/with-package.sh" "$tarball" "addpath ('$here'); ireduce_gateway_check ()" \
    > target/check/ireduce.log 2>&1
  ireduce_rc=$?
  if read -r p f < <(sed -n 's/^ireduce_gateway_check: \([0-9]*\) passed, \([0-9]*\) failed.*$/\1 \2/p' target/check/ireduce.log); then
    passed=$((passed + p)); failed=$((failed + f))
    grep -E '^ireduce_gateway_check:|^FAIL' target/check/ireduce.log | head -n 40
  else
    tail -n 20 target/check/ireduce.log; failed=$((failed + 1))
  fi
  [ "$ireduce_rc" = 0 ] || echo "FAILED: the whole output is in target/check/ireduce.log"
else
  echo "== the direct road and the gateway road agree: skipped (needs a GPU)"
  skipped=$((skipped + 1))
fi
# counted PROGRAM LOG: add the "NAME: N passed, N failed[, N skipped]" lines of LOG to the
# totals, and count a program that failed without saying so (it did not build) as one failure.
counted () {
  local rc=$1 log=$2 p f s found=0
  while read -r p f s; do
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + ${s:-0})); found=1
  done < <(sed -n 's/^[a-z0-9_]*: \([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}.*$/\1 \2 \4/p' "$log")
  grep -E '^[a-z0-9_]*: [0-9]+ passed, [0-9]+ failed' "$log" || true
  [ "$rc" = 0 ] && return
  if [ "$found" = 0 ] || ! grep -qE ': [0-9]+ passed, [1-9][0-9]* failed' "$log"; then
    tail -n 20 "$log"        # it stopped without saying what failed: count that as a failure
    failed=$((failed + 1))
  else
    grep -m 20 '^FAIL' "$log"
  fi
  echo "FAILED (exit status $rc): the whole output is in $log"
}
# The compiled fronts of the hot @gpumat methods give their m-files' results (tests/front_check.m),
# against the real gateway on a GPU, the mock without one; then `clear all` with live arrays,
# the fronts loaded again, and Octave's exit (a crash there fails the run).
echo "== compiled method fronts against their m-files (tests/front_check.m${mock:+, mock gateway})"
bash "$here/with-package.sh" "$tarball" "$mock addpath ('$here'); \
  warning ('off', 'gpumat:hostFallback'); front_check (); \
  G = gpumat (magic (4)); s = sum (G); clear all; G = gpumat (magic (4)); \
  assert (gather (sum (G)), [34 34 34 34]); [m, i] = max (G); assert (gather (i), [1 4 4 1]); \
  assert (gather (dot (G(:, 1), G(:, 1))), 378); assert (gather (gpumat (5)), 5); \
  clear all; x = mean (gpumat (1:3)); clear all" > target/check/front.log 2>&1
counted $? target/check/front.log
wait $host_tests
echo "== the no-GPU message (tests/test_device_message.c)"
counted "$(cat target/check/test_device_message.rc 2>/dev/null || echo 1)" target/check/test_device_message.log
echo "== ozaki scheme II's CRT arithmetic on the CPU (bench/ozaki2_model.c --crt)"
counted "$(cat target/check/ozaki2_crt.rc 2>/dev/null || echo 1)" target/check/ozaki2_crt.log
for s in run run_elementwise run_scan run_shape run_fft run_sort run_reduce_int run_reduce_complex run_tri_solve; do
  echo "== CPU stand-in: tests/cpu-standin/$s.sh"
  if [ "$(cat target/check/cpu-standin-$s.rc 2>/dev/null)" = skip ]; then
    echo "skipped: a GPU is here, and the kernels' own test runs on it"
    skipped=$((skipped + 1))
    continue
  fi
  counted "$(cat target/check/cpu-standin-$s.rc 2>/dev/null || echo 1)" target/check/cpu-standin-$s.log
done
echo "== distributed products under mpirun (tests/dist/run.sh)"
bash "$here/dist/run.sh" "$tarball" > target/check/dist.log 2>&1
counted $? target/check/dist.log
if [ "$gpu" = 1 ]; then
  echo "== a fault in queued work, in an Octave process of its own (tests/fault_check.m)"
  if bash "$here/with-package.sh" "$tarball" "addpath ('$here'); fault_check ()"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  echo "== C-level kernel tests (GPU found)"
  make --no-print-directory test-kernels 2>&1 | tee target/check/kernels.log
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  while read -r p f s; do
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
  done < <(sed -n 's/^test_[a-z0-9_]*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' \
             target/check/kernels.log)
else
  echo "== C-level kernel tests: skipped (no usable GPU)"
fi
[ "$failed" = 0 ] && [ "$passed" -gt 0 ] || status=1
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
