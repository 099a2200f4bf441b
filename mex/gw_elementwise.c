/* gw_elementwise.c: element-wise operations, reductions, norms and class conversions of gpumat
 * arrays (the commands are listed in gw_elementwise.h), over kernels/elementwise.cu and
 * kernels/reduce.cu.
 *
 * The kernels take real double and single data (and complex data in "binary" and "unary").
 * Here:
 *  - host operands (either side) are uploaded for the call; logical and char host arrays are
 *    read as double, as Octave's arithmetic reads them;
 *  - a logical gpumat array (the result of a comparison: one byte an element, cls "logical")
 *    is converted to double on the device first, except that max and min of two logical
 *    operands give a logical result, as in Octave (the max in double, then `~= 0`);
 *  - a view G' is laid out as its size first (gw_materialize_operand);
 *  - integer operands of "binary", "unary" and "convert" take the integer branch (its block
 *    below: kernels/elementwise_int.cu, or Octave's own function where that has no kernel);
 *    complex data raise gpumat:<area>:unsupportedClass, naming the class, except in "binary"
 *    and "unary" for the ops of kernels/elementwise_complex.cu (the block "complex operands"
 *    below), and in "reduce" (sum and mean: reduce_complex below; max and min:
 *    mex/gw_complex_reduce.c);
 *  - an empty result needs no device call (a gpumat array with no device memory);
 *  - mod, rem, atan2 and hypot refuse logical and char operands, as Octave 7.3 does ("mod:
 *    wrong type argument 'bool'"; gm_binop_describe's takes_logical);
 *  - & | xor of an operand holding NaN raise Octave's error ("invalid conversion from NaN to
 *    logical", identifier gpumat:elementwise:nanToLogical; gm_any_nan first);
 *  - where Octave's real result turns complex (.^ of a negative base with a non-integer
 *    exponent; a unary op outside its real domain: sqrt and log of a negative number, asin of
 *    2, lgamma of -0.5, ...: gm_pow_needs_complex, gm_unary_needs_complex, each op's domain in
 *    gm_unop_describe), the operation is Octave's own on the host: the operands gathered, the
 *    complex result uploaded as a complex gpumat array (the same values and class as Octave's,
 *    at the cost of two transfers).
 * Every call queues its device work on stream 0 and returns without waiting (issue 12: one
 * stream, in order); only the flag queries above wait, since the host reads their answer.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_elementwise.h"
#include "gw_complex_reduce.h"

/* ---- shared ------------------------------------------------------------------------------------ */

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__ (%s): wrong number of arguments", usage);
}

/* Real double or single, or a logical array (host logicals are already double). */
static void check_class (gw_scratch *scratch, const gw_operand *x, const char *area,
                         int allow_logical)
{
  if (x->cls == GM_DOUBLE || x->cls == GM_SINGLE
      || (allow_logical && x->logical && x->cls == GM_UINT8))
    return;
  char id[96];
  snprintf (id, sizeof id, "gpumat:%s:unsupportedClass", area);
  const char *cls = x->logical ? "logical" : gw_class_text (x->cls);
  if (!strcmp (area, "norm"))
    gw_fail (scratch, id, "%s %s array: norm on the GPU takes real double or single data", cls,
             x->on_device ? "gpumat" : "host");
  gw_fail (scratch, id, "%s %s array: element-wise operations on the GPU take real double, "
           "single or logical data", cls, x->on_device ? "gpumat" : "host");
}

static void check_ndims (gw_scratch *scratch, const gw_operand *x, const char *area)
{
  if (x->ndims <= GM_MAX_DIMS)
    return;
  char id[96];
  snprintf (id, sizeof id, "gpumat:%s:tooManyDimensions", area);
  gw_fail (scratch, id, "arrays of more than %d dimensions are not supported", GM_MAX_DIMS);
}

static int i64_dims (const gw_operand *x, int64_t *dims)
{
  for (mwSize d = 0; d < x->ndims; d++)
    dims[d] = (int64_t) x->dims[d];
  return (int) x->ndims;
}

/* A gpumat result of class cls (logical: one byte an element) owning d_ptr. */
static mxArray *make_result (gw_scratch *scratch, void *d_ptr, gm_class cls, int logical,
                             int nd, const mwSize *dims, const char *area)
{
  return logical ? gw_make_logical_gpumat (scratch, d_ptr, (mwSize) nd, dims, area)
                 : gw_make_gpumat (scratch, d_ptr, cls, (mwSize) nd, dims, area);
}

/* The flag an any-style query left on the device (a tiny copy; waits for the queued work). */
static int read_flag (gw_scratch *scratch, const int *d_flag, gm_status st, const char *area)
{
  int flag = 0;
  if (st == GM_OK)
    st = gm_copy_to_host (&flag, d_flag, sizeof flag);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  return flag;
}

/* Octave's own function `fn` of the operands on the host (gpumat operands gathered, host
   operands as given), its result uploaded as a new gpumat array in plhs[0]: the route for
   results that Octave makes complex. */
