#!/bin/bash
# gpu-verify.sh: everything to verify on the GPU machine in one go (device time is scarce):
# make check with the GPU tests running, make sanitize, make demo, make bench-kernels and
# make bench.  Logs go to $OUT (or target/gpu-verify); a short summary is printed last.
#   bash .device-kit/setup && bash tests/gpu-verify.sh [steps...]
# steps: check sanitize memcheck racecheck synccheck demo bench-kernels bench bench-algorithms
# bench-percall bench-scale (default: check sanitize demo bench-kernels bench); memcheck,
# racecheck and synccheck are make sanitize with one tool each, to fit the device's 10-minute
# calls
set -uo pipefail
out=${OUT:-target/gpu-verify}
mkdir -p "$out"
export CUDA_ARCH=${CUDA_ARCH:-90}
steps=${*:-check sanitize demo bench-kernels bench}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/device.txt"
summary=()
for step in $steps; do
  start=$(date +%s)
  case $step in
    memcheck|racecheck|synccheck) make --no-print-directory sanitize SANITIZE_TOOLS=$step ;;
    *) make --no-print-directory "$step" ;;
  esac > "$out/$step.log" 2>&1
  rc=$?
  summary+=("$(printf '%-14s rc=%-3s %4ss  %s' "$step" "$rc" "$(( $(date +%s) - start ))" \
               "$(grep -E 'passed, .* failed|sanitize:|All results match|ERROR SUMMARY' "$out/$step.log" | tail -n 1)")")
done
cp target/bench-end-to-end.* target/bench-algorithms.csv "$out/" 2>/dev/null
cp fntests.log "$out/" 2>/dev/null
echo "==== summary ($(cat "$out/device.txt"))"
printf '%s\n' "${summary[@]}"
