/* test_sort.cu: kernels/sort.cu and kernels/find.cu against host references written from
 * Octave 7.3's own rules.
 *
 *   test_sort            every case
 *   test_sort --quick    without the multi-million-element shapes (compute-sanitizer)
 *   test_sort --race     fewer still, for racecheck (which slows every shared-memory access of
 *                        CUB's radix passes): one class of each key width, the same plans on
 *                        a tenth of the segments, find without its 4099 x 4099 arrays
 *
 * Without a GPU, the host-only parts run and the rest is counted as skipped:
 *  - the key transform (kernels/sort_keys.cuh): std::stable_sort by key gives the same order as
 *    liboctave's Array<T>::sort (NaNs partitioned out in their original order, the rest stably
 *    sorted by x < y, or x > y for "descend", the NaNs appended, or first for "descend"), for
 *    every class and mode over values full of NaN (both signs, other payloads), -0, +-Inf,
 *    subnormals, the class's extremes and ties;
 *  - gm_find_dims against the shapes octave-cli 7.3 prints for find with 1, 2 and 3 outputs
 *    (zeros (1, 0), zeros (0, 3), zeros (0, 0), scalars, rows, columns, 1x1xN, 1x0x3, logical
 *    masks), and gm_median_dims.
 * On a GPU:
 *  - gm_sort, both modes, every class but complex, along every dimension up to ndims + 1, over
 *    shapes with 0, 1, primes, N-D, many short segments (the one-key and the two-pass plans)
 *    and a few million elements: the values' bits and the indices exactly;
 *  - gm_median against median.m's rules (NaN, even lengths in the class: saturation, rounding
 *    half away from zero, +0 + a + b, logical a | b), and its flag for a zero median among
 *    zeros of both signs (where Octave's nth_element picks the sign);
 *  - gm_count_nonzero, gm_find_select and gm_find_outputs for every class, complex included;
 *  - errors: complex classes, a short workspace, NULL data, bad shapes.
 * Not reached here: arrays of more than 2^31 elements (the plan with 64-bit positions needs over
 * 64 GB of workspace, 32 bytes an element).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <vector>
#include "test_util.h"
#include "sort_keys.cuh"

static int quick;   /* 1: --quick, 2: --race */

static const gm_class kClasses[] = {GM_DOUBLE, GM_SINGLE, GM_INT8, GM_UINT8, GM_INT16, GM_UINT16,
                                    GM_INT32, GM_UINT32, GM_INT64, GM_UINT64};
/* --race: one class of each key width (64, 32, 16 and 8 bits; double's NaN and -0 keys) */
static const gm_class kRaceClasses[] = {GM_DOUBLE, GM_SINGLE, GM_UINT16, GM_INT8};

/* the classes the device checks run over */
static std::vector<gm_class> device_classes ()
{
  if (quick == 2)
    return std::vector<gm_class> (std::begin (kRaceClasses), std::end (kRaceClasses));
  return std::vector<gm_class> (std::begin (kClasses), std::end (kClasses));
}

/* ---- host side: raw elements, Octave's comparisons ---------------------------------------------- */

static uint64_t get_bits (const std::vector<unsigned char> &buf, size_t es, size_t i)
{
  uint64_t b = 0;
  memcpy (&b, &buf[i * es], es);      /* little-endian: zero-extended */
  return b;
}

static void set_bits (std::vector<unsigned char> &buf, size_t es, size_t i, uint64_t b)
{
  memcpy (&buf[i * es], &b, es);
}

static bool is_nan (gm_class cls, uint64_t b)
{
  if (cls == GM_DOUBLE)
    return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
  if (cls == GM_SINGLE)
    return (b & 0x7fffffffu) > 0x7f800000u;
  return false;
}

/* The element's value, exactly (long double holds every int64, uint64 and double). */
static long double value (gm_class cls, uint64_t b)
{
  switch (cls) {
  case GM_DOUBLE: { double d; memcpy (&d, &b, 8); return d; }
  case GM_SINGLE: { float f; uint32_t u = (uint32_t) b; memcpy (&f, &u, 4); return f; }
  case GM_INT8: return (int8_t) b;
  case GM_UINT8: return (uint8_t) b;
  case GM_INT16: return (int16_t) b;
  case GM_UINT16: return (uint16_t) b;
  case GM_INT32: return (int32_t) b;
  case GM_UINT32: return (uint32_t) b;
  case GM_INT64: return (int64_t) b;
  default: return (uint64_t) b;
  }
}

/* Array<T>::sort's order of the elements x[0 .. n) (their positions). */
static std::vector<size_t> octave_order (gm_class cls, const std::vector<uint64_t> &x, int descend)
{
  std::vector<size_t> keep, nans;
  for (size_t i = 0; i < x.size (); i++)
    (is_nan (cls, x[i]) ? nans : keep).push_back (i);
  std::stable_sort (keep.begin (), keep.end (), [&] (size_t a, size_t b) {
    const long double va = value (cls, x[a]), vb = value (cls, x[b]);
    return descend ? va > vb : va < vb;
  });
  if (descend) {
    nans.insert (nans.end (), keep.begin (), keep.end ());
    return nans;
  }
  keep.insert (keep.end (), nans.begin (), nans.end ());
  return keep;
}

