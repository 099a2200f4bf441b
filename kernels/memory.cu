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
 * Devices: every function works on the calling thread's current device (cudaSetDevice), which
 * is device 0 for Octave's thread (gm_init) unless a caller switches it for one call
 * (gm_use_device) and back.  Each device has its own heap; a block freed goes back to the cache
 * of the device it was allocated on, whichever thread or current device frees it
 * (gm_device_free finds it).  The lists are under one mutex: the several-device product
 * (host_ooc.cu) allocates from one host thread per device at once.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "gpumat.h"

#define CACHE_LIMIT ((size_t) 4 << 30)

typedef struct { void *ptr; size_t bytes; } block;
typedef struct { block *items; size_t count, capacity; } block_list;

/* One heap per device ordinal: a block is cudaMalloc'ed on the caller's current device, lives in
   that device's list and goes back to that device's cache (or to cudaFree with that device
   current), whichever thread frees it.  The several-device product (host_ooc.cu) allocates and
   frees from one host thread per device at once: every list is under heap_lock (a few
   operations a product, never in a loop of kernels). */
typedef struct {
  block_list live, cached;
  size_t cached_total;
  int used;                          /* a block was ever allocated here: gm_reset visits it */
} device_heap;

static device_heap heaps[GM_MAX_DEVICES];
static pthread_mutex_t heap_lock = PTHREAD_MUTEX_INITIALIZER;
static int device_ready;

/* The caller's current device, which must be one gpumat can keep a heap for. */
static gm_status current_device (int *dev)
{
  cudaError_t err = cudaGetDevice (dev);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaGetDevice");
  if (*dev < 0 || *dev >= GM_MAX_DEVICES)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "device %d: gpumat handles devices 0 to %d", *dev,
                    GM_MAX_DEVICES - 1);
  return GM_OK;
}

/* cudaFree with the block's own device current (a pointer of another device is freed there,
   and the caller's device is left as it was). */
static void free_on (int dev, void *ptr)
{
  int cur = -1;
  if (cudaGetDevice (&cur) == cudaSuccess && cur != dev && cudaSetDevice (dev) == cudaSuccess) {
    cudaFree (ptr);
    cudaSetDevice (cur);
  } else
    cudaFree (ptr);
  (void) cudaGetLastError ();
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

/* The cache of device `dev` back to CUDA; heap_lock held, `dev` current. */
static void release_cached_locked (int dev)
{
  device_heap *h = &heaps[dev];
  for (size_t i = 0; i < h->cached.count; i++)
    cudaFree (h->cached.items[i].ptr);
  h->cached.count = 0;
  h->cached_total = 0;
  /* The matmul kernels' stream-ordered workspaces (matmul.cu: aligned copies of misaligned
     operands) stay in the device's default pool up to its release threshold: hand them back
     too, after the work that may still use them. */
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool (&pool, dev) == cudaSuccess
      && cudaDeviceSynchronize () == cudaSuccess)
    cudaMemPoolTrimTo (pool, 0);
  (void) cudaGetLastError ();
}

extern "C" void gm_device_release_cached (void)
{
  int dev;
  if (current_device (&dev) != GM_OK)
    return;
  pthread_mutex_lock (&heap_lock);
  release_cached_locked (dev);
  pthread_mutex_unlock (&heap_lock);
}

