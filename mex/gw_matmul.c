/* gw_matmul.c: the gateway's product commands: ("mul", ...) A * B and op(A) * op(B) of host or
 * gpumat operands with any kernel of the registry, also of arrays past device memory and on
 * several GPUs; ("pagemtimes", ...) page-wise products; ("dot", ...) Octave's dot over the
 * middle of PRE x LEN x POST; ("mul_time", ...) a kernel's own time on gpumat operands (the
 * end-to-end benchmark's reference).  Integer, complex and mixed classes follow Octave's
 * rules, and every error is named after the public function (gpumat:mul:*, gpumat:dot:*).
 * Dispatched from gpumat_mex.c's gateway_commands[].
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_matmul.h"

static void expect_args (int nrhs, int wanted, const char *command)
{
  if (nrhs != wanted)
    gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__ (\"%s\", CALLER, ...) takes %d arguments",
             command, wanted - 2);
}

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
void gw_cmd_mul (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
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
void gw_cmd_pagemtimes (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
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
void gw_cmd_dot (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
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
void gw_cmd_mul_time (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
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
