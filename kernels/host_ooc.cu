/* host_ooc.cu: products of host arrays that do not fit in device memory (issue 15).
 *
 * C = op(A) * op(B) for host arrays of any class gm_matmul multiplies (real, complex and integer;
 * complex and integer details in v5 below) is computed in blocks of C that fit a
 * device-memory budget, each block from panels of op(A) (its rows) and op(B) (its columns)
 * streamed through the staging pool, with the copies overlapped with the products:
 *
 *   steps t = (j, i, s): column block j of C (outermost), row block i, k slice s (innermost);
 *   step t launches the product of its panels on a stream of its own, then, while it runs,
 *   uploads the panels of step t+1 (into the buffers step t-1 used, free once its product has
 *   finished) and downloads the C block that step t-1 completed, in one duplex copy.
 *
 * Panels and blocks are strided parts of the host matrices (a column's part, pitch the leading
 * dimension), gathered and scattered by the staging threads on the way (gm_copy_duplex_2d), so
 * no host memory is used beyond the pool's pinned slots.  An operand whose panel is the whole
 * operand (one row block of A with k whole, or one column block of B) goes up once.
 *
 * Block sizes: the budget holds two A panels (mb x kb), two B panels (kb x nb), two C blocks
 * (mb x nb) and, where k is split, a partial block (mb x nb).  With k whole, the A panels go up
 * once per column block of C and B once in all: A * ceil (n / nb) + B + C bytes cross the bus,
 * so nb is kept as large as the budget allows and mb shrunk first (to MIN_BLOCK rows), then nb,
 * then k is split (kb, a multiple of 256, so that the slices stay whole tiles of every kernel).
 * A split k sums the slices' products in slice order into the block (deterministic, and within
 * the same bound: each element is still one inner product of k terms, summed in a fixed order).
 * With k whole, each element of C is computed by the same kernel over the same k as the
 * in-core product, so the results agree with it wherever the kernel's own order does not
 * depend on the shape (naive, tiled, wpt, and warp/dmma without split-K).
 *
 * The 60000^2 double product on an H100 (80 GB, 45 GB/s staging): the plan keeps B whole (nb =
 * n, 28.8 GB, one buffer) and k whole, with row blocks of 1920 (the MAX_BLOCK_FLOP cap; the
 * memory alone allowed 15040): A, B and C cross once (86.4 GB).  v1 predicted ~10.6 s, about 40
 * TFLOP/s; measured (bench/NOTES-scale.md) 11.82 s with 15040-row blocks, 10.89 s with 1920,
 * against 41.5 TFLOP/s for the same block's product in core: the kernel, not the copies, is
 * what is left.
 *
 * The kernels' own workspace is outside the budget: a panel whose device leading dimension is
 * not a multiple of 16 bytes (odd rows or k) is copied aligned by dmma/warp (cudaMallocAsync on
 * the product's stream) where that is worth it, and falls back to their element-wise path when
 * the copy cannot be had.
 *
 * Interrupts: the caller's `interrupted` callback is polled at every step on one device, every
 * POLL_NS with several; a nonzero answer stops the product with GM_ERR_INTERRUPTED after the
 * work in flight has finished, every buffer freed.  A step is at most one block product, and
 * blocks are capped at MAX_BLOCK_FLOP (2e13, ~0.5 s of DGEMM) while their rows can shrink, so
 * the stop comes within about two block products: under a second.  (v2 capped only shared
 * runs; one H100 ran the 60000^2 double product in 15040-row blocks of 2.4 s each.)
 *
 * Several devices (opt->devices, more than one): one host thread per device (every signal
 * blocked there), each running the loop above on its own device with its own stream, events,
 * device buffers and staging pool (transfer.cu keeps one per device); the blocks of C come from
 * one shared counter, claimed one block ahead (to prefetch the next panels), so a faster device
 * takes more.  Every device uses the same plan (the smallest free memory of the listed devices,
 * or the budget, then at least BLOCKS_PER_DEVICE blocks a device and at most MAX_BLOCK_FLOP a
 * block where rows can go), so each block is the same
 * kernel over the same k on whichever device: the same bits as one device on devices of one
 * model.  The calling thread polls the interrupt callback every POLL_NS while it joins them;
 * an interrupt or the first failure sets a stop flag that every thread reads before its next
 * step; the first failure is raised with its thread's detail, "GPU d: ...".
 *
 * Versions: v1 real double and single, one device, one page.
 *           v2 the same on several devices of one host, blocks shared through a queue;
 *           one device runs v1's loop on the calling thread, unchanged but for the queue.
 *           v3 the MAX_BLOCK_FLOP cap on one device too.  On one H100 (60000^2 double): v2's
 *           4 blocks of 15040 rows 11.82 s, 36.5 TFLOP/s, kernels busy 91.5%; v3's 32 blocks of
 *           1920 rows 10.89 s, 39.7 TFLOP/s, 93.6% (predicted ~11.5 s: the tail and first A
 *           panel 7.2 -> 0.9 GB), Ctrl-C stopped 356 ms after it was asked.
 *           v4 (this) the head ramps (see RAMP_CHUNKS): B's first panel in column chunks, each
 *           multiplied on arrival; predicted 10.89 -> ~10.6 s (~40.8 TFLOP/s).  The kernel-busy
 *           figure counts the ramped first step from its first chunk's launch, waits included.
 *           Measured on one H100: 10.91-10.94 s, 39.5-39.6 TFLOP/s, busy 99%: no gain there
 *           (the card runs the products at its 700 W cap, so the idle head had only let it
 *           start cooler); two H200 5.93 -> 5.68 s, 2.00x one.  With dmma's k16 loop (the
 *           kernel, not this file) one H100 does 10.54-10.67 s, 40.5-41.0 TFLOP/s.
 *           v5 every class gm_matmul multiplies (issue 15: "every kernel, class, op flag and
 *           complex form"): complex double and single, with a real operand uploaded as it is
 *           and promoted on the device into its panel buffer (two half-size stages, so step
 *           t+1's upload never meets step t's queued promotion), a per-device flag that each
 *           finished block ORs its imaginary parts into (gm_complex_flag_imag: for Octave's
 *           narrowing of the whole C), the plan counting the complex product's own copies (Â, op(B)); and the
 *           integer classes, whose k is never split (plan_opts.split_k).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <atomic>
#include "gpumat.h"
#include "matmul_native.h"
#include "tuning.h"

namespace {

constexpr int64_t MIN_BLOCK = 1024;   /* rows or columns of C a block, before k is split */
constexpr int64_t K_STEP = 256;       /* k slices are multiples of this */
/* Of the free device memory, what the blocked product may take: the kernels' own workspace
 * (split-K partials up to 256 MiB, aligned copies of a panel) comes on top. */