extern "C" gm_status gm_device_alloc (void **d_ptr, size_t bytes)
{
  *d_ptr = NULL;
  if (bytes == 0)
    return GM_OK;
  gm_status st = gm_init ();
  int dev;
  if (st != GM_OK || (st = current_device (&dev)) != GM_OK)
    return st;
  device_heap *h = &heaps[dev];
  size_t size = rounded_size (bytes);
  pthread_mutex_lock (&heap_lock);
  for (size_t i = 0; i < h->cached.count; i++)
    if (h->cached.items[i].bytes == size) {
      void *p = h->cached.items[i].ptr;
      if (!list_push (&h->live, p, size)) {
        pthread_mutex_unlock (&heap_lock);
        return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
      }
      h->cached_total -= size;
      list_remove (&h->cached, i);
      pthread_mutex_unlock (&heap_lock);
      *d_ptr = p;
      return GM_OK;
    }
  void *p = NULL;
  cudaError_t err = cudaMalloc (&p, size);
  if (err == cudaErrorMemoryAllocation) {
    (void) cudaGetLastError ();
    release_cached_locked (dev);
    err = cudaMalloc (&p, size);
  }
  if (err != cudaSuccess) {
    pthread_mutex_unlock (&heap_lock);
    size_t free_bytes = 0, total = 0;
    (void) cudaGetLastError ();
    cudaMemGetInfo (&free_bytes, &total);
    gm_record_oom (bytes, free_bytes);
    st = gm_cuda_status (err, "cudaMalloc");
    if (st == GM_ERR_OUT_OF_MEMORY)
      return gm_fail (st, "cannot allocate %zu bytes on GPU %d (%zu bytes free)", bytes, dev,
                      free_bytes);
    return st;
  }
  h->used = 1;
  if (!list_push (&h->live, p, size)) {
    pthread_mutex_unlock (&heap_lock);
    cudaFree (p);
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
  }
  pthread_mutex_unlock (&heap_lock);
  *d_ptr = p;
  return GM_OK;
}

/* The heap and index of a live block; heap_lock held.  -1 when it is not ours. */
static int find_live (const void *d_ptr, size_t *index)
{
  for (int d = 0; d < GM_MAX_DEVICES; d++)
    for (size_t i = heaps[d].live.count; i-- > 0;)
      if (heaps[d].live.items[i].ptr == d_ptr) {
        *index = i;
        return d;
      }
  return -1;
}

extern "C" void gm_device_free (void *d_ptr)
{
  if (!d_ptr)
    return;
  pthread_mutex_lock (&heap_lock);
  size_t i;
  const int dev = find_live (d_ptr, &i);
  if (dev >= 0) {
    device_heap *h = &heaps[dev];
    size_t size = h->live.items[i].bytes;
    list_remove (&h->live, i);
    if (size <= CACHE_LIMIT - h->cached_total && list_push (&h->cached, d_ptr, size))
      h->cached_total += size;
    else
      free_on (dev, d_ptr);
  }
  /* Not ours: nothing to do (never cudaFree a pointer we did not hand out). */
  pthread_mutex_unlock (&heap_lock);
}

extern "C" int gm_device_is_live (const void *d_ptr, size_t bytes)
{
  pthread_mutex_lock (&heap_lock);
  size_t i;
  const int dev = find_live (d_ptr, &i);
  const int live = dev >= 0 && heaps[dev].live.items[i].bytes >= bytes;
  pthread_mutex_unlock (&heap_lock);
  return live;
}

extern "C" int gm_device_of (const void *d_ptr)
{
  pthread_mutex_lock (&heap_lock);
  size_t i;
  const int dev = find_live (d_ptr, &i);
  pthread_mutex_unlock (&heap_lock);
  return dev;
}

extern "C" void gm_device_usage (size_t *live_count, size_t *live_bytes, size_t *cached_bytes)
{
  size_t count = 0, total = 0, cached = 0;
  pthread_mutex_lock (&heap_lock);
  for (int d = 0; d < GM_MAX_DEVICES; d++) {
    count += heaps[d].live.count;
    for (size_t i = 0; i < heaps[d].live.count; i++)
      total += heaps[d].live.items[i].bytes;
    cached += heaps[d].cached_total;
  }
  pthread_mutex_unlock (&heap_lock);
  if (live_count) *live_count = count;
  if (live_bytes) *live_bytes = total;
  if (cached_bytes) *cached_bytes = cached;
}

