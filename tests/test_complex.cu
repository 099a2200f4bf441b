/* test_complex.cu: the complex-data functions of gpumat.h against CPU references.
 *
 *   - gm_matmul in complex double and complex single, every kernel (auto, naive, tiled, wpt,
 *     warp, dmma, tf32x3; dmma refused for complex single, tf32x3 for complex double, warp,
 *     dmma and tf32x3 below compute capability 8.0)
 *     x every operation pair (none, transpose, ctranspose for A and for B; ctranspose
 *     conjugates), on shapes that reach the tile edges of the real product the complex one
 *     becomes (2m x n x 2k): 0-sized m, n and k (k = 0 writes zeros), 1x1x1, K = 1, 17x31x33,
 *     63x65x127, 129x7x130, primes, tall, wide, 300x257x400; padded leading dimensions and
 *     pointers one complex element off; NaN and Inf planted in A's real and imaginary parts;
 *   - strided batches: 2, 7 and 1000 pages, stride 0 for A or for B, gaps between pages;
 *   - gm_matmul_pages with a complex class: 3x1 pages of A against 1x4 of B;
 *   - gm_transpose_op for all twelve classes (elements of 1, 2, 4, 8 and 16 bytes) and every
 *     op (none copies, transpose, ctranspose conjugates complex data), exact to the bit;
 *   - gm_real_to_complex, gm_complex_real_part, gm_complex_has_imag (zero, -0, NaN and one
 *     nonzero imaginary part at the end; counts 0, 1 and 1000003), exact to the bit;
 *   - gm_scale and gm_scale_complex (real alpha, real B, both complex) against the host's own
 *     std::complex products (C99 Annex G, as Octave's scalar * array): bit for bit, with
 *     infinities, NaN, signed zeros, overflowing and subnormal values;
 *   - gm_matmul_host_complex and gm_scale_host_complex: real operands promoted
 *     ([1 2] * [Inf*1i; 1] is NaN + Inf i), every op pair, pages, one host array as both
 *     operands (X^H X), c_has_imag, k = 0, argument errors;
 *   - argument errors of gm_matmul with complex classes and of the helpers; no device block
 *     left allocated at the end.
 *
 * Product bound, per part: |C - Cref| <= 2 (k+1) eps(class) sum_p |a_p| |b_p| (complex
 * moduli), Cref in double from the stored values by the textbook formula (re = sum ar br -
 * ai bi, im = sum ar bi + ai br), the four real products the kernels compute; where Cref is
 * NaN or infinite the result must be NaN, or the same infinity, in that part.  C is poisoned
 * with NaN bytes before each run: every element of C's pages must be written, every other
 * element of C's buffer (padding rows, gaps between pages) must keep the poison.
 *
 *   test_complex           the full set
 *   test_complex --quick   every kernel x op pair on the small edge shapes (up to 64x64x64),
 *                          batches (7 pages, 1000 tiny pages), smaller element-wise counts (for
 *                          compute-sanitizer memcheck: 3 s under it on an H100; racecheck 2 min)
 *   test_complex --race    smaller still (for racecheck, 7 s under it): per kernel three op pairs
 *                          on one edge shape with NaN/Inf, k = 0, and a small batch
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <complex>
#include <limits>
#include <time.h>
#include "test_util.h"

static const char *PROGRAM = "test_complex";
#include "matmul_test_util.h"
static int device_cc;
static int quick;   /* 1: --quick, 2: --race */

/* Mirrors gm_matmul's rule: dmma computes (complex) double only, warp and dmma need sm_80. */
static int kernel_runs (gm_matmul_kernel kern, gm_class cls)
{
  if (kern == GM_MATMUL_DMMA && cls != GM_COMPLEX_DOUBLE)
    return 0;
  if (kern == GM_MATMUL_TF32X3 && cls != GM_COMPLEX_SINGLE)
    return 0;
  if (kern == GM_MATMUL_OZAKI && cls != GM_COMPLEX_DOUBLE)
    return 0;
  if ((kern == GM_MATMUL_WARP || kern == GM_MATMUL_DMMA || kern == GM_MATMUL_TF32X3
       || kern == GM_MATMUL_OZAKI) && device_cc < 80)
    return 0;
  return 1;
}

static const char *cls_name (gm_class c) { return gm_class_name (c) ? gm_class_name (c) : "?"; }




/* Element i of a complex array (interleaved pairs) of class cls, as doubles. */
static void cget (gm_class cls, const void *buf, size_t i, double *re, double *im)
{
  if (cls == GM_COMPLEX_SINGLE) {
    *re = ((const float *) buf)[2 * i];
    *im = ((const float *) buf)[2 * i + 1];
  } else {
    *re = ((const double *) buf)[2 * i];
    *im = ((const double *) buf)[2 * i + 1];
  }
}
static void cset (gm_class cls, void *buf, size_t i, double re, double im)
{
  if (cls == GM_COMPLEX_SINGLE) {
    ((float *) buf)[2 * i] = (float) re;
    ((float *) buf)[2 * i + 1] = (float) im;
  } else {
    ((double *) buf)[2 * i] = re;
    ((double *) buf)[2 * i + 1] = im;
  }
}
static double ceps (gm_class cls) { return cls == GM_COMPLEX_SINGLE ? 0x1.0p-23 : 0x1.0p-52; }
static int all_ff (const void *p, size_t bytes)
{
  for (size_t i = 0; i < bytes; i++)
    if (((const unsigned char *) p)[i] != 0xFF)
      return 0;
  return 1;
}

/* ---- one complex product of many pages, and its reference ------------------------------------ */
/* Page b of C is C + oc[b], of A A + oa[b], of B B + ob[b] (complex element offsets).  a_real /
 * b_real (host tests only): that operand's buffer holds real values of the same precision, na
 * or nb of them, promoted (x + 0i) by the function under test. */
typedef struct {
  gm_class cls;
  gm_op opa, opb;
  int64_t m, n, k, lda, ldb, ldc;
  int64_t pages;
  int64_t *oa, *ob, *oc;
  size_t na, nb, nc;
  int a_real, b_real;
  void *hA, *hB, *hC;
  unsigned char *inside;      /* nc flags: element belongs to a page of C */
  int specials;
  int64_t ns;                 /* checked elements: page, row, column, reference, sum |a||b| */
  int64_t *sp, *si, *sj;
  double *ref_re, *ref_im, *mag;
  char desc[240];
} product;

static void op_a (const product *P, int64_t b, int64_t i, int64_t p, double *re, double *im)
{
  const size_t e = (size_t) (P->oa[b] + at_a (P->opa, i, p, P->lda));
  if (P->a_real) {
    *re = tu_get (gm_class_real (P->cls), P->hA, e);
    *im = 0;
  } else
    cget (P->cls, P->hA, e, re, im);
  if (P->opa == GM_OP_CTRANSPOSE)
    *im = -*im;
}
static void op_b (const product *P, int64_t b, int64_t p, int64_t j, double *re, double *im)
{
  const size_t e = (size_t) (P->ob[b] + at_b (P->opb, p, j, P->ldb));
  if (P->b_real) {
    *re = tu_get (gm_class_real (P->cls), P->hB, e);
    *im = 0;
  } else
    cget (P->cls, P->hB, e, re, im);
  if (P->opb == GM_OP_CTRANSPOSE)
    *im = -*im;
}

/* The reference of every checked element: the textbook formula, one real product at a time
   (the same multiset of products the kernels sum, so NaN and the sign of an infinity do not
   depend on the order), in double from the stored values. */
static void product_reference (product *P)
{
  for (int64_t s = 0; s < P->ns; s++) {
    double re = 0, im = 0, mag = 0;
    for (int64_t p = 0; p < P->k; p++) {
      double ar, ai, br, bi;
      op_a (P, P->sp[s], P->si[s], p, &ar, &ai);
      op_b (P, P->sp[s], p, P->sj[s], &br, &bi);
      re += ar * br;
      re -= ai * bi;
      im += ar * bi;
      im += ai * br;
      if (isfinite (ar) && isfinite (ai) && isfinite (br) && isfinite (bi))
        mag += hypot (ar, ai) * hypot (br, bi);
    }
    P->ref_re[s] = re;
    P->ref_im[s] = im;
    P->mag[s] = mag;
  }
}

/* Fills A and B (random, then NaN / Inf where `specials`), marks C's pages and computes the
   reference.  oa, ob, oc (pages entries) are taken over. */
