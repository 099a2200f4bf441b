/* gateway_util.c: operands, conversions and errors for the gpumat gateway.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gateway_util.h"

void gw_scratch_free (gw_scratch *scratch)
{
  for (int i = 0; i < scratch->host_count; i++)
    free (scratch->host[i]);
  for (int i = 0; i < scratch->device_count; i++)
    gm_device_free (scratch->device[i]);
  scratch->host_count = scratch->device_count = 0;
}

static const char *caller_name = "gpumat";

void gw_set_caller (const char *name)
{
  caller_name = name;
}

/* The error is raised through Octave's own error () rather than mexErrMsgIdAndTxt, which
   would put the gateway's internal name (__gpumat__) in front of every message: users see
   "gpumat_mul: nonconformant arguments (...)" or "operator *: ...", as from Octave itself. */
static void raise_error (const char *id, const char *message)
{
  char full[1200];
  snprintf (full, sizeof full, "%s: %s", caller_name, message);
  const char *fields[] = {"message", "identifier"};
  mxArray *err = mxCreateStructMatrix (1, 1, 2, fields);
  mxSetField (err, 0, "message", mxCreateString (full));
  mxSetField (err, 0, "identifier", mxCreateString (id));
  mexCallMATLAB (0, NULL, 1, &err, "error");
  mexErrMsgIdAndTxt (id, "%s", full);          /* not reached: error () does not return */
}

void gw_fail (gw_scratch *scratch, const char *id, const char *fmt, ...)
{
  char message[1024];
  va_list args;
  va_start (args, fmt);
  vsnprintf (message, sizeof message, fmt, args);
  va_end (args);
  if (scratch)
    gw_scratch_free (scratch);
  raise_error (id, message);
}

void gw_fail_status (gw_scratch *scratch, gm_status st, const char *area)
{
  char detail[600], id[96];
  snprintf (detail, sizeof detail, "%s", gm_error_detail ());
  switch (st) {
  case GM_ERR_NO_DEVICE:
    gw_fail (scratch, "gpumat:noDevice", "no usable CUDA GPU: %s", detail);
    break;
  case GM_ERR_OUT_OF_MEMORY: {
    size_t requested = 0, free_bytes = 0;
    gm_oom_bytes (&requested, &free_bytes);
    if (requested > 0)
      gw_fail (scratch, "gpumat:outOfMemory",
               "out of GPU memory: %zu bytes (%.1f MiB) requested, %zu bytes (%.1f MiB) free",
               requested, requested / 1048576.0, free_bytes, free_bytes / 1048576.0);
    gw_fail (scratch, "gpumat:outOfMemory", "out of memory: %s", detail);
    break;
  }
  case GM_ERR_SIZE_OVERFLOW:
    snprintf (id, sizeof id, "gpumat:%s:tooLarge", area);
    gw_fail (scratch, id, "array too large: %s", detail);
    break;
  case GM_ERR_INVALID_ARGUMENT:
    snprintf (id, sizeof id, "gpumat:%s:invalidArgument", area);
    gw_fail (scratch, id, "%s", detail);
    break;
  default:
    gw_fail (scratch, "gpumat:cudaError", "CUDA error: %s", detail);
  }
}

void *gw_host_alloc (gw_scratch *scratch, size_t bytes)
{
  if (scratch->host_count == GW_MAX_SCRATCH)
    gw_fail (scratch, "gpumat:internal", "too many scratch blocks");
  void *p = malloc (bytes ? bytes : 1);
  if (!p)
    gw_fail (scratch, "gpumat:outOfMemory", "out of host memory: %zu bytes requested", bytes);
  scratch->host[scratch->host_count++] = p;
  return p;
}