static std::vector<size_t> key_order (gm_class cls, const std::vector<uint64_t> &x, int descend)
{
  std::vector<size_t> idx (x.size ());
  for (size_t i = 0; i < idx.size (); i++)
    idx[i] = i;
  std::vector<uint64_t> key (x.size ());
  for (size_t i = 0; i < x.size (); i++)
    key[i] = gm_sort_key (x[i], cls, descend);
  std::stable_sort (idx.begin (), idx.end (), [&] (size_t a, size_t b) { return key[a] < key[b]; });
  return idx;
}

/* A value of class cls as raw bits: `every` in 3 a special (NaN of either sign and other
   payloads, +-0, +-Inf, subnormals, extremes), else a small whole number (ties) or random bits. */
static uint64_t random_bits (gm_class cls)
{
  const int es = (int) gm_class_size (cls);
  const uint64_t mask = es == 8 ? ~0ull : (1ull << (8 * es)) - 1;
  const uint64_t pick = tu_next () % 9;
  if (cls == GM_DOUBLE) {
    static const uint64_t sp[] = {0x7ff8000000000000ull, 0xfff8000000000000ull,
                                  0x7ff0000000000001ull, 0x0000000000000000ull,
                                  0x8000000000000000ull, 0x7ff0000000000000ull,
                                  0xfff0000000000000ull, 0x0000000000000001ull,
                                  0x800fffffffffffffull, 0x7fefffffffffffffull,
                                  0xffefffffffffffffull};
    if (pick < 3)
      return sp[tu_next () % 11];
    if (pick < 6) {
      const double d = (double) tu_randint (-3, 3);
      uint64_t b;
      memcpy (&b, &d, 8);
      return b;
    }
    return tu_next ();
  }
  if (cls == GM_SINGLE) {
    static const uint32_t sp[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0u, 0x80000000u,
                                  0x7f800000u, 0xff800000u, 1u, 0x807fffffu, 0x7f7fffffu,
                                  0xff7fffffu};
    if (pick < 3)
      return sp[tu_next () % 11];
    if (pick < 6) {
      const float f = (float) tu_randint (-3, 3);
      uint32_t b;
      memcpy (&b, &f, 4);
      return b;
    }
    return tu_next () & mask;
  }
  const bool is_signed = cls == GM_INT8 || cls == GM_INT16 || cls == GM_INT32 || cls == GM_INT64;
  const uint64_t sign = 1ull << (8 * es - 1);
  if (pick < 2) {
    const uint64_t sp[] = {0, mask, is_signed ? sign : 1, is_signed ? sign - 1 : mask - 1, 1};
    return sp[tu_next () % 5];
  }
  if (pick < 6)
    return (uint64_t) tu_randint (is_signed ? -3 : 0, 3) & mask;
  return tu_next () & mask;
}

static void test_keys ()
{
  for (gm_class cls : kClasses)
    for (int descend = 0; descend < 2; descend++)
      for (int rep = 0; rep < 40; rep++) {
        const size_t n = (size_t) tu_randint (0, rep < 20 ? 12 : 400);
        std::vector<uint64_t> x (n);
        for (auto &b : x)
          b = random_bits (cls);
        const bool ok = octave_order (cls, x, descend) == key_order (cls, x, descend);
        tu_result (ok, "key order: %s %s n %zu rep %d", gm_class_name (cls),
                   descend ? "descend" : "ascend", n, rep);
      }
  /* logical: bytes 0 and 1 as uint8 */
  std::vector<uint64_t> l = {1, 0, 1, 1, 0, 0, 1};
  tu_result (octave_order (GM_UINT8, l, 1) == key_order (GM_UINT8, l, 1), "logical descend");
}

/* ---- find and median shapes (host) ------------------------------------------------------------- */

