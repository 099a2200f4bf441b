/* matmul_complex.cu: complex products as one real product on the real kernels.
 *
 * C = op(A) * op(B), complex, interleaved (re, im).  View C as a real 2m x n matrix Cv (its
 * column j is re, im, re, im, ... of C(:, j)) and B as a real 2k x n matrix Bv the same way.
 * Then
 *     Cv = Â * Bv,   Â the real 2m x 2k matrix with blocks  [ar  -ai]
 *                                                           [ai   ar]   for a = op(A)(i, p),
 * since Cv(2i, j) = sum_p ar*br - ai*bi and Cv(2i+1, j) = sum_p ai*br + ar*bi.  In complex terms
 * column 2p of Â is column p of op(A), and column 2p+1 is i times it.  So one product of the
 * real kernels, 2m x n x 2k (8mnk flops, exactly the complex count), runs on the same FP64
 * tensor-core (dmma) and FFMA (warp) machinery as real data, with every kernel name, split-K,
 * pages and `auto`'s choice as they are; Bv and Cv are B's and C's own memory.  The one copy is
 * Â (twice A's bytes: at 4096 complex double 512 MiB written in ~0.2 ms against ~12 ms of
 * product), and op(B) when B is transposed or conjugated (Bv must be a plain view).
 *
 * Accuracy: every element of Cv is one real dot of length 2k whose products are exactly the
 * four real products of the textbook complex product (the form BLAS zgemm uses, and `auto`
 * must use), so |C - Cref| <= 2k eps (|ar||br| + |ai||bi|) <= 2k eps |a||b| per term, inside
 * the 2(k+1) eps (|A||B|) bound.
 *
 * NaN and Inf: an element of C is NaN or Inf exactly where one of its terms is (or the sum
 * overflows), as with every BLAS.  Which part of it is NaN and which Inf is the BLAS library's
 * own: the reference BLAS multiplies by alpha = 1 + 0i each element of B (zgemm "N") or the sum
 * (zgemm "T", zgemv "T"), and 1 * (Inf + 1i) = Inf + NaN i; OpenBLAS splits them otherwise
 * again (bench/NOTES-matmul.md, twentieth session).  The product here is the plain sum, zdotu's,
 * and the tests compare where C is finite, not the split.
 *
 * Versions (H100, % of cuBLAS ZGEMM / CGEMM in the same run, bench/NOTES-matmul.md):
 *   1. Â and op(B) materialized by element-wise kernels; the real product through gm_matmul:
 *      complex single (warp) 86-89% at NN, complex double (dmma) 79-84%.
 *   2. complex double on zdmma (matmul_dmma.cu), a dmma variant that reads complex elements
 *      as they are stored and feeds each fragment to two MMAs (no Â): used by `auto` and
 *      "dmma" wherever its tiles fill the GPU; transposed operands materialized first.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {
namespace {

template <typename R> struct alignas (2 * sizeof (R)) Cplx { R re, im; };

constexpr int BLOCK = 256;

/* Â(2i + r, 2p + s) for every page of A: thread along i (the contiguous index of Â's columns,
 * and of A's when op(A) = A).  For a transposed A the reads are strided (one 16- or 8-byte
 * element per row of A); the writes, twice the bytes, stay coalesced. */
template <typename R, bool KA, bool CONJ>
__global__ void __launch_bounds__ (BLOCK)
expand_a (int64_t m, int64_t k, int64_t pages, const Cplx<R> *__restrict__ A, int64_t lda,
          int64_t sa, R *__restrict__ Ahat, int64_t ldh, int64_t sh)
{
  const int64_t total = m * k * pages, stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t t = blockIdx.x * (int64_t) BLOCK + threadIdx.x; t < total; t += stride) {
    const int64_t i = t % m, rest = t / m, p = rest % k, page = rest / k;
    Cplx<R> a = A[page * sa + (KA ? p + i * lda : i + p * lda)];
    if (CONJ)
      a.im = -a.im;
    R *h = Ahat + page * sh + 2 * i + 2 * p * ldh;
    *(Cplx<R> *) h = a;                            /* column 2p:    ( ar, ai) */
    *(Cplx<R> *) (h + ldh) = Cplx<R>{-a.im, a.re}; /* column 2p+1:  (-ai, ar) */
  }
}

/* dst(r, c) = X(c, r) (conjugated for CONJ), rows x cols contiguous pages: op(B) for B stored
 * n x k, or op(A) for A stored k x m; thread along r (dst's contiguous index). */
