/* gw_index.c: G(I1, ..., In), G(I1, ..., In) = V and growth on the device (see gw_index.h for the
 * commands; the moves themselves are kernels/index.cu).
 *
 * Order of the checks, as Octave 7.3's: every subscript is converted first, in order (a value
 * that is not a whole number >= 1 raises Octave:invalid-index for the first one met), then G is
 * read and each subscript checked against its extent in order (Octave:index-out-of-bounds with
 * the largest value), then for an assignment V's shape (Octave:nonconformant-args).  The first
 * step needs neither G nor a GPU.  Subscripts are validated and made 0-based int64 on the host;
 * a colon, and a list of consecutive positions (a range, as `a:b` gives), go to the device as a
 * start and a count, other lists are uploaded once.  Every block a call makes is in its
 * gw_scratch, so an error leaves no device memory behind; empty results make no device call.
 *
 * Transposed views (G.' and G', desc op 1 and 2) are indexed where they lie: with n >= 2
 * subscripts the view's first subscript steps by the stored rows and its second by 1; with one
 * subscript a list of positions is mapped onto the stored layout on the host (position p of an
 * r x c view is stored at (p mod r)*c + floor (p / r)); a colon or range over a view of a matrix
 * materializes it instead (gather), or is expanded to such a list (assign, which must write in
 * place).  G' of complex data conjugates on the way, both ways.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_index.h"

#define AREA "index"

/* One subscript, converted. */
typedef struct {
  int colon;            /* ':' (all of the dimension) */
  int64_t count;        /* positions selected (for a colon, the extent once G is read) */
  int64_t *pos;         /* host, 0-based; NULL for a colon */
  int64_t max1;         /* largest 1-based position (0 when none): Octave's extent */
  int consecutive;      /* pos[i] == pos[0] + i: a range, no list on the device */
  int increasing;       /* strictly increasing: no position repeats */
  const int64_t *d_pos; /* device copy of pos (when a list is needed) */
} subscript;

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "usage: __gpumat__ %s", usage);
}

/* Octave's index_exception::expression without a variable name: "index (_,5)",
   "index (...[x4]...0,_,_,_)": up to 3 subscripts before the offending one are shown as "_",
   up to 4 after it; more as "...[xN]...". */
static void position_text (char *buf, size_t len, int k, int n, const char *value)
{
  size_t used = (size_t) snprintf (buf, len, "index (");
  const int before = k, after = n - k - 1;
  if (before > 0 && before < 4)
    for (int i = 0; i < before && used < len; i++)
      used += (size_t) snprintf (buf + used, len - used, "_,");
  else if (before >= 4)
    used += (size_t) snprintf (buf + used, len - used, "...[x%d]...", before);
  if (used < len)
    used += (size_t) snprintf (buf + used, len - used, "%s", value);
  if (after > 0 && after < 5)
    for (int i = 0; i < after && used < len; i++)
      used += (size_t) snprintf (buf + used, len - used, ",_");
  else if (after >= 5 && used < len)
    used += (size_t) snprintf (buf + used, len - used, "...[x%d]...", after);
  if (used < len)
    snprintf (buf + used, len - used, ")");
}

/* Octave's own errors carry no caller prefix, as Octave raises them. */
static void octave_fail (gw_scratch *scratch, const char *id, const char *fmt, ...)
{
  char message[1024];
  va_list args;
  va_start (args, fmt);
  vsnprintf (message, sizeof message, fmt, args);
  va_end (args);
  gw_set_caller ("");
  gw_fail (scratch, id, "%s", message);
}

static void invalid_index (gw_scratch *scratch, int k, int n, const char *value,
                           const char *reason)
{
  char where[256];
  position_text (where, sizeof where, k, n, value);
  octave_fail (scratch, "Octave:invalid-index", "%s: %s", where,
               reason ? reason : "subscripts must be either integers 1 to (2^63)-1 or logicals");
}

/* A double that is not a valid position, printed as Octave's err_invalid_index (double) does:
   the value with 6 significant digits, and when that looks whole, the difference to the
   nearest whole number ("2-1.00009e-12", "100000-0.5"). */
static void invalid_double (gw_scratch *scratch, int k, int n, double x)
{
  char value[96];
  const double shown = (x - 1) + 1;      /* Octave prints n + 1 for n = x - 1 */
  int used = snprintf (value, sizeof value, "%g", shown);
  if (!isnan (shown)) {
    const double nearest = floor ((x - 1) + 1.5);
    if (shown != nearest && !strchr (value, '.') && used > 0 && used < (int) sizeof value)
      snprintf (value + used, sizeof value - used, "%+g", shown - nearest);
  }
  invalid_index (scratch, k, n, value, NULL);
}

/* A whole value <= 0 (Octave's err_invalid_index (octave_idx_type)). */
static void invalid_whole (gw_scratch *scratch, int k, int n, long long v)
{
  char value[32];
  snprintf (value, sizeof value, "%lld", v);
  invalid_index (scratch, k, n, value, NULL);
}

