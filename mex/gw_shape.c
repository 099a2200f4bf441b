/* gw_shape.c: permute, flip, circshift, repmat, diag, tril / triu, concatenation along any
 * dimension and kron of gpumat arrays (the commands are listed in gw_shape.h), over
 * kernels/shape.cu and gm_binary.
 *
 * Every class moves: logical, the integer classes, real and complex double and single (the
 * kernels move elements as bits of their size).  Here:
 *  - G's size and class come from its descriptor; a view G.' is read through the permutation
 *    (permute), or laid out first (gw_materialize_operand: the other commands, and G' of
 *    complex data everywhere, which conjugates);
 *  - sizes follow Octave 7.3 (liboctave's Array<T>::permute, ::diag, ::cat and dim_vector's
 *    concat and hvcat, libinterp's tril.cc), trailing singleton dimensions dropped;
 *  - a complex result is narrowed to real when no imaginary part is nonzero (Octave narrows
 *    permute, flip, diag, tril, cat and kron results alike; it costs one flag query, which
 *    waits for the GPU);
 *  - an empty result makes no device call;
 *  - the callers have applied Octave's argument rules (messages included); what reaches here
 *    malformed is refused with gpumat:shape:<reason>, except the concatenation mismatches,
 *    which carry Octave's messages ("cat: dimension mismatch", "vertical dimensions mismatch
 *    (1x2 vs 1x3)") and the identifier Octave:nonconformant-args.
 * Work is queued on stream 0 and not waited for (issue 12), except the narrowing query.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_shape.h"

#define AREA "shape"

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__ (%s): wrong number of arguments", usage);
}

/* G: a gpumat array of at most GM_SHAPE_MAX_ARRAY_DIMS dimensions, read as it is (a logical
   one stays logical; a view is not laid out yet). */
static void read_array (gw_scratch *s, const mxArray *arg, gw_operand *op)
{
  gw_read_operand_raw (s, arg, AREA, "G", op);
  if (!op->on_device)
    gw_fail (s, "gpumat:internal", "not a gpumat array");
  if (op->ndims > GM_SHAPE_MAX_ARRAY_DIMS)
    gw_fail (s, "gpumat:shape:tooManyDimensions", "arrays of more than %d dimensions are not "
             "supported", GM_SHAPE_MAX_ARRAY_DIMS);
}

/* A real double scalar holding a whole number of magnitude at most 2^53. */
static double read_whole (gw_scratch *s, const mxArray *arg, const char *what)
{
  const double v = mxIsDouble (arg) && !mxIsComplex (arg) && !mxIsSparse (arg)
                   && mxGetNumberOfElements (arg) == 1 ? mxGetScalar (arg) : NAN;
  if (!(fabs (v) <= 0x1.0p53) || v != floor (v))
    gw_fail (s, "gpumat:shape:invalidArgument", "%s must be a whole number", what);
  return v;
}

/* A real double vector of 1 to `max` whole numbers (magnitude at most 2^53) into out. */
static int read_row (gw_scratch *s, const mxArray *arg, int64_t *out, int max, const char *what)
{
  const size_t n = mxGetNumberOfElements (arg);
  if (!mxIsDouble (arg) || mxIsComplex (arg) || mxIsSparse (arg) || n < 1 || n > (size_t) max)
    gw_fail (s, "gpumat:shape:invalidArgument", "%s must be a vector of 1 to %d whole numbers",
             what, max);
  const double *v = mxGetPr (arg);
  for (size_t i = 0; i < n; i++) {
    if (!(fabs (v[i]) <= 0x1.0p53) || v[i] != floor (v[i]))
      gw_fail (s, "gpumat:shape:invalidArgument", "%s must be whole numbers", what);
    out[i] = (int64_t) v[i];
  }
  return (int) n;
}

/* A flag argument: true, or a nonzero double. */
static int read_flag (const mxArray *arg)
{
  return mxIsLogicalScalarTrue (arg) || (mxIsDouble (arg) && mxGetNumberOfElements (arg) == 1
                                         && mxGetScalar (arg) != 0);
}

