/* gw_dist.c: the MEX gateway __gpumat_dist__ of the distributed arrays (inst/@gpumat_dist, issue
 * 35): converts Octave's values for dist/gm_dist.h and raises its errors.  Commands:
 *   info = ("init")                          [rank size local_rank local_size] (starts MPI once)
 *   ("agree", ok, id, message)               collective: an error of any rank raised on all
 *   name = ("engine", library)               the p?gemm_ of that library ("": the linked
 *                                            ScaLAPACK); name = ("engine") says which is in use
 *   same = ("same", values)                  collective: every rank passed these values
 *   top = ("max", values)                    collective: each value's largest over the ranks
 *   g = ("grid", P, Q)                       collective: [context row col] (-1 outside the grid)
 *   C = ("gemm", cls, opa, opb, m, n, k, A, descA, B, descB, descC, rowsC, colsC)
 *   C = ("tran", cls, conjugate, m, n, A, descA, descC, rowsC, colsC)   C (m x n) = A.' or A'
 *   X = ("gather", cls, m, n, mb, nb, P, Q, row, col, local, root)   collective; root -1: all
 *   v = ("collect", values, root)            collective: every rank's doubles, in rank order,
 *                                            on root (-1: all); [] elsewhere
 *   X = ("bcast", cls, context, along_row, root, X, rows, cols)   collective over a grid row
 *                                            (along_row 1) or column: root's rows x cols X on all
 *   [C, done, seconds] = ("gemm_gpu", cls, context, m, n, k, A, mbA, nbA, B, mbB, nbB, rowsC,
 *                         colsC [, chunk_bytes])   collective over the grid: C = A * B on each
 *                                            rank's GPU (done 0, C [], where the GPUs cannot
 *                                            hold it); chunk_bytes (tests) sizes its messages
 * cls: 0 double, 1 single, 2 complex double, 3 complex single.  The .m layer validates the
 * arguments and sizes; what reaches here is checked again before ScaLAPACK sees it.  MPI stays
 * initialised while Octave runs (mexLock) and is finalised when Octave exits.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "mex.h"
#include "gm_dist.h"
#include "gw_octave_array.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int started;
static int outputs;   /* nlhs of this call: plhs has room for max (1, outputs) */

/* Octave's error () with an identifier, without the "__gpumat_dist__: " that
   mexErrMsgIdAndTxt puts in front of every message (as gateway_util.c raises its errors). */
static void raise (const char *id, const char *fmt, ...)
{
  char message[1200];
  va_list args;
  va_start (args, fmt);
  vsnprintf (message, sizeof message, fmt, args);
  va_end (args);
  const char *fields[] = {"message", "identifier"};
  mxArray *err = mxCreateStructMatrix (1, 1, 2, fields);
  mxSetField (err, 0, "message", mxCreateString (message));
  mxSetField (err, 0, "identifier", mxCreateString (id));
  mexCallMATLAB (0, NULL, 1, &err, "error");
  mexErrMsgIdAndTxt (id, "%s", message);          /* not reached: error () does not return */
}

static void finish (void)
{
  gm_dist_finalize ();
}

static void dist_fail (const char *reason)
{
  char id[96];
  snprintf (id, sizeof id, "gpumat:dist:%s", reason);
  raise (id, "gpumat_dist: %s", gm_dist_error ());
}

static double scalar (const mxArray *a, const char *what)
{
  if (!mxIsDouble (a) || mxIsComplex (a) || mxGetNumberOfElements (a) != 1)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: %s must be a real double "
                       "scalar", what);
  return mxGetScalar (a);
}

static void read_desc (const mxArray *a, int desc[GM_DIST_DESC_LEN])
{
  if (!mxIsDouble (a) || mxGetNumberOfElements (a) != GM_DIST_DESC_LEN)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: a descriptor is 9 doubles");
  const double *d = mxGetPr (a);
  for (int i = 0; i < GM_DIST_DESC_LEN; i++)
    desc[i] = (int) d[i];
}

