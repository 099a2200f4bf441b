/* gw_make.c: arrays made on the device from a few scalars: fills of any class, eye, ranges,
 * linspace and randi (the commands of gw_make.h), over kernels/make.cu and kernels/random.cu.
 *
 * inst/@gpumat resolves Octave's argument rules (sizes, classes, "like", which operand decides
 * a range's class) and sends what has no device method to the host; this file converts, checks
 * what it is given, asks the C API for the count (ranges: Octave's own rule, ported in
 * make.cu) and raises gpumat:make:* errors, or Octave's own message where Octave has one (a
 * range with infinitely many elements, a non-integer integer increment).  Empty results make
 * no device call.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_make.h"

static const char *const area = "make";

/* CLS: a real class name or "logical" (*logical set, class GM_UINT8). */
static gm_class read_class (gw_scratch *scratch, const mxArray *arg, int *logical)
{
  char name[16];
  gw_read_string (scratch, arg, name, sizeof name, area, "CLS");
  *logical = !strcmp (name, "logical");
  if (*logical)
    return GM_UINT8;
  static const gm_class real_classes[] = {GM_DOUBLE, GM_SINGLE, GM_INT8, GM_UINT8, GM_INT16,
                                          GM_UINT16, GM_INT32, GM_UINT32, GM_INT64, GM_UINT64};
  for (size_t k = 0; k < sizeof real_classes / sizeof real_classes[0]; k++)
    if (!strcmp (name, gw_class_name (real_classes[k])))
      return real_classes[k];
  gw_fail (scratch, "gpumat:make:unsupportedClass", "unknown class '%s'", name);
  return GM_DOUBLE;
}

/* DIMS: a double row of 2 or more whole numbers >= 0; the element count (checked against
   overflow of the bytes of elem_bytes each). */
static mwSize read_dims (gw_scratch *scratch, const mxArray *arg, mwSize *dims, size_t elem_bytes,
                         size_t *numel)
{
  const size_t n = mxGetNumberOfElements (arg);
  if (!mxIsDouble (arg) || mxIsComplex (arg) || n < 2 || n > GW_MAX_DIMS)
    gw_fail (scratch, "gpumat:make:invalidSize", "the size must be a row of 2 to %d whole numbers",
             GW_MAX_DIMS);
  const double *d = mxGetPr (arg);
  size_t count = 1, bytes;
  for (size_t i = 0; i < n; i++) {
    if (!(d[i] >= 0 && d[i] < 0x1.0p63) || d[i] != floor (d[i]))
      gw_fail (scratch, "gpumat:make:invalidSize", "the size must be whole numbers >= 0");
    dims[i] = (mwSize) d[i];
    if (gm_mul_size (count, dims[i], &count) != GM_OK)
      gw_fail (scratch, "gpumat:make:tooLarge", "out of memory or dimension too large for "
               "Octave's index type");
  }
  if (count > (size_t) INT64_MAX || gm_mul_size (count, elem_bytes, &bytes) != GM_OK)
    gw_fail (scratch, "gpumat:make:tooLarge",
             "out of memory or dimension too large for Octave's index type");
  *numel = count;
  return (mwSize) n;
}

/* The bytes of the value v in class cls (a logical: 1 for nonzero), as Octave's conversion of a
   double: integer classes round and saturate (Inf, NaN never reach them: zeros (..., "like")
   of an integer prototype takes 0 or 1, and Octave refuses Inf and NaN there). */