static void test_find_dims ()
{
  /* each: dims, found, mask_form, expected i/j dims, expected v dims (octave-cli 7.3) */
  struct c { int nd; int64_t d[3]; int64_t found; int mask; int64_t idx[2]; int vnd; int64_t v[3]; };
  static const c cases[] = {
    {2, {1, 0}, 0, 0, {1, 0}, 2, {1, 0}},        {2, {0, 3}, 0, 0, {0, 1}, 2, {0, 1}},
    {2, {0, 0}, 0, 0, {0, 0}, 2, {0, 0}},        {2, {3, 0}, 0, 0, {0, 1}, 2, {0, 1}},
    {2, {1, 1}, 0, 0, {0, 0}, 2, {0, 0}},        {2, {1, 1}, 1, 0, {1, 1}, 2, {1, 1}},
    {2, {1, 3}, 0, 0, {1, 0}, 2, {1, 0}},        {2, {2, 1}, 0, 0, {0, 1}, 2, {0, 1}},
    {2, {2, 2}, 0, 0, {0, 1}, 2, {0, 1}},        {2, {1, 3}, 2, 0, {1, 2}, 2, {1, 2}},
    {2, {3, 1}, 2, 0, {2, 1}, 2, {2, 1}},        {2, {2, 2}, 2, 0, {2, 1}, 2, {2, 1}},
    {3, {1, 1, 3}, 3, 0, {3, 1}, 3, {1, 1, 3}},  {3, {1, 1, 3}, 0, 0, {0, 1}, 3, {1, 1, 0}},
    {3, {1, 0, 3}, 0, 0, {0, 1}, 2, {0, 1}},     {2, {0, 1}, 0, 0, {0, 1}, 2, {0, 1}},
    {2, {2, 1}, 1, 0, {1, 1}, 2, {1, 1}},        {3, {2, 2, 2}, 2, 0, {2, 1}, 2, {2, 1}},
    {3, {0, 1, 0}, 0, 0, {0, 0}, 2, {0, 0}},     {2, {1, 6}, 0, 0, {1, 0}, 2, {1, 0}},
    /* logical, one output, all of them ("mask form") */
    {2, {1, 0}, 0, 1, {1, 0}, 2, {1, 0}},        {2, {0, 3}, 0, 1, {0, 1}, 2, {0, 1}},
    {2, {0, 0}, 0, 1, {0, 1}, 2, {0, 1}},        {2, {3, 0}, 0, 1, {0, 1}, 2, {0, 1}},
    {2, {1, 1}, 0, 1, {0, 0}, 2, {0, 0}},        {2, {1, 1}, 1, 1, {1, 1}, 2, {1, 1}},
    {2, {1, 3}, 2, 1, {1, 2}, 2, {1, 2}},        {2, {2, 1}, 1, 1, {1, 1}, 2, {1, 1}},
    {2, {2, 2}, 2, 1, {2, 1}, 2, {2, 1}},        {3, {1, 1, 2}, 2, 1, {2, 1}, 3, {1, 1, 2}},
    {3, {1, 1, 2}, 0, 1, {0, 1}, 3, {1, 1, 0}},  {3, {0, 1, 0}, 0, 1, {0, 1}, 2, {0, 1}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const c &t = cases[k];
    int64_t idx[2] = {-1, -1}, v[3] = {-1, -1, -1};
    int vnd = -1;
    const gm_status st = gm_find_dims (t.nd, t.d, t.found, t.mask, idx, &vnd, v);
    bool ok = st == GM_OK && idx[0] == t.idx[0] && idx[1] == t.idx[1];
    if (!t.mask) {
      ok = ok && vnd == t.vnd;
      for (int d = 0; ok && d < vnd; d++)
        ok = v[d] == t.v[d];
    }
    tu_result (ok, "gm_find_dims case %zu: status %d, idx %lldx%lld, v nd %d", k, (int) st,
               (long long) idx[0], (long long) idx[1], vnd);
  }
  int64_t idx[2], v[3];
  int vnd;
  const int64_t d1[1] = {3}, d2[2] = {2, 2};
  tu_result (gm_find_dims (1, d1, 0, 0, idx, &vnd, v) == GM_ERR_INVALID_ARGUMENT, "find_dims nd 1");
  tu_result (gm_find_dims (2, d2, 5, 0, idx, &vnd, v) == GM_ERR_INVALID_ARGUMENT, "find_dims found > numel");
}

static void test_median_dims ()
{
  struct c { int nd; int64_t d[4]; int dim; int nd_out; int64_t out[4]; };
  static const c cases[] = {
    {2, {3, 4}, 1, 2, {1, 4}},       {2, {3, 4}, 2, 2, {3, 1}},     {2, {3, 4}, 3, 2, {3, 4}},
    {3, {2, 3, 4}, 3, 2, {2, 3}},    {3, {2, 3, 4}, 2, 3, {2, 1, 4}}, {4, {2, 3, 4, 5}, 4, 3, {2, 3, 4}},
    {2, {1, 5}, 2, 2, {1, 1}},       {0, {0}, 1, 2, {1, 1}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const c &t = cases[k];
    int nd = -1;
    int64_t out[4] = {-1, -1, -1, -1};
    const gm_status st = gm_median_dims (t.nd, t.d, t.dim, &nd, out);
    bool ok = st == GM_OK && nd == t.nd_out;
    for (int d = 0; ok && d < nd; d++)
      ok = out[d] == t.out[d];
    tu_result (ok, "gm_median_dims case %zu", k);
  }
}

/* ---- device side ---------------------------------------------------------------------------- */

static void *to_device (const std::vector<unsigned char> &h)
{
  void *d = NULL;
  TU_CUDA (cudaMalloc (&d, h.size () + 16));
  if (!h.empty ())
    TU_CUDA (cudaMemcpy (d, h.data (), h.size (), cudaMemcpyHostToDevice));
  return d;
}

static std::vector<unsigned char> from_device (const void *d, size_t bytes)
{
  std::vector<unsigned char> h (bytes);
  if (bytes)
    TU_CUDA (cudaMemcpy (h.data (), d, bytes, cudaMemcpyDeviceToHost));
  return h;
}

static int64_t numel_of (int nd, const int64_t *dims)
{
  int64_t n = 1;
  for (int d = 0; d < nd; d++)
    n *= dims[d];
  return n;
}

static void view (int nd, const int64_t *dims, int dim, int64_t *pre, int64_t *len, int64_t *post)
{
  *pre = *len = *post = 1;
  for (int d = 0; d < nd; d++)
    *(d < dim - 1 ? pre : d == dim - 1 ? len : post) *= dims[d];
}

static std::vector<unsigned char> random_array (gm_class cls, int64_t n, int logical)
{
  const size_t es = gm_class_size (cls);
  std::vector<unsigned char> h ((size_t) n * es);
  for (int64_t i = 0; i < n; i++)
    set_bits (h, es, (size_t) i, logical ? tu_next () % 2 : random_bits (cls));
  return h;
}

/* gm_sort against the reference: sorted bits and 1-based indices of every slice */
static void check_sort (gm_class cls, int logical, int nd, const int64_t *dims, int dim,
                        int descend, const char *what)
{
  const int64_t n = numel_of (nd, dims);
  const size_t es = gm_class_size (cls);
  std::vector<unsigned char> hx = random_array (cls, n, logical);
  void *dx = to_device (hx);
  void *dout = NULL, *ws = NULL;
  double *didx = NULL;
  TU_CUDA (cudaMalloc (&dout, (size_t) n * es + 16));
  TU_CUDA (cudaMalloc ((void **) &didx, (size_t) n * sizeof (double) + 16));
  size_t ws_bytes = 0;
  TU_GM (gm_sort_workspace_size (cls, nd, dims, dim, &ws_bytes));
  if (ws_bytes)
    TU_CUDA (cudaMalloc (&ws, ws_bytes));
  TU_GM (gm_sort (cls, descend, nd, dims, dim, dx, dout, didx, ws, ws_bytes, 0));
  std::vector<unsigned char> got = from_device (dout, (size_t) n * es);
  std::vector<unsigned char> gi = from_device (didx, (size_t) n * sizeof (double));
  int64_t pre, len, post;
  view (nd, dims, dim, &pre, &len, &post);
  bool ok = true;
  int64_t bad = -1;
  std::vector<uint64_t> slice ((size_t) len);
  for (int64_t q = 0; q < post && ok; q++)
    for (int64_t p = 0; p < pre && ok; p++) {
      for (int64_t i = 0; i < len; i++)
        slice[(size_t) i] = get_bits (hx, es, (size_t) (p + i * pre + q * pre * len));
      const std::vector<size_t> order = octave_order (cls, slice, descend);
      for (int64_t r = 0; r < len && ok; r++) {
        const size_t o = (size_t) (p + r * pre + q * pre * len);
        double index;
        memcpy (&index, &gi[o * sizeof (double)], sizeof index);
        if (get_bits (got, es, o) != slice[order[(size_t) r]] || index != (double) (order[(size_t) r] + 1)) {
          ok = false;
          bad = (int64_t) o;
        }
      }
    }
  char shape[96] = "";
  for (int d = 0; d < nd; d++)
    snprintf (shape + strlen (shape), sizeof shape - strlen (shape), "%s%lld", d ? "x" : "",
              (long long) dims[d]);
  tu_result (ok, "gm_sort %s %s%s %s dim %d %s: first wrong element %lld", what,
             logical ? "logical" : gm_class_name (cls), "", shape, dim,
             descend ? "descend" : "ascend", (long long) bad);
  /* without the index output: the same values */
  TU_CUDA (cudaMemset (dout, 0xA5, (size_t) n * es + 16));
  TU_GM (gm_sort (cls, descend, nd, dims, dim, dx, dout, NULL, ws, ws_bytes, 0));
  tu_result (from_device (dout, (size_t) n * es) == got, "gm_sort without index %s %s dim %d",
             gm_class_name (cls), shape, dim);
  cudaFree (dx);
  cudaFree (dout);
  cudaFree (didx);
  cudaFree (ws);
}

static void test_sort ()
{
  static const int64_t shapes[][4] = {
    {2, 0, 0}, {2, 1, 1}, {2, 1, 7}, {2, 7, 1}, {2, 0, 5}, {2, 5, 0}, {2, 2, 2}, {2, 13, 17},
    {2, 1, 257}, {2, 257, 3}, {3, 3, 4, 5}, {3, 1, 1, 9}, {3, 2, 0, 3}, {2, 1000, 7},
    {2, 3, 1000}, {3, 31, 37, 2}};
  for (gm_class cls : device_classes ())
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      const int nd = (int) shapes[s][0];
      for (int dim = 1; dim <= nd + 1; dim++)
        for (int descend = 0; descend < 2; descend++)
          check_sort (cls, 0, nd, shapes[s] + 1, dim, descend, "shape");
    }
  /* logical (uint8 bytes 0 and 1) */
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (int descend = 0; descend < 2; descend++)
      check_sort (GM_UINT8, 1, (int) shapes[s][0], shapes[s] + 1, 1, descend, "shape");
  /* the plans: many segments of a 64-bit class (two passes, the second on the segments), of a
     32-, 16- and 8-bit class (the segment above the key in one 64-bit key: 50, 34 and 26 bits
     of radix passes), contiguous (dim 1) and strided (dim 2) */
  const int64_t many[2] = {3, quick == 2 ? 20001 : 200001}, wide[2] = {quick == 2 ? 7000 : 70000, 3};
  for (gm_class cls : {GM_DOUBLE, GM_INT64, GM_SINGLE, GM_UINT32, GM_INT8, GM_UINT16})
    for (int descend = 0; descend < 2; descend++) {
      check_sort (cls, 0, 2, many, 1, descend, "many segments");
      check_sort (cls, 0, 2, wide, 2, descend, "many strided segments");
    }
  if (!quick) {
    const int64_t big[2] = {3000001, 1}, big2[2] = {1500, 2001};
    for (gm_class cls : {GM_DOUBLE, GM_SINGLE, GM_INT16, GM_UINT64})
      for (int descend = 0; descend < 2; descend++) {
        check_sort (cls, 0, 2, big, 1, descend, "large");
        check_sort (cls, 0, 2, big2, 1, descend, "large");
        check_sort (cls, 0, 2, big2, 2, descend, "large");
      }
  }
}

/* median.m's value for one slice of raw elements */
static uint64_t median_reference (gm_class cls, int logical, std::vector<uint64_t> v)
{
  const std::vector<size_t> order = octave_order (cls, v, 0);
  const size_t len = v.size ();
  if (is_nan (cls, v[order[len - 1]]))
    return cls == GM_DOUBLE ? 0x7ff8000000000000ull : 0x7fc00000ull;
  if (len % 2)
    return v[order[(len - 1) / 2]];
  const uint64_t a = v[order[len / 2 - 1]], b = v[order[len / 2]];
  if (cls == GM_DOUBLE) {
    double x, y, s = 0.0;
    memcpy (&x, &a, 8);
    memcpy (&y, &b, 8);
    s += x;
    s += y;
    s /= 2.0;
    uint64_t r;
    memcpy (&r, &s, 8);
    return r;
  }
  if (cls == GM_SINGLE) {
    float x, y, s = 0.0f;
    uint32_t ua = (uint32_t) a, ub = (uint32_t) b, r;
    memcpy (&x, &ua, 4);
    memcpy (&y, &ub, 4);
    s += x;
    s += y;
    s /= 2.0f;
    memcpy (&r, &s, 4);
    return r;
  }
  if (logical)
    return a | b;
  /* saturated sum, then round (s / 2) half away from zero, in long double */
  const int es = (int) gm_class_size (cls);
  const bool is_signed = cls == GM_INT8 || cls == GM_INT16 || cls == GM_INT32 || cls == GM_INT64;
  long double lo = is_signed ? -ldexpl (1, 8 * es - 1) : 0;
  long double hi = is_signed ? ldexpl (1, 8 * es - 1) - 1 : ldexpl (1, 8 * es) - 1;
  long double s = value (cls, a) + value (cls, b);
  s = s < lo ? lo : s > hi ? hi : s;
  long double h = s / 2;
  h = h < 0 ? -floorl (-h + 0.5L) : floorl (h + 0.5L);
  const uint64_t mask = es == 8 ? ~0ull : (1ull << (8 * es)) - 1;
  return (is_signed ? (uint64_t) (int64_t) h : (uint64_t) h) & mask;
}

/* Where Octave's nth_element decides the sign: an odd length, no NaN, a zero in the middle,
   and zeros of both signs in the slice (they sort as one run of equal keys). */
static bool median_ambiguous (gm_class cls, const std::vector<uint64_t> &v)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return false;
  const std::vector<size_t> order = octave_order (cls, v, 0);
  const size_t len = v.size ();
  const uint64_t sign = cls == GM_DOUBLE ? 0x8000000000000000ull : 0x80000000ull;
  if (len % 2 == 0 || is_nan (cls, v[order[len - 1]]) || value (cls, v[order[(len - 1) / 2]]) != 0)
    return false;
  bool neg = false, pos = false;
  for (uint64_t b : v)
    if (!is_nan (cls, b) && value (cls, b) == 0)
      (b & sign ? neg : pos) = true;
  return neg && pos;
}

