/* test_host_blocked.cu: products of host arrays past the device (kernels/host_ooc.cu) and the
 * strided copies they move their panels with (gm_copy_duplex_2d, kernels/transfer.cu).
 *
 *   - strided copies: blocks of a host matrix up and back, bit for bit, with runs shorter and
 *     longer than a staging chunk, one run, empty sides, both at once; a pitch below the run;
 *   - plans: blocks that fit the budget, k split only where the blocks alone do not fit;
 *   - products: gm_matmul_host_opt with budgets forcing the blocked path, every op pair, both
 *     classes, ragged edge blocks, k whole and split, against a long-double reference inside
 *     k eps (|A| |B|), and with k whole bit for bit against the in-core product of the same
 *     kernel (tiled); X'*X exactly symmetric; NaN and Inf; empty and K = 0;
 *   - an interrupt between blocks: GM_ERR_INTERRUPTED, nothing left on the device;
 *   - complex double and single (every op pair, A or B real, k whole and split) against a
 *     long-double reference inside 2 (k+1) eps (|A||B|) and bit for bit against the in-core
 *     product with k whole, has_imag included; the eight integer classes, k never split, bit for
 *     bit against the in-core product, a budget with no room for k whole refused;
 *   - the products once more with every copy through the staging pool (GPUMAT_TRANSFER_SMALL_KB
 *     = 0), whose strided path the small test panels would otherwise not reach;
 *   - several devices (every GPU present; one GPU: lists of one): the blocks shared, every op
 *     pair, ragged edges, k split, in two orders and on the last device alone; bad lists; a
 *     failing kernel on every device (the first failure named, memory back); an interrupt
 *     stopping every device's thread;
 *   - the distributed peer route's runtime (kernels/peer.cu): gm_matmul_device_host in one, two
 *     and sixteen column chunks, B on the host and on the device, empty sizes, NaN and Inf, a
 *     kernel that refuses the class (memory back); a shared block and copies between device
 *     pointers (gm_copy_device_2d).
 *
 *   test_host_blocked [--quick | --race]   (smaller shapes, for compute-sanitizer)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <sys/mman.h>
#include "test_util.h"
#include "matmul_native.h"

static int quick;

static void *xmalloc (size_t bytes)
{
  void *p = malloc (bytes ? bytes : 1);
  if (!p) {
    fprintf (stderr, "test_host_blocked: out of host memory (%zu bytes)\n", bytes);
    exit (2);
  }
  return p;
}

/* ---- strided copies ---------------------------------------------------------------------- */
static void test_copy_2d (size_t run, size_t runs, size_t pitch)
{
  const size_t host_bytes = pitch * (runs ? runs - 1 : 0) + run, dev_bytes = run * runs;
  unsigned char *h = (unsigned char *) xmalloc (host_bytes), *g = (unsigned char *) xmalloc (host_bytes);
  for (size_t b = 0; b < host_bytes; b++)
    h[b] = (unsigned char) (tu_next () >> 56);
  memcpy (g, h, host_bytes);
  for (size_t r = 0; r < runs; r++)   /* the runs get new bytes back; the gaps must stay */
    for (size_t b = 0; b < run; b++)
      g[r * pitch + b] ^= 0xA5;
  void *d;
  TU_GM (gm_device_alloc (&d, dev_bytes));
  const gm_host_span span = {run, runs, pitch};
  gm_status st = gm_copy_duplex_2d (d, h, span, NULL, NULL, gm_contiguous (0));
  unsigned char *packed = (unsigned char *) xmalloc (dev_bytes);
  TU_CUDA (cudaMemcpy (packed, d, dev_bytes, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t r = 0; r < runs; r++)
    bad += memcmp (packed + r * run, h + r * pitch, run) != 0;
  tu_result (st == GM_OK && bad == 0, "copy_2d up: run %zu, runs %zu, pitch %zu: status %d, %zu "
             "runs wrong", run, runs, pitch, (int) st, bad);
  /* back down into g, after flipping the device copy the same way */
  for (size_t b = 0; b < dev_bytes; b++)
    packed[b] ^= 0xA5;
  TU_CUDA (cudaMemcpy (d, packed, dev_bytes, cudaMemcpyHostToDevice));
  unsigned char *back = (unsigned char *) xmalloc (host_bytes);
  memcpy (back, h, host_bytes);
  st = gm_copy_duplex_2d (NULL, NULL, gm_contiguous (0), back, d, span);
  tu_result (st == GM_OK && memcmp (back, g, host_bytes) == 0, "copy_2d down: run %zu, runs %zu, "
             "pitch %zu: status %d, host bytes differ (gaps must stay)", run, runs, pitch, (int) st);
  gm_device_free (d);
  free (h);
  free (g);
  free (packed);
  free (back);
}

/* Downloads with transparent huge pages asked for (GPUMAT_TRANSFER_HUGEPAGE=1), into fresh
   memory as gather's are: bit-exact, an odd size and a destination off alignment included (the
   advice covers only the whole 2 MiB pages inside). */
static void test_hugepage_downloads (void)
{
  gm_transfer_release ();
  tu_setenv ("GPUMAT_TRANSFER_HUGEPAGE", "1");
  const size_t sizes[] = {(size_t) 5 << 20, ((size_t) 33 << 20) + 4093};
  for (size_t bytes : sizes)
    for (int off = 0; off < 2; off++) {
      char *src = (char *) xmalloc (bytes), *dst = (char *) xmalloc (bytes + 64);
      for (size_t b = 0; b < bytes; b++)
        src[b] = (char) (tu_next () >> 56);
      void *d;
      TU_GM (gm_device_alloc (&d, bytes));
      TU_CUDA (cudaMemcpy (d, src, bytes, cudaMemcpyHostToDevice));
      const gm_status st = gm_copy_to_host (dst + off * 7, d, bytes);
      tu_result (st == GM_OK && memcmp (dst + off * 7, src, bytes) == 0,
                 "download of %zu bytes to offset %d with huge pages asked: status %d", bytes,
                 off * 7, (int) st);
      gm_device_free (d);
      free (src);
      free (dst);
    }
  tu_setenv ("GPUMAT_TRANSFER_HUGEPAGE", NULL);
  gm_transfer_release ();
}

/* A blocked product into a fresh result of more than 256 MiB (the prefault threads map its
   pages while the blocks run: MADV_POPULATE_WRITE must not change a byte a download wrote), with
   GPUMAT_HOST_PREFAULT at its default, 0 and 64 threads: every element exact (small integers). */
static void test_prefault (void)
{
  const int64_t m = 8192, n = 4352, k = 32;        /* C: 272 MiB of double */
  double *A = (double *) xmalloc ((size_t) m * k * sizeof (double));
  double *B = (double *) xmalloc ((size_t) k * n * sizeof (double));
  for (int64_t i = 0; i < m * k; i++)
    A[i] = (double) ((i * 7) % 11) - 5;
  for (int64_t i = 0; i < k * n; i++)
    B[i] = (double) ((i * 5) % 13) - 6;
  const char *threads[] = {NULL, "0", "64"};
  for (const char *t : threads) {
    tu_setenv ("GPUMAT_HOST_PREFAULT", t);
    const size_t bytes = (size_t) m * n * sizeof (double);
    double *C = (double *) mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                                 -1, 0);
    if (C == (double *) MAP_FAILED) {
      tu_result (0, "prefault: mmap of %zu bytes failed", bytes);
      continue;
    }
    madvise (C, bytes, MADV_HUGEPAGE);
    gm_host_options opt = {(size_t) 64 << 20, NULL, NULL, NULL};   /* several row blocks */
    const gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, m,
                                             n, k, A, B, C, NULL, &opt);
    int64_t bad = 0;
    for (int64_t j = 0; st == GM_OK && j < n; j++)
      for (int64_t i = 0; i < m; i++) {
        double r = 0;
        for (int64_t p = 0; p < k; p++)
          r += A[i + p * m] * B[p + j * k];
        bad += C[i + j * m] != r;
      }
    tu_result (st == GM_OK && bad == 0, "prefault threads %s: %lldx%lldx%lld blocked into fresh "
               "memory: status %d, %lld elements wrong", t ? t : "(default)", (long long) m,
               (long long) n, (long long) k, (int) st, (long long) bad);
    munmap (C, bytes);
  }
  tu_setenv ("GPUMAT_HOST_PREFAULT", NULL);
  free (A);
  free (B);
}

