/* test_index.cu: gm_index_gather, gm_index_scatter and gm_resize (kernels/index.cu) against a
 * host reference, byte for byte (elements are moved as bits; a conjugate move flips the
 * imaginary part's sign bit, in the reference too).
 *
 *  1. gather: every element size (logical/uint8 1, int16 2, single 4, double 8, complex single
 *     8, complex double 16), arrays 1x1, primes, vectors, 3-D and 4-D, empty; 1 to 4 subscripts
 *     (trailing dimensions folded into the last), each a colon, a range, one position, a
 *     random list with repeats, or empty; transposed views (strides r and 1) with and without
 *     conjugation; the memcpy and memcpy2D fast paths (contiguous columns, column blocks) and
 *     the kernel (1, 2 and general loop dimensions); a grid-stride case past 65536 blocks;
 *  2. scatter: the same shapes with distinct positions, from a packed block and from one
 *     broadcast element (repeats allowed there), elements not selected left as they were;
 *     G(:, j) = V, G(i1:i2, j1:j2) = V and = scalar (ranges folded into the base pointer);
 *  3. resize: growth and truncation, 2-D (the memcpy2D path) and N-d, to and from empty;
 *  4. 64-bit positions: a 2^31 + 4096-byte array read and written at its end, and a broadcast
 *     over all of it (a loop past 2^31 elements: the kernel's 64-bit split; skipped with
 *     --quick);
 *  5. bad arguments return GM_ERR_INVALID_ARGUMENT or GM_ERR_SIZE_OVERFLOW and touch nothing;
 *     empty moves with NULL pointers return GM_OK.
 *
 *   test_index [--quick]      (--quick: fewer random cases, no 2 GiB array)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <vector>
#include "test_util.h"

static const gm_class kClasses[] = {GM_UINT8, GM_INT16, GM_SINGLE, GM_DOUBLE, GM_COMPLEX_SINGLE,
                                    GM_COMPLEX_DOUBLE};

/* One subscript of a case: kind 0 colon, 1 range, 2 one position, 3 list (repeats allowed
   unless distinct), 4 empty list. */
struct sub_spec {
  int kind;
  int64_t first;
  std::vector<int64_t> list;    /* 0-based positions (kinds 2, 3) */
  int64_t count;
};

static void random_bytes (std::vector<unsigned char> &b)
{
  for (size_t i = 0; i < b.size (); i++)
    b[i] = (unsigned char) (tu_next () >> 56);
}

/* Extents of n subscripts over dims (the n-th takes the trailing dimensions). */
static std::vector<int64_t> extents_of (const std::vector<int64_t> &dims, int n)
{
  std::vector<int64_t> ext (n, 1);
  for (int k = 0; k < n; k++) {
    if (k < n - 1) {
      ext[k] = k < (int) dims.size () ? dims[k] : 1;
    } else {
      int64_t e = 1;
      for (int j = k; j < (int) dims.size (); j++)
        e *= dims[j];
      ext[k] = e;
    }
  }
  return ext;
}

static sub_spec random_sub (int64_t extent, bool distinct)
{
  sub_spec s;
  int kind = (int) tu_randint (0, 9);
  kind = kind <= 2 ? 0 : kind <= 4 ? 1 : kind == 5 ? 2 : kind <= 8 ? 3 : 4;
  if (extent == 0 && kind != 0)
    kind = 4;
  s.kind = kind;
  s.first = 0;
  switch (kind) {
  case 0:
    s.count = extent;
    break;
  case 1: {
    const int64_t a = tu_randint (0, extent - 1), b = tu_randint (a, extent - 1);
    s.first = a;
    s.count = b - a + 1;
    break;
  }
  case 2:
    s.list.push_back (tu_randint (0, extent - 1));
    s.count = 1;
    break;
  case 3: {
    if (distinct) {
      /* a random subset in random order */
      std::vector<int64_t> perm (extent);
      for (int64_t i = 0; i < extent; i++)
        perm[i] = i;
      for (int64_t i = extent - 1; i > 0; i--)
        std::swap (perm[i], perm[tu_randint (0, i)]);
      const int64_t m = tu_randint (1, extent);
      s.list.assign (perm.begin (), perm.begin () + m);
    } else {
      const int64_t m = tu_randint (1, 2 * extent + 3);
      for (int64_t i = 0; i < m; i++)
        s.list.push_back (tu_randint (0, extent - 1));
    }
    s.count = (int64_t) s.list.size ();
    break;
  }
  default:
    s.count = 0;
  }
  return s;
}