static void product_init (product *P, gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n,
                          int64_t k, int64_t lda, int64_t ldb, int64_t ldc, int64_t pages,
                          int64_t *oa, int64_t *ob, int64_t *oc, int specials, int a_real,
                          int b_real)
{
  memset (P, 0, sizeof *P);
  P->cls = cls; P->opa = opa; P->opb = opb;
  P->m = m; P->n = n; P->k = k; P->lda = lda; P->ldb = ldb; P->ldc = ldc;
  P->pages = pages; P->oa = oa; P->ob = ob; P->oc = oc;
  P->specials = specials;
  P->a_real = a_real; P->b_real = b_real;
  const gm_class real = gm_class_real (cls);
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
  P->hA = xmalloc (na * (a_real ? es / 2 : es));
  P->hB = xmalloc (nb * (b_real ? es / 2 : es));
  P->hC = xmalloc (nc * es);
  tu_fill (real, P->hA, NULL, a_real ? na : 2 * na);
  tu_fill (real, P->hB, NULL, b_real ? nb : 2 * nb);
  if (specials && !a_real && !b_real && m > 1 && n > 1 && k > 1 && pages > 0) {
    /* In the first and last page: op(A)(0,0) has a NaN imaginary part: row 0 of C is NaN in
       both parts.  op(A)(m/2,0) has real part -Inf: row m/2 is infinite (or NaN).
       op(B)(k-1,n-1) has real part Inf with op(A)(m-1,k-1) = 0: C(m-1,n-1) is NaN + NaN i,
       which a kernel that skipped zero products would miss.  (Stored values: conjugation
       only flips the sign of an imaginary part.) */
    const int64_t which[2] = {0, pages - 1};
    for (int w = 0; w < 2; w++) {
      const int64_t b = which[w];
      double re, im;
      size_t e = (size_t) (oa[b] + at_a (opa, 0, 0, lda));
      cget (cls, P->hA, e, &re, &im);
      cset (cls, P->hA, e, re, NAN);
      e = (size_t) (oa[b] + at_a (opa, m / 2, 0, lda));
      cget (cls, P->hA, e, &re, &im);
      cset (cls, P->hA, e, -INFINITY, im);
      cset (cls, P->hA, (size_t) (oa[b] + at_a (opa, m - 1, k - 1, lda)), 0.0, 0.0);
      e = (size_t) (ob[b] + at_b (opb, k - 1, n - 1, ldb));
      cget (cls, P->hB, e, &re, &im);
      cset (cls, P->hB, e, INFINITY, im);
    }
  }
  /* C's pages; overlapping pages of C would be a bug of this test */
  P->inside = (unsigned char *) xmalloc (nc);
  memset (P->inside, 0, nc);
  for (int64_t b = 0; b < pages; b++)
    for (int64_t j = 0; j < n; j++)
      memset (P->inside + oc[b] + j * ldc, 1, (size_t) m);

  /* Reference: all of C, or a sample (corners first) when the product is large. */
  const int64_t cells = m * n * pages;
  const int full = (double) cells * (double) k <= 4e7;
  P->ns = full ? cells : (cells < 4096 ? cells : 4096);
  P->sp = (int64_t *) xmalloc (sizeof (int64_t) * P->ns);
  P->si = (int64_t *) xmalloc (sizeof (int64_t) * P->ns);
  P->sj = (int64_t *) xmalloc (sizeof (int64_t) * P->ns);
  P->ref_re = (double *) xmalloc (sizeof (double) * P->ns);
  P->ref_im = (double *) xmalloc (sizeof (double) * P->ns);
  P->mag = (double *) xmalloc (sizeof (double) * P->ns);
  for (int64_t s = 0; s < P->ns; s++) {
    if (full) {
      P->sp[s] = s / (m * n);
      P->si[s] = s % m;
      P->sj[s] = (s / m) % n;
    } else if (s < 8) {
      P->sp[s] = (s & 4) ? pages - 1 : 0;
      P->si[s] = (s & 1) ? m - 1 : 0;
      P->sj[s] = (s & 2) ? n - 1 : 0;
    } else {
      P->sp[s] = tu_randint (0, pages - 1);
      P->si[s] = tu_randint (0, m - 1);
      P->sj[s] = tu_randint (0, n - 1);
    }
  }
  product_reference (P);
}

static void product_free (product *P)
{
  free (P->oa); free (P->ob); free (P->oc);
  free (P->hA);
  if (P->hB != P->hA)
    free (P->hB);
  free (P->hC); free (P->inside);
  free (P->sp); free (P->si); free (P->sj);
  free (P->ref_re); free (P->ref_im); free (P->mag);
}

/* One part of one element against its reference. */
static int part_ok (double v, double r, double tol)
{
  if (isnan (r))
    return isnan (v);
  if (isinf (r))
    return v == r;
  return fabs (v - r) <= tol;
}

/* Checks P->hC (what a kernel wrote over the NaN poison); `what` names the run. */
static void product_check (const product *P, const char *what)
{
  const gm_class cls = P->cls;
  const size_t es = gm_class_size (cls);
  int64_t bad = 0;
  char first[200] = "";
  /* every element of a page written (no NaN unless specials), everything else untouched */
  for (size_t e = 0; e < P->nc; e++) {
    double re, im;
    cget (cls, P->hC, e, &re, &im);
    const int ok = P->inside[e] ? (P->specials || (!isnan (re) && !isnan (im)))
                                : all_ff ((const char *) P->hC + e * es, es);
    if (!ok && bad++ == 0)
      snprintf (first, sizeof first, "element %zu of C (%s) = %.17g%+.17gi", e,
                P->inside[e] ? "in a page, not written" : "outside the pages, overwritten",
                re, im);
  }
  const double eps = ceps (cls);
  for (int64_t s = 0; s < P->ns; s++) {
    const size_t e = (size_t) (P->oc[P->sp[s]] + P->si[s] + P->sj[s] * P->ldc);
    double re, im;
    cget (cls, P->hC, e, &re, &im);
    const double tol = 2.0 * (double) (P->k + 1) * eps * P->mag[s];
    const int ok = part_ok (re, P->ref_re[s], tol) && part_ok (im, P->ref_im[s], tol);
    if (!ok && bad++ == 0)
      snprintf (first, sizeof first, "page %lld C(%lld,%lld) = %.17g%+.17gi, expected "
                "%.17g%+.17gi (bound %.3g)", (long long) P->sp[s], (long long) P->si[s],
                (long long) P->sj[s], re, im, P->ref_re[s], P->ref_im[s], tol);
  }
  tu_result (bad == 0, "%s %s: %lld bad, first %s", what, P->desc, (long long) bad, first);
}

/* Device copies of A and B (at complex element offset `off`) and a C buffer with room for
   the same offset. */
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

static void poison_c (const product *P, const device_set *d)
{
  const size_t es = gm_class_size (P->cls);
  TU_CUDA (cudaMemset (d->C, 0xFF, (P->nc + d->off) * es + 16)); /* all-ones bytes: NaN */
}

/* After a kernel ran (status st): the status, then a fault-free finish, then C. */
static int kernel_finished (product *P, const device_set *d, gm_matmul_kernel kk, gm_status st,
                            int expect_work)
{
  const char *name = gm_matmul_kernel_name (kk);
  if (!kernel_runs (kk, P->cls) && expect_work) {
    tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s %s: status %d, expected invalid argument "
               "(kernel unavailable)", name, P->desc, (int) st);
    TU_CUDA (cudaDeviceSynchronize ());
    return 0;
  }
  if (st != GM_OK) {
    tu_result (0, "%s %s: status %d (%s)", name, P->desc, (int) st, gm_error_detail ());
    TU_CUDA (cudaDeviceSynchronize ());
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

/* ---- gm_matmul: one layout, every kernel ------------------------------------------------------ */
typedef struct {
  int pad_a, pad_b, pad_c;   /* ld - stored rows */
  int off;                   /* complex elements added to every device pointer */
  int64_t batch;             /* pages (1: a single product) */
  int gap;                   /* elements between pages beyond the page itself */
  int bcast;                 /* 1: stride_a = 0, 2: stride_b = 0 */
  int specials;              /* plant NaN and Inf */
} layout;

static const layout PLAIN = {0, 0, 0, 0, 1, 0, 0, 0};

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
  product_init (&P, cls, opa, opb, m, n, k, lda, ldb, ldc, batch, oa, ob, oc, L.specials, 0, 0);
  snprintf (P.desc, sizeof P.desc, "%s %c%c %lldx%lldx%lld (ld %lld %lld %lld, off %d, %lld "
            "pages, strides %lld %lld %lld%s)", cls_name (cls), op_letter[opa], op_letter[opb],
            (long long) m, (long long) n, (long long) k, (long long) lda, (long long) ldb,
            (long long) ldc, L.off, (long long) batch, (long long) sa, (long long) sb,
            (long long) sc, L.specials ? ", NaN/Inf" : "");
  device_set d = product_upload (&P, L.off);
  const size_t es = gm_class_size (cls);
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
    poison_c (&P, &d);
    gm_status st = gm_matmul (kk, cls, opa, opb, m, n, k, d.A + L.off * es, lda, sa,
                              d.B + L.off * es, ldb, sb, d.C + L.off * es, ldc, sc, batch, 0);
    if (kernel_finished (&P, &d, kk, st, m > 0 && n > 0 && batch > 0))
      product_check (&P, gm_matmul_kernel_name (kk));
  }
  device_set_free (&d);
  product_free (&P);
}