extern "C" gm_status gm_device_count (int *count)
{
  *count = 0;
  gm_status st = gm_init ();
  if (st != GM_OK)
    return st;
  cudaError_t err = cudaGetDeviceCount (count);
  if (err != cudaSuccess)
    return no_device (err, "cudaGetDeviceCount");
  if (*count > GM_MAX_DEVICES)
    *count = GM_MAX_DEVICES;       /* the heaps' limit; devices past it are not offered */
  return GM_OK;
}

extern "C" gm_status gm_check_devices (const int *devices, int count)
{
  if (!devices || count == 0)
    return GM_OK;
  if (count < 0 || count > GM_MAX_DEVICES)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%d devices listed (1 to %d)", count,
                    GM_MAX_DEVICES);
  int have = 0;
  gm_status st = gm_device_count (&have);
  if (st != GM_OK)
    return st;
  for (int i = 0; i < count; i++) {
    if (devices[i] < 0 || devices[i] >= have)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "GPU %d does not exist: this host has %d GPU%s, "
                      "numbered 0 to %d", devices[i], have, have == 1 ? "" : "s", have - 1);
    for (int j = 0; j < i; j++)
      if (devices[j] == devices[i])
        return gm_fail (GM_ERR_INVALID_ARGUMENT, "GPU %d is listed twice", devices[i]);
  }
  return GM_OK;
}

extern "C" gm_status gm_use_device (int dev, int *previous)
{
  int count = 0;
  gm_status st = gm_device_count (&count);
  if (st != GM_OK)
    return st;
  if (dev < 0 || dev >= count)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "GPU %d does not exist: this host has %d GPU%s, "
                    "numbered 0 to %d", dev, count, count == 1 ? "" : "s", count - 1);
  int cur = 0;
  cudaError_t err = cudaGetDevice (&cur);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaGetDevice");
  if (previous)
    *previous = cur;
  if (cur == dev)
    return GM_OK;
  err = cudaSetDevice (dev);
  if (err == cudaSuccess)
    err = cudaFree (0);              /* the context now, so that a failure shows here */
  if (err != cudaSuccess) {
    cudaSetDevice (cur);
    return no_device (err, "creating a CUDA context on the GPU");
  }
  return GM_OK;
}

extern "C" gm_status gm_device_query_index (int dev, gm_device_info *info)
{
  memset (info, 0, sizeof *info);
  int previous = 0;
  gm_status st = gm_use_device (dev, &previous);
  if (st != GM_OK)
    return st;
  cudaDeviceProp prop;
  cudaError_t err = cudaGetDeviceProperties (&prop, dev);
  if (err != cudaSuccess)
    st = gm_cuda_status (err, "cudaGetDeviceProperties");
  if (st == GM_OK) {
    strncpy (info->name, prop.name, sizeof info->name - 1);
    info->major = prop.major;
    info->minor = prop.minor;
    info->multiprocessors = prop.multiProcessorCount;
    gm_sync ();
    gm_device_release_cached ();
    err = cudaMemGetInfo (&info->free_bytes, &info->total_bytes);
    if (err != cudaSuccess)
      st = gm_cuda_status (err, "cudaMemGetInfo");
    cudaDriverGetVersion (&info->driver_version);
    cudaRuntimeGetVersion (&info->runtime_version);
  }
  if (previous != dev)
    cudaSetDevice (previous);
  return st;
}

extern "C" gm_status gm_device_query (gm_device_info *info)
{
  return gm_device_query_index (0, info);
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
  /* every device gpumat allocated on: its cache back to CUDA, with that device current */
  int cur = 0;
  (void) cudaGetDevice (&cur);
  pthread_mutex_lock (&heap_lock);
  for (int d = 0; d < GM_MAX_DEVICES; d++)
    if (heaps[d].used && (d == cur || cudaSetDevice (d) == cudaSuccess)) {
      cudaDeviceSynchronize ();
      release_cached_locked (d);
    }
  pthread_mutex_unlock (&heap_lock);
  cudaSetDevice (cur);
  (void) cudaGetLastError ();
  gm_transfer_release ();
}