/* 0x1p63 as a double: the first value that no int64 holds. */
#define TWO_POW_63 9223372036854775808.0

/* Converts prhs[0 .. n-1] into subs (host positions in one scratch block). */
static void read_subscripts (gw_scratch *scratch, const mxArray *const *args, int n,
                             subscript *subs)
{
  size_t total = 0;
  for (int k = 0; k < n; k++)
    total += mxGetNumberOfElements (args[k]);
  int64_t *buffer = (int64_t *) gw_host_alloc (scratch, (total ? total : 1) * sizeof (int64_t));
  size_t used = 0;
  for (int k = 0; k < n; k++) {
    const mxArray *a = args[k];
    subscript *s = &subs[k];
    memset (s, 0, sizeof *s);
    const size_t numel = mxGetNumberOfElements (a);
    if (mxIsChar (a) && numel == 1 && mxGetChars (a)[0] == ':') {
      s->colon = 1;
      s->consecutive = s->increasing = 1;
      continue;
    }
    s->pos = buffer + used;
    int64_t count = 0;
    if (mxIsSparse (a) || !(mxIsNumeric (a) || mxIsLogical (a) || mxIsChar (a))) {
      char value[64];
      snprintf (value, sizeof value, "<%s>", mxIsSparse (a) ? "sparse" : mxGetClassName (a));
      invalid_index (scratch, k, n, value, NULL);
    } else if (mxIsComplex (a)) {
      /* Octave refuses any complex subscript, naming its (first) value */
      char value[96];
      double re = 0, im = 0;
      if (mxIsDouble (a) && numel) {
        re = mxGetPr (a)[0];
        im = mxGetPi (a) ? mxGetPi (a)[0] : 0;
      } else if (mxIsSingle (a) && numel) {
        re = ((const float *) mxGetData (a))[0];
        im = mxGetImagData (a) ? ((const float *) mxGetImagData (a))[0] : 0;
      }
      snprintf (value, sizeof value, "%g%+gi", re, im);
      invalid_index (scratch, k, n, value, "subscripts must be real (forgot to initialize i or j?)");
    } else if (mxIsLogical (a)) {
      /* a mask: the positions of its true elements; its extent is the last true one */
      const mxLogical *m = mxGetLogicals (a);
      for (size_t i = 0; i < numel; i++)
        if (m[i]) {
          s->pos[count++] = (int64_t) i;
          s->max1 = (int64_t) i + 1;
        }
    } else if (mxIsDouble (a) || mxIsSingle (a)) {
      const double *d = mxIsDouble (a) ? mxGetPr (a) : NULL;
      const float *f = d ? NULL : (const float *) mxGetData (a);
      for (size_t i = 0; i < numel; i++) {
        const double x = d ? d[i] : (double) f[i];
        /* Octave casts to int64 and compares: NaN, Inf, fractions and values past 2^63 fail */
        if (!(x >= -TWO_POW_63 && x < TWO_POW_63) || x != (double) (int64_t) x)
          invalid_double (scratch, k, n, x);
        const int64_t v = (int64_t) x;
        if (v <= 0)
          invalid_whole (scratch, k, n, (long long) v);
        s->pos[count++] = v - 1;
        if (v > s->max1)
          s->max1 = v;
      }
    } else {
      /* integer classes and char codes: whole by construction */
      for (size_t i = 0; i < numel; i++) {
        int64_t v;
        if (mxIsChar (a))
          v = (int64_t) mxGetChars (a)[i];
        else if (mxIsUint64 (a)) {
          const uint64_t u = ((const uint64_t *) mxGetData (a))[i];
          v = u > (uint64_t) INT64_MAX ? INT64_MAX : (int64_t) u;
        } else if (mxIsInt64 (a))
          v = ((const int64_t *) mxGetData (a))[i];
        else if (mxIsInt32 (a))
          v = ((const int32_t *) mxGetData (a))[i];
        else if (mxIsUint32 (a))
          v = ((const uint32_t *) mxGetData (a))[i];
        else if (mxIsInt16 (a))
          v = ((const int16_t *) mxGetData (a))[i];
        else if (mxIsUint16 (a))
          v = ((const uint16_t *) mxGetData (a))[i];
        else if (mxIsInt8 (a))
          v = ((const int8_t *) mxGetData (a))[i];
        else
          v = ((const uint8_t *) mxGetData (a))[i];
        if (v <= 0)
          invalid_whole (scratch, k, n, (long long) v);
        s->pos[count++] = v - 1;
        if (v > s->max1)
          s->max1 = v;
      }
    }
    s->count = count;
    used += (size_t) count;
    s->consecutive = s->increasing = 1;
    for (int64_t i = 1; i < count; i++) {
      if (s->pos[i] != s->pos[0] + i)
        s->consecutive = 0;
      if (s->pos[i] <= s->pos[i - 1])
        s->increasing = 0;
    }
  }
}