static void check_median (gm_class cls, int logical, int nd, const int64_t *dims, int dim)
{
  const int64_t n = numel_of (nd, dims);
  const size_t es = gm_class_size (cls);
  std::vector<unsigned char> hx = random_array (cls, n, logical);
  int ndo;
  int64_t dout_dims[8];
  TU_GM (gm_median_dims (nd, dims, dim, &ndo, dout_dims));
  const int64_t nout = numel_of (ndo, dout_dims);
  void *dx = to_device (hx), *dout = NULL, *ws = NULL;
  int *dflag = NULL, flag = 0;
  TU_CUDA (cudaMalloc (&dout, (size_t) nout * es + 16));
  TU_CUDA (cudaMalloc ((void **) &dflag, sizeof (int)));
  TU_CUDA (cudaMemset (dflag, 0, sizeof (int)));
  size_t ws_bytes = 0;
  TU_GM (gm_median_workspace_size (cls, nd, dims, dim, &ws_bytes));
  if (ws_bytes)
    TU_CUDA (cudaMalloc (&ws, ws_bytes));
  TU_GM (gm_median (cls, logical, nd, dims, dim, dx, dout, dflag, ws, ws_bytes, 0));
  std::vector<unsigned char> got = from_device (dout, (size_t) nout * es);
  TU_CUDA (cudaMemcpy (&flag, dflag, sizeof flag, cudaMemcpyDeviceToHost));
  int64_t pre, len, post;
  view (nd, dims, dim, &pre, &len, &post);
  bool ok = nout == pre * post, ambiguous = false;
  std::vector<uint64_t> slice ((size_t) len);
  for (int64_t q = 0; q < post && ok; q++)
    for (int64_t p = 0; p < pre && ok; p++) {
      for (int64_t i = 0; i < len; i++)
        slice[(size_t) i] = get_bits (hx, es, (size_t) (p + i * pre + q * pre * len));
      ok = get_bits (got, es, (size_t) (p + q * pre)) == median_reference (cls, logical, slice);
      ambiguous = ambiguous || median_ambiguous (cls, slice);
    }
  tu_result (ok, "gm_median %s nd %d dim %d", logical ? "logical" : gm_class_name (cls), nd, dim);
  tu_result (flag == (int) ambiguous, "gm_median's ambiguity flag %s nd %d dim %d: %d, want %d",
             gm_class_name (cls), nd, dim, flag, (int) ambiguous);
  /* without a flag: the same values */
  TU_GM (gm_median (cls, logical, nd, dims, dim, dx, dout, NULL, ws, ws_bytes, 0));
  tu_result (from_device (dout, (size_t) nout * es) == got, "gm_median without a flag %s",
             gm_class_name (cls));
  cudaFree (dx);
  cudaFree (dout);
  cudaFree (dflag);
  cudaFree (ws);
}

