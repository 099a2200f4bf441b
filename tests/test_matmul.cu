/* test_matmul.cu: gm_matmul, gm_matmul_pages, gm_transpose and gm_matmul_host against a CPU
 * reference in double.
 *
 *   - every kernel (auto, naive, tiled, wpt, warp, dmma, tf32x3, ozaki) x every operation pair (none,
 *     transpose, ctranspose for A and for B; for real data ctranspose is transpose) x double
 *     and single, on shapes that reach every edge of every tile (0, 1, 2, 17, 31..33, 63..65,
 *     127..129, primes, K = 1, tall, wide, skinny, a few large ones), with padded leading
 *     dimensions and misaligned pointers (the scalar fallbacks), NaN and Inf planted where the
 *     stored layout puts them, products large enough for the aligned workspace copies (from
 *     2^27 multiply-adds, misaligned operands) and products split along k;
 *   - strided batches: 0, 1, 2, 7 and 1000 pages, pages from 1x1 to 130x70x90, gaps between
 *     pages, stride 0 for A or for B (one matrix for every page);
 *   - gm_matmul_pages: broadcasting (3x1 pages against 1x4), dimensions that merge, page
 *     dimensions of 1, no page dimension, zero pages;
 *   - gm_transpose: odd sizes, padded leading dimensions, exact;
 *   - dmma's block tiles (issue 13): a product that runs dmma in double runs it once with
 *     its own choice of tile and, up to a size (dmma_all_tiles: all but the largest shapes
 *     and the 1000-page batches), once with each tile forced (GPUMAT_DMMA_TILE = 128x128,
 *     128x64, 64x128, 64x64) and once with the m16n8k8 loop (GPUMAT_DMMA_MMA=k8), so every
 *     tile and both MMA loops meet every edge, layout and batch above; thin
 *     shapes (one side 1..65 against 300, 2048x64x2048 and 64x2048x2048, 64x64x65536 split
 *     in up to 256 slices), forced slice counts (GPUMAT_DMMA_SLICES) and the plan query
 *     (gm_matmul_dmma_plan, including what invalid settings do);
 *   - products with one side a vector (auto's vector kernel): both sides, every op pair and
 *     layout, k from 1 to 100003 (split into slices), strided vectors, pages;
 *   - gm_matmul_host: every operation pair, pages with broadcasting, the same host array as
 *     both operands (X'*X, X*X'), the small, plain and panel paths;
 *   - argument errors: negative sizes and batch, overlapping pages of C, leading dimensions
 *     too small for the stored layout, unknown kernel, class and operation; gm_scale.
 *
 * Bound, elementwise: |C - Cref| <= 2 (k+1) eps(class) (|op(A)| |op(B)|)(i,j).  C is poisoned
 * with NaN before each run, so an element no kernel wrote fails, and every element of C's
 * buffer outside the pages (padding rows below ldc, gaps between pages) must still hold the
 * poison afterwards (guarded stores).  Large products are checked on a sample of elements
 * (corners included) plus the poison check over all of C.
 *
 *   test_matmul            the full set
 *   test_matmul --quick    every kernel x operation pair still reached on edge shapes, with a
 *                          batch, but fewer and smaller shapes (for compute-sanitizer memcheck)
 *   test_matmul --race     fewer still, for racecheck (which slows each shared-memory access
 *                          most; --quick took over 6 minutes under it on an H100): per kernel
 *                          and op pair an edge shape with NaN/Inf, a small batch and 1000 tiny
 *                          pages; split-K, padded C, and the LARGE warp tiles of Aᵀ * B on a
 *                          rotation of the pairs; dmma's tiles each on one-block products,
 *                          70x60x200 for their stage reuse
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <time.h>
#include "test_util.h"

static const char *PROGRAM = "test_matmul";
#include "matmul_test_util.h"
static int device_cc;
static int quick;   /* 1: --quick, 2: --race */

/* dmma's tiles (GPUMAT_DMMA_TILE): NULL runs it as the environment the program started with
   says (its own choice when unset).  The forced tiles run only where they add coverage
   (dmma_all_tiles). */
static const char *const dmma_tiles[] = {NULL, "128x128", "128x64", "64x128", "64x64", NULL};
/* ... and the last run of the list the m16n8k8 loop (GPUMAT_DMMA_MMA=k8, the loop before the
   sm_90 m16n8k16 one, kept for side-by-side benchmarks) with its own choice of tile */
static const char *const dmma_mma[] = {NULL, NULL, NULL, NULL, NULL, "k8"};
/* The most shared memory each asks of a block (matmul_dmma.cu, DmmaShape::SMEM: 216 KiB for
   the 8-warp tiles, 108 KiB for 64x64), against the device's opt-in limit: an A100 grants 163
   KiB, so it runs 64x64 only (forcing another fails there by design). */
static const int dmma_tile_smem[] = {0, 221184, 221184, 221184, 110592, 0};
static int smem_optin;
static char *env_tile0;   /* GPUMAT_DMMA_TILE at start (a copy), or NULL */
static char *env_mma0;    /* GPUMAT_DMMA_MMA at start (a copy), or NULL */

static void set_dmma_tile (const char *tile, const char *mma)
{
  tu_setenv ("GPUMAT_DMMA_MMA", mma ? mma : env_mma0);     /* NULL: unset */
  tu_setenv ("GPUMAT_DMMA_TILE", tile ? tile : env_tile0);
}

/* Whether a dmma product also runs with each tile forced: where the 128x128 tiles' work, zero
   fill included (the most any tile runs: a block computes its whole tile), is at most 2^29
   multiply-adds; 2^26 under --quick (memcheck), 2^22 under --race (racecheck).  That keeps
   every edge, k residue, layout, page set and split of the sets (65x129x1031, the forced
   slices on 130x70x1001, 2048x64x2048 in the full set) and leaves out what meets no new edge
   at many times the cost: the largest shapes (each run copies back and checks up to 4M
   elements of C), and 1000 pages of 8x8x8 (1000 blocks of 128x128x32 under the sanitizers,
   where the 2^22 real multiply-adds of v1's rule let them through 5 times a pair).  Racecheck
   sees each tile's stage reuse on 70x60x200 (test_thin). */
static int dmma_all_tiles (int64_t m, int64_t n, int64_t k, int64_t batch)
{
  const double work = (double) ((m + 127) / 128) * (double) ((n + 127) / 128) * (double) batch
                      * 16384.0 * (double) ((k + 31) / 32 * 32);
  return work <= (quick == 2 ? 0x1p22 : quick ? 0x1p26 : 0x1p29);
}

/* Mirrors gm_matmul's rule: dmma and ozaki compute double only, tf32x3 single only, warp, dmma,
   tf32x3 and ozaki need sm_80. */
static int kernel_runs (gm_matmul_kernel kern, gm_class cls)
{
  if (kern == GM_MATMUL_DMMA && cls != GM_DOUBLE)
    return 0;
  if (kern == GM_MATMUL_TF32X3 && cls != GM_SINGLE)
    return 0;
  if (kern == GM_MATMUL_OZAKI && cls != GM_DOUBLE)
    return 0;
  if ((kern == GM_MATMUL_WARP || kern == GM_MATMUL_DMMA || kern == GM_MATMUL_TF32X3
       || kern == GM_MATMUL_OZAKI) && device_cc < 80)
    return 0;
  return 1;
}

static const char *cls_name (gm_class c) { return c == GM_SINGLE ? "single" : "double"; }



static void set_elem (gm_class cls, void *buf, size_t i, double v)
{
  if (cls == GM_SINGLE)
    ((float *) buf)[i] = (float) v;
  else
    ((double *) buf)[i] = v;
}

/* ---- one product of many pages, and its reference ------------------------------------------ */
/* Page b of C is C + oc[b], of A A + oa[b], of B B + ob[b] (element offsets); the buffers hold
 * na, nb, nc elements.  The reference is computed once, then every kernel's C is checked. */
typedef struct {
  gm_class cls;
  gm_op opa, opb;
  int64_t m, n, k, lda, ldb, ldc;
  int64_t pages;
  int64_t *oa, *ob, *oc;
  size_t na, nb, nc;
  void *hA, *hB, *hC;
  unsigned char *inside;      /* nc flags: element belongs to a page of C */
  int specials;
  int64_t ns;                 /* checked elements: page, row, column, reference, |A||B| */
  int64_t *sp, *si, *sj;
  double *ref, *mag;
  char desc[200];
} product;


/* Fills A and B (random, then NaN / Inf where `specials`), marks C's pages and computes the
   reference.  oa, ob, oc (pages entries) are taken over. */
