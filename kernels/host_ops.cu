/* host_ops.cu: whole operations on host arrays: allocate, upload, compute, download, free.
 *
 * Each function frees everything it allocated on every path, so after an error nothing is
 * left on the device; and each waits for its result, so the caller can read it at once.
 * Device blocks come from the cache and may still be in use by gpumat work queued on stream 0
 * (memory.cu): work on stream 0 is ordered after it anyway, and the streams of their own made
 * here wait for it first (gm_stream_after_default).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "gpumat.h"
#include "matmul_native.h"

/* Device buffers of one call, freed together. */
typedef struct { void *ptr[6]; int count; } buffer_set;

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

/* ---- gm_matmul_host ----------------------------------------------------------------------
 * Three paths, chosen by size:
 *   small  (A, B and C together <= SMALL_PACKED_BYTES): A and B packed into one pinned buffer,
 *          one upload, the product and one download on the legacy stream, one synchronize.
 *          Four CUDA calls instead of three blocking cudaMemcpy plus a device synchronize: the
 *          16x16 product is all call overhead (issue 5 asks < 50 us from Octave).
 *   simple upload A and B, multiply, download C.
 *   panels (B at least PANEL_MIN_BYTES, one page, B not transposed, A and B distinct): in
 *          column-major order the column panels of B and C are contiguous, so after A and B's
 *          first panels are up, panel j+1 of B goes up and panel j-1 of C comes down (both at
 *          once: gm_copy_duplex) while panel j multiplies, on a stream of its own that the
 *          staging copies (non-blocking streams) do not wait for.  The head (A) and the tail
 *          (the last panel's download) remain serial.
 * Operands are passed as stored, with op flags (X'*X uploads X, never X'), and when A and B
 * are the same host array of the same size it goes up once.
 * GPUMAT_MATMUL_PANELS overrides the panel count (0 or 1: no panels; tuning.h's snapshot). */
#define SMALL_PACKED_BYTES ((size_t) 1 << 20)
/* Measured on the H200 (bench/NOTES-transfer.md), median ms of gm_matmul_host, N x N x N:
 *   N=2048 double (B 32 MiB):   1 panel 3.41, 2 panels 3.55    -> no panels below 64 MiB
 *   N=4096 double (B 128 MiB):  1: 12.64, 4: 10.05, 8: 10.84, 16: 12.64
 *   N=4096 single (B 64 MiB):   1:  8.80, 4:  6.67, 8:  6.60, 16: 11.65
 *   N=8192 double (B 512 MiB):  1: 59.2, 32: 39.2
 * Fewer, larger panels move faster (a 16 MiB copy reaches 25-28 GB/s, 64 MiB 41, 256 MiB 47)
 * but lengthen the head and tail: about 32 MiB per panel and at least 4 panels. */
#define PANEL_MIN_BYTES ((size_t) 64 << 20)
#define PANEL_TARGET_BYTES ((size_t) 32 << 20)   /* bytes of B per panel, before rounding */
#define MIN_PANELS 4
#define MAX_PANELS 32

/* One host product: what every path needs to call the kernels. */
typedef struct {
  gm_matmul_kernel kernel;
  gm_class cls;
  gm_op opa, opb;
  int64_t m, n, k, lda, ldb;    /* lda, ldb: the stored operands' rows */
  const gm_pages *pages;        /* NULL: one page */
} host_product;

static gm_status run_product (const host_product *p, const void *d_A, const void *d_B,
                              void *d_C, cudaStream_t stream)
{
  return gm_matmul_pages_native (p->kernel, p->cls, p->opa, p->opb, p->m, p->n, p->k, d_A,
                                 p->lda, d_B, p->ldb, d_C, p->m, p->pages, stream);
}

/* ---- symmetric products: X'*X and X*X' (one array, one side transposed) -----------------
 * C is symmetric, and Octave's own X'*X (BLAS syrk) returns it exactly symmetric.  So only the
 * block columns of the upper triangle are computed, C(0:c1, c0:c1) = op(X)(0:c1, :) *
 * op(X)(:, c0:c1) (about half the flops), and mirrored into the lower triangle: every element
 * is still one whole inner product, as in any other product.  SYM_BLOCK columns a block: wide
 * enough for whole 128-wide tiles, narrow enough that the triangle saves most of the work. */
#define SYM_BLOCK 256

static gm_status symmetric_block (const host_product *p, const char *d_X, char *d_C, int64_t c0,
                                  int64_t c1, cudaStream_t stream)
{
  const size_t es = gm_class_size (p->cls);
  /* columns c0..c1 of op(B): columns of a stored k x n B, rows of a stored n x k one */
  const char *B = d_X + (size_t) c0 * (p->opb == GM_OP_NONE ? (size_t) p->ldb : 1) * es;
  return gm_matmul_native (p->kernel, p->cls, p->opa, p->opb, c1, c1 - c0, p->k, d_X, p->lda,
                           0, B, p->ldb, 0, d_C + (size_t) c0 * (size_t) p->m * es, p->m, 0,
                           1, stream);
}

/* The whole product on the device: run_product, or for a symmetric one the upper block columns
 * and the mirror. */
static gm_status compute (const host_product *p, int symmetric, const void *d_A, const void *d_B,
                          void *d_C, cudaStream_t stream)
{
  if (!symmetric)
    return run_product (p, d_A, d_B, d_C, stream);
  gm_status st = GM_OK;
  for (int64_t c0 = 0; c0 < p->n && st == GM_OK; c0 += SYM_BLOCK)
    st = symmetric_block (p, (const char *) d_A, (char *) d_C, c0,
                          c0 + SYM_BLOCK < p->n ? c0 + SYM_BLOCK : p->n, stream);
  return st != GM_OK ? st : gm_mirror_upper (p->cls, p->m, d_C, p->m, stream);
}

