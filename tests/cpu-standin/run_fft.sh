#!/bin/bash
# run_fft.sh: kernels/fft.cu with tests/test_fft.cu run on the CPU, for a machine without a GPU.
# The logic only: gm_fft's dlopen of cuFFT, its plan cache, how it cuts the dimensions into
# cuFFT calls (batches, strides, loops), its conjugate fill and its division, against the
# test's long double reference.  cuFFT itself is a stand-in (emu_cufft.cpp: naive DFTs over
# cuFFT's documented data layout, built as a libcufft.so of its own and found by the dlopen
# through LD_LIBRARY_PATH), the two kernels run as loops (emu_launches.py), and gpumat's memory
# and complex helpers are host stand-ins below.  The GPU run of make test-kernels (the real
# cuFFT) remains the real test.  Also: the error where cuFFT cannot be loaded (test_fft_missing).
#
#   bash tests/cpu-standin/run_fft.sh        (always --quick: the stand-in's naive DFTs of the
#                                            2^20-point cases would take hours)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/cpu-standin
out=$root/target/cpu-standin/fft
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/lib"
n=$(python3 "$here/emu_launches.py" "$root/kernels/fft.cu" "$out/fft_emu.cpp")
sed -i 's|^#include "gpumat.h"|#include "emu.h"\n#include "emu_device.h"\n#include "gpumat.h"|' \
  "$out/fft_emu.cpp"
[ "$n" = 2 ] && grep -q '^#include "emu.h"' "$out/fft_emu.cpp" \
  || { echo "cpu-standin: kernels/fft.cu's launches or includes changed: update run_fft.sh" >&2; exit 1; }
sed -e 's|#include "test_util.h"|#include "emu.h"\n#include "emu_device.h"\n#include "test_util.h"|' \
    "$root/tests/test_fft.cu" > "$out/test_fft_emu.cpp"
# gpumat's memory (counted, so that the test's leak check means something), the complex
# promotion, the context and device queries fft.cu calls
cat > "$out/runtime_fft_emu.cpp" <<'CPP'
#include "emu.h"
#include <map>
#include "gpumat.h"
static std::map<void *, size_t> live;
extern "C" {
cudaError_t cudaGetDevice (int *d) { *d = 0; return cudaSuccess; }
gm_status gm_device_alloc (void **p, size_t n)
{
  *p = NULL;
  if (!n) return GM_OK;
  if (cudaMalloc (p, n) != cudaSuccess) return GM_ERR_OUT_OF_MEMORY;
  live[*p] = n;
  return GM_OK;
}
void gm_device_free (void *p) { if (p && live.erase (p)) cudaFree (p); }
void gm_device_usage (size_t *blocks, size_t *bytes, size_t *cached)
{
  size_t b = 0;
  for (auto &e : live) b += e.second;
  *blocks = live.size (); *bytes = b; *cached = 0;
}
gm_status gm_mul_size (size_t a, size_t b, size_t *out)
{
  if (a != 0 && b > SIZE_MAX / a) return GM_ERR_SIZE_OVERFLOW;
  *out = a * b;
  return GM_OK;
}
gm_status gm_real_to_complex (gm_class cls, int64_t count, const void *src, void *dst, cudaStream_t)
{
  for (int64_t i = 0; i < count; i++)
    if (cls == GM_COMPLEX_DOUBLE) {
      ((double *) dst)[2 * i] = ((const double *) src)[i]; ((double *) dst)[2 * i + 1] = 0;
    } else {
      ((float *) dst)[2 * i] = ((const float *) src)[i]; ((float *) dst)[2 * i + 1] = 0;
    }
  return GM_OK;
}
unsigned gm_context_epoch (void) { return 1; }
int gm_context_lost (void) { return 0; }
void gm_reset (void) { gm_fft_release (); }
}
CPP
CXX="g++ -O1 -std=c++17 -fPIC -I$here -I$root/kernels -I$root/tests -I$cuda/include"
major=$(sed -n 's/^#define CUFFT_VER_MAJOR *\([0-9]*\).*/\1/p' "$cuda/include/cufft.h")
$CXX -shared -o "$out/lib/libcufft.so.$major" "$here/emu_cufft.cpp"
$CXX -c "$out/fft_emu.cpp" -o "$out/fft_emu.o"
$CXX -c "$out/runtime_fft_emu.cpp" -o "$out/runtime_fft_emu.o"
$CXX -c "$here/emu_runtime.cpp" -o "$out/emu_runtime.o"
$CXX "$out/test_fft_emu.cpp" "$out/fft_emu.o" "$out/runtime_fft_emu.o" "$out/emu_runtime.o" \
  -ldl -lpthread -o "$out/test_fft"
# Where cuFFT cannot be loaded: fft.cu built to look for a file that does not exist must say so,
# name it and say what to install, from gm_fft_library and from gm_fft alike.
sed 's|"libcufft.so." GM_STR (CUFFT_VER_MAJOR)|"libcufft.so.missing"|' "$out/fft_emu.cpp" \
  > "$out/fft_missing_emu.cpp"
grep -q 'libcufft.so.missing' "$out/fft_missing_emu.cpp" \
  || { echo "cpu-standin: kernels/fft.cu's CUFFT_SONAME changed: update run_fft.sh" >&2; exit 1; }
cat > "$out/test_fft_missing.cpp" <<'CPP'
#include "emu.h"
#include <string.h>
#include "gpumat.h"
int main ()
{
  int passed = 0, failed = 0, version = 0;
  const int64_t dims[2] = {4, 1};
  double x[4] = {1, 2, 3, 4}, y[8];
  for (int k = 0; k < 2; k++) {
    gm_status st = k ? gm_fft (GM_DOUBLE, 2, dims, 0, 0, 0, x, y, 0) : gm_fft_library (&version);
    const char *d = gm_error_detail ();
    if (st == GM_ERR_CUDA && strstr (d, "libcufft.so.missing") && strstr (d, "could not be loaded")
        && strstr (d, "install") && strstr (d, "LD_LIBRARY_PATH"))
      passed++;
    else {
      failed++;
      printf ("FAIL: %s: status %d, message: %s\n", k ? "gm_fft" : "gm_fft_library", (int) st, d);
    }
  }
  printf ("test_fft_missing: %d passed, %d failed\n", passed, failed);
  return failed > 0;
}
CPP
$CXX -c "$out/fft_missing_emu.cpp" -o "$out/fft_missing_emu.o"
$CXX "$out/test_fft_missing.cpp" "$out/fft_missing_emu.o" "$out/runtime_fft_emu.o" \
  "$out/emu_runtime.o" -ldl -lpthread -o "$out/test_fft_missing"
status=0
"$out/test_fft_missing" || status=1
LD_LIBRARY_PATH="$out/lib" "$out/test_fft" --quick || status=1
# again with a cuFFT that refuses strided R2C plans: gm_fft's fallback to C2C gives the same
echo "test_fft with strided R2C refused (the C2C fallback):"
EMU_CUFFT_REFUSE_STRIDED_R2C=1 LD_LIBRARY_PATH="$out/lib" "$out/test_fft" --quick || status=1
exit $status