static void test_copies (void)
{
  test_copy_2d (8, 1, 8);
  test_copy_2d (24, 7, 40);
  test_copy_2d (1000, 300, 1048);          /* 300 KB: the plain path (cudaMemcpy2D) */
  test_copy_2d (8 * 1000, 3000, 8 * 1300); /* 24 MB in runs of 8 KB: chunks span many runs */
  if (!quick)
    test_copy_2d ((size_t) 5 << 20, 7, ((size_t) 5 << 20) + 64);   /* runs over a chunk */
  test_copy_2d (4096, 2000, 4096);         /* pitch = run: contiguous, through the pool */
  /* both directions at once */
  const size_t run = 8 * 700, runs = 900, pitch = 8 * 1000, bytes = run * runs;
  char *hu = (char *) xmalloc (pitch * runs), *hd = (char *) xmalloc (pitch * runs);
  for (size_t b = 0; b < pitch * runs; b++)
    hu[b] = (char) (tu_next () >> 56);
  memset (hd, 0, pitch * runs);
  void *du, *dd;
  TU_GM (gm_device_alloc (&du, bytes));
  TU_GM (gm_device_alloc (&dd, bytes));
  TU_CUDA (cudaMemset (dd, 0x3C, bytes));
  const gm_host_span span = {run, runs, pitch};
  gm_status st = gm_copy_duplex_2d (du, hu, span, hd, dd, span);
  char *packed = (char *) xmalloc (bytes);
  TU_CUDA (cudaMemcpy (packed, du, bytes, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t r = 0; r < runs; r++) {
    bad += memcmp (packed + r * run, hu + r * pitch, run) != 0;
    for (size_t b = 0; b < pitch; b++)
      bad += hd[r * pitch + b] != (b < run ? 0x3C : 0);
  }
  tu_result (st == GM_OK && bad == 0, "copy_2d duplex: status %d, %zu wrong", (int) st, bad);
  const gm_host_span bad_span = {16, 3, 8};
  tu_result (gm_copy_duplex_2d (du, hu, bad_span, NULL, NULL, gm_contiguous (0))
                 == GM_ERR_INVALID_ARGUMENT, "copy_2d: a pitch below the run accepted");
  gm_device_free (du);
  gm_device_free (dd);
  free (hu);
  free (hd);
  free (packed);
}

/* ---- plans ------------------------------------------------------------------------------- */
/* The device bytes of a plan, as host_ooc.cu counts them: one buffer of an operand that is a
   single panel (k whole and one block along its side), else two; two C blocks; and a partial
   block where k is split. */
static double plan_need (int64_t m, int64_t n, int64_t k, int64_t mb, int64_t nb, int64_t kb,
                         double es)
{
  const int split = kb < k;
  const double a = (mb >= m && !split) ? 1 : 2, b = (nb >= n && !split) ? 1 : 2;
  return es * (a * mb * kb + b * kb * nb + (split ? 3.0 : 2.0) * mb * nb);
}

static void test_plans (void)
{
  static const int64_t shapes[][3] = {{60000, 60000, 60000}, {1000, 1000, 1000},
                                      {50000, 10, 10}, {10, 10, 5000000}, {1, 1, 1}};
  static const double budgets[] = {75e9, 8e9, 1e6, 4096, 64};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++)
      for (int c = 0; c < 2; c++) {
        const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
        const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        int64_t mb = 0, nb = 0, kb = 0;
        const size_t budget = (size_t) budgets[b];
        gm_status st = gm_matmul_host_plan (cls, m, n, k, budget, &mb, &nb, &kb);
        const double es = (double) gm_class_size (cls);
        const int split = kb < k;
        const double need = plan_need (m, n, k, mb, nb, kb, es);
        const int fits = need <= (double) budget;
        tu_result ((st == GM_OK && mb >= 1 && mb <= m && nb >= 1 && nb <= n && kb >= 1 && kb <= k
                    && fits)
                       || (st == GM_ERR_OUT_OF_MEMORY && budget < 3 * es),
                   "plan %s %lldx%lldx%lld in %zu bytes: status %d, blocks %lld x %lld x %lld",
                   c ? "single" : "double", (long long) m, (long long) n, (long long) k, budget,
                   (int) st, (long long) mb, (long long) nb, (long long) kb);
        /* k is split only when even MIN_BLOCK (1024) blocks with k whole do not fit */
        if (st == GM_OK && split) {
          const double whole = plan_need (m, n, k, m < 1024 ? m : 1024, n < 1024 ? n : 1024, k,
                                          es);
          tu_result (whole > (double) budget, "plan %lldx%lldx%lld in %zu bytes: k split "
                     "although 1024-blocks with k whole fit", (long long) m, (long long) n,
                     (long long) k, budget);
        }
      }
  int64_t mb, nb, kb;
  tu_result (gm_matmul_host_plan ((gm_class) GM_CLASS_COUNT, 4, 4, 4, 1000, &mb, &nb, &kb)
                 == GM_ERR_INVALID_ARGUMENT, "plan: an unknown class accepted");
  /* integer classes: smaller blocks, never a k split (2000 x 2000 x 5000 int32 in 8 MB:
     whole-k panels of 128 rows and columns fit, 5 MB) */
  gm_status st = gm_matmul_host_plan (GM_INT32, 2000, 2000, 5000, (size_t) 8 << 20, &mb, &nb, &kb);
  tu_result (st == GM_OK && kb == 5000 && mb < 2000 && nb <= 2000,
             "plan int32 2000x2000x5000 in 8 MiB: status %d, blocks %lldx%lldx%lld (k whole)",
             (int) st, (long long) mb, (long long) nb, (long long) kb);
  tu_result (gm_matmul_host_plan (GM_INT8, 100, 100, 5000, 5000, &mb, &nb, &kb)
                 == GM_ERR_OUT_OF_MEMORY, "plan int8 with no room for whole-k panels");
  /* complex: the panels' workspace counted (Â twice A's panel, op(B) once), so the blocks are
     smaller than a real class of the same element size gets */
  int64_t cmb, cnb, ckb;
  st = gm_matmul_host_plan (GM_COMPLEX_SINGLE, 4000, 4000, 2000, (size_t) 64 << 20, &cmb, &cnb,
                            &ckb);
  tu_result (st == GM_OK && gm_matmul_host_plan (GM_DOUBLE, 4000, 4000, 2000, (size_t) 64 << 20,
                                                 &mb, &nb, &kb) == GM_OK
                 && (double) cmb * cnb * ckb < (double) mb * nb * kb,
             "plan complex single against double, 4000x4000x2000 in 64 MiB: %lldx%lldx%lld, "
             "%lldx%lldx%lld", (long long) cmb, (long long) cnb, (long long) ckb, (long long) mb,
             (long long) nb, (long long) kb);
}

/* The plans of several devices (host arithmetic only): the one-device plan's k slices, blocks no
 * larger than its, within the budget, at least two blocks a device where 64-row and 64-column
 * blocks allow, and no block above 2e13 flop where its rows could still shrink (to 1024). */