static mxClassID mx_class (int cls)
{
  return cls == 1 || cls == 3 ? mxSINGLE_CLASS : mxDOUBLE_CLASS;
}

static size_t real_size (int cls)
{
  return cls == 1 || cls == 3 ? 4 : 8;
}

/* An array's data as one buffer of the class's elements (complex interleaved); *owned when it
   is a copy to free. */
static void *data_of (const mxArray *a, int cls, int *owned)
{
  *owned = 0;
  const int complex_class = cls >= 2;
  if (mxGetClassID (a) != mx_class (cls) || (mxIsComplex (a) && !complex_class))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: a local piece of another "
                       "class than the product's");
  if (!complex_class)
    return mxGetData (a);
  const size_t count = mxGetNumberOfElements (a), rs = real_size (cls);
  char *z = mxMalloc (2 * count * rs + 1);
  const char *re = mxGetData (a), *im = mxIsComplex (a) ? mxGetImagData (a) : NULL;
  for (size_t i = 0; i < count; i++) {
    memcpy (z + 2 * i * rs, re + i * rs, rs);
    if (im)
      memcpy (z + (2 * i + 1) * rs, im + i * rs, rs);
    else
      memset (z + (2 * i + 1) * rs, 0, rs);
  }
  *owned = 1;
  return z;
}

/* rows x cols array of class cls from a buffer (complex interleaved). */
static mxArray *array_of (int cls, mwSize rows, mwSize cols, const void *data)
{
  mxArray *out = mxCreateNumericMatrix (rows, cols, mx_class (cls), cls >= 2 ? mxCOMPLEX : mxREAL);
  const size_t count = (size_t) rows * cols, rs = real_size (cls);
  if (cls < 2) {
    if (count)
      memcpy (mxGetData (out), data, count * rs);
    return out;
  }
  char *re = mxGetData (out), *im = mxGetImagData (out);
  const char *z = data;
  for (size_t i = 0; i < count; i++) {
    memcpy (re + i * rs, z + 2 * i * rs, rs);
    memcpy (im + i * rs, z + (2 * i + 1) * rs, rs);
  }
  return out;
}

/* A rows x cols buffer of class cls (complex interleaved) for a distributed result. */
static void *result_buffer (int cls, mwSize rows, mwSize cols)
{
  return mxCalloc ((size_t) rows * cols * real_size (cls) * (cls >= 2 ? 2 : 1) + 16, 1);
}

/* A rows x cols result of class cls for a gm_dist call to fill at *data.  Real: an array that
   Octave made (gw_octave_array.h: returned without Octave 7.3's element-by-element copy of a
   MEX array), zeroed first where `zero` (ScaLAPACK's p?gemm and p?tran are given it as C), or
   else a MEX array.  Complex: NULL, and *data an interleaved buffer that finish_result splits
   into a MEX array (which Octave narrows to real where every imaginary part is zero, as its
   own operations do). */
static mxArray *result_array (int cls, mwSize rows, mwSize cols, int zero, void **data)
{
  if (cls >= 2) {
    *data = result_buffer (cls, rows, cols);
    return NULL;
  }
  static const char *class_text[] = {"double", "single"};
  const mwSize dims[2] = {rows, cols};
  mxArray *out = rows && cols ? gw_octave_owned_array (class_text[cls], mx_class (cls), 0, 2,
                                                       dims, data)
                              : NULL;
  if (out && zero)
    memset (*data, 0, (size_t) rows * cols * real_size (cls));
  if (!out) {
    out = mxCreateNumericMatrix (rows, cols, mx_class (cls), mxREAL);
    *data = mxGetData (out);
  }
  return out;
}

/* plhs[0] from result_array's (out, data) after a gm_dist call that returned rc; an error for
   rc != 0 (reason: the error identifier's last part), with the result freed. */
static void finish_result (mxArray *plhs[], int rc, const char *reason, int cls, mwSize rows,
                           mwSize cols, mxArray *out, void *data)
{
  if (rc != 0) {
    if (out)
      mxDestroyArray (out);
    else
      mxFree (data);
    dist_fail (reason);
  }
  if (out)
    plhs[0] = out;
  else {
    plhs[0] = array_of (cls, rows, cols, data);
    mxFree (data);
  }
}

