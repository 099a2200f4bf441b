/* host_ops.cu: whole operations on host arrays: allocate, upload, compute, download, free.
 *
 * Each function frees everything it allocated on every path, so after an error nothing is
 * left on the device; and each waits for its result, so the caller can read it at once.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include "gpumat.h"

/* Device buffers of one call, freed together. */
typedef struct { void *ptr[4]; int count; } buffer_set;

static gm_status buffers_alloc (buffer_set *set, void **d_ptr, size_t bytes)
{
  gm_status st = gm_device_alloc (d_ptr, bytes);
  if (st == GM_OK)
    set->ptr[set->count++] = *d_ptr;
  return st;
}

static gm_status buffers_free (buffer_set *set, gm_status st)
{
  for (int i = 0; i < set->count; i++)
    gm_device_free (set->ptr[i]);
  set->count = 0;
  return st;
}

static gm_status element_bytes (gm_class cls, int64_t a, int64_t b, size_t *bytes)
{
  if (a < 0 || b < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "negative array size");
  return gm_mul_size3 ((size_t) a, (size_t) b, gm_class_size (cls), bytes);
}

extern "C" gm_status gm_matmul_host (gm_matmul_kernel kernel, gm_class cls, int64_t m,
                                     int64_t n, int64_t k, const void *h_A, const void *h_B,
                                     void *h_C)
{
  size_t bytes_A, bytes_B, bytes_C;
  gm_status st;
  if ((st = element_bytes (cls, m, k, &bytes_A)) != GM_OK
      || (st = element_bytes (cls, k, n, &bytes_B)) != GM_OK
      || (st = element_bytes (cls, m, n, &bytes_C)) != GM_OK)
    return st;
  if (bytes_C == 0)
    return GM_OK;
  if (k == 0) {               /* an empty sum: zeros, as m-by-0 times 0-by-n gives in Octave */
    memset (h_C, 0, bytes_C);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  buffer_set set = {{0}, 0};
  void *d_A, *d_B, *d_C;
  if ((st = buffers_alloc (&set, &d_A, bytes_A)) != GM_OK
      || (st = buffers_alloc (&set, &d_B, bytes_B)) != GM_OK
      || (st = buffers_alloc (&set, &d_C, bytes_C)) != GM_OK
      || (st = gm_copy_to_device (d_A, h_A, bytes_A)) != GM_OK
      || (st = gm_copy_to_device (d_B, h_B, bytes_B)) != GM_OK
      || (st = gm_matmul (kernel, cls, m, n, k, d_A, m, d_B, k, d_C, m, 0)) != GM_OK
      || (st = gm_sync ()) != GM_OK
      || (st = gm_copy_to_host (h_C, d_C, bytes_C)) != GM_OK)
    return buffers_free (&set, st);
  return buffers_free (&set, GM_OK);
}

extern "C" gm_status gm_scale_host (gm_class cls, int64_t count, const void *h_alpha,
                                    const void *h_B, void *h_C)
{
  size_t bytes;
  gm_status st = element_bytes (cls, count, 1, &bytes);
  if (st != GM_OK || bytes == 0)
    return st;
  if ((st = gm_init ()) != GM_OK)
    return st;
  buffer_set set = {{0}, 0};
  void *d_alpha, *d_B, *d_C;
  if ((st = buffers_alloc (&set, &d_alpha, gm_class_size (cls))) != GM_OK
      || (st = buffers_alloc (&set, &d_B, bytes)) != GM_OK
      || (st = buffers_alloc (&set, &d_C, bytes)) != GM_OK
      || (st = gm_copy_to_device (d_alpha, h_alpha, gm_class_size (cls))) != GM_OK
      || (st = gm_copy_to_device (d_B, h_B, bytes)) != GM_OK
      || (st = gm_scale (cls, count, d_alpha, d_B, d_C, 0)) != GM_OK
      || (st = gm_sync ()) != GM_OK
      || (st = gm_copy_to_host (h_C, d_C, bytes)) != GM_OK)
    return buffers_free (&set, st);
  return buffers_free (&set, GM_OK);
}

extern "C" gm_status gm_dot_device (gm_class cls, int64_t pre, int64_t len, int64_t post,
                                    const void *d_x, const void *d_y, void *d_out)
{
  size_t work_bytes = 0;
  gm_status st = gm_dot_workspace_size (cls, pre, len, post, &work_bytes);
  if (st != GM_OK)
    return st;
  buffer_set set = {{0}, 0};
  void *d_work = NULL;
  if ((st = buffers_alloc (&set, &d_work, work_bytes)) != GM_OK
      || (st = gm_dot (cls, pre, len, post, d_x, d_y, d_out, d_work, work_bytes, 0)) != GM_OK
      || (st = gm_sync ()) != GM_OK)
    return buffers_free (&set, st);
  return buffers_free (&set, GM_OK);
}

extern "C" gm_status gm_dot_host (gm_class cls, int64_t pre, int64_t len, int64_t post,
                                  const void *h_x, const void *h_y, void *h_out)
{
  size_t bytes_in, bytes_out;
  gm_status st;
  if ((st = element_bytes (cls, pre, post, &bytes_out)) != GM_OK
      || (st = element_bytes (cls, len, 1, &bytes_in)) != GM_OK
      || (st = gm_mul_size (bytes_in, (size_t) pre * (size_t) post, &bytes_in)) != GM_OK)
    return st;
  if (bytes_out == 0)
    return GM_OK;
  if (len == 0) {
    memset (h_out, 0, bytes_out);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  buffer_set set = {{0}, 0};
  void *d_x, *d_y, *d_out;
  if ((st = buffers_alloc (&set, &d_x, bytes_in)) != GM_OK
      || (st = buffers_alloc (&set, &d_y, bytes_in)) != GM_OK
      || (st = buffers_alloc (&set, &d_out, bytes_out)) != GM_OK
      || (st = gm_copy_to_device (d_x, h_x, bytes_in)) != GM_OK
      || (st = gm_copy_to_device (d_y, h_y, bytes_in)) != GM_OK
      || (st = gm_dot_device (cls, pre, len, post, d_x, d_y, d_out)) != GM_OK
      || (st = gm_copy_to_host (h_out, d_out, bytes_out)) != GM_OK)
    return buffers_free (&set, st);
  return buffers_free (&set, GM_OK);
}