static void test_shared_plans (void)
{
  static const int64_t shapes[][3] = {{60000, 60000, 60000}, {8000, 8000, 8000}, {1000, 1000, 1000},
                                      {50000, 10, 10}, {10, 10, 5000000}, {300, 1, 40}, {1, 1, 700},
                                      {100, 3000, 70000}};
  static const double budgets[] = {75e9, 8e9, 1e6, 4096};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++)
      for (int devices = 2; devices <= 8; devices *= 2) {
        const gm_class cls = GM_DOUBLE;
        const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        const size_t budget = (size_t) budgets[b];
        int64_t mb1, nb1, kb1, mb, nb, kb;
        if (gm_matmul_host_plan (cls, m, n, k, budget, &mb1, &nb1, &kb1) != GM_OK)
          continue;                    /* a budget below one element of each: no plan either way */
        gm_status st = gm_matmul_host_plan_shared (cls, m, n, k, budget, devices, &mb, &nb, &kb);
        const int64_t blocks = ((m + mb - 1) / mb) * ((n + nb - 1) / nb);
        const double need = plan_need (m, n, k, mb, nb, kb, 8.0);
        const int enough = blocks >= 2 * devices || (mb <= 64 && nb <= 64);
        const int capped = 2.0 * (double) mb * (double) nb * (double) kb <= 2e13 || mb <= 1024;
        tu_result (st == GM_OK && kb == kb1 && mb <= mb1 && nb <= nb1 && mb >= 1 && nb >= 1
                   && need <= (double) budget && enough && capped,
                   "shared plan, %d devices, %lldx%lldx%lld in %zu bytes: status %d, blocks "
                   "%lld x %lld x %lld (%lld blocks; one device %lld x %lld x %lld)", devices,
                   (long long) m, (long long) n, (long long) k, budget, (int) st, (long long) mb,
                   (long long) nb, (long long) kb, (long long) blocks, (long long) mb1,
                   (long long) nb1, (long long) kb1);
      }
  /* the issue's product on two GPUs (75 GB free each): B whole, 1920-row blocks, k whole */
  int64_t mb, nb, kb;
  gm_status st = gm_matmul_host_plan_shared (GM_DOUBLE, 60000, 60000, 60000, (size_t) 75e9 * 0.85,
                                             2, &mb, &nb, &kb);
  tu_result (st == GM_OK && mb == 1920 && nb == 60000 && kb == 60000, "shared plan 60000^3 on two "
             "GPUs: status %d, blocks %lld x %lld x %lld (want 1920 x 60000 x 60000)", (int) st,
             (long long) mb, (long long) nb, (long long) kb);
  tu_result (gm_matmul_host_plan_shared (GM_DOUBLE, 4, 4, 4, 1000, 0, &mb, &nb, &kb)
                 == GM_ERR_INVALID_ARGUMENT, "shared plan: 0 devices accepted");
}

/* ---- products ------------------------------------------------------------------------------ */
typedef struct { int calls, stop_after; } interrupt_ctx;
static int interrupt_after (void *ctx)
{
  interrupt_ctx *c = (interrupt_ctx *) ctx;
  return ++c->calls > c->stop_after;
}

/* op(A) * op(B) through gm_matmul_host_opt with `budget`: against a long-double reference, and
   (kernel tiled, k whole) bit for bit against the in-core product. */
static void run_blocked (gm_class cls, gm_op oa, gm_op ob, int64_t m, int64_t n, int64_t k,
                         size_t budget, int specials, const int *devices = NULL, int ndev = 0)
{
  const size_t es = gm_class_size (cls);
  const int64_t ra = oa != GM_OP_NONE ? k : m, ca = oa != GM_OP_NONE ? m : k;
  const int64_t rb = ob != GM_OP_NONE ? n : k, cb = ob != GM_OP_NONE ? k : n;
  double *ad = (double *) xmalloc ((size_t) (ra * ca) * sizeof (double));
  double *bd = (double *) xmalloc ((size_t) (rb * cb) * sizeof (double));
  void *ha = xmalloc ((size_t) (ra * ca) * es), *hb = xmalloc ((size_t) (rb * cb) * es);
  void *hc = xmalloc ((size_t) (m * n) * es), *hr = xmalloc ((size_t) (m * n) * es);
  tu_fill (cls, ha, ad, (size_t) (ra * ca));
  tu_fill (cls, hb, bd, (size_t) (rb * cb));
  if (specials && ra * ca > 5) {
    const int64_t at[3] = {1, ra * ca / 2, ra * ca - 1};
    const double v[3] = {NAN, INFINITY, -INFINITY};
    for (int s = 0; s < 3; s++) {
      ad[at[s]] = v[s];
      if (cls == GM_SINGLE)
        ((float *) ha)[at[s]] = (float) v[s];
      else
        ((double *) ha)[at[s]] = v[s];
    }
  }
  gm_host_stats stats;
  memset (&stats, 0xFF, sizeof stats);
  gm_host_options opt = {budget, NULL, NULL, &stats};
  opt.devices = devices;
  opt.device_count = ndev;
  gm_status st = gm_matmul_host_opt (GM_MATMUL_TILED, cls, oa, ob, m, n, k, ha, hb, hc, NULL, &opt);
  /* with a device list: every listed device accounted for, its steps adding up */
  if (st == GM_OK && ndev > 0) {
    int64_t sum = 0;
    int listed = stats.devices == ndev;
    for (int d = 0; d < ndev && listed; d++) {
      sum += stats.device_steps[d];
      listed &= stats.device_ordinal[d] == devices[d] && stats.device_kernel_ms[d] >= 0
                && stats.device_kernel_ms[d] <= stats.kernel_ms;
    }
    tu_result (listed && sum == stats.steps, "blocked on %d device(s) %lldx%lldx%lld: devices "
               "%d, steps %lld of %lld", ndev, (long long) m, (long long) n, (long long) k,
               stats.devices, (long long) sum, (long long) stats.steps);
  }
  /* the figures of the blocked path: C down once, A and B up at least once, every step run */
  const int64_t steps = ((m + stats.block_rows - 1) / stats.block_rows)
                        * ((n + stats.block_cols - 1) / stats.block_cols)
                        * ((k + stats.slice - 1) / stats.slice);
  tu_result (st != GM_OK || (stats.bytes_down == (double) (m * n) * es
                             && stats.bytes_up >= (double) (m * k + k * n) * es
                             && stats.steps == steps && stats.kernel_ms > 0
                             && stats.wall_ms >= stats.kernel_ms),
             "blocked %c%c %lldx%lldx%lld stats: down %.0f, up %.0f, steps %lld of %lld, kernels "
             "%.3f ms, wall %.3f ms", "NTC"[oa], "NTC"[ob], (long long) m, (long long) n,
             (long long) k, stats.bytes_down, stats.bytes_up, (long long) stats.steps,
             (long long) steps, stats.kernel_ms, stats.wall_ms);
  int64_t bad = 0, mismatched = 0;
  double worst = 0;
  for (int64_t j = 0; j < n && st == GM_OK; j++)
    for (int64_t i = 0; i < m; i++) {
      long double s = 0, sa = 0;
      for (int64_t p = 0; p < k; p++) {
        const double x = oa != GM_OP_NONE ? ad[p + i * ra] : ad[i + p * ra];
        const double y = ob != GM_OP_NONE ? bd[j + p * rb] : bd[p + j * rb];
        s += (long double) x * y;
        sa += fabsl ((long double) x * y);
      }
      const double got = tu_get (cls, hc, (size_t) (i + j * m));
      const long double err = fabsl ((long double) got - s);
      if (isnan (s) || isinf (s)) {
        bad += !(isnan (s) ? isnan (got) : got == (double) s);
        continue;
      }
      if (!(err <= (long double) k * tu_eps (cls) * sa)) {
        bad++;
        if ((double) err > worst)
          worst = (double) err;
      }
    }
  tu_result (st == GM_OK && bad == 0, "blocked %s %c%c %lldx%lldx%lld in %zu bytes on %d "
             "listed device(s): status %d, %lld elements outside k eps (|A||B|) (worst error %g)",
             cls == GM_SINGLE ? "single" : "double", "NTC"[oa], "NTC"[ob], (long long) m,
             (long long) n, (long long) k, budget, ndev, (int) st, (long long) bad, worst);
  int64_t mb, nb, kb;
  if (st == GM_OK && gm_matmul_host_plan (cls, m, n, k, budget, &mb, &nb, &kb) == GM_OK
      && kb == k && !specials) {
    st = gm_matmul_host_opt (GM_MATMUL_TILED, cls, oa, ob, m, n, k, ha, hb, hr, NULL, NULL);
    for (int64_t e = 0; e < m * n && st == GM_OK; e++)
      mismatched += memcmp ((char *) hc + e * es, (char *) hr + e * es, es) != 0;
    tu_result (st == GM_OK && mismatched == 0, "blocked %c%c %lldx%lldx%lld (k whole) against the "
               "in-core tiled product: status %d, %lld elements differ", "NTC"[oa], "NTC"[ob],
               (long long) m, (long long) n, (long long) k, (int) st, (long long) mismatched);
  }
  free (ad);
  free (bd);
  free (ha);
  free (hb);
  free (hc);
  free (hr);
}