static void octave_on_host (mxArray *plhs[], gw_scratch *scratch, const char *fn, int n,
                            gw_operand *ops, const char *area)
{
  mxArray *args[2];
  int owned[2] = {0, 0};
  for (int i = 0; i < n; i++) {
    owned[i] = ops[i].on_device;
    args[i] = owned[i] ? gw_gather_operand (scratch, &ops[i], area) : (mxArray *) ops[i].array;
  }
  mxArray *out = NULL;
  mexSetTrapFlag (1);
  int failed = mexCallMATLAB (1, &out, n, args, fn);
  mexSetTrapFlag (0);
  for (int i = 0; i < n; i++)
    if (owned[i])
      mxDestroyArray (args[i]);
  if (failed || !out) {
    char id[96];
    snprintf (id, sizeof id, "gpumat:%s:internal", area);
    gw_fail (scratch, id, "Octave's %s on the host failed", fn);
  }
  gw_operand R;
  gw_read_operand (scratch, out, area, "result", &R);
  gw_upload_operand (scratch, &R, area);
  plhs[0] = gw_make_gpumat (scratch, R.device, R.cls, R.ndims, R.dims, area);
  mxDestroyArray (out);
  gw_scratch_free (scratch);
}

/* d_logical (one byte an element) = d_x ~= 0 for count double elements of shape (nd, dims):
   max and min of logical operands, computed in double, back to logical. */
