/* gpumat_mex.c: __gpumat__, the one gateway behind every gpumat function.
 *
 *   __gpumat__ (COMMAND, CALLER, ARGS...): CALLER is the name error messages start with.
 *
 *   ("mul", CALLER, A, B, KERNEL)            A * B; a gpumat operand gives a gpumat result
 *   ("dot", CALLER, X, Y, PRE, LEN, POST, OUTDIMS)  sums over the middle of PRE x LEN x POST
 *   ("upload", CALLER, A)      -> descriptor {ptr, dims, cls} of a new device array
 *   ("gather", CALLER, G)      -> the host array of gpumat G
 *   ("free", CALLER, PTR)      releases a device array (a gpumat object's delete)
 *   ("available", CALLER)      true or false, never an error
 *   ("device", CALLER)         struct describing the GPU
 *   ("kernels", CALLER)        cell array of the matmul kernel names
 *   ("mul_time", CALLER, G, H, KERNEL, REPEATS)  median ms of the kernel alone (CUDA events)
 *   ("sync" | "reset" | "usage", CALLER)
 *
 * Why one gateway: with the CUDA runtime linked statically, every .mex file gets a runtime of
 * its own, and a device pointer made by one is not valid in another.  One gateway means one
 * runtime, so a gpumat array made by gpumat () works in gpumat_mul and gpumat_dot.
 *
 * The gateway is locked in memory (mexLock) on first use: clearing it would strand the device
 * memory of live gpumat arrays.  At Octave's exit, mexAtExit returns the caches and the pinned
 * pool and stops the transfer threads.
 *
 * The public functions in inst/ check argument counts and document the calls; this file reads
 * and converts the arrays (gpumat objects included, through their `desc` property) and turns
 * every kernels/ status into an Octave error named after the public function.  Doing this
 * here rather than in the .m files keeps a 16x16 product's own cost low: try/catch and type
 * tests in the wrapper cost about 8 us a call.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"

static void at_exit (void)
{
  gm_reset ();
}

static void expect_args (int nrhs, int wanted, const char *command)
{
  if (nrhs != wanted)
    gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__ (\"%s\", CALLER, ...) takes %d arguments",
             command, wanted - 2);
}

/* ---- mul -------------------------------------------------------------------------------------- */

static void unknown_kernel (gw_scratch *scratch, const char *name)
{
  char names[256] = "";
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++) {
    const char *kernel = gm_matmul_kernel_name ((gm_matmul_kernel) k);
    if (!kernel)
      continue;
    strncat (names, k ? ", " : "", sizeof names - strlen (names) - 1);
    strncat (names, kernel, sizeof names - strlen (names) - 1);
  }
  gw_fail (scratch, "gpumat:mul:unknownKernel", "unknown kernel '%s': use one of %s", name,
           names);
}

static gm_matmul_kernel read_kernel (gw_scratch *scratch, const mxArray *arg)
{
  char name[32];
  gm_matmul_kernel kernel;
  gw_read_string (scratch, arg, name, sizeof name, "mul", "Kernel");
  if (gm_matmul_kernel_from_name (name, &kernel) != GM_OK)
    unknown_kernel (scratch, name);
  return kernel;
}

