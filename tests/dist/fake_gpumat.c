/* fake_gpumat.c: the few gpumat runtime functions dist/gm_dist_gpu.c calls, on host memory, so
 * that the GPU engine's messages, placement and chunking run under mpirun on a machine without
 * a GPU (tests/dist/run.sh links a __gpumat_dist__ of its own with this file in place of
 * libgpumat.so).  "Device" memory is malloc'ed; the product is the plain triple loop.
 * FAKE_GPU_LIMIT_BYTES=N on a rank makes its allocations past N bytes in all fail as out of
 * memory (the engine's "does not fit" path); FAKE_GPU_FAIL_PRODUCT=1 makes its products fail
 * (the engine's failure path).  Both are read at each call: a test sets them per rank.
 * The peer route's shared blocks (gm_peer_*) are POSIX shared memory (shm_open), which the
 * ranks of one machine map as CUDA IPC maps device memory; FAKE_GPU_NO_PEER=1 on a rank makes
 * its mappings fail (the route's fall back to broadcasts).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gpumat.h"
#include "matmul_native.h"

#include <complex.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

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

/* ---- the peer route: shared blocks in POSIX shared memory ---------------------------------- */
typedef struct {
  char name[48];
  size_t bytes;
} fake_handle;

enum { MAPPINGS = 256 };
static struct {
  void *at;
  size_t bytes;
  char name[48];   /* "" where this process only maps the block */
} mappings[MAPPINGS];

static int remember (void *at, size_t bytes, const char *owned_name)
{
  for (int i = 0; i < MAPPINGS; i++)
    if (!mappings[i].at) {
      mappings[i].at = at;
      mappings[i].bytes = bytes;
      snprintf (mappings[i].name, sizeof mappings[i].name, "%s", owned_name);
      return 0;
    }
  return -1;
}

static void forget (void *at)
{
  for (int i = 0; at && i < MAPPINGS; i++)
    if (mappings[i].at == at) {
      munmap (at, mappings[i].bytes);
      if (mappings[i].name[0])
        shm_unlink (mappings[i].name);
      mappings[i].at = NULL;
      return;
    }
}

static void *map_shared (const char *name, size_t bytes, int create)
{
  const int fd = shm_open (name, create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0600);
  if (fd < 0)
    return NULL;
  void *at = create && ftruncate (fd, (off_t) bytes) != 0
               ? MAP_FAILED
               : mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close (fd);
  if (at == MAP_FAILED && create)
    shm_unlink (name);
  return at == MAP_FAILED ? NULL : at;
}

gm_status gm_peer_alloc (void **d_ptr, size_t bytes, gm_peer_handle *handle)
{
  static unsigned serial;
  *d_ptr = NULL;
  memset (handle, 0, sizeof *handle);
  bytes = bytes < 256 ? 256 : bytes;
  const char *limit = getenv ("FAKE_GPU_LIMIT_BYTES");
  if (limit && allocated + bytes > (size_t) atoll (limit))
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "fake device: %zu bytes past the limit", bytes);
  fake_handle h;
  memset (&h, 0, sizeof h);
  snprintf (h.name, sizeof h.name, "/gpumat-fake-%d-%u", (int) getpid (), serial++);
  h.bytes = bytes;
  void *at = map_shared (h.name, bytes, 1);
  if (!at || remember (at, bytes, h.name) != 0) {
    if (at) {
      munmap (at, bytes);
      shm_unlink (h.name);
    }
    return gm_fail (GM_ERR_CUDA, "fake device: shared memory for %zu bytes", bytes);
  }
  memset (at, 0xA5, bytes < 65536 ? bytes : 65536);
  memcpy (handle->bytes, &h, sizeof h);
  *d_ptr = at;
  return GM_OK;
}

void gm_peer_free (void *d_ptr)
{
  forget (d_ptr);
}

gm_status gm_peer_open (const gm_peer_handle *handle, void **d_ptr)
{
  *d_ptr = NULL;
  fake_handle h;
  memcpy (&h, handle->bytes, sizeof h);
  const char *no_peer = getenv ("FAKE_GPU_NO_PEER");
  if (no_peer && atoi (no_peer))
    return gm_fail (GM_ERR_CUDA, "fake device: no peer mappings on this rank");
  void *at = map_shared (h.name, h.bytes, 0);
  if (!at || remember (at, h.bytes, "") != 0) {
    if (at)
      munmap (at, h.bytes);
    return gm_fail (GM_ERR_CUDA, "fake device: cannot map %s", h.name);
  }
  *d_ptr = at;
  return GM_OK;
}

void gm_peer_close (void *d_ptr)
{
  forget (d_ptr);
}

gm_status gm_copy_device_2d (void *d_dst, size_t dpitch, const void *d_src, size_t spitch,
                             size_t width, size_t height)
{
  for (size_t r = 0; r < height; r++)
    memcpy ((char *) d_dst + r * dpitch, (const char *) d_src + r * spitch, width);
  return GM_OK;
}

gm_status gm_matmul_device_host (gm_matmul_kernel kernel, gm_class cls, int64_t m, int64_t n,
                                 int64_t k, const void *d_A, const void *B, int b_on_host,
                                 void *h_C, double *busy_seconds)
{
  (void) b_on_host;
  if (busy_seconds)
    *busy_seconds = 0;
  if (m == 0 || n == 0)
    return GM_OK;
  return gm_matmul (kernel, cls, GM_OP_NONE, GM_OP_NONE, m, n, k, d_A, m, 0, B, k > 0 ? k : 1,
                    0, h_C, m, 0, 1, 0);
}