/* Shapes of the complex product; the real product it runs is 2m x n x 2k, so 63 / 65 and
   127 / 130 straddle the 128-row tiles, 129x7x130 a 256-deep k. */
static const int64_t shapes[][3] = {
    {0, 5, 7},    {5, 0, 7},    {5, 7, 0},     {1, 1, 1},      {2, 3, 1},
    {17, 31, 33}, {33, 65, 17}, {63, 65, 127}, {64, 64, 64},   {129, 7, 130},
    {97, 89, 101}, {1000, 3, 5}, {3, 1000, 5},  {300, 257, 400}};
static const int n_small_shapes = 9;   /* the first nine: quick */

static void test_products (gm_class cls)
{
  const int ns = sizeof shapes / sizeof shapes[0];
  layout L;
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    if (quick == 2) {
      /* racecheck: NN, CT and CC on one edge shape with NaN/Inf, padded or misaligned; k = 0
         on NN */
      if (p != 0 && p != 5 && p != 8)
        continue;
      L = variant (p + 1);
      L.specials = 1;
      run_case (cls, oa, ob, 33, 17, 9, L);
      if (p == 0)
        run_case (cls, oa, ob, 5, 7, 0, variant (1));
      continue;
    }
    for (int s = 0; s < ns; s++) {
      if (quick && s >= n_small_shapes)
        continue;
      const int64_t *sh = shapes[s];
      run_case (cls, oa, ob, sh[0], sh[1], sh[2], variant (s + p));
      if (!quick && sh[0] * sh[1] * sh[2] < 1000000) /* and plain too */
        run_case (cls, oa, ob, sh[0], sh[1], sh[2], PLAIN);
    }
    /* every pair in quick: an odd shape, and NaN/Inf planted */
    if (quick)
      run_case (cls, oa, ob, 17, 31, 33, variant (p));
    L = variant (p + 1);
    L.specials = 1;
    run_case (cls, oa, ob, 9, 11, 13, L);
    if (!quick) {
      L = variant (3);
      L.pad_c = 2;
      L.specials = 1;
      run_case (cls, oa, ob, 130, 131, 40, L);
      L = variant (p);
      L.specials = 1;
      run_case (cls, oa, ob, 97, 89, 101, L);
      for (int r = 0; r < 2; r++) /* random shapes and layouts */
        run_case (cls, oa, ob, tu_randint (1, 150), tu_randint (1, 150), tu_randint (1, 150),
                  variant (r + p));
    }
  }
}

static void test_batches (gm_class cls)
{
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    if (quick == 2) {
      if (p == 4)   /* TT: 7 pages with gaps, padded, B broadcast */
        run_case (cls, oa, ob, 9, 5, 6, batched (7, 2, 2, 1, 0));
      continue;
    }
    /* every pair: 7 pages with gaps, padded, A or B broadcast (rotating), misaligned */
    run_case (cls, oa, ob, 33, 17, 5, batched (7, 3, p % 3, p % 2, p % 4 == 3));
    if (quick) {
      /* a thousand tiny pages (auto's pages kernel) on a third of the pairs; NaN/Inf in two
         pages of a small batch on another third */
      if (p % 3 == 1)
        run_case (cls, oa, ob, 3, 2, 4, batched (1000, p % 2, 0, 0, 0));
      if (p % 3 == 2) {
        layout L = batched (2, 1, p % 2 + 1, 1, 0);
        L.specials = 1;
        run_case (cls, oa, ob, 9, 11, 13, L);
      }
      continue;
    }
    run_case (cls, oa, ob, 3, 2, 4, batched (1000, 0, 0, 0, 0));
    run_case (cls, oa, ob, 3, 2, 4, batched (1000, 2, 1 + p % 2, 1, 0));
    run_case (cls, oa, ob, 1, 1, 1, batched (1000, 1, 0, 0, 1));
    layout L = batched (2, 1, p % 3, 2, 0);
    L.specials = 1;
    run_case (cls, oa, ob, 9, 11, 13, L);
    run_case (cls, oa, ob, 65, 48, 300, batched (2, 0, 2, 0, 0));  /* deep k, few pages */
    run_case (cls, oa, ob, 130, 70, 90, batched (7, 5, 1, 1, 1));
    run_case (cls, oa, ob, 33, 17, 0, batched (7, 3, 0, 1, 0));     /* k = 0: zeros */
  }
}

/* ---- gm_matmul_pages: 3x1 pages of A against 1x4 of B ------------------------------------------ */
static void run_pages_broadcast (gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n,
                                 int64_t k, int gap)
{
  const int64_t lda = stored_rows_a (opa, m, k), ldb = stored_rows_b (opb, k, n), ldc = m;
  const int64_t step_a = lda * stored_cols_a (opa, m, k) + gap;
  const int64_t step_b = ldb * stored_cols_b (opb, k, n) + gap, step_c = ldc * n + gap;
  gm_pages pg;
  memset (&pg, 0, sizeof pg);
  pg.ndims = 2;
  pg.count[0] = 3; pg.count[1] = 4;
  pg.stride_a[0] = step_a; pg.stride_a[1] = 0;       /* A: 3x1 pages */
  pg.stride_b[0] = 0;      pg.stride_b[1] = step_b;  /* B: 1x4 pages */
  pg.stride_c[0] = step_c; pg.stride_c[1] = 3 * step_c;
  const int64_t total = 12;
  int64_t *oa = (int64_t *) xmalloc (sizeof (int64_t) * total);
  int64_t *ob = (int64_t *) xmalloc (sizeof (int64_t) * total);
  int64_t *oc = (int64_t *) xmalloc (sizeof (int64_t) * total);
  for (int64_t b = 0; b < total; b++) {
    oa[b] = (b % 3) * step_a;
    ob[b] = (b / 3) * step_b;
    oc[b] = b * step_c;
  }
  product P;
  product_init (&P, cls, opa, opb, m, n, k, lda, ldb, ldc, total, oa, ob, oc, 0, 0, 0);
  snprintf (P.desc, sizeof P.desc, "pages 3x1 by 1x4 %s %c%c %lldx%lldx%lld (gap %d)",
            cls_name (cls), op_letter[opa], op_letter[opb], (long long) m, (long long) n,
            (long long) k, gap);
  device_set d = product_upload (&P, 0);
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
    poison_c (&P, &d);
    gm_status st = gm_matmul_pages (kk, cls, opa, opb, m, n, k, d.A, lda, d.B, ldb, d.C, ldc,
                                    &pg, 0);
    if (kernel_finished (&P, &d, kk, st, 1))
      product_check (&P, gm_matmul_kernel_name (kk));
  }
  device_set_free (&d);
  product_free (&P);
}

/* ---- gm_matmul_host_complex ------------------------------------------------------------------- */
/* Contiguous host pages (ndims < 0: NULL pages); `same`: A and B one host array (X^H X);
   expect_imag: the c_has_imag expected (-1: only that it agrees with C). */
