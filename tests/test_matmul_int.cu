/* test_matmul_int.cu: gm_matmul on the eight integer classes against an exact CPU reference.
 *
 *   - every integer class x kernel (auto, naive, tiled) x operation pair (none, transpose,
 *     ctranspose for A and B: for integers ctranspose is transpose) on shapes that reach the
 *     edges of every tile: 1x1x1, k = 0 (zeros), m or n = 0 (nothing written), k = 1, primes,
 *     31..33, 63..65, 127..129, tall, wide, k past several tiles;
 *   - data of three kinds: the full range of the class with extremes planted (intmin, intmax,
 *     0, +-1: most sums saturate), small values (no saturation: exact sums), and values whose
 *     partial sums run past the accumulator a narrower kernel would use (see exact_cases);
 *   - strided batches: several pages, stride 0 for A or for B (one matrix for every page),
 *     padded leading dimensions and gaps between pages of C;
 *   - the exactness cases: 64-bit products near 2^124 whose partial sums pass 2^127 (an
 *     __int128 accumulator would wrap) but whose total cancels to 35, and totals of 2^128 + 35,
 *     which must saturate (a wrapping 128-bit sum would say 35); int32 the same against a
 *     64-bit sum; the 8-bit classes against a 32-bit tile sum over k = 100000;
 *   - the int8 / uint8 tensor-core path of auto: edges of its 128 x 128 tiles, and k = 32768
 *     with every product at its largest (the int32 sums at their limit), k = 32769 (tiled);
 *   - refusals: kernels other than auto, naive and tiled (also when k = 0).
 *
 * The reference sums each product, split as hi * 2^64 + lo (0 <= lo < 2^64), as two __int128
 * sums, then saturates: exact for any k this program uses, and computed differently from the
 * kernels' 192-bit accumulator.  C's buffer is poisoned before each run: every element of a
 * page must match exactly, every element outside the pages must still hold the poison.
 *
 *   test_matmul_int            the full set
 *   test_matmul_int --quick    every class x kernel x op pair on a few edge shapes, one batch
 *                              (for compute-sanitizer memcheck)
 *   test_matmul_int --race     every class x kernel on NN and TT, one small shape and a batch
 *                              (for racecheck)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <time.h>
#include "test_util.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

static const char *PROGRAM = "test_matmul_int";
#include "matmul_test_util.h"
static int quick;   /* 1: --quick, 2: --race */
static int ld_align;   /* 1: leading dimensions rounded up to 16 elements (16-byte paths) */
static const unsigned char POISON = 0xA5;

static const gm_class CLASSES[8] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16,
                                    GM_INT32, GM_UINT32, GM_INT64, GM_UINT64};
static const gm_matmul_kernel KERNELS[3] = {GM_MATMUL_AUTO, GM_MATMUL_NAIVE, GM_MATMUL_TILED};

static int is_signed (gm_class c)
{
  return c == GM_INT8 || c == GM_INT16 || c == GM_INT32 || c == GM_INT64;
}
static int bits (gm_class c) { return 8 * (int) gm_class_size (c); }
static i128 cls_max (gm_class c)
{
  return is_signed (c) ? ((i128) 1 << (bits (c) - 1)) - 1 : ((i128) 1 << bits (c)) - 1;
}
static i128 cls_min (gm_class c) { return is_signed (c) ? -((i128) 1 << (bits (c) - 1)) : 0; }