/* The array position of loop position ik along subscript k. */
static int64_t position (const sub_spec &s, int64_t ik)
{
  return s.kind == 0 || s.kind == 1 ? s.first + ik : s.list[ik];
}

struct device_case {
  gm_index_side side;
  std::vector<int64_t *> device_lists;
  ~device_case ()
  {
    for (size_t i = 0; i < device_lists.size (); i++)
      cudaFree (device_lists[i]);
  }
};

/* The side for subs over an array whose subscript k steps `stride[k]` elements. */
static void make_side (const std::vector<sub_spec> &subs, const std::vector<int64_t> &stride,
                       device_case &dc)
{
  memset (&dc.side, 0, sizeof dc.side);
  for (size_t k = 0; k < subs.size (); k++) {
    dc.side.stride[k] = stride[k];
    if (subs[k].kind <= 1) {
      dc.side.first[k] = subs[k].first;
    } else if (subs[k].count > 0) {
      int64_t *d;
      TU_CUDA (cudaMalloc (&d, subs[k].list.size () * sizeof (int64_t)));
      TU_CUDA (cudaMemcpy (d, subs[k].list.data (), subs[k].list.size () * sizeof (int64_t),
                           cudaMemcpyHostToDevice));
      dc.device_lists.push_back (d);
      dc.side.index[k] = d;
    }
  }
}

static void conj_bits (unsigned char *element, size_t es)
{
  element[es - 1] ^= 0x80;      /* the imaginary part's sign bit: the top bit of the last byte */
}

static std::vector<int64_t> loop_counts (const std::vector<sub_spec> &subs)
{
  std::vector<int64_t> c;
  for (size_t k = 0; k < subs.size (); k++)
    c.push_back (subs[k].count);
  return c;
}

static int64_t product (const std::vector<int64_t> &v)
{
  int64_t p = 1;
  for (size_t i = 0; i < v.size (); i++)
    p *= v[i];
  return p;
}

/* Array offset of loop element i. */
static int64_t offset_of (int64_t i, const std::vector<sub_spec> &subs,
                          const std::vector<int64_t> &stride)
{
  int64_t off = 0;
  for (size_t k = 0; k < subs.size (); k++) {
    const int64_t ik = i % subs[k].count;
    i /= subs[k].count;
    off += position (subs[k], ik) * stride[k];
  }
  return off;
}

/* Strides of n subscripts over dims, stored plainly (transposed: an r x c view of a c x r
   block, n >= 2). */
static std::vector<int64_t> strides_of (const std::vector<int64_t> &dims, int n, bool transposed)
{
  std::vector<int64_t> st (n);
  if (transposed) {
    st[0] = dims[1];
    st[1] = 1;
    for (int k = 2; k < n; k++)
      st[k] = product (dims);
    return st;
  }
  int64_t s = 1;
  for (int k = 0; k < n; k++) {
    st[k] = s;
    if (k < (int) dims.size ())
      s *= dims[k];
  }
  return st;
}

static const char *shape_text (const std::vector<int64_t> &d, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < d.size () && used < len; i++)
    used += snprintf (buf + used, len - used, i ? "x%lld" : "%lld", (long long) d[i]);
  return buf;
}

