/* memory.cu: device selection, device queries and a caching allocator over cudaMalloc.
 *
 * Why cache: cudaMalloc + cudaFree of a 128 MiB block cost ~0.1-1 ms and synchronize the
 * device, which is more than a 16x16 product takes; a chain of gpumat products would pay it on
 * every temporary.  Freed blocks are kept, keyed by a rounded size, and handed out again.
 *
 * Rounding: below 1 MiB to the next power of two (at least 512 B), above to a multiple of 2 MiB
 * (at most 2 MiB, under 2%, wasted on the large arrays that matter).  At most CACHE_LIMIT bytes
 * stay cached; any allocation failure first returns the cache to CUDA and tries again, and a
 * device query returns it too, so the free memory users see is that of live arrays.
 *
 * Every gpumat operation synchronizes before it returns, so a freed block is idle on the device
 * and safe to reuse at once.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdlib.h>
#include <string.h>
#include "gpumat.h"

#define CACHE_LIMIT ((size_t) 4 << 30)

typedef struct { void *ptr; size_t bytes; } block;
typedef struct { block *items; size_t count, capacity; } block_list;

static block_list live_blocks, cached_blocks;
static size_t cached_total;
static int device_ready;

static int list_push (block_list *list, void *ptr, size_t bytes)
{
  if (list->count == list->capacity) {
    size_t cap = list->capacity ? 2 * list->capacity : 64;
    block *items = (block *) realloc (list->items, cap * sizeof (block));
    if (!items)
      return 0;
    list->items = items;
    list->capacity = cap;
  }
  list->items[list->count].ptr = ptr;
  list->items[list->count].bytes = bytes;
  list->count++;
  return 1;
}

static void list_remove (block_list *list, size_t i)
{
  list->items[i] = list->items[--list->count];
}

static size_t rounded_size (size_t bytes)
{
  const size_t big = (size_t) 1 << 20, granule = (size_t) 2 << 20;
  if (bytes >= big)
    return bytes > SIZE_MAX - granule ? bytes : (bytes + granule - 1) / granule * granule;
  size_t r = 512;
  while (r < bytes)
    r <<= 1;
  return r;
}

/* Any failure while finding or opening the device means "no usable GPU" to the user, whatever
   CUDA's code: no driver gives cudaErrorInsufficientDriver (35), a driver without a GPU
   cudaErrorNoDevice (100).  CUDA's own words go into the detail. */
static gm_status no_device (cudaError_t err, const char *where)
{
  (void) cudaGetLastError ();
  return gm_fail (GM_ERR_NO_DEVICE, "%s: %s (%s)", where, cudaGetErrorString (err),
                  cudaGetErrorName (err));
}

extern "C" gm_status gm_init (void)
{
  if (device_ready)
    return GM_OK;
  int count = 0;
  cudaError_t err = cudaGetDeviceCount (&count);
  if (err != cudaSuccess)
    return no_device (err, "cudaGetDeviceCount");
  if (count == 0)
    return gm_fail (GM_ERR_NO_DEVICE, "cudaGetDeviceCount: no CUDA-capable device is detected");
  err = cudaSetDevice (0);
  if (err == cudaSuccess)
    err = cudaFree (0);              /* creates the context now, not inside the first timing */
  if (err != cudaSuccess)
    return no_device (err, "creating a CUDA context on device 0");
  device_ready = 1;
  return GM_OK;
}

extern "C" int gm_available (void)
{
  return gm_init () == GM_OK;
}

extern "C" void gm_device_release_cached (void)
{
  for (size_t i = 0; i < cached_blocks.count; i++)
    cudaFree (cached_blocks.items[i].ptr);
  cached_blocks.count = 0;
  cached_total = 0;
  /* The matmul kernels' stream-ordered workspaces (matmul.cu: aligned copies of misaligned
     operands) stay in the device's default pool up to its release threshold: hand them back
     too, after the work that may still use them. */
  int dev;
  cudaMemPool_t pool;
  if (cudaGetDevice (&dev) == cudaSuccess && cudaDeviceGetDefaultMemPool (&pool, dev) == cudaSuccess
      && cudaDeviceSynchronize () == cudaSuccess)
    cudaMemPoolTrimTo (pool, 0);
  (void) cudaGetLastError ();
}

