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
 *   ("binary" | "unary" | "reduce" | "norm" | "convert", CALLER, ...)  element-wise operations,
 *                              reductions, norms and class conversions (gw_elementwise.c)
 *   ("upload", CALLER, A)      -> descriptor (mex/descriptor.h) of a new device array
 *   ("gather", CALLER, G)      -> the host array of gpumat G (a view G' transposed first)
 *   ("copy", CALLER, G)        -> descriptor of a device copy of G laid out as its size
 *   ("fill" | "reshape" | "cat", CALLER, ...)  gpumat.zeros/ones/eye, reshape, [A, B] and [A; B]
 *                              (gw_arrays.c)
 *   ("rand" | "rng", CALLER, ...)  gpumat.rand / randn, and gpumat_rng's seed (gw_arrays.c)
 *   ("scan", CALLER, OP, A, DIM, PARAM)  cumsum, cumprod, prod, diff, var, std (gw_scan.c)
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
 *                              kernel registry's rows]
 *   ("mul_time", CALLER, G, [OPG,] H, [OPH,] KERNEL, REPEATS)  median ms of the kernel alone
 *   ("sync" | "reset" | "usage", CALLER)
 *   ("tuning_reload", CALLER)  reads the GPUMAT_* variables again (doc/TUNING.md)
 *   ("fault", CALLER)          queues a kernel that faults (tests of the deferred error path)
 *   ("sort" | "find" | "nnz" | "median", CALLER, ...)  sort, find, nnz and median (gw_sort.c)
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
#include "gw_elementwise.h"
#include "gw_arrays.h"
#include "gw_index.h"
#include "gw_scan.h"
#include "gw_shape.h"
#include "gw_fft.h"
#include "gw_solve.h"
#include "gw_sort.h"

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

/* The kernels, their names and classes, come from the registry (kernels/matmul_registry.cu). */
static void unknown_kernel (gw_scratch *scratch, const char *name, const char *area)
{
  char names[256], id[96];
  gm_matmul_kernel_list (GM_CLASS_COUNT, ", ", names, sizeof names);
  snprintf (id, sizeof id, "gpumat:%s:unknownKernel", area);
  gw_fail (scratch, id, "unknown kernel '%s': use one of %s", name, names);
}

static gm_matmul_kernel read_kernel (gw_scratch *scratch, const mxArray *arg, const char *area)
{
  char name[32];
  gm_matmul_kernel kernel;
  gw_read_string (scratch, arg, name, sizeof name, area, "Kernel");
  if (gm_matmul_kernel_from_name (name, &kernel) != GM_OK)
    unknown_kernel (scratch, name, area);
  return kernel;
}

static int64_t at_least_1 (int64_t x) { return x > 1 ? x : 1; }

/* Integer classes, before the GPU is touched: the kernels whose registry row lists the class
   ("auto", "naive" and "tiled") compute the exact product (kernels/matmul_int.cu). */
static void check_integer_kernel (gw_scratch *scratch, gm_matmul_kernel kernel, gm_class cls,
                                  const char *area)
{
  if (gm_matmul_can_run (kernel, cls, -1) == GM_OK)
    return;
  char id[96], names[256];
  snprintf (id, sizeof id, "gpumat:%s:unsupportedKernel", area);
  gw_fail (scratch, id, "kernel '%s' does not compute %s products: use %s",
           gm_matmul_kernel_name (kernel), gw_class_text (cls),
           gm_matmul_kernel_list (cls, " or ", names, sizeof names));
}

/* "int32 matrix", "complex double scalar": the operand as Octave's own messages name it. */
static void operand_text (char *buf, size_t len, const gw_operand *x)
{
  snprintf (buf, len, "%s %s", gw_class_text (x->cls), x->numel == 1 ? "scalar" : "matrix");
}

static void mixed_integer (gw_scratch *scratch, const char *area, const gw_operand *A,
                           const gw_operand *B)
{
  char id[96], a[48], b[48];
  snprintf (id, sizeof id, "gpumat:%s:mixedInteger", area);
  operand_text (a, sizeof a, A);
  operand_text (b, sizeof b, B);
  if (!strcmp (area, "pagemtimes"))
    gw_fail (scratch, id, "product of %s by %s: integer pages need both operands of one "
             "integer class", a, b);
  gw_fail (scratch, id, "product of %s by %s: an integer matrix needs the other operand of "
           "the same integer class, or one of the two a real scalar", a, b);
}

/* A host mxArray holding op(x), for Octave's own `*`: x itself, gathered if on the device,
   transposed by Octave when op asks (integer and real data: the transpose).  *owned says
   whether the caller must destroy it. */
static mxArray *host_array_for_octave (gw_scratch *scratch, gw_operand *x, gm_op op, int *owned)
{
  mxArray *h = x->on_device ? gw_gather_operand (scratch, x, "mul") : (mxArray *) x->array;
  *owned = x->on_device;
  if (op != GM_OP_NONE && x->numel > 1) {
    mxArray *t = NULL;
    mexSetTrapFlag (1);
    int failed = mexCallMATLAB (1, &t, 1, &h, "transpose");
    mexSetTrapFlag (0);
    if (*owned)
      mxDestroyArray (h);
    if (failed || !t)
      gw_fail (scratch, "gpumat:mul:internal", "could not transpose an operand");
    h = t;
    *owned = 1;
  }
  return h;
}

/* An integer operand with a scalar, or a scalar integer with a real matrix: exactly Octave's
   own `*` (elementwise, rounded and saturated in the integer class), computed by Octave on
   the host; gpumat operands are gathered first and the result uploaded. */
static void mul_by_octave (mxArray *plhs[], gw_scratch *scratch, gw_operand *A, gm_op opa,
                           gw_operand *B, gm_op opb)
{
  int own_a, own_b;
  mxArray *args[2];
  args[0] = host_array_for_octave (scratch, A, opa, &own_a);
  args[1] = host_array_for_octave (scratch, B, opb, &own_b);
  mxArray *out = NULL;
  mexSetTrapFlag (1);
  int failed = mexCallMATLAB (1, &out, 2, args, "mtimes");
  mexSetTrapFlag (0);
  if (own_a)
    mxDestroyArray (args[0]);
  if (own_b)
    mxDestroyArray (args[1]);
  if (failed || !out)
    mixed_integer (scratch, "mul", A, B);
  if (!A->on_device && !B->on_device) {
    gw_scratch_free (scratch);
    plhs[0] = out;
    return;
  }
  gw_operand R;
  gw_read_operand (scratch, out, "mul", "C", &R);
  gw_upload_operand (scratch, &R, "mul");
  plhs[0] = gw_make_gpumat (scratch, R.device, R.cls, R.ndims, R.dims, "mul");
  mxDestroyArray (out);
  gw_scratch_free (scratch);
}

/* A device copy of op(x) laid out as its own size, in x's class (scratch): the scalar case of
   s * op(B) when op(B) is not laid out as B (a matrix transposed, or complex data
   conjugated). */
/* A complex scalar under ctranspose (or a 1x1 view G') is its conjugate: made in scratch. */
static void conj_scalar (gw_scratch *scratch, gw_operand *x, const char *area)
{
  const size_t bytes = gm_class_size (x->cls);
  if (x->on_device) {
    void *d = gw_device_alloc (scratch, bytes, area);
    gm_status st = gm_transpose_op (x->cls, GM_OP_CTRANSPOSE, 1, 1, x->device, 1, d, 1, 0);
    if (st != GM_OK)
      gw_fail_status (scratch, st, area);
    x->device = d;
  } else {
    void *h = gw_host_alloc (scratch, bytes);
    memcpy (h, x->host, bytes);
    if (x->cls == GM_COMPLEX_DOUBLE)
      ((double *) h)[1] = -((double *) h)[1];
    else
      ((float *) h)[1] = -((float *) h)[1];
    x->host = h;
  }
  x->transposed = 0;
  x->view = GM_OP_NONE;
}

static void materialize_op (gw_scratch *scratch, gw_operand *x, gm_op stored, mwSize rows,
                            mwSize cols, const char *area)
{
  /* op(x) is rows x cols; the data are stored as its transpose, cols x rows. */
  void *d = gw_device_alloc (scratch, x->numel * gm_class_size (x->cls), area);
  gm_status st = x->numel ? gm_transpose_op (x->cls, stored, (int64_t) cols, (int64_t) rows,
                                             x->device, at_least_1 (cols), d, at_least_1 (rows), 0)
                          : GM_OK;
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  x->device = d;
  x->transposed = 0;
  x->view = GM_OP_NONE;
  x->dims[0] = rows;
  x->dims[1] = cols;
}

/* ("mul", CALLER, A, B, KERNEL) or ("mul", CALLER, A, OPA, B, OPB, KERNEL): op(A) * op(B).
   Transposes are never copied: the operation, and a gpumat view's own transposition, go to
   the kernels as flags.  A scalar operand scales op(other) as `*` does.  Complex operands
   (a real one promoted against a complex one, as `*` does) give a complex result, narrowed
   to real when no imaginary part is nonzero; two operands of one integer class the exact
   product saturated once (an extension of `*`); an integer operand with a scalar Octave's own
   `*`. */
static void cmd_mul (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs < 5 || nrhs > 8)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"mul\", CALLER, A, [OPA,] B, [OPB,] KERNEL [, OPTIONS]): "
             "wrong number of arguments");
  const int with_ops = nrhs >= 7;
  const int with_budget = nrhs == 6 || nrhs == 8;
  const mxArray *in_a = prhs[2], *in_b = prhs[with_ops ? 4 : 3];
  const mxArray *in_kernel = prhs[with_ops ? 6 : 4];
  gw_scratch scratch = GW_SCRATCH_INIT;
  const gm_matmul_kernel kernel = read_kernel (&scratch, in_kernel, "mul");
  /* Host-array products past the device (or this budget) run blocked, and can be stopped with
     Ctrl-C between blocks. */
  gm_host_options host_opt = {0, gw_interrupted, NULL, NULL, NULL, 0};
  /* OPTIONS: a number of bytes (maxDeviceMemory), or a struct with fields maxDeviceMemory
     and devices, either may be missing or empty */
  int call_devices[GM_MAX_DEVICES], call_count = 0;
  const mxArray *devices_arg = NULL;
  if (with_budget) {
    const mxArray *o = prhs[nrhs - 1];
    if (mxIsStruct (o) && mxGetNumberOfElements (o) == 1) {
      const mxArray *bytes = mxGetField (o, 0, "maxDeviceMemory");
      const mxArray *devs = mxGetField (o, 0, "devices");
      if (bytes && !mxIsEmpty (bytes))
        host_opt.max_device_bytes = gw_read_bytes (&scratch, bytes, "mul", "maxDeviceMemory");
      if (devs) {
        call_count = gw_read_devices (&scratch, devs, call_devices, 0);
        devices_arg = devs;
      }
    } else
      host_opt.max_device_bytes = gw_read_bytes (&scratch, o, "mul", "maxDeviceMemory");
  }
  /* the devices of a host-array product: this call's list, else the package default */
  const int *devices = call_devices;
  int device_count = call_count;
  if (call_count == 0)
    device_count = gw_default_devices (&devices);
  const gm_op opa = with_ops ? gw_read_op (&scratch, prhs[3], "mul", "OPA") : GM_OP_NONE;
  const gm_op opb = with_ops ? gw_read_op (&scratch, prhs[5], "mul", "OPB") : GM_OP_NONE;

  gw_operand A, B;
  gw_read_operand (&scratch, in_a, "mul", "A", &A);
  gw_read_operand (&scratch, in_b, "mul", "B", &B);
  /* a listed GPU must exist (this needs a GPU: the list's form was checked above without) */
  if (devices_arg)
    gw_read_devices (&scratch, devices_arg, call_devices, 1);
  /* a gpumat operand lives on one GPU: the product runs there, and nothing is copied between
     GPUs (only this call's own list can leave it out; the package default is for host arrays) */
  {
    const gw_operand *ops[2] = {&A, &B};
    gw_check_operand_devices (&scratch, ops, 2, call_devices, call_count);
  }
  char a_dims[64], b_dims[64];
  /* A scalar operand scales the other, whatever its size, as `*` does: an N-D one too (Octave's
     s * X of an N-D X scales each element); any other product of an N-D operand is refused. */
  const int a_scalar = A.numel == 1, b_scalar = B.numel == 1;
  const int nd_scaled = (A.ndims > 2 || B.ndims > 2) && (a_scalar || b_scalar)
                        && (a_scalar ? opb : opa) == GM_OP_NONE;
  if ((A.ndims > 2 || B.ndims > 2) && !nd_scaled) {
    gw_format_dims (a_dims, sizeof a_dims, A.ndims, A.dims);
    gw_format_dims (b_dims, sizeof b_dims, B.ndims, B.dims);
    gw_fail (&scratch, "gpumat:mul:ndArray",
             "matrix product of N-D arrays (op1 is %s, op2 is %s): reshape them to 2-D first",
             a_dims, b_dims);
  }
  /* Sizes after the operations, as Octave's A.' * B reports them. */
  mwSize da[2], db[2];
  gw_op_dims (&A, opa, &da[0], &da[1]);
  gw_op_dims (&B, opb, &db[0], &db[1]);

  /* Integer operands, decided before the GPU is touched. */
  const int a_int = gm_class_is_integer (A.cls), b_int = gm_class_is_integer (B.cls);
  if (a_int || b_int) {
    if ((a_int && b_int && A.cls != B.cls) || gm_class_is_complex (A.cls)
        || gm_class_is_complex (B.cls) || (!(a_int && b_int) && !a_scalar && !b_scalar))
      mixed_integer (&scratch, "mul", &A, &B);
    if (a_scalar || b_scalar) {
      mul_by_octave (plhs, &scratch, &A, opa, &B, opb);
      return;
    }
    check_integer_kernel (&scratch, kernel, A.cls, "mul");
  }
  /* The N-D operand of s * X is scaled as the 2-D dims(1) x prod (dims(2:end)) array it is in
     memory; the result takes its N-D shape. */
  mwSize res_ndims = 2;
  mwSize res_dims[GW_MAX_DIMS];
  if (nd_scaled) {
    gw_operand *x = a_scalar ? &B : &A;
    res_ndims = x->ndims;
    memcpy (res_dims, x->dims, sizeof res_dims);
    mwSize rest = 1;
    for (mwSize d = 1; d < x->ndims; d++)
      rest *= x->dims[d];
    x->ndims = 2;
    x->dims[1] = rest;
    gw_op_dims (&A, opa, &da[0], &da[1]);
    gw_op_dims (&B, opb, &db[0], &db[1]);
  }
  if (!a_scalar && !b_scalar && da[1] != db[0]) {
    gw_format_dims (a_dims, sizeof a_dims, 2, da);
    gw_format_dims (b_dims, sizeof b_dims, 2, db);
    gw_fail (&scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", a_dims, b_dims);
  }

  /* The class of the result: single if either is single, complex if either is complex. */
  const int cplx = gm_class_is_complex (A.cls) || gm_class_is_complex (B.cls);
  gm_class cls = A.cls;
  if (!a_int) {
    const gm_class real_cls = (gm_class_real (A.cls) == GM_SINGLE
                               || gm_class_real (B.cls) == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
    cls = cplx ? gm_class_complex (real_cls) : real_cls;
    /* Precision only: a real operand of a complex product stays real here (the kernels
       promote it, or the scalar case uses it as it is, as Octave's elementwise * does). */
    gw_convert_operand (&scratch, &A, gm_class_is_complex (A.cls) ? cls : real_cls, "mul");
    gw_convert_operand (&scratch, &B, gm_class_is_complex (B.cls) ? cls : real_cls, "mul");
  }
  gw_prepare_view (&scratch, &A, opa, "mul");
  gw_prepare_view (&scratch, &B, opb, "mul");
  const int a_real = cplx && !gm_class_is_complex (A.cls);
  const int b_real = cplx && !gm_class_is_complex (B.cls);

  gw_operand *scalar = a_scalar ? &A : b_scalar ? &B : NULL;
  gw_operand *other = a_scalar ? &B : &A;
  if (scalar && gm_class_is_complex (scalar->cls)
      && gw_stored_op (scalar, a_scalar ? opa : opb) == GM_OP_CTRANSPOSE)
    conj_scalar (&scratch, scalar, "mul");
  mwSize out_dims[2];
  if (scalar) {
    out_dims[0] = a_scalar ? db[0] : da[0];
    out_dims[1] = a_scalar ? db[1] : da[1];
  } else {
    out_dims[0] = da[0];
    out_dims[1] = db[1];
  }
  if (!nd_scaled)
    memcpy (res_dims, out_dims, sizeof out_dims);
  const int64_t m = da[0], k = da[1], n = db[1];
  const gm_op sa = gw_stored_op (&A, opa), sb = gw_stored_op (&B, opb);
  const int64_t lda = at_least_1 (sa == GM_OP_NONE ? m : k);
  const int64_t ldb = at_least_1 (sb == GM_OP_NONE ? k : n);
  /* Empty operands can have huge sizes (zeros (2^40, 0) * zeros (0, 2^40)). */
  size_t count, out_bytes;
  if (gm_mul_size (out_dims[0], out_dims[1], &count) != GM_OK
      || gm_mul_size (count, gm_class_size (cls), &out_bytes) != GM_OK)
    gw_fail (&scratch, "gpumat:mul:tooLarge", "the result (%zux%zu) is too large",
             (size_t) out_dims[0], (size_t) out_dims[1]);
  /* s * op(B) with op(B) not laid out as B: a matrix stored transposed, or complex data to
     conjugate.  op(B) is materialized on the device first (a vector's transpose has the same
     layout as the vector). */
  const gm_op s_other = scalar ? gw_stored_op (other, a_scalar ? opb : opa) : GM_OP_NONE;
  const int scale_op = scalar && count > 0 && s_other != GM_OP_NONE
                       && ((out_dims[0] > 1 && out_dims[1] > 1)
                           || (s_other == GM_OP_CTRANSPOSE && gm_class_is_complex (other->cls)));
  /* The scalar operand of `*` with any complex data is elementwise (no promotion). */
  const int s_real = scalar && !gm_class_is_complex (scalar->cls);
  const int o_real = scalar && !gm_class_is_complex (other->cls);
  gm_status st;
  int has_imag = 0;

  if (!A.on_device && !B.on_device && !scale_op) {
    gw_result r;
    gw_result_make (&scratch, cls, res_ndims, res_dims, &r);
    /* products take the device list themselves (kernels/host_ops.cu); the scalar case runs on
       the first device listed, switched to for the call and back before any error is raised */
    host_opt.devices = device_count ? devices : NULL;
    host_opt.device_count = device_count;
    const int switch_device = device_count && scalar && count > 0;
    int previous_device = 0;
    if (switch_device && (st = gm_use_device (devices[0], &previous_device)) != GM_OK) {
      gw_result_discard (&r);
      gw_fail_status (&scratch, st, "mul");
    }
    if (count == 0)
      st = GM_OK;
    else if (scalar && cplx)
      st = gm_scale_host_complex (cls, s_real, o_real, (int64_t) count, scalar->host,
                                  other->host, r.data, &has_imag);
    else if (scalar)
      st = gm_scale_host (cls, (int64_t) count, scalar->host, other->host, r.data);
    else if (k == 0) {
      memset (r.data, 0, out_bytes);      /* an empty sum needs no GPU */
      st = GM_OK;
    } else if (cplx)
      st = gm_matmul_host_complex_opt (kernel, cls, a_real, b_real, sa, sb, m, n, k, A.host,
                                       B.host, r.data, NULL, &host_opt, &has_imag);
    else
      st = gm_matmul_host_opt (kernel, cls, sa, sb, m, n, k, A.host, B.host, r.data, NULL,
                               &host_opt);
    if (switch_device && previous_device != devices[0]) {
      const gm_status back = gm_use_device (previous_device, NULL);
      if (st == GM_OK)
        st = back;
    }
    if (st != GM_OK) {
      gw_result_discard (&r);
      gw_fail_status (&scratch, st, "mul");
    }
    plhs[0] = gw_result_finish (&scratch, &r, has_imag);
    gw_scratch_free (&scratch);
    return;
  }

  /* A gpumat operand (the result stays on the device), or s * op(B) on host arrays. */
  const int device_result = A.on_device || B.on_device;
  gw_upload_operand (&scratch, &A, "mul");
  gw_upload_operand (&scratch, &B, "mul");
  if (scale_op)
    materialize_op (&scratch, other, s_other, out_dims[0], out_dims[1], "mul");
  else if (!scalar && count > 0 && k > 0 && cplx) {
    /* Device products take both operands complex: promote a real one (Octave promotes). */
    gw_convert_operand (&scratch, &A, cls, "mul");
    gw_convert_operand (&scratch, &B, cls, "mul");
  }
  void *d_C = gw_device_alloc (&scratch, out_bytes, "mul");
  if (count == 0)
    st = GM_OK;
  else if (scalar && cplx)
    st = gm_scale_complex (cls, s_real, o_real, (int64_t) count, scalar->device, other->device,
                           d_C, 0);
  else if (scalar)
    st = gm_scale (cls, (int64_t) count, scalar->device, other->device, d_C, 0);
  else {
    st = gm_matmul (kernel, cls, sa, sb, m, n, k, A.device, lda, 0, B.device, ldb, 0, d_C,
                    at_least_1 (m), 0, 1, 0);
    /* G'*G, G*G', G.'*G: exactly Hermitian or symmetric, as Octave's own (syrk, herk) */
    if (st == GM_OK && A.device == B.device && m == n && m > 0 && k > 0
        && (sa == GM_OP_NONE) != (sb == GM_OP_NONE) && !gm_class_is_integer (cls))
      st = gm_mirror_upper_op (cls, sa == GM_OP_CTRANSPOSE || sb == GM_OP_CTRANSPOSE
                                        ? GM_OP_CTRANSPOSE : GM_OP_TRANSPOSE,
                               m, d_C, m, 0);
  }
  /* No wait: the product is queued on stream 0 (the launch status is in st); a host result
     below waits in its copy to the host, a gpumat result at the next wait. */
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "mul");
  gm_class out_cls = cls;
  gw_narrow_device (&scratch, &d_C, &out_cls, count, "mul");
  if (device_result) {
    plhs[0] = gw_make_gpumat (&scratch, d_C, out_cls, res_ndims, res_dims, "mul");
    gw_scratch_free (&scratch);
    return;
  }
  gw_result r;
  gw_result_make (&scratch, out_cls, res_ndims, res_dims, &r);
  st = count ? gm_copy_to_host (r.data, d_C, count * gm_class_size (out_cls)) : GM_OK;
  if (st != GM_OK) {
    gw_result_discard (&r);
    gw_fail_status (&scratch, st, "mul");
  }
  plhs[0] = gw_result_finish (&scratch, &r, 1);
  gw_scratch_free (&scratch);
}

