/* transfer.cu: host <-> device copies from and to pageable host memory (Octave's arrays) near
 * the bus limit.
 *
 * Why: cudaMemcpy from pageable memory moves only 6.4 GB/s to an H200 and 10.8 GB/s back, while
 * pinned memory moves 53/55 GB/s; registering Octave's buffer per call (cudaHostRegister) gave
 * 13-15 GB/s, since pinning pages costs as much as copying them.  So large copies go through a
 * persistent pinned staging pool that several host threads fill (H2D) or drain (D2H) with
 * memcpy, in chunks, while the copy engine moves the chunks already staged.
 *
 * The pool (created lazily by the first large copy, freed by gm_transfer_release, which
 * gm_reset calls; usable again afterwards):
 *   - `threads` participants: the calling thread plus threads-1 pthreads that sleep on a
 *     condition variable between copies (no CPU used while idle);
 *   - each participant owns a non-blocking stream and two pinned slots of `chunk` bytes, each
 *     with an event recorded after the async copy that uses it;
 *   - chunks are claimed from an atomic counter, so a slow thread takes fewer of them.
 *   H2D, per participant: wait for the slot's last DMA (its event) -> memcpy pageable -> slot ->
 *     cudaMemcpyAsync slot -> device -> record the event; alternate slots, so one slot's DMA
 *     runs while the other is filled.  At the end each participant syncs its stream.
 *   D2H, per participant: queue the DMA of the next chunk into one slot, then wait for and drain
 *     the previous chunk from the other slot into pageable memory.
 *   Duplex (gm_copy_duplex): an upload and a download in one job; even participants start on
 *     one, odd ones on the other, and each helps with the other when its own runs out.  The
 *     bus is full duplex: 256 MiB each way at once moved 62-81 GB/s in total against 47 one way.
 * A medium copy is cut into at least CHUNKS_PER_WORKER chunks per participant (not below
 * MIN_CHUNK), so its DMA pipelines with the memcpy instead of waiting for all of it.
 * A copy starts after the work already queued on the legacy default stream (an event recorded
 * there, waited on by every worker stream), as cudaMemcpy would; and it returns only when
 * every byte has arrived, so the caller may reuse or read its buffer at once.
 *
 * Small copies use plain cudaMemcpy: waking the pool costs more than it gains there; a
 * contiguous download of up to DOWN_SLOT_BYTES (gather of a small array) lands in a pinned slot
 * of the pool's instead, and is copied out with memcpy (slot_download).  If pinned memory
 * cannot be had, every copy falls back to cudaMemcpy.
 *
 * Queued uploads (gm_copy_to_device_async, issue 12: the gateway's uploads of small host
 * operands, so that `G + 1` or `gpumat (a)` need not wait for the GPU): up to RING_SLOT_BYTES
 * go through a ring of RING_SLOTS pinned slots, memcpy into the slot and cudaMemcpyAsync on
 * stream 0, in order with every other gpumat operation.  Each slot has an event recorded after
 * its copy; the host writes a slot again only after that event (so a slot is never overwritten
 * while its DMA is in flight; with 32 slots that wait only comes when the GPU is 32 uploads
 * behind).  Larger uploads are gm_copy_to_device: a host-visible step that waits anyway.  The
 * ring belongs to the device it was made on (device 0, where gpumat arrays live); an upload
 * with another device current takes gm_copy_to_device.
 *
 * Measured on the H200 machine (16 cores), GB/s from pageable memory, H2D / D2H:
 *   size      cudaMemcpy   this (defaults)
 *   1 MiB     13.2 / 10.3   13.1 / 11.3   (H2D below 2 MiB stays on cudaMemcpy)
 *   16 MiB    17.4 / 14.4   25.0 / 27.7
 *   256 MiB    8.1 / 14.1   47.0 / 47.4
 *   1 GiB      9.3 / 14.1   49.6 / 49.6
 * Sweep at 256 MiB: 2 threads 18/17, 4: 31-35/29-31, 8-16 threads with 2-4 MiB chunks 46-48
 * each way (within the run-to-run spread); 1 MiB chunks 40-43, 8 MiB 33-44 (too few chunks in
 * flight); non-temporal stores 40-44 H2D, no gain.  12 threads x 2 MiB: 48 MiB pinned.
 *
 * Tuning (taken from the tuning snapshot, tuning.h, when the pool is created, i.e. once, and
 * again after gm_transfer_release; a program that changes them calls gm_tuning_reload first):
 *   GPUMAT_TRANSFER_THREADS   participants, default 12, capped by the online cores
 *   GPUMAT_TRANSFER_CHUNK_MB  chunk size in MiB (fractions allowed), default 2
 *   GPUMAT_TRANSFER_SMALL_KB  below this many KiB use plain cudaMemcpy, both directions
 *                             (defaults DEFAULT_SMALL_H2D_KB up, DEFAULT_SMALL_D2H_KB down)
 *   GPUMAT_TRANSFER_NT        1: copy into pinned slots with non-temporal stores
 *   GPUMAT_TRANSFER_HUGEPAGE  1: a download of at least HUGEPAGE_MIN contiguous bytes first asks
 *                             the kernel for transparent huge pages over the destination's
 *                             2 MiB-aligned interior (madvise MADV_HUGEPAGE), default
 *                             1.  Why: gather's destination is a fresh Octave
 *                             array whose pages the drain's memcpy faults in one 4 KiB page at
 *                             a time (gather of 256 MiB and 1 GiB: 15-17 GB/s on the H100
 *                             against 47-49 into touched memory); 2 MiB pages take 512 times
 *                             fewer faults.  On (1) by default: a memcpy of 256 MiB into fresh
 *                             memory on the development VM (THP "madvise") ran at 0.2-0.3 GB/s
 *                             and at 0.8-5.7 with the advice (bench/NOTES-transfer.md); the GPU
 *                             host's figures come from bench_transfer's "fresh" table.  Where
 *                             THP is "never" the advice does nothing.
 * The measured numbers behind the defaults are in bench/NOTES-transfer.md.
 *
 * Threads: workers block every signal (Octave's handlers must run on Octave's own thread) and
 * are joined by gm_transfer_release, so nothing runs or stays pinned when the MEX is unloaded.
 *
 * Devices: one pool per device, chosen by the caller's current device (gm_use_device), each with
 * its own threads (which cudaSetDevice to it), streams, events and portable pinned slots, and
 * its own mutex serializing the copies through it; copies to different devices run at once
 * (the several-device product of host_ooc.cu).  With N GPUs each pool's threads are capped at
 * the online cores / N (GPUMAT_TRANSFER_THREADS caps them too).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <atomic>
#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define HAVE_SSE2 1
#endif
#include "gpumat.h"

/* The defaults of threads and chunk size are in tuning.cu (measured: see above). */
#define DEFAULT_SMALL_H2D_KB 2048                 /* below: plain cudaMemcpy */
#define DEFAULT_SMALL_D2H_KB 256
#define CHUNKS_PER_WORKER 3
#define HUGEPAGE_BYTES ((size_t) 2 << 20)         /* x86-64's transparent huge page */
#define HUGEPAGE_MIN ((size_t) 4 << 20)           /* at least one whole huge page inside */
#define SLOTS 2                                   /* per participant: fill one, DMA the other */
#define MIN_CHUNK ((size_t) 256 << 10)            /* medium copies split down to this */
#define CHUNK_ALIGN ((size_t) 64 << 10)
#define SMALL_STAGING_BYTES ((size_t) 1 << 20)
#define DOWN_SLOT_BYTES ((size_t) 64 << 10)       /* small downloads land here (plain_copy) */