static void product_init (product *P, gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n,
                          int64_t k, int64_t lda, int64_t ldb, int64_t ldc, int64_t pages,
                          int64_t *oa, int64_t *ob, int64_t *oc, int specials)
{
  memset (P, 0, sizeof *P);
  P->cls = cls; P->opa = opa; P->opb = opb;
  P->m = m; P->n = n; P->k = k; P->lda = lda; P->ldb = ldb; P->ldc = ldc;
  P->pages = pages; P->oa = oa; P->ob = ob; P->oc = oc;
  P->specials = specials;
  const size_t es = gm_class_size (cls);
  const int64_t page_a = lda * stored_cols_a (opa, m, k), page_b = ldb * stored_cols_b (opb, k, n);
  const int64_t page_c = ldc * n;
  size_t na = (size_t) page_a, nb = (size_t) page_b, nc = (size_t) page_c;
  for (int64_t b = 0; b < pages; b++) {
    if ((size_t) (oa[b] + page_a) > na) na = (size_t) (oa[b] + page_a);
    if ((size_t) (ob[b] + page_b) > nb) nb = (size_t) (ob[b] + page_b);
    if ((size_t) (oc[b] + page_c) > nc) nc = (size_t) (oc[b] + page_c);
  }
  P->na = na; P->nb = nb; P->nc = nc;
  P->hA = xmalloc (na * es);
  P->hB = xmalloc (nb * es);
  P->hC = xmalloc (nc * es);
  tu_fill (cls, P->hA, NULL, na);
  tu_fill (cls, P->hB, NULL, nb);
  if (specials && m > 1 && n > 1 && k > 1 && pages > 0) {
    /* In the first and last page: op(A)(0,0) = NaN: row 0 of C is NaN.  op(A)(m/2,0) = -Inf:
       row m/2 is +-Inf (or NaN).  op(B)(k-1,n-1) = Inf with op(A)(m-1,k-1) = 0: C(m-1,n-1)
       = NaN, which a kernel that skipped zero products would miss. */
    const int64_t which[2] = {0, pages - 1};
    for (int w = 0; w < 2; w++) {
      const int64_t b = which[w];
      set_elem (cls, P->hA, (size_t) (oa[b] + at_a (opa, 0, 0, lda)), NAN);
      set_elem (cls, P->hA, (size_t) (oa[b] + at_a (opa, m / 2, 0, lda)), -INFINITY);
      set_elem (cls, P->hA, (size_t) (oa[b] + at_a (opa, m - 1, k - 1, lda)), 0.0);
      set_elem (cls, P->hB, (size_t) (ob[b] + at_b (opb, k - 1, n - 1, ldb)), INFINITY);
    }
  }
  /* C's pages; overlapping pages of C would be a bug of this test */
  P->inside = (unsigned char *) xmalloc (nc);
  memset (P->inside, 0, nc);
  for (int64_t b = 0; b < pages; b++)
    for (int64_t j = 0; j < n; j++)
      memset (P->inside + oc[b] + j * ldc, 1, (size_t) m);

  /* Reference: all of C, or a sample when the product is large. */
  const int64_t cells = m * n * pages;
  const int full = (double) cells * (double) k <= 4e7;
  P->ns = full ? cells : (cells < 4096 ? cells : 4096);
  P->sp = (int64_t *) xmalloc (sizeof (int64_t) * P->ns);
  P->si = (int64_t *) xmalloc (sizeof (int64_t) * P->ns);
  P->sj = (int64_t *) xmalloc (sizeof (int64_t) * P->ns);
  P->ref = (double *) xmalloc (sizeof (double) * P->ns);
  P->mag = (double *) xmalloc (sizeof (double) * P->ns);
  for (int64_t s = 0; s < P->ns; s++) {
    if (full) {
      P->sp[s] = s / (m * n);
      P->si[s] = s % m;
      P->sj[s] = (s / m) % n;
    } else if (s < 8) { /* the corners of the first and the last page */
      P->sp[s] = (s & 4) ? pages - 1 : 0;
      P->si[s] = (s & 1) ? m - 1 : 0;
      P->sj[s] = (s & 2) ? n - 1 : 0;
    } else {
      P->sp[s] = tu_randint (0, pages - 1);
      P->si[s] = tu_randint (0, m - 1);
      P->sj[s] = tu_randint (0, n - 1);
    }
  }
  for (int64_t s = 0; s < P->ns; s++) {
    double acc = 0, am = 0;
    const int64_t b = P->sp[s];
    for (int64_t p = 0; p < k; p++) {
      const double a = tu_get (cls, P->hA, (size_t) (oa[b] + at_a (opa, P->si[s], p, lda)));
      const double v = tu_get (cls, P->hB, (size_t) (ob[b] + at_b (opb, p, P->sj[s], ldb)));
      acc += a * v;
      if (isfinite (a) && isfinite (v))
        am += fabs (a * v);
    }
    P->ref[s] = acc;
    P->mag[s] = am;
  }
}

static void product_free (product *P)
{
  free (P->oa); free (P->ob); free (P->oc);
  free (P->hA); free (P->hB); free (P->hC); free (P->inside);
  free (P->sp); free (P->si); free (P->sj); free (P->ref); free (P->mag);
}

/* Checks P->hC (what a kernel wrote over the NaN poison); `what` names the run. */
static void product_check (const product *P, const char *what)
{
  const gm_class cls = P->cls;
  int64_t bad = 0;
  char first[160] = "";
  /* every element of a page written (finite unless specials), everything else untouched */
  for (size_t e = 0; e < P->nc; e++) {
    const double v = tu_get (cls, P->hC, e);
    const int ok = P->inside[e] ? (P->specials || isfinite (v)) : isnan (v);
    if (!ok && bad++ == 0)
      snprintf (first, sizeof first, "element %zu of C (%s) = %.17g", e,
                P->inside[e] ? "in a page" : "outside the pages", v);
  }
  const double eps = tu_eps (cls);
  for (int64_t s = 0; s < P->ns; s++) {
    const size_t e = (size_t) (P->oc[P->sp[s]] + P->si[s] + P->sj[s] * P->ldc);
    const double v = tu_get (cls, P->hC, e), r = P->ref[s];
    int ok;
    if (isnan (r))
      ok = isnan (v);
    else if (isinf (r))
      ok = v == r;
    else
      ok = fabs (v - r) <= 2.0 * (double) (P->k + 1) * eps * P->mag[s];
    if (!ok && bad++ == 0)
      snprintf (first, sizeof first, "page %lld C(%lld,%lld) = %.17g, expected %.17g",
                (long long) P->sp[s], (long long) P->si[s], (long long) P->sj[s], v, r);
  }
  tu_result (bad == 0, "%s %s: %lld bad, first %s", what, P->desc, (long long) bad, first);
}

/* Device copies of A and B (at element offset `off`: 1 misaligns every pointer for 16-byte
   accesses) and a C buffer with room for the same offset. */
typedef struct { char *A, *B, *C; int off; } device_set;

static device_set product_upload (const product *P, int off)
{
  const size_t es = gm_class_size (P->cls);
  device_set d = {NULL, NULL, NULL, off};
  TU_GM (gm_device_alloc ((void **) &d.A, (P->na + off) * es + 16));
  TU_GM (gm_device_alloc ((void **) &d.B, (P->nb + off) * es + 16));
  TU_GM (gm_device_alloc ((void **) &d.C, (P->nc + off) * es + 16));
  if (P->na) TU_CUDA (cudaMemcpy (d.A + off * es, P->hA, P->na * es, cudaMemcpyHostToDevice));
  if (P->nb) TU_CUDA (cudaMemcpy (d.B + off * es, P->hB, P->nb * es, cudaMemcpyHostToDevice));
  return d;
}

static void device_set_free (device_set *d)
{
  gm_device_free (d->A);
  gm_device_free (d->B);
  gm_device_free (d->C);
}

/* After a kernel ran (status st): the status, then a fault-free finish, then C. */
static int kernel_finished (product *P, const device_set *d, gm_matmul_kernel kk, gm_status st,
                            int expect_work)
{
  const char *name = gm_matmul_kernel_name (kk);
  if (!kernel_runs (kk, P->cls) && expect_work) {
    tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s %s: status %d, expected invalid argument "
               "(kernel unavailable)", name, P->desc, (int) st);
    return 0;
  }
  if (st != GM_OK) {
    tu_result (0, "%s %s: status %d (%s)", name, P->desc, (int) st, gm_error_detail ());
    return 0;
  }
  cudaError_t err = cudaDeviceSynchronize ();
  if (err != cudaSuccess) {
    tu_result (0, "%s %s: %s", name, P->desc, cudaGetErrorString (err));
    tu_finish (PROGRAM); /* a fault poisons the context: stop here */
    exit (1);
  }
  const size_t es = gm_class_size (P->cls);
  if (P->nc)
    TU_CUDA (cudaMemcpy (P->hC, d->C + d->off * es, P->nc * es, cudaMemcpyDeviceToHost));
  return 1;
}

static void poison_c (const product *P, const device_set *d)
{
  const size_t es = gm_class_size (P->cls);
  TU_CUDA (cudaMemset (d->C, 0xFF, (P->nc + d->off) * es + 16)); /* all-ones bytes: NaN */
}

/* ---- gm_matmul: one layout, every kernel ---------------------------------------------------- */
typedef struct {
  int pad_a, pad_b, pad_c;   /* ld - stored rows */
  int off;                   /* elements added to every device pointer */
  int64_t batch;             /* pages (1: a single product) */
  int gap;                   /* elements between pages beyond the page itself */
  int bcast;                 /* 1: stride_a = 0, 2: stride_b = 0 */
  int specials;              /* plant NaN and Inf */
} layout;

static const layout PLAIN = {0, 0, 0, 0, 1, 0, 0, 0};