static void test_products (gm_class cls)
{
  const size_t es = gm_class_size (cls);
  static const int64_t shapes[][3] = {{300, 200, 150}, {257, 129, 513}, {1, 300, 40},
                                      {300, 1, 40},    {100, 100, 1},   {65, 67, 1100}};
  const int ns = quick ? 2 : (int) (sizeof shapes / sizeof shapes[0]);
  for (int s = 0; s < ns; s++) {
    const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    const size_t all = (size_t) (m * k + k * n + m * n) * es;
    const size_t budgets[2] = {all / 4, all / 16};   /* several blocks; deep k split */
    for (int b = 0; b < 2; b++)
      for (int p = 0; p < 9; p++) {
        if (quick && p % 4 != 0)
          continue;
        run_blocked (cls, (gm_op) (p / 3), (gm_op) (p % 3), m, n, k, budgets[b], 0);
      }
  }
  run_blocked (cls, GM_OP_NONE, GM_OP_NONE, 200, 90, 120, 40000, 1);   /* NaN, Inf */

  /* X'*X blocked: exactly symmetric, as the in-core path makes it */
  const int64_t rows = 500, cols = 300;
  void *x = xmalloc ((size_t) (rows * cols) * es), *c = xmalloc ((size_t) (cols * cols) * es);
  tu_fill (cls, x, NULL, (size_t) (rows * cols));
  const gm_host_options opt = {(size_t) (rows * cols) * es, NULL, NULL, NULL};
  gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_TRANSPOSE, GM_OP_NONE, cols, cols,
                                     rows, x, x, c, NULL, &opt);
  int64_t asym = 0;
  for (int64_t j = 0; j < cols; j++)
    for (int64_t i = 0; i < j; i++)
      asym += memcmp ((char *) c + (i + j * cols) * es, (char *) c + (j + i * cols) * es, es) != 0;
  tu_result (st == GM_OK && asym == 0, "blocked X'*X %s: status %d, %lld pairs not symmetric",
             cls == GM_SINGLE ? "single" : "double", (int) st, (long long) asym);

  /* K = 0 and empty results: no device work */
  memset (c, 0x7F, 16 * es);
  st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, 4, 4, 0, x, x, c, NULL, &opt);
  int zero = 1;
  for (int e = 0; e < 16; e++)
    zero &= tu_get (cls, c, e) == 0;
  tu_result (st == GM_OK && zero, "blocked K = 0: status %d, zeros %d", (int) st, zero);
  tu_result (gm_matmul_host_blocked (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, 0, 5, 5, x, x,
                                     c, &opt) == GM_OK, "blocked 0x5x5");

  /* interrupted after three blocks: identified, and the device as before */
  size_t blocks0, bytes0, cached0, blocks1, bytes1, cached1;
  gm_device_usage (&blocks0, &bytes0, &cached0);
  interrupt_ctx ic = {0, 3};
  const gm_host_options stop = {(size_t) (rows * cols) * es / 2, interrupt_after, &ic, NULL};
  st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, cols, cols, rows, x, x, c,
                           NULL, &stop);
  gm_device_usage (&blocks1, &bytes1, &cached1);
  tu_result (st == GM_ERR_INTERRUPTED && blocks1 == blocks0 && bytes1 == bytes0,
             "blocked, interrupted: status %d (want %d), live blocks %zu -> %zu, bytes %zu -> %zu",
             (int) st, (int) GM_ERR_INTERRUPTED, blocks0, blocks1, bytes0, bytes1);
  tu_result (gm_matmul_host_blocked (GM_MATMUL_AUTO, (gm_class) GM_CLASS_COUNT, GM_OP_NONE,
                                     GM_OP_NONE, 2, 2, 2, x, x, c, NULL)
                 == GM_ERR_INVALID_ARGUMENT, "blocked: an unknown class accepted");
  free (x);
  free (c);
}

/* ---- complex products (issue 15: every complex form the in-core path has) -------------------
 * op(A) * op(B) for complex double and single, every op pair (N, T, C), A or B real (promoted
 * on the device panel by panel) or both complex, budgets forcing blocks and a k split: each
 * element against a long-double reference inside 2 (k+1) eps (|A||B|) (modulus), with k whole
 * bit for bit against the in-core product of the same kernel, and *c_has_imag as the in-core
 * path says (a product of complex arrays whose imaginary parts are all zero: 0). */
static void cplx_fill (gm_class cls, int is_real, void *buf, double *re, double *im, size_t count,
                       int zero_imag)
{
  const int single = cls == GM_COMPLEX_SINGLE;
  for (size_t i = 0; i < count; i++) {
    double r = tu_uniform (), q = is_real || zero_imag ? 0.0 : tu_uniform ();
    if (single) {
      r = (float) r;
      q = (float) q;
    }
    re[i] = r;
    im[i] = q;
    if (is_real) {
      if (single) ((float *) buf)[i] = (float) r;
      else ((double *) buf)[i] = r;
    } else if (single) {
      ((float *) buf)[2 * i] = (float) r;
      ((float *) buf)[2 * i + 1] = (float) q;
    } else {
      ((double *) buf)[2 * i] = r;
      ((double *) buf)[2 * i + 1] = q;
    }
  }
}