/* 1 and 2: one random case of gather and scatter over an array of `dims`. */
static void check_case (gm_class cls, const std::vector<int64_t> &dims, int n, bool transposed,
                        bool conjugate)
{
  const size_t es = gm_class_size (cls);
  const int64_t numel = product (dims);
  const std::vector<int64_t> ext = extents_of (dims, n);
  const std::vector<int64_t> stride = strides_of (dims, n, transposed);
  char shape[96];
  shape_text (dims, shape, sizeof shape);
  const bool conj = conjugate && gm_class_is_complex (cls);

  std::vector<unsigned char> h_src ((size_t) numel * es);
  random_bytes (h_src);
  void *d_src = NULL;
  TU_CUDA (cudaMalloc (&d_src, h_src.size () + 1));
  TU_CUDA (cudaMemcpy (d_src, h_src.data (), h_src.size (), cudaMemcpyHostToDevice));

  /* gather: repeats allowed */
  {
    std::vector<sub_spec> subs;
    for (int k = 0; k < n; k++)
      subs.push_back (random_sub (ext[k], false));
    const std::vector<int64_t> count = loop_counts (subs);
    const int64_t total = product (count);
    device_case dc;
    make_side (subs, stride, dc);
    /* one guard element past the end must stay untouched */
    std::vector<unsigned char> h_out ((size_t) (total + 1) * es, 0xA5), want = h_out;
    void *d_out;
    TU_CUDA (cudaMalloc (&d_out, h_out.size ()));
    TU_CUDA (cudaMemcpy (d_out, h_out.data (), h_out.size (), cudaMemcpyHostToDevice));
    for (int64_t i = 0; i < total; i++) {
      memcpy (&want[(size_t) i * es], &h_src[(size_t) offset_of (i, subs, stride) * es], es);
      if (conj)
        conj_bits (&want[(size_t) i * es], es);
    }
    gm_status st = gm_index_gather (cls, conjugate, n, count.data (), &dc.side, d_src, d_out, 0);
    TU_CUDA (cudaDeviceSynchronize ());
    TU_CUDA (cudaMemcpy (h_out.data (), d_out, h_out.size (), cudaMemcpyDeviceToHost));
    char cs[96];
    tu_result (st == GM_OK && h_out == want,
               "gather %s %s%s%s, %d subscripts (kinds %d %d %d %d), counts %s: status %d",
               gm_class_name (cls), shape, transposed ? " transposed" : "", conj ? " conj" : "", n,
               subs[0].kind, n > 1 ? subs[1].kind : -1, n > 2 ? subs[2].kind : -1,
               n > 3 ? subs[3].kind : -1, shape_text (count, cs, sizeof cs), (int) st);
    cudaFree (d_out);
  }

  /* scatter: distinct positions from a packed block, and a broadcast element with repeats */
  for (int broadcast = 0; broadcast < 2; broadcast++) {
    std::vector<sub_spec> subs;
    for (int k = 0; k < n; k++)
      subs.push_back (random_sub (ext[k], !broadcast));
    const std::vector<int64_t> count = loop_counts (subs);
    const int64_t total = product (count);
    device_case dc;
    make_side (subs, stride, dc);
    const int64_t vals = broadcast ? 1 : total;
    std::vector<unsigned char> h_v ((size_t) (vals > 0 ? vals : 1) * es);
    random_bytes (h_v);
    void *d_v, *d_dst;
    TU_CUDA (cudaMalloc (&d_v, h_v.size ()));
    TU_CUDA (cudaMemcpy (d_v, h_v.data (), h_v.size (), cudaMemcpyHostToDevice));
    TU_CUDA (cudaMalloc (&d_dst, h_src.size () + es));
    std::vector<unsigned char> want (h_src.size () + es, 0x5A), got (want.size ());
    memcpy (want.data (), h_src.data (), h_src.size ());
    TU_CUDA (cudaMemcpy (d_dst, want.data (), want.size (), cudaMemcpyHostToDevice));
    for (int64_t i = 0; i < total; i++) {
      unsigned char *e = &want[(size_t) offset_of (i, subs, stride) * es];
      memcpy (e, &h_v[(size_t) (broadcast ? 0 : i) * es], es);
      if (conj)
        conj_bits (e, es);
    }
    gm_status st = gm_index_scatter (cls, conjugate, n, count.data (), &dc.side, d_dst, d_v,
                                     broadcast, 0);
    TU_CUDA (cudaDeviceSynchronize ());
    TU_CUDA (cudaMemcpy (got.data (), d_dst, got.size (), cudaMemcpyDeviceToHost));
    char cs[96];
    tu_result (st == GM_OK && got == want,
               "scatter%s %s %s%s%s, %d subscripts, counts %s: status %d",
               broadcast ? " (broadcast)" : "", gm_class_name (cls), shape,
               transposed ? " transposed" : "", conj ? " conj" : "", n,
               shape_text (count, cs, sizeof cs), (int) st);
    cudaFree (d_v);
    cudaFree (d_dst);
  }
  cudaFree (d_src);
}