/* G's size padded with 1s to nd dimensions. */
static void padded_dims (const gw_operand *op, int nd, int64_t *dims)
{
  for (int d = 0; d < nd; d++)
    dims[d] = d < (int) op->ndims ? (int64_t) op->dims[d] : 1;
}

/* A result block of `numel` elements of cls (NULL when empty), overflow refused. */
static void *alloc_result (gw_scratch *s, size_t numel, gm_class cls)
{
  size_t bytes;
  if (gm_mul_size (numel, gm_class_size (cls), &bytes) != GM_OK)
    gw_fail (s, "gpumat:shape:tooLarge", "the result is too large");
  return gw_device_alloc (s, bytes, AREA);
}

/* The element count of an int64 size (nd dims), with its mwSize copy; overflow refused. */
static size_t count_dims (gw_scratch *s, int nd, const int64_t *dims, mwSize *mw)
{
  size_t n = 1;
  for (int d = 0; d < nd; d++) {
    if (dims[d] < 0 || (double) dims[d] > 0x1.0p53
        || gm_mul_size (n, (size_t) dims[d], &n) != GM_OK)
      gw_fail (s, "gpumat:shape:tooLarge", "the result is too large");
    mw[d] = (mwSize) dims[d];
  }
  if (n > (size_t) INT64_MAX)
    gw_fail (s, "gpumat:shape:tooLarge", "the result is too large");
  return n;
}

static void check_status (gw_scratch *s, gm_status st)
{
  if (st != GM_OK)
    gw_fail_status (s, st, AREA);
}

/* plhs[0] = a gpumat result owning d (class cls, logical when `logical`), narrowed to real when
   complex with no nonzero imaginary part, trailing singleton dimensions dropped; the call's
   scratch freed. */
static void finish (mxArray *plhs[], gw_scratch *s, void *d, gm_class cls, int logical, int nd,
                    mwSize *dims)
{
  size_t n = 1;
  for (int k = 0; k < nd; k++)
    n *= dims[k];
  gw_narrow_device (s, &d, &cls, n, AREA);
  while (nd > 2 && dims[nd - 1] == 1)
    nd--;
  plhs[0] = logical ? gw_make_logical_gpumat (s, d, (mwSize) nd, dims, AREA)
                    : gw_make_gpumat (s, d, cls, (mwSize) nd, dims, AREA);
  gw_scratch_free (s);
}

/* ---- permute, flip, circshift, repmat ---------------------------------------------------------- */

/* ("permute", CALLER, G, PERM) */
void gw_cmd_permute (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  enum { IN_G = 2, IN_PERM, IN_COUNT };
  if (nrhs != IN_COUNT)
    wrong_args ("\"permute\", CALLER, G, PERM");
  gw_scratch s = GW_SCRATCH_INIT;
  gw_operand G;
  read_array (&s, prhs[IN_G], &G);
  int64_t p[GM_SHAPE_MAX_ARRAY_DIMS], dims[GM_SHAPE_MAX_ARRAY_DIMS], out[GM_SHAPE_MAX_ARRAY_DIMS];
  const int n = read_row (&s, prhs[IN_PERM], p, GM_SHAPE_MAX_ARRAY_DIMS, "PERM");
  int perm[GM_SHAPE_MAX_ARRAY_DIMS], seen[GM_SHAPE_MAX_ARRAY_DIMS] = {0};
  if (n < (int) G.ndims)
    gw_fail (&s, "gpumat:shape:invalidPermutation", "PERM must have ndims (G) elements or more");
  for (int k = 0; k < n; k++) {
    if (p[k] < 1 || p[k] > n || seen[p[k] - 1]++)
      gw_fail (&s, "gpumat:shape:invalidPermutation", "PERM must be a permutation of 1:%d", n);
    perm[k] = (int) p[k] - 1;
  }
  padded_dims (&G, n, dims);
  for (int k = 0; k < n; k++)
    out[k] = dims[perm[k]];
  mwSize mw[GM_SHAPE_MAX_ARRAY_DIMS];
  const size_t numel = count_dims (&s, n, out, mw);
  void *d = alloc_result (&s, numel, G.cls);
  if (numel) {
    if (G.transposed && gm_class_is_complex (G.cls) && G.view == GM_OP_CTRANSPOSE)
      gw_materialize_operand (&s, &G, AREA);          /* G' of complex data: conjugated */
    if (G.transposed) {
      /* G.' is its parent (stored dims[1] x dims[0]) with dimensions 1 and 2 exchanged */
      const int64_t t = dims[0];
      dims[0] = dims[1];
      dims[1] = t;
      for (int k = 0; k < n; k++)
        perm[k] = perm[k] < 2 ? 1 - perm[k] : perm[k];
    }
    check_status (&s, gm_permute (G.cls, n, dims, perm, G.device, d, 0));
  }
  finish (plhs, &s, d, G.cls, G.logical, n, mw);
}