/* ---- pagemtimes ------------------------------------------------------------------------------- */

static mwSize dim_or_1 (const gw_operand *x, mwSize d) { return d < x->ndims ? x->dims[d] : 1; }

/* "2x3x4" for op(x): the page size after the operation, then x's page dimensions. */
static void format_op_dims (char *buf, size_t len, const gw_operand *x, gm_op op)
{
  mwSize dims[GW_MAX_DIMS];
  memcpy (dims, x->dims, x->ndims * sizeof (mwSize));
  gw_op_dims (x, op, &dims[0], &dims[1]);
  gw_format_dims (buf, len, x->ndims, dims);
}

/* ("pagemtimes", CALLER, X, OPX, Y, OPY, KERNEL): Z(:,:,i,...) = op(X(:,:,i,...)) *
   op(Y(:,:,i,...)) over dimensions 3 and up, a page dimension of 1 broadcast against any size
   (MATLAB's pagemtimes).  A page of 1x1 scales the other page, as `*` does.  Host operands
   give a host result; any gpumat operand a gpumat result. */
static void cmd_pagemtimes (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_X = 2, IN_OPX, IN_Y, IN_OPY, IN_KERNEL, IN_COUNT };
  expect_args (nrhs, IN_COUNT, "pagemtimes");
  gw_scratch scratch = GW_SCRATCH_INIT;
  const gm_matmul_kernel kernel = read_kernel (&scratch, prhs[IN_KERNEL], "pagemtimes");
  const gm_op opx = gw_read_op (&scratch, prhs[IN_OPX], "pagemtimes", "OPX");
  const gm_op opy = gw_read_op (&scratch, prhs[IN_OPY], "pagemtimes", "OPY");
  gw_operand X, Y;
  gw_read_operand (&scratch, prhs[IN_X], "pagemtimes", "X", &X);
  gw_read_operand (&scratch, prhs[IN_Y], "pagemtimes", "Y", &Y);
  char x_dims[256], y_dims[256];

  /* Pages after the operations, and what multiplies them. */
  mwSize xr, xc, yr, yc;
  gw_op_dims (&X, opx, &xr, &xc);
  gw_op_dims (&Y, opy, &yr, &yc);
  enum { PRODUCT, SCALE_BY_X, SCALE_BY_Y } mode = PRODUCT;
  if (xc != yr) {
    if (xr == 1 && xc == 1)
      mode = SCALE_BY_X;
    else if (yr == 1 && yc == 1)
      mode = SCALE_BY_Y;
    else {
      format_op_dims (x_dims, sizeof x_dims, &X, opx);
      format_op_dims (y_dims, sizeof y_dims, &Y, opy);
      gw_fail (&scratch, "Octave:nonconformant-args",
               "nonconformant arguments (op1 is %s, op2 is %s)", x_dims, y_dims);
    }
  }
  const mwSize nd = X.ndims > Y.ndims ? X.ndims : Y.ndims;
  mwSize out_ndims = nd, out_dims[GW_MAX_DIMS];
  out_dims[0] = mode == SCALE_BY_X ? yr : xr;
  out_dims[1] = mode == SCALE_BY_Y ? xc : yc;
  for (mwSize d = 2; d < nd; d++) {
    const mwSize xd = dim_or_1 (&X, d), yd = dim_or_1 (&Y, d);
    if (xd != yd && xd != 1 && yd != 1) {
      gw_format_dims (x_dims, sizeof x_dims, X.ndims, X.dims);
      gw_format_dims (y_dims, sizeof y_dims, Y.ndims, Y.dims);
      gw_fail (&scratch, "gpumat:pagemtimes:incompatiblePages",
               "page dimensions must match or be 1: dimension %zu is %zu in X and %zu in Y "
               "(X is %s, Y is %s)", (size_t) d + 1, (size_t) xd, (size_t) yd, x_dims, y_dims);
    }
    out_dims[d] = xd == 1 ? yd : xd;
  }
  while (out_ndims > 2 && out_dims[out_ndims - 1] == 1)
    out_ndims--;
  size_t count = 1, out_bytes;
  int overflow = 0;
  for (mwSize d = 0; d < out_ndims; d++)
    overflow |= gm_mul_size (count, out_dims[d], &count) != GM_OK;
  /* The class: integer operands must share one integer class (the exact product, as
     gpumat_mul); otherwise single if either is single, complex if either is complex. */
  const int x_int = gm_class_is_integer (X.cls), y_int = gm_class_is_integer (Y.cls);
  const int cplx = gm_class_is_complex (X.cls) || gm_class_is_complex (Y.cls);
  gm_class cls = X.cls;
  if (x_int || y_int) {
    if (X.cls != Y.cls)
      mixed_integer (&scratch, "pagemtimes", &X, &Y);
    check_integer_kernel (&scratch, kernel, X.cls, "pagemtimes");
  } else {
    const gm_class real_cls = (gm_class_real (X.cls) == GM_SINGLE
                               || gm_class_real (Y.cls) == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
    cls = cplx ? gm_class_complex (real_cls) : real_cls;
  }
  if (overflow || gm_mul_size (count, gm_class_size (cls), &out_bytes) != GM_OK) {
    gw_format_dims (x_dims, sizeof x_dims, out_ndims, out_dims);
    gw_fail (&scratch, "gpumat:pagemtimes:tooLarge", "the result (%s) is too large", x_dims);
  }
  if (!x_int) {
    gw_convert_operand (&scratch, &X, gm_class_is_complex (X.cls) ? cls : gm_class_real (cls),
                        "pagemtimes");
    gw_convert_operand (&scratch, &Y, gm_class_is_complex (Y.cls) ? cls : gm_class_real (cls),
                        "pagemtimes");
  }
  gw_prepare_view (&scratch, &X, opx, "pagemtimes");
  gw_prepare_view (&scratch, &Y, opy, "pagemtimes");
  const gm_op sx = gw_stored_op (&X, opx), sy = gw_stored_op (&Y, opy);

  /* The product's operands: A and B, stored as sa and sb, with their page sizes. */
  gw_operand *A = &X, *B = &Y;
  gm_op sa = sx, sb = sy;
  int64_t m = xr, k = xc, n = yc;
  if (mode != PRODUCT) {
    /* s * M page by page: the matrix page M as A, the 1x1 page s as B, k = 1 (one product
       an element, which is s * M exactly up to the sign of a zero). */
    A = mode == SCALE_BY_X ? &Y : &X;
    B = mode == SCALE_BY_X ? &X : &Y;
    sa = mode == SCALE_BY_X ? sy : sx;
    /* a complex 1x1 page under ctranspose is its conjugate: the flag does that */
    sb = (mode == SCALE_BY_X ? sx : sy) == GM_OP_CTRANSPOSE ? GM_OP_CTRANSPOSE : GM_OP_NONE;
    m = (int64_t) out_dims[0] * (int64_t) out_dims[1];
    k = 1;
    n = 1;
  }
  /* A matrix page stored transposed (or a complex page to conjugate): one more page dimension,
     over the columns of the result page, each column a row of the stored page. */
  const int split_columns = mode != PRODUCT && sa != GM_OP_NONE
                            && ((out_dims[0] > 1 && out_dims[1] > 1)
                                || (sa == GM_OP_CTRANSPOSE && gm_class_is_complex (A->cls)));
  gm_pages pages;
  memset (&pages, 0, sizeof pages);
  const int64_t page_a = (int64_t) A->dims[0] * (int64_t) A->dims[1];
  const int64_t page_b = (int64_t) B->dims[0] * (int64_t) B->dims[1];
  const int64_t page_c = (int64_t) out_dims[0] * (int64_t) out_dims[1];
  int64_t lda = at_least_1 (A->transposed ? A->dims[1] : A->dims[0]);
  int64_t ldb = at_least_1 (B->transposed ? B->dims[1] : B->dims[0]);
  int64_t ldc = at_least_1 (m);
  if (mode != PRODUCT && !split_columns) {
    sa = GM_OP_NONE;                   /* a vector page, or stored as it is used */
    lda = at_least_1 (m);
    ldb = 1;
  }
  if (split_columns) {
    /* column j of the result page = (row j of the stored page).' * s */
    m = out_dims[0];
    ldc = at_least_1 (m);
    ldb = 1;
    pages.count[0] = out_dims[1];
    pages.stride_a[0] = 1;
    pages.stride_b[0] = 0;
    pages.stride_c[0] = m;
    pages.ndims = 1;
  }
  int64_t run_a = page_a, run_b = page_b, run_c = page_c;
  for (mwSize d = 2; d < nd; d++) {
    const int64_t ad = dim_or_1 (A, d), bd = dim_or_1 (B, d), cd = d < out_ndims ? out_dims[d] : 1;
    if (cd != 1) {
      if (pages.ndims == GM_MAX_PAGE_DIMS)
        gw_fail (&scratch, "gpumat:pagemtimes:tooManyDimensions",
                 "more than %d page dimensions", GM_MAX_PAGE_DIMS);
      pages.count[pages.ndims] = cd;
      pages.stride_a[pages.ndims] = ad == 1 ? 0 : run_a;
      pages.stride_b[pages.ndims] = bd == 1 ? 0 : run_b;
      pages.stride_c[pages.ndims] = run_c;
      pages.ndims++;
    }
    run_a *= ad;
    run_b *= bd;
    run_c *= cd;
  }
  /* s * X with s a true scalar and X laid out as the result: the exact gm_scale of `*`. */
  const int whole_scale = mode != PRODUCT && !split_columns && B->numel == 1 && sb == GM_OP_NONE;
  const int a_real = cplx && !gm_class_is_complex (A->cls);
  const int b_real = cplx && !gm_class_is_complex (B->cls);
  gm_status st;
  int has_imag = 0;

  if (!X.on_device && !Y.on_device && (!split_columns || count == 0)) {
    gw_result r;
    gw_result_make (&scratch, cls, out_ndims, out_dims, &r);
    if (count == 0)
      st = GM_OK;
    else if (whole_scale && cplx)
      st = gm_scale_host_complex (cls, b_real, a_real, (int64_t) count, B->host, A->host, r.data,
                                  &has_imag);
    else if (whole_scale)
      st = gm_scale_host (cls, (int64_t) count, B->host, A->host, r.data);
    else if (k == 0) {
      memset (r.data, 0, out_bytes);      /* empty sums need no GPU */
      st = GM_OK;
    } else if (cplx)
      st = gm_matmul_host_complex (kernel, cls, a_real, b_real, sa, sb, m, n, k, A->host,
                                   B->host, r.data, &pages, &has_imag);
    else
      st = gm_matmul_host (kernel, cls, sa, sb, m, n, k, A->host, B->host, r.data, &pages);
    if (st != GM_OK) {
      gw_result_discard (&r);
      gw_fail_status (&scratch, st, "pagemtimes");
    }
    plhs[0] = gw_result_finish (&scratch, &r, has_imag);
    gw_scratch_free (&scratch);
    return;
  }

  const int device_result = X.on_device || Y.on_device;
  gw_upload_operand (&scratch, &X, "pagemtimes");
  gw_upload_operand (&scratch, &Y, "pagemtimes");
  if (cplx && !whole_scale && count > 0) {
    /* Device products take both operands complex: promote a real one (Octave promotes). */
    gw_convert_operand (&scratch, &X, cls, "pagemtimes");
    gw_convert_operand (&scratch, &Y, cls, "pagemtimes");
  }
  void *d_C = gw_device_alloc (&scratch, out_bytes, "pagemtimes");
  if (count == 0)
    st = GM_OK;
  else if (whole_scale && cplx)
    st = gm_scale_complex (cls, b_real, a_real, (int64_t) count, B->device, A->device, d_C, 0);
  else if (whole_scale)
    st = gm_scale (cls, (int64_t) count, B->device, A->device, d_C, 0);
  else
    st = gm_matmul_pages (kernel, cls, sa, sb, m, n, k, A->device, lda, B->device, ldb, d_C,
                          ldc, &pages, 0);
  if (st != GM_OK)                  /* queued, not waited for (as in cmd_mul) */
    gw_fail_status (&scratch, st, "pagemtimes");
  gm_class out_cls = cls;
  gw_narrow_device (&scratch, &d_C, &out_cls, count, "pagemtimes");
  if (device_result) {
    plhs[0] = gw_make_gpumat (&scratch, d_C, out_cls, out_ndims, out_dims, "pagemtimes");
    gw_scratch_free (&scratch);
    return;
  }
  gw_result r;
  gw_result_make (&scratch, out_cls, out_ndims, out_dims, &r);
  st = count ? gm_copy_to_host (r.data, d_C, count * gm_class_size (out_cls)) : GM_OK;
  if (st != GM_OK) {
    gw_result_discard (&r);
    gw_fail_status (&scratch, st, "pagemtimes");
  }
  plhs[0] = gw_result_finish (&scratch, &r, 1);
  gw_scratch_free (&scratch);
}

