/* memory.cu: device selection, device queries and a caching allocator over cudaMalloc.
 *
 * Why cache: cudaMalloc + cudaFree of a 128 MiB block cost ~0.1-1 ms and synchronize the
 * device, which is more than a 16x16 product takes; a chain of gpumat products would pay it on
 * every temporary.  Freed blocks are kept, keyed by a rounded size, and handed out again.
 *
 * Rounding: below 1 MiB to the next power of two (at least 512 B), above to a multiple of 2 MiB
 * (at most 2 MiB, under 2%, wasted on the large arrays that matter).  At most CACHE_LIMIT bytes
 * stay cached, the blocks cached longest going back to CUDA first; any allocation failure first returns the cache to CUDA and tries again, and a
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
 * call fails with it.  gm_reset then resets the device (cudaDeviceReset: the lost context's
 * memory goes back to the GPU) and the next call tries a new context; the blocks that were live
 * are gone with the old one (per device: each device's context is checked and reset on its
 * own).  CUDA's documentation says a process must be restarted after such an error, and on the
 * H100 with driver 580 it is so: every new context after the reset fails with
 * cudaErrorDevicesUnavailable, retried for 10 s, a second reset included (probe of 2026-11-25,
 * bench/NOTES-value-type.md).  gm_init then says so (restart the program); a driver that does
 * allow a new context gets one.  Their addresses are kept as
 * "dead": an old gpumat array's handle is then refused (gm_device_is_live) and its free ignored,
 * and a new cudaMalloc that returns the very address of a dead block keeps that block aside
 * (quarantined, never handed out) until the old handle is freed, so a stale handle can never
 * reach a new array's memory.
 *
 *
 * Devices: every function works on the calling thread's current device (cudaSetDevice), which
 * is device 0 for Octave's thread (gm_init) unless a caller switches it for one call
 * (gm_use_device) and back.  Each device has its own heap; a block freed goes back to the cache
 * of the device it was allocated on, whichever thread or current device frees it
 * (gm_device_free finds it).  The lists are under one mutex: the several-device product
 * (host_ooc.cu) allocates from one host thread per device at once.  A hash table of the live
 * blocks (live_index) answers "is this a live block, of which device" in a few probes, however
 * many arrays are alive: every operation asks it of its operands.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
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
  /* After a context reset of this device: the addresses of the blocks it lost, and new blocks
     that came back at one of those addresses (kept out of use until the stale handle is freed). */
  block_list dead, quarantined;
  int used;                          /* a block was ever allocated here: gm_reset visits it */
} device_heap;

static device_heap heaps[GM_MAX_DEVICES];
static pthread_mutex_t heap_lock = PTHREAD_MUTEX_INITIALIZER;
static int device_ready;
/* Bumped by each context reset: per-context state kept elsewhere (kernel attributes set with
   cudaFuncSetAttribute, per device) is compared against it. */
static unsigned context_epoch = 1;

extern "C" unsigned gm_context_epoch (void) { return context_epoch; }

/* This copy of the runtime: the address of its device heaps, the same for every caller that
   shares the one library (the gateway and the value type), different for a second copy. */
extern "C" const void *gm_runtime_instance (void) { return heaps; }

static long list_find (const block_list *list, const void *ptr)
{
  for (size_t i = list->count; i-- > 0;)
    if (list->items[i].ptr == ptr)
      return (long) i;
  return -1;
}

/* Whether `ptr` is the address of a block some device lost in a context reset; heap_lock held.
   Every device's list: addresses are unified across the devices of a process, so a block a
   reset of device 0 lost may come back from a cudaMalloc on device 1. */
static int is_dead_anywhere (const void *ptr);

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
   and the caller's device is left as it was), after the work queued there that may still use
   it (see the header). */