static void *to_logical (gw_scratch *scratch, int nd, const int64_t *dims, size_t count,
                         const void *d_x, const char *area)
{
  void *d_zero = gw_device_alloc (scratch, sizeof (double), area);
  void *d_l = gw_device_alloc (scratch, count, area);
  int64_t one = 1;
  /* 0.0 is all-zero bits: a queued fill, no copy from the host */
  gm_status st = gm_fill_bytes (d_zero, 0, sizeof (double));
  if (st == GM_OK)
    st = gm_binary (GM_BIN_NE, GM_DOUBLE, nd, dims, d_x, GM_DOUBLE, 1, &one, d_zero, d_l, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  return d_l;
}

/* The operation named by prhs argument `arg` (copied into name, size bytes): the k below count
   whose name_of (k) it is, else gpumat:<area>:unknownOperation. */
static int read_op (gw_scratch *scratch, const mxArray *arg, char *name, size_t size, int count,
                    const char *(*name_of) (int), const char *area)
{
  gw_read_string (scratch, arg, name, size, area, "Operation");
  int op = -1;
  for (int k = 0; k < count; k++)
    if (!strcmp (name, name_of (k)))
      op = k;
  if (op < 0) {
    char id[96];
    snprintf (id, sizeof id, "gpumat:%s:unknownOperation", area);
    gw_fail (scratch, id, "unknown operation '%s'", name);
  }
  return op;
}
static const char *binop_name (int k) { return gm_binop_name ((gm_binop) k); }
static const char *unop_name (int k) { return gm_unop_name ((gm_unop) k); }
static const char *reduce_name (int k)
{
  static const char *const names[GM_RED_COUNT] = {"sum", "mean", "max", "min"};
  return names[k];
}

/* The call's error, if its last step failed (the work is queued, not waited for). */
static void check_status (gw_scratch *scratch, gm_status st, const char *area)
{
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
}

/* plhs[0] = the gpumat result owning d_out (NULL: empty), the call's scratch freed. */
static void finish (mxArray *plhs[], gw_scratch *scratch, void *d_out, gm_class cls,
                    int logical, int nd, const mwSize *dims, const char *area)
{
  plhs[0] = make_result (scratch, d_out, cls, logical, nd, dims, area);
  gw_scratch_free (scratch);
}

/* ---- integer classes (kernels/elementwise_int.cu) ------------------------------------------ */
/* With an integer operand (int8 ... uint64, not logical), "binary", "unary" and "convert" come
   here: gm_int_* on the device where it computes Octave's result (gm_int_binary_supported,
   gm_int_unary_supported), else Octave's own function on the host (.^, xor, atan2, hypot, two
   integer classes, int64 and uint64 with a floating-point operand, complex operands, mappers
   other than Octave's identities on integers).  The value type sends the operators it cannot
   run here to the host itself, so that Octave's own errors reach the user. */
static int is_integer (const gw_operand *x)
{
  return gm_class_is_integer (x->cls) && !x->logical;
}

/* The broadcast size of A against B, or Octave's nonconformant error. */
static int broadcast_or_fail (gw_scratch *scratch, const gw_operand *A, const gw_operand *B,
                              int64_t *da, int *nda, int64_t *db, int *ndb, int64_t *dout)
{
  int nd_out;
  *nda = i64_dims (A, da);
  *ndb = i64_dims (B, db);
  if (gm_broadcast_dims (*nda, da, *ndb, db, &nd_out, dout) != GM_OK) {
    char a_dims[128], b_dims[128];
    gw_format_dims (a_dims, sizeof a_dims, A->ndims, A->dims);
    gw_format_dims (b_dims, sizeof b_dims, B->ndims, B->dims);
    gw_fail (scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", a_dims, b_dims);
  }
  return nd_out;
}

static void binary_int (mxArray *plhs[], gw_scratch *scratch, gm_binop op, const char *name,
                        gw_operand *A, gw_operand *B, const char *area)
{
  const gm_binop_info *info = gm_binop_describe (op);
  gw_operand raw[2] = {*A, *B};
  if (!info->takes_logical && (A->logical || A->logical_or_char || B->logical
                               || B->logical_or_char))
    gw_fail (scratch, "gpumat:elementwise:unsupportedClass", "%s: wrong type argument '%s'",
             name, (A->logical || B->logical) ? "bool" : "char");
  const gm_class a_cls = A->logical ? GM_DOUBLE : A->cls, b_cls = B->logical ? GM_DOUBLE : B->cls;
  if (!gm_int_binary_supported (op, a_cls, b_cls)) {
    octave_on_host (plhs, scratch, name, 2, raw, area);
    return;
  }
  check_ndims (scratch, A, area);
  check_ndims (scratch, B, area);
  int64_t da[GM_MAX_DIMS], db[GM_MAX_DIMS], dout[GM_MAX_DIMS];
  int nda, ndb;
  const int nd_out = broadcast_or_fail (scratch, A, B, da, &nda, db, &ndb, dout);
  gm_class cls;
  gm_status st = gm_int_binary_result_class (op, a_cls, b_cls, &cls);
  check_status (scratch, st, area);
  const int logical = info->logical_result;
  mwSize out_dims[GM_MAX_DIMS];
  const size_t count = gw_result_count (scratch, nd_out, dout, out_dims, gm_class_size (cls), area);
  if (count == 0) {
    finish (plhs, scratch, NULL, cls, logical, nd_out, out_dims, area);
    return;
  }
  gw_logical_to_float (scratch, A, GM_DOUBLE, area);
  gw_logical_to_float (scratch, B, GM_DOUBLE, area);
  gw_materialize_operand (scratch, A, area);
  gw_materialize_operand (scratch, B, area);
  gw_upload_operand (scratch, A, area);
  gw_upload_operand (scratch, B, area);
  /* & |: Octave 7.3 reads NaN as true where both operands are scalars (int8 (5) & NaN is
     true), and raises its error otherwise (int8 ([5 0]) & NaN) */
  if (info->nan_is_error && !(A->numel == 1 && B->numel == 1)) {
    int *d_flag = (int *) gw_device_alloc (scratch, sizeof (int), area);
    for (int k = 0; k < 2; k++) {
      const gw_operand *x = k ? B : A;
      if (is_integer (x) || x->logical || x->logical_or_char)
        continue;
      st = gm_any_nan (x->cls, (int64_t) x->numel, x->device, d_flag, 0);
      if (read_flag (scratch, d_flag, st, area)) {
        gw_set_caller ("");
        gw_fail (scratch, "gpumat:elementwise:nanToLogical",
                 "invalid conversion from NaN to logical");
      }
    }
  }
  void *d_out = gw_device_alloc (scratch, count * gm_class_size (cls), area);
  st = gm_int_binary (op, A->cls, nda, da, A->device, B->cls, ndb, db, B->device, d_out, 0);
  check_status (scratch, st, area);
  finish (plhs, scratch, d_out, cls, logical, nd_out, out_dims, area);
}

static void unary_int (mxArray *plhs[], gw_scratch *scratch, gm_unop op, const char *name,
                       gw_operand *A, const char *area)
{
  if (!gm_int_unary_supported (op)) {
    octave_on_host (plhs, scratch, name, 1, A, area);   /* sqrt (int8 (4)) is a double 2 */
    return;
  }
  const int logical = gm_unop_describe (op)->logical_result;
  const gm_class cls = A->cls;
  if (A->numel == 0) {
    finish (plhs, scratch, NULL, logical ? GM_UINT8 : cls, logical, A->ndims, A->dims, area);
    return;
  }
  gw_materialize_operand (scratch, A, area);
  gw_upload_operand (scratch, A, area);
  void *d_out = gw_device_alloc (scratch, A->numel * (logical ? sizeof (gm_logical)
                                                               : gm_class_size (cls)), area);
  check_status (scratch, gm_int_unary (op, cls, (int64_t) A->numel, A->device, d_out, 0), area);
  finish (plhs, scratch, d_out, logical ? GM_UINT8 : cls, logical, A->ndims, A->dims, area);
}

/* CLS (a class name) of A, where A or CLS is an integer class; a logical A is read from its
   bytes (GM_UINT8, 0 or 1), complex data goes to Octave's own conversion. */
static void convert_int (mxArray *plhs[], gw_scratch *scratch, gm_class cls, const char *name,
                         gw_operand *A, const char *area)
{
  if (gm_class_is_complex (A->cls)) {
    octave_on_host (plhs, scratch, name, 1, A, area);
    return;
  }
  if (A->numel == 0) {
    finish (plhs, scratch, NULL, cls, 0, A->ndims, A->dims, area);
    return;
  }
  gw_materialize_operand (scratch, A, area);
  gw_upload_operand (scratch, A, area);
  void *d_out = gw_device_alloc (scratch, A->numel * gm_class_size (cls), area);
  check_status (scratch, gm_int_convert (A->cls, cls, (int64_t) A->numel, A->device, d_out, 0),
                area);
  finish (plhs, scratch, d_out, cls, 0, A->ndims, A->dims, area);
}

/* ---- complex operands (kernels/elementwise_complex.cu) --------------------------------------
 * A complex operand (either side; the other complex or real double, single, logical or char)
 * takes these routes instead of the real kernels: + - .* ./ == ~= < <= > >= max min, and the
 * unary uminus conj real imag abs arg sign isnan isinf isfinite not.  Both operands are brought
 * to one precision (single when either is single, as Octave), a real operand stays real (Octave
 * does not promote it for .* and ./), and a complex result whose imaginary parts are all zero
 * is narrowed to real, as Octave narrows every such result (an empty one too).  Other ops with
 * a complex operand are refused here (unsupportedClass), as before: the value type runs them on
 * the host. */
static int is_complex_operand (const gw_operand *x) { return gm_class_is_complex (x->cls); }

static int float_or_logical (const gw_operand *x)
{
  return gm_class_real (x->cls) == GM_DOUBLE || gm_class_real (x->cls) == GM_SINGLE
         || (x->logical && x->cls == GM_UINT8);
}

/* The empty or computed result of a complex operation in plhs[0]: kind 0 complex (narrowed),
   1 real, 2 logical. */
static void complex_finish (mxArray *plhs[], gw_scratch *scratch, void *d_out, gm_class cls,
                            int kind, size_t count, int nd, const mwSize *dims, const char *area)
{
  if (kind == 0) {
    if (count == 0)
      cls = gm_class_real (cls);          /* Octave narrows an empty complex result too */
    else
      gw_narrow_device (scratch, &d_out, &cls, count, area);
  }
  finish (plhs, scratch, d_out, kind == 2 ? GM_UINT8 : cls, kind == 2, nd, dims, area);
}

/* ("binary", CALLER, OP, A, B) with a complex A or B: returns 0 (nothing done) when the op or
   the other operand's class has no complex kernel. */
static int complex_binary (mxArray *plhs[], gw_scratch *scratch, gm_binop op, gw_operand *A,
                           gw_operand *B, const char *area)
{
  if (!(is_complex_operand (A) || is_complex_operand (B)) || !gm_complex_binop_supported (op)
      || !float_or_logical (A) || !float_or_logical (B))
    return 0;
  check_ndims (scratch, A, area);
  check_ndims (scratch, B, area);
  int64_t da[GM_MAX_DIMS], db[GM_MAX_DIMS], dout[GM_MAX_DIMS];
  const int nda = i64_dims (A, da), ndb = i64_dims (B, db);
  int nd_out;
  if (gm_broadcast_dims (nda, da, ndb, db, &nd_out, dout) != GM_OK) {
    char a_dims[128], b_dims[128];
    gw_format_dims (a_dims, sizeof a_dims, A->ndims, A->dims);
    gw_format_dims (b_dims, sizeof b_dims, B->ndims, B->dims);
    gw_fail (scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", a_dims, b_dims);
  }
  const int logical = gm_binop_describe (op)->logical_result;
  const gm_class a_real = A->logical ? GM_DOUBLE : gm_class_real (A->cls);
  const gm_class b_real = B->logical ? GM_DOUBLE : gm_class_real (B->cls);
  const gm_class real = a_real == GM_SINGLE || b_real == GM_SINGLE ? GM_SINGLE : GM_DOUBLE;
  const gm_class cls = gm_class_complex (real);
  mwSize out_dims[GM_MAX_DIMS];
  const size_t count = gw_result_count (scratch, nd_out, dout, out_dims,
                                 logical ? sizeof (gm_logical) : gm_class_size (cls), area);
  if (count > 0) {
    gw_operand *ops[2] = {A, B};
    for (int k = 0; k < 2; k++) {
      gw_operand *x = ops[k];
      gw_logical_to_float (scratch, x, GM_DOUBLE, area);
      gw_materialize_operand (scratch, x, area);
      gw_convert_operand (scratch, x, is_complex_operand (x) ? cls : real, area);
      gw_upload_operand (scratch, x, area);
    }
  }
  void *d_out = count ? gw_device_alloc (scratch, count * (logical ? sizeof (gm_logical)
                                                                    : gm_class_size (cls)), area)
                      : NULL;
  if (count)
    check_status (scratch, gm_complex_binary (op, A->cls, nda, da, A->device, B->cls, ndb, db,
                                              B->device, d_out, 0), area);
  complex_finish (plhs, scratch, d_out, cls, logical ? 2 : 0, count, nd_out, out_dims, area);
  return 1;
}

/* ("unary", CALLER, OP, A) with a complex A: returns 0 when OP has no complex kernel. */
static int complex_unary (mxArray *plhs[], gw_scratch *scratch, const char *name,
                          gw_operand *A, const char *area)
{
  if (!is_complex_operand (A))
    return 0;
  int op = -1;
  for (int k = 0; k < GM_CUN_COUNT; k++)
    if (!strcmp (name, gm_complex_unop_name ((gm_complex_unop) k)))
      op = k;
  if (op < 0)
    return 0;
  const int kind = gm_complex_unop_result ((gm_complex_unop) op);
  gm_class cls = A->cls;
  void *d_out = NULL;
  if (A->numel > 0) {
    gw_materialize_operand (scratch, A, area);
    gw_upload_operand (scratch, A, area);
    if (op == GM_CUN_NOT) {      /* Octave: !x refuses NaN in either part of any element */
      int *d_flag = (int *) gw_device_alloc (scratch, sizeof (int), area);
      gm_status st = gm_any_nan (gm_class_real (cls), 2 * (int64_t) A->numel, A->device, d_flag,
                                 0);
      if (read_flag (scratch, d_flag, st, area)) {
        gw_set_caller ("");      /* Octave's message has no function name in front */
        gw_fail (scratch, "gpumat:elementwise:nanToLogical",
                 "invalid conversion from NaN to logical");
      }
    }
    const size_t bytes = kind == 2 ? sizeof (gm_logical)
                         : gm_class_size (kind == 1 ? gm_class_real (cls) : cls);
    d_out = gw_device_alloc (scratch, A->numel * bytes, area);
    check_status (scratch, gm_complex_unary ((gm_complex_unop) op, cls, (int64_t) A->numel,
                                             A->device, d_out, 0), area);
  }
  complex_finish (plhs, scratch, d_out, kind == 1 ? gm_class_real (cls) : cls, kind, A->numel,
                  (int) A->ndims, A->dims, area);
  return 1;
}

/* ---- binary ------------------------------------------------------------------------------------ */

/* ("binary", CALLER, OP, A, B): A op B with Octave's broadcasting and class rules.
   CALLER is the name Octave's own errors start with: "operator +", "product", "quotient",
   "operator .^", "mx_el_lt", "max", ... (A .\ B is ("binary", "quotient", "rdivide", B, A),
   as Octave computes and reports it). */
void gw_cmd_binary (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_OP = 2, IN_A, IN_B, IN_COUNT };
  static const char *area = "elementwise";
  if (nrhs != IN_COUNT)
    wrong_args ("\"binary\", CALLER, OP, A, B");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char name[16];
  const int op = read_op (&scratch, prhs[IN_OP], name, sizeof name, GM_BIN_COUNT, binop_name,
                          area);
  const gm_binop_info *info = gm_binop_describe ((gm_binop) op);
  gw_operand A, B;
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  gw_read_operand_raw (&scratch, prhs[IN_B], area, "B", &B);
  if (complex_binary (plhs, &scratch, (gm_binop) op, &A, &B, area))
    return;
  if (is_integer (&A) || is_integer (&B)) {
    binary_int (plhs, &scratch, (gm_binop) op, name, &A, &B, area);
    return;
  }
  check_class (&scratch, &A, area, 1);
  check_class (&scratch, &B, area, 1);
  if (!info->takes_logical && (A.logical || A.logical_or_char || B.logical || B.logical_or_char))
    gw_fail (&scratch, "gpumat:elementwise:unsupportedClass", "%s: wrong type argument '%s'",
             name, (A.logical || B.logical) ? "bool" : "char");
  check_ndims (&scratch, &A, area);
  check_ndims (&scratch, &B, area);

  /* Sizes first, with the operands as the user sees them (Octave's message). */
  int64_t da[GM_MAX_DIMS], db[GM_MAX_DIMS], dout[GM_MAX_DIMS];
  const int nda = i64_dims (&A, da), ndb = i64_dims (&B, db);
  int nd_out;
  if (gm_broadcast_dims (nda, da, ndb, db, &nd_out, dout) != GM_OK) {
    char a_dims[128], b_dims[128];
    gw_format_dims (a_dims, sizeof a_dims, A.ndims, A.dims);
    gw_format_dims (b_dims, sizeof b_dims, B.ndims, B.dims);
    gw_fail (&scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", a_dims, b_dims);
  }
  /* The class: logical operands take part as double; comparisons are logical, and so are max
     and min of two logical operands (Octave: max (true, false) is logical). */
  const gm_class a_cls = A.logical ? GM_DOUBLE : A.cls, b_cls = B.logical ? GM_DOUBLE : B.cls;
  gm_class cls = GM_DOUBLE;
  gm_status st = gm_binop_result_class ((gm_binop) op, a_cls, b_cls, &cls);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  const int minmax = op == GM_BIN_MAX || op == GM_BIN_MIN;
  const int logical_minmax = minmax && A.logical && B.logical;
  const int logical = cls == GM_UINT8 || logical_minmax;
  mwSize out_dims[GM_MAX_DIMS];
  const size_t count = gw_result_count (&scratch, nd_out, dout, out_dims,
                                 gm_class_size (logical_minmax ? GM_DOUBLE : cls), area);
  if (count == 0) {
    finish (plhs, &scratch, NULL, cls, logical, nd_out, out_dims, area);
    return;
  }

  gw_operand raw[2] = {A, B};     /* as given, for Octave's own .^ on the host */
  gw_logical_to_float (&scratch, &A, GM_DOUBLE, area);
  gw_logical_to_float (&scratch, &B, GM_DOUBLE, area);
  gw_materialize_operand (&scratch, &A, area);
  gw_materialize_operand (&scratch, &B, area);
  gw_upload_operand (&scratch, &A, area);
  gw_upload_operand (&scratch, &B, area);
  if (info->nan_is_error) {
    int *d_flag = (int *) gw_device_alloc (&scratch, sizeof (int), area);
    for (int k = 0; k < 2; k++) {
      const gw_operand *x = k ? &B : &A;
      if (x->logical || x->logical_or_char)
        continue;                /* 0s and 1s (or character codes): no NaN to find */
      st = gm_any_nan (x->cls, (int64_t) x->numel, x->device, d_flag, 0);
      if (read_flag (&scratch, d_flag, st, area)) {
        gw_set_caller ("");      /* Octave's message has no function name in front */
        gw_fail (&scratch, "gpumat:elementwise:nanToLogical",
                 "invalid conversion from NaN to logical");
      }
    }
  }
  if (op == GM_BIN_POW) {
    int *d_flag = (int *) gw_device_alloc (&scratch, sizeof (int), area);
    st = gm_pow_needs_complex (A.cls, nda, da, A.device, B.cls, ndb, db, B.device, d_flag, 0);
    if (read_flag (&scratch, d_flag, st, area)) {
      octave_on_host (plhs, &scratch, "power", 2, raw, area);
      return;
    }
  }
  void *d_out = gw_device_alloc (&scratch, count * gm_class_size (logical_minmax ? GM_DOUBLE
                                                                                 : cls), area);
  st = gm_binary ((gm_binop) op, A.cls, nda, da, A.device, B.cls, ndb, db, B.device, d_out, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (logical_minmax)
    d_out = to_logical (&scratch, nd_out, dout, count, d_out, area);
  finish (plhs, &scratch, d_out, cls, logical, nd_out, out_dims, area);
}

/* ---- unary ------------------------------------------------------------------------------------- */

/* ("unary", CALLER, OP, A): the gm_unop named OP (Octave's name: "uminus", "abs", "floor",
   "sin", "lgamma", "isnan", ...); a logical A is read as double.  isnan, isinf and isfinite
   give a logical result; outside an op's real domain, Octave's own function on the host. */
void gw_cmd_unary (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_OP = 2, IN_A, IN_COUNT };
  static const char *area = "elementwise";
  if (nrhs != IN_COUNT)
    wrong_args ("\"unary\", CALLER, OP, A");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char name[16];
  gw_operand A;
  gw_read_string (&scratch, prhs[IN_OP], name, sizeof name, area, "Operation");
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  if (complex_unary (plhs, &scratch, name, &A, area))
    return;
  const int op = read_op (&scratch, prhs[IN_OP], name, sizeof name, GM_UN_COUNT, unop_name, area);
  const gm_unop_info *info = gm_unop_describe ((gm_unop) op);
  if (is_integer (&A)) {
    unary_int (plhs, &scratch, (gm_unop) op, name, &A, area);
    return;
  }
  check_class (&scratch, &A, area, 1);
  const gm_class cls = A.logical ? GM_DOUBLE : A.cls;   /* the class computed in */
  const int logical = info->logical_result;
  if (A.numel == 0) {
    finish (plhs, &scratch, NULL, cls, logical, A.ndims, A.dims, area);
    return;
  }
  gw_operand raw = A;
  gw_logical_to_float (&scratch, &A, GM_DOUBLE, area);
  gw_materialize_operand (&scratch, &A, area);
  gw_upload_operand (&scratch, &A, area);
  gm_status st;
  if (info->domain != GM_DOMAIN_ALL) {
    int *d_flag = (int *) gw_device_alloc (&scratch, sizeof (int), area);
    st = gm_unary_needs_complex ((gm_unop) op, A.cls, (int64_t) A.numel, A.device, d_flag, 0);
    if (read_flag (&scratch, d_flag, st, area)) {
      octave_on_host (plhs, &scratch, name, 1, &raw, area);
      return;
    }
  }
  void *d_out = gw_device_alloc (&scratch, A.numel * (logical ? sizeof (gm_logical)
                                                              : gm_class_size (cls)), area);
  st = gm_unary ((gm_unop) op, cls, (int64_t) A.numel, A.device, d_out, 0);
  check_status (&scratch, st, area);
  finish (plhs, &scratch, d_out, logical ? GM_UINT8 : cls, logical, A.ndims, A.dims, area);
}

/* ---- convert ----------------------------------------------------------------------------------- */

/* ("convert", CALLER, CLS, A): double (A), single (A), int8 (A) ... uint64 (A) on the device,
   laid out as A's size (a view G' transposed first); to or from an integer class through
   convert_int.  Complex arrays go through Octave's own conversion on the host (gather,
   convert, upload). */
void gw_cmd_convert (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_CLS = 2, IN_A, IN_COUNT };
  static const char *area = "convert";
  if (nrhs != IN_COUNT)
    wrong_args ("\"convert\", CALLER, CLS, A");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char name[16];
  gw_read_string (&scratch, prhs[IN_CLS], name, sizeof name, area, "Class");
  gm_class cls = GM_DOUBLE;
  if (!strcmp (name, "double"))
    cls = GM_DOUBLE;
  else if (!strcmp (name, "single"))
    cls = GM_SINGLE;
  else {
    int found = 0;
    for (int c = GM_INT8; c < GM_CLASS_COUNT && !found; c++)
      if (!strcmp (name, gm_class_name ((gm_class) c)))
        cls = (gm_class) c, found = 1;
    if (!found)
      gw_fail (&scratch, "gpumat:convert:invalidClass", "cannot convert to '%s'", name);
  }
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  if (gm_class_is_integer (cls) || is_integer (&A)) {
    convert_int (plhs, &scratch, cls, name, &A, area);
    return;
  }
  if (!(A.cls == GM_DOUBLE || A.cls == GM_SINGLE || (A.logical && A.cls == GM_UINT8))) {
    octave_on_host (plhs, &scratch, name, 1, &A, area);
    return;
  }
  if (A.numel == 0) {
    finish (plhs, &scratch, NULL, cls, 0, A.ndims, A.dims, area);
    return;
  }
  gw_materialize_operand (&scratch, &A, area);
  gw_upload_operand (&scratch, &A, area);
  void *d_out = gw_device_alloc (&scratch, A.numel * gm_class_size (cls), area);
  gm_status st = gm_convert (A.cls, cls, (int64_t) A.numel, A.device, d_out, 0);
  check_status (&scratch, st, area);
  finish (plhs, &scratch, d_out, cls, 0, A.ndims, A.dims, area);
}

/* ---- reduce ------------------------------------------------------------------------------------ */

/* sum and mean of complex data: Octave adds the real and the imaginary parts apart (and mean
   divides both by the count), so the complex array, dims d1 x d2 x ..., is reduced as the real
   array 2 x d1 x d2 x ... of its interleaved parts along the dimension after DIM: the real
   output 2 x (the reduced dims) is the complex result, element for element.  The result is
   narrowed to real where every imaginary part is zero, as Octave narrows. */
static void reduce_complex (mxArray *plhs[], gw_scratch *scratch, int op, gw_operand *A,
                            const mxArray *dim_arg)
{
  static const char *area = "reduce";
  if (A->ndims + 1 > GM_MAX_DIMS) {
    char id[96];
    snprintf (id, sizeof id, "gpumat:%s:tooManyDimensions", area);
    gw_fail (scratch, id, "complex arrays of more than %d dimensions are not supported",
             GM_MAX_DIMS - 1);
  }
  int64_t dims[GM_MAX_DIMS], dout[GM_MAX_DIMS], view[GM_MAX_DIMS];
  const int nd = i64_dims (A, dims);
  int64_t dim = gw_read_count (scratch, dim_arg, 0, area, "Dim");
  if (dim == 0) {
    if (op == GM_RED_MEAN) {
      dim = 1;
      for (int d = nd - 1; d >= 0; d--)
        if (dims[d] > 1)
          dim = d + 1;
    } else
      dim = gm_default_dim (nd, dims);
  }
  if (dim > nd)
    dim = nd + 1;
  const gm_class cls = A->cls, real = gm_class_real (cls);
  int nd_out;
  gm_status st = gm_reduce_dims ((gm_reduce_op) op, nd, dims, (int) dim, &nd_out, dout);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  mwSize out_dims[GM_MAX_DIMS];
  const size_t count = gw_result_count (scratch, nd_out, dout, out_dims, gm_class_size (cls), area);
  if (count == 0) {
    /* an empty result is real, as Octave narrows it */
    plhs[0] = make_result (scratch, NULL, real, 0, nd_out, out_dims, area);
    gw_scratch_free (scratch);
    return;
  }
  view[0] = 2;
  for (int d = 0; d < nd; d++)
    view[d + 1] = dims[d];
  /* Octave's sum ([]) is 0 and mean ([]) NaN: a 0x0 array reduces as 0x1 (gm_reduce's own
     view rule, which sees the interleaved view 2x0x0 and would write nothing) */
  if (nd == 2 && dims[0] == 0 && dims[1] == 0)
    view[2] = 1;
  gw_materialize_operand (scratch, A, area);
  gw_upload_operand (scratch, A, area);
  size_t ws_bytes = 0;
  st = gm_reduce_workspace_size ((gm_reduce_op) op, real, nd + 1, view, (int) dim + 1, &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  void *d_ws = gw_device_alloc (scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (scratch, count * gm_class_size (cls), area);
  st = gm_reduce ((gm_reduce_op) op, real, nd + 1, view, (int) dim + 1, A->device, d_out, NULL,
                  d_ws, ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  gm_class out_cls = cls;
  if (op == GM_RED_MEAN && dim <= nd && dims[dim - 1] == 0) {
    /* the mean over no elements: Octave divides the narrowed sum (real zeros) by 0, a real NaN,
       where the parts apart give NaN + NaN i: the real parts, NaN, as a real array */
    void *d_real = gw_device_alloc (scratch, count * gm_class_size (real), area);
    st = gm_complex_real_part (cls, (int64_t) count, d_out, d_real, 0);
    if (st != GM_OK)
      gw_fail_status (scratch, st, area);
    d_out = d_real;
    out_cls = real;
  } else
    gw_narrow_device (scratch, &d_out, &out_cls, count, area);
  plhs[0] = make_result (scratch, d_out, out_cls, 0, nd_out, out_dims, area);
  gw_scratch_free (scratch);
}

/* ("reduce", CALLER, OP, A, DIM): sum, mean, max or min along DIM (0: Octave's default
   dimension, which for mean is the first of size above 1, as Octave 7.3's mean.m takes it).
   [M, I] for max and min: I (double, 1-based) as a second gpumat array.  A logical A sums to
   double; its max and min stay logical, as Octave's. */
void gw_cmd_reduce (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_OP = 2, IN_A, IN_DIM, IN_COUNT };
  static const char *area = "reduce";
  if (nrhs != IN_COUNT)
    wrong_args ("\"reduce\", CALLER, OP, A, DIM");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char name[16];
  const int op = read_op (&scratch, prhs[IN_OP], name, sizeof name, GM_RED_COUNT, reduce_name,
                          area);
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  if ((op == GM_RED_SUM || op == GM_RED_MEAN) && (A.cls == GM_COMPLEX_DOUBLE
                                                 || A.cls == GM_COMPLEX_SINGLE)) {
    reduce_complex (plhs, &scratch, op, &A, prhs[IN_DIM]);
    return;
  }
  if ((op == GM_RED_MAX || op == GM_RED_MIN) && gm_class_is_complex (A.cls)) {
    /* Octave's order and NaN rule (mex/gw_complex_reduce.c, kernels/reduce_complex.cu) */
    gw_complex_reduce (nlhs, plhs, &scratch, op == GM_RED_MAX ? GM_CX_MAX : GM_CX_MIN, &A,
                       prhs[IN_DIM], 0, area);
    return;
  }
  check_class (&scratch, &A, area, 1);
  check_ndims (&scratch, &A, area);
  int64_t dims[GM_MAX_DIMS], dout[GM_MAX_DIMS];
  const int nd = i64_dims (&A, dims);
  int64_t dim = gw_read_count (&scratch, prhs[IN_DIM], 0, area, "Dim");
  if (dim == 0) {
    if (op == GM_RED_MEAN) {
      dim = 1;
      for (int d = nd - 1; d >= 0; d--)
        if (dims[d] > 1)
          dim = d + 1;
    } else
      dim = gm_default_dim (nd, dims);
  }
  if (dim > nd)
    dim = nd + 1;                  /* any dimension past the last is a dimension of length 1 */
  const int minmax = op == GM_RED_MAX || op == GM_RED_MIN;
  const int logical = minmax && A.logical;
  const gm_class cls = A.logical ? GM_DOUBLE : A.cls;
  const int with_index = minmax && nlhs > 1;
  int nd_out;
  gm_status st = gm_reduce_dims ((gm_reduce_op) op, nd, dims, (int) dim, &nd_out, dout);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  mwSize out_dims[GM_MAX_DIMS];
  const size_t count = gw_result_count (&scratch, nd_out, dout, out_dims, sizeof (double), area);
  if (count == 0) {
    plhs[0] = make_result (&scratch, NULL, cls, logical, nd_out, out_dims, area);
    if (with_index)
      plhs[1] = gw_make_gpumat (&scratch, NULL, GM_DOUBLE, nd_out, out_dims, area);
    gw_scratch_free (&scratch);
    return;
  }
  gw_logical_to_float (&scratch, &A, GM_DOUBLE, area);
  gw_materialize_operand (&scratch, &A, area);
  gw_upload_operand (&scratch, &A, area);
  size_t ws_bytes = 0;
  st = gm_reduce_workspace_size ((gm_reduce_op) op, cls, nd, dims, (int) dim, &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (&scratch, count * gm_class_size (cls), area);
  double *d_index = with_index ? (double *) gw_device_alloc (&scratch, count * sizeof (double),
                                                             area) : NULL;
  st = gm_reduce ((gm_reduce_op) op, cls, nd, dims, (int) dim, A.device, d_out, d_index, d_ws,
                  ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (logical)
    d_out = to_logical (&scratch, nd_out, dout, count, d_out, area);
  plhs[0] = make_result (&scratch, d_out, cls, logical, nd_out, out_dims, area);
  if (with_index)
    plhs[1] = gw_make_gpumat (&scratch, d_index, GM_DOUBLE, nd_out, out_dims, area);
  gw_scratch_free (&scratch);
}

/* ---- norm -------------------------------------------------------------------------------------- */

/* ("norm", CALLER, A, KIND, P): Octave's norm of a real double or single 2-D array, a 1x1
   gpumat array of A's class (0 for an empty A: a double, or A's class for "fro", as Octave's).  Vectors: KIND "1", "2",
   "fro" (the 2-norm), "inf", "-inf", "p" (P finite and > 0); matrices: "1", "inf", "fro".
   inst/gpumat.m's norm takes every other case to Octave's own norm on the host. */
void gw_cmd_norm (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_KIND, IN_P, IN_COUNT };
  static const char *area = "norm";
  if (nrhs != IN_COUNT)
    wrong_args ("\"norm\", CALLER, A, KIND, P");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char kind_name[8];
  gw_read_string (&scratch, prhs[IN_KIND], kind_name, sizeof kind_name, area, "Kind");
  if (!mxIsDouble (prhs[IN_P]) || mxIsComplex (prhs[IN_P]) || mxGetNumberOfElements (prhs[IN_P]) != 1)
    gw_fail (&scratch, "gpumat:norm:invalidP", "P must be a real scalar");
  const double p = mxGetScalar (prhs[IN_P]);
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  check_class (&scratch, &A, area, 0);
  if (A.ndims != 2)
    gw_fail (&scratch, "gpumat:norm:ndArray", "only valid for 2-D objects");
  const int64_t rows = (int64_t) A.dims[0], cols = (int64_t) A.dims[1];
  const int vector = rows == 1 || cols == 1;
  gm_norm_kind kind = GM_NORM_2;
  if (!strcmp (kind_name, "1"))
    kind = GM_NORM_1;
  else if (!strcmp (kind_name, "2"))
    kind = GM_NORM_2;
  else if (!strcmp (kind_name, "fro"))
    kind = GM_NORM_FRO;
  else if (!strcmp (kind_name, "inf"))
    kind = GM_NORM_INF;
  else if (!strcmp (kind_name, "-inf"))
    kind = GM_NORM_NEG_INF;
  else if (!strcmp (kind_name, "p"))
    kind = GM_NORM_P;
  else
    gw_fail (&scratch, "gpumat:norm:invalidKind", "unknown norm '%s'", kind_name);
  if (vector && kind == GM_NORM_FRO)
    kind = GM_NORM_2;
  if ((kind == GM_NORM_P && !(p > 0 && isfinite (p)))
      || (!vector && A.numel > 0
          && !(kind == GM_NORM_1 || kind == GM_NORM_INF || kind == GM_NORM_FRO)))
    gw_fail (&scratch, "gpumat:norm:notSupported", "this norm is not computed on the GPU");

  gm_class cls = A.cls;
  void *d_out;
  gm_status st;
  if (A.numel == 0) {
    /* Octave: the norm of an empty array is 0 (all-zero bits), a double whatever the class,
       except the "fro" norm, which keeps A's class (norm (single ([]), "fro") is single). */
    if (strcmp (kind_name, "fro"))
      cls = GM_DOUBLE;
    d_out = gw_device_alloc (&scratch, gm_class_size (cls), area);
    st = gm_fill_bytes (d_out, 0, gm_class_size (cls));
  } else {
    gw_materialize_operand (&scratch, &A, area);
    gw_upload_operand (&scratch, &A, area);
    size_t ws_bytes = 0;
    st = vector ? gm_vector_norm_workspace_size (cls, (int64_t) A.numel, &ws_bytes)
                : gm_matrix_norm_workspace_size (cls, rows, cols, &ws_bytes);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
    void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
    d_out = gw_device_alloc (&scratch, gm_class_size (cls), area);
    st = vector ? gm_vector_norm (kind, p, cls, (int64_t) A.numel, A.device, d_out, d_ws,
                                  ws_bytes, 0)
                : gm_matrix_norm (kind, cls, rows, cols, A.device, d_out, d_ws, ws_bytes, 0);
  }
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  const mwSize one[2] = {1, 1};
  plhs[0] = gw_make_gpumat (&scratch, d_out, cls, 2, one, area);
  gw_scratch_free (&scratch);
}