/* ---- dot -------------------------------------------------------------------------------------- */

/* Octave's dot: the first argument conjugated, integer products saturated in the class and
   summed in double (kernels/ gm_dot_mixed).  Class rules decided here, before the GPU. */
static void cmd_dot (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_X = 2, IN_Y, IN_PRE, IN_LEN, IN_POST, IN_OUTDIMS, IN_COUNT };
  expect_args (nrhs, IN_COUNT, "dot");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand x, y;
  gw_read_operand (&scratch, prhs[IN_X], "dot", "X", &x);
  gw_read_operand (&scratch, prhs[IN_Y], "dot", "Y", &y);
  const int x_int = gm_class_is_integer (x.cls), y_int = gm_class_is_integer (y.cls);
  const int cplx = gm_class_is_complex (x.cls) || gm_class_is_complex (y.cls);
  if ((x_int && y_int && x.cls != y.cls) || ((x_int || y_int) && cplx)) {
    char a[32], b[32];
    snprintf (a, sizeof a, "%s", gw_class_text (x.cls));
    snprintf (b, sizeof b, "%s", gw_class_text (y.cls));
    gw_fail (&scratch, "gpumat:dot:mixedInteger",
             "X is %s and Y is %s: an integer array needs the other of the same integer class, "
             "double or single", a, b);
  }
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
      || gm_mul_size (pre_post, gm_class_size (GM_COMPLEX_DOUBLE), &total) != GM_OK)
    gw_fail (&scratch, "gpumat:dot:tooLarge", "the result is too large");
  out_count = 1;
  for (mwSize i = 0; i < out_ndims; i++) {
    out_dims[i] = (mwSize) mxGetPr (od)[i];
    out_count *= out_dims[i];
  }
  if (out_count != pre_post)
    gw_fail (&scratch, "gpumat:internal", "output size does not match the reduction");
  gw_materialize_operand (&scratch, &x, "dot");   /* a view G' laid out as its size */
  gw_materialize_operand (&scratch, &y, "dot");

  /* The result's class: double for integer data; else single if either is single, complex
     if either is complex.  A double operand with a single one is rounded to single first, as
     in Octave; an integer operand's partner is used as it is. */
  gm_class cls;
  if (x_int || y_int)
    cls = GM_DOUBLE;
  else {
    const gm_class real_cls = (gm_class_real (x.cls) == GM_SINGLE
                               || gm_class_real (y.cls) == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
    cls = cplx ? gm_class_complex (real_cls) : real_cls;
    gw_convert_operand (&scratch, &x, gm_class_is_complex (x.cls) ? cls : real_cls, "dot");
    gw_convert_operand (&scratch, &y, gm_class_is_complex (y.cls) ? cls : real_cls, "dot");
  }
  const int mixed = x_int || y_int || cplx;     /* gm_dot_mixed rather than gm_dot */
  gm_status st;
  if (!x.on_device && !y.on_device) {
    /* Single inputs are read as single and summed in double on the GPU. */
    gw_result r;
    gw_result_make (&scratch, cls, out_ndims, out_dims, &r);
    if (out_count == 0)
      st = GM_OK;
    else if (mixed)
      st = gm_dot_mixed_host (x.cls, y.cls, pre, len, post, x.host, y.host, r.data);
    else
      st = gm_dot_host (cls, pre, len, post, x.host, y.host, r.data);
    if (st != GM_OK) {
      gw_result_discard (&r);
      gw_fail_status (&scratch, st, "dot");
    }
    plhs[0] = gw_result_finish (&scratch, &r, -1);   /* narrowed as Octave's dot */
    gw_scratch_free (&scratch);
    return;
  }
  gw_upload_operand (&scratch, &x, "dot");
  gw_upload_operand (&scratch, &y, "dot");
  void *d_out = gw_device_alloc (&scratch, out_count * gm_class_size (cls), "dot");
  if (out_count == 0)
    st = GM_OK;
  else if (mixed)
    st = gm_dot_mixed_device (x.cls, y.cls, pre, len, post, x.device, y.device, d_out);
  else
    st = gm_dot_device (cls, pre, len, post, x.device, y.device, d_out);
  if (st != GM_OK)                  /* queued, not waited for: the result stays on the GPU */
    gw_fail_status (&scratch, st, "dot");
  gw_narrow_device (&scratch, &d_out, &cls, out_count, "dot");
  plhs[0] = gw_make_gpumat (&scratch, d_out, cls, out_ndims, out_dims, "dot");
  gw_scratch_free (&scratch);
}