/* The extent of each of the n subscripts over G's (view) size, the n-th taking the trailing
   dimensions folded together; 0 when G has more elements than int64 counts (never). */
static void extents (const gw_operand *G, int n, int64_t *ext)
{
  for (int k = 0; k < n; k++) {
    if (k < n - 1) {
      ext[k] = k < (int) G->ndims ? (int64_t) G->dims[k] : 1;
    } else {
      int64_t e = 1;
      for (int j = k; j < (int) G->ndims; j++)
        e *= (int64_t) G->dims[j];
      ext[k] = e;
    }
  }
}

/* Octave:index-out-of-bounds for the first subscript whose largest value passes its extent;
   colons take their extent as count. */
static void check_bounds (gw_scratch *scratch, const gw_operand *G, int n, subscript *subs,
                          const int64_t *ext)
{
  for (int k = 0; k < n; k++) {
    if (subs[k].colon) {
      subs[k].count = ext[k];
      continue;
    }
    if (subs[k].max1 > ext[k]) {
      char value[32], where[256], dims[160];
      snprintf (value, sizeof value, "%lld", (long long) subs[k].max1);
      position_text (where, sizeof where, k, n, value);
      gw_format_dims (dims, sizeof dims, G->ndims, G->dims);
      octave_fail (scratch, "Octave:index-out-of-bounds",
                   "%s: out of bound %lld (dimensions are %s)", where, (long long) ext[k], dims);
    }
  }
}

static int is_matrix_view (const gw_operand *G)
{
  return G->on_device && G->transposed && G->dims[0] > 1 && G->dims[1] > 1;
}

/* Position p of an r x c view stored as its c x r transpose. */
static void map_view_positions (int64_t *pos, int64_t count, int64_t r, int64_t c)
{
  for (int64_t i = 0; i < count; i++)
    pos[i] = (pos[i] % r) * c + pos[i] / r;
}

/* G's side of the move.  Lists that must go to the device are uploaded, all into one block. */
static void build_side (gw_scratch *scratch, const gw_operand *G, int n, subscript *subs,
                        gm_index_side *side)
{
  memset (side, 0, sizeof *side);
  if (G->transposed && G->dims[0] > 1 && G->dims[1] > 1 && n >= 2) {
    /* an r x c view of a c x r block: view (i, j) is stored at j + i*c */
    side->stride[0] = (int64_t) G->dims[1];
    side->stride[1] = 1;
    for (int k = 2; k < n; k++)
      side->stride[k] = (int64_t) G->numel;     /* only position 0 is ever taken */
  } else {
    int64_t s = 1;
    for (int k = 0; k < n; k++) {
      side->stride[k] = s;
      if (k < (int) G->ndims)
        s *= (int64_t) G->dims[k] > 0 ? (int64_t) G->dims[k] : 1;
    }
  }
  size_t list_elements = 0;
  for (int k = 0; k < n; k++)
    if (!subs[k].colon && !subs[k].consecutive)
      list_elements += (size_t) subs[k].count;
  int64_t *d_lists = (int64_t *) gw_device_alloc (scratch, list_elements * sizeof (int64_t), AREA);
  size_t offset = 0;
  for (int k = 0; k < n; k++) {
    const subscript *s = &subs[k];
    if (s->colon) {
      side->first[k] = 0;
    } else if (s->consecutive) {
      side->first[k] = s->count ? s->pos[0] : 0;
    } else {
      gm_status st = gm_copy_to_device_async (d_lists + offset, s->pos,
                                              (size_t) s->count * sizeof (int64_t));
      if (st != GM_OK)
        gw_fail_status (scratch, st, AREA);
      side->index[k] = d_lists + offset;
      offset += (size_t) s->count;
    }
  }
}

/* OUTDIMS / NEWDIMS: a double row of 2 to GW_MAX_DIMS whole numbers >= 0. */
static mwSize read_dims (gw_scratch *scratch, const mxArray *arg, mwSize *dims, size_t *numel)
{
  const size_t n = mxGetNumberOfElements (arg);
  if (!mxIsDouble (arg) || mxIsComplex (arg) || n < 2 || n > GW_MAX_DIMS)
    gw_fail (scratch, "gpumat:index:invalidSize", "the size must be a row of 2 to %d whole numbers",
             GW_MAX_DIMS);
  const double *d = mxGetPr (arg);
  *numel = 1;
  for (size_t i = 0; i < n; i++) {
    if (!(d[i] >= 0 && d[i] < TWO_POW_63) || d[i] != floor (d[i]))
      gw_fail (scratch, "gpumat:index:invalidSize", "the size must be whole numbers >= 0");
    dims[i] = (mwSize) d[i];
    if (gm_mul_size (*numel, dims[i], numel) != GM_OK)
      gw_fail (scratch, "gpumat:index:tooLarge", "the array is too large");
  }
  return (mwSize) n;
}