/* A fixed case: G(:, j1:j2) (the memcpy path), G(i1:i2, j1:j2) (memcpy2D), G(list, :) (the
   2-D kernel), each checked as check_case does, for one class. */
static void check_fast_paths (gm_class cls)
{
  const size_t es = gm_class_size (cls);
  const int64_t m = 37, nc = 29;
  std::vector<unsigned char> h ((size_t) (m * nc) * es);
  random_bytes (h);
  void *d_src, *d_out;
  TU_CUDA (cudaMalloc (&d_src, h.size ()));
  TU_CUDA (cudaMalloc (&d_out, h.size ()));
  TU_CUDA (cudaMemcpy (d_src, h.data (), h.size (), cudaMemcpyHostToDevice));
  const int64_t dims[2] = {m, nc};
  struct { int64_t r0, rc, c0, cc; const char *what; } cases[] = {
    {0, m, 5, 1, "G(:, 6)"}, {0, m, 3, 11, "G(:, 4:14)"}, {4, 20, 2, 9, "G(5:24, 3:11)"},
    {36, 1, 0, nc, "G(37, :)"}, {0, m, 0, nc, "G(:, :)"}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    gm_index_side side;
    gm_index_side_colons (&side, 2, dims);
    side.first[0] = cases[c].r0;
    side.first[1] = cases[c].c0;
    const int64_t count[2] = {cases[c].rc, cases[c].cc};
    TU_CUDA (cudaMemset (d_out, 0, h.size ()));
    gm_status st = gm_index_gather (cls, 0, 2, count, &side, d_src, d_out, 0);
    std::vector<unsigned char> got ((size_t) (count[0] * count[1]) * es), want (got.size ());
    TU_CUDA (cudaMemcpy (got.data (), d_out, got.size (), cudaMemcpyDeviceToHost));
    for (int64_t j = 0; j < count[1]; j++)
      for (int64_t i = 0; i < count[0]; i++)
        memcpy (&want[(size_t) (i + j * count[0]) * es],
                &h[(size_t) ((cases[c].r0 + i) + (cases[c].c0 + j) * m) * es], es);
    tu_result (st == GM_OK && got == want, "fast path %s, %s: status %d", cases[c].what,
               gm_class_name (cls), (int) st);
    /* the same block written: G(...) = V (a one-column range folds into the base pointer) */
    std::vector<unsigned char> v (got.size ()), after (h.size ()), expect = h;
    random_bytes (v);
    TU_CUDA (cudaMemcpy (d_out, v.data (), v.size (), cudaMemcpyHostToDevice));
    void *d_dst;
    TU_CUDA (cudaMalloc (&d_dst, h.size ()));
    TU_CUDA (cudaMemcpy (d_dst, h.data (), h.size (), cudaMemcpyHostToDevice));
    st = gm_index_scatter (cls, 0, 2, count, &side, d_dst, d_out, 0, 0);
    TU_CUDA (cudaMemcpy (after.data (), d_dst, after.size (), cudaMemcpyDeviceToHost));
    for (int64_t j = 0; j < count[1]; j++)
      for (int64_t i = 0; i < count[0]; i++)
        memcpy (&expect[(size_t) ((cases[c].r0 + i) + (cases[c].c0 + j) * m) * es],
                &v[(size_t) (i + j * count[0]) * es], es);
    tu_result (st == GM_OK && after == expect, "fast path %s = V, %s: status %d", cases[c].what,
               gm_class_name (cls), (int) st);
    /* and a broadcast scalar into it */
    st = gm_index_scatter (cls, 0, 2, count, &side, d_dst, d_out, 1, 0);
    TU_CUDA (cudaMemcpy (after.data (), d_dst, after.size (), cudaMemcpyDeviceToHost));
    for (int64_t j = 0; j < count[1]; j++)
      for (int64_t i = 0; i < count[0]; i++)
        memcpy (&expect[(size_t) ((cases[c].r0 + i) + (cases[c].c0 + j) * m) * es], &v[0], es);
    tu_result (st == GM_OK && after == expect, "fast path %s = scalar, %s: status %d",
               cases[c].what, gm_class_name (cls), (int) st);
    cudaFree (d_dst);
  }
  cudaFree (d_src);
  cudaFree (d_out);
}

