/* test_shape.cu: the shape functions of kernels/shape.cu against host references, byte for byte
 * (elements are moved as bits, never interpreted).
 *
 *  1. permute, flip, circshift, repmat and copy_block (concatenation's pieces) on every element
 *     size (logical/uint8 1, int16 2, single 4, double 8, complex single 8, complex double 16)
 *     over arrays 1x1, primes, vectors, 3-D to 5-D, with empty dimensions; every permutation of
 *     up to 4 dimensions (padded with 1s past the array's own), flips along each dimension and
 *     past the last, shifts of 0, +-1, +-n, past n and huge, repmat counts 0 to 3 over up to two
 *     extra dimensions, blocks at random origins of larger arrays (the elements outside the
 *     block left as they were);
 *  2. diagonals: extraction and building for every k from -(rows + 2) to cols + 2 of matrices
 *     0x0 to 17x23, and building into a matrix larger than the diagonal (diag (v, m, n));
 *  3. triangles: tril and triu, in place and packed, every k from -(rows + 2) to cols + 2, the
 *     reference a transcription of Octave's tril.cc (its loops and its packed count);
 *  4. gm_shape_copy with hand-made plans: wrapped and reversed dimensions together, stride 0,
 *     offsets; bad plans refused (GM_ERR_INVALID_ARGUMENT) with nothing written;
 *  5. sizes: a grid-stride loop past 65536 blocks (16.8 M elements), and a flip of 2^31 + 3
 *     bytes (the kernels' 64-bit split; skipped with --quick);
 *  6. empty arrays with NULL pointers return GM_OK and make no device call.
 *
 *   test_shape [--quick]      (--quick: fewer random cases, no 2 GiB array)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <string>
#include <vector>
#include "test_util.h"

typedef std::vector<int64_t> dims_t;
typedef std::vector<unsigned char> bytes_t;

static const gm_class kClasses[] = {GM_UINT8, GM_INT16, GM_SINGLE, GM_DOUBLE, GM_COMPLEX_SINGLE,
                                    GM_COMPLEX_DOUBLE};
static const int kClassCount = (int) (sizeof kClasses / sizeof kClasses[0]);

static int64_t numel_of (const dims_t &d)
{
  int64_t n = 1;
  for (int64_t x : d)
    n *= x;
  return n;
}

static std::string text_of (const dims_t &d)
{
  std::string s;
  for (size_t k = 0; k < d.size (); k++)
    s += (k ? "x" : "") + std::to_string ((long long) d[k]);
  return s;
}

static bytes_t random_bytes (size_t n)
{
  bytes_t b (n);
  for (size_t i = 0; i < n; i++)
    b[i] = (unsigned char) (tu_next () >> 56);
  return b;
}

/* Subscripts of linear index e in an array of dims (column-major). */
static void subs_of (int64_t e, const dims_t &dims, std::vector<int64_t> &sub)
{
  sub.resize (dims.size ());
  for (size_t k = 0; k < dims.size (); k++) {
    sub[k] = dims[k] ? e % dims[k] : 0;
    e = dims[k] ? e / dims[k] : 0;
  }
}

static int64_t index_of (const std::vector<int64_t> &sub, const dims_t &dims)
{
  int64_t e = 0, s = 1;
  for (size_t k = 0; k < dims.size (); k++) {
    e += sub[k] * s;
    s *= dims[k];
  }
  return e;
}

/* A device block holding `host`, or NULL for an empty one. */
static void *upload (const bytes_t &host)
{
  void *d = NULL;
  TU_GM (gm_device_alloc (&d, host.size ()));
  if (!host.empty ())
    TU_GM (gm_copy_to_device (d, host.data (), host.size ()));
  return d;
}

static bytes_t download (const void *d, size_t bytes)
{
  bytes_t h (bytes);
  if (bytes)
    TU_GM (gm_copy_to_host (h.data (), d, bytes));
  return h;
}