enum { DIR_H2D = 0, DIR_D2H = 1 };

typedef struct {
  struct pool_s *owner;             /* the pool, for the worker thread */
  int index;
  cudaStream_t stream;
  char *slot[SLOTS];
  cudaEvent_t done[SLOTS];
  int pending[SLOTS];               /* an event recorded on this slot and not yet waited for */
  int turn;
} participant;

/* One copy of a job: its chunks are claimed from `next`.  The device side is contiguous; the
   host side is runs of `run` bytes, `pitch` bytes apart (one run of `bytes` when contiguous),
   so that a block of a larger host matrix moves without a separate packing pass. */
typedef struct {
  int dir;
  char *dev, *host;
  size_t bytes, run, pitch, chunk, nchunks;
  std::atomic<size_t> next;
} subjob;

typedef struct pool_s pool_t;

typedef struct pool_s {
  int device;                       /* the CUDA ordinal whose streams these are */
  int sync_ready;                   /* the mutexes below are made (pool_of) */
  pthread_mutex_t call_lock;        /* one copy at a time through this pool */
  /* configuration, read once per pool */
  int config_read;
  int threads;
  size_t chunk, small_h2d, small_d2h;
  int nt;
  int hugepage;
  /* pool */
  int state;                        /* 0 not made, 1 ready, -1 unavailable: use cudaMemcpy */
  char *pinned;
  participant *part;
  pthread_t *tid;
  int spawned;                      /* background threads running: participants 1..spawned */
  cudaEvent_t start;
  /* small staging buffer for packed small copies (gm_small_staging) */
  void *small;
  /* the page-locked landing place of contiguous downloads up to DOWN_SLOT_BYTES (plain_copy),
     under call_lock; down_slot_state: 0 not made, 1 made, -1 refused (pageable cudaMemcpy) */
  void *down_slot;
  int down_slot_state;
  /* the job, under `lock` */
  pthread_mutex_t lock;
  pthread_cond_t wake, idle;
  unsigned long generation;
  int shutdown;
  int running;                      /* background participants not yet done with the job */
  int participants, nsub;
  subjob sub[2];                    /* a job is one copy, or an upload and a download at once */
  std::atomic<int> abort;
  cudaError_t err;                  /* first failure of the job, under `lock` */
  const char *err_where;
} pool_t;

/* One pool per device (its streams, events and threads belong to that device; its pinned
   slots are portable, but a pool's DMA runs on its own device's copy engines).  The
   several-device product copies for every device at once, each through its own pool. */
static pool_t pools[GM_MAX_DEVICES];
static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;