static void run_blocked_complex (gm_class cls, int a_real, int b_real, gm_op oa, gm_op ob,
                                 int64_t m, int64_t n, int64_t k, size_t budget, int zero_imag,
                                 gm_matmul_kernel kernel)
{
  const size_t es = gm_class_size (cls);
  const int64_t ra = oa != GM_OP_NONE ? k : m, ca = oa != GM_OP_NONE ? m : k;
  const int64_t rb = ob != GM_OP_NONE ? n : k, cb = ob != GM_OP_NONE ? k : n;
  const size_t na = (size_t) (ra * ca), nb = (size_t) (rb * cb), nc = (size_t) (m * n);
  double *ar = (double *) xmalloc (na * sizeof (double)), *ai = (double *) xmalloc (na * sizeof (double));
  double *br = (double *) xmalloc (nb * sizeof (double)), *bi = (double *) xmalloc (nb * sizeof (double));
  void *ha = xmalloc (na * es), *hb = xmalloc (nb * es);
  void *hc = xmalloc (nc * es), *hr = xmalloc (nc * es);
  cplx_fill (cls, a_real, ha, ar, ai, na, zero_imag);
  cplx_fill (cls, b_real, hb, br, bi, nb, zero_imag);
  gm_host_stats stats;
  memset (&stats, 0, sizeof stats);
  gm_host_options opt = {budget, NULL, NULL, &stats};
  int has_imag = -1;
  gm_status st = gm_matmul_host_complex_opt (kernel, cls, a_real, b_real, oa, ob, m, n, k, ha, hb,
                                             hc, NULL, &opt, &has_imag);
  const int single = cls == GM_COMPLEX_SINGLE;
  const double eps = single ? 0x1.0p-23 : 0x1.0p-52;
  int64_t bad = 0;
  int any_imag = 0;
  for (int64_t j = 0; j < n && st == GM_OK; j++)
    for (int64_t i = 0; i < m; i++) {
      long double sr = 0, si = 0, sa = 0;
      for (int64_t p = 0; p < k; p++) {
        const size_t x = (size_t) (oa != GM_OP_NONE ? p + i * ra : i + p * ra);
        const size_t y = (size_t) (ob != GM_OP_NONE ? j + p * rb : p + j * rb);
        const long double xr = ar[x], xi = oa == GM_OP_CTRANSPOSE ? -ai[x] : ai[x];
        const long double yr = br[y], yi = ob == GM_OP_CTRANSPOSE ? -bi[y] : bi[y];
        sr += xr * yr - xi * yi;
        si += xr * yi + xi * yr;
        sa += sqrtl (xr * xr + xi * xi) * sqrtl (yr * yr + yi * yi);
      }
      const size_t e = (size_t) (i + j * m);
      const double gr = single ? ((float *) hc)[2 * e] : ((double *) hc)[2 * e];
      const double gi = single ? ((float *) hc)[2 * e + 1] : ((double *) hc)[2 * e + 1];
      any_imag |= gi != 0;
      const long double err = sqrtl ((gr - sr) * (gr - sr) + (gi - si) * (gi - si));
      bad += !(err <= 2.0L * (k + 1) * eps * sa);
    }
  const int64_t steps = stats.block_rows > 0 ? ((m + stats.block_rows - 1) / stats.block_rows)
                                                   * ((n + stats.block_cols - 1) / stats.block_cols)
                                                   * ((k + stats.slice - 1) / stats.slice) : -1;
  tu_result (st == GM_OK && bad == 0 && has_imag == any_imag && stats.steps == steps
                 && steps > 1,
             "blocked %s%s%s %c%c %lldx%lldx%lld in %zu bytes (%s): status %d, %lld elements "
             "outside 2(k+1) eps (|A||B|), has_imag %d (C has %d), %lld steps of %lld",
             gm_class_name (cls), a_real ? ", A real" : "", b_real ? ", B real" : "", "NTC"[oa],
             "NTC"[ob], (long long) m, (long long) n, (long long) k, budget,
             gm_matmul_kernel_name (kernel), (int) st, (long long) bad, has_imag, any_imag,
             (long long) stats.steps, (long long) steps);
  if (st == GM_OK && stats.slice == k && kernel != GM_MATMUL_AUTO) {  /* auto may choose per block */
    int in_core_imag = -1;
    st = gm_matmul_host_complex (kernel, cls, a_real, b_real, oa, ob, m, n, k, ha, hb, hr, NULL,
                                 &in_core_imag);
    int64_t mismatched = 0;
    for (size_t e = 0; e < nc && st == GM_OK; e++)
      mismatched += memcmp ((char *) hc + e * es, (char *) hr + e * es, es) != 0;
    tu_result (st == GM_OK && mismatched == 0 && in_core_imag == has_imag,
               "blocked %s %c%c %lldx%lldx%lld (k whole) against the in-core product: status %d, "
               "%lld elements differ, has_imag %d / %d", gm_class_name (cls), "NTC"[oa], "NTC"[ob],
               (long long) m, (long long) n, (long long) k, (int) st, (long long) mismatched,
               has_imag, in_core_imag);
  }
  free (ar); free (ai); free (br); free (bi);
  free (ha); free (hb); free (hc); free (hr);
}

static void test_complex_products (gm_class cls)
{
  const size_t es = gm_class_size (cls);
  static const int64_t shapes[][3] = {{130, 90, 70}, {65, 67, 300}, {1, 150, 40}};
  const int ns = quick ? 1 : 3;
  for (int s = 0; s < ns; s++) {
    const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    const size_t all = (size_t) (m * k + k * n + m * n) * es;
    /* several blocks with k whole; and a deep k split (complex panels cost 2-4 times their
       bytes on the device: Â, a copied op(B), a real operand's staging) */
    const size_t budgets[2] = {all / 2, all / 12};
    for (int b = 0; b < 2; b++)
      for (int p = 0; p < 9; p++) {
        if (quick && p % 4 != 0)
          continue;
        const int mix = (p + b + s) % 3;     /* both complex, A real, B real */
        run_blocked_complex (cls, mix == 1, mix == 2, (gm_op) (p / 3), (gm_op) (p % 3), m, n, k,
                             budgets[b], 0, GM_MATMUL_TILED);
      }
  }
  /* auto's kernels (zdmma for complex double), and a complex product with no imaginary part */
  run_blocked_complex (cls, 0, 0, GM_OP_NONE, GM_OP_CTRANSPOSE, 200, 130, 90, 200 * 130 * es,
                       0, GM_MATMUL_AUTO);
  run_blocked_complex (cls, 0, 1, GM_OP_TRANSPOSE, GM_OP_NONE, 150, 100, 60, 150 * 100 * es, 1,
                       GM_MATMUL_AUTO);
}

/* ---- integer products ------------------------------------------------------------------------
 * Every integer class: k is never split (each element one exact sum, saturated once), so the
 * blocked result equals the in-core one bit for bit whatever the budget; a budget too small for
 * one row and column of k whole is refused (GM_ERR_OUT_OF_MEMORY), nothing left on the device. */
static void test_integer_products (void)
{
  const gm_class classes[] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32,
                              GM_INT64, GM_UINT64};
  const int64_t m = 150, n = 70, k = quick ? 60 : 300;
  for (int c = 0; c < 8; c++) {
    const gm_class cls = classes[c];
    const size_t es = gm_class_size (cls);
    const size_t bytes = (size_t) (m > n ? m : n) * (size_t) k * es;
    unsigned char *ha = (unsigned char *) xmalloc (bytes), *hb = (unsigned char *) xmalloc (bytes);
    unsigned char *hc = (unsigned char *) xmalloc ((size_t) (m * n) * es);
    unsigned char *hr = (unsigned char *) xmalloc ((size_t) (m * n) * es);
    /* small magnitudes mostly, some at the class's ends (so that sums saturate somewhere) */
    for (size_t b = 0; b < bytes; b++) {
      const uint64_t r = tu_next ();
      ha[b] = (unsigned char) (b % es == es - 1 && r % 4 ? r % 3 : r >> 56);
      hb[b] = (unsigned char) (b % es == es - 1 && (r >> 8) % 4 ? (r >> 16) % 3 : r >> 48);
    }
    for (int p = 0; p < 9; p++) {
      if (quick && p % 4 != 0)
        continue;
      const gm_op oa = (gm_op) (p / 3), ob = (gm_op) (p % 3);
      const size_t budget = (size_t) (m * k + k * n + m * n) * es / 3;
      gm_host_stats stats;
      memset (&stats, 0, sizeof stats);
      gm_host_options opt = {budget, NULL, NULL, &stats};
      gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, oa, ob, m, n, k, ha, hb, hc, NULL,
                                         &opt);
      gm_status st2 = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, oa, ob, m, n, k, ha, hb, hr, NULL,
                                          NULL);
      const int differ = st == GM_OK && st2 == GM_OK
                         ? memcmp (hc, hr, (size_t) (m * n) * es) != 0 : -1;
      tu_result (st == GM_OK && st2 == GM_OK && differ == 0 && stats.slice == k
                     && stats.steps > 1,
                 "blocked %s %c%c %lldx%lldx%lld in %zu bytes: status %d / %d, differs from in "
                 "core %d, slice %lld (k %lld), %lld steps", gm_class_name (cls), "NTC"[oa],
                 "NTC"[ob], (long long) m, (long long) n, (long long) k, budget, (int) st,
                 (int) st2, differ, (long long) stats.slice, (long long) k,
                 (long long) stats.steps);
    }
    /* no room for k whole: refused, never split */
    size_t blocks0, bytes0, cached0, blocks1, bytes1, cached1;
    gm_device_usage (&blocks0, &bytes0, &cached0);
    gm_host_options tiny = {(size_t) k * es, NULL, NULL, NULL};
    gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, m, n, k, ha,
                                       hb, hc, NULL, &tiny);
    gm_device_usage (&blocks1, &bytes1, &cached1);
    tu_result (st == GM_ERR_OUT_OF_MEMORY && blocks1 == blocks0 && bytes1 == bytes0,
               "blocked %s with no room for k whole: status %d (want %d), live blocks %zu -> "
               "%zu", gm_class_name (cls), (int) st, (int) GM_ERR_OUT_OF_MEMORY, blocks0, blocks1);
    free (ha); free (hb); free (hc); free (hr);
  }
}