static void run_case (gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                      layout L)
{
  const int64_t ra = stored_rows_a (opa, m, k), rb = stored_rows_b (opb, k, n);
  const int64_t lda = (ra > 0 ? ra : 1) + L.pad_a, ldb = (rb > 0 ? rb : 1) + L.pad_b;
  const int64_t ldc = (m > 0 ? m : 1) + L.pad_c;
  const int64_t sa = L.bcast == 1 ? 0 : lda * stored_cols_a (opa, m, k) + L.gap;
  const int64_t sb = L.bcast == 2 ? 0 : ldb * stored_cols_b (opb, k, n) + L.gap;
  const int64_t sc = ldc * n + L.gap;
  const int64_t batch = L.batch;
  int64_t *oa = (int64_t *) xmalloc (sizeof (int64_t) * batch);
  int64_t *ob = (int64_t *) xmalloc (sizeof (int64_t) * batch);
  int64_t *oc = (int64_t *) xmalloc (sizeof (int64_t) * batch);
  for (int64_t b = 0; b < batch; b++) {
    oa[b] = b * sa;
    ob[b] = b * sb;
    oc[b] = b * sc;
  }
  product P;
  product_init (&P, cls, opa, opb, m, n, k, lda, ldb, ldc, batch, oa, ob, oc, L.specials);
  snprintf (P.desc, sizeof P.desc, "%s %c%c %lldx%lldx%lld (ld %lld %lld %lld, off %d, %lld "
            "pages, strides %lld %lld %lld%s)", cls_name (cls), op_letter[opa], op_letter[opb],
            (long long) m, (long long) n, (long long) k, (long long) lda, (long long) ldb,
            (long long) ldc, L.off, (long long) batch, (long long) sa, (long long) sb,
            (long long) sc, L.specials ? ", NaN/Inf" : "");
  device_set d = product_upload (&P, L.off);
  const size_t es = gm_class_size (cls);
  const int ntiles = sizeof dmma_tiles / sizeof dmma_tiles[0];
  const int all_tiles = dmma_all_tiles (m, n, k, batch);
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
    const int tiles = kk == GM_MATMUL_DMMA && kernel_runs (kk, cls) && all_tiles ? ntiles : 1;
    for (int t = 0; t < tiles; t++) {
      if (dmma_tile_smem[t] > smem_optin)
        continue;
      char what[48];
      if (t == 0)
        snprintf (what, sizeof what, "%s", gm_matmul_kernel_name (kk));
      else
        snprintf (what, sizeof what, "%s[%s]", gm_matmul_kernel_name (kk),
                  dmma_mma[t] ? dmma_mma[t] : dmma_tiles[t]);
      set_dmma_tile (dmma_tiles[t], dmma_mma[t]);
      poison_c (&P, &d);
      gm_status st = gm_matmul (kk, cls, opa, opb, m, n, k, d.A + L.off * es, lda, sa,
                                d.B + L.off * es, ldb, sb, d.C + L.off * es, ldc, sc, batch, 0);
      set_dmma_tile (NULL, NULL);
      if (kernel_finished (&P, &d, kk, st, m > 0 && n > 0 && batch > 0))
        product_check (&P, what);
    }
  }
  device_set_free (&d);
  product_free (&P);
}

static layout variant (int v)
{
  /* {pad_a, pad_b, pad_c, off} */
  static const int variants[][4] = {{0, 0, 0, 0}, {1, 2, 3, 0}, {4, 4, 4, 0}, {0, 0, 0, 1}};
  layout L = PLAIN;
  L.pad_a = variants[v % 4][0];
  L.pad_b = variants[v % 4][1];
  L.pad_c = variants[v % 4][2];
  L.off = variants[v % 4][3];
  return L;
}

static layout batched (int64_t batch, int gap, int bcast, int pad, int off)
{
  layout L = PLAIN;
  L.batch = batch;
  L.gap = gap;
  L.bcast = bcast;
  L.pad_a = L.pad_b = L.pad_c = pad;
  L.off = off;
  return L;
}

/* ---- gm_matmul_pages ------------------------------------------------------------------------ */
/* Page counts of A and B along each dimension (1 where broadcast); C gets the larger.  Pages of
   each operand are contiguous, in column-major order of their page indices, `gap` elements
   apart beyond the page itself. */
static void run_pages (gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                       int ndims, const int64_t *cnt_a, const int64_t *cnt_b, int gap,
                       int all_kernels, const char *label)
{
  const int64_t lda = stored_rows_a (opa, m, k) > 0 ? stored_rows_a (opa, m, k) : 1;
  const int64_t ldb = stored_rows_b (opb, k, n) > 0 ? stored_rows_b (opb, k, n) : 1;
  const int64_t ldc = m > 0 ? m : 1;
  gm_pages pg;   /* ndims < 0: pass NULL (one page) */
  page_layout (&pg, ndims, cnt_a, cnt_b, lda * stored_cols_a (opa, m, k) + gap,
               ldb * stored_cols_b (opb, k, n) + gap, ldc * n + gap);
  int64_t total;
  TU_GM (gm_pages_total (&pg, &total));
  int64_t *oa, *ob, *oc;
  page_offsets (&pg, total, &oa, &ob, &oc);
  product P;
  product_init (&P, cls, opa, opb, m, n, k, lda, ldb, ldc, total, oa, ob, oc, 0);
  snprintf (P.desc, sizeof P.desc, "pages %s %s %c%c %lldx%lldx%lld, %lld pages (gap %d)",
            label, cls_name (cls), op_letter[opa], op_letter[opb], (long long) m, (long long) n,
            (long long) k, (long long) total, gap);
  device_set d = product_upload (&P, 0);
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
    if (!all_kernels && kk != GM_MATMUL_AUTO && kk != GM_MATMUL_NAIVE)
      continue;
    poison_c (&P, &d);
    gm_status st = gm_matmul_pages (kk, cls, opa, opb, m, n, k, d.A, lda, d.B, ldb, d.C, ldc,
                                    ndims < 0 ? NULL : &pg, 0);
    if (kernel_finished (&P, &d, kk, st, m > 0 && n > 0 && total > 0))
      product_check (&P, gm_matmul_kernel_name (kk));
  }
  device_set_free (&d);
  product_free (&P);
}

static void test_pages (gm_class cls)
{
  const int64_t one[1] = {1};
  const int64_t a31[2] = {3, 1}, b14[2] = {1, 4};          /* mixed broadcasting: 3x4 pages */
  const int64_t a23[2] = {2, 3};                           /* equal: the dimensions merge */
  const int64_t a1[2] = {1, 1}, b52[2] = {5, 2};           /* A one page for all of B's */
  const int64_t a141[3] = {1, 4, 1}, b141[3] = {1, 4, 1};  /* dimensions of 1 */
  const int64_t a30[2] = {3, 0}, b10[2] = {1, 0};          /* no pages at all */
  const int64_t a213[3] = {2, 1, 3}, b253[3] = {2, 5, 3};  /* broadcast in the middle */
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    const int all = !quick || p % 4 == 0;
    run_pages (cls, oa, ob, 7, 5, 3, 2, a31, b14, 0, all, "3x1 by 1x4");
    run_pages (cls, oa, ob, 33, 17, 9, 2, b14, a31, 3, all, "1x4 by 3x1");
    run_pages (cls, oa, ob, 9, 10, 11, 2, a23, a23, 0, all, "2x3 by 2x3");
    if (quick && p % 3 != 0)
      continue;
    run_pages (cls, oa, ob, 16, 16, 16, 2, a1, b52, 0, all, "1x1 by 5x2");
    run_pages (cls, oa, ob, 40, 3, 70, 2, b52, a1, 1, all, "5x2 by 1x1");
    run_pages (cls, oa, ob, 8, 8, 8, 3, a141, b141, 0, all, "1x4x1 by 1x4x1");
    run_pages (cls, oa, ob, 5, 6, 7, 2, a30, b10, 0, all, "3x0 by 1x0");
    run_pages (cls, oa, ob, 12, 13, 14, 3, a213, b253, 2, all, "2x1x3 by 2x5x3");
    run_pages (cls, oa, ob, 65, 33, 20, 0, one, one, 0, all, "no page dimension");
    run_pages (cls, oa, ob, 65, 33, 20, -1, one, one, 0, all, "NULL pages");
    run_pages (cls, oa, ob, 65, 33, 20, 1, one, one, 0, all, "one page");
  }
  if (!quick) { /* many pages, some broadcast, medium pages */
    const int64_t a_many[2] = {50, 1}, b_many[2] = {1, 20};
    run_pages (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 32, 32, 32, 2, a_many, b_many, 0, 1,
               "50x1 by 1x20");
    const int64_t a_med[1] = {3}, b_med[1] = {1};
    run_pages (cls, GM_OP_NONE, GM_OP_TRANSPOSE, 130, 70, 90, 1, a_med, b_med, 5, 1,
               "3 by 1");
  }
}

/* ---- gm_transpose ---------------------------------------------------------------------------- */
static void test_transpose (gm_class cls, int64_t rows, int64_t cols, int pad_src, int pad_dst)
{
  const size_t es = gm_class_size (cls);
  const int64_t ld_src = (rows > 0 ? rows : 1) + pad_src, ld_dst = (cols > 0 ? cols : 1) + pad_dst;
  const size_t ns = (size_t) (ld_src * cols), nd = (size_t) (ld_dst * rows);
  void *hs = xmalloc (ns * es), *hd = xmalloc (nd * es);
  tu_fill (cls, hs, NULL, ns);
  void *ds, *dd;
  TU_GM (gm_device_alloc (&ds, ns * es + 16));
  TU_GM (gm_device_alloc (&dd, nd * es + 16));
  if (ns) TU_CUDA (cudaMemcpy (ds, hs, ns * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dd, 0xFF, nd * es + 16));
  gm_status st = gm_transpose (cls, rows, cols, ds, ld_src, dd, ld_dst, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  if (nd) TU_CUDA (cudaMemcpy (hd, dd, nd * es, cudaMemcpyDeviceToHost));
  int64_t bad = 0;
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < ld_dst; j++) {
      const double got = tu_get (cls, hd, (size_t) (j + i * ld_dst));
      /* dst(j, i) = src(i, j) bit for bit (values are finite); padding rows stay NaN */
      const int ok = j < cols ? memcmp ((const char *) hd + (j + i * ld_dst) * es,
                                        (const char *) hs + (i + j * ld_src) * es, es) == 0
                              : isnan (got);
      bad += !ok;
    }
  tu_result (st == GM_OK && bad == 0, "transpose %s %lldx%lld (ld %lld -> %lld): status %d, "
             "%lld bad", cls_name (cls), (long long) rows, (long long) cols, (long long) ld_src,
             (long long) ld_dst, (int) st, (long long) bad);
  gm_device_free (ds);
  gm_device_free (dd);
  free (hs);
  free (hd);
}