static void read_gpumat (gw_scratch *scratch, const mxArray *arg, gw_operand *G)
{
  gw_read_operand_raw (scratch, arg, AREA, "G", G);     /* a logical stays logical */
  if (!G->on_device)
    gw_fail (scratch, "gpumat:internal", "G is not a gpumat array");
}

static mxArray *descriptor (gw_scratch *scratch, void *d, gm_class cls, int logical, mwSize nd,
                            const mwSize *dims)
{
  gw_device_keep (scratch, d);
  mxArray *desc = gw_make_descriptor (d, cls, nd, dims);
  if (logical)
    gw_descriptor_set_logical (desc);
  return desc;
}

/* ---- index ------------------------------------------------------------------------------------- */

/* ("index", G, OUTDIMS, I1, ..., In) */
void gw_cmd_index (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_G = 1, IN_OUTDIMS, IN_FIRST_SUBSCRIPT };
  if (nrhs < IN_FIRST_SUBSCRIPT + 1 || nrhs - IN_FIRST_SUBSCRIPT > GM_INDEX_MAX_DIMS)
    wrong_args ("(\"index\", G, OUTDIMS, I1, ..., In) with 1 to 32 subscripts");
  const int n = nrhs - IN_FIRST_SUBSCRIPT;
  gw_scratch scratch = GW_SCRATCH_INIT;
  subscript subs[GM_INDEX_MAX_DIMS];
  read_subscripts (&scratch, prhs + IN_FIRST_SUBSCRIPT, n, subs);
  gw_operand G;
  read_gpumat (&scratch, prhs[IN_G], &G);
  int64_t ext[GM_INDEX_MAX_DIMS];
  extents (&G, n, ext);
  check_bounds (&scratch, &G, n, subs, ext);
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[IN_OUTDIMS], dims, &numel);
  int64_t count[GM_INDEX_MAX_DIMS];
  size_t selected = 1;
  for (int k = 0; k < n; k++) {
    count[k] = subs[k].count;
    if (gm_mul_size (selected, (size_t) count[k], &selected) != GM_OK)
      gw_fail (&scratch, "gpumat:index:tooLarge", "the subscripts select too many elements");
  }
  if (selected != numel) {
    char text[160];
    gw_format_dims (text, sizeof text, nd, dims);
    gw_fail (&scratch, "gpumat:index:invalidSize",
             "OUTDIMS (%s) has %zu elements but the subscripts select %zu", text, numel, selected);
  }
  if (numel == 0) {
    /* no device call; an empty complex result is real, as Octave narrows it */
    plhs[0] = descriptor (&scratch, NULL, gm_class_real (G.cls), G.logical, nd, dims);
    gw_scratch_free (&scratch);
    return;
  }
  if (is_matrix_view (&G) && n == 1) {
    if (subs[0].colon || subs[0].consecutive)
      gw_materialize_operand (&scratch, &G, AREA);   /* G'(:), G'(a:b): one transpose */
    else
      map_view_positions (subs[0].pos, subs[0].count, (int64_t) G.dims[0], (int64_t) G.dims[1]);
  }
  const int conjugate = G.transposed && G.view == GM_OP_CTRANSPOSE;
  gm_index_side side;
  build_side (&scratch, &G, n, subs, &side);
  gm_class cls = G.cls;
  void *d = gw_device_alloc (&scratch, numel * gm_class_size (cls), AREA);
  gm_status st = gm_index_gather (cls, conjugate, n, count, &side, G.device, d, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, AREA);
  gw_narrow_device (&scratch, &d, &cls, numel, AREA);   /* Octave narrows x([2 3]) of complex x */
  plhs[0] = descriptor (&scratch, d, cls, G.logical, nd, dims);
  gw_scratch_free (&scratch);
}

/* ---- assign ------------------------------------------------------------------------------------ */

/* Octave's dim_vector::chop_all_singletons: the dimensions other than 1, at least two. */
static int chop_singletons (const gw_operand *V, int64_t *out)
{
  int j = 0;
  for (mwSize i = 0; i < V->ndims; i++)
    if (V->dims[i] != 1)
      out[j++] = (int64_t) V->dims[i];
  if (j == 0) {
    out[0] = out[1] = 1;
    return 2;
  }
  if (j == 1) {
    out[1] = 1;
    return 2;
  }
  return j;
}

static void format_int_dims (char *buf, size_t len, int nd, const int64_t *d)
{
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < nd && used < len; i++)
    used += (size_t) snprintf (buf + used, len - used, i ? "x%lld" : "%lld", (long long) d[i]);
}

static void nonconformant (gw_scratch *scratch, const char *op1, const char *op2)
{
  octave_fail (scratch, "Octave:nonconformant-args",
               "=: nonconformant arguments (op1 is %s, op2 is %s)", op1, op2);
}

/* Octave's Array<T>::assign rules for the shape of V (liboctave/array/Array-base.cc): returns 1
   when the assignment writes, 0 when it is an empty one that Octave lets pass, and raises
   Octave:nonconformant-args otherwise. */
