/* peer.cu: what the distributed layer's node-local engine (dist/gm_dist_peer.c) needs from the
 * runtime: device blocks that the other processes of the host map (CUDA IPC), copies between
 * any two device pointers, and C = A * B with A on the device and B, C on the host, the copies
 * overlapped with the products.
 *
 * gm_matmul_device_host cuts C into NCHUNKS column chunks (at least MIN_CHUNK_COLS columns):
 * chunk j's product runs on a stream of its own while one duplex copy (the staging pool: it
 * starts after stream 0's work, not this stream's) brings B's chunk j + 1 up and C's chunk
 * j - 1 down, into and out of the buffers chunk j - 1 used (free once its product has
 * finished: an event).  On the GPU idle time is the first chunk's upload and the last one's
 * download: 1/16 of B and of C.  At 40000 x 20000 x 40000 double on two H200 (one rank a GPU,
 * 2026-11-29) the products took 1.54 s of the 1.61 s after A was on the GPU: busy 96%.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gpumat.h"
#include "matmul_native.h"

#include <cuda_runtime.h>
#include <string.h>

static_assert (sizeof (gm_peer_handle) == sizeof (cudaIpcMemHandle_t),
               "gm_peer_handle holds a cudaIpcMemHandle_t");

enum { NCHUNKS = 16, MIN_CHUNK_COLS = 256, MIN_PEER_BYTES = 256 };

extern "C" gm_status gm_peer_alloc (void **d_ptr, size_t bytes, gm_peer_handle *handle)
{
  *d_ptr = NULL;
  memset (handle, 0, sizeof *handle);
  if (bytes < MIN_PEER_BYTES)
    bytes = MIN_PEER_BYTES;
  cudaError_t err = cudaMalloc (d_ptr, bytes);
  if (err == cudaErrorMemoryAllocation) {   /* the cache may hold what is missing */
    cudaGetLastError ();
    gm_device_release_cached ();
    err = cudaMalloc (d_ptr, bytes);
  }
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError ();
    *d_ptr = NULL;
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "cudaMalloc of %zu bytes for a shared block", bytes);
  }
  gm_status st = gm_cuda_status (err, "cudaMalloc");
  cudaIpcMemHandle_t h;
  if (st == GM_OK)
    st = gm_cuda_status (cudaIpcGetMemHandle (&h, *d_ptr), "cudaIpcGetMemHandle");
  if (st != GM_OK) {
    if (*d_ptr)
      cudaFree (*d_ptr);
    *d_ptr = NULL;
    return st;
  }
  memcpy (handle->bytes, &h, sizeof h);
  return GM_OK;
}

extern "C" void gm_peer_free (void *d_ptr)
{
  if (d_ptr)
    cudaFree (d_ptr);
}

extern "C" gm_status gm_peer_open (const gm_peer_handle *handle, void **d_ptr)
{
  *d_ptr = NULL;
  cudaIpcMemHandle_t h;
  memcpy (&h, handle->bytes, sizeof h);
  const gm_status st = gm_cuda_status (
    cudaIpcOpenMemHandle (d_ptr, h, cudaIpcMemLazyEnablePeerAccess), "cudaIpcOpenMemHandle");
  if (st != GM_OK)
    *d_ptr = NULL;
  return st;
}

extern "C" void gm_peer_close (void *d_ptr)
{
  if (d_ptr)
    cudaIpcCloseMemHandle (d_ptr);
}