/* ---- the head's ramp (host_ooc.cu v4) -------------------------------------------------------- */
/* 16384 x 8192 x 1024 double in 700 MiB (in core it needs 1.19 GiB; single in 350 MiB): blocks
 * of 4096 rows with B whole (1024 x 8192, 64 MiB in double, the smallest panel that ramps), so
 * the first block's B goes up in column chunks of 1024, each
 * multiplied on arrival.  The ramp keeps every bit of the in-core product (the chunks run
 * dmma's plan for the whole block), and runs wherever that plan holds for the chunks; a
 * transposed B and single data never ramp, and keep their results too.  Skipped in --quick
 * (memcheck): 275 GFLOP each. */
static void test_ramp (void)
{
  const int64_t m = 16384, n = 8192, k = 1024, chunks = 8;
  for (int c = 0; c < 3; c++) {
    const gm_class cls = c == 2 ? GM_SINGLE : GM_DOUBLE;
    /* the same 4096-row blocks in single: half the bytes (in core 580 MiB) */
    const size_t budget = (size_t) (cls == GM_SINGLE ? 350 : 700) << 20;
    const gm_op ob = c == 1 ? GM_OP_TRANSPOSE : GM_OP_NONE;
    const size_t es = gm_class_size (cls);
    double *ad = (double *) xmalloc ((size_t) (m * k) * sizeof (double));
    double *bd = (double *) xmalloc ((size_t) (k * n) * sizeof (double));
    void *ha = xmalloc ((size_t) (m * k) * es), *hb = xmalloc ((size_t) (k * n) * es);
    void *hc = xmalloc ((size_t) (m * n) * es), *hr = xmalloc ((size_t) (m * n) * es);
    tu_fill (cls, ha, ad, (size_t) (m * k));
    tu_fill (cls, hb, bd, (size_t) (k * n));
    gm_host_stats stats = {};
    const gm_host_options opt = {budget, NULL, NULL, &stats};
    gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, ob, m, n, k, ha, hb, hc,
                                       NULL, &opt);
    const char *what = c == 0 ? "double" : c == 1 ? "double, B transposed" : "single";
    tu_result (st == GM_OK && stats.block_rows == 4096 && stats.block_cols == n
                   && stats.slice == k,
               "ramp %s: status %d, blocks %lld x %lld x %lld (want 4096 x %lld x %lld)", what,
               (int) st, (long long) stats.block_rows, (long long) stats.block_cols,
               (long long) stats.slice, (long long) n, (long long) k);
    /* whether the ramp must run: auto runs dmma on the block and on a 1024-column chunk with
       the same tile and k unsplit (the rule of host_ooc.cu, asked of the same plan: products
       of host arrays ask auto's native choice, matmul_native.h) */
    gm_matmul_kernel whole = GM_MATMUL_AUTO, part_k = GM_MATMUL_AUTO;
    int tm[2] = {0, 0}, tn[2] = {0, 0}, sl[2] = {0, 0};
    const bool dmma_both =
        cls == GM_DOUBLE && ob == GM_OP_NONE
        && gm_matmul_auto_choice_native (cls, GM_OP_NONE, GM_OP_NONE, 4096, n, k, 1, &whole)
               == GM_OK
        && gm_matmul_auto_choice_native (cls, GM_OP_NONE, GM_OP_NONE, 4096, n / chunks, k, 1,
                                         &part_k) == GM_OK
        && whole == GM_MATMUL_DMMA && part_k == GM_MATMUL_DMMA
        && gm_matmul_dmma_plan (GM_OP_NONE, GM_OP_NONE, 4096, n, k, 1, &tm[0], &tn[0], &sl[0])
               == GM_OK
        && gm_matmul_dmma_plan (GM_OP_NONE, GM_OP_NONE, 4096, n / chunks, k, 1, &tm[1], &tn[1],
                                &sl[1]) == GM_OK
        && tm[0] == tm[1] && tn[0] == tn[1] && sl[0] == 1 && sl[1] == 1;
    if (cls == GM_DOUBLE && ob == GM_OP_NONE && !dmma_both) {
      printf ("test_host_blocked: ramp double: auto's plan differs between the block and its "
              "chunks on this device (kernels %d, %d; tiles %dx%d, %dx%d; slices %d, %d): not "
              "checked\n", (int) whole, (int) part_k, tm[0], tn[0], tm[1], tn[1], sl[0], sl[1]);
      tu_skipped++;
    } else
      tu_result (stats.ramp_chunks == (dmma_both ? chunks : 0), "ramp %s: %lld chunks (want %lld)",
                 what, (long long) stats.ramp_chunks, (long long) (dmma_both ? chunks : 0));
    /* every bit of the in-core product (k whole; for single, where warp's plan may differ
       between the shapes, the bound below only) */
    gm_status st2 = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, ob, m, n, k, ha, hb, hr,
                                        NULL, NULL);
    if (cls == GM_DOUBLE) {
      int64_t differ = 0;
      for (int64_t e = 0; e < m * n && st == GM_OK && st2 == GM_OK; e++)
        differ += memcmp ((char *) hc + e * es, (char *) hr + e * es, es) != 0;
      tu_result (st == GM_OK && st2 == GM_OK && differ == 0, "ramp %s: status %d / %d, %lld "
                 "elements differ from the in-core product", what, (int) st, (int) st2,
                 (long long) differ);
    }
    /* a sample against a long-double reference, inside k eps (|A||B|); the first block's
       columns first (the chunks' edges: 1023, 1024, ...) */
    int64_t bad = 0;
    for (int e = 0; e < 3000 && st == GM_OK; e++) {
      const int64_t i = e < 1000 ? e % 4096 : tu_randint (0, m - 1);
      const int64_t j = e < 1000 ? (e / 2) * 8 + (e % 2 ? 7 : 0) : tu_randint (0, n - 1);
      long double sum = 0, sabs = 0;
      for (int64_t p = 0; p < k; p++) {
        const long double x = ad[i + p * m];
        const long double y = ob == GM_OP_NONE ? bd[p + j * k] : bd[j + p * n];
        sum += x * y;
        sabs += fabsl (x * y);
      }
      const long double got = tu_get (cls, hc, (size_t) (i + j * m));
      bad += !(fabsl (got - sum) <= (long double) k * tu_eps (cls) * sabs);
    }
    tu_result (st == GM_OK && bad == 0, "ramp %s: %lld of 3000 sampled elements outside k eps "
               "(|A||B|)", what, (long long) bad);
    free (ad);
    free (bd);
    free (ha);
    free (hb);
    free (hc);
    free (hr);
  }
}

