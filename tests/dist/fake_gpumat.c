/* fake_gpumat.c: the few gpumat runtime functions dist/gm_dist_gpu.c calls, on host memory, so
 * that the GPU engine's messages, placement and chunking run under mpirun on a machine without
 * a GPU (tests/dist/run.sh links a __gpumat_dist__ of its own with this file in place of
 * libgpumat.so).  "Device" memory is malloc'ed; the product is the plain triple loop.
 * FAKE_GPU_LIMIT_BYTES=N on a rank makes its allocations past N bytes in all fail as out of
 * memory (the engine's "does not fit" path); FAKE_GPU_FAIL_PRODUCT=1 makes its products fail
 * (the engine's failure path).  Both are read at each call: a test sets them per rank.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gpumat.h"
#include "matmul_native.h"

#include <complex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char detail[256];
static size_t allocated;

const char *gm_error_detail (void)
{
  return detail;
}

gm_status gm_fail (gm_status status, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (detail, sizeof detail, fmt, ap);
  va_end (ap);
  return status;
}

gm_status gm_mul_size3 (size_t a, size_t b, size_t c, size_t *out)
{
  *out = a * b * c;
  return GM_OK;
}

gm_status gm_device_alloc (void **d_ptr, size_t bytes)
{
  *d_ptr = NULL;
  const char *limit = getenv ("FAKE_GPU_LIMIT_BYTES");
  if (limit && allocated + bytes > (size_t) atoll (limit))
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "fake device: %zu bytes past the limit", bytes);
  if (bytes == 0)
    return GM_OK;
  size_t *block = malloc (bytes + sizeof (size_t) * 2);
  if (!block)
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "malloc");
  block[0] = bytes;
  allocated += bytes;
  *d_ptr = block + 2;
  memset (*d_ptr, 0xA5, bytes < 65536 ? bytes : 65536);   /* garbage, as cudaMalloc's */
  return GM_OK;
}

void gm_device_free (void *d_ptr)
{
  if (!d_ptr)
    return;
  size_t *block = (size_t *) d_ptr - 2;
  allocated -= block[0];
  free (block);
}

gm_status gm_copy_to_device (void *d_dst, const void *h_src, size_t bytes)
{
  memcpy (d_dst, h_src, bytes);
  return GM_OK;
}

gm_status gm_sync (void)
{
  return GM_OK;
}

gm_status gm_copy_duplex_2d (void *d_dst, const void *h_src, gm_host_span up, void *h_dst,
                             const void *d_src, gm_host_span down)
{
  for (size_t r = 0; r < up.runs; r++)
    memcpy ((char *) d_dst + r * up.run, (const char *) h_src + r * up.pitch, up.run);
  for (size_t r = 0; r < down.runs; r++)
    memcpy ((char *) h_dst + r * down.pitch, (const char *) d_src + r * down.run, down.run);
  return GM_OK;
}

gm_status gm_copy_block (gm_class cls, int nd, const int64_t *dims, const void *d_src,
                         const int64_t *dst_dims, const int64_t *origin, void *d_dst,
                         cudaStream_t stream)
{
  (void) stream;
  if (nd != 2)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "fake gm_copy_block: 2-D only");
  const size_t es = gm_class_size (cls);
  if (origin[0] + dims[0] > dst_dims[0] || origin[1] + dims[1] > dst_dims[1])
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "fake gm_copy_block: a block past the array");
  for (int64_t j = 0; j < dims[1]; j++)
    memcpy ((char *) d_dst + ((origin[1] + j) * dst_dims[0] + origin[0]) * es,
            (const char *) d_src + j * dims[0] * es, dims[0] * es);
  return GM_OK;
}

#define PRODUCT(T)                                                                               \
  for (int64_t j = 0; j < n; j++)                                                                \
    for (int64_t i = 0; i < m; i++) {                                                            \
      T sum = 0;                                                                                 \
      for (int64_t p = 0; p < k; p++)                                                            \
        sum += ((const T *) d_A)[i + p * lda] * ((const T *) d_B)[p + j * ldb];                  \
      ((T *) d_C)[i + j * ldc] = sum;                                                            \
    }

gm_status gm_matmul (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb, int64_t m,
                     int64_t n, int64_t k, const void *d_A, int64_t lda, int64_t stride_a,
                     const void *d_B, int64_t ldb, int64_t stride_b, void *d_C, int64_t ldc,
                     int64_t stride_c, int64_t batch, cudaStream_t stream)
{
  (void) kernel;
  (void) stride_a;
  (void) stride_b;
  (void) stride_c;
  (void) stream;
  const char *fail = getenv ("FAKE_GPU_FAIL_PRODUCT");
  if (fail && atoi (fail))
    return gm_fail (GM_ERR_CUDA, "fake device: the product failed");
  if (opa != GM_OP_NONE || opb != GM_OP_NONE || batch != 1 || lda < m || ldb < k || ldc < m)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "fake gm_matmul: not the engine's form");
  switch (cls) {
  case GM_DOUBLE: PRODUCT (double) break;
  case GM_SINGLE: PRODUCT (float) break;
  case GM_COMPLEX_DOUBLE: PRODUCT (double complex) break;
  case GM_COMPLEX_SINGLE: PRODUCT (float complex) break;
  default: return gm_fail (GM_ERR_INVALID_ARGUMENT, "fake gm_matmul: class");
  }
  return GM_OK;
}

/* the engine asks auto's native choice (matmul_native.h): the same triple loop here */
gm_status gm_matmul_native (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                            int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                            int64_t stride_a, const void *d_B, int64_t ldb, int64_t stride_b,
                            void *d_C, int64_t ldc, int64_t stride_c, int64_t batch,
                            cudaStream_t stream)
{
  return gm_matmul (kernel, cls, opa, opb, m, n, k, d_A, lda, stride_a, d_B, ldb, stride_b, d_C,
                    ldc, stride_c, batch, stream);
}