static i128 get_elem (gm_class c, const void *buf, size_t i)
{
  switch (c) {
  case GM_INT8: return ((const int8_t *) buf)[i];
  case GM_UINT8: return ((const uint8_t *) buf)[i];
  case GM_INT16: return ((const int16_t *) buf)[i];
  case GM_UINT16: return ((const uint16_t *) buf)[i];
  case GM_INT32: return ((const int32_t *) buf)[i];
  case GM_UINT32: return ((const uint32_t *) buf)[i];
  case GM_INT64: return ((const int64_t *) buf)[i];
  default: return ((const uint64_t *) buf)[i];
  }
}
static void set_elem (gm_class c, void *buf, size_t i, i128 v)
{
  switch (c) {
  case GM_INT8: ((int8_t *) buf)[i] = (int8_t) v; break;
  case GM_UINT8: ((uint8_t *) buf)[i] = (uint8_t) v; break;
  case GM_INT16: ((int16_t *) buf)[i] = (int16_t) v; break;
  case GM_UINT16: ((uint16_t *) buf)[i] = (uint16_t) v; break;
  case GM_INT32: ((int32_t *) buf)[i] = (int32_t) v; break;
  case GM_UINT32: ((uint32_t *) buf)[i] = (uint32_t) v; break;
  case GM_INT64: ((int64_t *) buf)[i] = (int64_t) v; break;
  default: ((uint64_t *) buf)[i] = (uint64_t) v; break;
  }
}
static int is_poison (gm_class c, const void *buf, size_t i)
{
  const unsigned char *b = (const unsigned char *) buf + i * gm_class_size (c);
  for (size_t q = 0; q < gm_class_size (c); q++)
    if (b[q] != POISON)
      return 0;
  return 1;
}
static void print_i128 (char *out, i128 v)
{
  char tmp[48];
  int n = 0, neg = v < 0;
  u128 u = neg ? (u128) 0 - (u128) v : (u128) v;
  do {
    tmp[n++] = (char) ('0' + (int) (u % 10));
    u /= 10;
  } while (u);
  if (neg)
    *out++ = '-';
  while (n)
    *out++ = tmp[--n];
  *out = 0;
}

/* Exact sum of products, saturated to the class: sum_hi * 2^64 + sum_lo. */
typedef struct {
  i128 hi;
  u128 lo;
} refsum;
static void ref_add (refsum *s, gm_class c, i128 a, i128 b)
{
  if (c == GM_UINT64) {
    const u128 p = (u128) a * (u128) b;
    s->hi += (i128) (p >> 64);
    s->lo += (uint64_t) p;
  } else {
    const i128 p = a * b;                       /* |p| <= 2^126 */
    const i128 ph = p >> 64;                    /* floor */
    s->hi += ph;
    s->lo += (u128) (p - ph * ((i128) 1 << 64));
  }
}
static i128 ref_saturate (const refsum *s, gm_class c)
{
  const i128 hi = s->hi + (i128) (s->lo >> 64);
  const i128 lo = (i128) (uint64_t) s->lo;      /* value = hi * 2^64 + lo, 0 <= lo < 2^64 */
  if (hi > 0)
    return cls_max (c);
  if (hi < -1)
    return cls_min (c);
  const i128 v = hi == 0 ? lo : lo - ((i128) 1 << 64);
  return v > cls_max (c) ? cls_max (c) : v < cls_min (c) ? cls_min (c) : v;
}

/* Data kinds */
enum { DATA_FULL, DATA_SMALL };
static i128 draw (gm_class c, int kind)
{
  if (kind == DATA_SMALL)
    return is_signed (c) ? tu_randint (-9, 9) : tu_randint (0, 12);
  switch (tu_next () % 8) {
  case 0: return cls_min (c);
  case 1: return cls_max (c);
  case 2: return 0;
  case 3: return is_signed (c) ? -1 : 1;
  default: {
    const u128 r = ((u128) tu_next () << 64) | tu_next ();
    const i128 span = cls_max (c) - cls_min (c) + 1;
    return cls_min (c) + (i128) (r % (u128) span);
  }
  }
}


/* One product of `pages` pages, stride_a / stride_b 0 allowed; lda, ldb, ldc padded by pad.
   A and B come from fill (or the random kinds), the reference is computed here, every kernel's
   C is compared in full. */
typedef struct {
  gm_class cls;
  gm_op opa, opb;
  int64_t m, n, k, lda, ldb, ldc, pages, sa, sb, sc;
  size_t na, nb, nc;
  void *hA, *hB, *hC;
  i128 *ref;                 /* m * n * pages */
} product;


