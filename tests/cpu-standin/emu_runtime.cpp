// emu_runtime.cpp: the CUDA runtime calls and gm_ status functions index.cu, elementwise.cu and their tests
// call, done on the CPU (tests/cpu-standin/run.sh, run_elementwise.sh).
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#include "emu.h"
#include <stdarg.h>
#include "gpumat.h"
emu_dim3 blockIdx, threadIdx, gridDim, blockDim;
extern "C" {
cudaError_t cudaMemcpyAsync (void *d, const void *s, size_t n, cudaMemcpyKind, cudaStream_t) { memmove (d, s, n); return cudaSuccess; }
cudaError_t cudaMemcpy (void *d, const void *s, size_t n, cudaMemcpyKind) { memmove (d, s, n); return cudaSuccess; }
cudaError_t cudaMemcpy2DAsync (void *d, size_t dp, const void *s, size_t sp, size_t w, size_t h, cudaMemcpyKind, cudaStream_t)
{ if (dp < w || sp < w) return cudaErrorInvalidPitchValue; for (size_t r = 0; r < h; r++) memcpy ((char *) d + r * dp, (const char *) s + r * sp, w); return cudaSuccess; }
cudaError_t cudaMemsetAsync (void *d, int v, size_t n, cudaStream_t) { memset (d, v, n); return cudaSuccess; }
cudaError_t cudaMemset (void *d, int v, size_t n) { memset (d, v, n); return cudaSuccess; }
cudaError_t cudaGetLastError (void) { return cudaSuccess; }
cudaError_t cudaDeviceSynchronize (void) { return cudaSuccess; }
cudaError_t cudaStreamSynchronize (cudaStream_t) { return cudaSuccess; }
/* 256-byte aligned as cudaMalloc's blocks: elementwise.cu picks its vector paths by alignment */
cudaError_t cudaMalloc (void **p, size_t n) { *p = aligned_alloc (256, (n + 256) / 256 * 256); return *p ? cudaSuccess : cudaErrorMemoryAllocation; }
cudaError_t cudaFree (void *p) { free (p); return cudaSuccess; }
/* page-locked host memory (fft.cu's sample buffer) is plain host memory here */
cudaError_t cudaMallocHost (void **p, size_t n)
{ *p = malloc (n); return *p ? cudaSuccess : cudaErrorMemoryAllocation; }
cudaError_t cudaFreeHost (void *p) { free (p); return cudaSuccess; }
/* 1 GiB of "device" memory: tests that need more (test_elementwise's 13 GB wide broadcast) skip */
cudaError_t cudaMemGetInfo (size_t *free_bytes, size_t *total) { *free_bytes = *total = (size_t) 1 << 30; return cudaSuccess; }
const char *cudaGetErrorString (cudaError_t) { return "emu"; }
static char detail[512];
const char *gm_error_detail (void) { return detail; }
gm_status gm_fail (gm_status st, const char *fmt, ...) { va_list a; va_start (a, fmt); vsnprintf (detail, sizeof detail, fmt, a); va_end (a); return st; }
gm_status gm_cuda_status (cudaError_t e, const char *w) { return e == cudaSuccess ? GM_OK : gm_fail (GM_ERR_CUDA, "%s: %d", w, (int) e); }
int gm_available (void) { return 1; }
gm_status gm_init (void) { return GM_OK; }
const char *gm_class_name (gm_class c) { static const char *n[] = {"double","single","complex double","complex single","int8","uint8","int16","uint16","int32","uint32","int64","uint64"}; return gm_class_valid (c) ? n[c] : "?"; }
}