static int check_conformant (gw_scratch *scratch, int n, const int64_t *count, const gw_operand *V)
{
  char op1[256], op2[256];
  const int fill = V->numel == 1;
  if (n == 1) {
    if (fill || (size_t) count[0] == V->numel)
      return count[0] > 0;
    snprintf (op1, sizeof op1, "%lldx1", (long long) count[0]);
    gw_format_dims (op2, sizeof op2, V->ndims, V->dims);
    nonconformant (scratch, op1, op2);
  }
  int64_t rh[GW_MAX_DIMS + 2];
  const int rhn = chop_singletons (V, rh);
  if (n == 2) {
    const int64_t il = count[0], jl = count[1];
    int match = fill || (rhn == 2 && il == rh[0] && jl == rh[1]);
    match = match || (il == 1 && jl == rh[0] && rh[1] == 1);
    if (match)
      return il > 0 && jl > 0;
    if ((il != 0 && jl != 0) || (rh[0] != 0 && rh[1] != 0)) {
      snprintf (op1, sizeof op1, "%lldx%lld", (long long) il, (long long) jl);
      snprintf (op2, sizeof op2, "%lldx%lld", (long long) V->dims[0], (long long) V->dims[1]);
      nonconformant (scratch, op1, op2);
    }
    return 0;
  }
  /* j advances as Octave's `match && j < rhdvl && l == rhdv(j++)` does: not past a mismatch */
  int match = 1, j = 0, lhs_empty = 0, rhs_empty = 0;
  for (int k = 0; k < n; k++) {
    lhs_empty |= count[k] == 0;
    if (count[k] == 1 || !match)
      continue;
    if (j < rhn)
      match = count[k] == rh[j++];
    else
      match = 0;
  }
  match = match && (j == rhn || rh[j] == 1);
  match = match || fill;
  if (match)
    return !lhs_empty;
  /* "unless LHS and RHS both empty": Octave 7.3 (liboctave/array/Array.cc) decides RHS
     emptiness by reading rhdv(j), rhdv(j+1), ..., n values from where the loop above stopped,
     which runs past the end of rhdv (undefined: A(:, [], 1) = ones (2, 3) and A(:, :, 1) = 1:3
     on a 0x3 A passed in one run and raised in another).  Here the RHS is empty when V has no elements. */
  rhs_empty = V->numel == 0;
  if (!lhs_empty || !rhs_empty) {
    int lhs_n = n;
    while (lhs_n > 2 && count[lhs_n - 1] == 1)       /* chop_trailing_singletons */
      lhs_n--;
    format_int_dims (op1, sizeof op1, lhs_n, count);
    format_int_dims (op2, sizeof op2, rhn, rh);
    nonconformant (scratch, op1, op2);
  }
  return 0;
}

/* The real value of element i of a host operand (re part of a complex one), exactly: long
   double holds every int64 and uint64. */
static long double host_value (const gw_operand *V, size_t i, int imag)
{
  const void *h = V->host;
  switch (V->cls) {
  case GM_DOUBLE: return imag ? 0 : ((const double *) h)[i];
  case GM_SINGLE: return imag ? 0 : ((const float *) h)[i];
  case GM_COMPLEX_DOUBLE: return ((const double *) h)[2 * i + (imag ? 1 : 0)];
  case GM_COMPLEX_SINGLE: return ((const float *) h)[2 * i + (imag ? 1 : 0)];
  case GM_INT8: return imag ? 0 : ((const int8_t *) h)[i];
  case GM_UINT8: return imag ? 0 : ((const uint8_t *) h)[i];
  case GM_INT16: return imag ? 0 : ((const int16_t *) h)[i];
  case GM_UINT16: return imag ? 0 : ((const uint16_t *) h)[i];
  case GM_INT32: return imag ? 0 : ((const int32_t *) h)[i];
  case GM_UINT32: return imag ? 0 : ((const uint32_t *) h)[i];
  case GM_INT64: return imag ? 0 : ((const int64_t *) h)[i];
  case GM_UINT64: return imag ? 0 : ((const uint64_t *) h)[i];
  default: return 0;
  }
}

/* Octave's conversion to an integer class: round half away from zero, saturate, NaN to 0. */
static void store_integer (gm_class cls, void *out, size_t i, long double x)
{
  static const long double lo[] = {-128.0L, 0, -32768.0L, 0, -2147483648.0L, 0,
                                   -9223372036854775808.0L, 0};
  static const long double hi[] = {127.0L, 255.0L, 32767.0L, 65535.0L, 2147483647.0L,
                                   4294967295.0L, 9223372036854775807.0L,
                                   18446744073709551615.0L};
  const int c = (int) cls - (int) GM_INT8;
  long double r = isnan (x) ? 0 : roundl (x);
  if (r < lo[c]) r = lo[c];
  if (r > hi[c]) r = hi[c];
  switch (cls) {
  case GM_INT8: ((int8_t *) out)[i] = (int8_t) r; break;
  case GM_UINT8: ((uint8_t *) out)[i] = (uint8_t) r; break;
  case GM_INT16: ((int16_t *) out)[i] = (int16_t) r; break;
  case GM_UINT16: ((uint16_t *) out)[i] = (uint16_t) r; break;
  case GM_INT32: ((int32_t *) out)[i] = (int32_t) r; break;
  case GM_UINT32: ((uint32_t *) out)[i] = (uint32_t) r; break;
  case GM_INT64: ((int64_t *) out)[i] = (int64_t) r; break;
  case GM_UINT64: ((uint64_t *) out)[i] = (uint64_t) r; break;
  default: break;
  }
}