/* The three commands that take G laid out and keep or grow its size: flip, circshift, repmat.
   (cmd, CALLER, G, ARG): ARG the dimension (flip), the shifts or the counts. */
enum shape_kind { KIND_FLIP, KIND_CIRCSHIFT, KIND_REPMAT };

static void run_simple (enum shape_kind kind, mxArray *plhs[], int nrhs, const mxArray *prhs[],
                        const char *usage)
{
  enum { IN_G = 2, IN_ARG, IN_COUNT };
  if (nrhs != IN_COUNT)
    wrong_args (usage);
  gw_scratch s = GW_SCRATCH_INIT;
  gw_operand G;
  read_array (&s, prhs[IN_G], &G);
  int64_t a[GM_SHAPE_MAX_ARRAY_DIMS], dims[GM_SHAPE_MAX_ARRAY_DIMS], out[GM_SHAPE_MAX_ARRAY_DIMS];
  int na = 0, nd = (int) G.ndims;
  if (kind == KIND_FLIP) {
    const double dim = read_whole (&s, prhs[IN_ARG], "DIM");
    if (dim < 1)
      gw_fail (&s, "gpumat:shape:invalidDimension", "DIM must be a positive integer");
    a[0] = dim > nd ? 0 : (int64_t) dim;      /* 0: past the last dimension, a copy */
  } else {
    na = read_row (&s, prhs[IN_ARG], a, GM_SHAPE_MAX_ARRAY_DIMS,
                   kind == KIND_REPMAT ? "REPS" : "SHIFTS");
  }
  nd = na > nd ? na : nd;
  padded_dims (&G, nd, dims);
  for (int k = 0; k < nd; k++) {
    out[k] = dims[k];
    if (kind == KIND_REPMAT) {
      const int64_t r = k < na ? a[k] : 1;
      if (r < 0)
        gw_fail (&s, "gpumat:shape:invalidArgument", "REPS must be >= 0");
      if (r > 0 && dims[k] > INT64_MAX / r)
        gw_fail (&s, "gpumat:shape:tooLarge", "the result is too large");
      out[k] = dims[k] * r;
    }
  }
  mwSize mw[GM_SHAPE_MAX_ARRAY_DIMS];
  const size_t numel = count_dims (&s, nd, out, mw);
  void *d = alloc_result (&s, numel, G.cls);
  if (numel) {
    gw_materialize_operand (&s, &G, AREA);
    gm_status st;
    if (kind == KIND_FLIP && a[0] == 0) {
      const int64_t origin[GM_SHAPE_MAX_ARRAY_DIMS] = {0};
      st = gm_copy_block (G.cls, nd, dims, G.device, dims, origin, d, 0);
    } else if (kind == KIND_FLIP) {
      st = gm_flip (G.cls, nd, dims, (int) a[0] - 1, G.device, d, 0);
    } else if (kind == KIND_CIRCSHIFT) {
      int64_t sh[GM_SHAPE_MAX_ARRAY_DIMS];
      for (int k = 0; k < nd; k++)
        sh[k] = k < na ? a[k] : 0;
      st = gm_circshift (G.cls, nd, dims, sh, G.device, d, 0);
    } else {
      int64_t reps[GM_SHAPE_MAX_ARRAY_DIMS];
      for (int k = 0; k < nd; k++)
        reps[k] = k < na ? a[k] : 1;
      st = gm_repmat (G.cls, nd, dims, reps, G.device, d, 0);
    }
    check_status (&s, st);
  }
  finish (plhs, &s, d, G.cls, G.logical, nd, mw);
}