static void run_host (gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                      int ndims, const int64_t *cnt_a, const int64_t *cnt_b, int same,
                      int a_real, int b_real, gm_matmul_kernel kk, int expect_imag)
{
  const int64_t ra = stored_rows_a (opa, m, k), rb = stored_rows_b (opb, k, n);
  const int64_t lda = ra > 0 ? ra : 1, ldb = rb > 0 ? rb : 1, ldc = m > 0 ? m : 1;
  /* host pages are contiguous: stored rows times columns apart */
  gm_pages pg;
  page_layout (&pg, ndims, cnt_a, cnt_b, ra * stored_cols_a (opa, m, k),
               rb * stored_cols_b (opb, k, n), m * n);
  int64_t total;
  TU_GM (gm_pages_total (&pg, &total));
  int64_t *oa, *ob, *oc;
  page_offsets (&pg, total, &oa, &ob, &oc);
  product P;
  product_init (&P, cls, opa, opb, m, n, k, lda, ldb, ldc, total, oa, ob, oc, 0, a_real, b_real);
  if (same) { /* B is A: the same stored array, so the same values */
    if (P.nb != P.na || a_real != b_real) {
      fprintf (stderr, "%s: run_host: A and B differ, cannot be the same array\n", PROGRAM);
      exit (2);
    }
    free (P.hB);
    P.hB = P.hA;
    product_reference (&P);
  }
  snprintf (P.desc, sizeof P.desc, "host %s %c%c %lldx%lldx%lld, %lld pages%s%s%s",
            cls_name (cls), op_letter[opa], op_letter[opb], (long long) m, (long long) n,
            (long long) k, (long long) total, same ? ", A and B one array" : "",
            a_real ? ", A real" : "", b_real ? ", B real" : "");
  const size_t es = gm_class_size (cls);
  memset (P.hC, 0xFF, P.nc * es);
  int has_imag = -7;
  gm_status st = gm_matmul_host_complex (kk, cls, a_real, b_real, opa, opb, m, n, k, P.hA, P.hB,
                                         P.hC, ndims < 0 ? NULL : &pg, &has_imag);
  const int work = m > 0 && n > 0 && total > 0;
  const char *name = gm_matmul_kernel_name (kk);
  if (!kernel_runs (kk, cls) && work && k > 0)
    tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s %s: status %d, expected invalid argument",
               name, P.desc, (int) st);
  else if (st != GM_OK)
    tu_result (0, "%s %s: status %d (%s)", name, P.desc, (int) st, gm_error_detail ());
  else {
    product_check (&P, name);
    int any = 0;
    for (size_t e = 0; e < P.nc && work; e++) {
      double re, im;
      cget (cls, P.hC, e, &re, &im);
      any |= !(im == 0);
    }
    tu_result (has_imag == any && (expect_imag < 0 || has_imag == expect_imag),
               "%s %s: c_has_imag %d, C %s imaginary part, expected %d", name, P.desc,
               has_imag, any ? "has a nonzero" : "has no nonzero", expect_imag);
  }
  product_free (&P);
  size_t live, bytes, cached;
  gm_device_usage (&live, &bytes, &cached);
  tu_result (live == 0, "host %s: %zu device blocks left allocated", P.desc, live);
}

/* Octave's own example of promotion: [1 2] * [Inf*1i; 1] = NaN + Inf i (the real operand
   promoted, 1 * (0 + Inf i) = (1*0 - 0*Inf) + (1*Inf + 0*0) i), and the mirror image
   [Inf*1i, 1] * [1; 2]; every kernel. */
static void test_promotion_example (gm_class cls)
{
  const int single = cls == GM_COMPLEX_SINGLE;
  const double realv[2] = {1, 2}, cplx[4] = {0, INFINITY, 1, 0};
  float rf[2], cf[4], out_f[2];
  double out_d[2];
  for (int i = 0; i < 2; i++) rf[i] = (float) realv[i];
  for (int i = 0; i < 4; i++) cf[i] = (float) cplx[i];
  const void *hr = single ? (const void *) rf : (const void *) realv;
  const void *hc = single ? (const void *) cf : (const void *) cplx;
  void *out = single ? (void *) out_f : (void *) out_d;
  for (int side = 0; side < 2; side++)
    for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
      const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
      memset (out, 0xFF, single ? sizeof out_f : sizeof out_d);
      int has_imag = -7;
      /* side 0: real 1x2 times complex 2x1; side 1: complex 1x2 times real 2x1 */
      gm_status st = gm_matmul_host_complex (kk, cls, side == 0, side == 1, GM_OP_NONE,
                                             GM_OP_NONE, 1, 1, 2, side == 0 ? hr : hc,
                                             side == 0 ? hc : hr, out, NULL, &has_imag);
      const char *what = side == 0 ? "[1 2] * [Inf*1i; 1]" : "[Inf*1i, 1] * [1; 2]";
      if (!kernel_runs (kk, cls)) {
        tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s %s %s: status %d, expected invalid "
                   "argument", gm_matmul_kernel_name (kk), cls_name (cls), what, (int) st);
        continue;
      }
      double re, im;
      cget (cls, out, 0, &re, &im);
      tu_result (st == GM_OK && isnan (re) && im == INFINITY && has_imag == 1,
                 "%s %s %s = %g%+gi (status %d, c_has_imag %d), expected NaN + Inf i",
                 gm_matmul_kernel_name (kk), cls_name (cls), what, re, im, (int) st, has_imag);
    }
}

static void test_host (gm_class cls)
{
  const int64_t one[1] = {1}, a31[2] = {3, 1}, b14[2] = {1, 4}, p3[1] = {3};
  const gm_matmul_kernel AUTO = GM_MATMUL_AUTO;
  test_promotion_example (cls);
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    if (quick == 2 && p != 0 && p != 8)
      continue;
    run_host (cls, oa, ob, 17, 19, 23, -1, one, one, 0, 0, 0, AUTO, 1);   /* both complex */
    run_host (cls, oa, ob, 17, 19, 23, -1, one, one, 0, 1, 0, AUTO, 1);   /* A real */
    run_host (cls, oa, ob, 17, 19, 23, -1, one, one, 0, 0, 1, AUTO, 1);   /* B real */
    if (quick == 2)
      continue;
    run_host (cls, oa, ob, 7, 5, 3, 2, a31, b14, 0, 0, 0, AUTO, 1);       /* pages */
    run_host (cls, oa, ob, 7, 5, 3, 2, a31, b14, 0, 1, 0, GM_MATMUL_NAIVE, 1);
    if (!quick || p % 4 == 0)
      run_host (cls, oa, ob, 65, 33, 70, -1, one, one, 0, 0, 1,
                (gm_matmul_kernel) (1 + p % (GM_MATMUL_KERNEL_COUNT - 1)), 1);
  }
  /* real-valued complex operands: the imaginary parts of C are all zero */
  {
    const int64_t m = 13, n = 11, k = 9;
    const size_t es = gm_class_size (cls);
    void *hA = xmalloc ((size_t) (m * k) * es), *hB = xmalloc ((size_t) (k * n) * es);
    void *hC = xmalloc ((size_t) (m * n) * es);
    tu_fill (gm_class_real (cls), hA, NULL, (size_t) (2 * m * k));
    tu_fill (gm_class_real (cls), hB, NULL, (size_t) (2 * k * n));
    for (int64_t i = 0; i < m * k; i++) {
      double re, im;
      cget (cls, hA, (size_t) i, &re, &im);
      cset (cls, hA, (size_t) i, re, i % 5 == 0 ? -0.0 : 0.0);
    }
    for (int64_t i = 0; i < k * n; i++) {
      double re, im;
      cget (cls, hB, (size_t) i, &re, &im);
      cset (cls, hB, (size_t) i, re, 0.0);
    }
    for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
      const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
      int has_imag = -7;
      memset (hC, 0xFF, (size_t) (m * n) * es);
      gm_status st = gm_matmul_host_complex (kk, cls, 0, 0, GM_OP_NONE, GM_OP_NONE, m, n, k, hA,
                                             hB, hC, NULL, &has_imag);
      if (!kernel_runs (kk, cls)) {
        tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s host %s real-valued: status %d, expected "
                   "invalid argument", gm_matmul_kernel_name (kk), cls_name (cls), (int) st);
        continue;
      }
      int64_t bad = 0;
      for (int64_t i = 0; i < m * n; i++) {
        double re, im;
        cget (cls, hC, (size_t) i, &re, &im);
        bad += !(im == 0) || isnan (re);
      }
      tu_result (st == GM_OK && has_imag == 0 && bad == 0, "%s host %s real-valued complex "
                 "operands: status %d, c_has_imag %d, %lld parts wrong",
                 gm_matmul_kernel_name (kk), cls_name (cls), (int) st, has_imag,
                 (long long) bad);
    }
    free (hA); free (hB); free (hC);
  }
  /* X^H X and X X^H: one host array as both operands */
  const int64_t sizes[][2] = {{5, 9}, {33, 200}};
  for (int s = 0; s < (quick == 2 ? 1 : 2); s++) {
    const int64_t r = sizes[s][0], c = sizes[s][1];
    run_host (cls, GM_OP_CTRANSPOSE, GM_OP_NONE, r, r, c, -1, one, one, 1, 0, 0, AUTO, 1);
    run_host (cls, GM_OP_NONE, GM_OP_CTRANSPOSE, r, r, c, -1, one, one, 1, 0, 0, AUTO, 1);
    run_host (cls, GM_OP_TRANSPOSE, GM_OP_NONE, r, r, c, -1, one, one, 1, 0, 0, AUTO, 1);
    run_host (cls, GM_OP_CTRANSPOSE, GM_OP_NONE, r, r, c, 1, p3, p3, 1, 0, 0, AUTO, 1);
    run_host (cls, GM_OP_CTRANSPOSE, GM_OP_NONE, r, r, c, -1, one, one, 1, 1, 1, AUTO, 0);
  }
  /* k = 0: zeros, no imaginary part; empty results */
  run_host (cls, GM_OP_NONE, GM_OP_NONE, 5, 6, 0, -1, one, one, 0, 0, 0, AUTO, 0);
  run_host (cls, GM_OP_CTRANSPOSE, GM_OP_NONE, 5, 6, 0, -1, one, one, 0, 1, 0, AUTO, 0);
  run_host (cls, GM_OP_NONE, GM_OP_NONE, 0, 6, 7, -1, one, one, 0, 0, 0, AUTO, 0);
  if (!quick) /* over 1 MiB */
    run_host (cls, GM_OP_CTRANSPOSE, GM_OP_TRANSPOSE, 300, 260, 500, -1, one, one, 0, 0, 1,
              AUTO, 1);
}