/* The pool of device `dev`, its mutexes made on first use. */
static pool_t *pool_of (int dev)
{
  pool_t *P = &pools[dev];
  pthread_mutex_lock (&pools_lock);
  if (!P->sync_ready) {
    pthread_mutex_init (&P->call_lock, NULL);
    pthread_mutex_init (&P->lock, NULL);
    pthread_cond_init (&P->wake, NULL);
    pthread_cond_init (&P->idle, NULL);
    P->device = dev;
    P->sync_ready = 1;
  }
  pthread_mutex_unlock (&pools_lock);
  return P;
}

/* ---- configuration: GPUMAT_TRANSFER_* from the tuning snapshot (tuning.h, its ranges) ---- */
static void read_config (pool_t *P)
{
  if (P->config_read)
    return;
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  if (cores < 1)
    cores = 1;
  /* with several GPUs, each device's pool gets its share of the cores: the several-device
     product runs every pool at once */
  int devices = 1;
  if (cudaGetDeviceCount (&devices) != cudaSuccess || devices < 1) {
    (void) cudaGetLastError ();
    devices = 1;
  }
  if (devices > 1 && cores / devices >= 1)
    cores /= devices;
  const gm_tuning_t *tune = gm_tuning ();
  double t = tune->transfer_threads;                /* 1 .. 64 */
  if (t > cores) t = (double) cores;
  P->threads = (int) t;
  const double mb = tune->transfer_chunk_mb;      /* 64 KiB .. 256 MiB */
  P->chunk = ((size_t) (mb * 1048576.0) + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
  const double kb = tune->transfer_small_kb;      /* up to 1 GiB; negative: the defaults */
  P->small_h2d = kb >= 0 ? (size_t) (kb * 1024.0) : (size_t) DEFAULT_SMALL_H2D_KB << 10;
  P->small_d2h = kb >= 0 ? (size_t) (kb * 1024.0) : (size_t) DEFAULT_SMALL_D2H_KB << 10;
  P->nt = tune->transfer_nt != 0;
  P->hugepage = tune->transfer_hugepage != 0;
  P->config_read = 1;
}

/* ---- host copies ---------------------------------------------------------------------- */
/* Transparent huge pages for the whole 2 MiB pages inside a download's destination (see
   GPUMAT_TRANSFER_HUGEPAGE).  Advice only: a kernel without THP, or with THP off, refuses or
   ignores it, and the copy goes on either way.  Pages already faulted in stay as they are. */
static void advise_hugepages (pool_t *P, void *host, size_t bytes)
{
  if (!P->hugepage || bytes < HUGEPAGE_MIN)
    return;
  const uintptr_t mask = ~(uintptr_t) (HUGEPAGE_BYTES - 1);
  const uintptr_t begin = ((uintptr_t) host + HUGEPAGE_BYTES - 1) & mask;
  const uintptr_t end = ((uintptr_t) host + bytes) & mask;
  if (end > begin) {
#ifdef MADV_HUGEPAGE
    (void) madvise ((void *) begin, end - begin, MADV_HUGEPAGE);
#endif
  }
}

/* memcpy, or with non-temporal stores: the destination is not read again by this CPU (the
   DMA engine reads the slot; Octave reads the array much later), so not pulling it into the
   cache saves the read-for-ownership. */
static void host_copy (void *dst, const void *src, size_t len, int nt)
{
#ifdef HAVE_SSE2
  if (nt && len >= 4096) {
    char *d = (char *) dst;
    const char *s = (const char *) src;
    size_t head = (16 - ((uintptr_t) d & 15)) & 15;
    memcpy (d, s, head);
    d += head; s += head; len -= head;
    size_t blocks = len / 64;
    for (size_t i = 0; i < blocks; i++, d += 64, s += 64) {
      __m128i a = _mm_loadu_si128 ((const __m128i *) s);
      __m128i b = _mm_loadu_si128 ((const __m128i *) (s + 16));
      __m128i c = _mm_loadu_si128 ((const __m128i *) (s + 32));
      __m128i e = _mm_loadu_si128 ((const __m128i *) (s + 48));
      _mm_stream_si128 ((__m128i *) d, a);
      _mm_stream_si128 ((__m128i *) (d + 16), b);
      _mm_stream_si128 ((__m128i *) (d + 32), c);
      _mm_stream_si128 ((__m128i *) (d + 48), e);
    }
    memcpy (d, s, len - blocks * 64);
    _mm_sfence ();
    return;
  }
#else
  (void) nt;
#endif
  memcpy (dst, src, len);
}

/* ---- one participant's share of a job ------------------------------------------------- */
static void job_fail (pool_t *P, cudaError_t err, const char *where)
{
  pthread_mutex_lock (&P->lock);
  if (P->err == cudaSuccess) {
    P->err = err;
    P->err_where = where;
  }
  pthread_mutex_unlock (&P->lock);
  P->abort.store (1);
}

/* Claim the next chunk of a copy; 0 when none is left or the job failed. */
static int claim (pool_t *P, subjob *j, size_t *off, size_t *len)
{
  if (P->abort.load (std::memory_order_relaxed))
    return 0;
  size_t i = j->next.fetch_add (1);
  if (i >= j->nchunks)
    return 0;
  *off = i * j->chunk;
  *len = j->bytes - *off < j->chunk ? j->bytes - *off : j->chunk;
  return 1;
}

/* Move the len bytes at offset off of a copy between a pinned slot and the host, run by run
   (a chunk may span several runs of a strided host block, or part of one). */
static void host_move (pool_t *P, const subjob *j, char *slot, size_t off, size_t len,
                       int to_slot)
{
  while (len) {
    const size_t run = off / j->run, in = off % j->run;
    const size_t take = j->run - in < len ? j->run - in : len;
    char *h = j->host + run * j->pitch + in;
    if (to_slot)
      host_copy (slot, h, take, P->nt);
    else
      host_copy (h, slot, take, P->nt);
    slot += take;
    off += take;
    len -= take;
  }
}

static int check (pool_t *P, cudaError_t err, const char *where)
{
  if (err == cudaSuccess)
    return 1;
  job_fail (P, err, where);
  return 0;
}

static void run_h2d (pool_t *P, participant *p, subjob *j)
{
  size_t off, len;
  while (claim (P, j, &off, &len)) {
    int s = p->turn;
    p->turn ^= 1;
    if (p->pending[s]) {
      p->pending[s] = 0;
      if (!check (P, cudaEventSynchronize (p->done[s]), "waiting for a staging slot"))
        break;
    }
    host_move (P, j, p->slot[s], off, len, 1);
    if (!check (P, cudaMemcpyAsync (j->dev + off, p->slot[s], len, cudaMemcpyHostToDevice,
                                 p->stream), "cudaMemcpyAsync to the device")
        || !check (P, cudaEventRecord (p->done[s], p->stream), "cudaEventRecord"))
      break;
    p->pending[s] = 1;
  }
}

static void run_d2h (pool_t *P, participant *p, subjob *j)
{
  size_t off, len, prev_off = 0, prev_len = 0;
  int prev_slot = -1;
  for (;;) {
    int more = claim (P, j, &off, &len), s = p->turn;
    if (more) {
      p->turn ^= 1;
      if (!check (P, cudaMemcpyAsync (p->slot[s], j->dev + off, len, cudaMemcpyDeviceToHost,
                                   p->stream), "cudaMemcpyAsync to the host")
          || !check (P, cudaEventRecord (p->done[s], p->stream), "cudaEventRecord"))
        break;
      p->pending[s] = 1;
    }
    if (prev_slot >= 0) {
      p->pending[prev_slot] = 0;
      if (!check (P, cudaEventSynchronize (p->done[prev_slot]), "cudaMemcpyAsync to the host"))
        break;
      host_move (P, j, p->slot[prev_slot], prev_off, prev_len, 0);
    }
    if (!more)
      break;
    prev_slot = s;
    prev_off = off;
    prev_len = len;
  }
}

/* With two copies, even participants start on the first and odd ones on the second; each
   helps with the other once its own has no chunks left. */
static void run_share (pool_t *P, int index)
{
  participant *p = &P->part[index];
  if (check (P, cudaStreamWaitEvent (p->stream, P->start, 0), "cudaStreamWaitEvent"))
    for (int k = 0; k < P->nsub; k++) {
      subjob *j = &P->sub[(index + k) % P->nsub];
      if (j->dir == DIR_H2D)
        run_h2d (P, p, j);
      else
        run_d2h (P, p, j);
    }
  /* Nothing of this job may stay in flight: the slots are reused and may be freed. */
  cudaError_t err = cudaStreamSynchronize (p->stream);
  if (err != cudaSuccess)
    job_fail (P, err, "cudaMemcpyAsync between the staging pool and the device");
  p->pending[0] = p->pending[1] = 0;
}

static void *worker_main (void *arg)
{
  participant *self = (participant *) arg;
  pool_t *P = self->owner;
  const int index = self->index;
  unsigned long seen = 0;
  (void) cudaSetDevice (P->device);  /* the pool's device; a failure shows in the first copy */
  pthread_mutex_lock (&P->lock);
  for (;;) {
    while (!P->shutdown && P->generation == seen)
      pthread_cond_wait (&P->wake, &P->lock);
    if (P->shutdown)
      break;
    seen = P->generation;
    if (index < P->participants) {
      pthread_mutex_unlock (&P->lock);
      run_share (P, index);
      pthread_mutex_lock (&P->lock);
      if (--P->running == 0)
        pthread_cond_signal (&P->idle);
    }
  }
  pthread_mutex_unlock (&P->lock);
  return NULL;
}

/* ---- making and freeing the pool ------------------------------------------------------ */
static void pool_free (pool_t *P)
{
  if (P->tid) {
    pthread_mutex_lock (&P->lock);
    P->shutdown = 1;
    pthread_cond_broadcast (&P->wake);
    pthread_mutex_unlock (&P->lock);
    for (int i = 0; i < P->spawned; i++)
      pthread_join (P->tid[i], NULL);
    free (P->tid);
    P->tid = NULL;
  }
  P->spawned = 0;
  P->shutdown = 0;
  P->generation = 0;
  if (P->part) {
    for (int i = 0; i < P->threads; i++) {
      participant *p = &P->part[i];
      if (p->stream) {
        cudaStreamSynchronize (p->stream);
        cudaStreamDestroy (p->stream);
      }
      for (int s = 0; s < SLOTS; s++)
        if (p->done[s])
          cudaEventDestroy (p->done[s]);
    }
    free (P->part);
    P->part = NULL;
  }
  if (P->start) {
    cudaEventDestroy (P->start);
    P->start = NULL;
  }
  if (P->pinned) {
    cudaFreeHost (P->pinned);
    P->pinned = NULL;
  }
  (void) cudaGetLastError ();
  P->state = 0;
}

/* 1 when the pool is ready, 0 when copies must use cudaMemcpy (no pinned memory); a CUDA
   failure other than an allocation failure is returned as a status. */
static gm_status pool_make (pool_t *P, int *ready)
{
  *ready = P->state == 1;
  if (P->state != 0)
    return GM_OK;
  gm_status st = gm_init ();   /* so gm_reset, which needs device_ready, will free the pool */
  if (st != GM_OK)
    return st;
  size_t bytes = (size_t) P->threads * SLOTS * P->chunk;
  cudaError_t err = cudaHostAlloc ((void **) &P->pinned, bytes, cudaHostAllocPortable);
  if (err != cudaSuccess) {
    /* No pinned memory (a locked-memory limit, say): plain cudaMemcpy still works. */
    P->pinned = NULL;
    (void) cudaGetLastError ();
    P->state = -1;
    return GM_OK;
  }
  P->part = (participant *) calloc ((size_t) P->threads, sizeof (participant));
  if (!P->part) {
    pool_free (P);
    P->state = -1;
    return GM_OK;
  }
  const char *where = NULL;
  err = cudaEventCreateWithFlags (&P->start, cudaEventDisableTiming);
  if (err != cudaSuccess)
    where = "cudaEventCreate";
  for (int i = 0; i < P->threads && err == cudaSuccess; i++) {
    participant *p = &P->part[i];
    p->owner = P;
    p->index = i;
    /* Non-blocking: the staging copies must not wait for, nor hold up, work on the legacy
       default stream (host_ops overlaps them with products on another stream). */
    err = cudaStreamCreateWithFlags (&p->stream, cudaStreamNonBlocking);
    if (err != cudaSuccess) {
      p->stream = NULL;
      where = "cudaStreamCreate";
      break;
    }
    for (int s = 0; s < SLOTS && err == cudaSuccess; s++) {
      p->slot[s] = P->pinned + ((size_t) i * SLOTS + s) * P->chunk;
      err = cudaEventCreateWithFlags (&p->done[s], cudaEventDisableTiming);
      if (err != cudaSuccess) {
        p->done[s] = NULL;
        where = "cudaEventCreate";
      }
    }
  }
  if (err != cudaSuccess) {
    st = gm_cuda_status (err, where);
    pool_free (P);
    return st;
  }
  /* Background threads; with fewer than asked for (pthread_create failing) the pool works
     with those it got, down to the calling thread alone. */
  P->tid = (pthread_t *) calloc ((size_t) P->threads, sizeof (pthread_t));
  if (P->tid) {
    sigset_t all, old;
    sigfillset (&all);
    pthread_sigmask (SIG_SETMASK, &all, &old);
    for (int i = 1; i < P->threads; i++) {
      if (pthread_create (&P->tid[P->spawned], NULL, worker_main, &P->part[i]))
        break;
      P->spawned++;
    }
    pthread_sigmask (SIG_SETMASK, &old, NULL);
  }
  P->state = 1;
  *ready = 1;
  return GM_OK;
}

/* ---- a pooled job ----------------------------------------------------------------------- */
/* Chunk size for a copy of `bytes` served by `workers` participants: at least
   CHUNKS_PER_WORKER chunks each where that keeps chunks >= MIN_CHUNK, so that even a medium
   copy pipelines (one chunk each would put every memcpy before every DMA). */
static size_t chunk_for (pool_t *P, size_t bytes, int workers)
{
  size_t parts = (size_t) workers * CHUNKS_PER_WORKER;
  size_t chunk = (bytes + parts - 1) / parts;
  chunk = (chunk + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
  if (chunk < MIN_CHUNK)
    chunk = MIN_CHUNK;
  return chunk < P->chunk ? chunk : P->chunk;
}

static void subjob_set (pool_t *P, subjob *j, int dir, char *dev, char *host, gm_host_span span,
                        int workers)
{
  j->dir = dir;
  j->dev = dev;
  j->host = host;
  j->bytes = span.run * span.runs;
  j->run = span.run;
  j->pitch = span.pitch;
  const size_t bytes = j->bytes;
  j->chunk = chunk_for (P, bytes, workers);
  j->nchunks = (bytes + j->chunk - 1) / j->chunk;
  j->next.store (0);
}

/* Run the copies set in P->sub[0 .. nsub-1]; returns when every byte has arrived. */
static gm_status pool_run (pool_t *P, int nsub)
{
  int workers = P->spawned + 1;
  size_t nchunks = P->sub[0].nchunks + (nsub > 1 ? P->sub[1].nchunks : 0);
  int participants = nchunks < (size_t) workers ? (int) nchunks : workers;

  /* Start after the work queued so far on the legacy stream (and, through it, on every
     blocking stream), as cudaMemcpy does. */
  cudaError_t err = cudaEventRecord (P->start, 0);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaEventRecord");

  pthread_mutex_lock (&P->lock);
  P->nsub = nsub;
  P->participants = participants;
  P->abort.store (0);
  P->err = cudaSuccess;
  P->err_where = NULL;
  P->running = participants - 1;
  P->generation++;
  if (participants > 1)
    pthread_cond_broadcast (&P->wake);
  pthread_mutex_unlock (&P->lock);

  run_share (P, 0);

  pthread_mutex_lock (&P->lock);
  while (P->running > 0)
    pthread_cond_wait (&P->idle, &P->lock);
  err = P->err;
  const char *where = P->err_where;
  pthread_mutex_unlock (&P->lock);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, where);
}

/* cudaMemcpy2D refuses pitches above the device's maximum (cudaDevAttrMaxPitch, about 2^31
 * bytes): a host block of a taller matrix goes run by run instead. */
#define MAX_2D_PITCH ((size_t) 1 << 31)

/* A contiguous download of up to DOWN_SLOT_BYTES through the pool's page-locked slot: one DMA
   queued on the legacy default stream (after the work queued there, as cudaMemcpy starts),
   the wait, then a memcpy out.  A pageable cudaMemcpy of 2 KiB took 7.6 us (bench/NOTES-
   value-type.md): the driver stages it through a pinned buffer of its own.  call_lock held;
   false where the slot cannot be had (the caller then copies as before). */
static bool slot_download (pool_t *P, void *host, const void *dev, size_t bytes,
                           cudaError_t *err)
{
  if (bytes > DOWN_SLOT_BYTES || P->down_slot_state < 0)
    return false;
  if (P->down_slot_state == 0) {
    if (cudaHostAlloc (&P->down_slot, DOWN_SLOT_BYTES, cudaHostAllocPortable) != cudaSuccess) {
      (void) cudaGetLastError ();
      P->down_slot = NULL;
      P->down_slot_state = -1;
      return false;
    }
    P->down_slot_state = 1;
  }
  *err = cudaMemcpyAsync (P->down_slot, dev, bytes, cudaMemcpyDeviceToHost, 0);
  if (*err == cudaSuccess)
    *err = cudaStreamSynchronize (0);
  if (*err == cudaSuccess)
    memcpy (host, P->down_slot, bytes);
  return true;
}

/* The plain path (small contiguous downloads through slot_download).  An upload from pageable
 * memory may return before its DMA has finished (CUDA returns once the bytes are in its own
 * staging buffer), ordered only on the legacy stream; the legacy stream is synchronized after
 * it, so that the copy has arrived on return for work on non-blocking streams too, as the
 * pool's copies have. */
static gm_status plain_copy (pool_t *P, int dir, void *dev, void *host, gm_host_span span)
{
  const size_t bytes = span.run * span.runs;
  const cudaMemcpyKind kind = dir == DIR_H2D ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
  const char *what = dir == DIR_H2D ? "cudaMemcpy to the device" : "cudaMemcpy to the host";
  cudaError_t err = cudaSuccess;
  if (dir == DIR_D2H && (span.runs <= 1 || span.pitch == span.run)
      && slot_download (P, host, dev, bytes, &err))
    return gm_cuda_status (err, what);
  if (span.runs <= 1 || span.pitch == span.run) {
    err = dir == DIR_H2D ? cudaMemcpy (dev, host, bytes, kind) : cudaMemcpy (host, dev, bytes, kind);
  } else if (span.pitch < MAX_2D_PITCH) {
    err = dir == DIR_H2D ? cudaMemcpy2D (dev, span.run, host, span.pitch, span.run, span.runs, kind)
                         : cudaMemcpy2D (host, span.pitch, dev, span.run, span.run, span.runs, kind);
  } else {
    for (size_t r = 0; r < span.runs && err == cudaSuccess; r++) {
      char *d = (char *) dev + r * span.run, *h = (char *) host + r * span.pitch;
      err = dir == DIR_H2D ? cudaMemcpy (d, h, span.run, kind) : cudaMemcpy (h, d, span.run, kind);
    }
  }
  if (err == cudaSuccess && dir == DIR_H2D)
    err = cudaStreamSynchronize (0);
  return gm_cuda_status (err, what);
}

/* Up to two copies at once (n = 1 or 2), each with its direction; zero-byte ones skipped. */
static gm_status copy_n (int n, const int *dir, void *const *dev, void *const *host,
                         const gm_host_span *span)
{
  size_t bytes[2];
  for (int i = 0; i < n; i++)
    bytes[i] = span[i].run * span[i].runs;
  int device = 0;
  cudaError_t derr = cudaGetDevice (&device);
  if (derr != cudaSuccess)
    return gm_cuda_status (derr, "cudaGetDevice");
  if (device < 0 || device >= GM_MAX_DEVICES)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "copy: device %d (gpumat handles 0 to %d)", device,
                    GM_MAX_DEVICES - 1);
  pool_t *P = pool_of (device);
  pthread_mutex_lock (&P->call_lock);
  read_config (P);
  gm_status st = GM_OK;
  int big[2], nbig = 0, ready = 0;
  for (int i = 0; i < n; i++) {
    big[i] = bytes[i] > 0 && bytes[i] >= (dir[i] == DIR_H2D ? P->small_h2d : P->small_d2h);
    nbig += big[i];
  }
  if (nbig)
    st = pool_make (P, &ready);
  /* The small ones first, on the plain path (or all of them, without a pool). */
  for (int i = 0; i < n && st == GM_OK; i++)
    if (bytes[i] > 0 && (!big[i] || !ready))
      st = plain_copy (P, dir[i], dev[i], host[i], span[i]);
  if (st == GM_OK && nbig && ready) {
    int workers = P->spawned + 1, k = 0;
    for (int i = 0; i < n; i++)
      if (big[i] && dir[i] == DIR_D2H && (span[i].runs <= 1 || span[i].pitch == span[i].run))
        advise_hugepages (P, host[i], bytes[i]);
    for (int i = 0; i < n; i++)
      if (big[i])
        subjob_set (P, &P->sub[k++], dir[i], (char *) dev[i], (char *) host[i], span[i],
                    nbig > 1 ? (workers + 1) / 2 : workers);
    st = pool_run (P, k);
  }
  pthread_mutex_unlock (&P->call_lock);
  return st;
}