static gm_status matmul_small (const host_product *p, const void *h_A, const void *h_B,
                               void *h_C, size_t bytes_A, size_t bytes_B, size_t bytes_C,
                               int same, int symmetric, char *pinned)
{
  /* One device block: A | B | C, each part aligned to 256 bytes (B's part empty when B is A). */
  if (same)
    bytes_B = 0;
  size_t off_B = (bytes_A + 255) & ~(size_t) 255, off_C = off_B + ((bytes_B + 255) & ~(size_t) 255);
  buffer_set set = {{0}, 0};
  void *d;
  gm_status st = buffers_alloc (&set, &d, off_C + bytes_C);
  if (st != GM_OK)
    return st;
  char *dev = (char *) d;
  memcpy (pinned, h_A, bytes_A);
  if (!same)
    memcpy (pinned + off_B, h_B, bytes_B);
  if ((st = gm_cuda_status (cudaMemcpyAsync (dev, pinned, off_B + bytes_B,
                                             cudaMemcpyHostToDevice, 0),
                            "cudaMemcpyAsync to the device")) != GM_OK
      || (st = compute (p, symmetric, dev, same ? dev : dev + off_B, dev + off_C, 0)) != GM_OK
      || (st = gm_cuda_status (cudaMemcpyAsync (pinned + off_C, dev + off_C, bytes_C,
                                                cudaMemcpyDeviceToHost, 0),
                               "cudaMemcpyAsync to the host")) != GM_OK) {
    cudaStreamSynchronize (0);      /* the pinned buffer and the block must be idle again */
    return buffers_free (&set, st);
  }
  st = gm_cuda_status (cudaStreamSynchronize (0), "cudaStreamSynchronize");
  if (st == GM_OK)
    memcpy (h_C, pinned + off_C, bytes_C);
  return buffers_free (&set, st);
}

static int panel_count (int64_t n, size_t bytes_B)
{
  static_assert (MAX_PANELS == GM_TUNE_PANELS_MAX, "tuning.h: GPUMAT_MATMUL_PANELS's range");
  long p = gm_tuning ()->matmul_panels;   /* 1 .. MAX_PANELS where set, else 0 */
  if (p == 0 && bytes_B < PANEL_MIN_BYTES)
    p = 1;
  else if (p == 0) {
    p = (long) ((bytes_B + PANEL_TARGET_BYTES - 1) / PANEL_TARGET_BYTES);
    if (p < MIN_PANELS) p = MIN_PANELS;
  }
  if (p > MAX_PANELS) p = MAX_PANELS;
  if (p > n) p = (long) n;
  return p < 2 ? 1 : (int) p;
}

/* ---- first touch of the result, off the critical path ------------------------------------
 * A large result is usually fresh memory (Octave allocates it for this very call), and the
 * first write to each of its pages faults.  Downloads into 128 MiB of fresh memory ran at
 * 13.2 GB/s (20.9 GB/s with transparent huge pages) against 43.5 GB/s into memory already
 * touched (H200 machine, 16 cores).  A few threads touch the result's pages while the operands
 * go up and the product runs, and are joined before the first byte of the result comes down.
 * They use the cores the staging pool leaves free (it runs 12 participants). */
#define PREFAULT_MIN_BYTES ((size_t) 4 << 20)
#define PREFAULT_MAX_THREADS 4

typedef struct { volatile char *begin, *end; } prefault_part_range;
typedef struct {
  pthread_t thread[PREFAULT_MAX_THREADS];
  prefault_part_range part[PREFAULT_MAX_THREADS];
  int count;
} prefault_job;

static void *prefault_part (void *arg)
{
  const prefault_part_range *range = (const prefault_part_range *) arg;
  for (volatile char *p = range->begin; p < range->end; p += 4096)
    *p = 0;                 /* any value: the download overwrites it, once this thread ended */
  return NULL;
}

static void prefault_start (prefault_job *job, void *h, size_t bytes)
{
  job->count = 0;
  if (bytes < PREFAULT_MIN_BYTES)
    return;
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  int threads = cores > 13 ? (int) (cores - 12) : 1;
  if (threads > PREFAULT_MAX_THREADS)
    threads = PREFAULT_MAX_THREADS;
  const size_t share = (bytes / threads + 4095) & ~(size_t) 4095;
  for (int t = 0; t < threads; t++) {
    size_t lo = (size_t) t * share, hi = lo + share < bytes ? lo + share : bytes;
    if (lo >= hi)
      break;
    job->part[job->count].begin = (volatile char *) h + lo;
    job->part[job->count].end = (volatile char *) h + hi;
    if (pthread_create (&job->thread[job->count], NULL, prefault_part, &job->part[job->count]))
      break;                /* fewer helpers, or none: only slower */
    job->count++;
  }
}

static void prefault_finish (prefault_job *job)
{
  for (int t = 0; t < job->count; t++)
    pthread_join (job->thread[t], NULL);
  job->count = 0;
}