/* ---- gm_transpose_op: every class, every op --------------------------------------------------- */
static void test_transpose (gm_class cls, gm_op op, int64_t rows, int64_t cols, int pad_src,
                            int pad_dst, int off)
{
  const size_t es = gm_class_size (cls);
  const int trans = op != GM_OP_NONE;
  const int conj = op == GM_OP_CTRANSPOSE && gm_class_is_complex (cls);
  const int64_t drows = trans ? cols : rows, dcols = trans ? rows : cols;
  const int64_t ld_src = (rows > 0 ? rows : 1) + pad_src;
  const int64_t ld_dst = (drows > 0 ? drows : 1) + pad_dst;
  const size_t ns = (size_t) (ld_src * cols), nd = (size_t) (ld_dst * dcols);
  unsigned char *hs = (unsigned char *) xmalloc (ns * es), *hd = (unsigned char *) xmalloc (nd * es);
  if (gm_class_is_complex (cls)) {
    /* finite values (negation is then exactly a flip of the sign bit), some zeros of either
       sign */
    tu_fill (gm_class_real (cls), hs, NULL, 2 * ns);
    for (size_t e = 0; e < ns; e += 7) {
      double re, im;
      cget (cls, hs, e, &re, &im);
      cset (cls, hs, e, re, (e / 7) % 2 ? -0.0 : 0.0);
    }
  } else {
    /* any bits at all (elements are moved, not interpreted), but no element all 0xFF: that
       is the poison an unwritten element would keep */
    for (size_t b = 0; b < ns * es; b++)
      hs[b] = (unsigned char) (tu_next () >> 56);
    for (size_t e = 0; e < ns; e++)
      if (all_ff (hs + e * es, es))
        hs[e * es] = 0;
  }
  char *ds, *dd;
  TU_GM (gm_device_alloc ((void **) &ds, (ns + off) * es + 16));
  TU_GM (gm_device_alloc ((void **) &dd, (nd + off) * es + 16));
  if (ns) TU_CUDA (cudaMemcpy (ds + off * es, hs, ns * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dd, 0xFF, (nd + off) * es + 16));
  gm_status st = gm_transpose_op (cls, op, rows, cols, ds + off * es, ld_src, dd + off * es,
                                  ld_dst, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  if (nd) TU_CUDA (cudaMemcpy (hd, dd + off * es, nd * es, cudaMemcpyDeviceToHost));
  int64_t bad = 0;
  unsigned char want[16];
  for (int64_t j = 0; j < dcols; j++)
    for (int64_t i = 0; i < ld_dst; i++) {
      const unsigned char *got = hd + (i + j * ld_dst) * es;
      int ok;
      if (i >= drows)
        ok = all_ff (got, es);               /* padding rows keep the poison */
      else {
        /* dst(i, j) = src(j, i) (transposed) or src(i, j) */
        const int64_t si = trans ? j : i, sj = trans ? i : j;
        memcpy (want, hs + (si + sj * ld_src) * es, es);
        if (conj)   /* flip the sign bit of the imaginary part (little-endian: its last byte) */
          want[es - 1] ^= 0x80;
        ok = memcmp (got, want, es) == 0;
      }
      bad += !ok;
    }
  tu_result (st == GM_OK && bad == 0, "transpose_op %s %s %lldx%lld (ld %lld -> %lld, off %d): "
             "status %d, %lld bad", cls_name (cls), gm_op_name (op), (long long) rows,
             (long long) cols, (long long) ld_src, (long long) ld_dst, off, (int) st,
             (long long) bad);
  gm_device_free (ds);
  gm_device_free (dd);
  free (hs);
  free (hd);
}

static void test_transposes (void)
{
  static const int64_t sizes[][2] = {{1, 1}, {33, 65}, {70, 3}, {3, 70}, {64, 32}, {0, 4}};
  const int nsz = quick == 2 ? 2 : sizeof sizes / sizeof sizes[0];
  for (int c = 0; c < GM_CLASS_COUNT; c++)
    for (int op = 0; op < 3; op++)
      for (int s = 0; s < nsz; s++)
        test_transpose ((gm_class) c, (gm_op) op, sizes[s][0], sizes[s][1], (s + op) % 3,
                        (s + c) % 4, s == 1 && op == 2);
  if (!quick)
    for (int c = 0; c < GM_CLASS_COUNT; c++)
      test_transpose ((gm_class) c, GM_OP_CTRANSPOSE, 1000, 1037, 1, 3, 0);
}

/* gm_mirror_upper_op on an n x n matrix (leading dimension ld): the upper triangle kept bit
   for bit, the lower the (conjugated) mirror, the diagonal's imaginary part zeroed for a
   Hermitian mirror, the padding rows untouched. */
static void test_mirror (gm_class cls, gm_op op, int64_t n, int64_t pad)
{
  const size_t es = gm_class_size (cls), rs = es / 2;
  const int64_t ld = n + pad;
  const size_t bytes = (size_t) (ld * n) * es + 16;
  unsigned char *h = (unsigned char *) xmalloc (bytes), *g = (unsigned char *) xmalloc (bytes);
  for (size_t b = 0; b < bytes; b++)
    h[b] = (unsigned char) (tu_next () >> 56);
  char *d;
  TU_GM (gm_device_alloc ((void **) &d, bytes));
  TU_CUDA (cudaMemcpy (d, h, bytes, cudaMemcpyHostToDevice));
  gm_status st = gm_mirror_upper_op (cls, op, n, d, ld, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (g, d, bytes, cudaMemcpyDeviceToHost));
  const int herm = op == GM_OP_CTRANSPOSE;
  int64_t bad = 0;
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < ld; i++) {
      const unsigned char *got = g + (size_t) (i + j * ld) * es;
      unsigned char want[16];
      if (i >= n || i <= j)         /* padding and the upper triangle: untouched */
        memcpy (want, h + (size_t) (i + j * ld) * es, es);
      else {                        /* C(i, j) = C(j, i), conjugated for a Hermitian mirror */
        memcpy (want, h + (size_t) (j + i * ld) * es, es);
        if (herm)
          want[es - 1] ^= 0x80;     /* the sign of the imaginary part (little-endian) */
      }
      if (herm && i == j)
        memset (want + rs, 0, rs);
      bad += memcmp (got, want, es) != 0;
    }
  tu_result (st == GM_OK && bad == 0, "mirror_upper_op %s %c n %lld pad %lld: status %d, %lld "
             "elements wrong", cls_name (cls), "NTC"[op], (long long) n, (long long) pad, (int) st,
             (long long) bad);
  gm_device_free (d);
  free (h);
  free (g);
}

static void test_mirrors (void)
{
  static const int64_t sizes[] = {1, 2, 31, 33, 100};
  for (int c = 0; c < 2; c++)
    for (int op = 1; op < 3; op++)
      for (int s = 0; s < (quick == 2 ? 2 : 5); s++)
        test_mirror (c ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE, (gm_op) op, sizes[s], s % 3);
  tu_result (gm_mirror_upper_op (GM_INT32, GM_OP_TRANSPOSE, 3, (void *) 16, 3, 0)
                 == GM_ERR_INVALID_ARGUMENT, "mirror_upper_op: an integer class accepted");
}