extern "C" gm_host_span gm_contiguous (size_t bytes)
{
  gm_host_span span = {bytes, bytes ? 1u : 0u, bytes};
  return span;
}

static gm_status span_check (gm_host_span span)
{
  if (span.runs > 1 && span.pitch < span.run)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "copy: host pitch %zu below the run of %zu bytes",
                    span.pitch, span.run);
  size_t bytes;
  return gm_mul_size (span.run, span.runs, &bytes);
}

extern "C" gm_status gm_copy_to_device (void *d_dst, const void *h_src, size_t bytes)
{
  return gm_copy_duplex_2d (d_dst, h_src, gm_contiguous (bytes), NULL, NULL, gm_contiguous (0));
}

extern "C" gm_status gm_copy_to_host (void *h_dst, const void *d_src, size_t bytes)
{
  return gm_copy_duplex_2d (NULL, NULL, gm_contiguous (0), h_dst, d_src, gm_contiguous (bytes));
}

extern "C" gm_status gm_copy_duplex (void *d_dst, const void *h_src, size_t up_bytes,
                                     void *h_dst, const void *d_src, size_t down_bytes)
{
  return gm_copy_duplex_2d (d_dst, h_src, gm_contiguous (up_bytes), h_dst, d_src,
                            gm_contiguous (down_bytes));
}