/* Runs `op` (which writes into a device block of out_bytes prefilled with `fill`) and compares
   the block with want. */
template <typename F>
static void check_device (const char *what, const std::string &label, const bytes_t &src,
                          const bytes_t &fill, const bytes_t &want, F op)
{
  void *d_src = upload (src), *d_dst = upload (fill);
  gm_status st = op (d_src, d_dst);
  bytes_t got = st == GM_OK ? download (d_dst, fill.size ()) : bytes_t ();
  gm_device_free (d_src);
  gm_device_free (d_dst);
  if (st != GM_OK) {
    tu_result (0, "%s %s: status %d (%s)", what, label.c_str (), (int) st, gm_error_detail ());
    return;
  }
  size_t bad = 0;
  while (bad < want.size () && got[bad] == want[bad])
    bad++;
  tu_result (bad == want.size (), "%s %s: byte %zu of %zu differs", what, label.c_str (), bad,
             want.size ());
}

/* ---- 1. permute, flip, circshift, repmat, copy_block ----------------------------------------- */

static void check_permute (gm_class cls, const dims_t &dims0, const std::vector<int> &perm)
{
  const size_t es = gm_class_size (cls);
  dims_t dims = dims0;
  dims.resize (perm.size (), 1);
  dims_t out (perm.size ());
  for (size_t k = 0; k < perm.size (); k++)
    out[k] = dims[perm[k]];
  const int64_t n = numel_of (dims);
  bytes_t src = random_bytes ((size_t) n * es), want ((size_t) n * es);
  std::vector<int64_t> so, ss (dims.size ());
  for (int64_t e = 0; e < n; e++) {
    subs_of (e, out, so);
    for (size_t k = 0; k < perm.size (); k++)
      ss[perm[k]] = so[k];
    memcpy (&want[e * es], &src[index_of (ss, dims) * es], es);
  }
  std::string label = std::string (gm_class_name (cls)) + " " + text_of (dims) + " perm";
  for (int p : perm)
    label += " " + std::to_string (p);
  check_device ("permute", label, src, random_bytes (want.size ()), want,
                [&] (const void *s, void *d) {
                  return gm_permute (cls, (int) dims.size (), dims.data (), perm.data (), s, d, 0);
                });
}

static void check_flip (gm_class cls, const dims_t &dims, int dim)
{
  const size_t es = gm_class_size (cls);
  const int64_t n = numel_of (dims);
  bytes_t src = random_bytes ((size_t) n * es), want ((size_t) n * es);
  std::vector<int64_t> sub;
  for (int64_t e = 0; e < n; e++) {
    subs_of (e, dims, sub);
    sub[dim] = dims[dim] - 1 - sub[dim];
    memcpy (&want[e * es], &src[index_of (sub, dims) * es], es);
  }
  check_device ("flip", std::string (gm_class_name (cls)) + " " + text_of (dims) + " dim "
                + std::to_string (dim), src, random_bytes (want.size ()), want,
                [&] (const void *s, void *d) {
                  return gm_flip (cls, (int) dims.size (), dims.data (), dim, s, d, 0);
                });
}

static void check_circshift (gm_class cls, const dims_t &dims, const std::vector<int64_t> &shifts)
{
  const size_t es = gm_class_size (cls);
  const int64_t n = numel_of (dims);
  bytes_t src = random_bytes ((size_t) n * es), want ((size_t) n * es);
  std::vector<int64_t> sub;
  for (int64_t e = 0; e < n; e++) {
    subs_of (e, dims, sub);
    for (size_t k = 0; k < dims.size (); k++) {
      const long double m = fmodl ((long double) sub[k] - shifts[k], (long double) dims[k]);
      sub[k] = (int64_t) (m < 0 ? m + dims[k] : m);
    }
    memcpy (&want[e * es], &src[index_of (sub, dims) * es], es);
  }
  std::string label = std::string (gm_class_name (cls)) + " " + text_of (dims) + " shifts";
  for (int64_t s : shifts)
    label += " " + std::to_string ((long long) s);
  check_device ("circshift", label, src, random_bytes (want.size ()), want,
                [&] (const void *s, void *d) {
                  return gm_circshift (cls, (int) dims.size (), dims.data (), shifts.data (), s, d,
                                       0);
                });
}