/* ---- several devices ------------------------------------------------------------------------ */
/* With every GPU present (one GPU: lists of one), in several orders: the blocks shared among
 * them, ragged edges included, within the bound and (tiled, k whole) bit for bit the in-core
 * product; a bad list refused before any work; the first failure on any device identified,
 * every device's memory back; an interrupt stopping every device's thread. */
static void test_devices (gm_class cls)
{
  int count = 0;
  TU_GM (gm_device_count (&count));
  int all[GM_MAX_DEVICES], reversed[GM_MAX_DEVICES];
  for (int d = 0; d < count; d++) {
    all[d] = d;
    reversed[d] = count - 1 - d;
  }
  const int last = count - 1;
  const size_t es = gm_class_size (cls);
  static const int64_t shapes[][3] = {{300, 200, 150}, {257, 129, 513}, {1, 300, 40},
                                      {300, 1, 40},    {65, 67, 1100},  {1, 1, 700}};
  const int ns = quick ? 2 : (int) (sizeof shapes / sizeof shapes[0]);
  for (int s = 0; s < ns; s++) {
    const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    const size_t total = (size_t) (m * k + k * n + m * n) * es;
    const size_t budgets[2] = {total / 4 + 1, total / 16 + 1};
    for (int b = 0; b < 2; b++)
      for (int p = 0; p < 9; p++) {
        if (quick && p % 4 != 0)
          continue;
        run_blocked (cls, (gm_op) (p / 3), (gm_op) (p % 3), m, n, k, budgets[b], 0, all, count);
      }
    run_blocked (cls, GM_OP_NONE, GM_OP_TRANSPOSE, m, n, k, budgets[0], 0, reversed, count);
    run_blocked (cls, GM_OP_TRANSPOSE, GM_OP_NONE, m, n, k, budgets[1], 0, &last, 1);
  }
  run_blocked (cls, GM_OP_NONE, GM_OP_NONE, 200, 90, 120, 40000, 1, all, count);   /* NaN, Inf */

  /* bad lists: refused, no work, nothing allocated */
  const int twice[2] = {0, 0}, missing[2] = {0, count}, negative[1] = {-1};
  tu_result (gm_check_devices (all, count) == GM_OK && gm_check_devices (NULL, 0) == GM_OK,
             "check_devices: every device refused");
  tu_result (gm_check_devices (twice, 2) == GM_ERR_INVALID_ARGUMENT
             && strstr (gm_error_detail (), "twice") != NULL,
             "check_devices: a repeated device accepted (%s)", gm_error_detail ());
  tu_result (gm_check_devices (missing, 2) == GM_ERR_INVALID_ARGUMENT
             && strstr (gm_error_detail (), "does not exist") != NULL,
             "check_devices: device %d of %d accepted (%s)", count, count, gm_error_detail ());
  tu_result (gm_check_devices (negative, 1) == GM_ERR_INVALID_ARGUMENT,
             "check_devices: device -1 accepted");
  const int64_t rows = 4096, cols = 4096, depth = 64;
  void *x = xmalloc ((size_t) (rows * depth) * es), *y = xmalloc ((size_t) (depth * cols) * es);
  void *c = xmalloc ((size_t) (rows * cols) * es);
  tu_fill (cls, x, NULL, (size_t) (rows * depth));
  tu_fill (cls, y, NULL, (size_t) (depth * cols));
  size_t blocks0, bytes0, cached0, blocks1, bytes1, cached1;
  gm_device_usage (&blocks0, &bytes0, &cached0);
  gm_host_options bad = {(size_t) 1 << 20, NULL, NULL, NULL};
  bad.devices = missing;
  bad.device_count = 2;
  gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, rows, cols,
                                     depth, x, y, c, NULL, &bad);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "host product on a missing device: status %d", (int) st);

  /* a failure on every device at its first block (dmma takes double only; tf32x3 single only):
     the first one identified, naming its GPU, and every device's memory back */
  gm_host_options fail = {(size_t) (rows * depth + depth * cols + rows * cols) * es / 8, NULL,
                          NULL, NULL};
  fail.devices = all;
  fail.device_count = count;
  st = gm_matmul_host_opt (cls == GM_DOUBLE ? GM_MATMUL_TF32X3 : GM_MATMUL_DMMA, cls, GM_OP_NONE,
                           GM_OP_NONE, rows, cols, depth, x, y, c, NULL, &fail);
  gm_device_usage (&blocks1, &bytes1, &cached1);
  tu_result (st == GM_ERR_INVALID_ARGUMENT && (count == 1 || strncmp (gm_error_detail (), "GPU ",
                                                                       4) == 0)
             && blocks1 == blocks0 && bytes1 == bytes0,
             "blocked on %d device(s), a kernel failing: status %d (%s), live blocks %zu -> %zu, "
             "bytes %zu -> %zu", count, (int) st, gm_error_detail (), blocks0, blocks1, bytes0,
             bytes1);

  /* interrupted while every device runs (64 x 64 blocks: 4096 steps of tens of microseconds at
     least, past the calling thread's first 10 ms poll, which answers "stop"; one device: its
     first step's poll): identified, fewer steps than planned, memory back */
  gm_host_stats stats;
  memset (&stats, 0, sizeof stats);
  interrupt_ctx ic = {0, 0};
  gm_host_options stop = {(size_t) (2 * 64 * depth + 2 * depth * 64 + 2 * 64 * 64) * es,
                          interrupt_after, &ic, &stats};
  stop.devices = all;
  stop.device_count = count;
  st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, rows, cols, depth, x, y,
                           c, NULL, &stop);
  gm_device_usage (&blocks1, &bytes1, &cached1);
  const int64_t planned = ((rows + stats.block_rows - 1) / (stats.block_rows ? stats.block_rows : 1))
                          * ((cols + stats.block_cols - 1) / (stats.block_cols ? stats.block_cols : 1));
  tu_result (st == GM_ERR_INTERRUPTED && stats.steps < planned && blocks1 == blocks0
             && bytes1 == bytes0,
             "blocked on %d device(s), interrupted: status %d (want %d), steps %lld of %lld, "
             "live blocks %zu -> %zu, bytes %zu -> %zu", count, (int) st, (int) GM_ERR_INTERRUPTED,
             (long long) stats.steps, (long long) planned, blocks0, blocks1, bytes0, bytes1);
  free (x);
  free (y);
  free (c);
}

/* ---- the distributed peer route's runtime (kernels/peer.cu) --------------------------------- */
/* gm_matmul_device_host: A on the device, B on the host or the device, C to the host in column
   chunks (one, two, sixteen and a ragged last one), against a long-double reference inside
   k eps (|A||B|), NaN and Inf where A has them, and nothing left on the device. */