extern "C" gm_status gm_copy_duplex_2d (void *d_dst, const void *h_src, gm_host_span up,
                                        void *h_dst, const void *d_src, gm_host_span down)
{
  gm_status st;
  if ((st = span_check (up)) != GM_OK || (st = span_check (down)) != GM_OK)
    return st;
  /* runs that touch are one run: one memcpy a chunk, not one a run (m = 1 gives 8-byte runs) */
  if (up.pitch == up.run)
    up = gm_contiguous (up.run * up.runs);
  if (down.pitch == down.run)
    down = gm_contiguous (down.run * down.runs);
  int dir[2], n = 0;
  void *dev[2], *host[2];
  gm_host_span span[2];
  if (up.run && up.runs) {
    dir[n] = DIR_H2D; dev[n] = d_dst; host[n] = (void *) h_src; span[n++] = up;
  }
  if (down.run && down.runs) {
    dir[n] = DIR_D2H; dev[n] = (void *) d_src; host[n] = h_dst; span[n++] = down;
  }
  return n ? copy_n (n, dir, dev, host, span) : GM_OK;
}

/* ---- queued uploads through the ring ----------------------------------------------------- */
/* The ring of pinned slots of gm_copy_to_device_async (under ring_lock).  32 slots of 32 KiB:
   a 16x16 double matrix is 2 KiB, a 1000-vector 8 KB; 1 MiB pinned in all. */