static gm_status matmul_panels (const host_product *p, const char *h_A, const char *h_B,
                                char *h_C, const char *d_A, char *d_B, char *d_C,
                                size_t bytes_A, int panels, prefault_job *prefault)
{
  const int64_t m = p->m, n = p->n, k = p->k;
  size_t es = gm_class_size (p->cls);
  /* Panel width, a multiple of 64 columns where that still gives `panels` panels, so the
     products stay on whole tiles. */
  int64_t w = (n + panels - 1) / panels;
  if (w > 64)
    w = (w + 63) / 64 * 64;
  int count = (int) ((n + w - 1) / w);
  cudaStream_t cs = NULL;
  cudaEvent_t ev[MAX_PANELS] = {0};
  gm_status st = gm_cuda_status (cudaStreamCreateWithFlags (&cs, cudaStreamNonBlocking),
                                 "cudaStreamCreate");
  /* The blocks may come from the cache with gpumat work still queued on stream 0. */
  if (st == GM_OK)
    st = gm_stream_after_default (cs);
  for (int j = 0; j < count && st == GM_OK; j++)
    st = gm_cuda_status (cudaEventCreateWithFlags (&ev[j], cudaEventDisableTiming),
                         "cudaEventCreate");
#define COLS(j) ((j) * w + w <= n ? w : n - (j) * w)
#define B_AT(j) ((size_t) ((j) * w) * (size_t) k * es)
#define C_AT(j) ((size_t) ((j) * w) * (size_t) m * es)
  /* Head: A and panel 0 of B; panel 1 goes up while panel 0 multiplies.  Then at step j,
     while panel j+1 multiplies, panel j of C comes down and panel j+2 of B goes up at once. */
  for (int j = 0; j < 2 && j < count && st == GM_OK; j++) {
    if (j == 0)
      st = gm_copy_to_device ((void *) d_A, h_A, bytes_A);
    if (st == GM_OK)
      st = gm_copy_to_device (d_B + B_AT (j), h_B + B_AT (j), (size_t) (k * COLS (j)) * es);
    if (st == GM_OK)
      st = gm_matmul_native (p->kernel, p->cls, p->opa, GM_OP_NONE, m, COLS (j), k, d_A,
                             p->lda, 0, d_B + B_AT (j), k, 0, d_C + C_AT (j), m, 0, 1, cs);
    if (st == GM_OK)
      st = gm_cuda_status (cudaEventRecord (ev[j], cs), "cudaEventRecord");
  }
  for (int j = 0; j < count && st == GM_OK; j++) {
    int up = j + 2 < count;
    if (j == 0)
      prefault_finish (prefault);   /* before the first byte of C comes down */
    if ((st = gm_cuda_status (cudaEventSynchronize (ev[j]), "gm_matmul")) != GM_OK
        || (st = gm_copy_duplex (up ? d_B + B_AT (j + 2) : NULL, up ? h_B + B_AT (j + 2) : NULL,
                                 up ? (size_t) (k * COLS (j + 2)) * es : 0, h_C + C_AT (j),
                                 d_C + C_AT (j), (size_t) (m * COLS (j)) * es)) != GM_OK)
      break;
    if (up
        && ((st = gm_matmul_native (p->kernel, p->cls, p->opa, GM_OP_NONE, m, COLS (j + 2), k,
                                    d_A, p->lda, 0, d_B + B_AT (j + 2), k, 0,
                                    d_C + C_AT (j + 2), m, 0, 1, cs)) != GM_OK
            || (st = gm_cuda_status (cudaEventRecord (ev[j + 2], cs), "cudaEventRecord"))
                   != GM_OK))
      break;
  }
#undef B_AT
#undef C_AT
#undef COLS
  if (cs) {
    cudaStreamSynchronize (cs);     /* nothing in flight before the buffers are freed */
    cudaStreamDestroy (cs);
  }
  for (int j = 0; j < count; j++)
    if (ev[j])
      cudaEventDestroy (ev[j]);
  return st;
}

/* X'*X with X large (k x m, stored columns contiguous): the block columns of X go up one at a
 * time, and block column q of C's upper triangle (which needs X's columns 0..c1 only)
 * multiplies on a stream of its own while block column q+1 goes up, so that the product hides
 * under the upload, which is the floor here: X 40000x1500 double is 480 MB, 10.7 ms at the
 * staging pool's 45 GB/s, against 4.3 ms of product. */
static gm_status symmetric_streamed (const host_product *p, const char *h_X, char *h_C,
                                     char *d_X, char *d_C, size_t bytes_C, prefault_job *prefault)
{
  const size_t es = gm_class_size (p->cls), col = (size_t) p->k * es;
  cudaStream_t cs = NULL;
  gm_status st = gm_cuda_status (cudaStreamCreateWithFlags (&cs, cudaStreamNonBlocking),
                                 "cudaStreamCreate");
  /* d_X and d_C may come from the cache with gpumat work still queued on stream 0. */
  if (st == GM_OK)
    st = gm_stream_after_default (cs);
  for (int64_t c0 = 0; c0 < p->m && st == GM_OK; c0 += SYM_BLOCK) {
    const int64_t c1 = c0 + SYM_BLOCK < p->m ? c0 + SYM_BLOCK : p->m;
    if ((st = gm_copy_to_device (d_X + c0 * col, h_X + c0 * col, (size_t) (c1 - c0) * col))
        == GM_OK)
      st = symmetric_block (p, d_X, d_C, c0, c1, cs);
  }
  if (st == GM_OK)
    st = gm_mirror_upper (p->cls, p->m, d_C, p->m, cs);
  if (cs) {
    gm_status sync = gm_cuda_status (cudaStreamSynchronize (cs), "gm_matmul");
    if (st == GM_OK)
      st = sync;
    cudaStreamDestroy (cs);
  }
  prefault_finish (prefault);
  if (st == GM_OK)
    st = gm_copy_to_host (h_C, d_C, bytes_C);
  return st;
}

/* Elements an operand's pages span: one stored page (rows x cols at leading dimension rows)
 * plus the farthest page offset. */