static void check_repmat (gm_class cls, const dims_t &dims0, const dims_t &reps)
{
  const size_t es = gm_class_size (cls);
  dims_t dims = dims0;
  dims.resize (reps.size (), 1);
  dims_t out (reps.size ());
  for (size_t k = 0; k < reps.size (); k++)
    out[k] = dims[k] * reps[k];
  const int64_t n = numel_of (dims), m = numel_of (out);
  bytes_t src = random_bytes ((size_t) n * es), want ((size_t) m * es);
  std::vector<int64_t> sub;
  for (int64_t e = 0; e < m; e++) {
    subs_of (e, out, sub);
    for (size_t k = 0; k < dims.size (); k++)
      sub[k] %= dims[k];
    memcpy (&want[e * es], &src[index_of (sub, dims) * es], es);
  }
  check_device ("repmat", std::string (gm_class_name (cls)) + " " + text_of (dims) + " reps "
                + text_of (reps), src, random_bytes (want.size ()), want,
                [&] (const void *s, void *d) {
                  return gm_repmat (cls, (int) dims.size (), dims.data (), reps.data (), s, d, 0);
                });
}

static void check_block (gm_class cls, const dims_t &dims, const dims_t &dst_dims,
                         const dims_t &origin)
{
  const size_t es = gm_class_size (cls);
  const int64_t n = numel_of (dims), m = numel_of (dst_dims);
  bytes_t src = random_bytes ((size_t) n * es), fill = random_bytes ((size_t) m * es);
  bytes_t want = fill;
  std::vector<int64_t> sub;
  for (int64_t e = 0; e < n; e++) {
    subs_of (e, dims, sub);
    for (size_t k = 0; k < dims.size (); k++)
      sub[k] += origin[k];
    memcpy (&want[index_of (sub, dst_dims) * es], &src[e * es], es);
  }
  check_device ("copy_block", std::string (gm_class_name (cls)) + " " + text_of (dims) + " into "
                + text_of (dst_dims) + " at " + text_of (origin), src, fill, want,
                [&] (const void *s, void *d) {
                  return gm_copy_block (cls, (int) dims.size (), dims.data (), s,
                                        dst_dims.data (), origin.data (), d, 0);
                });
}