extern "C" gm_status gm_copy_device_2d (void *d_dst, size_t dpitch, const void *d_src,
                                        size_t spitch, size_t width, size_t height)
{
  if (width == 0 || height == 0)
    return GM_OK;
  if (!d_dst || !d_src || (height > 1 && (dpitch < width || spitch < width)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_copy_device_2d: pointers or pitches");
  if (height == 1)   /* one run: no pitch limit on its length */
    return gm_cuda_status (cudaMemcpyAsync (d_dst, d_src, width, cudaMemcpyDefault, 0),
                           "cudaMemcpyAsync between devices");
  return gm_cuda_status (cudaMemcpy2DAsync (d_dst, dpitch, d_src, spitch, width, height,
                                            cudaMemcpyDefault, 0),
                         "cudaMemcpy2DAsync between devices");
}

extern "C" gm_status gm_matmul_device_host (gm_matmul_kernel kernel, gm_class cls, int64_t m,
                                            int64_t n, int64_t k, const void *d_A,
                                            const void *B, int b_on_host, void *h_C,
                                            double *busy_seconds)
{
  if (busy_seconds)
    *busy_seconds = 0;
  if (!gm_class_valid (cls) || m < 0 || n < 0 || k < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_matmul_device_host: class or sizes");
  if (m == 0 || n == 0)
    return GM_OK;
  const size_t es = gm_class_size (cls);
  int64_t cw = (n + NCHUNKS - 1) / NCHUNKS;
  cw = cw < MIN_CHUNK_COLS ? (n < MIN_CHUNK_COLS ? n : MIN_CHUNK_COLS) : cw;
  void *bufB[2] = {NULL, NULL}, *bufC[2] = {NULL, NULL};
  cudaEvent_t began[2] = {NULL, NULL}, done[2] = {NULL, NULL};
  cudaStream_t cs = NULL;
  gm_status st;
  for (;;) {   /* two B chunks (where B is on the host) and two C chunks; halve them if need be */
    size_t b_bytes = 0, c_bytes = 0;
    st = gm_mul_size3 ((size_t) k, (size_t) cw, es, &b_bytes);
    if (st == GM_OK)
      st = gm_mul_size3 ((size_t) m, (size_t) cw, es, &c_bytes);
    for (int b = 0; b < 2 && st == GM_OK; b++) {
      if (b_on_host)
        st = gm_device_alloc (&bufB[b], b_bytes + es);
      if (st == GM_OK)
        st = gm_device_alloc (&bufC[b], c_bytes);
    }
    if (st != GM_ERR_OUT_OF_MEMORY || cw == 1)
      break;
    for (int b = 0; b < 2; b++) {
      gm_device_free (bufB[b]);
      gm_device_free (bufC[b]);
      bufB[b] = bufC[b] = NULL;
    }
    cw = (cw + 1) / 2;
  }
  for (int b = 0; b < 2 && st == GM_OK; b++) {
    st = gm_cuda_status (cudaEventCreate (&began[b]), "cudaEventCreate");
    if (st == GM_OK)
      st = gm_cuda_status (cudaEventCreate (&done[b]), "cudaEventCreate");
  }
  if (st == GM_OK)
    st = gm_cuda_status (cudaStreamCreateWithFlags (&cs, cudaStreamNonBlocking),
                         "cudaStreamCreate");
  /* A (and a device B) may still be in the making on stream 0 */
  if (st == GM_OK)
    st = gm_stream_after_default (cs);

  const int64_t chunks = (n + cw - 1) / cw;
  const gm_host_span none = gm_contiguous (0);
  auto width = [&] (int64_t j) { return n - j * cw < cw ? n - j * cw : cw; };
  auto host_b = [&] (int64_t j) { return (const char *) B + (size_t) (j * cw) * k * es; };
  auto host_c = [&] (int64_t j) { return (char *) h_C + (size_t) (j * cw) * m * es; };
  if (st == GM_OK && b_on_host)
    st = gm_copy_duplex_2d (bufB[0], host_b (0), gm_contiguous ((size_t) k * width (0) * es),
                            NULL, NULL, none);
  double busy = 0;
  int64_t launched = 0;
  for (int64_t j = 0; j < chunks && st == GM_OK; j++) {
    const int b = (int) (j % 2);
    const void *chunk_b =
      b_on_host ? bufB[b] : (const char *) B + (size_t) (j * cw) * k * es;
    st = gm_cuda_status (cudaEventRecord (began[b], cs), "cudaEventRecord");
    if (st == GM_OK)
      st = gm_matmul_native (kernel, cls, GM_OP_NONE, GM_OP_NONE, m, width (j), k, d_A, m, 0,
                             chunk_b, k > 0 ? k : 1, 0, bufC[b], m, 0, 1, cs);
    if (st == GM_OK)
      st = gm_cuda_status (cudaEventRecord (done[b], cs), "cudaEventRecord");
    if (st != GM_OK)
      break;
    launched = j + 1;
    /* chunk j - 1's product has finished: its B buffer takes chunk j + 1, its C comes down */
    const int o = 1 - b;
    if (j > 0) {
      st = gm_cuda_status (cudaEventSynchronize (done[o]), "the product of a chunk");
      float ms = 0;
      if (st == GM_OK && cudaEventElapsedTime (&ms, began[o], done[o]) == cudaSuccess)
        busy += ms * 1e-3;
    }
    const bool up = b_on_host && j + 1 < chunks;
    if (st == GM_OK && (up || j > 0))
      st = gm_copy_duplex_2d (
        up ? bufB[o] : NULL, up ? host_b (j + 1) : NULL,
        up ? gm_contiguous ((size_t) k * width (j + 1) * es) : none, j > 0 ? host_c (j - 1) : NULL,
        j > 0 ? bufC[o] : NULL, j > 0 ? gm_contiguous ((size_t) m * width (j - 1) * es) : none);
  }
  if (launched > 0) {   /* the last product, and its C (after a failure: nothing in flight) */
    const int b = (int) ((launched - 1) % 2);
    const gm_status wait = gm_cuda_status (cudaEventSynchronize (done[b]), "the last product");
    if (st == GM_OK && (st = wait) == GM_OK) {
      float ms = 0;
      if (cudaEventElapsedTime (&ms, began[b], done[b]) == cudaSuccess)
        busy += ms * 1e-3;
      st = gm_copy_duplex_2d (NULL, NULL, none, host_c (launched - 1), bufC[b],
                              gm_contiguous ((size_t) m * width (launched - 1) * es));
    }
  }
  if (cs) {
    cudaStreamSynchronize (cs);
    cudaStreamDestroy (cs);
  }
  for (int b = 0; b < 2; b++) {
    if (began[b])
      cudaEventDestroy (began[b]);
    if (done[b])
      cudaEventDestroy (done[b]);
    gm_device_free (bufB[b]);
    gm_device_free (bufC[b]);
  }
  if (busy_seconds)
    *busy_seconds = busy;
  return st;
}