static gm_status pages_span (gm_class cls, int64_t rows, int64_t cols, const gm_pages *pages,
                             int which, size_t *bytes)
{
  gm_status st = element_bytes (cls, rows, cols, bytes);
  if (st != GM_OK || !pages || *bytes == 0)
    return st;
  size_t far = 0, step;
  for (int d = 0; d < pages->ndims; d++) {
    const int64_t stride = which == 0 ? pages->stride_a[d]
                         : which == 1 ? pages->stride_b[d] : pages->stride_c[d];
    if (pages->count[d] < 0 || stride < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "negative page count or stride");
    if (pages->count[d] == 0)
      return element_bytes (cls, 0, 0, bytes);
    if ((st = gm_mul_size ((size_t) (pages->count[d] - 1), (size_t) stride, &step)) != GM_OK)
      return st;
    far += step;
  }
  if ((st = gm_mul_size (far, gm_class_size (cls), &far)) != GM_OK)
    return st;
  *bytes += far;
  return GM_OK;
}

/* C(j, i) = C(i, j) below the diagonal of an n x n host matrix (ld n), in 64 x 64 tiles so that
 * both the reads and the writes stay in cache: the blocked product computes X'*X's triangles
 * independently, and Octave's own is exactly symmetric. */
template <typename T> static void mirror_upper_typed (int64_t n, T *C)
{
  const int64_t B = 64;
  for (int64_t j0 = 0; j0 < n; j0 += B)
    for (int64_t i0 = 0; i0 <= j0; i0 += B)
      for (int64_t j = j0; j < j0 + B && j < n; j++)
        for (int64_t i = i0; i < i0 + B && i < j; i++)
          C[j + i * n] = C[i + j * n];
}

static void mirror_upper_host (gm_class cls, int64_t n, void *C)
{
  if (cls == GM_DOUBLE)
    mirror_upper_typed (n, (double *) C);
  else
    mirror_upper_typed (n, (float *) C);
}

/* Device bytes from which gm_matmul_host_opt asks the device what is free before choosing the
 * in-core path (a cudaMemGetInfo call costs microseconds; below this any GPU holds the arrays). */
#define BLOCKED_CHECK_BYTES ((size_t) 256 << 20)
/* Of the free memory, what the in-core path may count on (the kernels' workspace on top). */
#define IN_CORE_SHARE 0.9

extern "C" gm_status gm_matmul_host (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                     int64_t m, int64_t n, int64_t k, const void *h_A,
                                     const void *h_B, void *h_C, const gm_pages *pages)
{
  return gm_matmul_host_opt (kernel, cls, opa, opb, m, n, k, h_A, h_B, h_C, pages, NULL);
}

/* Several devices listed: the blocks divided among them from this much work on (2 m n k
 * flops; 1e12 is ~25 ms of DGEMM on an H100): below it one device's in-core product is
 * predicted to be as fast, since each device's share pays its own head (its first panels,
 * B whole where it fits: 2 x 60000^2 doubles cross the bus once per device) and a thread
 * start.  A prediction; bench-scale measures the 60000^2 end.  A product past one device's
 * memory, or with a maxDeviceMemory budget, is divided whatever its size. */
#define MULTI_DEVICE_MIN_FLOP 1e12

static gm_status matmul_host_here (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                   int64_t m, int64_t n, int64_t k, const void *h_A,
                                   const void *h_B, void *h_C, const gm_pages *pages,
                                   const gm_host_options *opt);

/* What both device rules check first: the listed devices (if any), the sizes, the pages. */
static gm_status listed_product_checks (const gm_host_options *opt, int listed, int64_t m,
                                        int64_t n, int64_t k, const gm_pages *pages,
                                        int64_t *total)
{
  gm_status st;
  if (listed && (st = gm_check_devices (opt->devices, listed)) != GM_OK)
    return st;
  if (m < 0 || n < 0 || k < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "negative array size");
  *total = 1;
  return gm_pages_total (pages, total);
}

/* The device rule of gm_matmul_host_opt: no list, the current device; one device, the whole
 * product there (the calling thread switched to it and back); several, the blocked product
 * divided among them where it pays (real double or single, one page, past the budget or at
 * least MULTI_DEVICE_MIN_FLOP), else the whole product on the first one listed. */