static void check_arrays (int quick)
{
  static const std::vector<dims_t> shapes = {
    {1, 1}, {7, 13}, {1, 17}, {19, 1}, {3, 5, 4}, {2, 3, 2, 5}, {0, 3}, {5, 0}, {31, 37},
    {2, 1, 3, 1}, {4, 0, 2}, {1, 1, 6}, {3, 2, 1, 2, 2}};
  for (int c = 0; c < kClassCount; c++) {
    const gm_class cls = kClasses[c];
    for (const dims_t &dims : shapes) {
      const int nd = (int) dims.size ();
      /* permute: every permutation of max (nd, 2 or 3) dimensions up to 4, else a few random */
      for (int len = nd; len <= std::min (nd + 1, 5); len++) {
        std::vector<int> perm (len);
        for (int k = 0; k < len; k++)
          perm[k] = k;
        if (len <= 4) {
          do
            check_permute (cls, dims, perm);
          while (std::next_permutation (perm.begin (), perm.end ()));
        } else {
          for (int r = 0; r < (quick ? 4 : 12); r++) {
            for (int k = len - 1; k > 0; k--)
              std::swap (perm[k], perm[tu_randint (0, k)]);
            check_permute (cls, dims, perm);
          }
        }
      }
      for (int d = 0; d < nd; d++)
        check_flip (cls, dims, d);
      dims_t padded = dims;
      padded.push_back (1);
      check_flip (cls, padded, nd);                /* past the last dimension: a copy */
      /* circshift: zero, one dimension at a time with special shifts, then random */
      static const int64_t special[] = {1, -1, 2, -3};
      check_circshift (cls, dims, std::vector<int64_t> (nd, 0));
      for (int d = 0; d < nd; d++) {
        for (int64_t s : special) {
          std::vector<int64_t> sh (nd, 0);
          sh[d] = s;
          check_circshift (cls, dims, sh);
        }
        std::vector<int64_t> sh (nd, 0);
        sh[d] = dims[d];
        check_circshift (cls, dims, sh);          /* a whole turn */
        sh[d] = 3 * dims[d] + 1;
        check_circshift (cls, dims, sh);
        sh[d] = -((int64_t) 1 << 53) - 1;         /* huge (2^53 + 1 back) */
        check_circshift (cls, dims, sh);
      }
      for (int r = 0; r < (quick ? 2 : 6); r++) {
        std::vector<int64_t> sh (nd);
        for (int d = 0; d < nd; d++)
          sh[d] = tu_randint (-40, 40);
        check_circshift (cls, dims, sh);
      }
      /* repmat: counts 0 to 3, over the array's dimensions and up to 2 more */
      for (int r = 0; r < (quick ? 4 : 12); r++) {
        dims_t reps (nd + tu_randint (0, 2));
        for (int64_t &x : reps)
          x = tu_randint (0, 3);
        if (r == 0)
          std::fill (reps.begin (), reps.end (), 1);
        if (r == 1)
          reps.assign (nd, 1), reps.back () = 3;  /* copies along the last dimension */
        check_repmat (cls, dims, reps);
      }
      /* blocks: into larger arrays at random origins, with an extra dimension sometimes */
      for (int r = 0; r < (quick ? 3 : 8); r++) {
        dims_t bd = dims, dd, org;
        if (r % 3 == 2)
          bd.push_back (1);
        for (int64_t x : bd) {
          const int64_t extra = tu_randint (0, 3), o = tu_randint (0, extra);
          dd.push_back (x + extra);
          org.push_back (o);
        }
        if (r == 0)
          dd = bd, org.assign (bd.size (), 0);    /* the whole array: one memcpy */
        check_block (cls, bd, dd, org);
      }
    }
  }
}

/* ---- 2. diagonals ------------------------------------------------------------------------------ */

static void check_diagonals (int quick)
{
  static const int64_t sizes[][2] = {{0, 0}, {1, 1}, {1, 5}, {5, 1}, {3, 3}, {4, 7}, {7, 4},
                                     {17, 23}, {0, 4}, {6, 0}};
  for (int c = 0; c < kClassCount; c++) {
    const gm_class cls = kClasses[c];
    if (quick && (c % 2))
      continue;
    const size_t es = gm_class_size (cls);
    for (auto &sz : sizes) {
      const int64_t rows = sz[0], cols = sz[1];
      for (int64_t k = -rows - 2; k <= cols + 2; k++) {
        const int64_t r0 = k < 0 ? -k : 0, c0 = k > 0 ? k : 0;
        int64_t len = 0;
        while (r0 + len < rows && c0 + len < cols)
          len++;
        const std::string label = std::string (gm_class_name (cls)) + " "
                                  + text_of ({rows, cols}) + " k " + std::to_string ((long long) k);
        tu_result (gm_diag_length (rows, cols, k) == len, "gm_diag_length %s: %lld, not %lld",
                   label.c_str (), (long long) gm_diag_length (rows, cols, k), (long long) len);
        bytes_t m = random_bytes ((size_t) (rows * cols) * es), want ((size_t) len * es);
        for (int64_t i = 0; i < len; i++)
          memcpy (&want[i * es], &m[((r0 + i) + (c0 + i) * rows) * es], es);
        check_device ("diag_extract", label, m, random_bytes (want.size ()), want,
                      [&] (const void *s, void *d) {
                        return gm_diag_extract (cls, rows, cols, k, s, d, 0);
                      });
        /* build: the whole diagonal, and a shorter piece of it */
        for (int64_t count : {len, len / 2}) {
          bytes_t v = random_bytes ((size_t) len * es), b ((size_t) (rows * cols) * es, 0);
          for (int64_t i = 0; i < count; i++)
            memcpy (&b[((r0 + i) + (c0 + i) * rows) * es], &v[i * es], es);
          check_device ("diag_build", label + " count " + std::to_string ((long long) count), v,
                        random_bytes (b.size ()), b, [&] (const void *s, void *d) {
                          return gm_diag_build (cls, count, rows, cols, k, s, d, 0);
                        });
        }
      }
      /* more than fits is refused */
      tu_result (gm_diag_build (cls, gm_diag_length (rows, cols, 0) + 1, rows, cols, 0, NULL, NULL,
                                0) == GM_ERR_INVALID_ARGUMENT, "diag_build: too many elements");
    }
  }
}