/* ("flip", CALLER, G, DIM) */
void gw_cmd_flip (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  run_simple (KIND_FLIP, plhs, nrhs, prhs, "\"flip\", CALLER, G, DIM");
}

/* ("circshift", CALLER, G, SHIFTS) */
void gw_cmd_circshift (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  run_simple (KIND_CIRCSHIFT, plhs, nrhs, prhs, "\"circshift\", CALLER, G, SHIFTS");
}

/* ("repmat", CALLER, G, REPS) */
void gw_cmd_repmat (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  run_simple (KIND_REPMAT, plhs, nrhs, prhs, "\"repmat\", CALLER, G, REPS");
}

/* ---- diag, tril, triu -------------------------------------------------------------------------- */

static void require_matrix (gw_scratch *s, const gw_operand *G)
{
  if (G->ndims != 2)
    gw_fail (s, "gpumat:shape:ndArray", "Matrix must be 2-dimensional");
}

/* ("diag", CALLER, G, K) and ("diag", CALLER, G, M, N): liboctave's Array<T>::diag (k) and
   diag (m, n). */
void gw_cmd_diag (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  enum { IN_G = 2, IN_K, IN_COUNT_K, IN_M = IN_K, IN_N, IN_COUNT_MN };
  if (nrhs != IN_COUNT_K && nrhs != IN_COUNT_MN)
    wrong_args ("\"diag\", CALLER, G, K or \"diag\", CALLER, G, M, N");
  gw_scratch s = GW_SCRATCH_INIT;
  gw_operand G;
  read_array (&s, prhs[IN_G], &G);
  require_matrix (&s, &G);
  const int64_t rows = (int64_t) G.dims[0], cols = (int64_t) G.dims[1];
  const int vector = rows == 1 || cols == 1;
  int64_t out[2];
  int64_t count = 0, k = 0;
  int build;
  if (nrhs == IN_COUNT_MN) {
    const double m = read_whole (&s, prhs[IN_M], "M"), n = read_whole (&s, prhs[IN_N], "N");
    if (!vector)
      gw_fail (&s, "gpumat:shape:invalidArgument", "diag: V must be a vector");
    if (m < 0 || n < 0)
      gw_fail (&s, "Octave:invalid-resize", "Invalid resizing operation or ambiguous assignment "
               "to an out-of-bounds array element");
    out[0] = (int64_t) m;
    out[1] = (int64_t) n;
    const int64_t len = (int64_t) G.numel, side = out[0] < out[1] ? out[0] : out[1];
    count = len < side ? len : side;
    build = 1;
  } else {
    const double kd = read_whole (&s, prhs[IN_K], "K");
    if (rows == 0 && cols == 0) {            /* nothing, for an empty matrix */
      out[0] = out[1] = 0;
      build = 0;
    } else if (!vector) {                    /* the diagonal K of a matrix, as a column */
      k = kd < -(double) rows ? -rows - 1 : kd > (double) cols ? cols + 1 : (int64_t) kd;
      out[0] = gm_diag_length (rows, cols, k);
      out[1] = 1;
      build = 0;
    } else {                                 /* vector -> square matrix, V on diagonal K */
      count = (int64_t) G.numel;
      if (fabs (kd) > 0x1.0p52 - (double) count)
        gw_fail (&s, "gpumat:shape:tooLarge", "the result is too large");
      k = (int64_t) kd;
      out[0] = out[1] = count + (k < 0 ? -k : k);
      build = 1;
    }
  }
  mwSize mw[2];
  const size_t numel = count_dims (&s, 2, out, mw);
  void *d = alloc_result (&s, numel, G.cls);
  if (numel) {
    gw_materialize_operand (&s, &G, AREA);
    check_status (&s, build ? gm_diag_build (G.cls, count, out[0], out[1], k, G.device, d, 0)
                            : gm_diag_extract (G.cls, rows, cols, k, G.device, d, 0));
  }
  finish (plhs, &s, d, G.cls, G.logical, 2, mw);
}