static void test_median ()
{
  static const int64_t shapes[][4] = {
    {2, 1, 1}, {2, 1, 2}, {2, 2, 1}, {2, 7, 1}, {2, 1, 8}, {2, 4, 6}, {2, 13, 17}, {3, 3, 4, 5},
    {3, 2, 2, 2}, {2, 1000, 3}, {2, 3, 1000}};
  for (gm_class cls : device_classes ())
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
      for (int dim = 1; dim <= (int) shapes[s][0] + 1; dim++)
        check_median (cls, 0, (int) shapes[s][0], shapes[s] + 1, dim);
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    check_median (GM_UINT8, 1, (int) shapes[s][0], shapes[s] + 1, 1);
  /* the saturation and rounding cases by hand: int8 [100 100] -> 64 (127/2 rounded up),
     int8 [-100 -101] -> -101 (-201 saturates to -128, -64), uint64 extremes */
  struct hand { gm_class cls; uint64_t a, b, want; } cases[] = {
    {GM_INT8, 100, 100, 64}, {GM_INT8, (uint8_t) -100, (uint8_t) -101, (uint8_t) -64},
    {GM_INT8, (uint8_t) -3, 0, (uint8_t) -2}, {GM_UINT8, 255, 254, 128},
    {GM_INT64, 0x7fffffffffffffffull, 0x7ffffffffffffffeull, 0x4000000000000000ull},
    {GM_UINT64, ~0ull, ~0ull - 1, 0x8000000000000000ull},
    {GM_DOUBLE, 0x8000000000000000ull, 0x8000000000000000ull, 0}, /* (+0 + -0 + -0) / 2 = +0 */
  };
  for (const hand &h : cases) {
    const size_t es = gm_class_size (h.cls);
    std::vector<unsigned char> hx (2 * es);
    set_bits (hx, es, 0, h.a);
    set_bits (hx, es, 1, h.b);
    const int64_t dims[2] = {2, 1};
    void *dx = to_device (hx), *dout = NULL, *ws = NULL;
    TU_CUDA (cudaMalloc (&dout, 16));
    size_t ws_bytes = 0;
    TU_GM (gm_median_workspace_size (h.cls, 2, dims, 1, &ws_bytes));
    TU_CUDA (cudaMalloc (&ws, ws_bytes));
    TU_GM (gm_median (h.cls, 0, 2, dims, 1, dx, dout, NULL, ws, ws_bytes, 0));
    std::vector<unsigned char> got = from_device (dout, es);
    tu_result (get_bits (got, es, 0) == h.want, "median by hand %s: got %llx, want %llx",
               gm_class_name (h.cls), (unsigned long long) get_bits (got, es, 0),
               (unsigned long long) h.want);
    cudaFree (dx);
    cudaFree (dout);
    cudaFree (ws);
  }
}