template <typename R, bool CONJ>
__global__ void __launch_bounds__ (BLOCK)
materialize_t (int64_t rows, int64_t cols, int64_t pages, const Cplx<R> *__restrict__ X,
               int64_t ld, int64_t sx, Cplx<R> *__restrict__ dst)
{
  const int64_t total = rows * cols * pages, stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t t = blockIdx.x * (int64_t) BLOCK + threadIdx.x; t < total; t += stride) {
    const int64_t r = t % rows, rest = t / rows, c = rest % cols, page = rest / cols;
    Cplx<R> x = X[page * sx + c + r * ld];
    if (CONJ)
      x.im = -x.im;
    dst[t] = x;
  }
}

unsigned blocks_for (int64_t count)
{
  const int64_t b = ceil_div (count, BLOCK);
  return (unsigned) (b < 8192 ? b : 8192);
}

/* op(X) of a transposed operand as rows x cols contiguous pages in ws: *X, *ld, *stride
 * describe the copy on success. */
template <typename R>
gm_status materialize (Workspace &ws, cudaStream_t stream, bool conj, int64_t rows, int64_t cols,
                       int64_t batch, const void **X, int64_t *ld, int64_t *stride)
{
  const int64_t pages = *stride == 0 ? 1 : batch;
  size_t bytes;
  gm_status st = gm_mul_size3 ((size_t) (rows * cols), (size_t) pages, sizeof (Cplx<R>), &bytes);
  if (st != GM_OK)
    return st;
  Cplx<R> *M = (Cplx<R> *) ws.scratch (bytes);
  if (!M)
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "matmul: no device memory for the transposed "
                    "complex operand (%.0f MiB)", bytes / 1048576.0);
  if (pages == 1)   /* one page: the tiled transpose, coalesced both ways (4096 complex double
                       A * Bᴴ on zdmma: 77-81% of ZGEMM with the element-wise copy, 82-84%) */
    st = gm_transpose_op (sizeof (R) == 8 ? GM_COMPLEX_DOUBLE : GM_COMPLEX_SINGLE,
                          conj ? GM_OP_CTRANSPOSE : GM_OP_TRANSPOSE, cols, rows, *X, *ld, M,
                          rows, stream);
  else {
    (conj ? materialize_t<R, true> : materialize_t<R, false>)
        <<<blocks_for (rows * cols * pages), BLOCK, 0, stream>>> (rows, cols, pages,
                                                                (const Cplx<R> *) *X, *ld,
                                                                *stride, M);
    st = gm_cuda_status (cudaGetLastError (), "matmul: complex transpose launch");
  }
  *X = M;
  *ld = rows;
  *stride = *stride == 0 ? 0 : rows * cols;
  return st;
}

/* Complex double on zdmma (matmul_dmma.cu) where it applies: `auto` or "dmma", a device with
 * full-rate FP64 tensor cores, tiles enough to fill it, 16-byte aligned operands.  Transposed
 * operands are materialized first.  *done false: not taken (nothing queued). */
gm_status run_zdmma (const MatmulArgs &a, gm_op opa, gm_op opb, bool *done)
{
  *done = false;
  DeviceInfo dev;
  gm_status st = device_info (&dev);
  if (st != GM_OK)
    return st;
  MatmulArgs z = {false, true, a.m, a.n, a.k, 2 * a.lda, 2 * a.ldb, 2 * a.ldc, a.batch,
                  2 * a.sa, 2 * a.sb, 2 * a.sc, a.A, a.B, a.C, a.stream, false};
  MatmulArgs probe = z;   /* the layout after materializing: fresh, aligned blocks */
  if (a.ka) { probe.A = NULL; probe.lda = 2 * a.m; probe.sa = 0; }
  if (!a.kb) { probe.B = NULL; probe.ldb = 2 * a.k; probe.sb = 0; }
  if (!zdmma_takes (probe, dev))
    return GM_OK;
  Workspace ws (a.stream);
  const void *A = a.A, *B = a.B;
  int64_t lda = a.lda, sa = a.sa, ldb = a.ldb, sb = a.sb;
  if (a.ka && (st = materialize<double> (ws, a.stream, opa == GM_OP_CTRANSPOSE, a.m, a.k,
                                         a.batch, &A, &lda, &sa)) != GM_OK)
    return st;
  if (!a.kb && (st = materialize<double> (ws, a.stream, opb == GM_OP_CTRANSPOSE, a.k, a.n,
                                          a.batch, &B, &ldb, &sb)) != GM_OK)
    return st;
  z.A = A; z.lda = 2 * lda; z.sa = 2 * sa;
  z.B = B; z.ldb = 2 * ldb; z.sb = 2 * sb;
  *done = true;
  return matmul_zdmma (z);
}