/* 3. resize */
static void check_resize (gm_class cls, const std::vector<int64_t> &from,
                          const std::vector<int64_t> &to)
{
  const size_t es = gm_class_size (cls);
  const int64_t n_from = product (from), n_to = product (to);
  std::vector<unsigned char> h ((size_t) n_from * es);
  random_bytes (h);
  void *d_src = NULL, *d_dst = NULL;
  if (n_from) {
    TU_CUDA (cudaMalloc (&d_src, h.size ()));
    TU_CUDA (cudaMemcpy (d_src, h.data (), h.size (), cudaMemcpyHostToDevice));
  }
  std::vector<unsigned char> got ((size_t) (n_to + 1) * es, 0xA5), want (got.size (), 0);
  memset (&want[(size_t) n_to * es], 0xA5, es);           /* the guard element */
  TU_CUDA (cudaMalloc (&d_dst, got.size ()));
  TU_CUDA (cudaMemcpy (d_dst, got.data (), got.size (), cudaMemcpyHostToDevice));
  const int nd = (int) (from.size () > to.size () ? from.size () : to.size ());
  for (int64_t i = 0; i < n_to; i++) {
    /* subscripts of i in `to`; the element of `from` at them, if any */
    int64_t rest = i, src = 0, s = 1;
    bool inside = true;
    for (int k = 0; k < nd; k++) {
      const int64_t tk = k < (int) to.size () ? to[k] : 1, fk = k < (int) from.size () ? from[k] : 1;
      const int64_t ik = rest % tk;
      rest /= tk;
      if (ik >= fk)
        inside = false;
      src += ik * s;
      s *= fk;
    }
    if (inside)
      memcpy (&want[(size_t) i * es], &h[(size_t) src * es], es);
  }
  gm_status st = gm_resize (cls, (int) from.size (), from.data (), d_src, (int) to.size (),
                            to.data (), d_dst, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (got.data (), d_dst, got.size (), cudaMemcpyDeviceToHost));
  char a[64], b[64];
  tu_result (st == GM_OK && got == want, "resize %s %s -> %s: status %d", gm_class_name (cls),
             shape_text (from, a, sizeof a), shape_text (to, b, sizeof b), (int) st);
  cudaFree (d_src);
  cudaFree (d_dst);
}

/* 4. positions past 2^31: a uint8 array of 2^31 + 4096 bytes, its last 4096 read through a
   range and through a list, then written through a list and a broadcast. */