constexpr double FREE_SHARE = 0.85;

struct plan {
  int64_t mb, nb, kb;      /* block rows, block columns, slice depth */
  int64_t bi, bj, bs;      /* block and slice counts */
  bool a_once, b_once;     /* the operand is one panel: uploaded once */
  size_t bytes;            /* device memory of the buffers */
};

int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

/* What a class asks of the plan beyond its panels and blocks.
 *   split_k   false for the integer classes: their C(i, j) is the exact sum converted once
 *             (saturated), so k is never cut into slices summed in C's class.
 *   extra_a, extra_b   device bytes the product takes beyond the buffers, in A and B panels:
 *             complex products copy op(A) as the real 2m x 2k matrix Â (two panels) and a
 *             transposed or conjugated B (one; matmul_complex.cu), and a real operand of a
 *             complex product goes up as it is into two staging buffers of half a panel each
 *             before it is promoted (one panel). */
struct plan_opts {
  bool split_k = true;
  double extra_a = 0, extra_b = 0;
};

plan_opts class_plan_opts (gm_class cls, bool a_real, bool b_real)
{
  plan_opts o;
  o.split_k = !gm_class_is_integer (cls);
  if (gm_class_is_complex (cls)) {
    o.extra_a = 2.0 + (a_real ? 1.0 : 0.0);
    o.extra_b = 1.0 + (b_real ? 1.0 : 0.0);
  }
  return o;
}

/* Device bytes of a plan's buffers; SIZE_MAX where they overflow. */
size_t plan_bytes (int64_t m, int64_t n, int64_t k, int64_t mb, int64_t nb, int64_t kb, size_t es,
                   const plan_opts &o)
{
  const bool split = kb < k;
  const int a_bufs = (mb >= m && !split) ? 1 : 2, b_bufs = (nb >= n && !split) ? 1 : 2;
  const double elems = (a_bufs + o.extra_a) * mb * kb + (b_bufs + o.extra_b) * kb * nb
                       + (split ? 3.0 : 2.0) * mb * nb;
  const double bytes = elems * (double) es;
  return bytes >= 1.8e19 ? SIZE_MAX : (size_t) bytes;
}

/* Largest blocks that fit `budget`: mb shrinks first (to MIN_BLOCK), then nb, then k is split
 * (down to K_STEP), then mb and nb go below MIN_BLOCK, and last k below K_STEP: the last two
 * only for budgets far below any real device (the tests force tiny ones). */
gm_status make_plan (int64_t m, int64_t n, int64_t k, size_t es, size_t budget,
                     const plan_opts &o, plan *p)
{
  int64_t mb = m, nb = n, kb = k;
  auto fits = [&] { return plan_bytes (m, n, k, mb, nb, kb, es, o) <= budget; };
  auto halve = [] (int64_t x, int64_t floor) {   /* whole 64-row tiles where it matters */
    int64_t h = ceil_div (x, 2);
    h = h > 64 ? ceil_div (h, 64) * 64 : h;
    return h < floor ? floor : h;
  };
  auto halve_k = [] (int64_t x, int64_t floor) {
    int64_t h = ceil_div (x, 2);
    h = h > K_STEP ? ceil_div (h, K_STEP) * K_STEP : h;
    return h < floor ? floor : h;
  };
  while (!fits () && mb > MIN_BLOCK)
    mb = halve (mb, MIN_BLOCK);
  while (!fits () && nb > MIN_BLOCK)
    nb = halve (nb, MIN_BLOCK);
  while (!fits () && kb > K_STEP && o.split_k)
    kb = halve_k (kb, K_STEP);
  while (!fits () && (mb > 1 || nb > 1)) {
    if (mb >= nb)
      mb = halve (mb, 1);
    else
      nb = halve (nb, 1);
  }
  while (!fits () && kb > 1 && o.split_k)
    kb = halve_k (kb, 1);
  if (!fits ()) {
    gm_record_oom (0, 0);           /* no allocation failed: the gateway reports this text */
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "blocked product: %zu bytes of device memory are "
                    "not enough for one element of each buffer", budget);
  }
  p->mb = mb < m ? mb : m;
  p->nb = nb < n ? nb : n;
  p->kb = kb < k ? kb : k;
  p->bi = ceil_div (m, p->mb);
  p->bj = ceil_div (n, p->nb);
  p->bs = ceil_div (k, p->kb);
  p->a_once = p->bi == 1 && p->bs == 1;
  p->b_once = p->bj == 1 && p->bs == 1;
  p->bytes = plan_bytes (m, n, k, p->mb, p->nb, p->kb, es, o);
  return GM_OK;
}

/* C += P, n elements, in the result class. */
template <typename T> __global__ void accumulate (int64_t count, T *C, const T *P)
{
  for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; i < count;
       i += (int64_t) gridDim.x * blockDim.x)
    C[i] += P[i];
}

gm_status launch_accumulate (gm_class cls, int64_t count, void *C, const void *P,
                             cudaStream_t stream)
{
  if (gm_class_is_complex (cls)) {     /* (re, im) pairs add as reals */
    count *= 2;
    cls = gm_class_real (cls);
  }
  const int64_t blocks64 = ceil_div (count, 256);
  const unsigned blocks = (unsigned) (blocks64 < 4096 ? blocks64 : 4096);
  if (cls == GM_DOUBLE)
    accumulate<double><<<blocks, 256, 0, stream>>> (count, (double *) C, (const double *) P);
  else
    accumulate<float><<<blocks, 256, 0, stream>>> (count, (float *) C, (const float *) P);
  return gm_cuda_status (cudaGetLastError (), "blocked product: accumulate");
}

/* A rows x cols part of a host matrix stored with leading dimension ld, starting at (r0, c0). */
gm_host_span part (size_t es, int64_t ld, int64_t rows, int64_t cols)
{
  gm_host_span s = {(size_t) rows * es, (size_t) cols, (size_t) ld * es};
  return s;
}

/* Where a step's panels and block lie. */
struct step {
  int64_t i, j, s;          /* row block, column block, slice */
  int64_t r0, rows;         /* rows of C (and of op(A)) */
  int64_t c0, cols;         /* columns of C (and of op(B)) */
  int64_t p0, depth;        /* the k slice */
};