static void free_on (int dev, void *ptr)
{
  int cur = -1;
  if (cudaGetDevice (&cur) == cudaSuccess && cur != dev && cudaSetDevice (dev) == cudaSuccess) {
    (void) cudaDeviceSynchronize ();
    cudaFree (ptr);
    cudaSetDevice (cur);
  } else {
    (void) cudaDeviceSynchronize ();
    cudaFree (ptr);
  }
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

/* The cache list keeps its order, oldest first (gm_device_free gives back the oldest). */
static void list_remove_in_order (block_list *list, size_t i)
{
  memmove (list->items + i, list->items + i + 1, (list->count - i - 1) * sizeof (block));
  list->count--;
}

/* ---- the live blocks' index --------------------------------------------------------------- */
/* Every operation on a gpumat array asks whether its operands are live blocks of this runtime
   (gm_device_of, gm_device_is_live) and its frees find their block (gm_device_free): a scan of
   the live lists cost time in proportion to the arrays alive (estimated ~1 us a thousand; not
   yet measured).  This table maps a live block's address to its heap and its place in that
   heap's live list, by open addressing (linear probing, at most half full, deletion by shifting
   back), so that each takes the same few probes whatever the number of arrays.  Every change
   to a live list goes through live_add / live_remove / live_forget (heap_lock held).  Where
   host memory for the table cannot be had, index_ok is 0 and find_live scans the lists as
   before, until the next rebuild succeeds. */
typedef struct { void *ptr; int dev; size_t pos; } live_slot;       /* ptr NULL: empty */
static live_slot *live_index;
static size_t index_cap;             /* a power of two (0: no table) */
static size_t index_count;
static int index_ok;

static size_t index_home (const void *ptr)
{
  uint64_t x = (uint64_t) (uintptr_t) ptr >> 8;      /* blocks are 256-byte aligned at least */
  x ^= x >> 29;
  x *= 0x9e3779b97f4a7c15ull;
  return (size_t) (x ^ (x >> 32)) & (index_cap - 1);
}

static live_slot *index_find (const void *ptr)
{
  if (!index_ok || !ptr)
    return NULL;
  for (size_t i = index_home (ptr);; i = (i + 1) & (index_cap - 1)) {
    if (live_index[i].ptr == ptr)
      return &live_index[i];
    if (!live_index[i].ptr)
      return NULL;
  }
}

static void index_insert (void *ptr, int dev, size_t pos)
{
  size_t i = index_home (ptr);
  while (live_index[i].ptr)
    i = (i + 1) & (index_cap - 1);
  live_index[i].ptr = ptr;
  live_index[i].dev = dev;
  live_index[i].pos = pos;
  index_count++;
}

/* The table made again from the live lists, with room for at least `room` more blocks. */
static void index_rebuild (size_t room)
{
  size_t total = room;
  for (int d = 0; d < GM_MAX_DEVICES; d++)
    total += heaps[d].live.count;
  size_t cap = 256;
  while (cap < 2 * total + 2)
    cap *= 2;
  live_slot *table = (live_slot *) calloc (cap, sizeof (live_slot));
  free (live_index);
  live_index = table;
  index_cap = table ? cap : 0;
  index_count = 0;
  index_ok = table != NULL;
  if (!index_ok)
    return;
  for (int d = 0; d < GM_MAX_DEVICES; d++)
    for (size_t i = 0; i < heaps[d].live.count; i++)
      index_insert (heaps[d].live.items[i].ptr, d, i);
}

static void index_erase (live_slot *slot)
{
  size_t hole = (size_t) (slot - live_index);
  live_index[hole].ptr = NULL;
  index_count--;
  /* shift back the entries after the hole that cannot be found past it any more */
  for (size_t i = (hole + 1) & (index_cap - 1); live_index[i].ptr; i = (i + 1) & (index_cap - 1)) {
    const size_t home = index_home (live_index[i].ptr);
    /* i's entry may stay unless its home lies cyclically in (hole, i] */
    const bool stays = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
    if (stays)
      continue;
    live_index[hole] = live_index[i];
    live_index[i].ptr = NULL;
    hole = i;
  }
}

/* A block becomes live on device dev; 0 where there is no host memory for the list. */
static int live_add (int dev, void *ptr, size_t bytes)
{
  block_list *live = &heaps[dev].live;
  if (!list_push (live, ptr, bytes))
    return 0;
  if (index_ok && 2 * (index_count + 1) <= index_cap)
    index_insert (ptr, dev, live->count - 1);
  else
    index_rebuild (64);               /* the table grows (or is tried again after a failure) */
  return 1;
}

/* The live block at position i of device dev's list is no longer live (freed or forgotten). */
static void live_remove (int dev, size_t i)
{
  block_list *live = &heaps[dev].live;
  live_slot *gone = index_find (live->items[i].ptr);
  if (gone)
    index_erase (gone);
  list_remove (live, i);              /* the last block moves to position i */
  if (i < live->count) {
    live_slot *moved = index_find (live->items[i].ptr);
    if (moved)
      moved->pos = i;
  }
}

/* Every live block of device dev forgotten at once (gm_reset after a lost context). */
static void live_forget (int dev)
{
  heaps[dev].live.count = 0;
  index_rebuild (0);
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

/* The oldest compute capability built (build.mk passes it to this file); 0 when not known. */
#ifndef GPUMAT_MIN_ARCH
#define GPUMAT_MIN_ARCH 0
#endif

static gm_nodev_info nodev;

extern "C" void gm_no_device_info (gm_nodev_info *info)
{
  *info = nodev;
}

/* The facts behind a failed cudaGetDeviceCount (or none found): no driver at all and a driver
   too old for the runtime both give cudaErrorInsufficientDriver (35); the driver's version is 0
   without one, and whether its library loads tells the two apart where it is not. */
static void explain_no_device (cudaError_t err)
{
  memset (&nodev, 0, sizeof nodev);
  nodev.reason = GM_NODEV_OTHER;
  nodev.cuda_error = (int) err;
  nodev.min_cc = GPUMAT_MIN_ARCH;
  if (cudaRuntimeGetVersion (&nodev.runtime_version) != cudaSuccess)
    nodev.runtime_version = 0;
  if (cudaDriverGetVersion (&nodev.driver_version) != cudaSuccess)
    nodev.driver_version = 0;
  (void) cudaGetLastError ();
  void *lib = dlopen ("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  nodev.driver_library = lib != NULL;
  if (lib)
    dlclose (lib);
  FILE *f = fopen ("/proc/driver/nvidia/version", "r");
  nodev.driver_module = f != NULL;
  if (f)
    fclose (f);
  if (err == cudaErrorInsufficientDriver)
    nodev.reason = nodev.driver_version == 0 || !nodev.driver_library ? GM_NODEV_NO_DRIVER
                                                                      : GM_NODEV_OLD_DRIVER;
  else if (err == cudaErrorNoDevice || err == cudaSuccess)
    nodev.reason = GM_NODEV_NO_DEVICE;
}

extern "C" gm_status gm_init (void)
{
  if (device_ready)
    return GM_OK;
  int count = 0;
  cudaError_t err = cudaGetDeviceCount (&count);
  if (err != cudaSuccess) {
    explain_no_device (err);
    return no_device (err, "cudaGetDeviceCount");
  }
  if (count == 0) {
    explain_no_device (cudaSuccess);
    return gm_fail (GM_ERR_NO_DEVICE, "cudaGetDeviceCount: no CUDA-capable device is detected");
  }
  int major = 0, minor = 0;
  if (cudaDeviceGetAttribute (&major, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess
      && cudaDeviceGetAttribute (&minor, cudaDevAttrComputeCapabilityMinor, 0) == cudaSuccess
      && 10 * major + minor < GPUMAT_MIN_ARCH) {
    explain_no_device (cudaSuccess);
    nodev.reason = GM_NODEV_OLD_DEVICE;
    nodev.device_cc = 10 * major + minor;
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties (&prop, 0) == cudaSuccess)
      snprintf (nodev.device_name, sizeof nodev.device_name, "%.*s",
                (int) sizeof nodev.device_name - 1, prop.name);   /* a name cut to fit */
    return gm_fail (GM_ERR_NO_DEVICE, "device 0 has compute capability %d.%d, below %d.%d",
                    major, minor, GPUMAT_MIN_ARCH / 10, GPUMAT_MIN_ARCH % 10);
  }
  (void) cudaGetLastError ();
  memset (&nodev, 0, sizeof nodev);   /* GM_NODEV_OTHER: a failure from here on is CUDA's own */
  /* The caller's current device is left as it was: after gm_reset recovered a lost context
     (device_ready 0 again) the first call may come with another device current (gm_use_device),
     and its block must land there, not on device 0. */
  int previous = 0;
  if (cudaGetDevice (&previous) != cudaSuccess) {
    (void) cudaGetLastError ();
    previous = 0;
  }
  err = cudaSetDevice (0);
  if (err == cudaSuccess)
    err = cudaFree (0);              /* creates the context now, not inside the first timing */
  if (err != cudaSuccess && context_epoch > 1)
    return no_device (err, "a CUDA error lost the GPU context earlier in this process, and "
                           "CUDA gives it no new one: restart the program (Octave) to use the "
                           "GPU again; creating a CUDA context on device 0");
  if (err != cudaSuccess)
    return no_device (err, "creating a CUDA context on device 0");
  if (previous != 0 && (err = cudaSetDevice (previous)) != cudaSuccess)
    return no_device (err, "making the caller's GPU current again");
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
  /* Queued work may still use a cached block (see the header): wait for it first. */
  const cudaError_t idle = cudaDeviceSynchronize ();
  for (size_t i = 0; i < h->cached.count; i++)
    cudaFree (h->cached.items[i].ptr);
  h->cached.count = 0;
  h->cached_total = 0;
  /* The matmul kernels' stream-ordered workspaces (matmul.cu: aligned copies of misaligned
     operands) stay in the device's default pool up to its release threshold: hand them back
     too, after the work that may still use them. */
  cudaMemPool_t pool;
  if (idle == cudaSuccess && cudaDeviceGetDefaultMemPool (&pool, dev) == cudaSuccess)
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
      if (!live_add (dev, p, size)) {
        pthread_mutex_unlock (&heap_lock);
        return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
      }
      h->cached_total -= size;
      list_remove_in_order (&h->cached, i);
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
  /* After a context reset: never hand out the address of a block an old handle still names
     (see the header); each try that lands on one keeps that block aside and asks again. */
  while (err == cudaSuccess && is_dead_anywhere (p)) {
    if (!list_push (&h->quarantined, p, size)) {
      pthread_mutex_unlock (&heap_lock);
      cudaFree (p);
      return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
    }
    p = NULL;
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
  if (!live_add (dev, p, size)) {
    pthread_mutex_unlock (&heap_lock);
    cudaFree (p);
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "host memory for the allocation table");
  }
  pthread_mutex_unlock (&heap_lock);
  *d_ptr = p;
  return GM_OK;
}

static int is_dead_anywhere (const void *ptr)
{
  for (int d = 0; d < GM_MAX_DEVICES; d++)
    if (list_find (&heaps[d].dead, ptr) >= 0)
      return 1;
  return 0;
}

/* The heap and index of a live block; heap_lock held.  -1 when it is not ours. */
static int find_live (const void *d_ptr, size_t *index)
{
  if (index_ok) {
    const live_slot *slot = index_find (d_ptr);
    if (!slot)
      return -1;
    *index = slot->pos;
    return slot->dev;
  }
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
    live_remove (dev, i);
    /* Cached at once, queued work or not: its next owner's work queues after it.  Where the
       cache is full, the blocks cached longest go back to CUDA to make room: the block freed
       last is the likeliest to be asked for again (a loop's workspace), and giving it back
       instead would make every later call pay cudaMalloc and cudaFree's device wait (an FFT
       of 2^24 points took 0.82 ms in place of 0.46 behind 4 GiB of older blocks, H200). */
    int cached = 0;
    if (size <= CACHE_LIMIT) {
      while (h->cached.count > 0 && size > CACHE_LIMIT - h->cached_total) {
        h->cached_total -= h->cached.items[0].bytes;
        free_on (dev, h->cached.items[0].ptr);
        list_remove_in_order (&h->cached, 0);
      }
      cached = list_push (&h->cached, d_ptr, size);
    }
    if (cached)
      h->cached_total += size;
    else
      free_on (dev, d_ptr);
  } else {
    /* The handle of a block lost in a context reset: forget it, and give back a new block that
       was kept aside because it came back at the same address (on whichever device's heap
       allocated it: gm_device_alloc checks every device's dead list). */
    for (int d = 0; d < GM_MAX_DEVICES; d++) {
      const long dead = list_find (&heaps[d].dead, d_ptr);
      if (dead < 0)
        continue;
      list_remove (&heaps[d].dead, (size_t) dead);
      break;
    }
    /* Kept aside only while some handle still names the address. */
    if (!is_dead_anywhere (d_ptr))
      for (int d = 0; d < GM_MAX_DEVICES; d++) {
        const long q = list_find (&heaps[d].quarantined, d_ptr);
        if (q >= 0) {
          list_remove (&heaps[d].quarantined, (size_t) q);
          free_on (d, d_ptr);
          break;
        }
      }
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

extern "C" size_t gm_device_reclaimable (void)
{
  int dev;
  if (current_device (&dev) != GM_OK)
    return 0;
  pthread_mutex_lock (&heap_lock);
  size_t bytes = heaps[dev].cached_total;
  pthread_mutex_unlock (&heap_lock);
  cudaMemPool_t pool;
  uint64_t reserved = 0, used = 0;
  if (cudaDeviceGetDefaultMemPool (&pool, dev) == cudaSuccess
      && cudaMemPoolGetAttribute (pool, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess
      && cudaMemPoolGetAttribute (pool, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess
      && reserved > used)
    bytes += (size_t) (reserved - used);
  (void) cudaGetLastError ();
  return bytes;
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

/* The one wait: everything queued so far has run.  A fault in queued work comes back here (and
   from any later CUDA call) as CUDA's sticky error, e.g. cudaErrorIllegalAddress or
   cudaErrorLaunchFailure; gm_reset frees the lost context (see the header). */
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

/* Whether the current device's context is lost (a sticky error). */
static int current_context_lost (void)
{
  /* A non-sticky error is cleared by cudaGetLastError and not seen again; a sticky one (a
     kernel fault) is returned by every call, the second synchronize included. */
  if (cudaDeviceSynchronize () == cudaSuccess)
    return 0;
  (void) cudaGetLastError ();
  return cudaDeviceSynchronize () != cudaSuccess;
}

extern "C" int gm_context_lost (void)
{
  return device_ready && current_context_lost ();
}

extern "C" void gm_reset (void)
{
  if (!device_ready)
    return;
  /* The staging threads and the pinned buffers first: they belong to the contexts. */
  gm_transfer_release ();
  gm_fft_release ();   /* cuFFT's plans: their twiddle tables are device memory too */
  /* Every device gpumat allocated on (and device 0, Octave's), with that device current: its
     cache back to CUDA, or, where its context is lost, a device reset.  The context is gone with
     its memory: live blocks become dead addresses (their handles are refused from now on), the
     cache and the quarantine are simply forgotten. */
  int cur = 0, any_lost = 0;
  (void) cudaGetDevice (&cur);
  pthread_mutex_lock (&heap_lock);
  for (int d = 0; d < GM_MAX_DEVICES; d++) {
    device_heap *h = &heaps[d];
    /* Always switch: after an earlier iteration another device is current, even where d is
       the caller's own. */
    if (!(h->used || d == 0) || cudaSetDevice (d) != cudaSuccess)
      continue;
    if (!current_context_lost ()) {
      release_cached_locked (d);
      continue;
    }
    any_lost = 1;
    cudaDeviceReset ();
    (void) cudaGetLastError ();
    for (size_t i = 0; i < h->live.count; i++)
      if (list_find (&h->dead, h->live.items[i].ptr) < 0
          && !list_push (&h->dead, h->live.items[i].ptr, h->live.items[i].bytes))
        break;  /* no host memory for the table: that handle is merely unknown, never live */
    live_forget (d);
    h->cached.count = 0;
    h->cached_total = 0;
    h->quarantined.count = 0;
  }
  pthread_mutex_unlock (&heap_lock);
  cudaSetDevice (cur);
  (void) cudaGetLastError ();
  if (any_lost) {
    context_epoch++;
    /* The next call that needs the GPU makes a new context (gm_init), not this one: gm_reset
       also runs at Octave's exit. */
    device_ready = 0;
  }
}