/* ---- gm_matmul_host -------------------------------------------------------------------------- */
/* Contiguous host pages; `same`: A and B are one host array (m == n, X'*X or X*X'). */
static void run_host (gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                      int ndims, const int64_t *cnt_a, const int64_t *cnt_b, int same,
                      gm_matmul_kernel kk)
{
  const int64_t ra = stored_rows_a (opa, m, k), rb = stored_rows_b (opb, k, n);
  const int64_t lda = ra > 0 ? ra : 1, ldb = rb > 0 ? rb : 1, ldc = m > 0 ? m : 1;
  /* host pages are contiguous: stored rows (not lda) times columns apart */
  gm_pages pg;
  page_layout (&pg, ndims, cnt_a, cnt_b, ra * stored_cols_a (opa, m, k),
               rb * stored_cols_b (opb, k, n), m * n);
  int64_t total;
  TU_GM (gm_pages_total (&pg, &total));
  int64_t *oa, *ob, *oc;
  page_offsets (&pg, total, &oa, &ob, &oc);
  product P;
  product_init (&P, cls, opa, opb, m, n, k, lda, ldb, ldc, total, oa, ob, oc, 0);
  if (same) { /* B is A: the same stored array, so the same values */
    if (P.nb == P.na) {
      free (P.hB);
      P.hB = P.hA;
      /* the reference was computed from the old B: recompute it from A */
      for (int64_t s = 0; s < P.ns; s++) {
        double acc = 0, am = 0;
        for (int64_t p = 0; p < k; p++) {
          const int64_t b = P.sp[s];
          const double a = tu_get (cls, P.hA, (size_t) (oa[b] + at_a (opa, P.si[s], p, lda)));
          const double v = tu_get (cls, P.hA, (size_t) (ob[b] + at_b (opb, p, P.sj[s], ldb)));
          acc += a * v;
          am += fabs (a * v);
        }
        P.ref[s] = acc;
        P.mag[s] = am;
      }
    } else {
      fprintf (stderr, "%s: run_host: A and B differ in size, cannot be the same array\n",
               PROGRAM);
      exit (2);
    }
  }
  snprintf (P.desc, sizeof P.desc, "host %s %c%c %lldx%lldx%lld, %lld pages%s", cls_name (cls),
            op_letter[opa], op_letter[opb], (long long) m, (long long) n, (long long) k,
            (long long) total, same ? ", A and B one array" : "");
  memset (P.hC, 0xFF, P.nc * gm_class_size (cls));
  gm_status st = gm_matmul_host (kk, cls, opa, opb, m, n, k, P.hA, P.hB, P.hC,
                                 ndims < 0 ? NULL : &pg);
  const int work = m > 0 && n > 0 && total > 0;
  if (!kernel_runs (kk, cls) && work)
    tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s %s: status %d, expected invalid argument",
               gm_matmul_kernel_name (kk), P.desc, (int) st);
  else if (st != GM_OK)
    tu_result (0, "%s %s: status %d (%s)", gm_matmul_kernel_name (kk), P.desc, (int) st,
               gm_error_detail ());
  else
    product_check (&P, gm_matmul_kernel_name (kk));
  if (P.hB == P.hA)
    P.hB = NULL;
  product_free (&P);
  size_t live, bytes, cached;
  gm_device_usage (&live, &bytes, &cached);
  tu_result (live == 0, "host %s: %zu device blocks left allocated", P.desc, live);
}

static void test_host (gm_class cls)
{
  const int64_t one[1] = {1};
  const int64_t p3[1] = {3}, p1[1] = {1}, p0[1] = {0}, a31[2] = {3, 1}, b14[2] = {1, 4};
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    run_host (cls, oa, ob, 17, 19, 23, -1, one, one, 0, GM_MATMUL_AUTO);   /* small path */
    run_host (cls, oa, ob, 1, 1, 1, -1, one, one, 0, GM_MATMUL_AUTO);
    run_host (cls, oa, ob, 7, 5, 3, 2, a31, b14, 0, GM_MATMUL_AUTO);      /* pages */
    if (!quick || p % 4 == 0) {
      run_host (cls, oa, ob, 300, 260, 500, -1, one, one, 0, GM_MATMUL_AUTO); /* > 1 MiB */
      run_host (cls, oa, ob, 64, 48, 40, 1, p3, p1, 0, GM_MATMUL_AUTO);
      run_host (cls, oa, ob, 64, 48, 40, 1, p1, p3, 0, GM_MATMUL_NAIVE);
    }
  }
  /* X'*X and X*X': one host array as both operands, small and large */
  const int64_t sizes[][2] = {{5, 9}, {33, 200}, {300, 1100}};
  for (int s = 0; s < 3; s++) {
    const int64_t r = sizes[s][0], c = sizes[s][1];
    run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, r, r, c, -1, one, one, 1, GM_MATMUL_AUTO);
    run_host (cls, GM_OP_NONE, GM_OP_TRANSPOSE, r, r, c, -1, one, one, 1, GM_MATMUL_AUTO);
    run_host (cls, GM_OP_CTRANSPOSE, GM_OP_NONE, r, r, c, -1, one, one, 1, GM_MATMUL_WPT);
    run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, r, r, c, 1, p3, p3, 1, GM_MATMUL_AUTO);
  }
  run_host (cls, GM_OP_NONE, GM_OP_NONE, 0, 5, 7, -1, one, one, 0, GM_MATMUL_AUTO);
  run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 5, 6, 0, -1, one, one, 0, GM_MATMUL_AUTO);
  run_host (cls, GM_OP_NONE, GM_OP_NONE, 5, 6, 7, 1, p0, p0, 0, GM_MATMUL_AUTO);
  run_host (cls, GM_OP_NONE, GM_OP_NONE, 17, 19, 23, -1, one, one, 0, GM_MATMUL_DMMA);
  run_host (cls, GM_OP_NONE, GM_OP_NONE, 17, 19, 23, -1, one, one, 0, GM_MATMUL_TF32X3);
  run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 40, 33, 300, -1, one, one, 0, GM_MATMUL_TF32X3);
  if (!quick) {
    /* B over 64 MiB in both classes, not transposed, A transposed: the panel path */
    run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 500, 6000, 3000, -1, one, one, 0,
              GM_MATMUL_AUTO);
    /* X 40000 x 300: X'*X from one upload */
    run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 300, 300, 40000, -1, one, one, 1,
              GM_MATMUL_AUTO);
  }
}