step step_at (const plan &pl, int64_t m, int64_t n, int64_t k, int64_t t)
{
  step st;
  st.s = t % pl.bs;
  st.i = (t / pl.bs) % pl.bi;
  st.j = t / (pl.bs * pl.bi);
  st.r0 = st.i * pl.mb;
  st.rows = m - st.r0 < pl.mb ? m - st.r0 : pl.mb;
  st.c0 = st.j * pl.nb;
  st.cols = n - st.c0 < pl.nb ? n - st.c0 : pl.nb;
  st.p0 = st.s * pl.kb;
  st.depth = k - st.p0 < pl.kb ? k - st.p0 : pl.kb;
  return st;
}

/* What every device's thread shares: the product, the plan, the queue of C blocks and the
 * combined status. */
struct shared_run {
  gm_matmul_kernel kernel;
  gm_class cls;
  gm_op opa, opb;
  bool ta, tb;
  bool a_real, b_real;               /* complex product, the operand real (promoted on the GPU) */
  std::atomic<int> any_imag;         /* complex: some block has an imaginary part */
  int64_t m, n, k, lda, ldb;
  size_t es;
  const char *A, *B;
  char *C;
  plan pl;
  int64_t blocks;                    /* bi * bj: the queue's length */
  std::atomic<int64_t> next_block;   /* blocks claimed so far, in (j, i) order */
  std::atomic<int> stop;             /* an error or an interrupt: every device stops */
  /* the single-device run polls the caller's callback itself (it runs on the caller's thread);
     the several-device run leaves that to the calling thread, which sets `stop` */
  const gm_host_options *poll;
  /* the first failure, under `lock` */
  pthread_mutex_t lock;
  gm_status first;
  int first_device;
  char detail[512];
  size_t oom_requested, oom_free;
};

/* The first failure wins; its detail (thread-local in status.cu) is copied for the caller. */
void record_failure (shared_run *R, int device, gm_status st)
{
  pthread_mutex_lock (&R->lock);
  if (R->first == GM_OK) {
    R->first = st;
    R->first_device = device;
    snprintf (R->detail, sizeof R->detail, "%s", gm_error_detail ());
    gm_oom_bytes (&R->oom_requested, &R->oom_free);
  }
  pthread_mutex_unlock (&R->lock);
  R->stop.store (1);
}

/* A device's sequence of steps: blocks claimed from the shared queue, each with its slices. */
struct cursor {
  int64_t blk = -1, s = 0;           /* the current block (global index) and slice */
  int64_t local = -1;                /* blocks this device has taken: their C buffer alternates */
};

/* The step after `c` (claiming a new block after a block's last slice); false when the queue
   is empty or the run is stopping. */
bool advance (shared_run *R, cursor *c)
{
  if (c->blk >= 0 && c->s + 1 < R->pl.bs) {
    c->s++;
    return true;
  }
  if (R->stop.load ())
    return false;
  const int64_t b = R->next_block.fetch_add (1);
  if (b >= R->blocks)
    return false;
  c->blk = b;
  c->s = 0;
  c->local++;
  return true;
}

step step_of (const shared_run *R, const cursor &c)
{
  const plan &pl = R->pl;
  const int64_t i = c.blk % pl.bi, j = c.blk / pl.bi;
  return step_at (pl, R->m, R->n, R->k, (j * pl.bi + i) * pl.bs + c.s);
}

/* The head (v4).  The first step waits for its whole B panel (the 60000^2 double product on one
 * H100: B's 28.8 GB and a 0.9 GB A panel, 0.66 s at 45 GB/s, with the GPU idle; 6% of the run).
 * Where op(B) is B (a column chunk of the panel is contiguous on the device too), the panel goes
 * up in RAMP_CHUNKS column chunks and each chunk's product is queued as soon as it is there, so
 * the first block is mostly computed while the rest of B arrives (predicted: its 0.35 s of
 * products hidden behind the 0.64 s of B, 10.89 -> ~10.6 s).  Only where every element keeps
 * its bits: the chunks and the whole block run the same kernel (dmma: the one family whose plan
 * can be asked, gm_matmul_dmma_plan) with the same tile and k unsplit, so each element is the
 * same sequence of MMAs over the same k; widths are whole 128-column tiles.  Elsewhere (single,
 * a transposed B, a chunk the plan would split) the panel goes up in one piece, as before. */
constexpr size_t RAMP_MIN_BYTES = (size_t) 64 << 20;   /* smaller panels: the head is short */
constexpr int64_t RAMP_CHUNKS = 8;

/* The dmma plan a product of this shape runs (the product's kernel, or auto's choice for it);
   false where that is not dmma. */
struct dmma_run { int tile_m, tile_n, slices; };
bool dmma_plan_of (const shared_run *R, int64_t rows, int64_t cols, int64_t depth, dmma_run *r)
{
  const gm_op opa = R->ta ? R->opa : GM_OP_NONE;
  gm_matmul_kernel kernel = R->kernel;
  if (kernel == GM_MATMUL_AUTO
      && gm_matmul_auto_choice_native (R->cls, opa, GM_OP_NONE, rows, cols, depth, 1, &kernel)
             != GM_OK)
    return false;
  return kernel == GM_MATMUL_DMMA
         && gm_matmul_dmma_plan (opa, GM_OP_NONE, rows, cols, depth, 1, &r->tile_m, &r->tile_n,
                                 &r->slices) == GM_OK;
}

/* The chunk width for the first step's B panel, or 0: in one piece. */
int64_t ramp_width (const shared_run *R, int64_t rows, int64_t cols, int64_t depth)
{
  if (R->tb || R->cls != GM_DOUBLE || (double) depth * (double) cols * (double) R->es
                                          < (double) RAMP_MIN_BYTES)
    return 0;
  dmma_run whole;
  if (!dmma_plan_of (R, rows, cols, depth, &whole) || whole.slices != 1)
    return 0;
  /* a chunk of w columns runs the block's tile, k unsplit */
  auto same_plan = [&] (int64_t w) {
    dmma_run part;
    return dmma_plan_of (R, rows, w, depth, &part) && part.tile_m == whole.tile_m
           && part.tile_n == whole.tile_n && part.slices == 1;
  };
  for (int64_t chunks = RAMP_CHUNKS; chunks >= 2; chunks /= 2) {
    const int64_t w = ceil_div (ceil_div (cols, chunks), 128) * 128;
    if (w >= cols)
      continue;
    const int64_t last = cols - (ceil_div (cols, w) - 1) * w;
    if (same_plan (w) && same_plan (last))
      return w;
  }
  return 0;
}