/* ---- 3. triangles ------------------------------------------------------------------------------ */

/* Octave 7.3's do_tril / do_triu (libinterp/corefcn/tril.cc) on byte elements, k already
   clamped to [-rows, cols] as its caller clamps it. */
static bytes_t octave_trilu (const bytes_t &a, int64_t nr, int64_t nc, int64_t k, bool lower,
                             bool pack, size_t es)
{
  bytes_t r;
  if (pack) {
    const int64_t j1 = std::min (std::max ((int64_t) 0, k), nc);
    const int64_t j2 = std::min (std::max ((int64_t) 0, nr + k), nc);
    const int64_t n = lower ? j1 * nr + ((j2 - j1) * (nr - (j1 - k) + nr - (j2 - 1 - k))) / 2
                            : ((j2 - j1) * ((j1 + 1 - k) + (j2 - k))) / 2 + (nc - j2) * nr;
    for (int64_t j = 0; j < nc; j++) {
      const int64_t ii = lower ? std::min (std::max ((int64_t) 0, j - k), nr)
                               : std::min (std::max ((int64_t) 0, j + 1 - k), nr);
      const int64_t from = lower ? ii : 0, to = lower ? nr : ii;
      r.insert (r.end (), a.begin () + (j * nr + from) * es, a.begin () + (j * nr + to) * es);
    }
    if ((int64_t) r.size () != n * (int64_t) es)
      r.clear ();                             /* tril.cc's count disagrees with its loop */
    return r;
  }
  r.assign (a.size (), 0);
  for (int64_t j = 0; j < nc; j++) {
    const int64_t ii = lower ? std::min (std::max ((int64_t) 0, j - k), nr)
                             : std::min (std::max ((int64_t) 0, j + 1 - k), nr);
    const int64_t from = lower ? ii : 0, to = lower ? nr : ii;
    std::copy (a.begin () + (j * nr + from) * es, a.begin () + (j * nr + to) * es,
               r.begin () + (j * nr + from) * es);
  }
  return r;
}