static void check_large (void)
{
  const int64_t numel = ((int64_t) 1 << 31) + 4096, tail = 4096;
  unsigned char *d;
  if (cudaMalloc (&d, (size_t) numel) != cudaSuccess) {
    cudaGetLastError ();
    printf ("test_index: no room for a 2 GiB array: 64-bit case skipped\n");
    tu_skipped++;
    return;
  }
  std::vector<unsigned char> h (tail);
  random_bytes (h);
  TU_CUDA (cudaMemcpy (d + numel - tail, h.data (), tail, cudaMemcpyHostToDevice));
  unsigned char *d_out;
  int64_t *d_list;
  TU_CUDA (cudaMalloc (&d_out, tail));
  TU_CUDA (cudaMalloc (&d_list, tail * sizeof (int64_t)));
  std::vector<int64_t> list (tail);
  for (int64_t i = 0; i < tail; i++)
    list[i] = numel - 1 - i;                        /* the tail, reversed */
  TU_CUDA (cudaMemcpy (d_list, list.data (), tail * sizeof (int64_t), cudaMemcpyHostToDevice));
  const int64_t dims[1] = {numel};
  gm_index_side side;
  gm_index_side_colons (&side, 1, dims);
  side.first[0] = numel - tail;
  std::vector<unsigned char> got (tail);
  gm_status st = gm_index_gather (GM_UINT8, 0, 1, &tail, &side, d, d_out, 0);
  TU_CUDA (cudaMemcpy (got.data (), d_out, tail, cudaMemcpyDeviceToHost));
  tu_result (st == GM_OK && got == h, "gather of a range past 2^31: status %d", (int) st);
  side.first[0] = 0;
  side.index[0] = d_list;
  st = gm_index_gather (GM_UINT8, 0, 1, &tail, &side, d, d_out, 0);
  TU_CUDA (cudaMemcpy (got.data (), d_out, tail, cudaMemcpyDeviceToHost));
  bool ok = st == GM_OK;
  for (int64_t i = 0; i < tail; i++)
    ok = ok && got[i] == h[tail - 1 - i];
  tu_result (ok, "gather of a list past 2^31: status %d", (int) st);
  /* 2 subscripts: a 2^20 x 2049 view (rows stride 1, columns 2^20), the last column read */
  const int64_t dims2[2] = {(int64_t) 1 << 20, 2048};
  gm_index_side side2;
  gm_index_side_colons (&side2, 2, dims2);
  side2.first[0] = ((int64_t) 1 << 20) - tail;
  side2.first[1] = 2047;
  const int64_t count2[2] = {tail, 1};
  TU_CUDA (cudaMemset (d + (((int64_t) 1 << 31) - tail), 7, tail));
  st = gm_index_gather (GM_UINT8, 0, 2, count2, &side2, d, d_out, 0);
  TU_CUDA (cudaMemcpy (got.data (), d_out, tail, cudaMemcpyDeviceToHost));
  ok = st == GM_OK;
  for (int64_t i = 0; i < tail; i++)
    ok = ok && got[i] == 7;
  tu_result (ok, "gather G(end-4095:end, 2048) of a 2^20 x 2048 uint8: status %d", (int) st);
  /* scatter through the reversed list, then a broadcast through a range */
  std::vector<unsigned char> v (tail);
  random_bytes (v);
  TU_CUDA (cudaMemcpy (d_out, v.data (), tail, cudaMemcpyHostToDevice));
  st = gm_index_scatter (GM_UINT8, 0, 1, &tail, &side, d, d_out, 0, 0);
  TU_CUDA (cudaMemcpy (got.data (), d + numel - tail, tail, cudaMemcpyDeviceToHost));
  ok = st == GM_OK;
  for (int64_t i = 0; i < tail; i++)
    ok = ok && got[tail - 1 - i] == v[i];
  tu_result (ok, "scatter through a list past 2^31: status %d", (int) st);
  gm_index_side_colons (&side, 1, dims);
  side.first[0] = numel - tail;
  const unsigned char nine = 9;
  TU_CUDA (cudaMemcpy (d_out, &nine, 1, cudaMemcpyHostToDevice));
  st = gm_index_scatter (GM_UINT8, 0, 1, &tail, &side, d, d_out, 1, 0);
  TU_CUDA (cudaMemcpy (got.data (), d + numel - tail, tail, cudaMemcpyDeviceToHost));
  ok = st == GM_OK;
  for (int64_t i = 0; i < tail; i++)
    ok = ok && got[i] == 9;
  tu_result (ok, "broadcast through a range past 2^31: status %d", (int) st);
  /* a loop of more than 2^31 elements (the kernel's 64-bit split): a broadcast over the whole
     array, checked at both ends and at 2^31 */
  gm_index_side_colons (&side, 1, dims);
  const unsigned char five = 5;
  TU_CUDA (cudaMemcpy (d_out, &five, 1, cudaMemcpyHostToDevice));
  st = gm_index_scatter (GM_UINT8, 0, 1, &numel, &side, d, d_out, 1, 0);
  unsigned char ends[3];
  TU_CUDA (cudaMemcpy (&ends[0], d, 1, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaMemcpy (&ends[1], d + ((int64_t) 1 << 31), 1, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaMemcpy (&ends[2], d + numel - 1, 1, cudaMemcpyDeviceToHost));
  tu_result (st == GM_OK && ends[0] == 5 && ends[1] == 5 && ends[2] == 5,
             "broadcast over 2^31 + 4096 elements: status %d, %d %d %d", (int) st, ends[0],
             ends[1], ends[2]);
  cudaFree (d);
  cudaFree (d_out);
  cudaFree (d_list);
}

/* A gather through the general kernel with more than 65536 * 256 elements (grid-stride). */
static void check_grid_stride (void)
{
  const int64_t m = 4099, nc = 4201;            /* 17.2 M elements of uint8 */
  std::vector<unsigned char> h ((size_t) (m * nc));
  random_bytes (h);
  unsigned char *d_src, *d_out;
  int64_t *d_rows;
  TU_CUDA (cudaMalloc (&d_src, h.size ()));
  TU_CUDA (cudaMalloc (&d_out, h.size ()));
  TU_CUDA (cudaMemcpy (d_src, h.data (), h.size (), cudaMemcpyHostToDevice));
  std::vector<int64_t> rows (m);
  for (int64_t i = 0; i < m; i++)
    rows[i] = m - 1 - i;                        /* G(end:-1:1, :) as a list */
  TU_CUDA (cudaMalloc (&d_rows, m * sizeof (int64_t)));
  TU_CUDA (cudaMemcpy (d_rows, rows.data (), m * sizeof (int64_t), cudaMemcpyHostToDevice));
  const int64_t dims[2] = {m, nc}, count[2] = {m, nc};
  gm_index_side side;
  gm_index_side_colons (&side, 2, dims);
  side.index[0] = d_rows;
  gm_status st = gm_index_gather (GM_UINT8, 0, 2, count, &side, d_src, d_out, 0);
  std::vector<unsigned char> got (h.size ());
  TU_CUDA (cudaMemcpy (got.data (), d_out, got.size (), cudaMemcpyDeviceToHost));
  bool ok = st == GM_OK;
  for (int64_t j = 0; j < nc && ok; j++)
    for (int64_t i = 0; i < m; i++)
      if (got[(size_t) (i + j * m)] != h[(size_t) (m - 1 - i + j * m)]) {
        ok = false;
        break;
      }
  tu_result (ok, "gather G(end:-1:1, :) of a 4099x4201 uint8 (grid-stride): status %d", (int) st);
  cudaFree (d_src);
  cudaFree (d_out);
  cudaFree (d_rows);
}

/* 5. bad arguments */
static void check_bad_arguments (void)
{
  const int64_t dims[2] = {4, 4}, count[2] = {2, 2};
  gm_index_side side;
  gm_index_side_colons (&side, 2, dims);
  void *d;
  TU_CUDA (cudaMalloc (&d, 256));
  TU_CUDA (cudaMemset (d, 0x11, 256));
  struct { gm_status st, want; const char *what; } r[16];
  int n = 0;
  r[n++] = {gm_index_gather ((gm_class) 99, 0, 2, count, &side, d, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: invalid class"};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 0, count, &side, d, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: 0 subscripts"};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, GM_INDEX_MAX_DIMS + 1, count, &side, d,
                             (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: 33 subscripts"};
  const int64_t negative[2] = {2, -1};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 2, negative, &side, d, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: negative count"};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 2, count, NULL, d, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: NULL side"};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 2, count, &side, NULL, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: NULL source"};
  r[n++] = {gm_index_scatter (GM_DOUBLE, 0, 2, count, &side, NULL, d, 0, 0),
            GM_ERR_INVALID_ARGUMENT, "scatter: NULL destination"};
  gm_index_side bad = side;
  bad.stride[1] = -4;
  r[n++] = {gm_index_scatter (GM_DOUBLE, 0, 2, count, &bad, d, (char *) d + 128, 0, 0),
            GM_ERR_INVALID_ARGUMENT, "scatter: negative stride"};
  bad = side;
  bad.first[0] = -1;
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 2, count, &bad, d, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "gather: negative first"};
  const int64_t huge[2] = {(int64_t) 1 << 40, (int64_t) 1 << 40};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 2, huge, &side, d, (char *) d + 128, 0),
            GM_ERR_SIZE_OVERFLOW, "gather: 2^80 elements"};
  const int64_t neg_dims[2] = {4, -4};
  r[n++] = {gm_resize (GM_DOUBLE, 2, dims, d, 2, neg_dims, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "resize: negative dimension"};
  r[n++] = {gm_resize (GM_DOUBLE, 0, dims, d, 2, dims, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "resize: 0 dimensions"};
  r[n++] = {gm_resize (GM_DOUBLE, 2, dims, NULL, 2, dims, (char *) d + 128, 0),
            GM_ERR_INVALID_ARGUMENT, "resize: NULL source with elements"};
  /* nothing to move: no device call, NULL pointers fine */
  const int64_t empty[2] = {0, 3};
  r[n++] = {gm_index_gather (GM_DOUBLE, 0, 2, empty, &side, NULL, NULL, 0), GM_OK,
            "gather: empty with NULL pointers"};
  r[n++] = {gm_index_scatter (GM_DOUBLE, 0, 2, empty, &side, NULL, NULL, 1, 0), GM_OK,
            "scatter: empty with NULL pointers"};
  const int64_t zero_dims[2] = {0, 4};
  r[n++] = {gm_resize (GM_DOUBLE, 2, dims, NULL, 2, zero_dims, NULL, 0), GM_OK,
            "resize: to empty with NULL pointers"};
  for (int i = 0; i < n; i++)
    tu_result (r[i].st == r[i].want, "%s: status %d, expected %d (%s)", r[i].what, (int) r[i].st,
               (int) r[i].want, gm_error_detail ());
  /* none of the refused calls wrote anything */
  unsigned char h[256];
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (h, d, 256, cudaMemcpyDeviceToHost));
  bool untouched = true;
  for (int i = 0; i < 256; i++)
    untouched = untouched && h[i] == 0x11;
  tu_result (untouched, "refused calls left the memory as it was");
  cudaFree (d);
}

int main (int argc, char **argv)
{
  const int quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_index"))
    return tu_finish ("test_index");
  TU_GM (gm_init ());
  tu_seed (20261125);
  static const int64_t shapes[][4] = {
    {1, 1, 0, 0}, {7, 13, 0, 0}, {1, 17, 0, 0}, {19, 1, 0, 0}, {3, 5, 4, 0}, {2, 3, 2, 5},
    {0, 3, 0, 0}, {5, 0, 0, 0}, {31, 37, 0, 0}, {2, 1, 3, 1}};
  const int rounds = quick ? 2 : 6;
  for (size_t c = 0; c < sizeof kClasses / sizeof kClasses[0]; c++) {
    const gm_class cls = kClasses[c];
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      std::vector<int64_t> dims;
      for (int k = 0; k < 4 && (k < 2 || shapes[s][k] > 0); k++)
        dims.push_back (shapes[s][k]);
      for (int n = 1; n <= 4; n++)
        for (int r = 0; r < rounds; r++)
          check_case (cls, dims, n, false, false);
      if (dims.size () == 2)
        for (int n = 2; n <= 3; n++)
          for (int r = 0; r < rounds; r++) {
            check_case (cls, dims, n, true, false);
            check_case (cls, dims, n, true, true);
          }
    }
    check_fast_paths (cls);
    check_resize (cls, {4, 4}, {5, 5});
    check_resize (cls, {4, 4}, {2, 3});
    check_resize (cls, {7, 3}, {7, 6});
    check_resize (cls, {1, 1}, {3, 1});
    check_resize (cls, {3, 4, 2}, {5, 4, 3});
    check_resize (cls, {3, 4, 2}, {2, 5});
    check_resize (cls, {2, 3}, {2, 3, 2});
    check_resize (cls, {0, 3}, {2, 4});
    check_resize (cls, {3, 3}, {0, 3});
    check_resize (cls, {13, 1}, {13, 1});
  }
  if (!quick) {
    check_grid_stride ();
    check_large ();
  }
  check_bad_arguments ();
  return tu_finish ("test_index");
}
