/* gpumat_mex.c: __gpumat__, the one gateway behind every gpumat function.
 *
 *   __gpumat__ (COMMAND, CALLER, ARGS...): CALLER is the name error messages start with.
 *
 *   ("mul", CALLER, A, B, KERNEL)            A * B; a gpumat operand gives a gpumat result
 *   ("mul", CALLER, A, OPA, B, OPB, KERNEL)  op(A) * op(B), OP "none", "transpose", "ctranspose"
 *                              either form with a trailing OPTIONS: bytes (maxDeviceMemory) or
 *                              a struct with fields maxDeviceMemory and devices
 *   ("pagemtimes", CALLER, X, OPX, Y, OPY, KERNEL)  page-wise op(X) * op(Y), broadcasting pages
 *   ("dot", CALLER, X, Y, PRE, LEN, POST, OUTDIMS)  sums over the middle of PRE x LEN x POST
 *                              (the products and dot: gw_matmul.c)
 *   ("binary" | "unary" | "reduce" | "norm" | "convert", CALLER, ...)  element-wise operations,
 *                              reductions, norms and class conversions (gw_elementwise.c)
 *   ("upload", CALLER, A)      -> descriptor (mex/descriptor.h) of a new device array
 *   ("gather", CALLER, G)      -> the host array of gpumat G (a view G' transposed first)
 *   ("copy", CALLER, G)        -> descriptor of a device copy of G laid out as its size
 *   ("fill" | "reshape" | "cat", CALLER, ...)  gpumat.zeros/ones/eye, reshape, [A, B] and [A; B]
 *                              (gw_arrays.c)
 *   ("rand" | "rng", CALLER, ...)  gpumat.rand / randn, and gpumat_rng's seed (gw_arrays.c)
 *   ("scan", CALLER, OP, A, DIM, PARAM)  cumsum, cumprod, prod, diff, var, std (gw_scan.c;
 *                              complex prod, cumprod and diff: gw_complex_reduce.c)
 *   ("ireduce", CALLER, OP, A, DIM)  sum, cumsum and prod "native", max and min of integer
 *                              data in the class (gw_reduce_int.c)
 *   ("permute" | "flip" | "circshift" | "repmat" | "diag" | "tri" | "catnd" | "kron", CALLER,
 *                              ...)  element moves of any class, and kron (gw_shape.c)
 *   ("index", [CALLER,] G, OUTDIMS, I1, ..., In)  G(I1, ..., In) -> descriptor; ("assign",
 *                              [CALLER,] G, V, I1, ..., In) G(I1, ..., In) = V in place;
 *                              ("resize", [CALLER,] G, NEWDIMS) -> descriptor (gw_index.c).
 *                              CALLER optional: Octave's own index errors are unprefixed
 *   ("check", CALLER, G)       nothing, or gpumat:array:invalidHandle for a stale G (existsOnGPU)
 *   ("free", CALLER, PTRS)     releases device arrays (uint64 addresses: blocks whose last
 *                              gpumat value went)
 *   ("host_address" | "host_echo", CALLER, X)  GPU-free checks of the complex input path
 *   ("available", CALLER)      true or false, never an error
 *   ("device", CALLER [, "devices", LIST])  struct describing the GPUs (setting the default
 *                              device list of host-array products first)
 *   ("kernels", CALLER)        cell array of the matmul kernel names [, struct array of the
 *                              kernel registry's rows] (device, kernels, usage: gw_device.c)
 *   ("mul_time", CALLER, G, [OPG,] H, [OPH,] KERNEL, REPEATS)  median ms of the kernel alone
 *   ("sync" | "reset" | "usage", CALLER)
 *   ("tuning_reload", CALLER)  reads the GPUMAT_* variables again (doc/TUNING.md)
 *   ("fault", CALLER)          queues a kernel that faults (tests of the deferred error path)
 *   ("sort" | "find" | "nnz" | "median", CALLER, ...)  sort, find, nnz and median (gw_sort.c)
 *   ("eig" | "svd" | "qr", CALLER, A [, ECON])  eig of Hermitian matrices, svd, qr (gw_linalg.c)
 *
 * One stream, in order (issue 12): a command whose result stays on the GPU queues its work on
 * stream 0 and returns without waiting, so that Octave prepares the next call while the GPU
 * works; commands that return host values wait (their copies to the host do), and so does
 * ("sync").  A fault in queued work surfaces at the next wait (or launch) as gpumat:cudaError;
 * ("reset") frees the lost context; CUDA gives the process no new one (kernels/memory.cu).
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
 * and converts the arrays (gpumat arrays included, as the descriptors mex/gpumat_value.cc passes) and turns
 * every kernels/ status into an Octave error named after the public function.  Doing this
 * here rather than in the .m files keeps a 16x16 product's own cost low: try/catch and type
 * tests in the wrapper cost about 8 us a call.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_matmul.h"
#include "gw_device.h"
#include "gw_elementwise.h"
#include "gw_arrays.h"
#include "gw_index.h"
#include "gw_scan.h"
#include "gw_reduce_int.h"
#include "gw_shape.h"
#include "gw_fft.h"
#include "gw_solve.h"
#include "gw_sort.h"
#include "gw_make.h"
#include "gw_linalg.h"

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

/* ---- gpumat arrays ---------------------------------------------------------------------------- */