/* ("mul_time", CALLER, G, H, KERNEL, REPEATS) or ("mul_time", CALLER, G, OPG, H, OPH, KERNEL,
   REPEATS): median milliseconds of the kernel alone on two gpumat operands of one class
   (views G' included), timed with CUDA events (for bench/bench_end_to_end.m, which compares
   it with G * H timed from Octave). */
static void cmd_mul_time (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 6 && nrhs != 8)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"mul_time\", CALLER, G, [OPG,] H, [OPH,] KERNEL, REPEATS): wrong "
             "number of arguments");
  const int with_ops = nrhs == 8;
  gw_scratch scratch = GW_SCRATCH_INIT;
  const gm_matmul_kernel kernel = read_kernel (&scratch, prhs[nrhs - 2], "mul");
  const gm_op opg = with_ops ? gw_read_op (&scratch, prhs[3], "mul", "OPG") : GM_OP_NONE;
  const gm_op oph = with_ops ? gw_read_op (&scratch, prhs[5], "mul", "OPH") : GM_OP_NONE;
  gw_operand G, H;
  gw_read_operand (&scratch, prhs[2], "mul", "G", &G);
  gw_read_operand (&scratch, prhs[with_ops ? 4 : 3], "mul", "H", &H);
  const int64_t repeats = gw_read_count (&scratch, prhs[nrhs - 1], 1, "mul", "Repeats");
  gw_prepare_view (&scratch, &G, opg, "mul");      /* conj (G) of a complex view: laid out */
  gw_prepare_view (&scratch, &H, oph, "mul");
  mwSize dg[2] = {0, 0}, dh[2] = {0, 0};
  if (G.ndims == 2 && H.ndims == 2) {
    gw_op_dims (&G, opg, &dg[0], &dg[1]);
    gw_op_dims (&H, oph, &dh[0], &dh[1]);
  }
  if (!G.on_device || !H.on_device || G.cls != H.cls || G.ndims > 2 || H.ndims > 2
      || dg[1] != dh[0])
    gw_fail (&scratch, "gpumat:mul:invalidArgument",
             "mul_time takes two conformant gpumat matrices of one class");
  double ms = 0;
  gm_status st = gm_matmul_event_time (kernel, G.cls, gw_stored_op (&G, opg),
                                       gw_stored_op (&H, oph), dg[0], dh[1], dg[1], G.device,
                                       H.device, (int) repeats, &ms);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "mul");
  plhs[0] = mxCreateDoubleScalar (ms);
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