static void cmd_mul (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_B, IN_KERNEL, IN_COUNT };
  expect_args (nrhs, IN_COUNT, "mul");
  gw_scratch scratch = {{0}, 0, {0}, 0};
  const gm_matmul_kernel kernel = read_kernel (&scratch, prhs[IN_KERNEL]);

  gw_operand A, B;
  gw_read_operand (&scratch, prhs[IN_A], "mul", "A", &A);
  gw_read_operand (&scratch, prhs[IN_B], "mul", "B", &B);
  char a_dims[64], b_dims[64];
  gw_format_dims (a_dims, sizeof a_dims, A.ndims, A.dims);
  gw_format_dims (b_dims, sizeof b_dims, B.ndims, B.dims);
  if (A.ndims > 2 || B.ndims > 2)
    gw_fail (&scratch, "gpumat:mul:ndArray",
             "matrix product of N-D arrays (op1 is %s, op2 is %s): reshape them to 2-D first",
             a_dims, b_dims);
  /* A scalar operand scales the other, whatever its size, as `*` does. */
  const int a_scalar = A.numel == 1, b_scalar = B.numel == 1;
  if (!a_scalar && !b_scalar && A.dims[1] != B.dims[0])
    gw_fail (&scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", a_dims, b_dims);

  const gm_class cls = (A.cls == GM_SINGLE || B.cls == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
  gw_convert_operand (&scratch, &A, cls, "mul");
  gw_convert_operand (&scratch, &B, cls, "mul");
  const gw_operand *scalar = a_scalar ? &A : b_scalar ? &B : NULL;
  const gw_operand *other = a_scalar ? &B : &A;
  mwSize out_dims[2];
  if (scalar) {
    out_dims[0] = other->dims[0];
    out_dims[1] = other->dims[1];
  } else {
    out_dims[0] = A.dims[0];
    out_dims[1] = B.dims[1];
  }
  const int64_t m = A.dims[0], k = A.dims[1], n = B.dims[1];
  const int64_t lda = m > 1 ? m : 1, ldb = k > 1 ? k : 1;
  /* Empty operands can have huge sizes (zeros (2^40, 0) * zeros (0, 2^40)). */
  size_t count, out_bytes;
  if (gm_mul_size (out_dims[0], out_dims[1], &count) != GM_OK
      || gm_mul_size (count, gm_class_size (cls), &out_bytes) != GM_OK)
    gw_fail (&scratch, "gpumat:mul:tooLarge", "the result (%zux%zu) is too large",
             (size_t) out_dims[0], (size_t) out_dims[1]);
  gm_status st;

  if (!A.on_device && !B.on_device) {
    mxArray *out = gw_make_host_array (cls, 2, out_dims);
    if (scalar)
      st = gm_scale_host (cls, (int64_t) other->numel, scalar->host, other->host,
                          gw_array_data (out));
    else
      st = gm_matmul_host (kernel, cls, m, n, k, A.host, B.host, gw_array_data (out));
    if (st != GM_OK) {
      mxDestroyArray (out);
      gw_fail_status (&scratch, st, "mul");
    }
    gw_scratch_free (&scratch);
    plhs[0] = out;
    return;
  }

  /* A gpumat operand: the result stays on the device. */
  gw_upload_operand (&scratch, &A, "mul");
  gw_upload_operand (&scratch, &B, "mul");
  void *d_C = gw_device_alloc (&scratch, out_bytes, "mul");
  if (count == 0)
    st = GM_OK;
  else if (scalar)
    st = gm_scale (cls, (int64_t) count, scalar->device, other->device, d_C, 0);
  else
    st = gm_matmul (kernel, cls, m, n, k, A.device, lda, B.device, ldb, d_C, m, 0);
  if (st == GM_OK)
    st = gm_sync ();               /* the call returns once its result is complete */
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "mul");
  plhs[0] = gw_make_gpumat (&scratch, d_C, cls, 2, out_dims, "mul");
  gw_scratch_free (&scratch);
}

/* ---- dot -------------------------------------------------------------------------------------- */

static void cmd_dot (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_X = 2, IN_Y, IN_PRE, IN_LEN, IN_POST, IN_OUTDIMS, IN_COUNT };
  expect_args (nrhs, IN_COUNT, "dot");
  gw_scratch scratch = {{0}, 0, {0}, 0};
  gw_operand x, y;
  gw_read_operand (&scratch, prhs[IN_X], "dot", "X", &x);
  gw_read_operand (&scratch, prhs[IN_Y], "dot", "Y", &y);
  const int64_t pre = gw_read_count (&scratch, prhs[IN_PRE], 0, "dot", "Pre");
  const int64_t len = gw_read_count (&scratch, prhs[IN_LEN], 0, "dot", "Len");
  const int64_t post = gw_read_count (&scratch, prhs[IN_POST], 0, "dot", "Post");
  size_t total, out_count;
  if (gm_mul_size3 ((size_t) pre, (size_t) len, (size_t) post, &total) != GM_OK
      || total != x.numel || total != y.numel)
    gw_fail (&scratch, "gpumat:dot:sizeMismatch", "sizes of X and Y must match");
  const mxArray *od = prhs[IN_OUTDIMS];
  mwSize out_ndims = mxGetNumberOfElements (od), out_dims[GW_MAX_DIMS];
  if (!mxIsDouble (od) || out_ndims < 2 || out_ndims > GW_MAX_DIMS)
    gw_fail (&scratch, "gpumat:internal", "invalid output size");
  size_t pre_post;
  if (gm_mul_size ((size_t) pre, (size_t) post, &pre_post) != GM_OK
      || gm_mul_size (pre_post, gm_class_size (GM_DOUBLE), &total) != GM_OK)
    gw_fail (&scratch, "gpumat:dot:tooLarge", "the result is too large");
  out_count = 1;
  for (mwSize i = 0; i < out_ndims; i++) {
    out_dims[i] = (mwSize) mxGetPr (od)[i];
    out_count *= out_dims[i];
  }
  if (out_count != pre_post)
    gw_fail (&scratch, "gpumat:internal", "output size does not match the reduction");

  const gm_class cls = (x.cls == GM_SINGLE || y.cls == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
  gm_status st;
  if (!x.on_device && !y.on_device) {
    /* Single inputs are read as single and summed in double on the GPU; a double input mixed
       with a single one is rounded to single first, as in Octave. */
    gw_convert_operand (&scratch, &x, cls, "dot");
    gw_convert_operand (&scratch, &y, cls, "dot");
    mxArray *out = gw_make_host_array (cls, out_ndims, out_dims);
    st = gm_dot_host (cls, pre, len, post, x.host, y.host, gw_array_data (out));
    if (st != GM_OK) {
      mxDestroyArray (out);
      gw_fail_status (&scratch, st, "dot");
    }
    gw_scratch_free (&scratch);
    plhs[0] = out;
    return;
  }
  gw_convert_operand (&scratch, &x, cls, "dot");
  gw_convert_operand (&scratch, &y, cls, "dot");
  gw_upload_operand (&scratch, &x, "dot");
  gw_upload_operand (&scratch, &y, "dot");
  void *d_out = gw_device_alloc (&scratch, out_count * gm_class_size (cls), "dot");
  st = out_count ? gm_dot_device (cls, pre, len, post, x.device, y.device, d_out) : GM_OK;
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "dot");
  plhs[0] = gw_make_gpumat (&scratch, d_out, cls, out_ndims, out_dims, "dot");
  gw_scratch_free (&scratch);
}