static void cmd_upload (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "upload");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand (&scratch, prhs[2], "array", "A", &A);
  if (A.on_device)
    gw_fail (&scratch, "gpumat:internal", "already a gpumat array");
  const size_t bytes = A.numel * gm_class_size (A.cls);
  void *d = gw_device_alloc (&scratch, bytes, "array");
  gm_status st = gm_copy_to_device_async (d, A.host, bytes);    /* queued when small */
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "array");
  gw_device_keep (&scratch, d);
  gw_scratch_free (&scratch);
  plhs[0] = gw_make_descriptor (d, A.cls, A.ndims, A.dims);
}

static void cmd_gather (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "gather");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[2], "array", "G", &A);    /* a logical stays logical */
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:internal", "not a gpumat array");
  /* gather (G'): transposed (and conjugated) once, here; complex data come back complex, in
     Octave's own storage (no element-by-element copy on return). */
  plhs[0] = gw_gather_operand (&scratch, &A, "array");
  gw_scratch_free (&scratch);
}

/* ("copy", CALLER, G) -> descriptor of a new device array holding G's data laid out as G's
   size: gpumat (G) of a gpumat array or of a view G' (transposed, conjugated for a complex
   G', here, on the device). */
static void cmd_copy (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "copy");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[2], "array", "G", &A);    /* a logical stays logical */
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:internal", "not a gpumat array");
  const void *src = A.device;
  gw_materialize_operand (&scratch, &A, "array");
  void *d;
  if (A.device != src) {
    d = A.device;                   /* the materialized view is the copy */
  } else {
    d = gw_device_alloc (&scratch, A.numel * gm_class_size (A.cls), "array");
    /* a copy: the column of all elements into a row */
    gm_status st = A.numel ? gm_transpose (A.cls, (int64_t) A.numel, 1, A.device,
                                           (int64_t) A.numel, d, 1, 0)
                           : GM_OK;
    if (st != GM_OK)
      gw_fail_status (&scratch, st, "array");
  }
  gw_device_keep (&scratch, d);
  gw_scratch_free (&scratch);
  plhs[0] = gw_make_descriptor (d, A.cls, A.ndims, A.dims);
  if (A.logical)
    gw_descriptor_set_logical (plhs[0]);
}

/* Checks that need no GPU, for the tests (tests/ and inst/gpumat.m):
   ("host_address", CALLER, X) -> uint64 address the gateway reads X's elements from (Octave's
   own storage for a complex matrix, through __gpumat_address__);
   ("host_echo", CALLER, X) -> X read as an operand and written back through a host result
   (a complex X is narrowed as a product's result would be). */
static void cmd_host_probe (mxArray *plhs[], int nrhs, const mxArray *prhs[], int echo)
{
  expect_args (nrhs, 3, echo ? "host_echo" : "host_address");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand (&scratch, prhs[2], "array", "X", &A);
  if (A.on_device)
    gw_fail (&scratch, "gpumat:internal", "a host array is needed");
  if (!echo) {
    plhs[0] = mxCreateNumericMatrix (1, 1, mxUINT64_CLASS, mxREAL);
    *(uint64_t *) mxGetData (plhs[0]) = (uint64_t) (uintptr_t) A.host;
    gw_scratch_free (&scratch);
    return;
  }
  gw_result r;
  gw_result_make (&scratch, A.cls, A.ndims, A.dims, &r);
  if (A.numel)
    memcpy (r.data, A.host, A.numel * gm_class_size (A.cls));
  plhs[0] = gw_result_finish (&scratch, &r, -1);
  gw_scratch_free (&scratch);
}

/* ("check", CALLER, G): raises gpumat:array:invalidHandle unless G is a gpumat descriptor of
   live device memory (or an empty array); existsOnGPU. */
