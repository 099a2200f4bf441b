/* status.cu: error bookkeeping and checked size arithmetic shared by every kernels/ file.
 *
 * The detail text (and the out-of-memory figures) belong to the calling thread: Octave runs the
 * gateway on one thread, where they are read right after a call returned an error, before any
 * other gpumat call; the several-device product (host_ooc.cu) runs one host thread per device,
 * and its threads must not overwrite each other's text: the first failure is copied back to
 * the calling thread by host_ooc.cu itself.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdarg.h>
#include <stdio.h>
#include "gpumat.h"

static __thread char error_detail[512];
static __thread size_t oom_requested, oom_free;

extern "C" const char *gm_error_detail (void) { return error_detail; }

extern "C" const char *gm_class_name (gm_class c)
{
  static const char *const names[GM_CLASS_COUNT] = {
    "double", "single", "complex double", "complex single", "int8", "uint8", "int16", "uint16",
    "int32", "uint32", "int64", "uint64"};
  return gm_class_valid (c) ? names[c] : "unknown class";
}

extern "C" gm_status gm_fail (gm_status status, const char *fmt, ...)
{
  va_list args;
  va_start (args, fmt);
  vsnprintf (error_detail, sizeof error_detail, fmt, args);
  va_end (args);
  return status;
}

extern "C" gm_status gm_cuda_status (cudaError_t err, const char *where)
{
  if (err == cudaSuccess)
    return GM_OK;
  gm_status status = GM_ERR_CUDA;
  if (err == cudaErrorMemoryAllocation)
    status = GM_ERR_OUT_OF_MEMORY;
  else if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver
           || err == cudaErrorInitializationError || err == cudaErrorDevicesUnavailable
           || err == cudaErrorSystemDriverMismatch || err == cudaErrorCompatNotSupportedOnDevice)
    status = GM_ERR_NO_DEVICE;
  /* A sticky error (an earlier kernel fault) also shows here: cudaGetLastError clears only the
     non-sticky ones, so later calls keep failing with the same text, which is what we report. */
  (void) cudaGetLastError ();
  return gm_fail (status, "%s: %s (%s)", where, cudaGetErrorString (err), cudaGetErrorName (err));
}

extern "C" void gm_record_oom (size_t requested, size_t free_bytes)
{
  oom_requested = requested;
  oom_free = free_bytes;
}

extern "C" void gm_oom_bytes (size_t *requested, size_t *free_bytes)
{
  if (requested) *requested = oom_requested;
  if (free_bytes) *free_bytes = oom_free;
}

extern "C" gm_status gm_mul_size (size_t a, size_t b, size_t *out)
{
  if (a != 0 && b > SIZE_MAX / a)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "size %zu x %zu overflows", a, b);
  *out = a * b;
  return GM_OK;
}

extern "C" gm_status gm_mul_size3 (size_t a, size_t b, size_t c, size_t *out)
{
  size_t ab;
  gm_status st = gm_mul_size (a, b, &ab);
  return st != GM_OK ? st : gm_mul_size (ab, c, out);
}

/* A kernel that stops with a trap: the device-side fault that tests need to check that an error
   in queued work surfaces at the next wait and what gm_reset does after it (the launch itself
   succeeds; the error, cudaErrorLaunchFailure, is sticky). */
static __global__ void trap_kernel (void)
{
  __trap ();
}

extern "C" gm_status gm_test_fault (cudaStream_t stream)
{
  gm_status st = gm_init ();
  if (st != GM_OK)
    return st;
  trap_kernel<<<1, 1, 0, stream>>> ();
  return gm_cuda_status (cudaGetLastError (), "gm_test_fault: launch");
}