void *gw_device_alloc (gw_scratch *scratch, size_t bytes, const char *area)
{
  if (scratch->device_count == GW_MAX_SCRATCH)
    gw_fail (scratch, "gpumat:internal", "too many scratch blocks");
  void *p = NULL;
  gm_status st = gm_device_alloc (&p, bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (p)
    scratch->device[scratch->device_count++] = p;
  return p;
}

void gw_device_keep (gw_scratch *scratch, void *d_ptr)
{
  for (int i = 0; i < scratch->device_count; i++)
    if (scratch->device[i] == d_ptr) {
      scratch->device[i] = scratch->device[--scratch->device_count];
      return;
    }
}

void gw_format_dims (char *buf, size_t len, mwSize ndims, const mwSize *dims)
{
  size_t used = 0;
  buf[0] = '\0';
  for (mwSize i = 0; i < ndims && used < len; i++)
    used += snprintf (buf + used, len - used, i ? "x%zu" : "%zu", (size_t) dims[i]);
}

static const char *class_name (gm_class cls) { return cls == GM_SINGLE ? "single" : "double"; }

/* ---- gpumat descriptors -------------------------------------------------------------------- */

static int is_gpumat (const mxArray *arg)
{
  return mxIsClass (arg, "gpumat");
}

/* A descriptor comes from gpumat.m, but it is still checked: a stale or altered one must give
   an error, never a wild pointer on the device. */
static void read_descriptor (gw_scratch *scratch, const mxArray *arg, const char *area,
                             gw_operand *op)
{
  const mxArray *ptr = mxGetField (arg, 0, "ptr");
  const mxArray *dims = mxGetField (arg, 0, "dims");
  const mxArray *cls = mxGetField (arg, 0, "cls");
  const mxArray *view = mxGetField (arg, 0, "op");     /* absent: not a view */
  char cls_name[16], id[96];
  snprintf (id, sizeof id, "gpumat:%s:invalidHandle", area);
  if (!ptr || !dims || !cls || !mxIsUint64 (ptr) || mxGetNumberOfElements (ptr) != 1 || !mxIsDouble (dims)
      || mxGetNumberOfElements (dims) < 2 || mxGetNumberOfElements (dims) > GW_MAX_DIMS
      || !mxIsChar (cls) || mxGetString (cls, cls_name, sizeof cls_name) != 0
      || (view && (!(mxIsDouble (view) || mxIsLogical (view)) || mxGetNumberOfElements (view) != 1)))
    gw_fail (scratch, id, "not a valid gpumat array");
  op->transposed = view && mxGetScalar (view) != 0;
  if (op->transposed && mxGetNumberOfElements (dims) != 2)
    gw_fail (scratch, id, "not a valid gpumat array (an N-D transposed view)");
  if (!strcmp (cls_name, "double"))
    op->cls = GM_DOUBLE;
  else if (!strcmp (cls_name, "single"))
    op->cls = GM_SINGLE;
  else
    gw_fail (scratch, id, "gpumat array of unknown class '%s'", cls_name);
  op->on_device = 1;
  op->host = NULL;
  op->ndims = mxGetNumberOfElements (dims);
  op->numel = 1;
  const double *d = mxGetPr (dims);
  for (mwSize i = 0; i < op->ndims; i++) {
    if (!(d[i] >= 0) || d[i] != (double) (mwSize) d[i])
      gw_fail (scratch, id, "gpumat array with an invalid size");
    op->dims[i] = (mwSize) d[i];
    if (gm_mul_size (op->numel, op->dims[i], &op->numel) != GM_OK)
      gw_fail (scratch, id, "gpumat array with an invalid size");
  }
  size_t bytes;
  if (gm_mul_size (op->numel, gm_class_size (op->cls), &bytes) != GM_OK)
    gw_fail (scratch, id, "gpumat array with an invalid size");
  uint64_t address = *(const uint64_t *) mxGetData (ptr);
  op->device = (void *) (uintptr_t) address;
  if (bytes == 0 && address == 0)
    return;
  if (!gm_device_is_live (op->device, bytes))
    gw_fail (scratch, id,
             "this gpumat array no longer exists on the GPU (it was freed, or the gpumat "
             "library was reloaded)");
}

mxArray *gw_make_descriptor (void *d_ptr, gm_class cls, mwSize ndims, const mwSize *dims)
{
  const char *fields[] = {"ptr", "dims", "cls", "op"};
  mxArray *desc = mxCreateStructMatrix (1, 1, 4, fields);
  mxArray *ptr = mxCreateNumericMatrix (1, 1, mxUINT64_CLASS, mxREAL);
  *(uint64_t *) mxGetData (ptr) = (uint64_t) (uintptr_t) d_ptr;
  mxArray *dv = mxCreateDoubleMatrix (1, ndims, mxREAL);
  for (mwSize i = 0; i < ndims; i++)
    mxGetPr (dv)[i] = (double) dims[i];
  mxSetField (desc, 0, "ptr", ptr);
  mxSetField (desc, 0, "dims", dv);
  mxSetField (desc, 0, "cls", mxCreateString (class_name (cls)));
  mxSetField (desc, 0, "op", mxCreateDoubleScalar (0));
  return desc;
}

mxArray *gw_make_gpumat (gw_scratch *scratch, void *d_ptr, gm_class cls, mwSize ndims,
                         const mwSize *dims, const char *area)
{
  mxArray *args[2] = {gw_make_descriptor (d_ptr, cls, ndims, dims), mxCreateString ("__device__")};
  mxArray *object = NULL;
  /* Trap the constructor's errors: the block must not leak if the object cannot be made. */
  mexSetTrapFlag (1);
  int failed = mexCallMATLAB (1, &object, 2, args, "gpumat");
  mexSetTrapFlag (0);
  mxDestroyArray (args[0]);
  mxDestroyArray (args[1]);
  if (failed || !object) {
    char id[96];
    snprintf (id, sizeof id, "gpumat:%s:internal", area);
    gw_fail (scratch, id, "could not create the gpumat result object");
  }
  gw_device_keep (scratch, d_ptr);
  return object;
}

/* Results of at least this size come from __gpumat_alloc__ (mex/gpumat_alloc.cc): Octave 7.3
   copies every array a MEX file creates itself, element by element, when it is returned
   (1.1-1.3 GB/s on the GPU machine), but returns an array that Octave made as it is.  Below
   it, that copy costs less than the extra call (about 10 us). */
#define OCTAVE_OWNED_MIN_BYTES ((size_t) 128 << 10)

static mxArray *octave_owned_array (gm_class cls, mwSize ndims, const mwSize *dims)
{
  mxArray *args[2] = {mxCreateString (cls == GM_SINGLE ? "single" : "double"),
                      mxCreateDoubleMatrix (1, ndims, mxREAL)};
  for (mwSize i = 0; i < ndims; i++)
    mxGetPr (args[1])[i] = (double) dims[i];
  mxArray *out[2] = {NULL, NULL};
  mexSetTrapFlag (1);
  int failed = mexCallMATLAB (2, out, 2, args, "__gpumat_alloc__");
  mexSetTrapFlag (0);
  mxDestroyArray (args[0]);
  mxDestroyArray (args[1]);
  if (failed || !out[0] || !out[1])
    return NULL;
  /* Write only where Octave keeps the array: the data pointer the MEX interface hands out must
     be the array's own storage, which __gpumat_alloc__ reported. */
  const uint64_t storage = mxIsUint64 (out[1]) ? *(const uint64_t *) mxGetData (out[1]) : 0;
  mxDestroyArray (out[1]);
  const int ok = (cls == GM_SINGLE ? mxIsSingle (out[0]) : mxIsDouble (out[0]))
                 && !mxIsComplex (out[0])
                 && (uint64_t) (uintptr_t) gw_array_data (out[0]) == storage;
  if (!ok) {
    mxDestroyArray (out[0]);
    return NULL;
  }
  return out[0];
}

/* Uninitialized: every caller writes every element (kernels/ zero-fills empty sums itself),
   and zero-filling a 128 MiB result first would cost more than the product. */
mxArray *gw_make_host_array (gm_class cls, mwSize ndims, const mwSize *dims)
{
  size_t bytes = gm_class_size (cls);
  int overflow = 0;
  for (mwSize i = 0; i < ndims; i++)
    overflow |= gm_mul_size (bytes, dims[i], &bytes) != GM_OK;
  if (!overflow && bytes >= OCTAVE_OWNED_MIN_BYTES) {
    mxArray *owned = octave_owned_array (cls, ndims, dims);
    if (owned)
      return owned;
  }
  return mxCreateUninitNumericArray (ndims, (mwSize *) dims,
                                     cls == GM_SINGLE ? mxSINGLE_CLASS : mxDOUBLE_CLASS, mxREAL);
}

void *gw_array_data (mxArray *array)
{
  return mxIsDouble (array) ? (void *) mxGetPr (array) : mxGetData (array);
}

/* ---- host arrays ----------------------------------------------------------------------------- */

void gw_read_operand (gw_scratch *scratch, const mxArray *arg, const char *area, const char *what,
                      gw_operand *op)
{
  char id[96];
  memset (op, 0, sizeof *op);
  if (is_gpumat (arg)) {
    mxArray *desc = mxGetProperty (arg, 0, "desc");
    if (!desc || !mxIsStruct (desc) || mxGetNumberOfElements (desc) != 1) {
      char id[96];
      snprintf (id, sizeof id, "gpumat:%s:invalidHandle", area);
      if (desc)
        mxDestroyArray (desc);
      gw_fail (scratch, id, "not a valid gpumat array");
    }
    read_descriptor (scratch, desc, area, op);
    mxDestroyArray (desc);
    return;
  }
  const char *reason = NULL, *text = NULL;
  if (mxIsSparse (arg))
    reason = "sparse", text = "sparse matrices are not supported: convert with full ()";
  else if (mxIsComplex (arg))
    reason = "complex", text = "complex arrays are not supported yet";
  else if (mxIsInt8 (arg) || mxIsUint8 (arg) || mxIsInt16 (arg) || mxIsUint16 (arg)
           || mxIsInt32 (arg) || mxIsUint32 (arg) || mxIsInt64 (arg) || mxIsUint64 (arg))
    reason = "integerType",
    text = "integer arrays are not supported: convert with double () or single ()";
  else if (!(mxIsDouble (arg) || mxIsSingle (arg) || mxIsLogical (arg) || mxIsChar (arg)))
    reason = "invalidType", text = "must be a real double, single, logical or char array";
  if (reason) {
    snprintf (id, sizeof id, "gpumat:%s:%s", area, reason);
    gw_fail (scratch, id, "%s: %s, not %s", what, text, mxGetClassName (arg));
  }
  op->on_device = 0;
  op->ndims = mxGetNumberOfDimensions (arg);
  if (op->ndims > GW_MAX_DIMS)
    gw_fail (scratch, "gpumat:tooManyDimensions", "%s: more than %d dimensions", what,
             GW_MAX_DIMS);
  memcpy (op->dims, mxGetDimensions (arg), op->ndims * sizeof (mwSize));
  op->numel = mxGetNumberOfElements (arg);
  if (mxIsDouble (arg)) {
    op->cls = GM_DOUBLE;
    op->host = mxGetPr (arg);
  } else if (mxIsSingle (arg)) {
    op->cls = GM_SINGLE;
    op->host = mxGetData (arg);
  } else {
    /* logical and char take part in arithmetic as double, as in Octave's own `*`. */
    size_t bytes;
    if (gm_mul_size (op->numel, sizeof (double), &bytes) != GM_OK)
      gw_fail (scratch, "gpumat:outOfMemory", "%s is too large", what);
    double *d = (double *) gw_host_alloc (scratch, bytes);
    if (mxIsLogical (arg)) {
      const mxLogical *l = mxGetLogicals (arg);
      for (size_t i = 0; i < op->numel; i++)
        d[i] = l[i] ? 1.0 : 0.0;
    } else {
      const mxChar *c = mxGetChars (arg);
      for (size_t i = 0; i < op->numel; i++)
        d[i] = (double) (unsigned char) c[i];
    }
    op->cls = GM_DOUBLE;
    op->host = d;
  }
}

void gw_convert_operand (gw_scratch *scratch, gw_operand *op, gm_class cls, const char *area)
{
  if (op->cls == cls)
    return;
  if (cls != GM_SINGLE)
    gw_fail (scratch, "gpumat:internal", "only double to single conversion is needed");
  if (op->on_device) {
    float *d = (float *) gw_device_alloc (scratch, op->numel * sizeof (float), area);
    gm_status st = gm_double_to_single ((int64_t) op->numel, (const double *) op->device, d, 0);
    if (st != GM_OK)
      gw_fail_status (scratch, st, area);
    op->device = d;
  } else {
    float *f = (float *) gw_host_alloc (scratch, op->numel * sizeof (float));
    const double *src = (const double *) op->host;
    for (size_t i = 0; i < op->numel; i++)
      f[i] = (float) src[i];
    op->host = f;
  }
  op->cls = GM_SINGLE;
}

void gw_upload_operand (gw_scratch *scratch, gw_operand *op, const char *area)
{
  if (op->on_device)
    return;
  size_t bytes = op->numel * gm_class_size (op->cls);
  void *d = gw_device_alloc (scratch, bytes, area);
  gm_status st = gm_copy_to_device (d, op->host, bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  op->device = d;
  op->on_device = 1;
}

void gw_materialize_operand (gw_scratch *scratch, gw_operand *op, const char *area)
{
  if (!op->on_device || !op->transposed)
    return;
  op->transposed = 0;
  const int64_t rows = op->dims[0], cols = op->dims[1];
  if (rows <= 1 || cols <= 1)
    return;                     /* a vector: its transpose has the same layout */
  void *d = gw_device_alloc (scratch, op->numel * gm_class_size (op->cls), area);
  /* stored cols x rows, wanted rows x cols */
  gm_status st = gm_transpose (op->cls, cols, rows, op->device, cols, d, rows, 0);
  if (st == GM_OK)
    st = gm_sync ();
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  op->device = d;
}

gm_op gw_stored_op (const gw_operand *x, gm_op op)
{
  return (x->transposed != 0) != (op != GM_OP_NONE) ? GM_OP_TRANSPOSE : GM_OP_NONE;
}

void gw_op_dims (const gw_operand *x, gm_op op, mwSize *rows, mwSize *cols)
{
  const int swap = op != GM_OP_NONE;
  *rows = x->dims[swap ? 1 : 0];
  *cols = x->dims[swap ? 0 : 1];
}

gm_op gw_read_op (gw_scratch *scratch, const mxArray *arg, const char *area, const char *what)
{
  char name[16], id[96];
  gm_op op;
  snprintf (id, sizeof id, "gpumat:%s:invalidOp", area);
  if (!mxIsChar (arg) || mxGetM (arg) != 1 || mxGetString (arg, name, sizeof name) != 0)
    gw_fail (scratch, id, "%s must be \"none\", \"transpose\" or \"ctranspose\"", what);
  if (gm_op_from_name (name, &op) != GM_OK)
    gw_fail (scratch, id, "%s must be \"none\", \"transpose\" or \"ctranspose\", not '%s'",
             what, name);
  return op;
}

/* ---- small arguments ------------------------------------------------------------------------- */

void gw_read_string (gw_scratch *scratch, const mxArray *arg, char *buf, size_t len,
                     const char *area, const char *what)
{
  char id[96];
  snprintf (id, sizeof id, "gpumat:%s:invalid%s", area, what);
  if (!mxIsChar (arg) || (mxGetM (arg) != 1 && mxGetNumberOfElements (arg) > 0)
      || mxGetString (arg, buf, len) != 0)
    gw_fail (scratch, id, "%s must be a string (char row vector) of fewer than %zu characters",
             what, len);
}

int64_t gw_read_count (gw_scratch *scratch, const mxArray *arg, int64_t minimum,
                       const char *area, const char *what)
{
  char id[96];
  snprintf (id, sizeof id, "gpumat:%s:invalid%s", area, what);
  if (!mxIsDouble (arg) || mxIsComplex (arg) || mxGetNumberOfElements (arg) != 1)
    gw_fail (scratch, id, "%s must be a real scalar", what);
  double v = mxGetScalar (arg);
  if (!(v >= (double) minimum) || v != (double) (int64_t) v || v > 9.0e15)
    gw_fail (scratch, id, "%s must be an integer >= %lld", what, (long long) minimum);
  return (int64_t) v;
}