/* The blocked loop on the calling thread's current device, over the blocks it claims: the
 * version 1 loop of this file, with the block order taken from the queue.  Frees everything it
 * allocated on every path; returns its own status (the caller combines them). */
gm_status run_device (shared_run *R, int device, gm_host_stats *stats)
{
  const plan &pl = R->pl;
  const int64_t m = R->m;
  const size_t es = R->es;
  const bool ta = R->ta, tb = R->tb;
  const int64_t lda = R->lda, ldb = R->ldb;
  const char *A = R->A, *B = R->B;
  char *C = R->C;
  const bool cplx = gm_class_is_complex (R->cls);
  /* a real operand of a complex product: half the bytes an element on the host */
  const size_t es_a = R->a_real ? es / 2 : es, es_b = R->b_real ? es / 2 : es;
  auto a_span = [&] (const step &x, const char **at) {
    const int64_t r = ta ? x.p0 : x.r0, c = ta ? x.r0 : x.p0;
    *at = A + ((size_t) r + (size_t) c * (size_t) lda) * es_a;
    return ta ? part (es_a, lda, x.depth, x.rows) : part (es_a, lda, x.rows, x.depth);
  };
  auto b_span = [&] (const step &x, const char **at) {
    const int64_t r = tb ? x.c0 : x.p0, c = tb ? x.p0 : x.c0;
    *at = B + ((size_t) r + (size_t) c * (size_t) ldb) * es_b;
    return tb ? part (es_b, ldb, x.cols, x.depth) : part (es_b, ldb, x.depth, x.cols);
  };
  cursor cur;
  if (!advance (R, &cur))
    return GM_OK;                    /* no block left for this device */

  gm_status st = GM_OK;
  void *bufA[2] = {NULL, NULL}, *bufB[2] = {NULL, NULL}, *bufC[2] = {NULL, NULL}, *bufP = NULL;
  /* a real operand of a complex product goes up into stage*[b], then is promoted into buf*[b]
     on the product's stream (two of each: the promotion of step t may still be queued while
     step t+1's panel goes up) */
  void *stageA[2] = {NULL, NULL}, *stageB[2] = {NULL, NULL};
  int *d_imag = NULL;                /* complex: this device's blocks have imaginary parts */
  const size_t a_bytes = (size_t) pl.mb * pl.kb * es, b_bytes = (size_t) pl.kb * pl.nb * es;
  const size_t c_bytes = (size_t) pl.mb * pl.nb * es;
  cudaStream_t cs = NULL;
  cudaEvent_t done[2] = {NULL, NULL}, began[2] = {NULL, NULL};
  /* the product time of step t, added once its event has been waited for */
  auto add_kernel_time = [&] (int64_t t) {
    float ms = 0;
    if (cudaEventElapsedTime (&ms, began[t % 2], done[t % 2]) == cudaSuccess)
      stats->kernel_ms += ms;
    stats->steps++;
  };
  for (int b = 0; b < 2 && st == GM_OK; b++) {
    if ((b == 0 || !pl.a_once) && st == GM_OK)
      st = gm_device_alloc (&bufA[b], a_bytes);
    if ((b == 0 || !pl.b_once) && st == GM_OK)
      st = gm_device_alloc (&bufB[b], b_bytes);
    if ((b == 0 || !pl.a_once) && R->a_real && st == GM_OK)
      st = gm_device_alloc (&stageA[b], a_bytes / 2);
    if ((b == 0 || !pl.b_once) && R->b_real && st == GM_OK)
      st = gm_device_alloc (&stageB[b], b_bytes / 2);
    if (st == GM_OK)
      st = gm_device_alloc (&bufC[b], c_bytes);
    if (st == GM_OK)
      st = gm_cuda_status (cudaEventCreate (&done[b]), "cudaEventCreate");
    if (st == GM_OK)
      st = gm_cuda_status (cudaEventCreate (&began[b]), "cudaEventCreate");
  }
  if (st == GM_OK && pl.bs > 1)
    st = gm_device_alloc (&bufP, c_bytes);
  if (st == GM_OK)
    st = gm_cuda_status (cudaStreamCreateWithFlags (&cs, cudaStreamNonBlocking),
                         "cudaStreamCreate");
  /* The buffers may come from the cache with gpumat work still queued on stream 0. */
  if (st == GM_OK)
    st = gm_stream_after_default (cs);
  if (st == GM_OK && cplx && (st = gm_device_alloc ((void **) &d_imag, sizeof (int))) == GM_OK)
    st = gm_cuda_status (cudaMemsetAsync (d_imag, 0, sizeof (int), cs), "cudaMemsetAsync");
  /* A real operand's panel: up into its stage, promoted into the panel buffer on cs (queued
     after the product in flight, before the next one). */
  auto promote = [&] (bool is_real, void *const *stage, void *const *buf, int b,
                      const gm_host_span &span) {
    if (!is_real || !span.runs)
      return GM_OK;
    const int64_t count = (int64_t) (span.run / (es / 2) * span.runs);
    return gm_real_to_complex (R->cls, count, stage[b], buf[b], cs);
  };

  int a_cur = 0, b_cur = 0;          /* the buffers holding the current step's panels */
  /* the panels of the first step: A's, then B's in one piece or, where the head ramps, in
     column chunks with each chunk's product queued on arrival (into C buffer 0, slice 0) */
  bool ramped = false;
  if (st == GM_OK) {
    const step x = step_of (R, cur);
    const char *ha, *hb;
    const gm_host_span sa = a_span (x, &ha), sb = b_span (x, &hb);
    st = gm_copy_duplex_2d (R->a_real ? stageA[0] : bufA[0], ha, sa, NULL, NULL,
                            gm_contiguous (0));
    if (st == GM_OK)
      st = promote (R->a_real, stageA, bufA, 0, sa);
    const int64_t w = st == GM_OK ? ramp_width (R, x.rows, x.cols, x.depth) : 0;
    if (w > 0) {
      st = gm_cuda_status (cudaEventRecord (began[0], cs), "cudaEventRecord");
      for (int64_t c0 = 0; c0 < x.cols && st == GM_OK; c0 += w) {
        step y = x;
        y.c0 = x.c0 + c0;
        y.cols = x.cols - c0 < w ? x.cols - c0 : w;
        const char *hc;
        const gm_host_span sc = b_span (y, &hc);
        char *chunk_b = (char *) bufB[0] + (size_t) c0 * (size_t) x.depth * es;
        st = gm_copy_duplex_2d (chunk_b, hc, sc, NULL, NULL, gm_contiguous (0));
        if (st == GM_OK)
          st = gm_matmul_native (R->kernel, R->cls, ta ? R->opa : GM_OP_NONE, GM_OP_NONE, x.rows,
                                 y.cols, x.depth, bufA[0], ta ? x.depth : x.rows, 0, chunk_b,
                                 x.depth, 0,
                                 (char *) bufC[0] + (size_t) c0 * (size_t) x.rows * es, x.rows,
                                 0, 1, cs);
        stats->ramp_chunks++;
      }
      ramped = st == GM_OK;
    } else if (st == GM_OK) {
      st = gm_copy_duplex_2d (R->b_real ? stageB[0] : bufB[0], hb, sb, NULL, NULL,
                              gm_contiguous (0));
      if (st == GM_OK)
        st = promote (R->b_real, stageB, bufB, 0, sb);
    }
    stats->bytes_up += (double) (sa.run * sa.runs + sb.run * sb.runs);
  }
  step pending_down = {};            /* the block to download after the next product */
  bool have_down = false, more = true;
  int down_buf = 0;
  int64_t t = 0;                     /* this device's steps */
  for (; more && st == GM_OK; t++) {
    const step x = step_of (R, cur);
    const int cb = (int) (cur.local % 2);   /* this device's blocks alternate their buffers */
    /* the product of this step: the first slice straight into the block, later ones into P
       and added (slice order: deterministic) */
    void *dst = x.s == 0 ? bufC[cb] : bufP;
    if (!(t == 0 && ramped)) {       /* a ramped first product is queued already */
      st = gm_cuda_status (cudaEventRecord (began[t % 2], cs), "cudaEventRecord");
      if (st == GM_OK)
        st = gm_matmul_native (R->kernel, R->cls, ta ? R->opa : GM_OP_NONE,
                               tb ? R->opb : GM_OP_NONE, x.rows, x.cols, x.depth, bufA[a_cur],
                               ta ? x.depth : x.rows, 0, bufB[b_cur], tb ? x.cols : x.depth, 0,
                               dst, x.rows, 0, 1, cs);
    }
    if (st == GM_OK && x.s > 0)
      st = launch_accumulate (R->cls, x.rows * x.cols, bufC[cb], bufP, cs);
    if (st == GM_OK && cplx && x.s == pl.bs - 1)
      st = gm_complex_flag_imag (R->cls, x.rows * x.cols, bufC[cb], d_imag, cs);
    if (st == GM_OK)
      st = gm_cuda_status (cudaEventRecord (done[t % 2], cs), "cudaEventRecord");
    /* step t-1's product done: its buffers are free and its block (if complete) can go down */
    if (st == GM_OK && t > 0
        && (st = gm_cuda_status (cudaEventSynchronize (done[(t - 1) % 2]), "gm_matmul")) == GM_OK)
      add_kernel_time (t - 1);
    if (st != GM_OK)
      break;
    if (R->poll && R->poll->interrupted && R->poll->interrupted (R->poll->ctx))
      R->stop.store (1);
    if (R->stop.load ()) {
      st = gm_fail (GM_ERR_INTERRUPTED, "blocked product stopped on GPU %d after %lld of its "
                    "steps", device, (long long) t);
      break;
    }
    /* uploads for the next step, into the buffers not used by this one */
    const char *ha = NULL, *hb = NULL;
    gm_host_span sa = gm_contiguous (0), sb = gm_contiguous (0);
    int a_next = a_cur, b_next = b_cur;
    const bool last_slice = x.s == pl.bs - 1;
    const step done_x = x;
    more = advance (R, &cur);
    if (more) {
      const step y = step_of (R, cur);
      if (!pl.a_once && (y.i != x.i || y.s != x.s)) {
        a_next = a_cur ^ 1;
        sa = a_span (y, &ha);
      }
      if (!pl.b_once && (y.j != x.j || y.s != x.s)) {
        b_next = b_cur ^ 1;
        sb = b_span (y, &hb);
      }
    }
    /* the download of the block the previous step completed */
    const char *dsrc = NULL;
    char *hdst = NULL;
    gm_host_span sd = gm_contiguous (0);
    if (have_down) {
      sd = part (es, m, pending_down.rows, pending_down.cols);
      hdst = C + ((size_t) pending_down.r0 + (size_t) pending_down.c0 * (size_t) m) * es;
      dsrc = (const char *) bufC[down_buf];
      have_down = false;
    }
    st = gm_copy_duplex_2d (sa.runs ? (R->a_real ? stageA[a_next] : bufA[a_next]) : NULL, ha, sa,
                            hdst, dsrc, sd);
    if (st == GM_OK)
      st = promote (R->a_real, stageA, bufA, a_next, sa);
    if (st == GM_OK && sb.runs)
      st = gm_copy_duplex_2d (R->b_real ? stageB[b_next] : bufB[b_next], hb, sb, NULL, NULL,
                              gm_contiguous (0));
    if (st == GM_OK)
      st = promote (R->b_real, stageB, bufB, b_next, sb);
    stats->bytes_up += (double) (sa.run * sa.runs + sb.run * sb.runs);
    stats->bytes_down += (double) (sd.run * sd.runs);
    a_cur = a_next;
    b_cur = b_next;
    if (last_slice) {                /* this step completes its block: down after the next */
      pending_down = done_x;
      down_buf = cb;
      have_down = true;
    }
  }
  /* t steps were launched; the last one's product is waited for here */
  if (st == GM_OK && t > 0
      && (st = gm_cuda_status (cudaEventSynchronize (done[(t - 1) % 2]), "gm_matmul"))
             == GM_OK)
    add_kernel_time (t - 1);
  if (st == GM_OK && have_down) {
    const gm_host_span sd = part (es, m, pending_down.rows, pending_down.cols);
    st = gm_copy_duplex_2d (NULL, NULL, gm_contiguous (0),
                            C + ((size_t) pending_down.r0 + (size_t) pending_down.c0 * (size_t) m) * es,
                            bufC[down_buf], sd);
    stats->bytes_down += (double) (sd.run * sd.runs);
  }
  if (cs) {
    cudaStreamSynchronize (cs);      /* nothing in flight before the buffers are freed */
    cudaStreamDestroy (cs);
  }
  if (st == GM_OK && d_imag) {
    int any = 0;
    st = gm_cuda_status (cudaMemcpy (&any, d_imag, sizeof any, cudaMemcpyDeviceToHost),
                         "blocked product: imaginary parts");
    if (st == GM_OK && any)
      R->any_imag.store (1);
  }
  gm_device_free (d_imag);
  for (int b = 0; b < 2; b++) {
    if (done[b])
      cudaEventDestroy (done[b]);
    if (began[b])
      cudaEventDestroy (began[b]);
    gm_device_free (bufA[b]);
    gm_device_free (bufB[b]);
    gm_device_free (bufC[b]);
    gm_device_free (stageA[b]);
    gm_device_free (stageB[b]);
  }
  gm_device_free (bufP);
  (void) cudaGetLastError ();
  return st;
}