static void product_init (product *P, gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n,
                          int64_t k, int pad, int64_t pages, int a_once, int b_once, int gap)
{
  memset (P, 0, sizeof *P);
  P->cls = cls; P->opa = opa; P->opb = opb; P->m = m; P->n = n; P->k = k; P->pages = pages;
  P->lda = stored_rows_a (opa, m, k) + pad;
  P->ldb = stored_rows_b (opb, k, n) + pad;
  if (P->lda < 1) P->lda = 1;
  if (P->ldb < 1) P->ldb = 1;
  P->ldc = (m > 0 ? m : 1) + pad;
  if (ld_align) {
    P->lda = (P->lda + 15) / 16 * 16;
    P->ldb = (P->ldb + 15) / 16 * 16;
  }
  const int64_t page_a = P->lda * stored_cols_a (opa, m, k), page_b = P->ldb * stored_cols_b (opb, k, n);
  P->sa = a_once ? 0 : page_a;
  P->sb = b_once ? 0 : page_b;
  P->sc = P->ldc * n + gap;
  P->na = (size_t) (a_once ? page_a : page_a * pages);
  P->nb = (size_t) (b_once ? page_b : page_b * pages);
  P->nc = (size_t) (pages > 0 ? P->sc * (pages - 1) + P->ldc * n : 0);
  const size_t es = gm_class_size (cls);
  P->hA = xmalloc (P->na * es);
  P->hB = xmalloc (P->nb * es);
  P->hC = xmalloc (P->nc * es);
  P->ref = (i128 *) xmalloc ((size_t) (m * n * pages) * sizeof (i128));
}

static void product_fill_random (product *P, int kind)
{
  for (size_t e = 0; e < P->na; e++)
    set_elem (P->cls, P->hA, e, draw (P->cls, kind));
  for (size_t e = 0; e < P->nb; e++)
    set_elem (P->cls, P->hB, e, draw (P->cls, kind));
}

static void product_reference (product *P)
{
  for (int64_t b = 0; b < P->pages; b++)
    for (int64_t j = 0; j < P->n; j++)
      for (int64_t i = 0; i < P->m; i++) {
        refsum s = {0, 0};
        for (int64_t p = 0; p < P->k; p++)
          ref_add (&s, P->cls,
                   get_elem (P->cls, P->hA, (size_t) (b * P->sa + at_a (P->opa, i, p, P->lda))),
                   get_elem (P->cls, P->hB, (size_t) (b * P->sb + at_b (P->opb, p, j, P->ldb))));
        P->ref[i + j * P->m + b * P->m * P->n] = ref_saturate (&s, P->cls);
      }
}

static void product_free (product *P)
{
  free (P->hA); free (P->hB); free (P->hC); free (P->ref);
}