/* Octave's own warning, through warning () so that it carries no "__gpumat__: " prefix
   (mexWarnMsgIdAndTxt would add one). */
static void logical_conversion_warning (void)
{
  mxArray *args[2] = {mxCreateString ("Octave:logical-conversion"),
                      mxCreateString ("value not equal to 1 or 0 converted to logical 1")};
  mexCallMATLAB (0, NULL, 2, args, "warning");
  mxDestroyArray (args[0]);
  mxDestroyArray (args[1]);
}

/* A host V converted into G's class (G logical: bytes 0 or 1). */
static void convert_host (gw_scratch *scratch, gw_operand *V, gm_class cls, int logical)
{
  const size_t n = V->numel;
  void *out = gw_host_alloc (scratch, (n ? n : 1) * gm_class_size (cls));
  int warned = 0;
  for (size_t i = 0; i < n; i++) {
    const long double x = host_value (V, i, 0);
    if (logical) {
      if (isnan (x))
        gw_fail (scratch, "gpumat:index:nanToLogical", "invalid conversion from NaN to logical");
      if (x != 0 && x != 1 && !warned) {
        logical_conversion_warning ();
        warned = 1;
      }
      ((uint8_t *) out)[i] = x != 0;
    } else if (gm_class_is_integer (cls)) {
      store_integer (cls, out, i, x);
    } else if (cls == GM_DOUBLE) {
      ((double *) out)[i] = (double) x;
    } else if (cls == GM_SINGLE) {
      ((float *) out)[i] = (float) x;
    } else if (cls == GM_COMPLEX_DOUBLE) {
      ((double *) out)[2 * i] = (double) x;
      ((double *) out)[2 * i + 1] = (double) host_value (V, i, 1);
    } else {
      ((float *) out)[2 * i] = (float) x;
      ((float *) out)[2 * i + 1] = (float) host_value (V, i, 1);
    }
  }
  V->host = out;
  V->cls = cls;
  V->logical = logical;
}

static void unsupported_class (gw_scratch *scratch, const gw_operand *G, const gw_operand *V)
{
  const char *a = G->logical ? "logical" : gw_class_text (G->cls);
  gw_fail (scratch, "gpumat:index:unsupportedClass",
           "A(I) = X with A a %s gpumat array and X a %s gpumat array is not supported on the "
           "GPU: convert X to %s first (or gather it)", a,
           V->logical ? "logical" : gw_class_text (V->cls), a);
}

static void device_convert (gw_scratch *scratch, gw_operand *V, gm_class from, gm_class to,
                            int64_t count)
{
  void *d = gw_device_alloc (scratch, (size_t) count * gm_class_size (to), AREA);
  gm_status st = gm_convert (from, to, count, V->device, d, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, AREA);
  V->device = d;
}

/* V (host or device) into G's class, where the result keeps G's class as Octave's A(I) = X does
   for it; classes that Octave would change A into are refused with an error that says so. */
static void convert_value (gw_scratch *scratch, const gw_operand *G, gw_operand *V)
{
  const gm_class cls = G->cls;
  if (gm_class_is_complex (V->cls) && !gm_class_is_complex (cls))
    gw_fail (scratch, "gpumat:index:complexIntoReal",
             "A(I) = X: X is complex and A is a real %s gpumat array; Octave makes A complex: "
             "convert A to complex first (complex (A))",
             G->logical ? "logical" : gw_class_text (cls));
  if (G->logical && !V->logical && V->cls == GM_SINGLE)
    gw_fail (scratch, "gpumat:index:classChange",
             "A(I) = X with A logical and X single makes A double in Octave: convert A first");
  if (!V->on_device) {
    if (V->cls != cls || V->logical_or_char || (G->logical != V->logical))
      convert_host (scratch, V, cls, G->logical);
    return;
  }
  gw_materialize_operand (scratch, V, AREA);          /* V's elements in its own order */
  if (V->cls == cls && (V->logical == G->logical || cls == GM_UINT8))
    return;                    /* a logical's bytes 0 and 1 are uint8 values as they are */
  const int64_t n = (int64_t) V->numel;
  if (G->logical || gm_class_is_integer (cls) || (gm_class_is_integer (V->cls) && !V->logical))
    unsupported_class (scratch, G, V);
  /* G double, single or complex; V logical, double, single or complex */
  const gm_class real = gm_class_real (cls);
  if (V->logical) {
    device_convert (scratch, V, GM_UINT8, real, n);
    V->cls = real;
    V->logical = 0;
  } else if (gm_class_real (V->cls) != real) {
    /* double <-> single, a complex pair as two reals */
    device_convert (scratch, V, gm_class_real (V->cls), real,
                    gm_class_is_complex (V->cls) ? 2 * n : n);
    V->cls = gm_class_is_complex (V->cls) ? gm_class_complex (real) : real;
  }
  if (V->cls != cls) {         /* real -> complex: a zero imaginary part */
    void *d = gw_device_alloc (scratch, (size_t) n * gm_class_size (cls), AREA);
    gm_status st = gm_real_to_complex (cls, n, V->device, d, 0);
    if (st != GM_OK)
      gw_fail_status (scratch, st, AREA);
    V->device = d;
    V->cls = cls;
  }
}