/* One device's host thread in the several-device run. */
struct device_job {
  shared_run *run;
  int device;
  gm_host_stats stats;
  gm_status status;
  pthread_t tid;
  bool started;
};

void *device_main (void *arg)
{
  device_job *job = (device_job *) arg;
  gm_status st = gm_use_device (job->device, NULL);
  if (st == GM_OK)
    st = run_device (job->run, job->device, &job->stats);
  if (st != GM_OK && st != GM_ERR_INTERRUPTED)
    record_failure (job->run, job->device, st);
  job->status = st;
  return NULL;
}

/* Free device memory that the plan may count on, for each listed device: gpumat's own caches
 * (freed blocks, the kernels' stream-ordered pool) count as used in cudaMemGetInfo and are
 * given back first, so that the plan does not depend on what ran before.  The calling thread's
 * device is left as it was. */
gm_status smallest_free (const int *devices, int count, size_t *smallest)
{
  *smallest = SIZE_MAX;
  for (int d = 0; d < count; d++) {
    int previous = 0;
    gm_status st = gm_use_device (devices[d], &previous);
    if (st != GM_OK)
      return st;
    gm_device_release_cached ();
    size_t free_bytes = 0, total = 0;
    st = gm_cuda_status (cudaMemGetInfo (&free_bytes, &total), "cudaMemGetInfo");
    cudaSetDevice (previous);
    if (st != GM_OK)
      return st;
    if (free_bytes < *smallest)
      *smallest = free_bytes;
  }
  return GM_OK;
}