static void check_triangles (int quick)
{
  static const int64_t sizes[][2] = {{0, 0}, {1, 1}, {1, 6}, {6, 1}, {4, 4}, {5, 9}, {9, 5},
                                     {13, 13}, {0, 3}, {3, 0}, {2, 31}};
  for (int c = 0; c < kClassCount; c++) {
    const gm_class cls = kClasses[c];
    if (quick && (c % 2))
      continue;
    const size_t es = gm_class_size (cls);
    for (auto &sz : sizes) {
      const int64_t rows = sz[0], cols = sz[1];
      for (int64_t k = -rows - 2; k <= cols + 2; k++) {
        const int64_t kc = k < -rows ? -rows : k > cols ? cols : k;
        for (int lower = 0; lower < 2; lower++)
          for (int pack = 0; pack < 2; pack++) {
            bytes_t a = random_bytes ((size_t) (rows * cols) * es);
            bytes_t want = octave_trilu (a, rows, cols, kc, lower, pack, es);
            const std::string label = std::string (lower ? "tril " : "triu ")
                                      + (pack ? "pack " : "") + gm_class_name (cls) + " "
                                      + text_of ({rows, cols}) + " k "
                                      + std::to_string ((long long) k);
            const int64_t count = gm_triangle_count (rows, cols, k, lower);
            if (pack)
              tu_result (count * (int64_t) es == (int64_t) want.size (),
                         "gm_triangle_count %s: %lld, not %lld", label.c_str (), (long long) count,
                         (long long) (want.size () / es));
            check_device ("triangle", label, a, random_bytes (want.size ()), want,
                          [&] (const void *s, void *d) {
                            return gm_triangle (cls, rows, cols, k, lower, pack, s, d, 0);
                          });
          }
      }
    }
  }
}

/* ---- 4. hand-made plans ------------------------------------------------------------------------ */

/* The reference of a plan, straight from its definition in gpumat.h. */
static bytes_t plan_reference (const gm_shape_plan &p, const bytes_t &src, const bytes_t &fill,
                               size_t es)
{
  bytes_t out = fill;
  dims_t count (p.count, p.count + p.ndims);
  std::vector<int64_t> sub;
  for (int64_t e = 0; e < numel_of (count); e++) {
    subs_of (e, count, sub);
    int64_t s = p.src_offset, d = p.dst_offset;
    for (int k = 0; k < p.ndims; k++) {
      int64_t pos = p.start[k] + sub[k];
      if (p.wrap[k] > 0 && pos >= p.wrap[k])
        pos -= p.wrap[k];
      s += pos * p.src_stride[k];
      d += sub[k] * p.dst_stride[k];
    }
    memcpy (&out[d * es], &src[s * es], es);
  }
  return out;
}

