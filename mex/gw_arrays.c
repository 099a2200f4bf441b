/* gw_arrays.c: arrays built on the device: gpumat.zeros / ones / eye, reshape and
 * concatenation (see gw_arrays.h for the commands).
 *
 * No kernels: zeros is a cudaMemset, ones a byte fill of 1s read by gm_convert (uint8 -> the
 * class), eye zeros and then the diagonal written by one cudaMemcpy2D from a device row of ones
 * made the same way (destination pitch (m+1) elements).  reshape copies the elements device to
 * device into a new block, so that each gpumat array owns its memory (a shared block would be
 * freed twice).  Everything is queued on stream 0 and not waited for (issue 12), except copies
 * from host operands, which return once the bytes are in (small ones are queued through the
 * pinned ring, gm_copy_to_device_async, and need no wait either).
 * [A, B] copies each operand's columns back to back, [A; B] each operand with one
 * cudaMemcpy2D at its row offset; host operands go straight from their own storage (or from a
 * converted copy) into the result.  Empty results make no device call.
 *
 * rand draws from the package's Philox4x32-10 generator (kernels/random.cu) straight into the
 * result; rng sets or reads that generator's seed and block counter (host state, no GPU).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_arrays.h"

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "usage: __gpumat__ %s", usage);
}

/* DIMS: a double row of whole numbers >= 0 (the .m side made them Octave's sizes). */
static mwSize read_dims (gw_scratch *scratch, const mxArray *arg, mwSize *dims, size_t *numel,
                         const char *area)
{
  char id[96];      /* formatted on the way to an error only */
  const size_t n = mxGetNumberOfElements (arg);
  if (!mxIsDouble (arg) || mxIsComplex (arg) || n < 2 || n > GW_MAX_DIMS) {
    snprintf (id, sizeof id, "gpumat:%s:invalidSize", area);
    gw_fail (scratch, id, "the size must be a row of 2 to %d whole numbers", GW_MAX_DIMS);
  }
  const double *d = mxGetPr (arg);
  *numel = 1;
  for (size_t i = 0; i < n; i++) {
    if (!(d[i] >= 0) || d[i] != (double) (mwSize) d[i]) {
      snprintf (id, sizeof id, "gpumat:%s:invalidSize", area);
      gw_fail (scratch, id, "the size must be whole numbers >= 0");
    }
    dims[i] = (mwSize) d[i];
    if (gm_mul_size (*numel, dims[i], numel) != GM_OK) {
      snprintf (id, sizeof id, "gpumat:%s:tooLarge", area);
      gw_fail (scratch, id, "the array is too large");
    }
  }
  return (mwSize) n;
}

static gm_class read_float_class (gw_scratch *scratch, const mxArray *arg, const char *area)
{
  char name[16], id[96];
  gw_read_string (scratch, arg, name, sizeof name, area, "CLASS");
  if (!strcmp (name, "double"))
    return GM_DOUBLE;
  if (!strcmp (name, "single"))
    return GM_SINGLE;
  snprintf (id, sizeof id, "gpumat:%s:unsupportedClass", area);
  gw_fail (scratch, id, "CLASS must be \"double\" or \"single\", not \"%s\"", name);
  return GM_DOUBLE;
}

/* ("fill", CALLER, KIND, CLS, DIMS) */
void gw_cmd_fill (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 5)
    wrong_args ("(\"fill\", CALLER, KIND, CLS, DIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  const char *area = "array";
  char kind[8];
  gw_read_string (&scratch, prhs[2], kind, sizeof kind, area, "KIND");
  const int zeros = !strcmp (kind, "zeros"), ones = !strcmp (kind, "ones"),
            eye = !strcmp (kind, "eye");
  if (!zeros && !ones && !eye)
    gw_fail (&scratch, "gpumat:array:invalidKind", "unknown fill '%s'", kind);
  const gm_class cls = read_float_class (&scratch, prhs[3], area);
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[4], dims, &numel, area);
  if (eye && nd != 2)
    gw_fail (&scratch, "gpumat:array:invalidSize", "eye takes a 2-D size");
  const size_t es = gm_class_size (cls);
  size_t bytes;
  if (gm_mul_size (numel, es, &bytes) != GM_OK)
    gw_fail (&scratch, "gpumat:array:tooLarge", "the array is too large");
  void *d = gw_device_alloc (&scratch, bytes, area);     /* NULL for an empty array */
  gm_status st = GM_OK;
  if (numel == 0) {
    /* nothing to fill: no device call */
  } else if (ones) {
    void *bytes1 = gw_device_alloc (&scratch, numel, area);
    st = gm_fill_bytes (bytes1, 1, numel);
    if (st == GM_OK)
      st = gm_convert (GM_UINT8, cls, (int64_t) numel, bytes1, d, 0);
  } else {
    st = gm_fill_bytes (d, 0, bytes);
    if (st == GM_OK && eye) {
      const size_t m = dims[0], n = dims[1], k = m < n ? m : n;
      /* k ones on the device (bytes of 1 read as the class), queued like the rest */
      void *bytes1 = gw_device_alloc (&scratch, k, area);
      void *ones_k = gw_device_alloc (&scratch, k * es, area);
      st = gm_fill_bytes (bytes1, 1, k);
      if (st == GM_OK)
        st = gm_convert (GM_UINT8, cls, (int64_t) k, bytes1, ones_k, 0);
      /* element (i, i) is at i*(m+1): k rows of one element, pitch (m+1) elements */
      if (st == GM_OK)
        st = gm_copy_2d (d, (m + 1) * es, ones_k, es, es, k, 0);
    }
  }
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  plhs[0] = gw_make_gpumat (&scratch, d, cls, nd, dims, area);
  gw_scratch_free (&scratch);
}