extern "C" gm_status gm_device_alloc (void **d_ptr, size_t bytes)
{
  *d_ptr = NULL;
  if (bytes == 0)
    return GM_OK;
  gm_status st = gm_init ();
  if (st != GM_OK)
    return st;
  size_t size = rounded_size (bytes);
  for (size_t i = 0; i < cached_blocks.count; i++)
    if (cached_blocks.items[i].bytes == size) {
      void *p = cached_blocks.items[i].ptr;
      if (!list_push (&live_blocks, p, size))
        return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
      cached_total -= size;
      list_remove (&cached_blocks, i);
      *d_ptr = p;
      return GM_OK;
    }
  void *p = NULL;
  cudaError_t err = cudaMalloc (&p, size);
  if (err == cudaErrorMemoryAllocation) {
    (void) cudaGetLastError ();
    gm_device_release_cached ();
    err = cudaMalloc (&p, size);
  }
  if (err != cudaSuccess) {
    size_t free_bytes = 0, total = 0;
    (void) cudaGetLastError ();
    cudaMemGetInfo (&free_bytes, &total);
    gm_record_oom (bytes, free_bytes);
    st = gm_cuda_status (err, "cudaMalloc");
    if (st == GM_ERR_OUT_OF_MEMORY)
      return gm_fail (st, "cannot allocate %zu bytes on the GPU (%zu bytes free)", bytes,
                      free_bytes);
    return st;
  }
  if (!list_push (&live_blocks, p, size)) {
    cudaFree (p);
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
  }
  *d_ptr = p;
  return GM_OK;
}

extern "C" void gm_device_free (void *d_ptr)
{
  if (!d_ptr)
    return;
  for (size_t i = live_blocks.count; i-- > 0;)
    if (live_blocks.items[i].ptr == d_ptr) {
      size_t size = live_blocks.items[i].bytes;
      list_remove (&live_blocks, i);
      if (size <= CACHE_LIMIT - cached_total && list_push (&cached_blocks, d_ptr, size))
        cached_total += size;
      else
        cudaFree (d_ptr);
      return;
    }
  /* Not ours: nothing to do (never cudaFree a pointer we did not hand out). */
}

extern "C" int gm_device_is_live (const void *d_ptr, size_t bytes)
{
  for (size_t i = 0; i < live_blocks.count; i++)
    if (live_blocks.items[i].ptr == d_ptr)
      return live_blocks.items[i].bytes >= bytes;
  return 0;
}

extern "C" void gm_device_usage (size_t *live_count, size_t *live_bytes, size_t *cached_bytes)
{
  size_t total = 0;
  for (size_t i = 0; i < live_blocks.count; i++)
    total += live_blocks.items[i].bytes;
  if (live_count) *live_count = live_blocks.count;
  if (live_bytes) *live_bytes = total;
  if (cached_bytes) *cached_bytes = cached_total;
}

extern "C" gm_status gm_device_query (gm_device_info *info)
{
  memset (info, 0, sizeof *info);
  gm_status st = gm_init ();
  if (st != GM_OK)
    return st;
  cudaDeviceProp prop;
  cudaError_t err = cudaGetDeviceProperties (&prop, 0);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaGetDeviceProperties");
  strncpy (info->name, prop.name, sizeof info->name - 1);
  info->major = prop.major;
  info->minor = prop.minor;
  info->multiprocessors = prop.multiProcessorCount;
  gm_sync ();
  gm_device_release_cached ();
  err = cudaMemGetInfo (&info->free_bytes, &info->total_bytes);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaMemGetInfo");
  cudaDriverGetVersion (&info->driver_version);
  cudaRuntimeGetVersion (&info->runtime_version);
  return GM_OK;
}

extern "C" gm_status gm_sync (void)
{
  if (!device_ready)
    return GM_OK;
  return gm_cuda_status (cudaDeviceSynchronize (), "cudaDeviceSynchronize");
}

extern "C" void gm_reset (void)
{
  if (!device_ready)
    return;
  cudaDeviceSynchronize ();
  gm_device_release_cached ();
  gm_transfer_release ();
}