/* the ambiguity flag by hand: zeros of both signs with a zero in the middle of an odd length */
static void test_median_zero_signs ()
{
  struct hand { int n; double x[5]; int want; } cases[] = {
    {3, {0, -0.0, 0}, 1}, {3, {0, 0, 0}, 0}, {3, {-0.0, -0.0, -0.0}, 0}, {2, {0, -0.0}, 0},
    {5, {1, -0.0, 0, 2, 3}, 0}, {5, {-0.0, 5, 0, -1, 0}, 1}, {5, {-0.0, NAN, 0, -1, 0}, 0},
    {1, {-0.0}, 0}, {3, {-1, -0.0, 0}, 1},
  };
  for (gm_class cls : {GM_DOUBLE, GM_SINGLE})
    for (const hand &h : cases) {
      const size_t es = gm_class_size (cls);
      std::vector<unsigned char> hx ((size_t) h.n * es);
      for (int i = 0; i < h.n; i++) {
        if (cls == GM_DOUBLE)
          memcpy (&hx[(size_t) i * es], &h.x[i], es);
        else {
          const float f = (float) h.x[i];
          memcpy (&hx[(size_t) i * es], &f, es);
        }
      }
      const int64_t dims[2] = {1, h.n};
      void *dx = to_device (hx), *dout = NULL, *ws = NULL;
      int *dflag = NULL, flag = -1;
      TU_CUDA (cudaMalloc (&dout, 16));
      TU_CUDA (cudaMalloc ((void **) &dflag, sizeof (int)));
      TU_CUDA (cudaMemset (dflag, 0, sizeof (int)));
      size_t ws_bytes = 0;
      TU_GM (gm_median_workspace_size (cls, 2, dims, 2, &ws_bytes));
      if (ws_bytes)
        TU_CUDA (cudaMalloc (&ws, ws_bytes));
      TU_GM (gm_median (cls, 0, 2, dims, 2, dx, dout, dflag, ws, ws_bytes, 0));
      TU_CUDA (cudaMemcpy (&flag, dflag, sizeof flag, cudaMemcpyDeviceToHost));
      tu_result (flag == h.want, "median zero signs %s n %d: flag %d, want %d",
                 gm_class_name (cls), h.n, flag, h.want);
      cudaFree (dx);
      cudaFree (dout);
      cudaFree (dflag);
      cudaFree (ws);
    }
}