/* ("tri", CALLER, G, LOWER, K, PACK): Octave's tril.cc, K clamped to [-rows, cols]. */
void gw_cmd_tri (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  enum { IN_G = 2, IN_LOWER, IN_K, IN_PACK, IN_COUNT };
  if (nrhs != IN_COUNT)
    wrong_args ("\"tri\", CALLER, G, LOWER, K, PACK");
  gw_scratch s = GW_SCRATCH_INIT;
  gw_operand G;
  read_array (&s, prhs[IN_G], &G);
  const int lower = read_flag (prhs[IN_LOWER]), pack = read_flag (prhs[IN_PACK]);
  const double kd = read_whole (&s, prhs[IN_K], "K");
  require_matrix (&s, &G);
  const int64_t rows = (int64_t) G.dims[0], cols = (int64_t) G.dims[1];
  const int64_t k = kd < -(double) rows ? -rows : kd > (double) cols ? cols : (int64_t) kd;
  int64_t out[2] = {rows, cols};
  if (pack) {
    out[0] = gm_triangle_count (rows, cols, k, lower);
    out[1] = 1;
  }
  mwSize mw[2];
  const size_t numel = count_dims (&s, 2, out, mw);
  void *d = alloc_result (&s, numel, G.cls);
  if (numel) {
    gw_materialize_operand (&s, &G, AREA);
    check_status (&s, gm_triangle (G.cls, rows, cols, k, lower, pack, G.device, d, 0));
  }
  finish (plhs, &s, d, G.cls, G.logical, 2, mw);
}

/* ---- concatenation ----------------------------------------------------------------------------- */

/* A size as Octave's dim_vector holds it: at least 2 dimensions, no trailing 1s past them. */
typedef struct {
  int nd;
  int64_t d[GM_SHAPE_MAX_ARRAY_DIMS + 1];
} size_nd;

static void chop_size (size_nd *v)
{
  while (v->nd > 2 && v->d[v->nd - 1] == 1)
    v->nd--;
}

static int zero_by_zero (const size_nd *v) { return v->nd == 2 && v->d[0] == 0 && v->d[1] == 0; }

/* liboctave's dim_vector::concat: *a grows by b along dim (0-based) when every other
   dimension agrees; a 0x0 b is skipped and a 0x0 *a replaced by b; false on a mismatch. */
static int concat_rule (size_nd *a, const size_nd *b, int dim)
{
  const int orig_nd = a->nd, ndb = b->nd;
  int new_nd = dim < ndb ? ndb : dim + 1;
  if (new_nd > orig_nd)
    for (int i = orig_nd; i < new_nd; i++)
      a->d[i] = 1;
  else
    new_nd = orig_nd;
  a->nd = new_nd;
  int match = 1;
  for (int i = 0; i < ndb && match; i++)
    if (i != dim && a->d[i] != b->d[i])
      match = 0;
  for (int i = ndb; i < new_nd && match; i++)
    if (i != dim && a->d[i] != 1)
      match = 0;
  if (match) {
    a->d[dim] += dim < ndb ? b->d[dim] : 1;
  } else if (zero_by_zero (b)) {
    match = 1;
  } else if (orig_nd == 2 && a->d[0] == 0 && a->d[1] == 0) {
    *a = *b;
    match = 1;
  }
  chop_size (a);
  return match;
}

/* dim_vector::hvcat: concat, or else a 1x0 / 0x1 operand gives way (and a 1x0 / 0x1 result so
   far gives way to the next operand), as [A, B] and [A; B] allow. */
static int hvcat_rule (size_nd *a, const size_nd *b, int dim)
{
  if (concat_rule (a, b, dim))
    return 1;
  if (a->nd == 2 && b->nd == 2) {
    const int e2a = a->d[0] + a->d[1] == 1, e2b = b->d[0] + b->d[1] == 1;
    if (e2b) {
      if (e2a)
        a->d[0] = a->d[1] = 0;
      return 1;
    }
    if (e2a) {
      *a = *b;
      return 1;
    }
  }
  return 0;
}