/* With several devices the queue needs blocks to share: at least BLOCKS_PER_DEVICE a device
 * where the blocks can shrink (to 64 rows, then 64 columns), so that a device that finishes
 * early takes another and the last block's imbalance is a small part of the run.  Shrinking
 * the rows first costs no traffic where B stays whole (each A panel still crosses once). */
constexpr int64_t BLOCKS_PER_DEVICE = 2;
/* And no block above this many flops while its rows can shrink (not below MIN_BLOCK): 2e13 is
 * ~0.45 s of DGEMM on an H100, the longest a device's thread can take to notice a stop (Ctrl-C
 * or another device's failure), since the product in flight always finishes.  Fewer rows per
 * block cost no traffic here: each A panel still crosses once per column block, B and C once. */
constexpr double MAX_BLOCK_FLOP = 2e13;

/* The memory plan of make_plan, then shared and capped: with several devices at least
 * BLOCKS_PER_DEVICE blocks a device, and on any number of devices (one included, since v3) no
 * block above MAX_BLOCK_FLOP while its rows can shrink. */
void spread_plan (int64_t m, int64_t n, int64_t k, size_t es, int devices, const plan_opts &o,
                  plan *p)
{
  const int64_t want = devices > 1 ? BLOCKS_PER_DEVICE * devices : 1;
  int64_t mb = p->mb, nb = p->nb;
  auto halve = [] (int64_t x) {
    int64_t h = ceil_div (x, 2);
    h = h > 64 ? ceil_div (h, 64) * 64 : h;
    return h < 64 ? 64 : h;
  };
  while (ceil_div (m, mb) * ceil_div (n, nb) < want && mb > 64)
    mb = halve (mb);
  while (ceil_div (m, mb) * ceil_div (n, nb) < want && nb > 64)
    nb = halve (nb);
  while (2.0 * (double) mb * (double) nb * (double) p->kb > MAX_BLOCK_FLOP && mb > MIN_BLOCK)
    mb = halve (mb) < MIN_BLOCK ? MIN_BLOCK : halve (mb);
  p->mb = mb < m ? mb : m;
  p->nb = nb < n ? nb : n;
  p->bi = ceil_div (m, p->mb);
  p->bj = ceil_div (n, p->nb);
  p->a_once = p->bi == 1 && p->bs == 1;
  p->b_once = p->bj == 1 && p->bs == 1;
  p->bytes = plan_bytes (m, n, k, p->mb, p->nb, p->kb, es, o);   /* smaller blocks: fewer bytes */
}

/* How often the calling thread asks the interrupt callback while the devices run: Ctrl-C
   reaches every device's thread within this, plus the product in flight. */
constexpr long POLL_NS = 10 * 1000 * 1000;

/* ---- the result's first touch ----------------------------------------------------------------
   A fresh result (Octave's array from __gpumat_alloc__, advised to use 2 MiB pages) has no
   pages yet.  A row block of C (B whole: 1920 rows of every column at 60000^2) reaches into
   every one of C's huge pages, so the first block's download faulted in all of C (28.8 GB of
   zeroed pages) on the staging threads while the GPUs waited for their next panels.  Prefault
   threads map C's pages from the start of the product, in PREFAULT_PIECE pieces taken in
   order, with MADV_POPULATE_WRITE (Linux 5.14): the page tables are made writable without a
   write, so a piece a download has already filled keeps its bytes.  A kernel without it
   answers EINVAL and the threads stop; the downloads fault as before.  GPUMAT_HOST_PREFAULT
   threads (default 8; 0: none), for results of PREFAULT_MIN bytes or more. */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
constexpr size_t PREFAULT_PIECE = (size_t) 32 << 20;
constexpr size_t PREFAULT_MIN = (size_t) 256 << 20;
constexpr int PREFAULT_MAX_THREADS = 64;

struct prefault_run {
  char *begin = nullptr;
  size_t bytes = 0;
  std::atomic<size_t> next{0};
  std::atomic<int> stop{0};
  pthread_t tid[PREFAULT_MAX_THREADS];
  int threads = 0;
};

void *prefault_main (void *arg)
{
  prefault_run *P = (prefault_run *) arg;
  while (!P->stop.load (std::memory_order_relaxed)) {
    const size_t at = P->next.fetch_add (PREFAULT_PIECE);
    if (at >= P->bytes)
      break;
    const size_t len = P->bytes - at < PREFAULT_PIECE ? P->bytes - at : PREFAULT_PIECE;
    if (madvise (P->begin + at, len, MADV_POPULATE_WRITE) != 0 && errno != EINTR) {
      P->stop.store (1);             /* EINVAL: no such advice here; ENOMEM: leave it to the copies */
      break;
    }
  }
  return nullptr;
}

