/* gpumat_mex.c: __gpumat__, the one gateway behind every gpumat function.
 *
 *   __gpumat__ (COMMAND, CALLER, ARGS...): CALLER is the name error messages start with.
 *
 *   ("mul", CALLER, A, B, KERNEL)            A * B; a gpumat operand gives a gpumat result
 *   ("mul", CALLER, A, OPA, B, OPB, KERNEL)  op(A) * op(B), OP "none", "transpose", "ctranspose"
 *   ("pagemtimes", CALLER, X, OPX, Y, OPY, KERNEL)  page-wise op(X) * op(Y), broadcasting pages
 *   ("dot", CALLER, X, Y, PRE, LEN, POST, OUTDIMS)  sums over the middle of PRE x LEN x POST
 *   ("upload", CALLER, A)      -> descriptor {ptr, dims, cls} of a new device array
 *   ("gather", CALLER, G)      -> the host array of gpumat G (a view G' transposed first)
 *   ("copy", CALLER, G)        -> descriptor of a device copy of G laid out as its size
 *   ("free", CALLER, PTR)      releases a device array (a gpumat object's delete)
 *   ("available", CALLER)      true or false, never an error
 *   ("device", CALLER)         struct describing the GPU
 *   ("kernels", CALLER)        cell array of the matmul kernel names
 *   ("mul_time", CALLER, G, [OPG,] H, [OPH,] KERNEL, REPEATS)  median ms of the kernel alone
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

static void unknown_kernel (gw_scratch *scratch, const char *name, const char *area)
{
  char names[256] = "", id[96];
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++) {
    const char *kernel = gm_matmul_kernel_name ((gm_matmul_kernel) k);
    if (!kernel)
      continue;
    strncat (names, k ? ", " : "", sizeof names - strlen (names) - 1);
    strncat (names, kernel, sizeof names - strlen (names) - 1);
  }
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

/* d_C (rows x cols) = alpha * other, where other is stored transposed (cols x rows): the
   scalar case of `s * B.'` (d_tmp: rows * cols elements of scratch). */
static gm_status scale_transposed (gm_class cls, int64_t rows, int64_t cols, const void *d_alpha,
                                   const void *d_other, void *d_tmp, void *d_C)
{
  gm_status st = gm_scale (cls, rows * cols, d_alpha, d_other, d_tmp, 0);
  if (st == GM_OK)
    st = gm_transpose (cls, cols, rows, d_tmp, cols, d_C, rows, 0);
  return st;
}

/* ("mul", CALLER, A, B, KERNEL) or ("mul", CALLER, A, OPA, B, OPB, KERNEL): op(A) * op(B).
   Transposes are never copied: the operation, and a gpumat view's own transposition, go to
   the kernels as flags.  A scalar operand scales op(other) as `*` does. */