#define RING_SLOTS 32
#define PAGEABLE_ASYNC_BYTES 16     /* one element of any class, complex double included */
#define RING_SLOT_BYTES ((size_t) 32 << 10)
static struct {
  int state;                        /* 0 not made, 1 ready, -1 unavailable: use the sync path */
  int device;                       /* the device its events belong to */
  char *pinned;
  cudaEvent_t done[RING_SLOTS];
  int pending[RING_SLOTS];          /* a copy from the slot was queued after its last wait */
  int next;
} ring;
static pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;

/* ring_lock held, the ring's device current. */
static void ring_free (void)
{
  for (int i = 0; i < RING_SLOTS; i++) {
    if (ring.done[i]) {
      if (ring.pending[i])
        (void) cudaEventSynchronize (ring.done[i]);   /* its DMA reads the slot: let it end */
      cudaEventDestroy (ring.done[i]);
      ring.done[i] = NULL;
    }
    ring.pending[i] = 0;
  }
  if (ring.pinned) {
    cudaFreeHost (ring.pinned);
    ring.pinned = NULL;
  }
  (void) cudaGetLastError ();
  ring.next = 0;
  ring.state = 0;
}

/* ring_lock held. */
static void ring_make (int dev)
{
  if (ring.state != 0 || gm_init () != GM_OK)
    return;
  ring.device = dev;
  if (cudaHostAlloc ((void **) &ring.pinned, RING_SLOTS * RING_SLOT_BYTES, cudaHostAllocDefault)
      != cudaSuccess) {
    ring.pinned = NULL;
    (void) cudaGetLastError ();
    ring.state = -1;
    return;
  }
  for (int i = 0; i < RING_SLOTS; i++)
    if (cudaEventCreateWithFlags (&ring.done[i], cudaEventDisableTiming) != cudaSuccess) {
      ring.done[i] = NULL;
      ring_free ();
      ring.state = -1;
      return;
    }
  ring.state = 1;
}