/* Starts the prefault threads over C (every signal blocked in them), or none. */
void prefault_start (prefault_run *P, void *C, size_t bytes)
{
  const double want = gm_tuning ()->host_prefault;
  int threads = want >= 1 ? (int) want : 0;
  if (threads > PREFAULT_MAX_THREADS)
    threads = PREFAULT_MAX_THREADS;
  const uintptr_t page = 4096, first = ((uintptr_t) C + page - 1) & ~(page - 1);
  const uintptr_t end = (uintptr_t) C + bytes;
  if (threads == 0 || bytes < PREFAULT_MIN || end <= first)
    return;
  P->begin = (char *) first;
  P->bytes = (size_t) (end - first);
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  for (int t = 0; t < threads; t++) {
    if (pthread_create (&P->tid[P->threads], NULL, prefault_main, P) != 0)
      break;                         /* fewer threads, or none: only slower */
    P->threads++;
  }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
}

/* Stops the prefault threads (a product that ended first leaves the rest to Octave) and waits
   for them. */
void prefault_join (prefault_run *P)
{
  P->stop.store (1);
  for (int t = 0; t < P->threads; t++)
    pthread_join (P->tid[t], NULL);
  P->threads = 0;
}

} /* namespace */

namespace {

/* The classes the blocked path takes: every class gm_matmul multiplies (logical and char
   arrive as double). */
bool blocked_class (gm_class cls)
{
  return cls == GM_DOUBLE || cls == GM_SINGLE || gm_class_is_complex (cls)
         || gm_class_is_integer (cls);
}

gm_status host_blocked (gm_matmul_kernel kernel, gm_class cls, bool a_real, bool b_real,
                        gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k, const void *h_A,
                        const void *h_B, void *h_C, const gm_host_options *opt, int *c_has_imag);

} /* namespace */

extern "C" gm_status gm_matmul_host_blocked (gm_matmul_kernel kernel, gm_class cls, gm_op opa,
                                             gm_op opb, int64_t m, int64_t n, int64_t k,
                                             const void *h_A, const void *h_B, void *h_C,
                                             const gm_host_options *opt)
{
  int has_imag = 0;
  return host_blocked (kernel, cls, false, false, opa, opb, m, n, k, h_A, h_B, h_C, opt,
                       &has_imag);
}

extern "C" gm_status gm_matmul_host_blocked_complex (gm_matmul_kernel kernel, gm_class cls,
                                                     int a_real, int b_real, gm_op opa,
                                                     gm_op opb, int64_t m, int64_t n, int64_t k,
                                                     const void *h_A, const void *h_B,
                                                     void *h_C, const gm_host_options *opt,
                                                     int *c_has_imag)
{
  *c_has_imag = 0;
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "blocked product: class %s is not complex",
                    gm_class_name (cls));
  return host_blocked (kernel, cls, a_real != 0, b_real != 0, opa, opb, m, n, k, h_A, h_B, h_C,
                       opt, c_has_imag);
}

