/* gateway_util.c: operands, conversions and errors for the gpumat gateway.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gateway_util.h"
#include "descriptor.h"
#include "gw_device_message.h"
#include "gw_octave_array.h"
#include <stdint.h>

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
  /* An empty caller: the message as it is (Octave's own concatenation errors have no prefix). */
  snprintf (full, sizeof full, "%s%s%s", caller_name, caller_name[0] ? ": " : "", message);
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

/* gw_fail with the identifier gpumat:<area>:<reason><suffix>, formatted only here, on the way
   out: the success path of every call formats no identifier. */
static void fail_in_area (gw_scratch *scratch, const char *area, const char *reason,
                          const char *suffix, const char *fmt, ...)
{
  char message[1024], id[160];
  va_list args;
  va_start (args, fmt);
  vsnprintf (message, sizeof message, fmt, args);
  va_end (args);
  snprintf (id, sizeof id, "gpumat:%s:%s%s", area, reason, suffix);
  gw_fail (scratch, id, "%s", message);
}

void gw_fail_status (gw_scratch *scratch, gm_status st, const char *area)
{
  char detail[600], id[96];
  snprintf (detail, sizeof detail, "%s", gm_error_detail ());
  switch (st) {
  case GM_ERR_NO_DEVICE: {
    /* what is wrong in words and what to do next (gw_device_message.c), not CUDA's code:
       with no driver at all CUDA says "driver version is insufficient" */
    gm_nodev_info info;
    char message[1000];
    gm_no_device_info (&info);
    gw_fail (scratch, "gpumat:noDevice", "%s",
             gw_no_device_message (message, sizeof message, &info, detail));
    break;
  }
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
  case GM_ERR_INTERRUPTED:
    gw_fail (scratch, "gpumat:interrupted", "interrupted: %s", detail);
    break;
  default:
    /* A fault in queued work (the call that reports it may not be the one that caused it)
       loses the context and every gpumat array with it: say so, and what is left to do
       (kernels/memory.cu: CUDA allows no new context in the process on the H100). */
    if (gm_context_lost ())
      gw_fail (scratch, "gpumat:cudaError", "CUDA error: %s; the GPU context is lost, and "
               "every gpumat array with it: gpumat_reset () gives its memory back, and CUDA "
               "documents that the process must then be restarted: restart Octave to use the "
               "GPU again",
               detail);
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

static const char *const octave_class_names[GM_CLASS_COUNT] = {
  "double", "single", "double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32",
  "int64", "uint64"};
static const char *const class_texts[GM_CLASS_COUNT] = {
  "double", "single", "complex double", "complex single", "int8", "uint8", "int16", "uint16",
  "int32", "uint32", "int64", "uint64"};

const char *gw_class_name (gm_class cls)
{
  return gm_class_valid (cls) ? octave_class_names[cls] : "double";
}

const char *gw_class_text (gm_class cls)
{
  return gm_class_valid (cls) ? class_texts[cls] : "unknown";
}

static mxClassID mx_class (gm_class cls)
{
  static const mxClassID ids[GM_CLASS_COUNT] = {
    mxDOUBLE_CLASS, mxSINGLE_CLASS, mxDOUBLE_CLASS, mxSINGLE_CLASS, mxINT8_CLASS, mxUINT8_CLASS,
    mxINT16_CLASS, mxUINT16_CLASS, mxINT32_CLASS, mxUINT32_CLASS, mxINT64_CLASS, mxUINT64_CLASS};
  return gm_class_valid (cls) ? ids[cls] : mxDOUBLE_CLASS;
}

/* The real or integer class of a host array, or -1 for another type. */
static int class_of_array (const mxArray *arg)
{
  if (mxIsDouble (arg)) return GM_DOUBLE;
  if (mxIsSingle (arg)) return GM_SINGLE;
  if (mxIsInt8 (arg)) return GM_INT8;
  if (mxIsUint8 (arg)) return GM_UINT8;
  if (mxIsInt16 (arg)) return GM_INT16;
  if (mxIsUint16 (arg)) return GM_UINT16;
  if (mxIsInt32 (arg)) return GM_INT32;
  if (mxIsUint32 (arg)) return GM_UINT32;
  if (mxIsInt64 (arg)) return GM_INT64;
  if (mxIsUint64 (arg)) return GM_UINT64;
  return -1;
}

static int class_from_name (const char *name)
{
  for (int c = 0; c < GM_CLASS_COUNT; c++)
    if (!gm_class_is_complex ((gm_class) c) && !strcmp (name, octave_class_names[c]))
      return c;
  return -1;
}

/* ---- gpumat descriptors -------------------------------------------------------------------- */

/* A gpumat operand reaches the gateway as its descriptor: the shell (mex/gpumat_value.cc)
   passes the packed form of mex/descriptor.h for each gpumat array, a 1x1 cell holding a uint64
   row that starts with GM_DESC_MAGIC.  The older 1x1 struct {ptr, dims, cls, op, complex} is
   still read (the package's tests write descriptors by hand in that form).  A cell or struct
   without that shape is no operand (invalidType); one that has it is checked below like any
   descriptor (a stale or forged address gives invalidHandle, never a wild pointer). */
static const uint64_t *packed_descriptor (const mxArray *arg, size_t *count)
{
  if (!mxIsCell (arg) || mxGetNumberOfElements (arg) != 1)
    return NULL;
  const mxArray *row = mxGetCell (arg, 0);
  if (!row || !mxIsUint64 (row) || mxIsComplex (row) || mxGetNumberOfElements (row) < 1)
    return NULL;
  const uint64_t *w = (const uint64_t *) mxGetData (row);
  if (w[0] != GM_DESC_MAGIC)
    return NULL;
  *count = mxGetNumberOfElements (row);
  return w;
}

int gw_is_gpumat (const mxArray *arg)
{
  size_t count;
  if (packed_descriptor (arg, &count))
    return 1;
  return mxIsStruct (arg) && mxGetNumberOfElements (arg) == 1 && mxGetField (arg, 0, "ptr")
         && mxGetField (arg, 0, "dims") && mxGetField (arg, 0, "cls");
}

/* The fields of a descriptor, either form, before the checks they share. */
typedef struct {
  uint64_t address;
  int class_code;              /* gm_desc_class_names, or -1 for an unknown name */
  const char *class_name;      /* for messages */
  double view_op;
  int is_complex;
  size_t ndims;
  double dims[GW_MAX_DIMS];
} descriptor_fields;

static void read_struct_fields (gw_scratch *scratch, const mxArray *arg, const char *area,
                                descriptor_fields *f, char *cls_name, size_t cls_size)
{
  const mxArray *ptr = mxGetField (arg, 0, "ptr");
  const mxArray *dims = mxGetField (arg, 0, "dims");
  const mxArray *cls = mxGetField (arg, 0, "cls");
  const mxArray *view = mxGetField (arg, 0, "op");     /* absent: not a view */
  const mxArray *cplx = mxGetField (arg, 0, "complex");   /* absent: real */
  if (!ptr || !dims || !cls || !mxIsUint64 (ptr) || mxGetNumberOfElements (ptr) != 1 || !mxIsDouble (dims)
      || mxGetNumberOfElements (dims) < 2 || mxGetNumberOfElements (dims) > GW_MAX_DIMS
      || !mxIsChar (cls) || mxGetString (cls, cls_name, cls_size) != 0
      || (view && (!(mxIsDouble (view) || mxIsLogical (view)) || mxGetNumberOfElements (view) != 1))
      || (cplx && (!(mxIsDouble (cplx) || mxIsLogical (cplx)) || mxGetNumberOfElements (cplx) != 1)))
    fail_in_area (scratch, area, "invalidHandle", "", "not a valid gpumat array");
  f->address = *(const uint64_t *) mxGetData (ptr);
  f->class_code = gm_desc_class_code (cls_name);
  f->class_name = cls_name;
  f->view_op = view ? mxGetScalar (view) : 0;
  f->is_complex = cplx && mxGetScalar (cplx) != 0;
  f->ndims = mxGetNumberOfElements (dims);
  memcpy (f->dims, mxGetPr (dims), f->ndims * sizeof (double));
}

static void read_packed_fields (gw_scratch *scratch, const uint64_t *w, size_t count,
                                const char *area, descriptor_fields *f)
{
  if (count < GM_DESC_HEADER + 2 || count > GM_DESC_HEADER + GW_MAX_DIMS
      || !gm_desc_info_valid (w[2]))
    fail_in_area (scratch, area, "invalidHandle", "", "not a valid gpumat array");
  f->address = w[1];
  f->class_code = gm_desc_class (w[2]);
  f->class_name = gm_desc_class_names[f->class_code];
  f->view_op = gm_desc_view (w[2]);
  f->is_complex = gm_desc_complex (w[2]);
  f->ndims = count - GM_DESC_HEADER;
  for (size_t i = 0; i < f->ndims; i++)     /* past 2^53 as 1e300: refused below */
    f->dims[i] = w[GM_DESC_HEADER + i] <= GM_DESC_MAX_DIM ? (double) w[GM_DESC_HEADER + i] : 1e300;
}

/* A descriptor comes from the shell, but it is still checked: a stale or altered one must give
   an error, never a wild pointer on the device. */
static void read_descriptor (gw_scratch *scratch, const mxArray *arg, const char *area,
                             gw_operand *op)
{
  descriptor_fields f;
  char cls_name[16];
  size_t count;
  const uint64_t *packed = packed_descriptor (arg, &count);
  if (packed)
    read_packed_fields (scratch, packed, count, area, &f);
  else
    read_struct_fields (scratch, arg, area, &f, cls_name, sizeof cls_name);
  const double view_op = f.view_op;
  if (!(view_op == 0 || view_op == 1 || view_op == 2))
    fail_in_area (scratch, area, "invalidHandle", "",
                  "not a valid gpumat array (view operation %g)", view_op);
  op->transposed = view_op != 0;
  op->view = view_op == 2 ? GM_OP_CTRANSPOSE : view_op == 1 ? GM_OP_TRANSPOSE : GM_OP_NONE;
  if (op->transposed && f.ndims != 2)
    fail_in_area (scratch, area, "invalidHandle", "",
                  "not a valid gpumat array (an N-D transposed view)");
  /* A logical array: one byte an element, 0 or 1 (the results of comparisons). */
  op->logical = f.class_code == GM_DESC_LOGICAL;
  const int c = op->logical ? (int) GM_UINT8
                : f.class_code < 0 ? -1 : class_from_name (gm_desc_class_names[f.class_code]);
  if (c < 0)
    fail_in_area (scratch, area, "invalidHandle", "",
                  "gpumat array of unknown class '%s'", f.class_name);
  op->cls = (gm_class) c;
  if (f.is_complex) {
    if (gm_class_is_integer (op->cls) || op->logical)
      fail_in_area (scratch, area, "invalidHandle", "",
                    "not a valid gpumat array (complex %s)", f.class_name);
    op->cls = gm_class_complex (op->cls);
  }
  if (!gm_class_is_complex (op->cls) && op->view == GM_OP_CTRANSPOSE)
    op->view = GM_OP_TRANSPOSE;           /* real data: the same */
  op->on_device = 1;
  op->host = NULL;
  op->ndims = f.ndims;
  op->numel = 1;
  for (mwSize i = 0; i < op->ndims; i++) {
    /* bounded first: converting a double past 2^64 (or 1e300) to mwSize is undefined */
    const double d = f.dims[i];
    if (!(d >= 0 && d <= 9007199254740992.0) || d != (double) (mwSize) d)
      fail_in_area (scratch, area, "invalidHandle", "", "gpumat array with an invalid size");
    op->dims[i] = (mwSize) d;
    if (gm_mul_size (op->numel, op->dims[i], &op->numel) != GM_OK)
      fail_in_area (scratch, area, "invalidHandle", "", "gpumat array with an invalid size");
  }
  size_t bytes;
  if (gm_mul_size (op->numel, gm_class_size (op->cls), &bytes) != GM_OK)
    fail_in_area (scratch, area, "invalidHandle", "", "gpumat array with an invalid size");
  op->device = (void *) (uintptr_t) f.address;
  if (bytes == 0 && f.address == 0)
    return;
  if (!gm_device_is_live (op->device, bytes))
    fail_in_area (scratch, area, "invalidHandle", "",
                  "this gpumat array no longer exists on the GPU (it was freed, the gpumat "
                  "library was reloaded, or gpumat_reset reset the GPU after a CUDA error)");
}

mxArray *gw_make_descriptor (void *d_ptr, gm_class cls, mwSize ndims, const mwSize *dims)
{
  mxArray *row = mxCreateNumericMatrix (1, GM_DESC_HEADER + ndims, mxUINT64_CLASS, mxREAL);
  uint64_t *w = (uint64_t *) mxGetData (row);
  w[0] = GM_DESC_MAGIC;
  w[1] = (uint64_t) (uintptr_t) d_ptr;
  w[2] = gm_desc_info (gm_desc_class_code (gw_class_name (cls)), 0, gm_class_is_complex (cls));
  for (mwSize i = 0; i < ndims; i++)
    w[GM_DESC_HEADER + i] = (uint64_t) dims[i];
  mxArray *desc = mxCreateCellMatrix (1, 1);
  mxSetCell (desc, 0, row);
  return desc;
}

void gw_descriptor_set_logical (mxArray *desc)
{
  uint64_t *w = (uint64_t *) mxGetData (mxGetCell (desc, 0));
  w[2] = gm_desc_info (GM_DESC_LOGICAL, gm_desc_view (w[2]), 0);
}

/* A result the caller owns from now on: its descriptor, which the shell wraps into a gpumat
   value whose last reference frees the block.  (The classdef era called the gpumat
   constructor here through mexCallMATLAB, about 20 us a result.) */
static mxArray *make_object (gw_scratch *scratch, void *d_ptr, gm_class cls, int logical,
                             mwSize ndims, const mwSize *dims, const char *area)
{
  (void) area;
  mxArray *desc = gw_make_descriptor (d_ptr, cls, ndims, dims);
  if (logical)
    gw_descriptor_set_logical (desc);
  gw_device_keep (scratch, d_ptr);
  return desc;
}

mxArray *gw_make_gpumat (gw_scratch *scratch, void *d_ptr, gm_class cls, mwSize ndims,
                         const mwSize *dims, const char *area)
{
  return make_object (scratch, d_ptr, cls, 0, ndims, dims, area);
}

mxArray *gw_make_logical_gpumat (gw_scratch *scratch, void *d_ptr, mwSize ndims,
                                 const mwSize *dims, const char *area)
{
  return make_object (scratch, d_ptr, GM_UINT8, 1, ndims, dims, area);
}

/* Results of at least this size come from __gpumat_alloc__ (mex/gpumat_alloc.cc): Octave 7.3
   copies every array a MEX file creates itself, element by element, when it is returned
   (1.1-1.3 GB/s on the GPU machine), but returns an array that Octave made as it is.  Below
   it, that copy costs less than the extra call (about 10 us). */
#define OCTAVE_OWNED_MIN_BYTES ((size_t) 128 << 10)

/* An uninitialized array of class cls made by Octave (__gpumat_alloc__), and the address of
   its storage (*storage), or NULL. */
static mxArray *octave_owned_array (gm_class cls, mwSize ndims, const mwSize *dims,
                                    void **storage)
{
  return gw_octave_owned_array (gw_class_text (cls), mx_class (cls), gm_class_is_complex (cls),
                                ndims, dims, storage);
}

static int array_bytes (gm_class cls, mwSize ndims, const mwSize *dims, size_t *bytes)
{
  *bytes = gm_class_size (cls);
  int overflow = 0;
  for (mwSize i = 0; i < ndims; i++)
    overflow |= gm_mul_size (*bytes, dims[i], bytes) != GM_OK;
  return !overflow;
}

/* Uninitialized: every caller writes every element (kernels/ zero-fills empty sums itself),
   and zero-filling a 128 MiB result first would cost more than the product. */
mxArray *gw_make_host_array (gm_class cls, mwSize ndims, const mwSize *dims)
{
  size_t bytes;
  void *storage;
  if (array_bytes (cls, ndims, dims, &bytes) && bytes >= OCTAVE_OWNED_MIN_BYTES) {
    mxArray *owned = octave_owned_array (cls, ndims, dims, &storage);
    if (owned)
      return owned;
  }
  return mxCreateUninitNumericArray (ndims, (mwSize *) dims, mx_class (cls), mxREAL);
}

void *gw_array_data (mxArray *array)
{
  return mxIsDouble (array) ? (void *) mxGetPr (array) : mxGetData (array);
}

/* The element count of a result of shape (nd, dims), also copied into mw_dims.  A broadcast
   result can hold far more elements than either operand (a 1xN row against an Mx1 column is
   MxN): the count and its bytes (elem_bytes an element) are checked for overflow, so that a
   wrapped-around size never allocates a small block that a kernel then overruns. */
size_t gw_result_count (gw_scratch *scratch, int nd, const int64_t *dims, mwSize *mw_dims,
                        size_t elem_bytes, const char *area)
{
  size_t n = 1, bytes;
  int overflow = 0;
  for (int d = 0; d < nd; d++) {
    overflow |= gm_mul_size (n, (size_t) dims[d], &n) != GM_OK;
    mw_dims[d] = (mwSize) dims[d];
  }
  overflow |= n > (size_t) INT64_MAX || gm_mul_size (n, elem_bytes, &bytes) != GM_OK;
  if (overflow) {
    char id[96], text[128];
    snprintf (id, sizeof id, "gpumat:%s:tooLarge", area);
    gw_format_dims (text, sizeof text, (mwSize) nd, mw_dims);
    gw_fail (scratch, id, "the result (%s) is too large", text);
  }
  return n;
}

void gw_result_make (gw_scratch *scratch, gm_class cls, mwSize ndims, const mwSize *dims,
                     gw_result *r)
{
  memset (r, 0, sizeof *r);
  r->cls = cls;
  r->ndims = ndims;
  memcpy (r->dims, dims, ndims * sizeof (mwSize));
  size_t bytes;
  if (!array_bytes (cls, ndims, dims, &bytes))
    gw_fail (scratch, "gpumat:tooLarge", "the result is too large");
  r->numel = bytes / gm_class_size (cls);
  if (!gm_class_is_complex (cls)) {
    r->array = gw_make_host_array (cls, ndims, dims);
    r->data = gw_array_data (r->array);
    return;
  }
  /* Complex: Octave's own interleaved storage, whatever the size (the split API would copy
     every element on return); scratch, split at the end, only if that cannot be had. */
  if (bytes > 0)
    r->array = octave_owned_array (cls, ndims, dims, &r->data);
  if (!r->array)
    r->data = gw_host_alloc (scratch, bytes);
}

void gw_result_discard (gw_result *r)
{
  if (r->array)
    mxDestroyArray (r->array);
  r->array = NULL;
}

static int any_imag (gm_class cls, const void *data, size_t numel)
{
  if (cls == GM_COMPLEX_DOUBLE) {
    const double *d = (const double *) data;
    for (size_t i = 0; i < numel; i++)
      if (d[2 * i + 1] != 0)      /* NaN counts as nonzero, as in Octave */
        return 1;
  } else {
    const float *f = (const float *) data;
    for (size_t i = 0; i < numel; i++)
      if (f[2 * i + 1] != 0)
        return 1;
  }
  return 0;
}

mxArray *gw_result_finish (gw_scratch *scratch, gw_result *r, int has_imag)
{
  if (!gm_class_is_complex (r->cls)) {
    mxArray *out = r->array;
    r->array = NULL;
    return out;
  }
  if (has_imag < 0)
    has_imag = r->numel > 0 && any_imag (r->cls, r->data, r->numel);
  const int dbl = r->cls == GM_COMPLEX_DOUBLE;
  mxArray *out;
  if (!has_imag) {
    /* Narrowed to real, as Octave narrows: the real parts into a real array. */
    out = gw_make_host_array (gm_class_real (r->cls), r->ndims, r->dims);
    void *re = gw_array_data (out);
    if (dbl) {
      const double *src = (const double *) r->data;
      double *dst = (double *) re;
      for (size_t i = 0; i < r->numel; i++)
        dst[i] = src[2 * i];
    } else {
      const float *src = (const float *) r->data;
      float *dst = (float *) re;
      for (size_t i = 0; i < r->numel; i++)
        dst[i] = src[2 * i];
    }
    gw_result_discard (r);
    return out;
  }
  if (r->array) {
    out = r->array;
    r->array = NULL;
    return out;
  }
  /* The fallback: split the pairs into an array of the split API. */
  out = mxCreateNumericArray (r->ndims, (mwSize *) r->dims, mx_class (r->cls), mxCOMPLEX);
  if (dbl) {
    const double *src = (const double *) r->data;
    double *re = mxGetPr (out), *im = mxGetPi (out);
    for (size_t i = 0; i < r->numel; i++) {
      re[i] = src[2 * i];
      im[i] = src[2 * i + 1];
    }
  } else {
    const float *src = (const float *) r->data;
    float *re = (float *) mxGetData (out), *im = (float *) mxGetImagData (out);
    for (size_t i = 0; i < r->numel; i++) {
      re[i] = src[2 * i];
      im[i] = src[2 * i + 1];
    }
  }
  (void) scratch;
  return out;
}

void gw_narrow_device (gw_scratch *scratch, void **d_ptr, gm_class *cls, size_t count,
                       const char *area)
{
  if (!gm_class_is_complex (*cls))
    return;
  int any = 0;
  gm_status st = count ? gm_complex_has_imag (*cls, (int64_t) count, *d_ptr, &any, 0) : GM_OK;
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (any)
    return;
  const gm_class real = gm_class_real (*cls);
  void *d = gw_device_alloc (scratch, count * gm_class_size (real), area);
  st = count ? gm_complex_real_part (*cls, (int64_t) count, *d_ptr, d, 0) : GM_OK;
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  *d_ptr = d;
  *cls = real;
}

mxArray *gw_gather_operand (gw_scratch *scratch, gw_operand *op, const char *area)
{
  gw_materialize_operand (scratch, op, area);
  if (op->logical && op->cls == GM_UINT8) {
    /* mxLogical is one byte, 0 or 1: the device bytes as they are. */
    mxArray *out = mxCreateLogicalArray (op->ndims, op->dims);
    gm_status st = op->numel ? gm_copy_to_host (mxGetLogicals (out), op->device, op->numel)
                             : GM_OK;
    if (st != GM_OK) {
      mxDestroyArray (out);
      gw_fail_status (scratch, st, area);
    }
    return out;
  }
  gw_result r;
  gw_result_make (scratch, op->cls, op->ndims, op->dims, &r);
  gm_status st = r.numel ? gm_copy_to_host (r.data, op->device, r.numel * gm_class_size (op->cls))
                         : GM_OK;
  if (st != GM_OK) {
    gw_result_discard (&r);
    gw_fail_status (scratch, st, area);
  }
  return gw_result_finish (scratch, &r, 1);   /* a complex array stays complex */
}

/* ---- host arrays ----------------------------------------------------------------------------- */

/* The interleaved elements of a complex host array: Octave's own storage, from
   __gpumat_address__ through mexCallMATLAB on this very mxArray (no copy; see
   mex/gpumat_address.cc), or, for a complex scalar or anything else that has no such
   storage, the split API's parts interleaved into scratch. */
static const void *complex_storage (gw_scratch *scratch, const mxArray *arg, gm_class cls,
                                    size_t numel, const char *what)
{
  if (numel == 0)
    return NULL;
  mxArray *out = NULL;
  mexSetTrapFlag (1);
  int failed = mexCallMATLAB (1, &out, 1, (mxArray **) &arg, "__gpumat_address__");
  mexSetTrapFlag (0);
  const uint64_t address = !failed && out && mxIsUint64 (out) && mxGetNumberOfElements (out) == 1
                           ? *(const uint64_t *) mxGetData (out) : 0;
  if (out)
    mxDestroyArray (out);
  if (address)
    return (const void *) (uintptr_t) address;
  size_t bytes;
  if (gm_mul_size (numel, gm_class_size (cls), &bytes) != GM_OK)
    gw_fail (scratch, "gpumat:outOfMemory", "%s is too large", what);
  void *h = gw_host_alloc (scratch, bytes);
  if (cls == GM_COMPLEX_DOUBLE) {
    const double *re = mxGetPr (arg), *im = mxGetPi (arg);
    double *d = (double *) h;
    for (size_t i = 0; i < numel; i++) {
      d[2 * i] = re[i];
      d[2 * i + 1] = im ? im[i] : 0;
    }
  } else {
    const float *re = (const float *) mxGetData (arg), *im = (const float *) mxGetImagData (arg);
    float *f = (float *) h;
    for (size_t i = 0; i < numel; i++) {
      f[2 * i] = re[i];
      f[2 * i + 1] = im ? im[i] : 0;
    }
  }
  return h;
}

void gw_logical_to_float (gw_scratch *scratch, gw_operand *op, gm_class cls, const char *area)
{
  if (!op->on_device || !op->logical || op->cls != GM_UINT8)
    return;
  void *d = gw_device_alloc (scratch, op->numel * gm_class_size (cls), area);
  gm_status st = op->numel ? gm_convert (GM_UINT8, cls, (int64_t) op->numel, op->device, d, 0)
                           : GM_OK;
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  op->device = d;
  op->cls = cls;
}

void gw_read_operand (gw_scratch *scratch, const mxArray *arg, const char *area, const char *what,
                      gw_operand *op)
{
  gw_read_operand_raw (scratch, arg, area, what, op);
  gw_logical_to_float (scratch, op, GM_DOUBLE, area);
}

void gw_read_operand_raw (gw_scratch *scratch, const mxArray *arg, const char *area,
                          const char *what, gw_operand *op)
{
  char id[96];
  memset (op, 0, sizeof *op);
  if (gw_is_gpumat (arg)) {
    read_descriptor (scratch, arg, area, op);     /* read only: never mutate an input */
    return;
  }
  const char *reason = NULL, *text = NULL;
  const int cls = class_of_array (arg);
  if (mxIsSparse (arg))
    reason = "sparse", text = "sparse matrices are not supported: convert with full ()";
  else if (cls < 0 && !mxIsLogical (arg) && !mxIsChar (arg))
    reason = "invalidType", text = "must be a numeric, logical or char array";
  if (reason) {
    snprintf (id, sizeof id, "gpumat:%s:%s", area, reason);
    gw_fail (scratch, id, "%s: %s, not %s", what, text, mxGetClassName (arg));
  }
  op->on_device = 0;
  op->array = arg;
  op->ndims = mxGetNumberOfDimensions (arg);
  if (op->ndims > GW_MAX_DIMS)
    gw_fail (scratch, "gpumat:tooManyDimensions", "%s: more than %d dimensions", what,
             GW_MAX_DIMS);
  memcpy (op->dims, mxGetDimensions (arg), op->ndims * sizeof (mwSize));
  op->numel = mxGetNumberOfElements (arg);
  if (mxIsComplex (arg)) {
    op->cls = gm_class_complex ((gm_class) cls);
    op->host = complex_storage (scratch, arg, op->cls, op->numel, what);
  } else if (cls == GM_DOUBLE) {
    op->cls = GM_DOUBLE;
    op->host = mxGetPr (arg);
  } else if (cls >= 0) {
    op->cls = (gm_class) cls;
    op->host = mxGetData (arg);
  } else {
    /* logical and char take part in arithmetic as double, as in Octave's own `*`. */
    size_t bytes;
    if (gm_mul_size (op->numel, sizeof (double), &bytes) != GM_OK)
      gw_fail (scratch, "gpumat:outOfMemory", "%s is too large", what);
    double *d = (double *) gw_host_alloc (scratch, bytes);
    if (mxIsLogical (arg)) {
      op->logical = 1;
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
    op->logical_or_char = 1;
  }
}

/* Precision conversion, n values (both parts of a complex operand count). */
static void host_double_to_single (float *dst, const double *src, size_t n)
{
  for (size_t i = 0; i < n; i++)
    dst[i] = (float) src[i];
}

void gw_convert_operand (gw_scratch *scratch, gw_operand *op, gm_class cls, const char *area)
{
  if (op->cls == cls)
    return;
  if (gm_class_is_integer (op->cls) || gm_class_is_integer (cls)
      || (gm_class_is_complex (op->cls) && !gm_class_is_complex (cls)))
    gw_fail (scratch, "gpumat:internal", "cannot convert %s to %s", gw_class_text (op->cls),
             gw_class_text (cls));
  /* Precision first: double -> single, both parts of a complex operand. */
  if (gm_class_real (op->cls) == GM_DOUBLE && gm_class_real (cls) == GM_SINGLE) {
    const size_t n = op->numel * (gm_class_is_complex (op->cls) ? 2 : 1);
    if (op->on_device) {
      float *d = (float *) gw_device_alloc (scratch, n * sizeof (float), area);
      gm_status st = n ? gm_double_to_single ((int64_t) n, (const double *) op->device, d, 0)
                       : GM_OK;
      if (st != GM_OK)
        gw_fail_status (scratch, st, area);
      op->device = d;
    } else {
      float *f = (float *) gw_host_alloc (scratch, n * sizeof (float));
      host_double_to_single (f, (const double *) op->host, n);
      op->host = f;
    }
    op->cls = gm_class_is_complex (op->cls) ? GM_COMPLEX_SINGLE : GM_SINGLE;
  }
  if (op->cls == cls)
    return;
  if (gm_class_real (op->cls) != gm_class_real (cls))
    gw_fail (scratch, "gpumat:internal", "cannot convert %s to %s", gw_class_text (op->cls),
             gw_class_text (cls));
  /* Real -> complex: a zero imaginary part. */
  const size_t part = gm_class_size (op->cls);
  if (op->on_device) {
    void *d = gw_device_alloc (scratch, op->numel * 2 * part, area);
    gm_status st = op->numel ? gm_real_to_complex (cls, (int64_t) op->numel, op->device, d, 0)
                             : GM_OK;
    if (st != GM_OK)
      gw_fail_status (scratch, st, area);
    op->device = d;
  } else {
    char *h = (char *) gw_host_alloc (scratch, op->numel * 2 * part);
    const char *src = (const char *) op->host;
    memset (h, 0, op->numel * 2 * part);
    for (size_t i = 0; i < op->numel; i++)
      memcpy (h + 2 * i * part, src + i * part, part);
    op->host = h;
  }
  op->cls = cls;
}

void gw_upload_operand (gw_scratch *scratch, gw_operand *op, const char *area)
{
  if (op->on_device)
    return;
  size_t bytes = op->numel * gm_class_size (op->cls);
  void *d = gw_device_alloc (scratch, bytes, area);
  /* Queued on stream 0 with the call's kernels (a small operand: the host need not wait);
     the operand's host memory may go as soon as this returns. */
  gm_status st = gm_copy_to_device_async (d, op->host, bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  op->device = d;
  op->on_device = 1;
}

void gw_materialize_operand (gw_scratch *scratch, gw_operand *op, const char *area)
{
  if (!op->on_device || !op->transposed)
    return;
  const gm_op view = op->view == GM_OP_NONE ? GM_OP_TRANSPOSE : op->view;
  op->transposed = 0;
  op->view = GM_OP_NONE;
  const int64_t rows = op->dims[0], cols = op->dims[1];
  const int conj = gm_class_is_complex (op->cls) && view == GM_OP_CTRANSPOSE;
  if ((rows <= 1 || cols <= 1) && !conj)
    return;                     /* a vector: its transpose has the same layout */
  void *d = gw_device_alloc (scratch, op->numel * gm_class_size (op->cls), area);
  /* stored cols x rows, wanted rows x cols (conjugated for a complex G') */
  gm_status st = op->numel ? gm_transpose_op (op->cls, view, cols, rows, op->device, cols > 1 ? cols : 1,
                                              d, rows > 1 ? rows : 1, 0)
                           : GM_OK;
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  op->device = d;
}

gm_op gw_stored_op (const gw_operand *x, gm_op op)
{
  const gm_op view = !x->transposed ? GM_OP_NONE : x->view == GM_OP_NONE ? GM_OP_TRANSPOSE : x->view;
  if (!gm_class_is_complex (x->cls))
    return (view != GM_OP_NONE) != (op != GM_OP_NONE) ? GM_OP_TRANSPOSE : GM_OP_NONE;
  if (view == GM_OP_NONE)
    return op;
  if (op == GM_OP_NONE)
    return view;
  return GM_OP_NONE;           /* view == op: they cancel (gw_prepare_view handles the rest) */
}

void gw_prepare_view (gw_scratch *scratch, gw_operand *x, gm_op op, const char *area)
{
  if (x->on_device && x->transposed && gm_class_is_complex (x->cls) && op != GM_OP_NONE
      && x->view != op)
    gw_materialize_operand (scratch, x, area);
}

void gw_op_dims (const gw_operand *x, gm_op op, mwSize *rows, mwSize *cols)
{
  const int swap = op != GM_OP_NONE;
  *rows = x->dims[swap ? 1 : 0];
  *cols = x->dims[swap ? 0 : 1];
}

gm_op gw_read_op (gw_scratch *scratch, const mxArray *arg, const char *area, const char *what)
{
  char name[16];
  gm_op op;
  if (!mxIsChar (arg) || mxGetM (arg) != 1 || mxGetString (arg, name, sizeof name) != 0)
    fail_in_area (scratch, area, "invalidOp", "",
                  "%s must be \"none\", \"transpose\" or \"ctranspose\"", what);
  if (gm_op_from_name (name, &op) != GM_OK)
    fail_in_area (scratch, area, "invalidOp", "",
                  "%s must be \"none\", \"transpose\" or \"ctranspose\", not '%s'", what, name);
  return op;
}

/* ---- small arguments ------------------------------------------------------------------------- */

void gw_read_string (gw_scratch *scratch, const mxArray *arg, char *buf, size_t len,
                     const char *area, const char *what)
{
  if (!mxIsChar (arg) || (mxGetM (arg) != 1 && mxGetNumberOfElements (arg) > 0)
      || mxGetString (arg, buf, len) != 0)
    fail_in_area (scratch, area, "invalid", what,
                  "%s must be a string (char row vector) of fewer than %zu characters", what, len);
}

int64_t gw_read_count (gw_scratch *scratch, const mxArray *arg, int64_t minimum,
                       const char *area, const char *what)
{
  if (!mxIsDouble (arg) || mxIsComplex (arg) || mxGetNumberOfElements (arg) != 1)
    fail_in_area (scratch, area, "invalid", what, "%s must be a real scalar", what);
  double v = mxGetScalar (arg);
  if (!(v >= (double) minimum) || v != (double) (int64_t) v || v > 9.0e15)
    fail_in_area (scratch, area, "invalid", what, "%s must be an integer >= %lld", what,
                  (long long) minimum);
  return (int64_t) v;
}

/* Octave's own flag for a pending Ctrl-C (liboctave's quit.h: > 0 while an interrupt waits to
 * be handled), weak so that the gateway still loads where it is absent. */
extern sig_atomic_t octave_interrupt_state __attribute__ ((weak));

int gw_interrupted (void *ctx)
{
  (void) ctx;
  return &octave_interrupt_state != NULL && octave_interrupt_state > 0;
}

size_t gw_read_bytes (gw_scratch *scratch, const mxArray *in, const char *area, const char *what)
{
  if (!mxIsNumeric (in) || mxIsComplex (in) || mxGetNumberOfElements (in) != 1)
    fail_in_area (scratch, area, "invalidOption", "", "%s must be a real scalar number of bytes",
                  what);
  const double v = mxGetScalar (in);
  if (!(v >= 1) || v != floor (v) || v >= 1.8e19)
    fail_in_area (scratch, area, "invalidOption", "",
                  "%s must be a whole number of bytes >= 1, not %g", what, v);
  return (size_t) v;
}

/* ---- device lists (issue 15: several GPUs of one host) --------------------------------------- */

/* The package default of gpumat_device ("devices", LIST): none set (count 0) means device 0,
   where gpumat arrays live. */
static int default_devices[GM_MAX_DEVICES];
static int default_count;

int gw_read_devices (gw_scratch *scratch, const mxArray *in, int *devices, int check_present)
{
  const char *id = "gpumat:device:invalidDevice";
  const size_t count = mxGetNumberOfElements (in);
  if (!mxIsNumeric (in) || mxIsComplex (in) || mxIsSparse (in) || count == 0
      || mxGetNumberOfDimensions (in) > 2 || (mxGetM (in) != 1 && mxGetN (in) != 1))
    gw_fail (scratch, id, "devices must be a non-empty vector of GPU numbers (0-based CUDA "
             "ordinals, as gpumat_device lists them)");
  if (count > GM_MAX_DEVICES)
    gw_fail (scratch, id, "devices lists %zu GPUs; gpumat handles at most %d", count,
             GM_MAX_DEVICES);
  for (size_t i = 0; i < count; i++) {
    double v = 0;
    const void *data = mxGetData (in);
    switch (mxGetClassID (in)) {
    case mxDOUBLE_CLASS: v = ((const double *) data)[i]; break;
    case mxSINGLE_CLASS: v = ((const float *) data)[i]; break;
    case mxINT8_CLASS:   v = ((const int8_t *) data)[i]; break;
    case mxUINT8_CLASS:  v = ((const uint8_t *) data)[i]; break;
    case mxINT16_CLASS:  v = ((const int16_t *) data)[i]; break;
    case mxUINT16_CLASS: v = ((const uint16_t *) data)[i]; break;
    case mxINT32_CLASS:  v = ((const int32_t *) data)[i]; break;
    case mxUINT32_CLASS: v = ((const uint32_t *) data)[i]; break;
    case mxINT64_CLASS:  v = (double) ((const int64_t *) data)[i]; break;
    case mxUINT64_CLASS: v = (double) ((const uint64_t *) data)[i]; break;
    default:
      gw_fail (scratch, id, "devices must be numeric");
    }
    if (!(v >= 0) || v != floor (v) || v >= GM_MAX_DEVICES)
      gw_fail (scratch, id, "devices must be GPU numbers 0 to %d (0-based CUDA ordinals, as "
               "gpumat_device lists them), not %g", GM_MAX_DEVICES - 1, v);
    devices[i] = (int) v;
    for (size_t j = 0; j < i; j++)
      if (devices[j] == devices[i])
        gw_fail (scratch, id, "devices lists GPU %d twice", devices[i]);
  }
  if (check_present) {
    gm_status st = gm_check_devices (devices, (int) count);
    if (st == GM_ERR_INVALID_ARGUMENT)
      gw_fail (scratch, id, "%s", gm_error_detail ());
    if (st != GM_OK)
      gw_fail_status (scratch, st, "device");
  }
  return (int) count;
}

int gw_default_devices (const int **devices)
{
  *devices = default_devices;
  return default_count;
}

void gw_set_default_devices (const int *devices, int count)
{
  for (int i = 0; i < count && i < GM_MAX_DEVICES; i++)
    default_devices[i] = devices[i];
  default_count = count < GM_MAX_DEVICES ? count : GM_MAX_DEVICES;
}

void gw_check_operand_devices (gw_scratch *scratch, const gw_operand *const *ops, int nops,
                               const int *devices, int count)
{
  int first = -1;
  for (int i = 0; i < nops; i++) {
    if (!ops[i]->on_device)
      continue;
    const int d = gm_device_of (ops[i]->device);
    if (d < 0)
      continue;                        /* not a block start: gw_read_operand checked it */
    if (first >= 0 && d != first)
      gw_fail (scratch, "gpumat:device:mixedDevices", "the operands live on GPU %d and GPU %d: "
               "gather one, or make both on one GPU", first, d);
    first = d;
    int listed = count == 0;
    for (int j = 0; j < count; j++)
      listed |= devices[j] == d;
    if (!listed)
      gw_fail (scratch, "gpumat:device:mixedDevices", "a gpumat operand lives on GPU %d, which "
               "the devices option does not list: the product of a gpumat array runs on its "
               "own GPU", d);
  }
}