extern "C" gm_status gm_copy_to_device_async (void *d_dst, const void *h_src, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  int dev = -1;
  if (bytes > RING_SLOT_BYTES || cudaGetDevice (&dev) != cudaSuccess) {
    (void) cudaGetLastError ();
    return gm_copy_to_device (d_dst, h_src, bytes);
  }
  /* Up to PAGEABLE_ASYNC_BYTES (a scalar operand) straight from the caller's memory: the driver
     copies it into its own staging memory before cudaMemcpyAsync returns, so h_src may be
     reused at once (checked: 20 of 20 values right with the source overwritten after the call),
     and it costs 1.4 us on the H200 machine against 2.15 for the pinned slot's copy alone
     (plus the slot's event: bench/NOTES-value-type.md).  On device 0 only, as the ring. */
  if (bytes <= PAGEABLE_ASYNC_BYTES && dev == 0)
    return gm_cuda_status (cudaMemcpyAsync (d_dst, h_src, bytes, cudaMemcpyHostToDevice, 0),
                           "cudaMemcpyAsync to the device");
  pthread_mutex_lock (&ring_lock);
  ring_make (dev);
  if (ring.state != 1 || ring.device != dev) {
    pthread_mutex_unlock (&ring_lock);
    return gm_copy_to_device (d_dst, h_src, bytes);   /* no pinned memory: the plain path */
  }
  const int s = ring.next;
  ring.next = (s + 1) % RING_SLOTS;
  char *slot = ring.pinned + (size_t) s * RING_SLOT_BYTES;
  cudaError_t err = cudaSuccess;
  const char *where = "waiting for an upload slot";
  if (ring.pending[s]) {
    err = cudaEventSynchronize (ring.done[s]);
    ring.pending[s] = err != cudaSuccess;   /* a failed wait: the slot stays suspect */
  }
  if (err == cudaSuccess) {
    memcpy (slot, h_src, bytes);
    where = "cudaMemcpyAsync to the device";
    err = cudaMemcpyAsync (d_dst, slot, bytes, cudaMemcpyHostToDevice, 0);
    if (err == cudaSuccess) {
      where = "cudaEventRecord";
      err = cudaEventRecord (ring.done[s], 0);
      if (err == cudaSuccess)
        ring.pending[s] = 1;
      else
        (void) cudaStreamSynchronize (0);   /* no event to wait for: let the copy end now */
    }
  }
  pthread_mutex_unlock (&ring_lock);
  return gm_cuda_status (err, where);
}