namespace {

gm_status host_blocked (gm_matmul_kernel kernel, gm_class cls, bool a_real, bool b_real,
                        gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k, const void *h_A,
                        const void *h_B, void *h_C, const gm_host_options *opt, int *c_has_imag)
{
  if (!blocked_class (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "blocked product: class %s", gm_class_name (cls));
  if (m < 0 || n < 0 || k < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "negative array size");
  if (!gm_op_name (opa) || !gm_op_name (opb))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown operation (%d, %d)", (int) opa,
                    (int) opb);
  gm_status st;
  if ((st = gm_check_devices (opt ? opt->devices : NULL, opt ? opt->device_count : 0)) != GM_OK)
    return st;
  const size_t es = gm_class_size (cls);
  size_t bytes_C;
  st = gm_mul_size3 ((size_t) m, (size_t) n, es, &bytes_C);
  if (st != GM_OK || bytes_C == 0)
    return st;
  if (k == 0) {
    memset (h_C, 0, bytes_C);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  /* the devices: the listed ones, or the calling thread's current device */
  int current = 0;
  if ((st = gm_cuda_status (cudaGetDevice (&current), "cudaGetDevice")) != GM_OK)
    return st;
  const bool listed = opt && opt->devices && opt->device_count > 0;
  const int ndev = listed ? opt->device_count : 1;
  const int *devices = listed ? opt->devices : &current;
  size_t free_bytes = 0;
  if ((st = smallest_free (devices, ndev, &free_bytes)) != GM_OK)
    return st;
  size_t budget = (size_t) ((double) free_bytes * FREE_SHARE);
  if (opt && opt->max_device_bytes && opt->max_device_bytes < budget)
    budget = opt->max_device_bytes;

  shared_run R;
  const plan_opts popts = class_plan_opts (cls, a_real, b_real);
  if ((st = make_plan (m, n, k, es, budget, popts, &R.pl)) != GM_OK)
    return st;
  spread_plan (m, n, k, es, ndev, popts, &R.pl);
  /* op(A) is m x k: stored m x k (lda m) for none, k x m (lda k) for (c)transpose; its block
     (rows r0.., slice p0..) is the stored part (r0.., p0..) or (p0.., r0..).  Likewise op(B),
     k x n: stored k x n (ldb k), or n x k (ldb n). */
  R.kernel = kernel;
  R.cls = cls;
  R.opa = opa;
  R.opb = opb;
  R.ta = opa != GM_OP_NONE;
  R.tb = opb != GM_OP_NONE;
  R.a_real = a_real;
  R.b_real = b_real;
  R.any_imag.store (0);
  R.m = m;
  R.n = n;
  R.k = k;
  R.lda = R.ta ? k : m;
  R.ldb = R.tb ? n : k;
  R.es = es;
  R.A = (const char *) h_A;
  R.B = (const char *) h_B;
  R.C = (char *) h_C;
  R.blocks = R.pl.bi * R.pl.bj;
  R.next_block.store (0);
  R.stop.store (0);
  R.poll = ndev == 1 ? opt : NULL;
  pthread_mutex_init (&R.lock, NULL);
  R.first = GM_OK;
  R.first_device = -1;
  R.detail[0] = 0;
  R.oom_requested = R.oom_free = 0;

  struct timespec t0;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  prefault_run prefault;
  prefault_start (&prefault, h_C, bytes_C);
  gm_host_stats total = {};
  total.block_rows = R.pl.mb;
  total.block_cols = R.pl.nb;
  total.slice = R.pl.kb;
  total.devices = ndev;
  bool interrupted = false;

  if (ndev == 1) {
    /* one device: on the calling thread, which polls the callback itself */
    int previous = current;
    st = devices[0] == current ? GM_OK : gm_use_device (devices[0], &previous);
    if (st == GM_OK) {
      gm_host_stats one = {};
      st = run_device (&R, devices[0], &one);
      total.steps = one.steps;
      total.bytes_up = one.bytes_up;
      total.bytes_down = one.bytes_down;
      total.kernel_ms = one.kernel_ms;
      total.ramp_chunks = one.ramp_chunks;
      total.device_ordinal[0] = devices[0];
      total.device_kernel_ms[0] = one.kernel_ms;
      total.device_steps[0] = one.steps;
      if (previous != devices[0])
        cudaSetDevice (previous);
    }
    if (st == GM_ERR_INTERRUPTED)
      interrupted = true;
  } else {
    /* one host thread per device, every signal blocked there (Octave's handlers run on its own
       thread); this thread polls the interrupt callback until all of them are done */
    device_job jobs[GM_MAX_DEVICES];
    sigset_t all, old;
    sigfillset (&all);
    pthread_sigmask (SIG_SETMASK, &all, &old);
    for (int d = 0; d < ndev; d++)
      jobs[d].started = false;
    for (int d = 0; d < ndev; d++) {
      jobs[d].run = &R;
      jobs[d].device = devices[d];
      jobs[d].stats = gm_host_stats ();
      jobs[d].status = GM_OK;
      jobs[d].started = pthread_create (&jobs[d].tid, NULL, device_main, &jobs[d]) == 0;
      if (!jobs[d].started) {
        gm_fail (GM_ERR_OUT_OF_MEMORY, "blocked product: cannot start a host thread for GPU %d",
                 devices[d]);
        record_failure (&R, devices[d], GM_ERR_OUT_OF_MEMORY);
        break;
      }
    }
    pthread_sigmask (SIG_SETMASK, &old, NULL);
    /* every started thread finishes its step in flight once `stop` is set: wait for them all,
       asking the callback every POLL_NS */
    for (int d = 0; d < ndev; d++) {
      if (!jobs[d].started)
        continue;
      for (;;) {
        struct timespec until;
        clock_gettime (CLOCK_REALTIME, &until);
        until.tv_nsec += POLL_NS;
        if (until.tv_nsec >= 1000000000L) {
          until.tv_sec++;
          until.tv_nsec -= 1000000000L;
        }
        if (pthread_timedjoin_np (jobs[d].tid, NULL, &until) == 0)
          break;
        if (!R.stop.load () && opt && opt->interrupted && opt->interrupted (opt->ctx)) {
          interrupted = true;
          R.stop.store (1);
        }
      }
    }
    double busiest = 0;
    for (int d = 0; d < ndev; d++) {
      if (!jobs[d].started)
        continue;
      const gm_host_stats &one = jobs[d].stats;
      total.steps += one.steps;
      total.bytes_up += one.bytes_up;
      total.bytes_down += one.bytes_down;
      total.ramp_chunks += one.ramp_chunks;
      total.device_ordinal[d] = devices[d];
      total.device_kernel_ms[d] = one.kernel_ms;
      total.device_steps[d] = one.steps;
      if (one.kernel_ms > busiest)
        busiest = one.kernel_ms;
    }
    total.kernel_ms = busiest;
    if (R.first != GM_OK) {
      /* the first failure, as its thread described it, for the caller's thread */
      gm_record_oom (R.oom_requested, R.oom_free);
      st = gm_fail (R.first, "GPU %d: %s", R.first_device, R.detail);
    } else if (interrupted || R.stop.load ()) {
      interrupted = true;
      st = GM_ERR_INTERRUPTED;
    } else
      st = GM_OK;
  }
  pthread_mutex_destroy (&R.lock);
  prefault_join (&prefault);
  if (interrupted && (st == GM_OK || st == GM_ERR_INTERRUPTED)) {
    const int64_t steps = R.pl.bi * R.pl.bj * R.pl.bs;
    st = gm_fail (GM_ERR_INTERRUPTED, "blocked product interrupted after %lld of %lld steps",
                  (long long) total.steps, (long long) steps);
  }
  if (opt && opt->stats) {
    struct timespec t1;
    clock_gettime (CLOCK_MONOTONIC, &t1);
    total.wall_ms = (double) (t1.tv_sec - t0.tv_sec) * 1e3 + (double) (t1.tv_nsec - t0.tv_nsec) / 1e6;
    *opt->stats = total;
  }
  if (st == GM_OK)
    *c_has_imag = R.any_imag.load ();
  return st;
}

} /* namespace */

extern "C" gm_status gm_matmul_host_plan (gm_class cls, int64_t m, int64_t n, int64_t k,
                                          size_t budget, int64_t *mb, int64_t *nb, int64_t *kb)
{
  if (!blocked_class (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "blocked product: class %s", gm_class_name (cls));
  if (m <= 0 || n <= 0 || k <= 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "blocked product plan: empty product");
  plan pl;
  const plan_opts o = class_plan_opts (cls, false, false);
  gm_status st = make_plan (m, n, k, gm_class_size (cls), budget, o, &pl);
  if (st == GM_OK)
    spread_plan (m, n, k, gm_class_size (cls), 1, o, &pl);
  if (st == GM_OK) {
    *mb = pl.mb;
    *nb = pl.nb;
    *kb = pl.kb;
  }
  return st;
}

extern "C" gm_status gm_matmul_host_plan_shared (gm_class cls, int64_t m, int64_t n, int64_t k,
                                                 size_t budget, int devices, int64_t *mb,
                                                 int64_t *nb, int64_t *kb)
{
  if (devices < 1 || devices > GM_MAX_DEVICES)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "blocked product plan: %d devices", devices);
  gm_status st = gm_matmul_host_plan (cls, m, n, k, budget, mb, nb, kb);
  if (st != GM_OK || devices == 1)
    return st;
  plan pl;
  const plan_opts o = class_plan_opts (cls, false, false);
  if ((st = make_plan (m, n, k, gm_class_size (cls), budget, o, &pl)) != GM_OK)
    return st;
  spread_plan (m, n, k, gm_class_size (cls), devices, o, &pl);
  *mb = pl.mb;
  *nb = pl.nb;
  *kb = pl.kb;
  return GM_OK;
}