/* ("mul_time", CALLER, G, H, KERNEL, REPEATS): median milliseconds of the kernel alone on two
   gpumat operands of one class, timed with CUDA events (for bench/bench_end_to_end.m, which
   compares it with G * H timed from Octave). */
static void cmd_mul_time (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_G = 2, IN_H, IN_KERNEL, IN_REPEATS, IN_COUNT };
  expect_args (nrhs, IN_COUNT, "mul_time");
  gw_scratch scratch = {{0}, 0, {0}, 0};
  const gm_matmul_kernel kernel = read_kernel (&scratch, prhs[IN_KERNEL]);
  gw_operand G, H;
  gw_read_operand (&scratch, prhs[IN_G], "mul", "G", &G);
  gw_read_operand (&scratch, prhs[IN_H], "mul", "H", &H);
  const int64_t repeats = gw_read_count (&scratch, prhs[IN_REPEATS], 1, "mul", "Repeats");
  if (!G.on_device || !H.on_device || G.cls != H.cls || G.ndims > 2 || H.ndims > 2
      || G.dims[1] != H.dims[0])
    gw_fail (&scratch, "gpumat:mul:invalidArgument",
             "mul_time takes two conformant gpumat matrices of one class");
  double ms = 0;
  gm_status st = gm_matmul_event_time (kernel, G.cls, G.dims[0], H.dims[1], G.dims[1], G.device,
                                       H.device, (int) repeats, &ms);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "mul");
  plhs[0] = mxCreateDoubleScalar (ms);
}

/* ---- gpumat arrays ---------------------------------------------------------------------------- */

static void cmd_upload (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "upload");
  gw_scratch scratch = {{0}, 0, {0}, 0};
  gw_operand A;
  gw_read_operand (&scratch, prhs[2], "array", "A", &A);
  if (A.on_device)
    gw_fail (&scratch, "gpumat:internal", "already a gpumat array");
  const size_t bytes = A.numel * gm_class_size (A.cls);
  void *d = gw_device_alloc (&scratch, bytes, "array");
  gm_status st = gm_copy_to_device (d, A.host, bytes);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "array");
  gw_device_keep (&scratch, d);
  gw_scratch_free (&scratch);
  plhs[0] = gw_make_descriptor (d, A.cls, A.ndims, A.dims);
}

static void cmd_gather (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "gather");
  gw_scratch scratch = {{0}, 0, {0}, 0};
  gw_operand A;
  gw_read_operand (&scratch, prhs[2], "array", "G", &A);
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:internal", "not a gpumat array");
  mxArray *out = gw_make_host_array (A.cls, A.ndims, A.dims);
  gm_status st = gm_copy_to_host (gw_array_data (out), A.device, A.numel * gm_class_size (A.cls));
  if (st != GM_OK) {
    mxDestroyArray (out);
    gw_fail_status (&scratch, st, "array");
  }
  plhs[0] = out;
}