/* Runs one kernel and checks every element of C's buffer. */
static void product_check (product *P, gm_matmul_kernel kern, const char *what)
{
  const size_t es = gm_class_size (P->cls);
  void *dA = NULL, *dB = NULL, *dC = NULL;
  TU_GM (gm_device_alloc (&dA, P->na * es));
  TU_GM (gm_device_alloc (&dB, P->nb * es));
  TU_GM (gm_device_alloc (&dC, P->nc * es));
  TU_GM (gm_copy_to_device (dA, P->hA, P->na * es));
  TU_GM (gm_copy_to_device (dB, P->hB, P->nb * es));
  memset (P->hC, POISON, P->nc * es);
  TU_GM (gm_copy_to_device (dC, P->hC, P->nc * es));
  gm_status st = gm_matmul (kern, P->cls, P->opa, P->opb, P->m, P->n, P->k, dA, P->lda, P->sa,
                            dB, P->ldb, P->sb, dC, P->ldc, P->sc, P->pages, 0);
  cudaError_t err = cudaDeviceSynchronize ();
  char desc[240];
  snprintf (desc, sizeof desc, "%s %s %s %c%c %lldx%lldx%lld pages %lld (sa %lld sb %lld) %s",
            gm_class_name (P->cls), gm_matmul_kernel_name (kern), what, op_letter[P->opa],
            op_letter[P->opb], (long long) P->m, (long long) P->n, (long long) P->k,
            (long long) P->pages, (long long) P->sa, (long long) P->sb, "");
  if (st != GM_OK || err != cudaSuccess) {
    tu_result (0, "%s: status %d (%s), CUDA %s", desc, (int) st, gm_error_detail (),
               cudaGetErrorString (err));
  } else {
    TU_GM (gm_copy_to_host (P->hC, dC, P->nc * es));
    int64_t bad = 0, first = -1;
    i128 got_first = 0, want_first = 0;
    for (size_t e = 0; e < P->nc; e++) {
      const int64_t b = P->sc ? (int64_t) e / P->sc : 0, r = (int64_t) e - b * P->sc;
      const int64_t i = r % P->ldc, j = r / P->ldc;
      const int inside = b < P->pages && i < P->m && j < P->n;
      int ok;
      i128 want = 0;
      if (inside) {
        want = P->ref[i + j * P->m + b * P->m * P->n];
        ok = get_elem (P->cls, P->hC, e) == want;
      } else {
        ok = is_poison (P->cls, P->hC, e);
      }
      if (!ok && bad++ == 0) {
        first = (int64_t) e;
        got_first = get_elem (P->cls, P->hC, e);
        want_first = want;
      }
    }
    char g[48], w[48];
    print_i128 (g, got_first);
    print_i128 (w, want_first);
    tu_result (bad == 0, "%s: %lld of %zu elements wrong, first at %lld: %s, want %s%s", desc,
               (long long) bad, P->nc, (long long) first, g, w,
               bad ? "" : "");
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
}

static void run_all_kernels (product *P, const char *what)
{
  for (int q = 0; q < 3; q++)
    product_check (P, KERNELS[q], what);
}

/* ---- shapes ------------------------------------------------------------------------------ */
typedef struct { int64_t m, n, k; } shape;
static const shape SHAPES_FULL[] = {
  {1, 1, 1}, {1, 1, 0}, {0, 3, 5}, {4, 0, 5}, {7, 13, 1}, {2, 3, 2}, {17, 31, 33},
  {33, 32, 31}, {64, 64, 64}, {65, 63, 67}, {127, 129, 128}, {3, 200, 129}, {300, 2, 77},
  {1, 1, 1000}, {37, 41, 0}, {131, 67, 97}, {1, 257, 5}, {259, 1, 33}};
static const shape SHAPES_QUICK[] = {{1, 1, 1}, {1, 1, 0}, {0, 3, 5}, {7, 13, 1}, {33, 65, 35},
                                     {3, 70, 129}};
static const shape SHAPES_RACE[] = {{33, 35, 37}, {64, 64, 64}};

static void shape_tests (void)
{
  const shape *shapes = quick == 2 ? SHAPES_RACE : quick ? SHAPES_QUICK : SHAPES_FULL;
  const int nshapes = quick == 2 ? 2 : quick ? (int) (sizeof SHAPES_QUICK / sizeof *SHAPES_QUICK)
                                             : (int) (sizeof SHAPES_FULL / sizeof *SHAPES_FULL);
  for (int c = 0; c < 8; c++)
    for (int pr = 0; pr < 9; pr++) {
      if (quick == 2 && pr != 0 && pr != 4)   /* race: NN and TT */
        continue;
      const gm_op opa = (gm_op) (pr % 3), opb = (gm_op) (pr / 3);
      for (int s = 0; s < nshapes; s++) {
        const shape sh = shapes[s];
        for (int kind = DATA_FULL; kind <= DATA_SMALL; kind++) {
          if (quick && kind != (s & 1))
            continue;
          product P;
          product_init (&P, CLASSES[c], opa, opb, sh.m, sh.n, sh.k, (s % 3 == 2) ? 3 : 0, 1, 0, 0,
                        0);
          product_fill_random (&P, kind);
          product_reference (&P);
          run_all_kernels (&P, kind == DATA_FULL ? "full-range" : "small");
          product_free (&P);
        }
      }
    }
}

/* Batches: pages with stride 0 for A or B, gaps between pages of C, padded leading dims. */
static void batch_tests (void)
{
  for (int c = 0; c < 8; c++)
    for (int pr = 0; pr < 9; pr++) {
      if (quick && pr % 4 != 0)
        continue;
      const gm_op opa = (gm_op) (pr % 3), opb = (gm_op) (pr / 3);
      const int64_t pages = quick ? 3 : 5;
      for (int v = 0; v < 3; v++) {
        if (quick == 2 && v != 0)
          continue;
        product P;
        const int64_t m = 19 + v, n = 35 - v, k = 40 + 7 * v;
        product_init (&P, CLASSES[c], opa, opb, m, n, k, v, pages, v == 1, v == 2, 2 * v + 1);
        product_fill_random (&P, (v + c) % 2 ? DATA_SMALL : DATA_FULL);
        product_reference (&P);
        run_all_kernels (&P, v == 1 ? "batch, one A" : v == 2 ? "batch, one B" : "batch");
        product_free (&P);
      }
    }
}

/* Exactness: row i of op(A) and column j of op(B), k = 2h + 1 (NN, one page, m = n = 2):
   C(0, 0): h big products, then the same h negated, then 5 * 7: total 35 (signed classes).
   C(1, 1): h big products of one sign, then 5 * 7, with h chosen so that the total passes
   the range of a narrower accumulator: must saturate.  The other two elements are mixed. */
static void exact_cases (void)
{
  for (int c = 0; c < 8; c++) {
    const gm_class cls = CLASSES[c];
    const int sg = is_signed (cls);
    /* h big products pass 2^(acc bits - 1): 64-bit classes 2^124 each (products of 2^62),
       16 of them reach 2^128; int32 2^60 each, 16 reach 2^64; 8-bit classes: a 32-bit tile sum
       cannot overflow (BK 32), so take a long k; 16-bit: 2^28 each */
    int64_t h;
    i128 big;
    switch (bits (cls)) {
    case 64: h = 16; big = sg ? (i128) 1 << 62 : (((i128) 1 << 64) - 1); break;
    case 32: h = 16; big = sg ? (i128) 1 << 30 : (((i128) 1 << 32) - 1); break;
    case 16: h = 40; big = sg ? (i128) 1 << 14 : 65535; break;
    default: h = quick ? 1000 : 50000; big = sg ? 127 : 255; break;
    }
    const int64_t k = 2 * h + 1;
    for (int pr = 0; pr < 9; pr++) {
      if (quick && pr % 4 != 0)
        continue;
      const gm_op opa = (gm_op) (pr % 3), opb = (gm_op) (pr / 3);
      product P;
      product_init (&P, cls, opa, opb, 2, 2, k, 1, 1, 0, 0, 0);
      memset (P.hA, 0, P.na * gm_class_size (cls));
      memset (P.hB, 0, P.nb * gm_class_size (cls));
      for (int64_t p = 0; p < k; p++) {
        i128 a0, b0, a1, b1;
        if (p < 2 * h) {
          const i128 jitter = (i128) (p % 7);
          a0 = sg ? (p < h ? big - jitter : -(big - (p - h) % 7)) : big;
          b0 = big - (p % h) % 5;
          if (!sg) b0 = p < h ? big : 0;   /* unsigned: no cancellation; half the terms */
          a1 = sg && (p & 1) ? -big : big;  /* 64-bit: products 2^124 of one sign */
          b1 = sg && (p & 1) ? -big : big;
        } else {
          a0 = a1 = 5;
          b0 = b1 = 7;
        }
        set_elem (cls, P.hA, (size_t) at_a (opa, 0, p, P.lda), a0);
        set_elem (cls, P.hA, (size_t) at_a (opa, 1, p, P.lda), a1);
        set_elem (cls, P.hB, (size_t) at_b (opb, p, 0, P.ldb), b0);
        set_elem (cls, P.hB, (size_t) at_b (opb, p, 1, P.ldb), b1);
      }
      product_reference (&P);
      if (pr == 0 && sg) {
        char w[48];
        print_i128 (w, P.ref[0]);
        /* the cancelling element: the reference itself must not have saturated */
        tu_result (P.ref[0] > cls_min (cls) && P.ref[0] < cls_max (cls),
                   "%s exact case: reference C(0,0) = %s saturated", gm_class_name (cls), w);
      }
      if (pr == 0)
        tu_result (P.ref[3] == cls_max (cls), "%s exact case: reference C(1,1) not saturated",
                   gm_class_name (cls));
      run_all_kernels (&P, "exactness");
      product_free (&P);
    }
  }
}

/* The int8 / uint8 tensor-core path (auto from sm_80, k <= 32768, m n k batch >= 2^17): edge
   shapes around its 128 x 128 tiles, every op pair, and k = 32768 at the extremes of its
   int32 sums (uint8: 32768 * 255^2 = 2130739200 < 2^31), k = 32769 (back to tiled). */
static void imma_cases (void)
{
  const shape shapes[] = {{64, 64, 64}, {130, 129, 300}, {257, 100, 33}, {1, 300, 1000},
                          {40, 36, 32768}, {9, 7, 32769}};
  const int nshapes = quick == 2 ? 1 : quick ? 3 : 6;
  for (int al = 0; al < 2; al++)
  for (int c = 0; c < 2; c++)
    for (int s = 0; s < nshapes; s++)
      for (int pr = 0; pr < 9; pr++) {
        if ((quick || shapes[s].k > 1000) && pr % 4 != 0)
          continue;
        if (quick == 2 && pr != 0)
          continue;
        const gm_op opa = (gm_op) (pr % 3), opb = (gm_op) (pr / 3);
        for (int kind = 0; kind < 3; kind++) {
          if (kind == 2 && shapes[s].k < 30000)
            continue;
          if (al && (quick == 2 || shapes[s].k > 1000))
            continue;
          product P;
          ld_align = al;   /* al: 16-byte leading dimensions, the 16-byte loads */
          product_init (&P, CLASSES[c], opa, opb, shapes[s].m, shapes[s].n, shapes[s].k,
                        s % 2, 1, 0, 0, 0);
          ld_align = 0;
          if (kind == 2) {   /* every element the extreme whose square is largest */
            const i128 v = CLASSES[c] == GM_INT8 ? -128 : 255;
            for (size_t e = 0; e < P.na; e++)
              set_elem (P.cls, P.hA, e, v);
            for (size_t e = 0; e < P.nb; e++)
              set_elem (P.cls, P.hB, e, e % 3 ? v : (i128) 1);
          } else {
            product_fill_random (&P, kind);
          }
          product_reference (&P);
          product_check (&P, GM_MATMUL_AUTO, kind == 2 ? "imma, extremes"
                                            : al ? "imma, 16-byte ld" : "imma");
          product_free (&P);
        }
      }
  /* pages through imma with 16-byte leading dimensions, one A or one B for every page */
  for (int c = 0; c < 2 && quick != 2; c++)
    for (int v = 0; v < 3; v++) {
      product P;
      ld_align = 1;
      product_init (&P, CLASSES[c], v == 2 ? GM_OP_TRANSPOSE : GM_OP_NONE, GM_OP_NONE, 100, 90,
                    70, 0, 3, v == 1, v == 2, 5);
      ld_align = 0;
      product_fill_random (&P, v == 0 ? DATA_SMALL : DATA_FULL);
      product_reference (&P);
      product_check (&P, GM_MATMUL_AUTO, "imma pages");
      product_free (&P);
    }
}

/* Only the 64-bit case whose 128-bit partial sums overflow, spelled out: C = 35 and C = max. */
static void literal_cases (void)
{
  const int64_t h = 16, k = 2 * h + 1;
  int64_t A[2 * 33], B[33 * 2];   /* A 2 x k, B k x 2, column-major */
  for (int64_t p = 0; p < k; p++) {
    const int64_t big = (int64_t) 1 << 62;
    A[0 + 2 * p] = p < h ? big : p < 2 * h ? -big : 5;
    A[1 + 2 * p] = p < 2 * h ? big : 5;
    B[p + 0 * k] = p < 2 * h ? big : 7;
    B[p + 1 * k] = p < 2 * h ? big : 7;
  }
  const int64_t want[4] = {35, INT64_MAX, 35, INT64_MAX};  /* C(0,0), C(1,0), C(0,1), C(1,1) */
  void *dA, *dB, *dC;
  TU_GM (gm_device_alloc (&dA, sizeof A));
  TU_GM (gm_device_alloc (&dB, sizeof B));
  TU_GM (gm_device_alloc (&dC, 4 * sizeof (int64_t)));
  TU_GM (gm_copy_to_device (dA, A, sizeof A));
  TU_GM (gm_copy_to_device (dB, B, sizeof B));
  for (int q = 0; q < 3; q++) {
    int64_t C[4] = {0, 0, 0, 0};
    TU_GM (gm_matmul (KERNELS[q], GM_INT64, GM_OP_NONE, GM_OP_NONE, 2, 2, k, dA, 2, 0, dB, k, 0,
                      dC, 2, 0, 1, 0));
    TU_GM (gm_copy_to_host (C, dC, sizeof C));
    tu_result (C[0] == want[0] && C[1] == want[1] && C[2] == want[2] && C[3] == want[3],
               "int64 %s: 16 x 2^124 - 16 x 2^124 + 35: got %lld %lld %lld %lld, want 35 max "
               "35 max", gm_matmul_kernel_name (KERNELS[q]), (long long) C[0], (long long) C[1],
               (long long) C[2], (long long) C[3]);
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
}

static void error_cases (void)
{
  void *d = NULL;
  TU_GM (gm_device_alloc (&d, 64));
  const gm_matmul_kernel others[5] = {GM_MATMUL_WPT, GM_MATMUL_WARP, GM_MATMUL_DMMA,
                                      GM_MATMUL_TF32X3, GM_MATMUL_OZAKI};
  for (int q = 0; q < 5; q++)
    for (int64_t k = 0; k <= 1; k++) {
      gm_status st = gm_matmul (others[q], GM_INT32, GM_OP_NONE, GM_OP_NONE, 2, 2, k, d, 2, 0, d,
                                2, 0, d, 2, 0, 1, 0);
      tu_result (st == GM_ERR_INVALID_ARGUMENT && strstr (gm_error_detail (), "does not compute int32"),
                 "kernel %s on int32 (k = %lld): status %d (%s), want invalid argument",
                 gm_matmul_kernel_name (others[q]), (long long) k, (int) st, gm_error_detail ());
    }
  gm_device_free (d);
  size_t blocks, bytes, cached;
  TU_CUDA (cudaDeviceSynchronize ());
  gm_device_usage (&blocks, &bytes, &cached);
  tu_result (blocks == 0, "%zu device blocks left after the tests", blocks);
}

/* gm_matmul_host on an integer class: whole path (upload, product, download). */
static void host_case (void)
{
  const int64_t m = 5, n = 4, k = 3;
  int32_t A[15], B[12], C[20];
  for (int e = 0; e < 15; e++) A[e] = (e % 2 ? -1 : 1) * (2147483647 - e);
  for (int e = 0; e < 12; e++) B[e] = 3 + e;
  TU_GM (gm_matmul_host (GM_MATMUL_AUTO, GM_INT32, GM_OP_NONE, GM_OP_NONE, m, n, k, A, B, C,
                         NULL));
  int bad = 0;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      i128 s = 0;
      for (int64_t p = 0; p < k; p++)
        s += (i128) A[i + p * m] * B[p + j * k];
      const i128 w = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
      bad += C[i + j * m] != (int32_t) w;
    }
  tu_result (bad == 0, "gm_matmul_host int32: %d elements wrong", bad);
}

int main (int argc, char **argv)
{
  quick = argc > 1 && strcmp (argv[1], "--quick") == 0 ? 1
          : argc > 1 && strcmp (argv[1], "--race") == 0 ? 2 : 0;
  if (!tu_gpu_or_skip (PROGRAM))
    return tu_finish (PROGRAM);
  const time_t t0 = time (NULL);
  shape_tests ();
  printf ("%s: shapes done (%d checks, %lld s)\n", PROGRAM, tu_passed + tu_failed,
          (long long) (time (NULL) - t0));
  batch_tests ();
  exact_cases ();
  imma_cases ();
  literal_cases ();
  if (quick != 2)
    host_case ();
  error_cases ();
  return tu_finish (PROGRAM);
}