template <typename R>
gm_status run (const MatmulArgs &a, gm_class cls, gm_op opa, gm_op opb, gm_matmul_kernel kernel)
{
  const gm_class real = gm_class_real (cls);
  const int64_t m = a.m, n = a.n, k = a.k, batch = a.batch;
  if (k == 0)   /* zeros: the real product of depth 0 on C's real view */
    return matmul_entry (a.native_auto, kernel, real, GM_OP_NONE, GM_OP_NONE, 2 * m, n, 0, a.A,
                         2 * m, 0, a.B, 1, 0, a.C, 2 * a.ldc, 2 * a.sc, batch, a.stream);
  /* auto: zdmma unless auto takes ozaki for the real product below (products of gpumat
     arrays only: matmul_native.h) */
  gm_matmul_kernel real_choice = GM_MATMUL_DMMA;
  if (std::is_same<R, double>::value && kernel == GM_MATMUL_AUTO && !a.native_auto) {
    gm_status st = gm_matmul_auto_choice (real, GM_OP_NONE, GM_OP_NONE, 2 * m, n, 2 * k, batch,
                                          &real_choice);
    if (st != GM_OK)
      return st;
  }
  if (std::is_same<R, double>::value && real_choice != GM_MATMUL_OZAKI
      && (kernel == GM_MATMUL_AUTO || kernel == GM_MATMUL_DMMA)) {
    bool done;
    gm_status st = run_zdmma (a, opa, opb, &done);
    if (st != GM_OK || done)
      return st;
  }
  Workspace ws (a.stream);
  /* Â: leading dimension 2m rounded up to 16 bytes, so that the cp.async kernels take their
     vector path without a second copy */
  const int64_t V = 16 / (int64_t) sizeof (R), ldh = ceil_div (2 * m, V) * V;
  const int64_t pages_a = a.sa == 0 ? 1 : batch, sh = ldh * 2 * k;
  size_t bytes_a;
  gm_status st = gm_mul_size3 ((size_t) sh, (size_t) pages_a, sizeof (R), &bytes_a);
  if (st != GM_OK)
    return st;
  R *Ahat = (R *) ws.scratch (bytes_a);
  if (!Ahat)
    return gm_fail (GM_ERR_OUT_OF_MEMORY, "matmul: no device memory for the complex operand "
                    "(%.0f MiB)", bytes_a / 1048576.0);
  const int64_t count_a = m * k * pages_a;
  const bool conj_a = opa == GM_OP_CTRANSPOSE;
  const Cplx<R> *A = (const Cplx<R> *) a.A;
  if (a.ka)
    (conj_a ? expand_a<R, true, true> : expand_a<R, true, false>)
        <<<blocks_for (count_a), BLOCK, 0, a.stream>>> (m, k, pages_a, A, a.lda, a.sa, Ahat, ldh,
                                                        sh);
  else
    (conj_a ? expand_a<R, false, true> : expand_a<R, false, false>)
        <<<blocks_for (count_a), BLOCK, 0, a.stream>>> (m, k, pages_a, A, a.lda, a.sa, Ahat, ldh,
                                                        sh);
  st = gm_cuda_status (cudaGetLastError (), "matmul: complex expand launch");
  if (st != GM_OK)
    return st;

  /* Bv: B's own memory when op(B) = B, else op(B) materialized k x n */
  const void *Bv = a.B;
  int64_t ldbv = 2 * a.ldb, sbv = 2 * a.sb;
  if (!a.kb) {
    int64_t ldb = a.ldb, sb = a.sb;
    if ((st = materialize<R> (ws, a.stream, opb == GM_OP_CTRANSPOSE, k, n, batch, &Bv, &ldb,
                              &sb)) != GM_OK)
      return st;
    ldbv = 2 * ldb;
    sbv = 2 * sb;
  }
  return matmul_entry (a.native_auto, kernel, real, GM_OP_NONE, GM_OP_NONE, 2 * m, n, 2 * k,
                       Ahat, ldh, a.sa == 0 ? 0 : sh, Bv, ldbv, sbv, a.C, 2 * a.ldc, 2 * a.sc,
                       batch, a.stream);
}

} /* namespace */

gm_status matmul_complex (const MatmulArgs &a, gm_class cls, gm_op opa, gm_op opb,
                          gm_matmul_kernel kernel)
{
  /* gm_matmul has refused what the real product would refuse (the kernel registry's classes
     and compute capability) before anything is built here */
  if (a.ct)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: complex C stored transposed");
  return cls == GM_COMPLEX_DOUBLE ? run<double> (a, cls, opa, opb, kernel)
                                  : run<float> (a, cls, opa, opb, kernel);
}

} /* namespace gm_matmul_detail */