static void check_plans (void)
{
  for (int c = 0; c < kClassCount; c++) {
    const gm_class cls = kClasses[c];
    const size_t es = gm_class_size (cls);
    /* a 6x5x4 source: dimension 0 wrapped from 4, dimension 1 reversed, dimension 2 of stride 0
       (repeats), into a larger destination at an offset */
    gm_shape_plan p;
    memset (&p, 0, sizeof p);
    p.ndims = 3;
    const int64_t cnt[3] = {6, 5, 3}, ss[3] = {1, -6, 0}, ds[3] = {1, 7, 40}, st[3] = {4, 0, 0},
                  wr[3] = {6, 0, 0};
    for (int k = 0; k < 3; k++) {
      p.count[k] = cnt[k];
      p.src_stride[k] = ss[k];
      p.dst_stride[k] = ds[k];
      p.start[k] = st[k];
      p.wrap[k] = wr[k];
    }
    p.src_offset = 4 * 6 + 6 * 5;           /* page 1, last column */
    p.dst_offset = 3;
    bytes_t src = random_bytes (120 * es), fill = random_bytes (130 * es);
    check_device ("shape_copy", std::string (gm_class_name (cls)) + " wrapped, reversed, stride 0",
                  src, fill, plan_reference (p, src, fill, es),
                  [&] (const void *s, void *d) { return gm_shape_copy (cls, &p, s, d, 0); });
    /* a wrapped dimension of one position and a start without wrap fold into the offsets */
    gm_shape_plan q;
    memset (&q, 0, sizeof q);
    q.ndims = 3;
    q.count[0] = 5, q.src_stride[0] = 1, q.dst_stride[0] = 1, q.start[0] = 2;
    q.count[1] = 1, q.src_stride[1] = 10, q.dst_stride[1] = 5, q.start[1] = 3, q.wrap[1] = 4;
    q.count[2] = 4, q.src_stride[2] = 40, q.dst_stride[2] = 5, q.start[2] = 1, q.wrap[2] = 4;
    bytes_t src2 = random_bytes (200 * es), fill2 = random_bytes (20 * es);
    check_device ("shape_copy", std::string (gm_class_name (cls)) + " folded starts", src2, fill2,
                  plan_reference (q, src2, fill2, es),
                  [&] (const void *s, void *d) { return gm_shape_copy (cls, &q, s, d, 0); });
  }
  /* bad plans: refused, nothing written (NULL pointers would fault otherwise) */
  gm_shape_plan b;
  memset (&b, 0, sizeof b);
  b.ndims = 1;
  b.count[0] = 5;
  b.src_stride[0] = b.dst_stride[0] = 1;
  b.wrap[0] = 4;                          /* count > wrap */
  tu_result (gm_shape_copy (GM_DOUBLE, &b, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "shape_copy: count past wrap accepted");
  b.wrap[0] = 5, b.start[0] = 5;          /* start outside [0, wrap) */
  tu_result (gm_shape_copy (GM_DOUBLE, &b, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "shape_copy: start past wrap accepted");
  b.start[0] = 0, b.count[0] = -1;
  tu_result (gm_shape_copy (GM_DOUBLE, &b, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "shape_copy: negative count accepted");
  b.count[0] = 5, b.ndims = 0;
  tu_result (gm_shape_copy (GM_DOUBLE, &b, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "shape_copy: no dimensions accepted");
  b.ndims = 1;
  tu_result (gm_shape_copy (GM_DOUBLE, &b, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "shape_copy: NULL pointers with elements accepted");
  tu_result (gm_shape_copy ((gm_class) 99, &b, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "shape_copy: unknown class accepted");
  const int64_t d3[3] = {2, 3, 4};
  const int dup[3] = {0, 0, 1};
  tu_result (gm_permute (GM_DOUBLE, 3, d3, dup, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "permute: repeated dimension accepted");
  tu_result (gm_flip (GM_DOUBLE, 3, d3, 3, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "flip: dimension past the array accepted");
  const int64_t neg[3] = {1, -1, 1};
  tu_result (gm_repmat (GM_DOUBLE, 3, d3, neg, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "repmat: negative count accepted");
  const int64_t huge[3] = {1, (int64_t) 1 << 62, 1};
  tu_result (gm_repmat (GM_DOUBLE, 3, d3, huge, NULL, NULL, 0) == GM_ERR_SIZE_OVERFLOW,
             "repmat: overflowing result accepted");
  const int64_t big[3] = {2, 3, 5}, org[3] = {0, 0, 0};
  tu_result (gm_copy_block (GM_DOUBLE, 3, big, NULL, d3, org, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "copy_block: a block larger than its destination accepted");
}

/* ---- 5. sizes ---------------------------------------------------------------------------------- */

static void check_sizes (int quick)
{
  /* the kernel path (a reversed dimension) past 65536 blocks of 256 threads */
  const dims_t v = {((int64_t) 1 << 24) + 77};
  bytes_t src = random_bytes ((size_t) v[0]), want ((size_t) v[0]);
  for (int64_t i = 0; i < v[0]; i++)
    want[i] = src[v[0] - 1 - i];
  check_device ("flip", "uint8 2^24 + 77 (grid-stride)", src, bytes_t (want.size ()), want,
                [&] (const void *s, void *d) { return gm_flip (GM_UINT8, 1, v.data (), 0, s, d, 0); });
  /* tril of a 2^12 x 2^12 + 5 single matrix: 16.8 M elements, the triangle kernel's grid-stride */
  const int64_t r = 4096, c = 4096 + 5;
  bytes_t a = random_bytes ((size_t) (r * c) * 4);
  check_device ("triangle", "tril single 4096x4101 k 3 (grid-stride)", a, bytes_t (a.size ()),
                octave_trilu (a, r, c, 3, true, false, 4), [&] (const void *s, void *d) {
                  return gm_triangle (GM_SINGLE, r, c, 3, 1, 0, s, d, 0);
                });
  if (quick)
    return;
  /* 2^31 + 3 bytes reversed: the 64-bit split of the loop position; checked at both ends and at
     random positions (the whole comparison is 2 GiB on the host) */
  const int64_t n = ((int64_t) 1 << 31) + 3;
  void *d_src = NULL, *d_dst = NULL;
  if (gm_device_alloc (&d_src, (size_t) n) != GM_OK || gm_device_alloc (&d_dst, (size_t) n) != GM_OK) {
    gm_device_free (d_src);
    printf ("test_shape: no room for two 2 GiB blocks: the 64-bit case is skipped\n");
    tu_skipped++;
    return;
  }
  std::vector<unsigned char> h ((size_t) n);
  for (int64_t i = 0; i < n; i++)
    h[i] = (unsigned char) (i * 2654435761u >> 13);
  TU_GM (gm_copy_to_device (d_src, h.data (), (size_t) n));
  TU_GM (gm_flip (GM_UINT8, 1, &n, 0, d_src, d_dst, 0));
  std::vector<unsigned char> g ((size_t) n);
  TU_GM (gm_copy_to_host (g.data (), d_dst, (size_t) n));
  int64_t bad = -1;
  for (int t = 0; t < 100000 && bad < 0; t++) {
    const int64_t i = t < 8 ? (t < 4 ? t : n - 1 - (t - 4)) : tu_randint (0, n - 1);
    if (g[i] != h[n - 1 - i])
      bad = i;
  }
  tu_result (bad < 0, "flip uint8 2^31 + 3: position %lld differs", (long long) bad);
  gm_device_free (d_src);
  gm_device_free (d_dst);
}

/* ---- 6. empty arrays --------------------------------------------------------------------------- */

static void check_empty (void)
{
  const int64_t e[2] = {0, 5}, reps[2] = {3, 0}, shifts[2] = {1, 2}, org[2] = {0, 0};
  const int perm[2] = {1, 0};
  const int64_t one[2] = {4, 5}, zero_reps[2] = {0, 1};
  int ok = gm_permute (GM_DOUBLE, 2, e, perm, NULL, NULL, 0) == GM_OK
           && gm_flip (GM_DOUBLE, 2, e, 1, NULL, NULL, 0) == GM_OK
           && gm_circshift (GM_DOUBLE, 2, e, shifts, NULL, NULL, 0) == GM_OK
           && gm_repmat (GM_DOUBLE, 2, e, reps, NULL, NULL, 0) == GM_OK
           && gm_repmat (GM_DOUBLE, 2, one, zero_reps, NULL, NULL, 0) == GM_OK
           && gm_copy_block (GM_DOUBLE, 2, e, NULL, e, org, NULL, 0) == GM_OK
           && gm_diag_extract (GM_DOUBLE, 0, 5, 0, NULL, NULL, 0) == GM_OK
           && gm_diag_extract (GM_DOUBLE, 4, 5, 9, NULL, NULL, 0) == GM_OK
           && gm_diag_build (GM_DOUBLE, 0, 0, 3, 0, NULL, NULL, 0) == GM_OK
           && gm_triangle (GM_DOUBLE, 0, 4, 0, 1, 0, NULL, NULL, 0) == GM_OK
           && gm_triangle (GM_DOUBLE, 4, 4, -4, 1, 1, NULL, NULL, 0) == GM_OK;
  tu_result (ok, "empty arrays with NULL pointers: not GM_OK (%s)", gm_error_detail ());
}

int main (int argc, char **argv)
{
  const int quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_shape"))
    return tu_finish ("test_shape");
  TU_GM (gm_init ());
  tu_seed (20261128);
  check_arrays (quick);
  check_diagonals (quick);
  check_triangles (quick);
  check_plans ();
  check_sizes (quick);
  check_empty ();
  return tu_finish ("test_shape");
}