static void value_bytes (gm_class cls, int logical, double v, unsigned char out[16])
{
  memset (out, 0, 16);
  if (logical) {
    out[0] = v != 0;
    return;
  }
  const double r = isnan (v) ? 0 : round (v);
  switch (cls) {
  case GM_DOUBLE: memcpy (out, &v, 8); break;
  case GM_SINGLE: { float f = (float) v; memcpy (out, &f, 4); break; }
#define SAT(T, LO, HI) { T x = r <= (LO) ? (T) (LO) : r >= (HI) ? (T) (HI) : (T) r; \
                         memcpy (out, &x, sizeof x); break; }
  case GM_INT8: SAT (int8_t, -128.0, 127.0)
  case GM_UINT8: SAT (uint8_t, 0.0, 255.0)
  case GM_INT16: SAT (int16_t, -32768.0, 32767.0)
  case GM_UINT16: SAT (uint16_t, 0.0, 65535.0)
  case GM_INT32: SAT (int32_t, -2147483648.0, 2147483647.0)
  case GM_UINT32: SAT (uint32_t, 0.0, 4294967295.0)
#undef SAT
  case GM_INT64: {
    int64_t x = r >= 0x1.0p63 ? INT64_MAX : r <= -0x1.0p63 ? INT64_MIN : (int64_t) r;
    memcpy (out, &x, 8);
    break;
  }
  case GM_UINT64: {
    uint64_t x = r >= 0x1.0p64 ? UINT64_MAX : r <= 0 ? 0 : (uint64_t) r;
    memcpy (out, &x, 8);
    break;
  }
  default: break;
  }
}

static mxArray *finish (gw_scratch *scratch, void *d, gm_class cls, int logical, mwSize nd,
                        const mwSize *dims)
{
  return logical ? gw_make_logical_gpumat (scratch, d, nd, dims, area)
                 : gw_make_gpumat (scratch, d, cls, nd, dims, area);
}