/* The size of operand arg (gpumat or host), read without touching its data. */
static void operand_size (gw_scratch *s, const mxArray *arg, size_nd *v)
{
  mwSize nd;
  const mwSize *dims;
  gw_operand op;
  if (gw_is_gpumat (arg)) {
    gw_read_operand_raw (s, arg, AREA, "A", &op);      /* a descriptor: no allocation */
    nd = op.ndims;
    dims = op.dims;
  } else {
    nd = mxGetNumberOfDimensions (arg);
    dims = mxGetDimensions (arg);
  }
  if (nd > GM_SHAPE_MAX_ARRAY_DIMS)
    gw_fail (s, "gpumat:shape:tooManyDimensions", "arrays of more than %d dimensions are not "
             "supported", GM_SHAPE_MAX_ARRAY_DIMS);
  v->nd = (int) nd;
  for (mwSize i = 0; i < nd; i++)
    v->d[i] = (int64_t) dims[i];
  chop_size (v);
}

static int64_t size_numel (const size_nd *v)
{
  int64_t n = 1;
  for (int i = 0; i < v->nd; i++)
    n *= v->d[i];
  return n;
}

/* Operand arg as class rcls (logical: one byte an element) on the device, laid out, in `s`. */
static void cat_operand (gw_scratch *s, const mxArray *arg, gm_class rcls, int rlogical,
                         gw_operand *op)
{
  if (rlogical && !gw_is_gpumat (arg)) {
    if (!mxIsLogical (arg))
      gw_fail (s, "gpumat:internal", "catnd: a logical result from a %s operand",
               mxGetClassName (arg));
    memset (op, 0, sizeof *op);
    op->cls = GM_UINT8;
    op->logical = 1;
    op->array = arg;
    op->ndims = mxGetNumberOfDimensions (arg);
    memcpy (op->dims, mxGetDimensions (arg), op->ndims * sizeof (mwSize));
    op->numel = mxGetNumberOfElements (arg);
    op->host = mxGetLogicals (arg);     /* mxLogical is one byte, 0 or 1 */
  } else {
    gw_read_operand_raw (s, arg, AREA, "A", op);
    if (rlogical && !op->logical)
      gw_fail (s, "gpumat:internal", "catnd: a logical result from a %s operand",
               gw_class_text (op->cls));
    if (!rlogical && op->logical && op->on_device) {
      if (gm_class_is_integer (rcls))
        gw_fail (s, "gpumat:internal", "catnd: logical data into an integer result");
      gw_logical_to_float (s, op, gm_class_real (rcls), AREA);
    }
    gw_materialize_operand (s, op, AREA);
    if (!rlogical && !gm_class_is_integer (rcls))
      gw_convert_operand (s, op, rcls, AREA);     /* double -> single, real -> complex */
    if (op->cls != rcls)
      gw_fail (s, "gpumat:internal", "catnd: a %s operand for a %s result",
               gw_class_text (op->cls), gw_class_text (rcls));
  }
  gw_upload_operand (s, op, AREA);
}

/* CLS and CPLX: the result's class (GM_UINT8 for logical, then returns 1). */
static int read_result_class (gw_scratch *s, const mxArray *cls_arg, const mxArray *cplx_arg,
                              gm_class *cls)
{
  char name[16];
  gw_read_string (s, cls_arg, name, sizeof name, AREA, "CLS");
  const int cplx = read_flag (cplx_arg);
  if (!strcmp (name, "logical")) {
    if (cplx)
      gw_fail (s, "gpumat:shape:invalidArgument", "CLS \"logical\" cannot be complex");
    *cls = GM_UINT8;
    return 1;
  }
  static const struct { const char *name; gm_class cls; } names[] = {
    {"double", GM_DOUBLE}, {"single", GM_SINGLE}, {"int8", GM_INT8}, {"uint8", GM_UINT8},
    {"int16", GM_INT16}, {"uint16", GM_UINT16}, {"int32", GM_INT32}, {"uint32", GM_UINT32},
    {"int64", GM_INT64}, {"uint64", GM_UINT64}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp (name, names[i].name)) {
      if (cplx && gm_class_is_integer (names[i].cls))
        gw_fail (s, "gpumat:shape:invalidArgument", "CLS \"%s\" cannot be complex", name);
      *cls = cplx ? gm_class_complex (names[i].cls) : names[i].cls;
      return 0;
    }
  gw_fail (s, "gpumat:shape:invalidArgument", "unknown class \"%s\"", name);
  return 0;
}