static void run_device_host (gm_class cls, int64_t m, int64_t n, int64_t k, int b_on_host)
{
  const size_t es = gm_class_size (cls);
  double *ad = (double *) xmalloc ((size_t) (m * k) * sizeof (double));
  double *bd = (double *) xmalloc ((size_t) (k * n) * sizeof (double));
  void *ha = xmalloc ((size_t) (m * k) * es), *hb = xmalloc ((size_t) (k * n) * es);
  void *hc = xmalloc ((size_t) (m * n) * es);
  tu_fill (cls, ha, ad, (size_t) (m * k));
  tu_fill (cls, hb, bd, (size_t) (k * n));
  if (m * k > 5) {
    const int64_t at[2] = {1, m * k - 1};
    const double v[2] = {NAN, INFINITY};
    for (int s = 0; s < 2; s++) {
      ad[at[s]] = v[s];
      if (cls == GM_SINGLE)
        ((float *) ha)[at[s]] = (float) v[s];
      else
        ((double *) ha)[at[s]] = v[s];
    }
  }
  memset (hc, 0xA5, (size_t) (m * n) * es);
  size_t live0, bytes0, cached0;
  gm_device_usage (&live0, &bytes0, &cached0);
  void *d_a = NULL, *d_b = NULL;
  gm_status st = gm_device_alloc (&d_a, (size_t) (m * k) * es);
  if (st == GM_OK)
    st = gm_copy_to_device (d_a, ha, (size_t) (m * k) * es);
  if (st == GM_OK && !b_on_host && (st = gm_device_alloc (&d_b, (size_t) (k * n) * es)) == GM_OK)
    st = gm_copy_to_device (d_b, hb, (size_t) (k * n) * es);
  double busy = -1;
  if (st == GM_OK)
    st = gm_matmul_device_host (GM_MATMUL_AUTO, cls, m, n, k, d_a, b_on_host ? hb : d_b,
                                b_on_host, hc, &busy);
  int64_t bad = 0;
  for (int64_t j = 0; j < n && st == GM_OK; j++)
    for (int64_t i = 0; i < m; i++) {
      long double sum = 0, mag = 0;
      for (int64_t p = 0; p < k; p++) {
        sum += (long double) ad[i + p * m] * bd[p + j * k];
        mag += fabsl ((long double) ad[i + p * m] * bd[p + j * k]);
      }
      const double got = tu_get (cls, hc, (size_t) (i + j * m));
      if (isnan (sum) || isinf (sum))
        bad += !(isnan (sum) ? isnan (got) : got == (double) sum);
      else
        bad += !(fabsl ((long double) got - sum) <= (long double) k * tu_eps (cls) * mag);
    }
  gm_device_free (d_a);
  gm_device_free (d_b);
  size_t live1, bytes1, cached1;
  gm_device_usage (&live1, &bytes1, &cached1);
  tu_result (st == GM_OK && bad == 0 && busy >= 0 && live1 == live0,
             "device-host %s %lldx%lldx%lld, B on the %s: status %d, %lld elements outside k eps "
             "(|A||B|), busy %.6f s, live blocks %zu -> %zu",
             cls == GM_SINGLE ? "single" : "double",
             (long long) m, (long long) n, (long long) k, b_on_host ? "host" : "device", (int) st,
             (long long) bad, busy, live0, live1);
  free (ad);
  free (bd);
  free (ha);
  free (hb);
  free (hc);
}

static void test_peer_runtime (void)
{
  const int64_t shapes[][3] = {{1, 1, 1},  {7, 5, 0},     {0, 5, 3},   {5, 0, 3},
                               {37, 300, 41}, {19, 4100, 33}, {3, 4097, 5}, {130, 257, 129}};
  for (int s = 0; s < (int) (sizeof shapes / sizeof shapes[0]); s++) {
    if (quick && shapes[s][1] > 1000)
      continue;
    for (int on_host = 0; on_host < 2; on_host++) {
      run_device_host (GM_DOUBLE, shapes[s][0], shapes[s][1], shapes[s][2], on_host);
      run_device_host (GM_SINGLE, shapes[s][0], shapes[s][1], shapes[s][2], on_host);
    }
  }
  /* a kernel that cannot run the class: its error, nothing left on the device */
  size_t live0, bytes0, cached0, live1, bytes1, cached1;
  gm_device_usage (&live0, &bytes0, &cached0);
  void *d_a = NULL;
  float hb[64] = {0}, hc[64];
  gm_status st = gm_device_alloc (&d_a, 64 * sizeof (float));
  if (st == GM_OK)
    st = gm_matmul_device_host (GM_MATMUL_DMMA, GM_SINGLE, 8, 8, 8, d_a, hb, 1, hc, NULL);
  gm_device_free (d_a);
  gm_device_usage (&live1, &bytes1, &cached1);
  tu_result (st != GM_OK && live1 == live0, "device-host with dmma on single: status %d (%s), "
             "live blocks %zu -> %zu", (int) st, gm_error_detail (), live0, live1);
  /* a shared block: a handle, its bytes reachable as device memory, freed */
  void *shared = NULL, *d_dst = NULL;
  gm_peer_handle handle;
  memset (&handle, 0, sizeof handle);
  st = gm_peer_alloc (&shared, 0, &handle);
  int handle_set = 0;
  for (size_t b = 0; b < sizeof handle.bytes; b++)
    handle_set |= handle.bytes[b] != 0;
  tu_result (st == GM_OK && shared && handle_set, "gm_peer_alloc of 0 bytes: status %d, a block "
             "and a handle", (int) st);
  gm_peer_free (shared);
  /* gm_copy_device_2d: a 5 x 7 block out of a 9 x 7 matrix, one long run, nothing for empty */
  double h[63], back[35];
  for (int i = 0; i < 63; i++)
    h[i] = i;
  st = gm_peer_alloc (&shared, sizeof h, &handle);
  if (st == GM_OK)
    st = gm_copy_to_device (shared, h, sizeof h);
  if (st == GM_OK)
    st = gm_device_alloc (&d_dst, sizeof back);
  if (st == GM_OK)
    st = gm_copy_device_2d (d_dst, 5 * sizeof (double), (double *) shared + 2, 9 * sizeof (double),
                            5 * sizeof (double), 7);
  if (st == GM_OK)
    st = gm_copy_to_host (back, d_dst, sizeof back);
  int wrong = 0;
  for (int j = 0; j < 7 && st == GM_OK; j++)
    for (int i = 0; i < 5; i++)
      wrong += back[i + 5 * j] != h[2 + i + 9 * j];
  tu_result (st == GM_OK && wrong == 0, "gm_copy_device_2d 5x7 of 9x7 from a shared block: "
             "status %d, %d wrong", (int) st, wrong);
  if (st == GM_OK)
    st = gm_copy_device_2d (d_dst, 8, shared, 8, 35 * sizeof (double), 1);
  if (st == GM_OK)
    st = gm_copy_to_host (back, d_dst, sizeof back);
  wrong = 0;
  for (int i = 0; i < 35 && st == GM_OK; i++)
    wrong += back[i] != h[i];
  tu_result (st == GM_OK && wrong == 0 && gm_copy_device_2d (d_dst, 0, shared, 0, 0, 3) == GM_OK
             && gm_copy_device_2d (d_dst, 8, shared, 4, 8, 2) == GM_ERR_INVALID_ARGUMENT,
             "gm_copy_device_2d one run of 280 bytes, an empty copy, a pitch below the width: "
             "status %d, %d wrong", (int) st, wrong);
  gm_device_free (d_dst);
  gm_peer_free (shared);
  gm_sync ();
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  test_plans ();                     /* host arithmetic only: runs without a GPU too */
  test_shared_plans ();
  if (!tu_gpu_or_skip ("test_host_blocked"))
    return tu_finish ("test_host_blocked");
  test_copies ();                    /* the default thresholds: small copies take the plain path */
  test_hugepage_downloads ();
  if (!quick)
    test_prefault ();             /* host-side threads only: nothing for the sanitizers */
  test_products (GM_DOUBLE);
  /* again with every copy through the staging pool (its strided gather and scatter, and its
     overlap with the products): the test panels are all below the 2 MiB plain-path threshold.
     The pool reads its configuration when it is made, so it is made anew. */
  gm_transfer_release ();
  tu_setenv ("GPUMAT_TRANSFER_SMALL_KB", "0");
  test_products (GM_SINGLE);
  test_products (GM_DOUBLE);
  gm_transfer_release ();
  tu_setenv ("GPUMAT_TRANSFER_SMALL_KB", NULL);
  test_products (GM_SINGLE);
  test_complex_products (GM_COMPLEX_DOUBLE);
  test_complex_products (GM_COMPLEX_SINGLE);
  test_integer_products ();
  if (!quick)
    test_ramp ();
  test_devices (GM_DOUBLE);
  test_devices (GM_SINGLE);
  test_peer_runtime ();
  return tu_finish ("test_host_blocked");
}