static void cmd_init (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nrhs;
  (void) prhs;
  gm_dist_info info;
  if (gm_dist_init (&info) != 0)
    dist_fail ("noMPI");
  if (!started) {
    started = 1;
    mexLock ();
    mexAtExit (finish);
  }
  plhs[0] = mxCreateDoubleMatrix (1, 4, mxREAL);
  double *o = mxGetPr (plhs[0]);
  o[0] = info.rank;
  o[1] = info.size;
  o[2] = info.local_rank;
  o[3] = info.local_size;
}

static void cmd_engine (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs > 2 || (nrhs == 2 && !mxIsChar (prhs[1])))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"engine\" [, library])");
  if (nrhs == 2) {
    char *library = mxArrayToString (prhs[1]);
    const int rc = gm_dist_engine (library);
    mxFree (library);
    if (rc != 0)
      dist_fail ("engine");
  }
  plhs[0] = mxCreateString (gm_dist_engine_name ());
}

static void cmd_agree (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) plhs;
  if (nrhs != 4 || !mxIsChar (prhs[2]) || !mxIsChar (prhs[3]))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"agree\", ok, id, message)");
  const int ok = scalar (prhs[1], "ok") != 0;
  /* "id\tmessage", the same length on every rank */
  char text[1024];
  char *id = mxArrayToString (prhs[2]), *msg = mxArrayToString (prhs[3]);
  snprintf (text, sizeof text, "%s\t%s", id ? id : "", msg ? msg : "");
  mxFree (id);
  mxFree (msg);
  int all_ok = 0, bad = -1;
  if (gm_dist_agree (ok, text, sizeof text, &all_ok, &bad) != 0)
    dist_fail ("communication");
  if (all_ok)
    return;
  char *tab = strchr (text, '\t');
  const char *message = tab ? tab + 1 : text;
  if (tab)
    *tab = 0;
  raise (text[0] ? text : "gpumat:dist:otherRank", "rank %d: %s", bad, message);
}

static void cmd_same (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 2 || !mxIsDouble (prhs[1]) || mxIsComplex (prhs[1]))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"same\", values)");
  const size_t count = mxGetNumberOfElements (prhs[1]);
  long long *v = mxMalloc (count * sizeof *v + 1);
  const double *d = mxGetPr (prhs[1]);
  for (size_t i = 0; i < count; i++)
    v[i] = (long long) d[i];
  int same = 0;
  const int rc = gm_dist_same (v, (int) count, &same);
  mxFree (v);
  if (rc != 0)
    dist_fail ("communication");
  plhs[0] = mxCreateLogicalScalar (same);
}

static void cmd_max (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 2 || !mxIsDouble (prhs[1]) || mxIsComplex (prhs[1]))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"max\", values)");
  const size_t count = mxGetNumberOfElements (prhs[1]);
  long long *v = mxMalloc (2 * count * sizeof *v + 1);
  const double *d = mxGetPr (prhs[1]);
  for (size_t i = 0; i < count; i++)
    v[i] = (long long) d[i];
  const int rc = gm_dist_max (v, (int) count, v + count);
  if (rc != 0) {
    mxFree (v);
    dist_fail ("communication");
  }
  plhs[0] = mxCreateDoubleMatrix (1, count, mxREAL);
  for (size_t i = 0; i < count; i++)
    mxGetPr (plhs[0])[i] = (double) v[count + i];
  mxFree (v);
}

static void cmd_grid (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 3)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"grid\", P, Q)");
  int context = -1, row = -1, col = -1;
  const double P = scalar (prhs[1], "P"), Q = scalar (prhs[2], "Q");
  if (!(P >= 1 && P <= INT_MAX && Q >= 1 && Q <= INT_MAX))
    raise ("gpumat:dist:gridTooLarge", "gpumat_dist_grid: a %g x %g grid is more ranks than MPI "
           "counts", P, Q);
  if (gm_dist_grid ((int) P, (int) Q, &context, &row, &col) != 0)
    dist_fail ("gridTooLarge");
  plhs[0] = mxCreateDoubleMatrix (1, 3, mxREAL);
  double *o = mxGetPr (plhs[0]);
  o[0] = context;
  o[1] = row;
  o[2] = col;
}