static void cmd_check (int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "check");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[2], "array", "G", &A);
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:array:invalidHandle", "not a gpumat array");
  gw_scratch_free (&scratch);
}

static void cmd_free (int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "free");
  if (!mxIsUint64 (prhs[2]))
    gw_fail (NULL, "gpumat:internal", "free takes uint64 addresses");
  /* gm_device_free ignores addresses it did not hand out, so a double free is harmless.  Several
     at once: the value-type shell hands over the blocks of the arrays that went since its last
     call (mex/gpumat_value.cc). */
  const uint64_t *a = (const uint64_t *) mxGetData (prhs[2]);
  for (size_t i = 0; i < mxGetNumberOfElements (prhs[2]); i++)
    gm_device_free ((void *) (uintptr_t) a[i]);
}

/* ---- the command table: one row per gateway command -------------------------------------
   Every handler takes mexFunction's arguments; the adapters below fit the handlers that need
   fewer of them.  "index", "assign" and "resize" are dispatched before the table (they take an
   optional CALLER, see mexFunction). */
typedef void (*gateway_handler) (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
#define OUTPUTS_AND_INPUTS(fn) \
  static void fn##_row (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]) \
  { (void) nlhs; fn (plhs, nrhs, prhs); }
OUTPUTS_AND_INPUTS (cmd_copy)
OUTPUTS_AND_INPUTS (gw_cmd_binary)
OUTPUTS_AND_INPUTS (gw_cmd_unary)
OUTPUTS_AND_INPUTS (gw_cmd_norm)
OUTPUTS_AND_INPUTS (gw_cmd_convert)
OUTPUTS_AND_INPUTS (gw_cmd_fill)
OUTPUTS_AND_INPUTS (gw_cmd_reshape)
OUTPUTS_AND_INPUTS (gw_cmd_cat)
OUTPUTS_AND_INPUTS (gw_cmd_rand)
OUTPUTS_AND_INPUTS (gw_cmd_rng)
OUTPUTS_AND_INPUTS (cmd_upload)
OUTPUTS_AND_INPUTS (cmd_gather)
#undef OUTPUTS_AND_INPUTS

static void cmd_free_row (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; (void) plhs; cmd_free (nrhs, prhs); }
static void cmd_check_row (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; (void) plhs; cmd_check (nrhs, prhs); }
static void cmd_host_address (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; cmd_host_probe (plhs, nrhs, prhs, 0); }
static void cmd_host_echo (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; cmd_host_probe (plhs, nrhs, prhs, 1); }
static void cmd_available (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; (void) nrhs; (void) prhs; plhs[0] = mxCreateLogicalScalar (gm_available () ? 1 : 0); }
static void cmd_sync (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs; (void) plhs; (void) nrhs; (void) prhs;
  gm_status st = gm_sync ();
  if (st != GM_OK)
    gw_fail_status (NULL, st, "sync");
}
static void cmd_reset (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; (void) plhs; (void) nrhs; (void) prhs; gm_reset (); }
static void cmd_tuning_reload (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; (void) plhs; (void) nrhs; (void) prhs; gm_tuning_reload (); }
/* which copy of the runtime library this gateway calls: the value type calls the C API itself
   only when it links the same one (mex/gpumat_value_direct.cc) */
static void cmd_runtime (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs; (void) nrhs; (void) prhs;
  plhs[0] = mxCreateNumericMatrix (1, 1, mxUINT64_CLASS, mxREAL);
  *(uint64_t *) mxGetData (plhs[0]) = (uint64_t) (uintptr_t) gm_runtime_instance ();
}
/* For tests: a kernel that faults, queued; the next wait raises gpumat:cudaError. */
static void cmd_fault (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs; (void) plhs; (void) nrhs; (void) prhs;
  gm_status st = gm_test_fault (0);
  if (st != GM_OK)
    gw_fail_status (NULL, st, "sync");
}

static const struct { const char *name; gateway_handler run; } gateway_commands[] = {
  {"mul",           gw_cmd_mul},        /* gw_matmul.c: products and dot */
  {"mul_time",      gw_cmd_mul_time},
  {"pagemtimes",    gw_cmd_pagemtimes},
  {"copy",          cmd_copy_row},
  {"dot",           gw_cmd_dot},
  {"binary",        gw_cmd_binary_row},
  {"unary",         gw_cmd_unary_row},
  {"reduce",        gw_cmd_reduce},
  {"scan",          gw_cmd_scan},
  {"ireduce",       gw_cmd_ireduce},   /* gw_reduce_int.c: integer sum, prod, cumsum, max, min */
  {"norm",          gw_cmd_norm_row},
  {"convert",       gw_cmd_convert_row},
  {"fill",          gw_cmd_fill_row},
  {"reshape",       gw_cmd_reshape_row},
  {"cat",           gw_cmd_cat_row},
  {"rand",          gw_cmd_rand_row},
  {"rng",           gw_cmd_rng_row},
  {"permute",       gw_cmd_permute},     /* gw_shape.c: moves of elements, and kron */
  {"flip",          gw_cmd_flip},
  {"circshift",     gw_cmd_circshift},
  {"repmat",        gw_cmd_repmat},
  {"diag",          gw_cmd_diag},
  {"tri",           gw_cmd_tri},
  {"catnd",         gw_cmd_catnd},
  {"kron",          gw_cmd_kron},
  {"upload",        cmd_upload_row},
  {"gather",        cmd_gather_row},
  {"free",          cmd_free_row},
  {"check",         cmd_check_row},
  {"host_address",  cmd_host_address},
  {"host_echo",     cmd_host_echo},
  {"available",     cmd_available},
  {"device",        gw_cmd_device},     /* gw_device.c */
  {"kernels",       gw_cmd_kernels},
  {"usage",         gw_cmd_usage},
  {"sync",          cmd_sync},
  {"reset",         cmd_reset},
  {"tuning_reload", cmd_tuning_reload},
  {"runtime",       cmd_runtime},
  {"fault",         cmd_fault},
  {"fft",           gw_cmd_fft},
  {"solve",         gw_cmd_solve},
  {"factor",        gw_cmd_factor},
  {"sort",          gw_cmd_sort},       /* sort, find, nnz, median: gw_sort.c */
  {"find",          gw_cmd_find},
  {"nnz",           gw_cmd_nnz},
  {"median",        gw_cmd_median},
  {"mkfill",        gw_cmd_mkfill},     /* gw_make.c: arrays made from a few scalars */
  {"mkeye",         gw_cmd_mkeye},
  {"range",         gw_cmd_range},
  {"linspace",      gw_cmd_linspace},
  {"randi",         gw_cmd_randi},
  {"eig",           gw_cmd_eig},        /* gw_linalg.c: eig, svd, qr: cuSOLVER */
  {"svd",           gw_cmd_svd},
  {"qr",            gw_cmd_qr},
};

void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  static int locked;
  char command[16];
  if (!locked) {
    mexLock ();
    mexAtExit (at_exit);
    locked = 1;
  }
  /* The indexing commands take CALLER or not (G is never a char array, so a char second
     argument is a CALLER): it starts their gpumat:* messages, while Octave's own index errors
     stay unprefixed either way, as Octave words them (gw_index.h). */
  if (nrhs >= 1 && mxIsChar (prhs[0]) && mxGetString (prhs[0], command, sizeof command) == 0
      && (!strcmp (command, "index") || !strcmp (command, "assign")
          || !strcmp (command, "resize"))) {
    static char index_caller[64];
    int shift = 0;
    index_caller[0] = '\0';
    if (nrhs >= 2 && mxIsChar (prhs[1])) {
      if (mxGetString (prhs[1], index_caller, sizeof index_caller) != 0)
        index_caller[0] = '\0';
      shift = 1;
    }
    gw_set_caller (index_caller);
    if (command[0] == 'i')
      gw_cmd_index (plhs, nrhs - shift, prhs + shift);
    else if (command[0] == 'a')
      gw_cmd_assign (nrhs - shift, prhs + shift);
    else
      gw_cmd_resize (plhs, nrhs - shift, prhs + shift);
    return;
  }
  static char caller[64];
  if (nrhs < 2 || !mxIsChar (prhs[0]) || mxGetString (prhs[0], command, sizeof command) != 0
      || !mxIsChar (prhs[1]) || mxGetString (prhs[1], caller, sizeof caller) != 0)
    mexErrMsgIdAndTxt ("Octave:invalid-fun-call", "usage: __gpumat__ (COMMAND, CALLER, ...)");
  gw_set_caller (caller);

  for (size_t k = 0; k < sizeof gateway_commands / sizeof gateway_commands[0]; k++)
    if (!strcmp (command, gateway_commands[k].name)) {
      gateway_commands[k].run (nlhs, plhs, nrhs, prhs);
      return;
    }
  gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__: unknown command '%s'", command);
}