extern "C" gm_status gm_matmul_host_opt (gm_matmul_kernel kernel, gm_class cls, gm_op opa,
                                         gm_op opb, int64_t m, int64_t n, int64_t k,
                                         const void *h_A, const void *h_B, void *h_C,
                                         const gm_pages *pages, const gm_host_options *opt)
{
  const int listed = opt && opt->devices ? opt->device_count : 0;
  if (listed == 0)
    return matmul_host_here (kernel, cls, opa, opb, m, n, k, h_A, h_B, h_C, pages, opt);
  int64_t total;
  gm_status st = listed_product_checks (opt, listed, m, n, k, pages, &total);
  if (st != GM_OK)
    return st;
  if (listed > 1 && total > 0 && m > 0 && n > 0 && k > 0 && (!pages || total == 1)
      && (cls == GM_DOUBLE || cls == GM_SINGLE || gm_class_is_integer (cls))) {
    const double flop = 2.0 * (double) m * (double) n * (double) k;
    size_t bytes_A, bytes_B, bytes_C, free_bytes = 0, device_total = 0;
    const int ka = opa != GM_OP_NONE, kb = opb == GM_OP_NONE;
    int previous = 0;
    /* past the first device's memory: divided as well (the blocked path, as one device would) */
    int past = 0;
    if ((st = element_bytes (cls, ka ? k : m, ka ? m : k, &bytes_A)) != GM_OK
        || (st = element_bytes (cls, kb ? k : n, kb ? n : k, &bytes_B)) != GM_OK
        || (st = element_bytes (cls, m, n, &bytes_C)) != GM_OK)
      return st;
    if (flop < MULTI_DEVICE_MIN_FLOP && !opt->max_device_bytes) {
      if ((st = gm_use_device (opt->devices[0], &previous)) != GM_OK)
        return st;
      st = gm_cuda_status (cudaMemGetInfo (&free_bytes, &device_total), "cudaMemGetInfo");
      const size_t reclaimable = st == GM_OK ? gm_device_reclaimable () : 0;
      cudaSetDevice (previous);
      if (st != GM_OK)
        return st;
      past = (double) bytes_A + (double) bytes_B + (double) bytes_C
             > (double) (free_bytes + reclaimable) * IN_CORE_SHARE;
    }
    if (flop >= MULTI_DEVICE_MIN_FLOP || opt->max_device_bytes || past) {
      const int same = h_A == h_B && bytes_A == bytes_B;
      /* X'*X, X*X' of real floating-point data made exactly symmetric (an integer one is exact,
         so symmetric already; mirror_upper_host knows the real float classes only) */
      const int symmetric = same && m == n && (opa == GM_OP_NONE) != (opb == GM_OP_NONE)
                            && (cls == GM_DOUBLE || cls == GM_SINGLE);
      st = gm_matmul_host_blocked (kernel, cls, opa, opb, m, n, k, h_A, h_B, h_C, opt);
      if (st == GM_OK && symmetric)
        mirror_upper_host (cls, m, h_C);
      return st;
    }
  }
  /* the whole product on the first device listed */
  gm_host_options here = *opt;
  here.devices = NULL;
  here.device_count = 0;
  int previous = 0;
  if ((st = gm_use_device (opt->devices[0], &previous)) != GM_OK)
    return st;
  st = matmul_host_here (kernel, cls, opa, opb, m, n, k, h_A, h_B, h_C, pages, &here);
  if (previous != opt->devices[0])
    cudaSetDevice (previous);
  return st;
}

/* gm_matmul_host_opt on the calling thread's current device (opt->devices not used). */
static gm_status matmul_host_here (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                   int64_t m, int64_t n, int64_t k, const void *h_A,
                                   const void *h_B, void *h_C, const gm_pages *pages,
                                   const gm_host_options *opt)
{
  const int ka = opa != GM_OP_NONE, kb = opb == GM_OP_NONE;
  const int64_t rows_a = ka ? k : m, cols_a = ka ? m : k;
  const int64_t rows_b = kb ? k : n, cols_b = kb ? n : k;
  size_t bytes_A, bytes_B, bytes_C;
  int64_t total = 1;
  gm_status st;
  if (m < 0 || n < 0 || k < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "negative array size");
  if (!gm_op_name (opa) || !gm_op_name (opb))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown operation (%d, %d)", (int) opa,
                    (int) opb);
  if ((st = gm_pages_total (pages, &total)) != GM_OK
      || (st = pages_span (cls, rows_a, cols_a, pages, 0, &bytes_A)) != GM_OK
      || (st = pages_span (cls, rows_b, cols_b, pages, 1, &bytes_B)) != GM_OK
      || (st = pages_span (cls, m, n, pages, 2, &bytes_C)) != GM_OK)
    return st;
  if (total == 0 || bytes_C == 0)
    return GM_OK;
  if (k == 0) {               /* an empty sum: zeros, as m-by-0 times 0-by-n gives in Octave */
    memset (h_C, 0, bytes_C);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  const host_product p = {kernel, cls, opa, opb, m, n, k, rows_a > 1 ? rows_a : 1,
                          rows_b > 1 ? rows_b : 1, total > 1 ? pages : NULL};
  /* X'*X, X*X': one upload serves both operands, and the result is symmetric */
  const int same = h_A == h_B && bytes_A == bytes_B;
  /* (real floating-point classes: a complex X'*X is Hermitian, not symmetric) */
  const int symmetric = same && !p.pages && m == n && (opa == GM_OP_NONE) != (opb == GM_OP_NONE)
                        && (cls == GM_DOUBLE || cls == GM_SINGLE);
  /* Past the device (or the caller's budget): the blocked product, for one page (real
     floating-point and integer data here; complex in gm_matmul_host_complex_opt) */
  const size_t need = bytes_A + (same ? 0 : bytes_B) + bytes_C;
  if (!p.pages && (cls == GM_DOUBLE || cls == GM_SINGLE || gm_class_is_integer (cls))
      && ((opt && opt->max_device_bytes) || need >= BLOCKED_CHECK_BYTES)) {
    size_t free_bytes = 0, total = 0;
    if ((st = gm_cuda_status (cudaMemGetInfo (&free_bytes, &total), "cudaMemGetInfo")) != GM_OK)
      return st;
    /* blocks gpumat holds in its cache and the kernels' idle workspace count as used there,
       yet are ours to reuse: counted free, so that the choice does not depend on what ran
       before (kept: repeated products reuse them) */
    size_t fits = (size_t) ((double) (free_bytes + gm_device_reclaimable ()) * IN_CORE_SHARE);
    if (opt && opt->max_device_bytes && opt->max_device_bytes < fits)
      fits = opt->max_device_bytes;
    if (need > fits) {
      if ((st = gm_matmul_host_blocked (kernel, cls, opa, opb, m, n, k, h_A, h_B, h_C, opt))
          == GM_OK && symmetric)
        mirror_upper_host (cls, m, h_C);
      return st;
    }
  }
  const size_t small = bytes_A + (same ? 0 : bytes_B) + bytes_C + 768;
  if (small <= SMALL_PACKED_BYTES) {
    char *pinned = (char *) gm_small_staging (small);
    if (pinned)
      return matmul_small (&p, h_A, h_B, h_C, bytes_A, bytes_B, bytes_C, same, symmetric,
                           pinned);
  }
  buffer_set set = {{0}, 0};
  void *d_A, *d_B, *d_C;
  if ((st = buffers_alloc (&set, &d_A, bytes_A)) != GM_OK
      || (!same && (st = buffers_alloc (&set, &d_B, bytes_B)) != GM_OK)
      || (st = buffers_alloc (&set, &d_C, bytes_C)) != GM_OK)
    return buffers_free (&set, st);
  if (same)
    d_B = d_A;
  int panels = !p.pages && opb == GM_OP_NONE && !same ? panel_count (n, bytes_B) : 1;
  prefault_job prefault;
  prefault_start (&prefault, h_C, bytes_C);
  if (symmetric && opa != GM_OP_NONE && bytes_A >= PANEL_MIN_BYTES)
    st = symmetric_streamed (&p, (const char *) h_A, (char *) h_C, (char *) d_A, (char *) d_C,
                             bytes_C, &prefault);
  else if (panels > 1)
    st = matmul_panels (&p, (const char *) h_A, (const char *) h_B, (char *) h_C,
                        (const char *) d_A, (char *) d_B, (char *) d_C, bytes_A, panels,
                        &prefault);
  else if ((st = gm_copy_to_device (d_A, h_A, bytes_A)) == GM_OK
           && (same || (st = gm_copy_to_device (d_B, h_B, bytes_B)) == GM_OK)
           && (st = compute (&p, symmetric, d_A, d_B, d_C, 0)) == GM_OK) {
    /* ordered after the product: cudaMemcpy and the staging pool both start after the work
       queued on the legacy stream */
    prefault_finish (&prefault);
    st = gm_copy_to_host (h_C, d_C, bytes_C);
  }
  prefault_finish (&prefault);      /* on every path: the threads write into h_C */
  if (st != GM_OK)
    gm_sync ();                     /* nothing in flight before the buffers are freed */
  return buffers_free (&set, st);
}