static void cmd_free (int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "free");
  if (!mxIsUint64 (prhs[2]) || mxGetNumberOfElements (prhs[2]) != 1)
    gw_fail (NULL, "gpumat:internal", "free takes a uint64 address");
  /* gm_device_free ignores addresses it did not hand out, so a double free is harmless. */
  gm_device_free ((void *) (uintptr_t) *(const uint64_t *) mxGetData (prhs[2]));
}

/* ---- device ----------------------------------------------------------------------------------- */

static mxArray *scalar (double v) { return mxCreateDoubleScalar (v); }

static void cmd_device (mxArray *plhs[])
{
  gm_device_info info;
  gm_status st = gm_device_query (&info);
  if (st != GM_OK)
    gw_fail_status (NULL, st, "device");
  const char *fields[] = {"Name", "ComputeCapability", "MultiprocessorCount", "TotalMemory",
                          "FreeMemory", "DriverVersion", "RuntimeVersion"};
  char cc[32], driver[32], runtime[32];
  snprintf (cc, sizeof cc, "%d.%d", info.major, info.minor);
  snprintf (driver, sizeof driver, "%d.%d", info.driver_version / 1000,
            info.driver_version % 1000 / 10);
  snprintf (runtime, sizeof runtime, "%d.%d", info.runtime_version / 1000,
            info.runtime_version % 1000 / 10);
  mxArray *s = mxCreateStructMatrix (1, 1, 7, fields);
  mxSetField (s, 0, "Name", mxCreateString (info.name));
  mxSetField (s, 0, "ComputeCapability", mxCreateString (cc));
  mxSetField (s, 0, "MultiprocessorCount", scalar (info.multiprocessors));
  mxSetField (s, 0, "TotalMemory", scalar ((double) info.total_bytes));
  mxSetField (s, 0, "FreeMemory", scalar ((double) info.free_bytes));
  mxSetField (s, 0, "DriverVersion", mxCreateString (driver));
  mxSetField (s, 0, "RuntimeVersion", mxCreateString (runtime));
  plhs[0] = s;
}

static void cmd_kernels (mxArray *plhs[])
{
  mxArray *names = mxCreateCellMatrix (1, GM_MATMUL_KERNEL_COUNT);
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++)
    mxSetCell (names, k, mxCreateString (gm_matmul_kernel_name ((gm_matmul_kernel) k)));
  plhs[0] = names;
}

static void cmd_usage (mxArray *plhs[])
{
  size_t blocks, live, cached;
  gm_device_usage (&blocks, &live, &cached);
  mxArray *u = mxCreateDoubleMatrix (1, 3, mxREAL);
  mxGetPr (u)[0] = (double) blocks;
  mxGetPr (u)[1] = (double) live;
  mxGetPr (u)[2] = (double) cached;
  plhs[0] = u;
}

void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  static int locked;
  char command[16];
  (void) nlhs;
  if (!locked) {
    mexLock ();
    mexAtExit (at_exit);
    locked = 1;
  }
  static char caller[64];
  if (nrhs < 2 || !mxIsChar (prhs[0]) || mxGetString (prhs[0], command, sizeof command) != 0
      || !mxIsChar (prhs[1]) || mxGetString (prhs[1], caller, sizeof caller) != 0)
    mexErrMsgIdAndTxt ("Octave:invalid-fun-call", "usage: __gpumat__ (COMMAND, CALLER, ...)");
  gw_set_caller (caller);

  if (!strcmp (command, "mul"))
    cmd_mul (plhs, nrhs, prhs);
  else if (!strcmp (command, "mul_time"))
    cmd_mul_time (plhs, nrhs, prhs);
  else if (!strcmp (command, "dot"))
    cmd_dot (plhs, nrhs, prhs);
  else if (!strcmp (command, "upload"))
    cmd_upload (plhs, nrhs, prhs);
  else if (!strcmp (command, "gather"))
    cmd_gather (plhs, nrhs, prhs);
  else if (!strcmp (command, "free"))
    cmd_free (nrhs, prhs);
  else if (!strcmp (command, "available"))
    plhs[0] = mxCreateLogicalScalar (gm_available () ? 1 : 0);
  else if (!strcmp (command, "device"))
    cmd_device (plhs);
  else if (!strcmp (command, "kernels"))
    cmd_kernels (plhs);
  else if (!strcmp (command, "usage"))
    cmd_usage (plhs);
  else if (!strcmp (command, "sync")) {
    gm_status st = gm_sync ();
    if (st != GM_OK)
      gw_fail_status (NULL, st, "sync");
  } else if (!strcmp (command, "reset"))
    gm_reset ();
  else
    gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__: unknown command '%s'", command);
}