typedef struct { int64_t value, occurrence; } position_pair;

static int compare_pairs (const void *a, const void *b)
{
  const position_pair *x = (const position_pair *) a, *y = (const position_pair *) b;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  return x->occurrence < y->occurrence ? -1 : x->occurrence > y->occurrence;
}

/* Removes repeated positions from a subscript, keeping each one's last occurrence (Octave's
   A(I) = V: the last write wins).  *kept receives the occurrences kept, in order (host, in
   scratch), for picking V's elements; returns 1 when something was removed. */
static int remove_repeats (gw_scratch *scratch, subscript *s, int64_t **kept)
{
  if (s->colon || s->increasing || s->count < 2)
    return 0;
  const int64_t n = s->count;
  /* one block: the pairs, then a flag an occurrence (a call may remove repeats from several
     subscripts, and its scratch holds GW_MAX_SCRATCH blocks) */
  position_pair *pairs = (position_pair *) gw_host_alloc (scratch,
                                                          (size_t) n * (sizeof *pairs + 1));
  for (int64_t i = 0; i < n; i++) {
    pairs[i].value = s->pos[i];
    pairs[i].occurrence = i;
  }
  qsort (pairs, (size_t) n, sizeof *pairs, compare_pairs);
  /* mark the occurrences that lose: all but the last of each run of one value */
  unsigned char *keep = (unsigned char *) (pairs + n);
  memset (keep, 1, (size_t) n);
  int64_t removed = 0;
  for (int64_t i = 0; i + 1 < n; i++)
    if (pairs[i].value == pairs[i + 1].value) {
      keep[pairs[i].occurrence] = 0;
      removed++;
    }
  if (!removed)
    return 0;
  int64_t *occ = (int64_t *) pairs;       /* reuse: n pairs hold 2n int64 */
  int64_t m = 0;
  for (int64_t i = 0; i < n; i++)
    if (keep[i])
      occ[m++] = i;
  int64_t *values = occ + m;              /* occ[0 .. m) and values[0 .. m) fit in 2n */
  for (int64_t i = 0; i < m; i++)
    values[i] = s->pos[occ[i]];
  memcpy (s->pos, values, (size_t) m * sizeof (int64_t));
  s->count = m;
  s->increasing = s->consecutive = 0;      /* conservative: the list goes to the device */
  *kept = occ;
  return 1;
}