/* ---- complex data on host arrays ----------------------------------------------------------
 * One path: upload (a real operand into a scratch buffer, promoted on the device), compute,
 * check the imaginary parts on the device, download.  Same-array operands (X'*X) go up once,
 * and their product is made exactly Hermitian (X'*X, X*X': the lower triangle the conjugate
 * of the upper, a real diagonal) or symmetric (X.'*X), as Octave's own (zherk, zsyrk): the
 * diagonal's imaginary part, a sum of xr*xi - xi*xr, is otherwise a rounding residue, and
 * Octave's eig takes the Hermitian solver only for an exactly Hermitian matrix. */
static gm_status upload_complex (buffer_set *set, gm_class cls, int is_real, const void *h_X,
                                 size_t complex_bytes, void **d_X)
{
  gm_status st;
  if ((st = buffers_alloc (set, d_X, complex_bytes)) != GM_OK)
    return st;
  if (!is_real)
    return gm_copy_to_device (*d_X, h_X, complex_bytes);
  /* a real operand goes up as it is (half the bytes) and is promoted on the device, from a
     buffer of its own: promoting in place would race between blocks */
  void *d_real;
  const size_t real_bytes = complex_bytes / 2;
  if ((st = buffers_alloc (set, &d_real, real_bytes)) != GM_OK
      || (st = gm_copy_to_device (d_real, h_X, real_bytes)) != GM_OK
      || (st = gm_real_to_complex (cls, (int64_t) (real_bytes / (gm_class_size (cls) / 2)),
                                   d_real, *d_X, 0)) != GM_OK)
    return st;
  return GM_OK;
}

static gm_status matmul_host_complex_here (gm_matmul_kernel kernel, gm_class cls, int a_real,
                                           int b_real, gm_op opa, gm_op opb, int64_t m,
                                           int64_t n, int64_t k, const void *h_A,
                                           const void *h_B, void *h_C, const gm_pages *pages,
                                           int *c_has_imag);

extern "C" gm_status gm_matmul_host_complex (gm_matmul_kernel kernel, gm_class cls, int a_real,
                                             int b_real, gm_op opa, gm_op opb, int64_t m,
                                             int64_t n, int64_t k, const void *h_A,
                                             const void *h_B, void *h_C, const gm_pages *pages,
                                             int *c_has_imag)
{
  return gm_matmul_host_complex_opt (kernel, cls, a_real, b_real, opa, opb, m, n, k, h_A, h_B,
                                     h_C, pages, NULL, c_has_imag);
}

/* The device rule of gm_matmul_host_opt for complex products: one page past the budget, past
 * the first device's free memory, or (several devices listed) at least MULTI_DEVICE_MIN_FLOP
 * real flops goes blocked (divided among the listed devices); anything else runs whole on the
 * first device listed (or the current one). */