static bool nonzero_ref (gm_class cls, const std::vector<unsigned char> &h, size_t i)
{
  const size_t es = gm_class_size (cls);
  if (cls == GM_COMPLEX_DOUBLE)
    return value (GM_DOUBLE, get_bits (h, 8, 2 * i)) != 0 || value (GM_DOUBLE, get_bits (h, 8, 2 * i + 1)) != 0
           || is_nan (GM_DOUBLE, get_bits (h, 8, 2 * i)) || is_nan (GM_DOUBLE, get_bits (h, 8, 2 * i + 1));
  if (cls == GM_COMPLEX_SINGLE)
    return value (GM_SINGLE, get_bits (h, 4, 2 * i)) != 0 || value (GM_SINGLE, get_bits (h, 4, 2 * i + 1)) != 0
           || is_nan (GM_SINGLE, get_bits (h, 4, 2 * i)) || is_nan (GM_SINGLE, get_bits (h, 4, 2 * i + 1));
  const uint64_t b = get_bits (h, es, i);
  return is_nan (cls, b) || value (cls, b) != 0;
}

static void check_find (gm_class cls, int64_t n, int64_t rows)
{
  const size_t es = gm_class_size (cls);
  std::vector<unsigned char> hx ((size_t) n * es);
  const gm_class part = gm_class_real (cls);
  const size_t ps = gm_class_size (part);
  for (size_t i = 0; i < hx.size () / ps; i++)
    set_bits (hx, ps, i, tu_next () % 3 ? (gm_class_is_integer (part) ? 0 : (tu_next () % 2 ? 0 : (ps == 8 ? 0x8000000000000000ull : 0x80000000ull))) : random_bits (part));
  std::vector<int64_t> want;
  for (int64_t i = 0; i < n; i++)
    if (nonzero_ref (cls, hx, (size_t) i))
      want.push_back (i);
  void *dx = to_device (hx);
  int64_t count = -1;
  TU_GM (gm_count_nonzero (cls, n, dx, &count, 0));
  tu_result (count == (int64_t) want.size (), "gm_count_nonzero %s n %lld: %lld, want %zu",
             gm_class_name (cls), (long long) n, (long long) count, want.size ());
  size_t ws_bytes = 0;
  TU_GM (gm_find_workspace_size (n, &ws_bytes));
  void *ws = NULL, *dindex = NULL, *di = NULL, *dj = NULL, *dv = NULL;
  TU_CUDA (cudaMalloc (&ws, ws_bytes + 1));
  TU_CUDA (cudaMalloc (&dindex, want.size () * 8 + 8));
  TU_CUDA (cudaMalloc (&di, want.size () * 8 + 8));
  TU_CUDA (cudaMalloc (&dj, want.size () * 8 + 8));
  TU_CUDA (cudaMalloc (&dv, want.size () * es + 16));
  TU_GM (gm_find_select (cls, n, dx, (int64_t *) dindex, ws, ws_bytes, 0));
  std::vector<unsigned char> gidx = from_device (dindex, want.size () * 8);
  tu_result (want.empty () || !memcmp (gidx.data (), want.data (), want.size () * 8),
             "gm_find_select %s n %lld", gm_class_name (cls), (long long) n);
  /* the last `k` of them, as find (x, k, "last") takes them */
  const int64_t k = (int64_t) want.size () / 2, start = (int64_t) want.size () - k;
  TU_GM (gm_find_outputs (cls, k, (const int64_t *) dindex + start, rows, dx, (double *) di,
                          (double *) dj, dv, 0));
  std::vector<unsigned char> hi = from_device (di, (size_t) k * 8), hj = from_device (dj, (size_t) k * 8),
                             hv = from_device (dv, (size_t) k * es);
  bool ok = true;
  for (int64_t t = 0; t < k && ok; t++) {
    const int64_t e = want[(size_t) (start + t)];
    double i, j;
    memcpy (&i, &hi[(size_t) t * 8], 8);
    memcpy (&j, &hj[(size_t) t * 8], 8);
    ok = i == (double) (e % rows + 1) && j == (double) (e / rows + 1)
         && !memcmp (&hv[(size_t) t * es], &hx[(size_t) e * es], es);
  }
  tu_result (ok, "gm_find_outputs %s n %lld rows %lld", gm_class_name (cls), (long long) n,
             (long long) rows);
  TU_GM (gm_find_outputs (cls, k, (const int64_t *) dindex + start, 0, dx, (double *) di, NULL,
                          NULL, 0));
  hi = from_device (di, (size_t) k * 8);
  ok = true;
  for (int64_t t = 0; t < k && ok; t++) {
    double i;
    memcpy (&i, &hi[(size_t) t * 8], 8);
    ok = i == (double) (want[(size_t) (start + t)] + 1);
  }
  tu_result (ok, "gm_find_outputs linear %s n %lld", gm_class_name (cls), (long long) n);
  cudaFree (dx);
  cudaFree (ws);
  cudaFree (dindex);
  cudaFree (di);
  cudaFree (dj);
  cudaFree (dv);
}