/* ---- device ----------------------------------------------------------------------------------- */

static mxArray *scalar (double v) { return mxCreateDoubleScalar (v); }

/* The fields of one device (Index ... FreeMemory): the entries of Devices, and the top level. */
static void device_fields (mxArray *s, mwIndex i, int ordinal, const gm_device_info *info)
{
  char cc[32];
  snprintf (cc, sizeof cc, "%d.%d", info->major, info->minor);
  mxSetField (s, i, "Index", scalar (ordinal));
  mxSetField (s, i, "Name", mxCreateString (info->name));
  mxSetField (s, i, "ComputeCapability", mxCreateString (cc));
  mxSetField (s, i, "MultiprocessorCount", scalar (info->multiprocessors));
  mxSetField (s, i, "TotalMemory", scalar ((double) info->total_bytes));
  mxSetField (s, i, "FreeMemory", scalar ((double) info->free_bytes));
}

/* ("device", CALLER): device 0's description (the GPU gpumat arrays live on), with every
   device in Devices and the default device list of host-array products in ProductDevices.
   ("device", CALLER, "devices", LIST): sets that default first ([]: back to device 0). */
static void cmd_device (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 2 && nrhs != 4)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"device\", CALLER [, \"devices\", LIST]): wrong number of arguments");
  if (nrhs == 4) {
    char name[16];
    gw_read_string (NULL, prhs[2], name, sizeof name, "device", "Option");
    if (strcmp (name, "devices"))
      gw_fail (NULL, "gpumat:device:invalidOption", "unknown setting '%s' (\"devices\" is the "
               "one setting)", name);
    int list[GM_MAX_DEVICES], count = 0;
    if (!mxIsEmpty (prhs[3]) || !mxIsNumeric (prhs[3]))
      count = gw_read_devices (NULL, prhs[3], list, 1);
    gw_set_default_devices (list, count);
  }
  int device_count = 0;
  gm_status st = gm_device_count (&device_count);
  gm_device_info info;
  if (st == GM_OK)
    st = gm_device_query (&info);
  if (st != GM_OK)
    gw_fail_status (NULL, st, "device");
  const char *fields[] = {"Name", "ComputeCapability", "MultiprocessorCount", "TotalMemory",
                          "FreeMemory", "DriverVersion", "RuntimeVersion", "Index",
                          "DeviceCount", "Devices", "ProductDevices"};
  const char *device_field_names[] = {"Index", "Name", "ComputeCapability",
                                      "MultiprocessorCount", "TotalMemory", "FreeMemory"};
  /* every device's entry, made before the result so that an error leaves nothing behind */
  mxArray *all = mxCreateStructMatrix (1, (mwSize) device_count, 6, device_field_names);
  for (int d = 0; d < device_count; d++) {
    gm_device_info one;
    st = gm_device_query_index (d, &one);
    if (st != GM_OK) {
      mxDestroyArray (all);
      gw_fail_status (NULL, st, "device");
    }
    device_fields (all, (mwIndex) d, d, &one);
  }
  char driver[32], runtime[32];
  snprintf (driver, sizeof driver, "%d.%d", info.driver_version / 1000,
            info.driver_version % 1000 / 10);
  snprintf (runtime, sizeof runtime, "%d.%d", info.runtime_version / 1000,
            info.runtime_version % 1000 / 10);
  mxArray *s = mxCreateStructMatrix (1, 1, 11, fields);
  device_fields (s, 0, 0, &info);
  mxSetField (s, 0, "DriverVersion", mxCreateString (driver));
  mxSetField (s, 0, "RuntimeVersion", mxCreateString (runtime));
  mxSetField (s, 0, "DeviceCount", scalar (device_count));
  mxSetField (s, 0, "Devices", all);
  const int *defaults;
  const int ndefault = gw_default_devices (&defaults);
  mxArray *product = mxCreateDoubleMatrix (1, ndefault ? (mwSize) ndefault : 1, mxREAL);
  for (int i = 0; i < ndefault; i++)
    mxGetPr (product)[i] = defaults[i];     /* none set: [0] (zeros) */
  mxSetField (s, 0, "ProductDevices", product);
  plhs[0] = s;
}