/* ("catnd", CALLER, DIM, CLS, CPLX, A, B, ...): liboctave's Array<T>::cat. */
void gw_cmd_catnd (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  enum { IN_DIM = 2, IN_CLS, IN_CPLX, IN_FIRST };
  if (nrhs < IN_FIRST + 1)
    wrong_args ("\"catnd\", CALLER, DIM, CLS, CPLX, A, B, ...");
  gw_scratch scratch = GW_SCRATCH_INIT;
  const double dim_arg = read_whole (&scratch, prhs[IN_DIM], "DIM");
  if (!(dim_arg == -1 || dim_arg == -2 || (dim_arg >= 1 && dim_arg <= GM_SHAPE_MAX_ARRAY_DIMS)))
    gw_fail (&scratch, "gpumat:shape:invalidDimension", "DIM must be -1, -2 or 1 to %d",
             GM_SHAPE_MAX_ARRAY_DIMS);
  const int hv = dim_arg < 0;
  const int dim = hv ? (int) -dim_arg - 1 : (int) dim_arg - 1;      /* 0-based */
  gm_class rcls = GM_DOUBLE;
  const int rlogical = read_result_class (&scratch, prhs[IN_CLS], prhs[IN_CPLX], &rcls);
  const int n = nrhs - IN_FIRST;
  const mxArray **args = prhs + IN_FIRST;
  /* The size (Array<T>::cat): with three or more operands along dimension 3 and up, leading
     0x0 operands are passed over (cat (3, [], [], A) is A), unless all are. */
  int istart = 0;
  size_nd acc, b;
  if (n > 2 && dim > 1) {
    for (int i = 0; i < n; i++) {
      operand_size (&scratch, args[i], &b);
      if (!zero_by_zero (&b))
        break;
      istart++;
    }
    if (istart >= n)
      istart = 0;
  }
  operand_size (&scratch, args[istart], &acc);
  for (int i = istart + 1; i < n; i++) {
    operand_size (&scratch, args[i], &b);
    const size_nd before = acc;
    if (!(hv ? hvcat_rule (&acc, &b, dim) : concat_rule (&acc, &b, dim))) {
      if (!hv)
        gw_fail (&scratch, "Octave:nonconformant-args", "dimension mismatch");
      char x[256], y[256];
      mwSize dx[GM_SHAPE_MAX_ARRAY_DIMS + 1], dy[GM_SHAPE_MAX_ARRAY_DIMS + 1];
      for (int k = 0; k < before.nd; k++)
        dx[k] = (mwSize) before.d[k];
      for (int k = 0; k < b.nd; k++)
        dy[k] = (mwSize) b.d[k];
      gw_format_dims (x, sizeof x, (mwSize) before.nd, dx);
      gw_format_dims (y, sizeof y, (mwSize) b.nd, dy);
      gw_set_caller ("");
      gw_fail (&scratch, "Octave:nonconformant-args", "%s dimensions mismatch (%s vs %s)",
               dim == 0 ? "vertical" : "horizontal", x, y);
    }
  }
  if (acc.nd > GM_SHAPE_MAX_ARRAY_DIMS)
    gw_fail (&scratch, "gpumat:shape:tooManyDimensions", "arrays of more than %d dimensions are "
             "not supported", GM_SHAPE_MAX_ARRAY_DIMS);
  mwSize mw[GM_SHAPE_MAX_ARRAY_DIMS];
  const size_t numel = count_dims (&scratch, acc.nd, acc.d, mw);
  void *result = alloc_result (&scratch, numel, rcls);
  /* The data: every nonempty operand in order, at offset l along dim (the rule above made sure
     that it fills the result's other dimensions). */
  const int nd = acc.nd > dim + 1 ? acc.nd : dim + 1;
  int64_t rdims[GM_SHAPE_MAX_ARRAY_DIMS + 1], l = 0;
  for (int k = 0; k < nd; k++)
    rdims[k] = k < acc.nd ? acc.d[k] : 1;
  for (int i = 0; i < n && numel; i++) {
    operand_size (&scratch, args[i], &b);
    if (size_numel (&b) == 0)
      continue;
    int64_t bd[GM_SHAPE_MAX_ARRAY_DIMS + 1], origin[GM_SHAPE_MAX_ARRAY_DIMS + 1] = {0};
    for (int k = 0; k < nd; k++)
      bd[k] = k < b.nd ? b.d[k] : 1;
    origin[dim] = l;
    /* each operand's blocks in a scratch of its own, freed after its copy; the result is in it
       too meanwhile, so that an error frees the result as well */
    gw_scratch os = GW_SCRATCH_INIT;
    gw_device_keep (&scratch, result);
    os.device[os.device_count++] = result;
    gw_operand op;
    cat_operand (&os, args[i], rcls, rlogical, &op);
    check_status (&os, gm_copy_block (rcls, nd, bd, op.device, rdims, origin, result, 0));
    gw_device_keep (&os, result);
    gw_scratch_free (&os);
    scratch.device[scratch.device_count++] = result;
    l += bd[dim];
  }
  finish (plhs, &scratch, result, rcls, rlogical, acc.nd, mw);
}