static void test_find ()
{
  const gm_class all[] = {GM_DOUBLE, GM_SINGLE, GM_COMPLEX_DOUBLE, GM_COMPLEX_SINGLE, GM_INT8,
                          GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32, GM_INT64, GM_UINT64};
  const int64_t sizes[][2] = {{1, 1}, {2, 1}, {7, 7}, {255, 1}, {256, 3}, {1000, 37}, {4099, 4099}};
  for (gm_class cls : all)
    for (const auto &s : sizes)
      if (quick < 2 || s[0] < 4099)
        check_find (cls, s[0], s[1]);
  if (!quick)
    for (gm_class cls : {GM_DOUBLE, GM_UINT8, GM_COMPLEX_SINGLE})
      check_find (cls, 5000011, 1013);
  int64_t c = -1;
  TU_GM (gm_count_nonzero (GM_DOUBLE, 0, NULL, &c, 0));
  tu_result (c == 0, "gm_count_nonzero of nothing");
}

static void test_errors ()
{
  const int64_t dims[2] = {3, 4};
  size_t b = 0;
  tu_result (gm_sort_workspace_size (GM_COMPLEX_DOUBLE, 2, dims, 1, &b) == GM_ERR_INVALID_ARGUMENT,
             "sort of complex refused");
  tu_result (gm_sort_workspace_size (GM_DOUBLE, 2, dims, 0, &b) == GM_ERR_INVALID_ARGUMENT,
             "sort dim 0 refused");
  const int64_t neg[2] = {3, -1};
  tu_result (gm_sort_workspace_size (GM_DOUBLE, 2, neg, 1, &b) == GM_ERR_INVALID_ARGUMENT,
             "negative size refused");
  void *d = NULL;
  TU_CUDA (cudaMalloc (&d, 1024));
  TU_GM (gm_sort_workspace_size (GM_DOUBLE, 2, dims, 1, &b));
  tu_result (b > 0 && gm_sort (GM_DOUBLE, 0, 2, dims, 1, d, d, NULL, d, b - 1, 0) == GM_ERR_INVALID_ARGUMENT,
             "short workspace refused");
  tu_result (gm_sort (GM_DOUBLE, 0, 2, dims, 1, NULL, d, NULL, d, b, 0) == GM_ERR_INVALID_ARGUMENT,
             "NULL data refused");
  tu_result (gm_median (GM_INT8, 1, 2, dims, 1, d, d, NULL, d, 1024, 0) == GM_ERR_INVALID_ARGUMENT,
             "logical median of a non-uint8 class refused");
  tu_result (gm_find_select (GM_DOUBLE, 12, d, (int64_t *) d, d, 1, 0) == GM_ERR_INVALID_ARGUMENT,
             "find: short workspace refused");
  tu_result (gm_find_outputs (GM_DOUBLE, 1, (const int64_t *) d, 0, d, (double *) d, (double *) d,
                              NULL, 0) == GM_ERR_INVALID_ARGUMENT, "find: columns of 0 rows refused");
  TU_CUDA (cudaFree (d));
  TU_CUDA (cudaDeviceSynchronize ());
}

int main (int argc, char **argv)
{
  quick = tu_race_mode (argc, argv) ? 2 : tu_quick_mode (argc, argv);
  tu_seed (20261130);
  test_keys ();
  test_find_dims ();
  test_median_dims ();
  if (tu_gpu_or_skip ("test_sort")) {
    test_errors ();
    test_sort ();
    test_median ();
    test_median_zero_signs ();
    test_find ();
  }
  return tu_finish ("test_sort");
}