/* ---- argument checks ------------------------------------------------------------------------- */
static void test_api (void)
{
  for (int i = 0; i < GM_MATMUL_KERNEL_COUNT; i++) {
    const char *name = gm_matmul_kernel_name ((gm_matmul_kernel) i);
    char upper[32];
    gm_matmul_kernel back = GM_MATMUL_KERNEL_COUNT;
    size_t len = name ? strlen (name) : 0;
    for (size_t c = 0; c <= len && c < sizeof upper; c++)
      upper[c] = (char) (name[c] >= 'a' && name[c] <= 'z' ? name[c] - 32 : name[c]);
    tu_result (name && gm_matmul_kernel_from_name (upper, &back) == GM_OK && back == i,
               "kernel %d: name '%s' does not round-trip in upper case", i, name ? name : "");
  }
  gm_matmul_kernel kk;
  tu_result (gm_matmul_kernel_name (GM_MATMUL_KERNEL_COUNT) == NULL, "name of COUNT not NULL");
  tu_result (gm_matmul_kernel_from_name ("cublas", &kk) == GM_ERR_INVALID_ARGUMENT,
             "unknown name accepted");
  tu_result (gm_matmul_kernel_from_name ("Auto", &kk) == GM_OK && kk == GM_MATMUL_AUTO,
             "'Auto' not found");
  static const char *const ops[3] = {"none", "transpose", "ctranspose"};
  for (int i = 0; i < 3; i++) {
    gm_op back = (gm_op) 9;
    tu_result (gm_op_name ((gm_op) i) && strcmp (gm_op_name ((gm_op) i), ops[i]) == 0
                   && gm_op_from_name (ops[i], &back) == GM_OK && back == (gm_op) i,
               "op %d: name does not round-trip", i);
  }
  gm_op op;
  tu_result (gm_op_name ((gm_op) 3) == NULL && gm_op_name ((gm_op) -1) == NULL,
             "name of op 3 or -1 not NULL");
  tu_result (gm_op_from_name ("Transpose", &op) == GM_ERR_INVALID_ARGUMENT
                 && gm_op_from_name ("conjugate", &op) == GM_ERR_INVALID_ARGUMENT,
             "op names not case-sensitive, or unknown name accepted");

  /* Real device memory behind every pointer: an argument check that let a call through would
     then compute on it instead of faulting. */
  void *d;
  TU_GM (gm_device_alloc (&d, 1 << 16));
  const gm_op N = GM_OP_NONE, T = GM_OP_TRANSPOSE;
  const gm_class S = GM_SINGLE;
  const gm_status INV = GM_ERR_INVALID_ARGUMENT;
  const char *dA = (const char *) d, *dB = dA + (1 << 14);
  void *dC = (char *) d + (1 << 15);
#define MM(kern, cls, opa, opb, m, n, k, lda, sa, ldb, sb, ldc, sc, batch)                       \
  gm_matmul (kern, cls, opa, opb, m, n, k, dA, lda, sa, dB, ldb, sb, dC, ldc, sc, batch, 0)
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, -1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV, "negative m");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 1, -1, 1, 1, 0, 1, 0, 1, 0, 1) == INV, "negative n");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 1, 1, -1, 1, 0, 1, 0, 1, 0, 1) == INV, "negative k");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 1, -1) == INV,
             "negative batch accepted");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 2, 2, 2, 2, -4, 2, 4, 2, 4, 2) == INV,
             "negative stride accepted");
  /* pages of C overlap: stride_c < ldc * n with batch > 1 */
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 4, 3, 2, 4, 8, 2, 6, 4, 11, 2) == INV,
             "overlapping pages of C accepted (stride_c 11 < 4 * 3)");
  tu_result (MM (GM_MATMUL_NAIVE, S, N, N, 4, 3, 2, 4, 8, 2, 6, 5, 14, 3) == INV,
             "overlapping pages of C accepted (stride_c 14 < 5 * 3)");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 4, 3, 2, 4, 8, 2, 6, 4, 0, 2) == INV,
             "C stride 0 with 2 pages accepted");
  tu_result (MM (GM_MATMUL_NAIVE, S, N, N, 4, 3, 2, 4, 8, 2, 6, 4, 12, 2) == GM_OK,
             "back-to-back pages of C refused");
  tu_result (MM (GM_MATMUL_NAIVE, S, N, N, 4, 3, 2, 4, 0, 2, 0, 4, 0, 1) == GM_OK,
             "one page with stride_c 0 refused");
  tu_result (MM (GM_MATMUL_NAIVE, S, N, N, 4, 3, 2, 4, 0, 2, 0, 4, 12, 2) == GM_OK,
             "stride 0 for A and B refused");
  /* leading dimensions against the stored layout */
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 4, 1, 1, 3, 0, 1, 0, 4, 0, 1) == INV, "lda < m (N)");
  tu_result (MM (GM_MATMUL_AUTO, S, T, N, 2, 1, 4, 2, 0, 4, 0, 2, 0, 1) == INV,
             "lda < k for op T accepted (A stored k x m)");
  tu_result (MM (GM_MATMUL_AUTO, S, GM_OP_CTRANSPOSE, N, 2, 1, 4, 3, 0, 4, 0, 2, 0, 1) == INV,
             "lda < k for op C accepted");
  tu_result (MM (GM_MATMUL_NAIVE, S, T, N, 5, 1, 4, 4, 0, 4, 0, 5, 0, 1) == GM_OK,
             "lda = k < m for op T refused");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 1, 1, 4, 1, 0, 3, 0, 1, 0, 1) == INV, "ldb < k (N)");
  tu_result (MM (GM_MATMUL_AUTO, S, N, T, 1, 4, 2, 1, 0, 3, 0, 1, 0, 1) == INV,
             "ldb < n for op T accepted (B stored n x k)");
  tu_result (MM (GM_MATMUL_NAIVE, S, N, T, 1, 4, 6, 1, 0, 4, 0, 1, 0, 1) == GM_OK,
             "ldb = n < k for op T refused");
  tu_result (MM (GM_MATMUL_AUTO, S, N, N, 4, 1, 1, 4, 0, 1, 0, 3, 0, 1) == INV, "ldc < m");
  /* unknown values */
  tu_result (MM (GM_MATMUL_AUTO, S, (gm_op) 3, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
             "op A 3 accepted");
  tu_result (MM (GM_MATMUL_AUTO, S, N, (gm_op) -1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
             "op B -1 accepted");
  tu_result (MM ((gm_matmul_kernel) 99, S, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
             "kernel 99 accepted");
  tu_result (MM (GM_MATMUL_NAIVE, GM_CLASS_COUNT, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
             "unknown class accepted");
  tu_result (MM (GM_MATMUL_DMMA, S, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
             "dmma in single accepted");
  tu_result (MM (GM_MATMUL_TF32X3, GM_DOUBLE, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV
                 && strstr (gm_error_detail (), "single"), "tf32x3 in double accepted");
  tu_result (MM (GM_MATMUL_OZAKI, S, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV
                 && strstr (gm_error_detail (), "double"), "ozaki in single accepted");
  tu_result (gm_matmul (GM_MATMUL_NAIVE, GM_DOUBLE, N, N, 0, 5, 5, NULL, 1, 0, NULL, 5, 0,
                        NULL, 1, 0, 1, 0) == GM_OK, "m == 0 not a no-op");
  tu_result (gm_matmul (GM_MATMUL_NAIVE, GM_DOUBLE, T, T, 3, 5, 5, NULL, 5, 0, NULL, 5, 0,
                        NULL, 3, 0, 0, 0) == GM_OK, "batch == 0 not a no-op");
#undef MM
  /* gm_matmul_pages and gm_pages_total */
  gm_pages pg;
  memset (&pg, 0, sizeof pg);
  int64_t total = -1;
  tu_result (gm_pages_total (NULL, &total) == GM_OK && total == 1, "NULL pages: not 1 page");
  tu_result (gm_pages_total (&pg, &total) == GM_OK && total == 1, "0 page dims: not 1 page");
  pg.ndims = -1;
  tu_result (gm_pages_total (&pg, &total) == INV, "-1 page dimensions accepted");
  pg.ndims = GM_MAX_PAGE_DIMS + 1;
  tu_result (gm_pages_total (&pg, &total) == INV, "too many page dimensions accepted");
  tu_result (gm_matmul_pages (GM_MATMUL_AUTO, S, N, N, 1, 1, 1, dA, 1, dB, 1, dC, 1, &pg, 0)
                 == INV, "pages: too many page dimensions accepted");
  pg.ndims = 2;
  pg.count[0] = 3; pg.count[1] = -2;
  tu_result (gm_pages_total (&pg, &total) == INV, "negative page count accepted");
  pg.count[0] = (int64_t) 1 << 40; pg.count[1] = (int64_t) 1 << 40;
  tu_result (gm_pages_total (&pg, &total) == GM_ERR_SIZE_OVERFLOW, "2^80 pages accepted");
  pg.count[0] = 3; pg.count[1] = 4;
  pg.stride_a[0] = 4; pg.stride_b[0] = 4; pg.stride_c[0] = 4;
  pg.stride_a[1] = 0; pg.stride_b[1] = 12; pg.stride_c[1] = 12;
  tu_result (gm_pages_total (&pg, &total) == GM_OK && total == 12, "3x4 pages: not 12");
  tu_result (gm_matmul_pages (GM_MATMUL_AUTO, S, (gm_op) 5, N, 2, 2, 2, dA, 2, dB, 2, dC, 2,
                              &pg, 0) == INV, "pages: unknown op accepted");
  pg.stride_a[0] = -4;
  tu_result (gm_matmul_pages (GM_MATMUL_AUTO, S, N, N, 2, 2, 2, dA, 2, dB, 2, dC, 2, &pg, 0)
                 == INV, "pages: negative stride accepted");
  pg.ndims = 1;
  pg.stride_a[0] = 4;
  pg.stride_c[0] = 3; /* C's 2x2 pages overlap */
  tu_result (gm_matmul_pages (GM_MATMUL_AUTO, S, N, N, 2, 2, 2, dA, 2, dB, 2, dC, 2, &pg, 0)
                 == INV, "pages: overlapping pages of C accepted");
  /* mixed broadcasting (one launch per outer page): overlap along the outer dimension */
  pg.ndims = 2;
  pg.count[0] = 3; pg.count[1] = 4;
  pg.stride_a[0] = 4; pg.stride_a[1] = 0;
  pg.stride_b[0] = 0; pg.stride_b[1] = 4;
  pg.stride_c[0] = 4; pg.stride_c[1] = 8;   /* needs 12 */
  tu_result (gm_matmul_pages (GM_MATMUL_AUTO, S, N, N, 2, 2, 2, dA, 2, dB, 2, dC, 2, &pg, 0)
                 == INV, "pages: C pages overlapping along an outer dimension accepted");
  TU_CUDA (cudaDeviceSynchronize ());
  /* gm_transpose */
  tu_result (gm_transpose (S, -1, 2, dA, 1, dC, 2, 0) == INV, "transpose: negative rows");
  tu_result (gm_transpose (S, 3, 2, dA, 2, dC, 2, 0) == INV, "transpose: ld_src < rows");
  tu_result (gm_transpose (S, 3, 2, dA, 3, dC, 1, 0) == INV, "transpose: ld_dst < cols");
  tu_result (gm_transpose (GM_CLASS_COUNT, 3, 2, dA, 3, dC, 2, 0) == INV,
             "transpose: unknown class");
  tu_result (gm_transpose (S, 0, 2, NULL, 1, NULL, 2, 0) == GM_OK, "transpose: 0 rows not a "
             "no-op");
  /* gm_matmul_host */
  float h[16] = {0};
  tu_result (gm_matmul_host (GM_MATMUL_AUTO, S, (gm_op) 3, N, 2, 2, 2, h, h, h, NULL) == INV,
             "host: unknown op accepted");
  tu_result (gm_matmul_host (GM_MATMUL_AUTO, S, N, N, -2, 2, 2, h, h, h, NULL) == INV,
             "host: negative m accepted");
  tu_result (gm_matmul_host (GM_MATMUL_DMMA, S, N, N, 2, 2, 2, h, h, h + 8, NULL) == INV,
             "host: dmma in single accepted");
  double hd[16] = {0};
  tu_result (gm_matmul_host (GM_MATMUL_TF32X3, GM_DOUBLE, N, N, 2, 2, 2, hd, hd, hd + 8, NULL)
                 == INV, "host: tf32x3 in double accepted");
  tu_result (gm_scale (GM_DOUBLE, -1, NULL, NULL, NULL, 0) == INV,
             "scale: negative count accepted");
  TU_CUDA (cudaDeviceSynchronize ());
  gm_device_free (d);
}

static void test_scale (gm_class cls, int64_t count, double alpha)
{
  const size_t es = gm_class_size (cls);
  void *hB = malloc (count * es + 1), *hC = malloc (count * es + 1);
  tu_fill (cls, hB, NULL, (size_t) count);
  if (count > 2) { /* NaN and Inf pass through */
    if (cls == GM_SINGLE) { ((float *) hB)[1] = NAN; ((float *) hB)[2] = INFINITY; }
    else { ((double *) hB)[1] = NAN; ((double *) hB)[2] = INFINITY; }
  }
  float af = (float) alpha;
  void *dA, *dB, *dC;
  TU_GM (gm_device_alloc (&dA, 8));
  TU_GM (gm_device_alloc (&dB, count * es + 16));
  TU_GM (gm_device_alloc (&dC, count * es + 16));
  TU_CUDA (cudaMemcpy (dA, cls == GM_SINGLE ? (void *) &af : (void *) &alpha, es,
                       cudaMemcpyHostToDevice));
  if (count) TU_CUDA (cudaMemcpy (dB, hB, count * es, cudaMemcpyHostToDevice));
  /* alpha from device memory (gm_scale), then by value (gm_scale_value): the same values */
  for (int by_value = 0; by_value < 2; by_value++) {
    TU_CUDA (cudaMemset (dC, 0xFF, count * es + 16));
    gm_status st = by_value ? gm_scale_value (cls, count, alpha, dB, dC, 0)
                            : gm_scale (cls, count, dA, dB, dC, 0);
    TU_CUDA (cudaDeviceSynchronize ());
    if (count) TU_CUDA (cudaMemcpy (hC, dC, count * es, cudaMemcpyDeviceToHost));
    int64_t bad = 0;
    for (int64_t i = 0; i < count; i++) {
      double want, got = tu_get (cls, hC, i);
      if (cls == GM_SINGLE) want = (double) (af * ((float *) hB)[i]);
      else want = alpha * ((double *) hB)[i];
      if (!(got == want || (isnan (got) && isnan (want))))
        bad++;
    }
    tu_result (st == GM_OK && bad == 0, "scale%s %s count %lld alpha %g: status %d, %lld bad",
               by_value ? " (by value)" : "", cls_name (cls), (long long) count, alpha, (int) st,
               (long long) bad);
  }
  gm_device_free (dA); gm_device_free (dB); gm_device_free (dC);
  free (hB); free (hC);
}

/* ---- the product sets ---------------------------------------------------------------------- */
/* Edges of every tile: 32 (naive, tiled), 128 / 64 (wpt, warp, dmma), k tiles of 8 and 16,
   pipelines of 3 and 4 stages (k up to 5 tiles and beyond). */
static const int64_t edge_shapes[][3] = {
    {0, 5, 7},     {5, 0, 7},     {5, 7, 0},      {0, 0, 0},     {1, 1, 1},
    {1, 1, 300},   {2, 3, 1},     {17, 31, 33},   {32, 32, 32},  {33, 65, 17},
    {63, 129, 65}, {65, 63, 31},  {127, 128, 129}, {128, 128, 16}, {129, 127, 15},
    {131, 257, 83}, {257, 131, 67}, {1, 300, 200}, {300, 1, 200},  {67, 61, 53},
    {200, 130, 1}, {500, 3, 50},  {3, 500, 50},   {128, 64, 8},  {256, 192, 80},
    {64, 256, 9},  {192, 64, 100}, {7, 9, 11},     {129, 129, 129}};
static const int64_t large_shapes[][3] = {
    {1000, 3000, 17}, {4097, 129, 257}, {129, 4097, 100}, {513, 1029, 300},
    {8192, 64, 512},  {2048, 2048, 64}, {1021, 1019, 1031}, {4096, 33, 4096},
    {33, 4096, 4096}, {3000, 1000, 1},  {255, 257, 2049}, {1024, 1024, 1024},
    {64, 64, 4096},   {8192, 64, 8192}, {2000, 2000, 1001}};

static void test_products (gm_class cls)
{
  const int ne = sizeof edge_shapes / sizeof edge_shapes[0];
  const int nl = sizeof large_shapes / sizeof large_shapes[0];
  layout L;
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    /* Quick: each pair on a quarter of the edge shapes (every shape reached by two or three
       pairs). */
    if (quick == 2) {
      L = variant (p + 1);
      L.specials = 1;
      run_case (cls, oa, ob, 33, 17, 9, L);
      if (p % 3 == 0) {
        L = variant (3);
        L.pad_c = 2;
        run_case (cls, oa, ob, 130, 131, 40, L);
      }
      if (p % 4 == 0)
        run_case (cls, oa, ob, 200, 40, 1100, variant (1));
      if (p == 1) /* 132 tiles of 256x128 (one wave on 132 SMs): warp's LARGE tiles, both
                     operands K-major in single (matmul_warp_kk_kernel); k = 41 is odd, so both
                     are copied aligned first and the last tile ends inside a 16-byte chunk */
        run_case (cls, oa, ob, 3072, 1408, 41, PLAIN);
      continue;
    }
    for (int s = 0; s < ne; s++) {
      if (quick && (s + p) % 4 != 0)
        continue;
      run_case (cls, oa, ob, edge_shapes[s][0], edge_shapes[s][1], edge_shapes[s][2],
                variant (s + p));
      if (!quick && (s + p) % 4 != 0) /* and every shape plain too */
        run_case (cls, oa, ob, edge_shapes[s][0], edge_shapes[s][1], edge_shapes[s][2], PLAIN);
    }
    L = variant (p + 1);
    L.specials = 1;
    run_case (cls, oa, ob, 33, 17, 9, L);
    if (!quick || p % 3 == 0) {
      L = variant (3);
      L.pad_c = 2;
      L.specials = 1;
      run_case (cls, oa, ob, 130, 131, 40, L);
    }
    /* Over 2^27 multiply-adds with misaligned operands: warp and dmma copy them aligned into
       a stream-ordered workspace first (also under the sanitizer, with each operand in both
       of its layouts). */
    if (!quick || p == 0 || p == 1 || p == 4) /* quick: NN, TN, TT */
      run_case (cls, oa, ob, 521, 515, 520, batched (1, 0, 0, 1, 1));
    if (quick && p == 1) /* the same LARGE Aᵀ * B case as --race, under memcheck */
      run_case (cls, oa, ob, 3072, 1408, 41, PLAIN);
    /* Too few tiles to fill the GPU and k deep enough: warp and dmma split k into slices whose
       partial products are summed after (uneven last slice, padded and misaligned too). */
    if (!quick || p % 4 == 0) {
      L = variant (1);
      run_case (cls, oa, ob, 200, 40, 3001, L);
    }
    if (!quick || p == 1 || p == 3) {
      L = variant (3);
      L.specials = 1;
      run_case (cls, oa, ob, 65, 129, 1031, L);
    }
    if (!quick) {
      L = PLAIN;
      L.specials = 1;
      run_case (cls, oa, ob, 256, 256, 64, L);
      for (int s = 0; s < nl; s++) {
        /* operands of over 4M elements (seconds of host time to fill and check): the four
           real layouts only, ctranspose being transpose on the same loaders */
        const int64_t *sh = large_shapes[s];
        if ((oa == GM_OP_CTRANSPOSE || ob == GM_OP_CTRANSPOSE)
            && (sh[0] * sh[2] > (4 << 20) || sh[2] * sh[1] > (4 << 20)))
          continue;
        run_case (cls, oa, ob, sh[0], sh[1], sh[2], variant (s + p));
      }
      for (int r = 0; r < 3; r++) /* random shapes and layouts */
        run_case (cls, oa, ob, tu_randint (1, 300), tu_randint (1, 300), tu_randint (1, 300),
                  variant (r + p));
    }
  }
}

/* Products with one side a vector (auto's vector kernel, matmul_vector.cu, against every kernel):
   both cases (n = 1, m = 1) in every op pair and layout, thread-per-output (k < 32, and
   outputs consecutive in memory) and warp-per-output forms, k split into slices (outputs too
   few to fill the GPU) with an uneven last slice, NaN and Inf, pages, and a vector that is a
   row of a padded matrix (a strided x). */
static void test_vectors (gm_class cls)
{
  static const int64_t shapes[][3] = {
      {1, 1, 1},      {1, 1, 31},     {1, 1, 33},       {7, 1, 5},       {1, 7, 5},
      {300, 1, 31},   {1, 300, 33},   {1000, 1, 1},     {1, 1000, 1},    {257, 1, 4099},
      {1, 257, 4099}, {4097, 1, 520}, {1, 4097, 520},   {1, 1, 100003},  {100003, 1, 7},
      {1, 100003, 9}, {3, 1, 70001},  {1, 3, 70001}};
  const int ns = sizeof shapes / sizeof shapes[0];
  for (int s = 0; s < ns; s++)
    for (int p = 0; p < 9; p++) {
      if (quick == 2 ? (s + p) % 9 != 0 : quick && (s + p) % 3 != 0)
        continue;
      const int64_t *sh = shapes[s];
      if (quick && sh[0] * sh[1] * sh[2] > 300000)
        continue;
      /* racecheck: run_case runs every kernel, and the tiled ones pad m and n to their tiles,
         so 1x1x100003 costs a 128x128 tile 1.6e9 multiply-adds through shared memory (session
         28: test_matmul --race no longer finished in 520 s).  The vector kernel these shapes
         are for uses no shared memory; deep k stays in the memcheck and full sets. */
      if (quick == 2 && sh[2] > 5000)
        continue;
      layout L = variant (s + p);
      L.specials = (s + p) % 2;
      run_case (cls, pair_a (p), pair_b (p), sh[0], sh[1], sh[2], L);
    }
  /* pages: a matrix for every page times a vector a page, and one vector for all pages */
  run_case (cls, GM_OP_NONE, GM_OP_NONE, 130, 1, 90, batched (7, 3, 0, 1, 1));
  run_case (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 130, 1, 90, batched (5, 0, 2, 0, 0));
  run_case (cls, GM_OP_NONE, GM_OP_TRANSPOSE, 1, 70, 200, batched (6, 2, 1, 2, 0));
  if (!quick) {
    run_case (cls, GM_OP_NONE, GM_OP_NONE, 4096, 1, 4096, batched (3, 0, 0, 0, 0));
    run_case (cls, GM_OP_NONE, GM_OP_NONE, 1, 64, 64, batched (1000, 0, 0, 0, 0));
  }
}

/* Thin products (issue 13): one side from 1 to 65 against 300 (every edge of the 64-wide
   tiles, and of the 16 x 8 MMA steps inside), the 8192x64x8192 shape at a quarter of each
   long side, 64x64x65536 (one tile, k split in up to 256 slices), and forced slice counts. */
static void test_thin (gm_class cls)
{
  /* The shapes aim at dmma's tiles; single (warp's edges, already in the edge shapes) meets
     them in the full set only, sparing the sanitizers 2048x64x2048 and the like on every
     kernel. */
  if (quick && cls != GM_DOUBLE)
    return;
  static const int64_t sides[] = {1, 2, 3, 5, 8, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65};
  const int ns = sizeof sides / sizeof sides[0];
  for (int i = 0; i < ns; i++) {
    if (quick == 2 && i % 4 != 3)
      continue;
    const int p = i % 9;
    run_case (cls, pair_a (p), pair_b (p), sides[i], 300, 70, variant (i));
    run_case (cls, pair_a ((p + 4) % 9), pair_b ((p + 4) % 9), 300, sides[i], 70,
              variant (i + 1));
    if (!quick) { /* the other two real layouts too, and deep k (split) */
      run_case (cls, pair_a ((p + 1) % 9), pair_b ((p + 1) % 9), sides[i], 257, 600, PLAIN);
      run_case (cls, pair_a ((p + 3) % 9), pair_b ((p + 3) % 9), 257, sides[i], 600,
                  variant (i + 2));
    }
  }
  /* the four real layout pairs (NN, TN, NT, TT) */
  static const int real_pairs[4] = {0, 1, 3, 4};
  for (int r = 0; r < 4; r++) {
    const gm_op oa = pair_a (real_pairs[r]), ob = pair_b (real_pairs[r]);
    if (quick == 2) {
      if (r == 0 || r == 3)
        run_case (cls, oa, ob, 64, 64, 2048, PLAIN);   /* one tile, k in slices */
      /* every tile (dmma_all_tiles) past its pipeline's depth on both paths: 7 k-tiles of 32
         (16-byte path, 3 or 4 stages) and 13 of 16 (odd ld: scalar path, 4 stages), so that
         each stage's buffer is refilled after the barrier that frees it; the other products
         that run every tile under --race have k <= 40 (at most 3 k-tiles: no stage reused) */
      run_case (cls, oa, ob, 70, 60, 200, PLAIN);
      run_case (cls, oa, ob, 70, 60, 200, variant (1));
      continue;
    }
    if (!quick || r == 0 || r == 3) {
      run_case (cls, oa, ob, 2048, 64, 2048, PLAIN);
      run_case (cls, oa, ob, 64, 2048, 2048, variant (r));
      run_case (cls, oa, ob, 2000, 61, 1500, variant (r + 1));
    }
    /* double only, NN (and TT in the full set): its reference is 2^28 multiply-adds on the
       host (4096 elements of 65536 terms), ~1-2 s a run_case */
    if (cls == GM_DOUBLE && (r == 0 || (!quick && r == 3)))
      run_case (cls, oa, ob, 64, 64, 65536, PLAIN);
    if (!quick) { /* pages of thin products, split */
      run_case (cls, oa, ob, 200, 40, 600, batched (3, 2, r % 3, 0, 0));
      run_case (cls, oa, ob, 40, 200, 600, batched (3, 0, 0, 1, 1));
    }
  }
  /* forced slice counts: uneven last slice, more slices asked than k allows (1001 in 9 asks
     gives 8 of 128), and one slice per 32 of k */
  static const char *const forced[] = {"5", "9", "32"};
  for (int f = 0; f < 3; f++) {
    if (quick == 2 && f != 0)
      continue;
    tu_setenv ("GPUMAT_DMMA_SLICES", forced[f]);
    run_case (cls, pair_a (f), pair_b (f), 130, 70, 1001, variant (f));
    if (!quick)
      run_case (cls, pair_a (f + 3), pair_b (f + 3), 65, 129, 1024, batched (2, 1, 0, 0, 0));
    tu_setenv ("GPUMAT_DMMA_SLICES", NULL);
  }
}

/* gm_matmul_dmma_plan: what dmma would run; the environment's overrides and their errors. */
static void test_dmma_plan (void)
{
  const gm_op N = GM_OP_NONE, T = GM_OP_TRANSPOSE;
  const gm_status INV = GM_ERR_INVALID_ARGUMENT;
  int tm = 0, tn = 0, sl = 0;
  tu_setenv ("GPUMAT_DMMA_TILE", NULL);
  tu_setenv ("GPUMAT_DMMA_SLICES", NULL);
  static const int64_t shown[][3] = {{8192, 64, 8192}, {64, 8192, 8192}, {1024, 1024, 1024},
                                     {4096, 4096, 4096}, {64, 64, 65536}, {2048, 64, 2048}};
  for (int s = 0; s < 6; s++) {
    gm_status st = gm_matmul_dmma_plan (N, N, shown[s][0], shown[s][1], shown[s][2], 1, &tm, &tn,
                                        &sl);
    tu_result (st == GM_OK, "dmma plan %lldx%lldx%lld: status %d", (long long) shown[s][0],
               (long long) shown[s][1], (long long) shown[s][2], (int) st);
    printf ("%s: dmma plan %lldx%lldx%lld: tile %dx%d, %d slice%s\n", PROGRAM,
            (long long) shown[s][0], (long long) shown[s][1], (long long) shown[s][2], tm, tn, sl,
            sl == 1 ? "" : "s");
  }
  /* A side of 64 gets a tile side of 64 (a 128-wide tile would be half empty).  The model
     skips tiles the device cannot grant: under sm_80 (64 KiB on sm_75) none is left. */
  if (kernel_runs (GM_MATMUL_DMMA, GM_DOUBLE)) {
    tu_result (gm_matmul_dmma_plan (N, N, 8192, 64, 8192, 1, &tm, &tn, &sl) == GM_OK && tn == 64,
               "dmma plan 8192x64x8192: tile %dx%d", tm, tn);
    tu_result (gm_matmul_dmma_plan (N, N, 64, 8192, 8192, 1, &tm, &tn, &sl) == GM_OK && tm == 64,
               "dmma plan 64x8192x8192: tile %dx%d", tm, tn);
    tu_result (gm_matmul_dmma_plan (T, T, 8192, 64, 8192, 1, &tm, &tn, &sl) == GM_OK && tn == 64,
               "dmma plan TT 8192x64x8192: tile %dx%d", tm, tn);
  }
  /* forced tiles, as C's sides (Aᵀ * Bᵀ runs on Cᵀ: sides swapped) */
  tu_setenv ("GPUMAT_DMMA_TILE", "128x64");
  tu_result (gm_matmul_dmma_plan (N, N, 500, 500, 500, 1, &tm, &tn, &sl) == GM_OK && tm == 128
                 && tn == 64, "dmma plan forced 128x64: %dx%d", tm, tn);
  tu_result (gm_matmul_dmma_plan (T, T, 500, 500, 500, 1, &tm, &tn, &sl) == GM_OK && tm == 64
                 && tn == 128, "dmma plan forced 128x64, TT: %dx%d (expected C's 64x128)", tm,
             tn);
  tu_setenv ("GPUMAT_DMMA_TILE", "v2");
  tu_result (gm_matmul_dmma_plan (N, N, 8192, 64, 8192, 1, &tm, &tn, &sl) == GM_OK && tm == 128
                 && tn == 128, "dmma plan v2: %dx%d", tm, tn);
  tu_setenv ("GPUMAT_DMMA_TILE", "96x96");
  tu_result (gm_matmul_dmma_plan (N, N, 50, 50, 50, 1, &tm, &tn, &sl) == INV,
             "dmma plan: unknown tile accepted");
  /* ... but a product runs as if it were unset (and an invalid GPUMAT_DMMA_SLICES too) */
  tu_setenv ("GPUMAT_DMMA_SLICES", "-3");
  static const gm_matmul_kernel ks[2] = {GM_MATMUL_AUTO, GM_MATMUL_DMMA};
  for (int ki = 0; ki < 2; ki++) {
    const gm_matmul_kernel kern = ks[ki];
    if (!kernel_runs (kern, GM_DOUBLE))
      continue;
    const double h[4] = {1, 2, 3, 4};   /* A = B = [1 3; 2 4]: A * A = [7 15; 10 22] */
    double c[4] = {0, 0, 0, 0};
    void *d;
    TU_GM (gm_device_alloc (&d, 8 * sizeof (double)));
    TU_CUDA (cudaMemcpy (d, h, sizeof h, cudaMemcpyHostToDevice));
    gm_status st = gm_matmul (kern, GM_DOUBLE, N, N, 2, 2, 2, d, 2, 0, d, 2, 0,
                              (double *) d + 4, 2, 0, 1, 0);
    TU_CUDA (cudaMemcpy (c, (double *) d + 4, sizeof c, cudaMemcpyDeviceToHost));
    tu_result (st == GM_OK && c[0] == 7 && c[1] == 10 && c[2] == 15 && c[3] == 22,
               "%s with GPUMAT_DMMA_TILE=96x96, GPUMAT_DMMA_SLICES=-3: status %d, C = [%g %g; "
               "%g %g]", gm_matmul_kernel_name (kern), (int) st, c[0], c[2],
               c[1], c[3]);
    gm_device_free (d);
  }
  tu_setenv ("GPUMAT_DMMA_SLICES", NULL);
  tu_setenv ("GPUMAT_DMMA_TILE", NULL);
  tu_setenv ("GPUMAT_DMMA_SLICES", "5");
  tu_result (gm_matmul_dmma_plan (N, N, 130, 70, 1001, 1, &tm, &tn, &sl) == GM_OK && sl == 5,
             "dmma plan GPUMAT_DMMA_SLICES=5, k 1001: %d slices", sl);
  tu_setenv ("GPUMAT_DMMA_SLICES", "9");
  tu_result (gm_matmul_dmma_plan (N, N, 130, 70, 1001, 1, &tm, &tn, &sl) == GM_OK && sl == 8,
             "dmma plan GPUMAT_DMMA_SLICES=9, k 1001: %d slices (expected 8 of 128)", sl);
  static const char *const bad_slices[] = {"0", "513", "4x", "99999999999999999999"};
  for (int b = 0; b < 4; b++) {
    tu_setenv ("GPUMAT_DMMA_SLICES", bad_slices[b]);
    tu_result (gm_matmul_dmma_plan (N, N, 130, 70, 1001, 1, &tm, &tn, &sl) == INV,
               "dmma plan: GPUMAT_DMMA_SLICES=%s accepted", bad_slices[b]);
  }
  tu_setenv ("GPUMAT_DMMA_SLICES", NULL);
  tu_result (gm_matmul_dmma_plan (N, N, -1, 70, 1001, 1, &tm, &tn, &sl) == INV,
             "dmma plan: negative m accepted");
  /* empty products (split_k_slices divided by their 0 tiles) and sizes past int64_t tiles */
  tu_result (gm_matmul_dmma_plan (N, N, 0, 70, 4096, 1, &tm, &tn, &sl) == GM_OK && sl == 1,
             "dmma plan m = 0, k 4096: %d slices", sl);
  tu_result (gm_matmul_dmma_plan (T, T, 70, 70, 4096, 0, &tm, &tn, &sl) == GM_OK && sl == 1,
             "dmma plan 0 pages, k 4096: %d slices", sl);
  tu_result (gm_matmul_dmma_plan (N, N, (int64_t) 1 << 40, (int64_t) 1 << 40, 64, 1, &tm, &tn,
                                  &sl) == GM_ERR_SIZE_OVERFLOW, "dmma plan: 2^80 elements of C");
  set_dmma_tile (NULL, NULL);
}

static void test_batches (gm_class cls)
{
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    /* Every pair, every kernel: a small batch with gaps, padded, and (rotating) A or B
       broadcast, misaligned; and a thousand tiny pages (auto's pages kernel). */
    run_case (cls, oa, ob, 33, 17, 5, batched (7, 3, p % 3, p % 2, p % 4 == 3));
    run_case (cls, oa, ob, 8, 8, 8, batched (1000, 0, 0, 0, 0));
    if (quick == 2 || (quick && p % 3 != 0))
      continue;
    run_case (cls, oa, ob, 1, 1, 1, batched (1000, 0, 0, 0, 0));
    run_case (cls, oa, ob, 32, 32, 32, batched (1000, p % 2, 0, 0, 0));
    run_case (cls, oa, ob, 33, 17, 5, batched (0, 0, 0, 0, 0));
    run_case (cls, oa, ob, 33, 17, 5, batched (1, 0, 0, 1, 0));
    run_case (cls, oa, ob, 130, 70, 90, batched (2, 5, 1, 0, 0));
    layout L = batched (7, 1, 0, 2, 0);
    L.specials = 1;
    run_case (cls, oa, ob, 9, 11, 13, L);
    /* deep k in a small batch: split-K over pages */
    run_case (cls, oa, ob, 64, 48, 1100, batched (2, 0, 2, 0, 0));
    if (quick)
      continue;
    run_case (cls, oa, ob, 8, 8, 8, batched (1000, 2, 1, 0, 0));
    run_case (cls, oa, ob, 32, 32, 32, batched (1000, 0, 2, 1, 0));
    run_case (cls, oa, ob, 128, 128, 128, batched (7, 0, 0, 0, 0));
    run_case (cls, oa, ob, 128, 128, 128, batched (2, 0, 2, 0, 1));
    run_case (cls, oa, ob, 64, 64, 4096, batched (2, 0, 0, 0, 0));
    /* back-to-back pages of odd leading dimension, over 2^27 multiply-adds in all: the
       aligned copy of a whole batch; then the same with gaps (no copy: element-wise) */
    run_case (cls, oa, ob, 130, 70, 90, batched (1000, 0, 0, 1, 0));
    run_case (cls, oa, ob, 130, 70, 90, batched (200, 3, 1, 1, 1));
  }
  /* quick: one batch over 2^27 multiply-adds with an odd leading dimension (batch copy) */
  if (quick == 1)
    run_case (cls, GM_OP_TRANSPOSE, GM_OP_NONE, 65, 63, 64, batched (520, 0, 0, 1, 0));
}

int main (int argc, char **argv)
{
  gm_device_info info;
  if (!start_program (argc, argv, &quick, &info))
    return tu_finish (PROGRAM);
  device_cc = 10 * info.major + info.minor;
  {
    int dev;
    TU_CUDA (cudaGetDevice (&dev));
    TU_CUDA (cudaDeviceGetAttribute (&smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  }
  const time_t t0 = time (NULL);
  tu_seed (20260101);
  if (getenv ("GPUMAT_DMMA_TILE")) {
    env_tile0 = strdup (getenv ("GPUMAT_DMMA_TILE"));
    printf ("%s: GPUMAT_DMMA_TILE=%s for dmma's own runs\n", PROGRAM, env_tile0);
  }
  if (getenv ("GPUMAT_DMMA_MMA")) {
    env_mma0 = strdup (getenv ("GPUMAT_DMMA_MMA"));
    printf ("%s: GPUMAT_DMMA_MMA=%s for dmma's own runs\n", PROGRAM, env_mma0);
  }
  if (getenv ("GPUMAT_DMMA_SLICES"))
    printf ("%s: GPUMAT_DMMA_SLICES=%s is cleared (the test sets it where it means to)\n",
            PROGRAM, getenv ("GPUMAT_DMMA_SLICES"));
  tu_setenv ("GPUMAT_DMMA_SLICES", NULL);
  /* --class=double or --class=single: that class's products only (make test-kernels runs the
     two at once, each about half of the program's time); the API and plan tests with double */
  int only = -1;
  for (int i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--class=double"))
      only = 0;
    else if (!strcmp (argv[i], "--class=single"))
      only = 1;
  if (only != 1) {
    test_api ();
    test_dmma_plan ();
  }
  for (int c = 0; c < 2; c++) {
    if (only >= 0 && c != only)
      continue;
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    int before = tu_passed + tu_failed;
    test_products (cls);
    printf ("%s: %s products: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    before = tu_passed + tu_failed;
    test_thin (cls);
    printf ("%s: %s thin products: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    before = tu_passed + tu_failed;
    test_vectors (cls);
    printf ("%s: %s vector products: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    before = tu_passed + tu_failed;
    test_batches (cls);
    test_pages (cls);
    printf ("%s: %s batches and pages: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    before = tu_passed + tu_failed;
    static const int64_t tsizes[][2] = {{1, 1}, {1, 37}, {37, 1}, {31, 33}, {33, 31},
                                        {64, 64}, {65, 129}, {1000, 3}, {3, 1000}, {257, 1031}};
    for (int s = 0; s < 10; s++)
      test_transpose (cls, tsizes[s][0], tsizes[s][1], s % 3, (s + 1) % 4);
    test_transpose (cls, 0, 5, 0, 0);
    test_transpose (cls, 5, 0, 0, 0);
    if (!quick)
      test_transpose (cls, 4097, 3001, 1, 0);
    test_host (cls);
    printf ("%s: %s transpose and host: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    test_scale (cls, 0, 2.0);
    test_scale (cls, 1, -3.0);
    test_scale (cls, quick ? 1000 : 1000003, 0.5);
    test_scale (cls, 4099, NAN);
  }
  return tu_finish (PROGRAM);
}