static void cmd_gemm (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 14)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"gemm\", cls, opa, opb, "
                       "m, n, k, A, descA, B, descB, descC, rowsC, colsC)");
  const int cls = (int) scalar (prhs[1], "cls");
  const char opa = (char) scalar (prhs[2], "opa"), opb = (char) scalar (prhs[3], "opb");
  const long long m = (long long) scalar (prhs[4], "m"), n = (long long) scalar (prhs[5], "n"),
                  k = (long long) scalar (prhs[6], "k");
  int descA[GM_DIST_DESC_LEN], descB[GM_DIST_DESC_LEN], descC[GM_DIST_DESC_LEN];
  read_desc (prhs[8], descA);
  read_desc (prhs[10], descB);
  read_desc (prhs[11], descC);
  const mwSize rows = (mwSize) scalar (prhs[12], "rowsC"), cols = (mwSize) scalar (prhs[13], "colsC");
  int ownA = 0, ownB = 0;
  void *A = data_of (prhs[7], cls, &ownA), *B = data_of (prhs[9], cls, &ownB), *C;
  mxArray *out = result_array (cls, rows, cols, 1, &C);
  const int rc = gm_dist_gemm ((gm_dist_class) cls, opa, opb, m, n, k, A,
                               (long long) mxGetNumberOfElements (prhs[7]), descA, B,
                               (long long) mxGetNumberOfElements (prhs[9]), descB, C,
                               (long long) rows * (long long) cols, descC);
  if (ownA)
    mxFree (A);
  if (ownB)
    mxFree (B);
  finish_result (plhs, rc, rc == -2 ? "invalidArgument" : "tooLarge", cls, rows, cols, out, C);
}

/* [C, done, seconds, route, note] = ("gemm_gpu", cls, context, m, n, k, A, mbA, nbA, B, mbB,
   nbB, rowsC, colsC [, chunk_bytes [, routes]]): C = A * B on each rank's GPU
   (gm_dist_gemm_gpu), collective over the grid; done 0 (and C empty) where some rank's GPU
   could not hold the product's buffers.  routes: 1 peer, 2 broadcast, 3 (default) the first
   of them that runs; route: the one taken (0: none); note: why not the peer route. */