/* ---- kron -------------------------------------------------------------------------------------- */

/* ("kron", CALLER, A, B): K(ib + rb*ia, jb + cb*ja) = A(ia, ja) * B(ib, jb), as the broadcast
   product of A as 1 x ra x 1 x ca with B as rb x 1 x cb x 1 (rb x ra x cb x ca, which is K's
   layout).  An N-D operand is rows x (the product of the rest), as Octave's Matrix reads it. */
void gw_cmd_kron (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  enum { IN_A = 2, IN_B, IN_COUNT };
  if (nrhs != IN_COUNT)
    wrong_args ("\"kron\", CALLER, A, B");
  gw_scratch s = GW_SCRATCH_INIT;
  gw_operand A, B;
  gw_read_operand (&s, prhs[IN_A], AREA, "A", &A);      /* logical data as double */
  gw_read_operand (&s, prhs[IN_B], AREA, "B", &B);
  gw_operand *ops[2] = {&A, &B};
  for (int i = 0; i < 2; i++)
    if (ops[i]->cls != GM_DOUBLE && ops[i]->cls != GM_SINGLE)
      gw_fail (&s, "gpumat:shape:unsupportedClass", "%s %s array: kron on the GPU takes real "
               "double, single or logical data", gw_class_text (ops[i]->cls),
               ops[i]->on_device ? "gpumat" : "host");
  int64_t ra = (int64_t) A.dims[0], rb = (int64_t) B.dims[0], ca = 1, cb = 1;
  for (mwSize d = 1; d < A.ndims; d++)
    ca *= (int64_t) A.dims[d];
  for (mwSize d = 1; d < B.ndims; d++)
    cb *= (int64_t) B.dims[d];
  const int64_t da[4] = {1, ra, 1, ca}, db[4] = {rb, 1, cb, 1};
  gm_class cls;
  check_status (&s, gm_binop_result_class (GM_BIN_MUL, A.cls, B.cls, &cls));
  if ((ra && rb > INT64_MAX / ra) || (ca && cb > INT64_MAX / ca))
    gw_fail (&s, "gpumat:shape:tooLarge", "the result is too large");
  const int64_t out[2] = {ra * rb, ca * cb};
  mwSize mw[2];
  const size_t numel = count_dims (&s, 2, out, mw);
  void *d = alloc_result (&s, numel, cls);
  if (numel) {
    for (int i = 0; i < 2; i++) {
      gw_materialize_operand (&s, ops[i], AREA);
      gw_upload_operand (&s, ops[i], AREA);
    }
    check_status (&s, gm_binary (GM_BIN_MUL, A.cls, 4, da, A.device, B.cls, 4, db, B.device, d,
                                 0));
  }
  finish (plhs, &s, d, cls, 0, 2, mw);
}
