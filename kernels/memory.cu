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
 * One stream, in order (issue 12): every gpumat operation on device arrays queues its work on the
 * legacy default stream (stream 0) and may return before that work has run.  A block freed to
 * the cache may therefore still be read or written by queued work; it is handed out again at
 * once all the same, because whatever its next owner queues goes on the same stream, after that
 * work.  Work on any other stream (the staging pool's copies, host_ops' and host_ooc's streams)
 * is ordered after stream 0 before it touches a block: transfer.cu records an event on stream 0
 * that its streams wait for, and host_ops/host_ooc make the streams of their own wait for one
 * (gm_stream_after_default) before they launch on them.  Blocks given back to CUDA are freed
 * only after a device synchronize (cudaFree synchronizes too, but we do not lean on it).
 *
 * A kernel fault in queued work is a sticky error: the context is lost and every later CUDA
 * call fails with it.  gm_reset then resets the device (cudaDeviceReset) and starts a new
 * context; the blocks that were live are gone with the old one.  Their addresses are kept as
 * "dead": an old gpumat array's handle is then refused (gm_device_is_live) and its free ignored,
 * and a new cudaMalloc that returns the very address of a dead block keeps that block aside
 * (quarantined, never handed out) until the old handle is freed, so a stale handle can never
 * reach a new array's memory.
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
/* After a context reset: the addresses of the blocks it lost, and new blocks that came back at
   one of those addresses (kept out of use until the stale handle is freed). */
static block_list dead_blocks, quarantined_blocks;
static size_t cached_total;
static int device_ready;
/* Bumped by each context reset: per-context state kept elsewhere (kernel attributes set with
   cudaFuncSetAttribute) is compared against it. */
static unsigned context_epoch = 1;

extern "C" unsigned gm_context_epoch (void) { return context_epoch; }

static long list_find (const block_list *list, const void *ptr)
{
  for (size_t i = list->count; i-- > 0;)
    if (list->items[i].ptr == ptr)
      return (long) i;
  return -1;
}

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
  /* Queued work may still use a cached block (see the header): wait for it first. */
  const cudaError_t idle = cudaDeviceSynchronize ();
  for (size_t i = 0; i < cached_blocks.count; i++)
    cudaFree (cached_blocks.items[i].ptr);
  cached_blocks.count = 0;
  cached_total = 0;
  /* The matmul kernels' stream-ordered workspaces (matmul.cu: aligned copies of misaligned
     operands) stay in the device's default pool up to its release threshold: hand them back
     too, after the work that may still use them. */
  int dev;
  cudaMemPool_t pool;
  if (idle == cudaSuccess && cudaGetDevice (&dev) == cudaSuccess
      && cudaDeviceGetDefaultMemPool (&pool, dev) == cudaSuccess)
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
  /* After a context reset: never hand out the address of a block an old handle still names
     (see the header); each try that lands on one keeps that block aside and asks again. */
  while (err == cudaSuccess && list_find (&dead_blocks, p) >= 0) {
    if (!list_push (&quarantined_blocks, p, size)) {
      cudaFree (p);
      return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
    }
    p = NULL;
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
      /* Cached at once, queued work or not: its next owner's work queues after it. */
      if (size <= CACHE_LIMIT - cached_total && list_push (&cached_blocks, d_ptr, size))
        cached_total += size;
      else {
        (void) cudaDeviceSynchronize ();   /* queued work may still use it */
        cudaFree (d_ptr);
        (void) cudaGetLastError ();
      }
      return;
    }
  /* The handle of a block lost in a context reset: forget it, and give back a new block that
     was kept aside because it came back at the same address. */
  const long dead = list_find (&dead_blocks, d_ptr);
  if (dead >= 0) {
    list_remove (&dead_blocks, (size_t) dead);
    const long q = list_find (&quarantined_blocks, d_ptr);
    if (q >= 0) {
      list_remove (&quarantined_blocks, (size_t) q);
      cudaFree (d_ptr);
      (void) cudaGetLastError ();
    }
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

/* The one wait: everything queued so far has run.  A fault in queued work comes back here (and
   from any later CUDA call) as CUDA's sticky error, e.g. cudaErrorIllegalAddress or
   cudaErrorLaunchFailure; gm_reset recovers from it. */
extern "C" gm_status gm_sync (void)
{
  if (!device_ready)
    return GM_OK;
  return gm_cuda_status (cudaDeviceSynchronize (), "cudaDeviceSynchronize");
}

extern "C" gm_status gm_stream_after_default (cudaStream_t stream)
{
  cudaEvent_t queued;
  cudaError_t err = cudaEventCreateWithFlags (&queued, cudaEventDisableTiming);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaEventCreate");
  err = cudaEventRecord (queued, 0);
  if (err == cudaSuccess)
    err = cudaStreamWaitEvent (stream, queued, 0);
  cudaEventDestroy (queued);       /* released once it has completed */
  return gm_cuda_status (err, "ordering a stream after stream 0");
}

extern "C" int gm_context_lost (void)
{
  if (!device_ready)
    return 0;
  /* A non-sticky error is cleared by cudaGetLastError and not seen again; a sticky one (a
     kernel fault) is returned by every call, the second synchronize included. */
  if (cudaDeviceSynchronize () == cudaSuccess)
    return 0;
  (void) cudaGetLastError ();
  return cudaDeviceSynchronize () != cudaSuccess;
}

extern "C" void gm_reset (void)
{
  if (!device_ready)
    return;
  const int lost = gm_context_lost ();
  /* The staging threads and the pinned buffers first: they belong to the context. */
  gm_transfer_release ();
  if (!lost) {
    gm_device_release_cached ();
    return;
  }
  /* The context is gone with its memory: live blocks become dead addresses (their handles are
     refused from now on), the cache and the quarantine are simply forgotten. */
  cudaDeviceReset ();
  (void) cudaGetLastError ();
  for (size_t i = 0; i < live_blocks.count; i++)
    if (list_find (&dead_blocks, live_blocks.items[i].ptr) < 0
        && !list_push (&dead_blocks, live_blocks.items[i].ptr, live_blocks.items[i].bytes))
      break;    /* no host memory for the table: that handle is merely unknown, never live */
  live_blocks.count = 0;
  cached_blocks.count = 0;
  cached_total = 0;
  quarantined_blocks.count = 0;
  context_epoch++;
  /* The next call that needs the GPU makes a new context (gm_init), not this one: gm_reset
     also runs at Octave's exit. */
  device_ready = 0;
}