extern "C" void *gm_small_staging (size_t bytes)
{
  int device = 0;
  if (bytes > SMALL_STAGING_BYTES || gm_init () != GM_OK || cudaGetDevice (&device) != cudaSuccess
      || device < 0 || device >= GM_MAX_DEVICES) {
    (void) cudaGetLastError ();
    return NULL;
  }
  /* one buffer per device: the caller packs into it and copies on its own device's stream */
  pool_t *P = pool_of (device);
  pthread_mutex_lock (&P->call_lock);
  if (!P->small
      && cudaHostAlloc (&P->small, SMALL_STAGING_BYTES, cudaHostAllocPortable) != cudaSuccess) {
    P->small = NULL;
    (void) cudaGetLastError ();
  }
  void *p = P->small;
  pthread_mutex_unlock (&P->call_lock);
  return p;
}

extern "C" void gm_transfer_release (void)
{
  int cur = 0;
  const int have_cur = cudaGetDevice (&cur) == cudaSuccess;
  for (int d = 0; d < GM_MAX_DEVICES; d++) {
    pool_t *P = &pools[d];
    if (!P->sync_ready)
      continue;                      /* never used */
    pthread_mutex_lock (&P->call_lock);
    /* its streams and events are destroyed with their own device current (switched always:
       after an earlier pool another device is current, even where d is the caller's own) */
    if ((P->part || P->small || P->down_slot || P->pinned) && have_cur)
      (void) cudaSetDevice (d);
    pool_free (P);
    if (P->small) {
      cudaFreeHost (P->small);
      P->small = NULL;
    }
    if (P->down_slot)
      cudaFreeHost (P->down_slot);
    P->down_slot = NULL;
    P->down_slot_state = 0;
    P->config_read = 0;             /* the next pool reads the environment again */
    pthread_mutex_unlock (&P->call_lock);
  }
  pthread_mutex_lock (&ring_lock);
  if (ring.state == 1 && have_cur)
    (void) cudaSetDevice (ring.device);
  ring_free ();
  pthread_mutex_unlock (&ring_lock);
  if (have_cur)
    (void) cudaSetDevice (cur);
  (void) cudaGetLastError ();
}