static void cmd_gemm_gpu (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs < 14 || nrhs > 16)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"gemm_gpu\", cls, context, m, n, "
           "k, A, mbA, nbA, B, mbB, nbB, rowsC, colsC [, chunk_bytes [, routes]])");
  const int cls = (int) scalar (prhs[1], "cls"), context = (int) scalar (prhs[2], "context");
  const long long m = (long long) scalar (prhs[3], "m"), n = (long long) scalar (prhs[4], "n"),
                  k = (long long) scalar (prhs[5], "k");
  const long long mbA = (long long) scalar (prhs[7], "mbA"),
                  nbA = (long long) scalar (prhs[8], "nbA"),
                  mbB = (long long) scalar (prhs[10], "mbB"),
                  nbB = (long long) scalar (prhs[11], "nbB");
  const mwSize rows = (mwSize) scalar (prhs[12], "rowsC"),
               cols = (mwSize) scalar (prhs[13], "colsC");
  const double chunk = nrhs >= 15 ? scalar (prhs[14], "chunk_bytes") : 0;
  const double routes = nrhs == 16 ? scalar (prhs[15], "routes") : GM_DIST_ROUTE_ANY;
  if (cls < 0 || cls > 3 || mbA < 1 || nbA < 1 || mbB < 1 || nbB < 1 || !(chunk >= 0)
      || chunk > (double) INT_MAX || !(routes == 1 || routes == 2 || routes == 3))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: gemm_gpu's class, blocks or routes");
  int ownA = 0, ownB = 0, fits = 0;
  void *A = data_of (prhs[6], cls, &ownA), *B = data_of (prhs[9], cls, &ownB);
  /* a real result straight into an array Octave made (as a MEX array, a 6.4 GB piece of a
     40000^2 product made the call from Octave 9 s longer than the engine's 6.7 s) */
  void *C;
  mxArray *out = result_array (cls, rows, cols, 0, &C);
  double seconds[3];
  int used = GM_DIST_ROUTE_NONE;
  const int rc = gm_dist_gemm_gpu ((gm_dist_class) cls, context, m, n, k, A, mbA, nbA, B, mbB,
                                   nbB, C, (size_t) chunk, (int) routes, &fits, &used, seconds);
  if (ownA)
    mxFree (A);
  if (ownB)
    mxFree (B);
  if (rc == 0 && !fits) {
    if (out)
      mxDestroyArray (out);
    else
      mxFree (C);
    plhs[0] = mxCreateDoubleMatrix (0, 0, mxREAL);
  } else
    finish_result (plhs, rc, "gpu", cls, rows, cols, out, C);
  if (outputs > 1)
    plhs[1] = mxCreateDoubleScalar (fits);
  if (outputs > 2) {
    plhs[2] = mxCreateDoubleMatrix (1, 3, mxREAL);
    memcpy (mxGetPr (plhs[2]), seconds, sizeof seconds);
  }
  if (outputs > 3)
    plhs[3] = mxCreateDoubleScalar (used);
  if (outputs > 4)
    plhs[4] = mxCreateString (gm_dist_peer_note ());
}

static void cmd_tran (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 10)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"tran\", cls, conjugate, m, n, A, "
           "descA, descC, rowsC, colsC)");
  const int cls = (int) scalar (prhs[1], "cls"), conjugate = scalar (prhs[2], "conjugate") != 0;
  const long long m = (long long) scalar (prhs[3], "m"), n = (long long) scalar (prhs[4], "n");
  int descA[GM_DIST_DESC_LEN], descC[GM_DIST_DESC_LEN];
  read_desc (prhs[6], descA);
  read_desc (prhs[7], descC);
  const mwSize rows = (mwSize) scalar (prhs[8], "rowsC"), cols = (mwSize) scalar (prhs[9], "colsC");
  int own = 0;
  void *A = data_of (prhs[5], cls, &own), *C;
  mxArray *out = result_array (cls, rows, cols, 1, &C);
  const int rc = gm_dist_tran ((gm_dist_class) cls, conjugate, m, n, A,
                               (long long) mxGetNumberOfElements (prhs[5]), descA, C,
                               (long long) rows * (long long) cols, descC);
  if (own)
    mxFree (A);
  finish_result (plhs, rc, rc == -2 ? "invalidArgument" : "tooLarge", cls, rows, cols, out, C);
}

static void cmd_gather (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 12)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"gather\", cls, m, n, "
                       "mb, nb, P, Q, row, col, local, root)");
  const int cls = (int) scalar (prhs[1], "cls");
  const long long m = (long long) scalar (prhs[2], "m"), n = (long long) scalar (prhs[3], "n"),
                  mb = (long long) scalar (prhs[4], "mb"), nb = (long long) scalar (prhs[5], "nb");
  const int P = (int) scalar (prhs[6], "P"), Q = (int) scalar (prhs[7], "Q"),
            row = (int) scalar (prhs[8], "row"), col = (int) scalar (prhs[9], "col"),
            root = (int) scalar (prhs[11], "root");
  const long long rows = row < 0 ? 0 : gm_dist_local_count (m, mb, row, P),
                  cols = col < 0 ? 0 : gm_dist_local_count (n, nb, col, Q);
  if (row >= 0 && ((long long) mxGetM (prhs[10]) != rows || (long long) mxGetN (prhs[10]) != cols))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: the local piece is %dx%d, "
                       "its place in the grid holds %lldx%lld", (int) mxGetM (prhs[10]),
                       (int) mxGetN (prhs[10]), rows, cols);
  int own = 0;
  void *local = row < 0 ? NULL : data_of (prhs[10], cls, &own);
  const int here = root < 0 || root == gm_dist_rank ();
  void *data = NULL;
  mxArray *out = here ? result_array (cls, (mwSize) m, (mwSize) n, 0, &data) : NULL;
  const int rc = gm_dist_gather ((gm_dist_class) cls, m, n, mb, nb, P, Q, row, col, local, rows,
                                 cols, root, data);
  if (own)
    mxFree (local);
  if (here)
    finish_result (plhs, rc, "tooLarge", cls, (mwSize) m, (mwSize) n, out, data);
  else if (rc != 0)
    dist_fail ("tooLarge");
  else
    plhs[0] = mxCreateNumericMatrix (0, 0, mx_class (cls), mxREAL);
}