/* ("reshape", CALLER, G, DIMS) */
void gw_cmd_reshape (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 4)
    wrong_args ("(\"reshape\", CALLER, G, DIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  const char *area = "array";
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[2], area, "G", &A);     /* a logical stays logical */
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:internal", "not a gpumat array");
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
  const mwSize nd = read_dims (&scratch, prhs[3], dims, &numel, area);
  if (numel != A.numel) {
    char from[160], to[160];
    gw_format_dims (from, sizeof from, A.ndims, A.dims);
    gw_format_dims (to, sizeof to, nd, dims);
    gw_fail (&scratch, "gpumat:array:invalidSize", "can't reshape %s array to %s array", from, to);
  }
  const void *src = A.device;
  if (A.numel)                      /* an empty array needs no device (nor a GPU) */
    gw_materialize_operand (&scratch, &A, area);
  void *d;
  if (A.device != src) {
    d = A.device;                   /* the materialized view is already a new block */
  } else {
    const size_t bytes = A.numel * gm_class_size (A.cls);
    d = gw_device_alloc (&scratch, bytes, area);
    gm_status st = gm_copy_device (d, A.device, bytes);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = A.logical ? gw_make_logical_gpumat (&scratch, d, nd, dims, area)
                      : gw_make_gpumat (&scratch, d, A.cls, nd, dims, area);
  gw_scratch_free (&scratch);
}

/* ---- concatenation ---------------------------------------------------------------------------- */

typedef struct {
  int device;           /* a gpumat array */
  int logical;          /* logical data (one byte an element) */
  gm_class cls;         /* GM_DOUBLE, GM_SINGLE, or GM_UINT8 with logical */
  mwSize rows, cols;
  size_t numel;
  gw_operand op;        /* a gpumat operand as read once by cat_inspect (no scratch of its own) */
} cat_item;

static void cat_fail_class (const char *name, const char *what)
{
  gw_fail (NULL, "gpumat:array:unsupportedClass",
           "%s: %s operands are not supported yet (double, single and logical are)", name, what);
}

/* What an operand is, without reading its data (no allocation). */
static void cat_inspect (const mxArray *arg, const char *name, cat_item *it)
{
  memset (it, 0, sizeof *it);
  mwSize ndims;
  const mwSize *dims;
  mwSize vdims[GW_MAX_DIMS];
  if (gw_is_gpumat (arg)) {
    gw_scratch s = GW_SCRATCH_INIT;
    gw_operand op;
    gw_read_operand_raw (&s, arg, "array", "A", &op);   /* raw: allocates nothing */
    gw_scratch_free (&s);
    it->op = op;
    if (gm_class_is_complex (op.cls))
      cat_fail_class (name, "complex");
    if (gm_class_is_integer (op.cls) && !op.logical)
      cat_fail_class (name, gw_class_name (op.cls));
    it->device = 1;
    it->logical = op.logical;
    it->cls = op.cls;
    ndims = op.ndims;
    memcpy (vdims, op.dims, ndims * sizeof (mwSize));
    dims = vdims;
  } else {
    if (mxIsSparse (arg))
      cat_fail_class (name, "sparse");
    if (mxIsComplex (arg))
      cat_fail_class (name, "complex");
    if (mxIsLogical (arg)) {
      it->logical = 1;
      it->cls = GM_UINT8;
    } else if (mxIsDouble (arg)) {
      it->cls = GM_DOUBLE;
    } else if (mxIsSingle (arg)) {
      it->cls = GM_SINGLE;
    } else {
      cat_fail_class (name, mxGetClassName (arg));
    }
    ndims = mxGetNumberOfDimensions (arg);
    dims = mxGetDimensions (arg);
  }
  if (ndims > 2)
    gw_fail (NULL, "gpumat:array:ndArray", "%s: N-D operands are not supported yet", name);
  it->rows = dims[0];
  it->cols = dims[1];
  it->numel = (size_t) it->rows * it->cols;
}