extern "C" gm_status gm_matmul_host_complex_opt (gm_matmul_kernel kernel, gm_class cls,
                                                 int a_real, int b_real, gm_op opa, gm_op opb,
                                                 int64_t m, int64_t n, int64_t k,
                                                 const void *h_A, const void *h_B, void *h_C,
                                                 const gm_pages *pages,
                                                 const gm_host_options *opt, int *c_has_imag)
{
  *c_has_imag = 0;
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: class %s is not complex",
                    gm_class_name (cls));
  const int listed = opt && opt->devices ? opt->device_count : 0;
  int64_t total;
  gm_status st = listed_product_checks (opt, listed, m, n, k, pages, &total);
  if (st != GM_OK)
    return st;
  const int first = listed ? opt->devices[0] : -1;
  int previous = 0;
  if (first >= 0 && (st = gm_use_device (first, &previous)) != GM_OK)
    return st;
  if (opt && total == 1 && m > 0 && n > 0 && k > 0) {
    const int ka = opa != GM_OP_NONE, kb = opb == GM_OP_NONE;
    size_t bytes_A, bytes_B, bytes_C;
    if ((st = element_bytes (cls, ka ? k : m, ka ? m : k, &bytes_A)) != GM_OK
        || (st = element_bytes (cls, kb ? k : n, kb ? n : k, &bytes_B)) != GM_OK
        || (st = element_bytes (cls, m, n, &bytes_C)) != GM_OK)
      goto back;
    int blocked = opt->max_device_bytes != 0
                  || (listed > 1 && 8.0 * (double) m * (double) n * (double) k
                                        >= MULTI_DEVICE_MIN_FLOP);
    /* in core: A and B complex on the device (a real one also in its half-size staging), C,
       and the product's copies of op(A) (Â, twice A) and of a transposed B */
    const double need = 3.0 * bytes_A + (a_real ? 0.5 * bytes_A : 0) + 2.0 * bytes_B
                        + (b_real ? 0.5 * bytes_B : 0) + bytes_C;
    if (!blocked && need >= (double) BLOCKED_CHECK_BYTES) {
      size_t free_bytes = 0, device_total = 0;
      if ((st = gm_init ()) != GM_OK
          || (st = gm_cuda_status (cudaMemGetInfo (&free_bytes, &device_total),
                                   "cudaMemGetInfo")) != GM_OK)
        goto back;
      blocked = need > (double) (free_bytes + gm_device_reclaimable ()) * IN_CORE_SHARE;
    }
    if (blocked) {
      gm_host_options here = *opt;
      if (listed <= 1) {             /* on the first device (switched to above) */
        here.devices = NULL;
        here.device_count = 0;
      }
      st = gm_matmul_host_blocked_complex (kernel, cls, a_real, b_real, opa, opb, m, n, k, h_A,
                                           h_B, h_C, &here, c_has_imag);
      goto back;
    }
  }
  st = matmul_host_complex_here (kernel, cls, a_real, b_real, opa, opb, m, n, k, h_A, h_B, h_C,
                                 pages, c_has_imag);
back:
  if (first >= 0 && previous != first) {
    const gm_status b = gm_use_device (previous, NULL);
    if (st == GM_OK)
      st = b;
  }
  return st;
}

static gm_status matmul_host_complex_here (gm_matmul_kernel kernel, gm_class cls, int a_real,
                                           int b_real, gm_op opa, gm_op opb, int64_t m,
                                           int64_t n, int64_t k, const void *h_A,
                                           const void *h_B, void *h_C, const gm_pages *pages,
                                           int *c_has_imag)
{
  const int ka = opa != GM_OP_NONE, kb = opb == GM_OP_NONE;
  const int64_t rows_a = ka ? k : m, cols_a = ka ? m : k;
  const int64_t rows_b = kb ? k : n, cols_b = kb ? n : k;
  size_t bytes_A, bytes_B, bytes_C;
  int64_t total = 1;
  gm_status st;
  *c_has_imag = 0;
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: class %s is not complex",
                    gm_class_name (cls));
  if (m < 0 || n < 0 || k < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "negative array size");
  if (!gm_op_name (opa) || !gm_op_name (opb))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown operation (%d, %d)", (int) opa,
                    (int) opb);
  if ((st = gm_pages_total (pages, &total)) != GM_OK
      || (st = pages_span (cls, rows_a, cols_a, pages, 0, &bytes_A)) != GM_OK
      || (st = pages_span (cls, rows_b, cols_b, pages, 1, &bytes_B)) != GM_OK
      || (st = pages_span (cls, m, n, pages, 2, &bytes_C)) != GM_OK)
    return st;
  if (total == 0 || bytes_C == 0)
    return GM_OK;
  if (k == 0) {
    memset (h_C, 0, bytes_C);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  const int same = h_A == h_B && bytes_A == bytes_B && a_real == b_real;
  buffer_set set = {{0}, 0};
  void *d_A, *d_B, *d_C;
  if ((st = upload_complex (&set, cls, a_real, h_A, bytes_A, &d_A)) == GM_OK
      && (same ? (d_B = d_A, GM_OK) : (st = upload_complex (&set, cls, b_real, h_B, bytes_B,
                                                            &d_B))) == GM_OK
      && (st = buffers_alloc (&set, &d_C, bytes_C)) == GM_OK
      && (st = gm_matmul_pages_native (kernel, cls, opa, opb, m, n, k, d_A,
                                       rows_a > 1 ? rows_a : 1, d_B, rows_b > 1 ? rows_b : 1,
                                       d_C, m, total > 1 ? pages : NULL, 0)) == GM_OK
      && (!same || total > 1 || m != n || (opa == GM_OP_NONE) == (opb == GM_OP_NONE)
          || (st = gm_mirror_upper_op (cls, (opa == GM_OP_CTRANSPOSE || opb == GM_OP_CTRANSPOSE)
                                                ? GM_OP_CTRANSPOSE : GM_OP_TRANSPOSE,
                                       m, d_C, m, 0)) == GM_OK)
      && (st = gm_complex_has_imag (cls, (int64_t) (bytes_C / gm_class_size (cls)), d_C,
                                    c_has_imag, 0)) == GM_OK)
    st = gm_copy_to_host (h_C, d_C, bytes_C);
  if (st != GM_OK)
    gm_sync ();
  return buffers_free (&set, st);
}

/* The scalar case of `*` on host arrays, every floating-point class: alpha_real / b_real (complex
 * classes only) say that alpha / B hold real values of the same precision; c_has_imag (complex
 * classes only) receives gm_complex_has_imag's answer. */