/* ---- element-wise helpers ----------------------------------------------------------------------- */
static void test_real_to_complex (gm_class cls, int64_t count)
{
  const size_t es = gm_class_size (cls), rs = es / 2;
  unsigned char *hs = (unsigned char *) xmalloc ((size_t) count * rs);
  unsigned char *hd = (unsigned char *) xmalloc ((size_t) count * es + 16);
  tu_fill (gm_class_real (cls), hs, NULL, (size_t) count);
  /* NaN, infinities and signed zeros among the values */
  const double specials[5] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};
  for (int64_t i = 0; i < count; i += 5) {
    if (cls == GM_COMPLEX_SINGLE)
      ((float *) hs)[i] = (float) specials[(i / 5) % 5];
    else
      ((double *) hs)[i] = specials[(i / 5) % 5];
  }
  char *ds, *dd;
  TU_GM (gm_device_alloc ((void **) &ds, (size_t) count * rs + 16));
  TU_GM (gm_device_alloc ((void **) &dd, (size_t) count * es + 16));
  if (count) TU_CUDA (cudaMemcpy (ds, hs, (size_t) count * rs, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dd, 0xFF, (size_t) count * es + 16));
  gm_status st = gm_real_to_complex (cls, count, ds, dd, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (hd, dd, (size_t) count * es + 16, cudaMemcpyDeviceToHost));
  int64_t bad = 0;
  static const unsigned char zero[8] = {0};
  for (int64_t i = 0; i < count; i++) {
    const unsigned char *got = hd + i * es;
    const double v = tu_get (gm_class_real (cls), hs, (size_t) i);
    /* real part: the value (NaN: a NaN), imaginary part: +0 */
    const int re_ok = isnan (v) ? isnan (tu_get (gm_class_real (cls), got, 0))
                                : memcmp (got, hs + i * rs, rs) == 0;
    bad += !(re_ok && memcmp (got + rs, zero, rs) == 0);
  }
  bad += !all_ff (hd + count * es, 16);
  tu_result (st == GM_OK && bad == 0, "real_to_complex %s count %lld: status %d, %lld bad",
             cls_name (cls), (long long) count, (int) st, (long long) bad);
  gm_device_free (ds); gm_device_free (dd);
  free (hs); free (hd);
}

static void test_real_part (gm_class cls, int64_t count)
{
  const size_t es = gm_class_size (cls), rs = es / 2;
  unsigned char *hs = (unsigned char *) xmalloc ((size_t) count * es);
  unsigned char *hd = (unsigned char *) xmalloc ((size_t) count * rs + 16);
  tu_fill (gm_class_real (cls), hs, NULL, (size_t) (2 * count));
  for (int64_t i = 0; i < count; i += 3)   /* signed zeros and infinities pass bit for bit */
    cset (cls, hs, (size_t) i, i % 2 ? -0.0 : -INFINITY, NAN);
  char *ds, *dd;
  TU_GM (gm_device_alloc ((void **) &ds, (size_t) count * es + 16));
  TU_GM (gm_device_alloc ((void **) &dd, (size_t) count * rs + 16));
  if (count) TU_CUDA (cudaMemcpy (ds, hs, (size_t) count * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dd, 0xFF, (size_t) count * rs + 16));
  gm_status st = gm_complex_real_part (cls, count, ds, dd, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (hd, dd, (size_t) count * rs + 16, cudaMemcpyDeviceToHost));
  int64_t bad = 0;
  for (int64_t i = 0; i < count; i++)
    bad += memcmp (hd + i * rs, hs + i * es, rs) != 0;
  bad += !all_ff (hd + count * rs, 16);
  tu_result (st == GM_OK && bad == 0, "complex_real_part %s count %lld: status %d, %lld bad",
             cls_name (cls), (long long) count, (int) st, (long long) bad);
  gm_device_free (ds); gm_device_free (dd);
  free (hs); free (hd);
}

static void test_has_imag (gm_class cls, int64_t count)
{
  const size_t es = gm_class_size (cls);
  void *hs = xmalloc ((size_t) count * es);
  tu_fill (gm_class_real (cls), hs, NULL, (size_t) (2 * count));
  for (int64_t i = 0; i < count; i++) {
    double re, im;
    cget (cls, hs, (size_t) i, &re, &im);
    cset (cls, hs, (size_t) i, re, 0.0);
  }
  char *ds;
  TU_GM (gm_device_alloc ((void **) &ds, (size_t) count * es + 16));
  if (count) TU_CUDA (cudaMemcpy (ds, hs, (size_t) count * es, cudaMemcpyHostToDevice));
  /* Step by step, one element of the device copy set to (1, im); every other imaginary part
     is zero at each step, so the answer is whether that im (as stored: in single -1e-300 is
     -0) is nonzero. */
  struct step { int64_t at; double im; const char *what; };
  const step steps[] = {
      {-1, 0, "all imaginary parts zero"},
      {count - 1, 0.5, "one nonzero imaginary part, the last"},
      {count - 1, 0.0, "zero again (the flag reset)"},
      {count / 2, -0.0, "a -0 imaginary part"},
      {count - 1, NAN, "a NaN imaginary part"},
      {count - 1, 0.0, "zero again"},
      {0, -1e-300, "a tiny imaginary part (-0 in single), the first"}};
  for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
    if (count == 0 && steps[s].at >= 0)
      continue;
    int want = 0;
    if (steps[s].at >= 0) {
      unsigned char pair[16];
      double re, im;
      cset (cls, pair, 0, 1.0, steps[s].im);
      cget (cls, pair, 0, &re, &im);
      want = !(im == 0);
      TU_CUDA (cudaMemcpy (ds + steps[s].at * es, pair, es, cudaMemcpyHostToDevice));
    }
    int any = -7;
    gm_status st = gm_complex_has_imag (cls, count, ds, &any, 0);
    tu_result (st == GM_OK && any == want,
               "complex_has_imag %s count %lld, %s: status %d, got %d, expected %d",
               cls_name (cls), (long long) count, steps[s].what, (int) st, any, want);
  }
  gm_device_free (ds);
  free (hs);
}

/* ---- gm_scale and gm_scale_complex against std::complex ----------------------------------------
 * The references are the host's own complex products: g++ compiles this host code without
 * -ffast-math or -march, so std::complex<T> * std::complex<T> is the inline textbook formula
 * plus libgcc's __muldc3 / __mulsc3 (C99 Annex G) where it gives NaN + NaN i, exactly what
 * Octave's std::complex computes; x86-64 without -march has no FMA, so nothing is contracted.
 * complex * real is std::complex<T> * T: each part multiplied, no promotion. */
template <typename T> static std::complex<T> ref_mul (std::complex<T> a, std::complex<T> b)
{
  return a * b;
}
template <typename T> static std::complex<T> ref_mul_real (std::complex<T> a, T b)
{
  return a * b;
}

template <typename T> static int same_part (T got, T want)
{
  return std::isnan (want) ? std::isnan (got) : memcmp (&got, &want, sizeof (T)) == 0;
}

/* The values every factor takes: zeros of both signs, infinities, NaN, huge (products
   overflow), subnormal, ordinary. */
template <typename T> static int special_values (T *v)
{
  const T huge = sizeof (T) == 8 ? (T) 1e300 : (T) 1e30;
  const T sub = std::numeric_limits<T>::denorm_min () * (T) 3;
  const T inf = std::numeric_limits<T>::infinity (), nan = std::numeric_limits<T>::quiet_NaN ();
  const T list[] = {(T) 0, -(T) 0, (T) 1.5, (T) -0.625, inf, -inf, nan, huge, -huge, sub, -sub,
                    std::numeric_limits<T>::min () / (T) 4, (T) 3.25e-5};
  const int n = (int) (sizeof list / sizeof list[0]);
  for (int i = 0; i < n; i++)
    v[i] = list[i];
  return n;
}

/* alpha (alpha_real: its real part only) times count elements of B (b_real: real values):
   the first elements of B are every pair of special values, the rest random, some scaled to
   huge or subnormal.  via: 0 gm_scale_complex, 1 gm_scale (both complex), 2
   gm_scale_host_complex. */