/* The registry's names, and with a second output its rows: Name, Classes (a cell row of class
   names), MinComputeCapability (8 for 8.0; 0: any device), Summary. */
static void cmd_kernels (int nlhs, mxArray *plhs[])
{
  static const char *fields[] = {"Name", "Classes", "MinComputeCapability", "Summary"};
  mxArray *names = mxCreateCellMatrix (1, GM_MATMUL_KERNEL_COUNT);
  mxArray *rows = nlhs > 1 ? mxCreateStructMatrix (1, GM_MATMUL_KERNEL_COUNT, 4, fields) : NULL;
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++) {
    const gm_matmul_kernel_info *row = gm_matmul_kernel_info_of ((gm_matmul_kernel) k);
    mxSetCell (names, k, mxCreateString (row->name));
    if (!rows)
      continue;
    mwSize count = 0;
    for (int c = 0; c < GM_CLASS_COUNT; c++)
      count += (row->classes & GM_CLASS_BIT (c)) != 0;
    mxArray *classes = mxCreateCellMatrix (1, count);
    for (int c = 0, i = 0; c < GM_CLASS_COUNT; c++)
      if (row->classes & GM_CLASS_BIT (c))
        mxSetCell (classes, i++, mxCreateString (gm_class_name ((gm_class) c)));
    mxSetField (rows, k, "Name", mxCreateString (row->name));
    mxSetField (rows, k, "Classes", classes);
    mxSetField (rows, k, "MinComputeCapability", mxCreateDoubleScalar (row->min_cc / 10.0));
    mxSetField (rows, k, "Summary", mxCreateString (row->summary));
  }
  plhs[0] = names;
  if (rows)
    plhs[1] = rows;
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