/* One operand's elements into the result (class rcls, rows x cols) at row or column `offset`.
   `s` holds the result block and whatever this operand needs; the caller frees it. */
static void cat_copy (gw_scratch *s, const mxArray *arg, const cat_item *it, gm_class rcls,
                      void *result, mwSize rows, int vertical, size_t offset)
{
  const char *area = "array";
  const size_t es = gm_class_size (rcls);
  const void *src;
  int on_host;
  if (it->device) {
    gw_operand op = it->op;         /* read by cat_inspect: its descriptor is not read twice */
    gw_materialize_operand (s, &op, area);
    src = op.device;
    on_host = 0;
    if (op.cls != rcls) {
      void *d = gw_device_alloc (s, it->numel * es, area);
      gm_status st = gm_convert (op.cls, rcls, (int64_t) it->numel, op.device, d, 0);
      if (st != GM_OK)
        gw_fail_status (s, st, area);
      src = d;
    }
  } else {
    on_host = 1;
    const void *data = it->logical ? (const void *) mxGetLogicals (arg) : mxGetData (arg);
    src = data;
    if (it->cls != rcls) {
      void *h = gw_host_alloc (s, it->numel * es);
      for (size_t i = 0; i < it->numel; i++) {
        double v = it->logical ? (double) ((const mxLogical *) data)[i]
                   : it->cls == GM_SINGLE ? (double) ((const float *) data)[i]
                   : ((const double *) data)[i];
        if (rcls == GM_SINGLE)
          ((float *) h)[i] = (float) v;        /* rounds to nearest, as Octave's single () */
        else
          ((double *) h)[i] = v;
      }
      src = h;
    }
  }
  gm_status st;
  if (vertical)   /* rows r_k of every column, at row `offset` of the result */
    st = gm_copy_2d ((char *) result + offset * es, (size_t) rows * es, src, it->rows * es,
                     it->rows * es, it->cols, on_host);
  else            /* whole columns, back to back, from column `offset` */
    st = on_host ? gm_copy_to_device_async ((char *) result + offset * rows * es, src,
                                            it->numel * es)
                 : gm_copy_device ((char *) result + offset * rows * es, src, it->numel * es);
  if (st != GM_OK)
    gw_fail_status (s, st, area);
}

static int is_0x0 (const mwSize *d) { return d[0] == 0 && d[1] == 0; }

/* ("cat", CALLER, DIM, A, B, ...) */
void gw_cmd_cat (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs < 3)
    wrong_args ("(\"cat\", CALLER, DIM, A, B, ...)");
  const int vertical = mxGetScalar (prhs[2]) == 1;
  const char *name = vertical ? "vertcat" : "horzcat";
  const int count = nrhs - 3;
  cat_item *items = (cat_item *) mxCalloc (count > 0 ? count : 1, sizeof (cat_item));
  /* Class: single if any operand is single, logical if all are logical, else double (every
     operand counts, empties too, as in Octave). */
  int any_single = 0, all_logical = count > 0;
  for (int k = 0; k < count; k++) {
    cat_inspect (prhs[3 + k], name, &items[k]);
    any_single |= items[k].cls == GM_SINGLE;
    all_logical &= items[k].logical;
  }
  const gm_class rcls = any_single ? GM_SINGLE : all_logical ? GM_UINT8 : GM_DOUBLE;
  /* Size: Octave's dim_vector::hvcat.  A 0x0 operand is skipped; otherwise the other dimension
     must agree, except that a 1x0 or 0x1 operand gives way (and a 1x0 or 0x1 result so far
     gives way to the next operand).  Operands that give way have no elements, so the data are
     every nonempty operand in order. */
  const int c = vertical ? 0 : 1, o = 1 - c;
  mwSize acc[2] = {0, 0};
  for (int k = 0; k < count; k++) {
    const mwSize b[2] = {items[k].rows, items[k].cols};
    if (k == 0 || is_0x0 (acc)) {
      acc[0] = b[0], acc[1] = b[1];
    } else if (is_0x0 (b)) {
      /* skipped */
    } else if (acc[o] == b[o]) {
      acc[c] += b[c];
    } else if (b[0] + b[1] == 1) {
      if (acc[0] + acc[1] == 1)
        acc[0] = acc[1] = 0;
    } else if (acc[0] + acc[1] == 1) {
      acc[0] = b[0], acc[1] = b[1];
    } else {
      char x[64], y[64];
      gw_format_dims (x, sizeof x, 2, acc);
      gw_format_dims (y, sizeof y, 2, b);
      mxFree (items);
      gw_set_caller ("");
      gw_fail (NULL, "Octave:nonconformant-args", "%s dimensions mismatch (%s vs %s)",
               vertical ? "vertical" : "horizontal", x, y);
    }
  }
  const size_t numel = (size_t) acc[0] * acc[1];
  const size_t es = gm_class_size (rcls);
  gw_scratch scratch = GW_SCRATCH_INIT;
  void *result = gw_device_alloc (&scratch, numel * es, "array");   /* NULL when empty */
  size_t offset = 0;
  for (int k = 0; k < count && numel; k++) {
    if (!items[k].numel)
      continue;
    /* Each operand's blocks in a scratch of its own, freed after its copy; the result is in
       it too, so that an error frees the result as well. */
    gw_scratch s = GW_SCRATCH_INIT;
    gw_device_keep (&scratch, result);
    s.device[s.device_count++] = result;
    cat_copy (&s, prhs[3 + k], &items[k], rcls, result, acc[0], vertical, offset);
    gw_device_keep (&s, result);
    gw_scratch_free (&s);
    scratch.device[scratch.device_count++] = result;
    offset += vertical ? items[k].rows : items[k].cols;
  }
  mxFree (items);
  plhs[0] = rcls == GM_UINT8 ? gw_make_logical_gpumat (&scratch, result, 2, acc, "array")
                             : gw_make_gpumat (&scratch, result, rcls, 2, acc, "array");
  gw_scratch_free (&scratch);
}