template <typename T>
static void run_scale (gm_class cls, int alpha_real, int b_real, int via, int64_t count,
                       std::complex<T> alpha)
{
  T sv[16];
  const int nv = special_values (sv);
  const T huge = sizeof (T) == 8 ? (T) 1e300 : (T) 1e30;
  const size_t es = 2 * sizeof (T), bs = b_real ? sizeof (T) : es;
  T *hB = (T *) xmalloc ((size_t) count * bs), *hC = (T *) xmalloc ((size_t) count * es + 16);
  for (int64_t i = 0; i < count; i++) {
    T re, im;
    const int64_t pairs = b_real ? nv : nv * nv;
    if (i < pairs) {
      re = sv[i % nv];
      im = sv[(i / nv) % nv];
    } else {
      re = (T) tu_uniform ();
      im = (T) tu_uniform ();
      if (i % 7 == 0) { re *= huge; im *= huge; }
      if (i % 11 == 0) { re *= std::numeric_limits<T>::min (); }
    }
    if (b_real)
      hB[i] = re;
    else {
      hB[2 * i] = re;
      hB[2 * i + 1] = im;
    }
  }
  const T ha[2] = {alpha.real (), alpha.imag ()};
  memset (hC, 0xFF, (size_t) count * es + 16);
  gm_status st;
  int has_imag = -7;
  if (via == 2)
    st = gm_scale_host_complex (cls, alpha_real, b_real, count, ha, hB, hC, &has_imag);
  else {
    char *da, *dB, *dC;
    TU_GM (gm_device_alloc ((void **) &da, es));
    TU_GM (gm_device_alloc ((void **) &dB, (size_t) count * bs + 16));
    TU_GM (gm_device_alloc ((void **) &dC, (size_t) count * es + 16));
    TU_CUDA (cudaMemcpy (da, ha, alpha_real ? sizeof (T) : es, cudaMemcpyHostToDevice));
    if (count) TU_CUDA (cudaMemcpy (dB, hB, (size_t) count * bs, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemset (dC, 0xFF, (size_t) count * es + 16));
    st = via == 1 ? gm_scale (cls, count, da, dB, dC, 0)
                  : gm_scale_complex (cls, alpha_real, b_real, count, da, dB, dC, 0);
    TU_CUDA (cudaDeviceSynchronize ());
    TU_CUDA (cudaMemcpy (hC, dC, (size_t) count * es + 16, cudaMemcpyDeviceToHost));
    gm_device_free (da); gm_device_free (dB); gm_device_free (dC);
  }
  int64_t bad = 0;
  int any = 0;
  char first[200] = "";
  for (int64_t i = 0; i < count; i++) {
    std::complex<T> want;
    if (alpha_real)
      want = ref_mul_real (std::complex<T> (hB[2 * i], hB[2 * i + 1]), alpha.real ());
    else if (b_real)
      want = ref_mul_real (alpha, hB[i]);
    else
      want = ref_mul (alpha, std::complex<T> (hB[2 * i], hB[2 * i + 1]));
    any |= !(want.imag () == 0);
    const T gr = hC[2 * i], gi = hC[2 * i + 1];
    if (!(same_part (gr, want.real ()) && same_part (gi, want.imag ())) && bad++ == 0)
      snprintf (first, sizeof first, "C[%lld] = %.9g%+.9gi, expected %.9g%+.9gi (B = %.9g%+.9gi)",
                (long long) i, (double) gr, (double) gi, (double) want.real (),
                (double) want.imag (), (double) (b_real ? hB[i] : hB[2 * i]),
                (double) (b_real ? 0 : hB[2 * i + 1]));
  }
  if (via != 2)
    bad += !all_ff (hC + 2 * count, 16);
  static const char *const vias[3] = {"scale_complex", "scale", "scale_host_complex"};
  tu_result (st == GM_OK && bad == 0 && (via != 2 || has_imag == any),
             "%s %s alpha %g%+gi%s%s count %lld: status %d, %lld bad (first %s), c_has_imag %d "
             "(expected %d)", vias[via], cls_name (cls), (double) alpha.real (),
             alpha_real ? 0.0 : (double) alpha.imag (), alpha_real ? " (real)" : "",
             b_real ? ", B real" : "", (long long) count, (int) st, (long long) bad, first,
             has_imag, any);
  free (hB);
  free (hC);
}

template <typename T> static void test_scale (gm_class cls)
{
  T sv[16];
  const int nv = special_values (sv);
  const int64_t base = 200 + 16 * 16;   /* every pair of specials, then randoms */
  const int64_t big = quick == 2 ? 4099 : quick ? 100003 : 1000003;
  /* alpha: every pair of special values (complex), every special value (real) */
  for (int i = 0; i < nv * nv; i++) {
    if (quick == 2 && i % 5 != 0)
      continue;
    const std::complex<T> alpha (sv[i % nv], sv[(i / nv) % nv]);
    run_scale<T> (cls, 0, 0, i % 2, base, alpha);
    run_scale<T> (cls, 0, 1, 0, base, alpha);
    if (i < nv)
      run_scale<T> (cls, 1, 0, 0, base, alpha);
  }
  const std::complex<T> ordinary ((T) 0.75, (T) -1.25);
  run_scale<T> (cls, 0, 0, 0, big, ordinary);
  run_scale<T> (cls, 0, 0, 1, big, ordinary);
  run_scale<T> (cls, 0, 0, 0, 0, ordinary);
  run_scale<T> (cls, 0, 0, 1, 1, ordinary);
  run_scale<T> (cls, 1, 0, 0, 1, ordinary);
  run_scale<T> (cls, 0, 1, 0, 1, ordinary);
  /* host arrays: each combination, c_has_imag both ways */
  run_scale<T> (cls, 0, 0, 2, base, ordinary);
  run_scale<T> (cls, 1, 0, 2, base, ordinary);
  run_scale<T> (cls, 0, 1, 2, base, ordinary);
  run_scale<T> (cls, 0, 1, 2, base, std::complex<T> ((T) 2, (T) 0));   /* zero imag: 0 */
  run_scale<T> (cls, 0, 1, 2, 5, std::complex<T> ((T) 2, (T) 0));
  run_scale<T> (cls, 0, 0, 2, big, std::complex<T> (sv[4], sv[6]));    /* Inf + NaN i */
  run_scale<T> (cls, 0, 0, 2, 0, ordinary);
}

/* gm_scale_host_complex on inputs whose products have no imaginary part: c_has_imag 0. */
template <typename T> static void test_scale_host_real_valued (gm_class cls)
{
  const int64_t count = 1000;
  T *hB = (T *) xmalloc (count * 2 * sizeof (T)), *hC = (T *) xmalloc (count * 2 * sizeof (T));
  for (int64_t i = 0; i < count; i++) {
    hB[2 * i] = (T) tu_uniform ();
    hB[2 * i + 1] = 0;
  }
  const T alpha = (T) -3;
  int has_imag = -7;
  gm_status st = gm_scale_host_complex (cls, 1, 0, count, &alpha, hB, hC, &has_imag);
  int64_t bad = 0;
  for (int64_t i = 0; i < count; i++)
    bad += !(hC[2 * i] == alpha * hB[2 * i] && hC[2 * i + 1] == 0);
  tu_result (st == GM_OK && has_imag == 0 && bad == 0, "scale_host_complex %s real alpha, "
             "real-valued complex B: status %d, c_has_imag %d, %lld bad", cls_name (cls),
             (int) st, has_imag, (long long) bad);
  free (hB);
  free (hC);
}

/* ---- argument checks ---------------------------------------------------------------------------- */
static void test_api (void)
{
  /* Real device memory behind every pointer: an argument check that let a call through would
     then compute on it instead of faulting. */
  void *d;
  TU_GM (gm_device_alloc (&d, 1 << 16));
  const gm_op N = GM_OP_NONE, T = GM_OP_TRANSPOSE, C = GM_OP_CTRANSPOSE;
  const gm_status INV = GM_ERR_INVALID_ARGUMENT;
  const char *dA = (const char *) d, *dB = dA + (1 << 14);
  void *dC = (char *) d + (1 << 15);
  TU_CUDA (cudaMemset (d, 0, 1 << 16));
  for (int c = 0; c < 2; c++) {
    const gm_class S = c ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE;
    const char *nm = cls_name (S);
#define MM(kern, opa, opb, m, n, k, lda, sa, ldb, sb, ldc, sc, batch)                              \
  gm_matmul (kern, S, opa, opb, m, n, k, dA, lda, sa, dB, ldb, sb, dC, ldc, sc, batch, 0)
    tu_result (MM (GM_MATMUL_AUTO, N, N, -1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV, "%s: negative m",
               nm);
    tu_result (MM (GM_MATMUL_NAIVE, N, N, 1, -1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
               "%s: negative n", nm);
    tu_result (MM (GM_MATMUL_AUTO, C, N, 1, 1, -1, 1, 0, 1, 0, 1, 0, 1) == INV, "%s: negative k",
               nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 1, -1) == INV,
               "%s: negative batch accepted", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 2, 2, 2, 2, -4, 2, 4, 2, 4, 2) == INV,
               "%s: negative stride accepted", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 4, 3, 2, 4, 8, 2, 6, 4, 11, 2) == INV,
               "%s: overlapping pages of C accepted (stride_c 11 < 4 * 3)", nm);
    tu_result (MM (GM_MATMUL_WPT, N, C, 4, 3, 2, 4, 8, 3, 6, 5, 14, 3) == INV,
               "%s: overlapping pages of C accepted (stride_c 14 < 5 * 3)", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 4, 3, 2, 4, 8, 2, 6, 4, 0, 2) == INV,
               "%s: C stride 0 with 2 pages accepted", nm);
    tu_result (MM (GM_MATMUL_NAIVE, N, N, 4, 3, 2, 4, 8, 2, 6, 4, 12, 2) == GM_OK,
               "%s: back-to-back pages of C refused", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 4, 1, 1, 3, 0, 1, 0, 4, 0, 1) == INV,
               "%s: lda < m (N)", nm);
    tu_result (MM (GM_MATMUL_AUTO, T, N, 2, 1, 4, 2, 0, 4, 0, 2, 0, 1) == INV,
               "%s: lda < k for op T accepted", nm);
    tu_result (MM (GM_MATMUL_TILED, C, N, 2, 1, 4, 3, 0, 4, 0, 2, 0, 1) == INV,
               "%s: lda < k for op C accepted", nm);
    tu_result (MM (GM_MATMUL_NAIVE, C, N, 5, 1, 4, 4, 0, 4, 0, 5, 0, 1) == GM_OK,
               "%s: lda = k < m for op C refused", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 1, 1, 4, 1, 0, 3, 0, 1, 0, 1) == INV, "%s: ldb < k (N)",
               nm);
    tu_result (MM (GM_MATMUL_AUTO, N, C, 1, 4, 2, 1, 0, 3, 0, 1, 0, 1) == INV,
               "%s: ldb < n for op C accepted", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, T, 1, 4, 2, 1, 0, 3, 0, 1, 0, 1) == INV,
               "%s: ldb < n for op T accepted", nm);
    tu_result (MM (GM_MATMUL_AUTO, N, N, 4, 1, 1, 4, 0, 1, 0, 3, 0, 1) == INV, "%s: ldc < m",
               nm);
    tu_result (MM (GM_MATMUL_AUTO, (gm_op) 3, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
               "%s: op A 3 accepted", nm);
    tu_result (MM ((gm_matmul_kernel) 99, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
               "%s: kernel 99 accepted", nm);
    if (S == GM_COMPLEX_SINGLE)
      tu_result (MM (GM_MATMUL_DMMA, N, N, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1) == INV,
                 "dmma in complex single accepted");
    tu_result (gm_matmul (GM_MATMUL_NAIVE, S, N, N, 0, 5, 5, NULL, 1, 0, NULL, 5, 0, NULL, 1, 0,
                          1, 0) == GM_OK, "%s: m == 0 not a no-op", nm);
#undef MM
    TU_CUDA (cudaDeviceSynchronize ());
    /* helpers */
    const gm_class R = gm_class_real (S);
    tu_result (gm_real_to_complex (R, 4, dA, dC, 0) == INV, "real_to_complex: real class %s "
               "accepted", cls_name (R));
    tu_result (gm_real_to_complex (S, -1, dA, dC, 0) == INV, "real_to_complex: negative count");
    tu_result (gm_complex_real_part (R, 4, dA, dC, 0) == INV, "complex_real_part: real class");
    tu_result (gm_complex_real_part (S, -1, dA, dC, 0) == INV,
               "complex_real_part: negative count");
    int any = -7;
    tu_result (gm_complex_has_imag (R, 4, dA, &any, 0) == INV, "complex_has_imag: real class");
    tu_result (gm_complex_has_imag (S, -1, dA, &any, 0) == INV,
               "complex_has_imag: negative count");
    any = -7;
    tu_result (gm_complex_has_imag (S, 0, dA, &any, 0) == GM_OK && any == 0,
               "complex_has_imag %s count 0: %d", nm, any);
    tu_result (gm_scale_complex (R, 1, 0, 4, dA, dB, dC, 0) == INV, "scale_complex: real class");
    tu_result (gm_scale_complex (S, 1, 1, 4, dA, dB, dC, 0) == INV,
               "scale_complex: both factors real accepted");
    tu_result (gm_scale_complex (S, 0, 0, -1, dA, dB, dC, 0) == INV,
               "scale_complex: negative count");
    tu_result (gm_scale (S, -1, dA, dB, dC, 0) == INV, "scale %s: negative count", nm);
    tu_result (gm_transpose_op (S, (gm_op) 3, 2, 2, dA, 2, dC, 2, 0) == INV,
               "transpose_op: op 3 accepted");
    tu_result (gm_transpose_op (S, C, 3, 2, dA, 3, dC, 1, 0) == INV,
               "transpose_op: ld_dst < cols accepted");
    tu_result (gm_transpose_op (S, N, 3, 2, dA, 3, dC, 2, 0) == INV,
               "transpose_op none: ld_dst < rows accepted");
    tu_result (gm_transpose_op (S, N, 3, 2, dA, 2, dC, 3, 0) == INV,
               "transpose_op none: ld_src < rows accepted");
    TU_CUDA (cudaDeviceSynchronize ());
    /* host functions */
    double h[64] = {0};
    int has_imag = -7;
    tu_result (gm_matmul_host_complex (GM_MATMUL_AUTO, R, 0, 0, N, N, 2, 2, 2, h, h, h + 32,
                                       NULL, &has_imag) == INV,
               "matmul_host_complex: real class %s accepted", cls_name (R));
    tu_result (gm_matmul_host_complex (GM_MATMUL_AUTO, GM_INT8, 0, 0, N, N, 2, 2, 2, h, h,
                                       h + 32, NULL, &has_imag) == INV,
               "matmul_host_complex: int8 accepted");
    tu_result (gm_matmul_host_complex (GM_MATMUL_AUTO, S, 0, 0, N, N, -2, 2, 2, h, h, h + 32,
                                       NULL, &has_imag) == INV,
               "matmul_host_complex: negative m accepted");
    tu_result (gm_matmul_host_complex (GM_MATMUL_AUTO, S, 0, 0, (gm_op) 4, N, 2, 2, 2, h, h,
                                       h + 32, NULL, &has_imag) == INV,
               "matmul_host_complex: op 4 accepted");
    tu_result (gm_scale_host_complex (R, 1, 0, 4, h, h, h + 32, &has_imag) == INV,
               "scale_host_complex: real class %s accepted", cls_name (R));
    tu_result (gm_scale_host_complex (S, 0, 0, -4, h, h, h + 32, &has_imag) == INV,
               "scale_host_complex: negative count accepted");
    has_imag = -7;
    tu_result (gm_scale_host_complex (S, 0, 0, 0, h, h, h + 32, &has_imag) == GM_OK
                   && has_imag == 0, "scale_host_complex: count 0");
  }
  TU_CUDA (cudaDeviceSynchronize ());
  gm_device_free (d);
}