/* ---- the command table: one row per gateway command -------------------------------------
   Every handler takes mexFunction's arguments; the adapters below fit the handlers that need
   fewer of them.  "index", "assign" and "resize" are dispatched before the table (they take an
   optional CALLER, see mexFunction). */
typedef void (*gateway_handler) (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
#define OUTPUTS_AND_INPUTS(fn) \
  static void fn##_row (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]) \
  { (void) nlhs; fn (plhs, nrhs, prhs); }
OUTPUTS_AND_INPUTS (cmd_mul)
OUTPUTS_AND_INPUTS (cmd_mul_time)
OUTPUTS_AND_INPUTS (cmd_pagemtimes)
OUTPUTS_AND_INPUTS (cmd_copy)
OUTPUTS_AND_INPUTS (cmd_dot)
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
OUTPUTS_AND_INPUTS (cmd_device)
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
static void cmd_kernels_row (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nrhs; (void) prhs; cmd_kernels (nlhs, plhs); }
static void cmd_usage_row (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{ (void) nlhs; (void) nrhs; (void) prhs; cmd_usage (plhs); }
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
  {"mul",           cmd_mul_row},
  {"mul_time",      cmd_mul_time_row},
  {"pagemtimes",    cmd_pagemtimes_row},
  {"copy",          cmd_copy_row},
  {"dot",           cmd_dot_row},
  {"binary",        gw_cmd_binary_row},
  {"unary",         gw_cmd_unary_row},
  {"reduce",        gw_cmd_reduce},
  {"scan",          gw_cmd_scan},
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
  {"device",        cmd_device_row},
  {"kernels",       cmd_kernels_row},
  {"usage",         cmd_usage_row},
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