/* ---- random arrays (kernels/random.cu) --------------------------------------------------------- */

/* ("rand", CALLER, DIST, CLS, DIMS) */
void gw_cmd_rand (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 5)
    wrong_args ("(\"rand\", CALLER, DIST, CLS, DIMS)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  const char *area = "rand";
  char name[16];
  gw_read_string (&scratch, prhs[2], name, sizeof name, area, "Dist");
  gm_rand_dist dist = GM_RAND_UNIFORM;
  if (!strcmp (name, "uniform"))
    dist = GM_RAND_UNIFORM;
  else if (!strcmp (name, "normal"))
    dist = GM_RAND_NORMAL;
  else
    gw_fail (&scratch, "gpumat:rand:invalidDist",
             "DIST must be \"uniform\" or \"normal\", not \"%s\"", name);
  const gm_class cls = read_float_class (&scratch, prhs[3], area);
  mwSize dims[GW_MAX_DIMS];
  size_t numel, bytes;
  const mwSize nd = read_dims (&scratch, prhs[4], dims, &numel, area);
  if (gm_mul_size (numel, gm_class_size (cls), &bytes) != GM_OK || numel > (size_t) INT64_MAX)
    gw_fail (&scratch, "gpumat:rand:tooLarge", "the array is too large");
  void *d = gw_device_alloc (&scratch, bytes, area);     /* NULL for an empty array */
  if (numel > 0) {
    gm_status st = gm_rand (dist, cls, (int64_t) numel, d, 0);   /* queued, not waited for */
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
  }
  plhs[0] = gw_make_gpumat (&scratch, d, cls, nd, dims, area);
  gw_scratch_free (&scratch);
}

/* ("rng", CALLER) -> struct Seed, Counter; ("rng", CALLER, SEED) sets the seed, counter 0. */
void gw_cmd_rng (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 2 && nrhs != 3)
    wrong_args ("(\"rng\", CALLER [, SEED])");
  if (nrhs == 3) {
    const mxArray *a = prhs[2];
    /* Whole numbers 0 to 2^53: every one is exact in double, the class the seed comes in. */
    const double v = mxIsNumeric (a) && !mxIsComplex (a) && !mxIsSparse (a)
                     && mxGetNumberOfElements (a) == 1 ? mxGetScalar (a) : -1.0;
    if (!(v >= 0 && v <= 0x1.0p53 && v == floor (v)))
      gw_fail (NULL, "gpumat:rng:invalidSeed", "SEED must be a whole number from 0 to 2^53");
    gm_status st = gm_rng_set_seed ((uint64_t) v);
    if (st != GM_OK)
      gw_fail_status (NULL, st, "rng");
    return;
  }
  uint64_t seed, counter;
  gm_status st = gm_rng_state (&seed, &counter);
  if (st != GM_OK)
    gw_fail_status (NULL, st, "rng");
  const char *fields[] = {"Seed", "Counter"};
  mxArray *s = mxCreateStructMatrix (1, 1, 2, fields);
  mxSetField (s, 0, "Seed", mxCreateDoubleScalar ((double) seed));
  mxSetField (s, 0, "Counter", mxCreateDoubleScalar ((double) counter));
  plhs[0] = s;
}