int main (int argc, char **argv)
{
  gm_device_info info;
  if (!start_program (argc, argv, &quick, &info))
    return tu_finish (PROGRAM);
  device_cc = 10 * info.major + info.minor;
  const time_t t0 = time (NULL);
  tu_seed (20260111);
  test_api ();
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE;
    int before = tu_passed + tu_failed;
    test_products (cls);
    test_batches (cls);
    run_pages_broadcast (cls, GM_OP_NONE, GM_OP_NONE, 7, 5, 3, 0);
    if (quick != 2)
      run_pages_broadcast (cls, GM_OP_CTRANSPOSE, GM_OP_TRANSPOSE, 9, 4, 6, 2);
    printf ("%s: %s products, batches and pages: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    before = tu_passed + tu_failed;
    test_host (cls);
    printf ("%s: %s host products: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
    before = tu_passed + tu_failed;
    const int64_t big = quick == 2 ? 4099 : quick ? 100003 : 1000003;
    const int64_t counts[3] = {0, 1, big};
    for (int i = 0; i < 3; i++) {
      test_real_to_complex (cls, counts[i]);
      test_real_part (cls, counts[i]);
      test_has_imag (cls, counts[i]);
    }
    if (c)
      test_scale<float> (cls);
    else
      test_scale<double> (cls);
    if (c)
      test_scale_host_real_valued<float> (cls);
    else
      test_scale_host_real_valued<double> (cls);
    printf ("%s: %s element-wise and scale: %d checks (%lld s)\n", PROGRAM, cls_name (cls),
            tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
  }
  int before = tu_passed + tu_failed;
  test_mirrors ();
  test_transposes ();
  printf ("%s: transpose_op, every class: %d checks (%lld s)\n", PROGRAM,
          tu_passed + tu_failed - before, (long long) (time (NULL) - t0));
  TU_CUDA (cudaDeviceSynchronize ());
  size_t live, bytes, cached;
  gm_device_usage (&live, &bytes, &cached);
  tu_result (live == 0, "%zu device blocks (%zu bytes) left allocated after all tests", live,
             bytes);
  return tu_finish (PROGRAM);
}