void gw_cmd_mkfill (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_CLS = 2, IN_VALUE, IN_DIMS, IN_COUNT };
  (void) nlhs;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "usage: __gpumat__ (\"mkfill\", CALLER, CLS, VALUE, DIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  int logical;
  const gm_class cls = read_class (&scratch, prhs[IN_CLS], &logical);
  const mxArray *a = prhs[IN_VALUE];
  if (!mxIsDouble (a) || mxIsComplex (a) || mxGetNumberOfElements (a) != 1)
    gw_fail (&scratch, "gpumat:make:invalidValue", "VALUE must be a real double scalar");
  const size_t es = logical ? 1 : gm_class_size (cls);
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[IN_DIMS], dims, es, &numel);
  unsigned char v[16];
  value_bytes (cls, logical, mxGetScalar (a), v);
  void *d = gw_device_alloc (&scratch, numel * es, area);     /* NULL for an empty array */
  if (numel > 0) {
    const gm_status st = gm_make_fill (es, (int64_t) numel, v, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = finish (&scratch, d, cls, logical, nd, dims);
  gw_scratch_free (&scratch);
}

void gw_cmd_mkeye (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_CLS = 2, IN_DIMS, IN_COUNT };
  (void) nlhs;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call", "usage: __gpumat__ (\"mkeye\", CALLER, CLS, DIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  int logical;
  const gm_class cls = read_class (&scratch, prhs[IN_CLS], &logical);
  const size_t es = logical ? 1 : gm_class_size (cls);
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[IN_DIMS], dims, es, &numel);
  if (nd != 2)
    gw_fail (&scratch, "gpumat:make:invalidSize", "eye takes a 2-D size");
  unsigned char one[16];
  value_bytes (cls, logical, 1.0, one);
  void *d = gw_device_alloc (&scratch, numel * es, area);
  if (numel > 0) {
    const gm_status st = gm_make_eye (es, (int64_t) dims[0], (int64_t) dims[1], one, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = finish (&scratch, d, cls, logical, nd, dims);
  gw_scratch_free (&scratch);
}

/* A real host scalar of class cls (not logical or char), or -1 */
static int scalar_class (const mxArray *a, gm_class *cls)
{
  if (!mxIsNumeric (a) || mxIsComplex (a) || mxIsSparse (a) || mxGetNumberOfElements (a) != 1)
    return -1;
  static const struct { mxClassID id; gm_class cls; } map[] = {
    {mxDOUBLE_CLASS, GM_DOUBLE}, {mxSINGLE_CLASS, GM_SINGLE}, {mxINT8_CLASS, GM_INT8},
    {mxUINT8_CLASS, GM_UINT8}, {mxINT16_CLASS, GM_INT16}, {mxUINT16_CLASS, GM_UINT16},
    {mxINT32_CLASS, GM_INT32}, {mxUINT32_CLASS, GM_UINT32}, {mxINT64_CLASS, GM_INT64},
    {mxUINT64_CLASS, GM_UINT64}};
  for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
    if (mxGetClassID (a) == map[k].id) {
      *cls = map[k].cls;
      return 0;
    }
  return -1;
}

/* An integer scalar's two's-complement bits, signed ones sign-extended. */
static uint64_t int_bits (const mxArray *a, gm_class cls)
{
  const void *p = mxGetData (a);
  switch (cls) {
  case GM_INT8: return (uint64_t) (int64_t) *(const int8_t *) p;
  case GM_UINT8: return *(const uint8_t *) p;
  case GM_INT16: return (uint64_t) (int64_t) *(const int16_t *) p;
  case GM_UINT16: return *(const uint16_t *) p;
  case GM_INT32: return (uint64_t) (int64_t) *(const int32_t *) p;
  case GM_UINT32: return *(const uint32_t *) p;
  case GM_INT64: return (uint64_t) *(const int64_t *) p;
  default: return *(const uint64_t *) p;
  }
}

void gw_cmd_range (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_BASE = 2, IN_INC, IN_LIMIT, IN_COUNT };
  (void) nlhs;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "usage: __gpumat__ (\"range\", CALLER, BASE, INC, LIMIT)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gm_class cb, ci, cl;
  if (scalar_class (prhs[IN_BASE], &cb) || scalar_class (prhs[IN_INC], &ci)
      || scalar_class (prhs[IN_LIMIT], &cl) || cb != cl
      || (gm_class_is_integer (cb) ? (ci != cb && ci != GM_DOUBLE) : ci != cb))
    gw_fail (&scratch, "gpumat:make:invalidRange", "BASE, INC and LIMIT must be real scalars "
             "of one class (an integer range's INC may be double)");
  const gm_class cls = cb;
  int64_t count = 0;
  double final = 0;
  uint64_t ubase = 0, uinc = 0;
  int down = 0;
  gm_status st;
  if (gm_class_is_integer (cls)) {
    ubase = int_bits (prhs[IN_BASE], cls);
    const int inc_double = ci == GM_DOUBLE;
    st = gm_range_int_plan (cls, ubase, int_bits (prhs[IN_LIMIT], cls), inc_double,
                            inc_double ? 0 : int_bits (prhs[IN_INC], cls),
                            inc_double ? mxGetScalar (prhs[IN_INC]) : 0, &count, &uinc, &down);
    if (st == GM_ERR_INVALID_ARGUMENT)
      gw_fail (&scratch, "Octave:colon-invalid-increment", "%s", gm_error_detail ());
  } else
    st = gm_range_plan (cls, mxGetScalar (prhs[IN_BASE]), mxGetScalar (prhs[IN_INC]),
                        mxGetScalar (prhs[IN_LIMIT]), &count, &final);
  if (st == GM_ERR_SIZE_OVERFLOW)
    gw_fail (&scratch, "Octave:range-too-large", "%s", gm_error_detail ());
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  size_t bytes;
  if (gm_mul_size ((size_t) count, gm_class_size (cls), &bytes) != GM_OK)
    gw_fail (&scratch, "Octave:range-too-large",
             "out of memory or dimension too large for Octave's index type");
  mwSize dims[2] = {1, (mwSize) count};
  void *d = gw_device_alloc (&scratch, bytes, area);
  if (count > 0) {
    st = gm_class_is_integer (cls)
           ? gm_make_int_range (cls, count, ubase, uinc, down, d, 0)
           : gm_make_range (cls, count, mxGetScalar (prhs[IN_BASE]), mxGetScalar (prhs[IN_INC]),
                            final, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = gw_make_gpumat (&scratch, d, cls, 2, dims, area);
  gw_scratch_free (&scratch);
}

void gw_cmd_linspace (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_B, IN_N, IN_COUNT };
  (void) nlhs;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call", "usage: __gpumat__ (\"linspace\", CALLER, A, B, N)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A, B;
  gw_read_operand (&scratch, prhs[IN_A], area, "A", &A);
  gw_read_operand (&scratch, prhs[IN_B], area, "B", &B);
  if (!((A.cls == GM_DOUBLE || A.cls == GM_SINGLE) && (B.cls == GM_DOUBLE || B.cls == GM_SINGLE))
      || A.logical_or_char || B.logical_or_char)
    gw_fail (&scratch, "gpumat:make:unsupportedClass",
             "linspace on the GPU takes real double or single START and END");
  const int64_t n = gw_read_count (&scratch, prhs[IN_N], 0, area, "N");
  const gm_class cls = A.cls == GM_SINGLE || B.cls == GM_SINGLE ? GM_SINGLE : GM_DOUBLE;
  const int64_t ma = (int64_t) A.numel, mb = (int64_t) B.numel;
  if (ma != 1 && mb != 1 && ma != mb)
    gw_fail (&scratch, "Octave:nonconformant-args", "linspace: vectors must be of equal length");
  const int64_t m = ma == 1 ? mb : ma;
  const int symmetric = ma == 1 && mb == 1;
  size_t bytes;
  if (gm_mul_size ((size_t) m, (size_t) n, &bytes) != GM_OK
      || gm_mul_size (bytes, gm_class_size (cls), &bytes) != GM_OK)
    gw_fail (&scratch, "gpumat:make:tooLarge",
             "out of memory or dimension too large for Octave's index type");
  mwSize dims[2] = {(mwSize) m, (mwSize) n};
  void *d = gw_device_alloc (&scratch, bytes, area);
  if (m > 0 && n > 0) {
    gw_convert_operand (&scratch, &A, cls, area);
    gw_convert_operand (&scratch, &B, cls, area);
    gw_upload_operand (&scratch, &A, area);     /* a vector's transposed view has its layout */
    gw_upload_operand (&scratch, &B, area);
    const gm_status st = gm_make_linspace (cls, m, n, A.device, ma == 1 ? 0 : 1, B.device,
                                           mb == 1 ? 0 : 1, symmetric, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = gw_make_gpumat (&scratch, d, cls, 2, dims, area);
  gw_scratch_free (&scratch);
}

void gw_cmd_randi (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_CLS = 2, IN_IMIN, IN_IMAX, IN_DIMS, IN_COUNT };
  (void) nlhs;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "usage: __gpumat__ (\"randi\", CALLER, CLS, IMIN, IMAX, DIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  int logical;
  const gm_class cls = read_class (&scratch, prhs[IN_CLS], &logical);
  if (logical)
    gw_fail (&scratch, "gpumat:make:unsupportedClass", "randi makes no logical arrays");
  const mxArray *lo = prhs[IN_IMIN], *hi = prhs[IN_IMAX];
  if (!mxIsDouble (lo) || !mxIsDouble (hi) || mxIsComplex (lo) || mxIsComplex (hi)
      || mxGetNumberOfElements (lo) != 1 || mxGetNumberOfElements (hi) != 1)
    gw_fail (&scratch, "gpumat:make:invalidBounds", "IMIN and IMAX must be real double scalars");
  const double imin = mxGetScalar (lo), imax = mxGetScalar (hi);
  /* randi.m's limits: whole bounds below flintmax, imax - imin < flintmax - 1 */
  if (!(imin <= imax) || imin != floor (imin) || imax != floor (imax)
      || !(fabs (imin) < 0x1.0p53 && fabs (imax) < 0x1.0p53) || !(imax - imin < 0x1.0p53 - 1))
    gw_fail (&scratch, "gpumat:make:invalidBounds",
             "IMIN <= IMAX must be whole numbers below flintmax, less than flintmax-1 apart");
  const size_t es = gm_class_size (cls);
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[IN_DIMS], dims, es, &numel);
  void *d = gw_device_alloc (&scratch, numel * es, area);
  if (numel > 0) {
    const gm_status st = gm_randi (cls, (int64_t) numel, imin, (uint64_t) (imax - imin) + 1, d, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = gw_make_gpumat (&scratch, d, cls, nd, dims, area);
  gw_scratch_free (&scratch);
}