static gm_status scale_host (gm_class cls, int alpha_real, int b_real, int64_t count,
                             const void *h_alpha, const void *h_B, void *h_C, int *c_has_imag)
{
  size_t bytes;
  gm_status st = element_bytes (cls, count, 1, &bytes);
  if (st != GM_OK || bytes == 0)
    return st;
  if ((st = gm_init ()) != GM_OK)
    return st;
  const int cplx = gm_class_is_complex (cls);
  const size_t es = gm_class_size (cls), alpha_bytes = alpha_real ? es / 2 : es;
  const size_t b_bytes = b_real ? bytes / 2 : bytes;
  buffer_set set = {{0}, 0};
  void *d_alpha, *d_B, *d_C;
  if ((st = buffers_alloc (&set, &d_alpha, alpha_bytes)) != GM_OK
      || (st = buffers_alloc (&set, &d_B, b_bytes)) != GM_OK
      || (st = buffers_alloc (&set, &d_C, bytes)) != GM_OK
      || (st = gm_copy_to_device (d_alpha, h_alpha, alpha_bytes)) != GM_OK
      || (st = gm_copy_to_device (d_B, h_B, b_bytes)) != GM_OK
      || (st = cplx ? gm_scale_complex (cls, alpha_real, b_real, count, d_alpha, d_B, d_C, 0)
                    : gm_scale (cls, count, d_alpha, d_B, d_C, 0)) != GM_OK
      || (st = cplx ? gm_complex_has_imag (cls, count, d_C, c_has_imag, 0) : gm_sync ()) != GM_OK
      || (st = gm_copy_to_host (h_C, d_C, bytes)) != GM_OK) {
    gm_sync ();
    return buffers_free (&set, st);
  }
  return buffers_free (&set, GM_OK);
}

extern "C" gm_status gm_scale_host (gm_class cls, int64_t count, const void *h_alpha,
                                    const void *h_B, void *h_C)
{
  return scale_host (cls, 0, 0, count, h_alpha, h_B, h_C, NULL);
}

extern "C" gm_status gm_scale_host_complex (gm_class cls, int alpha_real, int b_real,
                                            int64_t count, const void *h_alpha, const void *h_B,
                                            void *h_C, int *c_has_imag)
{
  *c_has_imag = 0;
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: class %s is not complex",
                    gm_class_name (cls));
  return scale_host (cls, alpha_real, b_real, count, h_alpha, h_B, h_C, c_has_imag);
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
      || (st = gm_dot (cls, pre, len, post, d_x, d_y, d_out, d_work, work_bytes, 0)) != GM_OK)
    return buffers_free (&set, st);
  /* Queued, not waited for: the workspace goes back to the cache at once, and whoever takes it
     next queues after this dot on stream 0 (memory.cu). */
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

static int compare_float (const void *a, const void *b)
{
  const float x = *(const float *) a, y = *(const float *) b;
  return (x > y) - (x < y);
}

extern "C" gm_status gm_matmul_event_time (gm_matmul_kernel kernel, gm_class cls, gm_op opa,
                                           gm_op opb, int64_t m, int64_t n, int64_t k,
                                           const void *d_A, const void *d_B, int repeats,
                                           double *median_ms)
{
  enum { MAX_REPEATS = 1000 };
  static float times[MAX_REPEATS];
  size_t bytes_C;
  gm_status st = element_bytes (cls, m, n, &bytes_C);
  if (st != GM_OK)
    return st;
  if (repeats < 1 || repeats > MAX_REPEATS)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "repeats must be between 1 and %d", MAX_REPEATS);
  const int64_t rows_a = opa != GM_OP_NONE ? k : m, rows_b = opb == GM_OP_NONE ? k : n;
  const int64_t lda = rows_a > 1 ? rows_a : 1, ldb = rows_b > 1 ? rows_b : 1, ldc = m > 1 ? m : 1;
  buffer_set set = {{0}, 0};
  void *d_C;
  cudaEvent_t start = NULL, stop = NULL;
  if ((st = buffers_alloc (&set, &d_C, bytes_C)) != GM_OK)
    return st;
  if ((st = gm_cuda_status (cudaEventCreate (&start), "cudaEventCreate")) != GM_OK
      || (st = gm_cuda_status (cudaEventCreate (&stop), "cudaEventCreate")) != GM_OK
      || (st = gm_matmul (kernel, cls, opa, opb, m, n, k, d_A, lda, 0, d_B, ldb, 0, d_C,
                          ldc, 0, 1, 0)) != GM_OK)
    goto done;
  for (int r = 0; r < repeats; r++) {
    if ((st = gm_cuda_status (cudaEventRecord (start, 0), "cudaEventRecord")) != GM_OK
        || (st = gm_matmul (kernel, cls, opa, opb, m, n, k, d_A, lda, 0, d_B, ldb, 0, d_C,
                            ldc, 0, 1, 0)) != GM_OK
        || (st = gm_cuda_status (cudaEventRecord (stop, 0), "cudaEventRecord")) != GM_OK
        || (st = gm_cuda_status (cudaEventSynchronize (stop), "cudaEventSynchronize")) != GM_OK
        || (st = gm_cuda_status (cudaEventElapsedTime (&times[r], start, stop),
                                 "cudaEventElapsedTime")) != GM_OK)
      goto done;
  }
  qsort (times, (size_t) repeats, sizeof times[0], compare_float);
  *median_ms = repeats % 2 ? times[repeats / 2]
                           : 0.5 * ((double) times[repeats / 2 - 1] + times[repeats / 2]);
done:
  if (start) cudaEventDestroy (start);
  if (stop) cudaEventDestroy (stop);
  cudaStreamSynchronize (0);
  return buffers_free (&set, st);
}