static void cmd_mul (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs != 5 && nrhs != 7)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"mul\", CALLER, A, [OPA,] B, [OPB,] KERNEL): wrong number of arguments");
  const int with_ops = nrhs == 7;
  const mxArray *in_a = prhs[2], *in_b = prhs[with_ops ? 4 : 3], *in_kernel = prhs[nrhs - 1];
  gw_scratch scratch = GW_SCRATCH_INIT;
  const gm_matmul_kernel kernel = read_kernel (&scratch, in_kernel, "mul");
  const gm_op opa = with_ops ? gw_read_op (&scratch, prhs[3], "mul", "OPA") : GM_OP_NONE;
  const gm_op opb = with_ops ? gw_read_op (&scratch, prhs[5], "mul", "OPB") : GM_OP_NONE;

  gw_operand A, B;
  gw_read_operand (&scratch, in_a, "mul", "A", &A);
  gw_read_operand (&scratch, in_b, "mul", "B", &B);
  char a_dims[64], b_dims[64];
  if (A.ndims > 2 || B.ndims > 2) {
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
  /* A scalar operand scales the other, whatever its size, as `*` does. */
  const int a_scalar = A.numel == 1, b_scalar = B.numel == 1;
  if (!a_scalar && !b_scalar && da[1] != db[0]) {
    gw_format_dims (a_dims, sizeof a_dims, 2, da);
    gw_format_dims (b_dims, sizeof b_dims, 2, db);
    gw_fail (&scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", a_dims, b_dims);
  }

  const gm_class cls = (A.cls == GM_SINGLE || B.cls == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
  gw_convert_operand (&scratch, &A, cls, "mul");
  gw_convert_operand (&scratch, &B, cls, "mul");
  gw_operand *scalar = a_scalar ? &A : b_scalar ? &B : NULL;
  gw_operand *other = a_scalar ? &B : &A;
  mwSize out_dims[2];
  if (scalar) {
    out_dims[0] = a_scalar ? db[0] : da[0];
    out_dims[1] = a_scalar ? db[1] : da[1];
  } else {
    out_dims[0] = da[0];
    out_dims[1] = db[1];
  }
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
  /* s * B.' with B a matrix: the result is laid out as B.', so scale, then transpose on the
     device (a vector's transpose has the same layout as the vector). */
  const gm_op s_other = scalar ? gw_stored_op (other, a_scalar ? opb : opa) : GM_OP_NONE;
  const int scale_transpose = scalar && count > 0 && s_other != GM_OP_NONE
                              && out_dims[0] > 1 && out_dims[1] > 1;
  gm_status st;

  if (!A.on_device && !B.on_device && !scale_transpose) {
    mxArray *out = gw_make_host_array (cls, 2, out_dims);
    void *h_C = gw_array_data (out);
    if (count == 0)
      st = GM_OK;
    else if (scalar)
      st = gm_scale_host (cls, (int64_t) count, scalar->host, other->host, h_C);
    else if (k == 0) {
      memset (h_C, 0, out_bytes);      /* an empty sum needs no GPU */
      st = GM_OK;
    } else
      st = gm_matmul_host (kernel, cls, sa, sb, m, n, k, A.host, B.host, h_C, NULL);
    if (st != GM_OK) {
      mxDestroyArray (out);
      gw_fail_status (&scratch, st, "mul");
    }
    gw_scratch_free (&scratch);
    plhs[0] = out;
    return;
  }

  /* A gpumat operand (the result stays on the device), or s * B.' on host arrays. */
  const int device_result = A.on_device || B.on_device;
  gw_upload_operand (&scratch, &A, "mul");
  gw_upload_operand (&scratch, &B, "mul");
  void *d_C = gw_device_alloc (&scratch, out_bytes, "mul");
  if (count == 0)
    st = GM_OK;
  else if (scale_transpose)
    st = scale_transposed (cls, out_dims[0], out_dims[1], scalar->device, other->device,
                          gw_device_alloc (&scratch, out_bytes, "mul"), d_C);
  else if (scalar)
    st = gm_scale (cls, (int64_t) count, scalar->device, other->device, d_C, 0);
  else
    st = gm_matmul (kernel, cls, sa, sb, m, n, k, A.device, lda, 0, B.device, ldb, 0, d_C,
                    at_least_1 (m), 0, 1, 0);
  if (st == GM_OK)
    st = gm_sync ();               /* the call returns once its result is complete */
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "mul");
  if (device_result) {
    plhs[0] = gw_make_gpumat (&scratch, d_C, cls, 2, out_dims, "mul");
    gw_scratch_free (&scratch);
    return;
  }
  mxArray *out = gw_make_host_array (cls, 2, out_dims);
  st = gm_copy_to_host (gw_array_data (out), d_C, out_bytes);
  if (st != GM_OK) {
    mxDestroyArray (out);
    gw_fail_status (&scratch, st, "mul");
  }
  gw_scratch_free (&scratch);
  plhs[0] = out;
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
  if (overflow || gm_mul_size (count, sizeof (double), &out_bytes) != GM_OK) {
    gw_format_dims (x_dims, sizeof x_dims, out_ndims, out_dims);
    gw_fail (&scratch, "gpumat:pagemtimes:tooLarge", "the result (%s) is too large", x_dims);
  }

  const gm_class cls = (X.cls == GM_SINGLE || Y.cls == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
  out_bytes = count * gm_class_size (cls);
  gw_convert_operand (&scratch, &X, cls, "pagemtimes");
  gw_convert_operand (&scratch, &Y, cls, "pagemtimes");
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
    sb = GM_OP_NONE;
    m = (int64_t) out_dims[0] * (int64_t) out_dims[1];
    k = 1;
    n = 1;
  }
  /* A matrix page stored transposed: one more page dimension, over the columns of the result
     page, each column a row of the stored page. */
  const int split_columns = mode != PRODUCT && sa != GM_OP_NONE && out_dims[0] > 1
                            && out_dims[1] > 1;
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
  const int whole_scale = mode != PRODUCT && !split_columns && B->numel == 1;
  gm_status st;

  if (!X.on_device && !Y.on_device && (!split_columns || count == 0)) {
    mxArray *out = gw_make_host_array (cls, out_ndims, out_dims);
    void *h_C = gw_array_data (out);
    if (count == 0)
      st = GM_OK;
    else if (whole_scale)
      st = gm_scale_host (cls, (int64_t) count, B->host, A->host, h_C);
    else if (k == 0) {
      memset (h_C, 0, out_bytes);      /* empty sums need no GPU */
      st = GM_OK;
    } else
      st = gm_matmul_host (kernel, cls, sa, sb, m, n, k, A->host, B->host, h_C, &pages);
    if (st != GM_OK) {
      mxDestroyArray (out);
      gw_fail_status (&scratch, st, "pagemtimes");
    }
    gw_scratch_free (&scratch);
    plhs[0] = out;
    return;
  }

  const int device_result = X.on_device || Y.on_device;
  gw_upload_operand (&scratch, &X, "pagemtimes");
  gw_upload_operand (&scratch, &Y, "pagemtimes");
  void *d_C = gw_device_alloc (&scratch, out_bytes, "pagemtimes");
  if (count == 0)
    st = GM_OK;
  else if (whole_scale)
    st = gm_scale (cls, (int64_t) count, B->device, A->device, d_C, 0);
  else
    st = gm_matmul_pages (kernel, cls, sa, sb, m, n, k, A->device, lda, B->device, ldb, d_C,
                          ldc, &pages, 0);
  if (st == GM_OK)
    st = gm_sync ();
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "pagemtimes");
  if (device_result) {
    plhs[0] = gw_make_gpumat (&scratch, d_C, cls, out_ndims, out_dims, "pagemtimes");
    gw_scratch_free (&scratch);
    return;
  }
  mxArray *out = gw_make_host_array (cls, out_ndims, out_dims);
  st = gm_copy_to_host (gw_array_data (out), d_C, out_bytes);
  if (st != GM_OK) {
    mxDestroyArray (out);
    gw_fail_status (&scratch, st, "pagemtimes");
  }
  gw_scratch_free (&scratch);
  plhs[0] = out;
}