/* ("assign", G, V, I1, ..., In) */
void gw_cmd_assign (int nrhs, const mxArray *prhs[])
{
  enum { IN_G = 1, IN_V, IN_FIRST_SUBSCRIPT };
  if (nrhs < IN_FIRST_SUBSCRIPT + 1 || nrhs - IN_FIRST_SUBSCRIPT > GM_INDEX_MAX_DIMS)
    wrong_args ("(\"assign\", G, V, I1, ..., In) with 1 to 32 subscripts");
  const int n = nrhs - IN_FIRST_SUBSCRIPT;
  gw_scratch scratch = GW_SCRATCH_INIT;
  subscript subs[GM_INDEX_MAX_DIMS];
  read_subscripts (&scratch, prhs + IN_FIRST_SUBSCRIPT, n, subs);
  gw_operand G, V;
  read_gpumat (&scratch, prhs[IN_G], &G);
  gw_read_operand_raw (&scratch, prhs[IN_V], AREA, "V", &V);
  int64_t ext[GM_INDEX_MAX_DIMS], count[GM_INDEX_MAX_DIMS];
  extents (&G, n, ext);
  for (int k = 0; k < n; k++)     /* the shape check counts a colon as its extent */
    count[k] = subs[k].colon ? ext[k] : subs[k].count;
  const int writes = check_conformant (&scratch, n, count, &V);
  check_bounds (&scratch, &G, n, subs, ext);
  if (!writes) {
    gw_scratch_free (&scratch);   /* nothing selected: nothing to write, no device call */
    return;
  }
  convert_value (&scratch, &G, &V);
  const int scalar = V.numel == 1;
  /* Repeats: the last occurrence wins.  V's elements for the kept occurrences are picked by
     a gather over V viewed as count[0] x ... x count[n-1]. */
  int64_t *kept[GM_INDEX_MAX_DIMS] = {0};
  int any_removed = 0;
  for (int k = 0; k < n; k++)
    any_removed |= remove_repeats (&scratch, &subs[k], &kept[k]);
  gw_upload_operand (&scratch, &V, AREA);
  if (V.device == G.device) {
    /* G(I) = G: V is G's own block (or a view of it); the scatter must not read what it
       writes */
    const size_t bytes = V.numel * gm_class_size (V.cls);
    void *d = gw_device_alloc (&scratch, bytes, AREA);
    gm_status st = gm_copy_device (d, V.device, bytes);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, AREA);
    V.device = d;
  }
  if (any_removed && !scalar) {
    gm_index_side vside;
    memset (&vside, 0, sizeof vside);
    int64_t s = 1, kept_total = 0, new_count[GM_INDEX_MAX_DIMS];
    for (int k = 0; k < n; k++) {
      vside.stride[k] = s;
      s *= count[k];
      new_count[k] = subs[k].count;
      kept_total += kept[k] ? subs[k].count : 0;
    }
    int64_t *d_kept = (int64_t *) gw_device_alloc (&scratch, (size_t) kept_total * sizeof (int64_t),
                                                   AREA);
    int64_t offset = 0, picked = 1;
    for (int k = 0; k < n; k++) {
      picked *= new_count[k];
      if (!kept[k])
        continue;
      gm_status st = gm_copy_to_device_async (d_kept + offset, kept[k],
                                              (size_t) subs[k].count * sizeof (int64_t));
      if (st != GM_OK)
        gw_fail_status (&scratch, st, AREA);
      vside.index[k] = d_kept + offset;
      offset += subs[k].count;
    }
    void *d = gw_device_alloc (&scratch, (size_t) picked * gm_class_size (V.cls), AREA);
    gm_status st = gm_index_gather (V.cls, 0, n, new_count, &vside, V.device, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, AREA);
    V.device = d;
  }
  for (int k = 0; k < n; k++)
    count[k] = subs[k].count;
  if (is_matrix_view (&G) && n == 1) {
    /* in place through the view: a list of stored positions, a colon or range expanded */
    subscript *s0 = &subs[0];
    if (s0->colon || s0->consecutive) {
      const int64_t first = s0->colon ? 0 : s0->pos[0];
      int64_t *list = (int64_t *) gw_host_alloc (&scratch, (size_t) (s0->count ? s0->count : 1)
                                                           * sizeof (int64_t));
      for (int64_t i = 0; i < s0->count; i++)
        list[i] = first + i;
      s0->pos = list;
      s0->colon = s0->consecutive = 0;
    }
    map_view_positions (s0->pos, s0->count, (int64_t) G.dims[0], (int64_t) G.dims[1]);
  }
  const int conjugate = G.transposed && G.view == GM_OP_CTRANSPOSE;
  gm_index_side side;
  build_side (&scratch, &G, n, subs, &side);
  gm_status st = gm_index_scatter (G.cls, conjugate, n, count, &side, G.device, V.device, scalar,
                                   0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, AREA);
  gw_scratch_free (&scratch);
}

/* ---- resize ------------------------------------------------------------------------------------ */

/* ("resize", G, NEWDIMS) */
void gw_cmd_resize (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_G = 1, IN_NEWDIMS };
  if (nrhs != 3)
    wrong_args ("(\"resize\", G, NEWDIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand G;
  read_gpumat (&scratch, prhs[IN_G], &G);
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[IN_NEWDIMS], dims, &numel);
  const size_t es = gm_class_size (G.cls);
  size_t bytes;
  if (gm_mul_size (numel, es, &bytes) != GM_OK)
    gw_fail (&scratch, "gpumat:index:tooLarge", "the array is too large");
  void *d = gw_device_alloc (&scratch, bytes, AREA);      /* NULL for an empty result */
  if (numel > 0) {
    if (G.numel > 0)
      gw_materialize_operand (&scratch, &G, AREA);        /* a view laid out as its size */
    int64_t src_dims[GW_MAX_DIMS], dst_dims[GW_MAX_DIMS];
    for (mwSize i = 0; i < G.ndims; i++)
      src_dims[i] = (int64_t) G.dims[i];
    for (mwSize i = 0; i < nd; i++)
      dst_dims[i] = (int64_t) dims[i];
    gm_status st = gm_resize (G.cls, (int) G.ndims, src_dims, G.numel ? G.device : NULL, (int) nd,
                              dst_dims, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, AREA);
  }
  /* a complex G stays complex (its zeros included), as Octave's resize keeps the class */
  plhs[0] = descriptor (&scratch, d, G.cls, G.logical, nd, dims);
  gw_scratch_free (&scratch);
}