static void cmd_collect (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 3 || !mxIsDouble (prhs[1]) || mxIsComplex (prhs[1]))
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"collect\", values, root)");
  double *out = NULL;
  long long total = 0;
  if (gm_dist_collect (mxGetPr (prhs[1]), (long long) mxGetNumberOfElements (prhs[1]),
                       (int) scalar (prhs[2], "root"), &out, &total) != 0)
    dist_fail ("tooLarge");
  plhs[0] = mxCreateDoubleMatrix (out ? (mwSize) total : 0, out ? 1 : 0, mxREAL);
  if (out && total)
    memcpy (mxGetPr (plhs[0]), out, (size_t) total * sizeof (double));
  free (out);
}

static void cmd_bcast (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 8)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: (\"bcast\", cls, context, along_row, "
           "root, X, rows, cols)");
  const int cls = (int) scalar (prhs[1], "cls"), context = (int) scalar (prhs[2], "context");
  const int along_row = scalar (prhs[3], "along_row") != 0, root = (int) scalar (prhs[4], "root");
  const mwSize rows = (mwSize) scalar (prhs[6], "rows"), cols = (mwSize) scalar (prhs[7], "cols");
  const size_t bytes = (size_t) rows * cols * real_size (cls) * (cls >= 2 ? 2 : 1);
  /* the root's panel (interleaved where complex) is copied into the result and broadcast from
     there; the others receive into theirs */
  int own = 0, sender = 0;
  if (gm_dist_bcast_root (context, along_row, root, &sender) != 0)
    dist_fail ("communication");
  if (sender && mxGetNumberOfElements (prhs[5]) != (size_t) rows * cols)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: the root's panel is not %dx%d",
           (int) rows, (int) cols);
  void *data, *panel = sender ? data_of (prhs[5], cls, &own) : NULL;
  mxArray *out = result_array (cls, rows, cols, 0, &data);
  if (sender && bytes)
    memcpy (data, panel, bytes);
  if (own)
    mxFree (panel);
  const int rc = gm_dist_bcast (context, along_row, root, data, (long long) bytes);
  finish_result (plhs, rc, "communication", cls, rows, cols, out, data);
}

/* The commands, one row each. */
static const struct {
  const char *name;
  void (*run) (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
} commands[] = {
  {"init", cmd_init},       {"engine", cmd_engine}, {"agree", cmd_agree},
  {"same", cmd_same},       {"max", cmd_max},       {"grid", cmd_grid},
  {"gemm", cmd_gemm},       {"tran", cmd_tran},     {"gather", cmd_gather},
  {"collect", cmd_collect}, {"bcast", cmd_bcast},   {"gemm_gpu", cmd_gemm_gpu},
};

void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  outputs = nlhs;
  char cmd[16] = "";
  if (nrhs < 1 || !mxIsChar (prhs[0]) || mxGetString (prhs[0], cmd, sizeof cmd) != 0)
    raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: the first argument names a "
           "command");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp (cmd, commands[i].name)) {
      commands[i].run (plhs, nrhs, prhs);
      return;
    }
  raise ("gpumat:dist:invalidArgument", "__gpumat_dist__: no command \"%s\"", cmd);
}