/* ---- dot -------------------------------------------------------------------------------------- */

static void cmd_dot (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_X = 2, IN_Y, IN_PRE, IN_LEN, IN_POST, IN_OUTDIMS, IN_COUNT };
  expect_args (nrhs, IN_COUNT, "dot");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand x, y;
  gw_read_operand (&scratch, prhs[IN_X], "dot", "X", &x);
  gw_read_operand (&scratch, prhs[IN_Y], "dot", "Y", &y);
  gw_materialize_operand (&scratch, &x, "dot");   /* a view G' laid out as its size */
  gw_materialize_operand (&scratch, &y, "dot");
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
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand (&scratch, prhs[2], "array", "G", &A);
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:internal", "not a gpumat array");
  gw_materialize_operand (&scratch, &A, "array");     /* gather (G'): transposed once, here */
  mxArray *out = gw_make_host_array (A.cls, A.ndims, A.dims);
  gm_status st = gm_copy_to_host (gw_array_data (out), A.device, A.numel * gm_class_size (A.cls));
  if (st != GM_OK) {
    mxDestroyArray (out);
    gw_fail_status (&scratch, st, "array");
  }
  gw_scratch_free (&scratch);
  plhs[0] = out;
}

/* ("copy", CALLER, G) -> descriptor of a new device array holding G's data laid out as G's
   size: gpumat (G) of a gpumat array or of a view G' (transposed here, on the device). */
static void cmd_copy (mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  expect_args (nrhs, 3, "copy");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  gw_read_operand (&scratch, prhs[2], "array", "G", &A);
  if (!A.on_device)
    gw_fail (&scratch, "gpumat:internal", "not a gpumat array");
  const int64_t rows = A.dims[0], cols = A.numel / (A.dims[0] ? A.dims[0] : 1);
  void *d = gw_device_alloc (&scratch, A.numel * gm_class_size (A.cls), "array");
  gm_status st = GM_OK;
  if (A.numel > 0 && A.transposed && rows > 1 && cols > 1)
    st = gm_transpose (A.cls, cols, rows, A.device, cols, d, rows, 0);
  else if (A.numel > 0)     /* a copy: the column of all elements into a row */
    st = gm_transpose (A.cls, (int64_t) A.numel, 1, A.device, (int64_t) A.numel, d, 1, 0);
  if (st == GM_OK)
    st = gm_sync ();
  if (st != GM_OK)
    gw_fail_status (&scratch, st, "array");
  gw_device_keep (&scratch, d);
  gw_scratch_free (&scratch);
  plhs[0] = gw_make_descriptor (d, A.cls, A.ndims, A.dims);
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
  else if (!strcmp (command, "pagemtimes"))
    cmd_pagemtimes (plhs, nrhs, prhs);
  else if (!strcmp (command, "copy"))
    cmd_copy (plhs, nrhs, prhs);
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
