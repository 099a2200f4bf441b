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
 * NaN and Inf: where an operand holds them, which part of an element of C is NaN and which Inf
 * is the BLAS routine's, and Octave's xgemm picks the routine by shape: zdotu for a 1x1 result
 * (the plain sum of products, as here), else zgemv or zgemm, whose reference forms (LAPACK
 * 3.11's BLAS, Octave's on Debian) multiply by alpha = 1 + 0i either each element of one
 * operand (alpha x(j), alpha B(l, j)) or the sum (alpha temp).  1 * (Inf + 1i) is Inf + NaN i,
 * so after the product here, blas_nonfinite_forms (below) gives each result what the routine
 * gives: a column of C wholly NaN + NaN i where that column of op(B) (or the row of op(A))
 * holds a part that is not finite, or (re - 0 im, im + 0 re) of each element (measured against
 * Octave 7.3 on 2464 random shapes, op pairs and NaN/Inf/-0 patterns: the same NaN and Inf
 * everywhere).  Octave's parser evaluates A.' * B.' as trans_mul of A and a copied B.', and so
 * are both transposed views here.  Octave's herk (A * A' of one array) is not followed.
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

/* ---- NaN and Inf as the BLAS routine Octave calls gives them ---------------------------------
 * Column form (zgemm with op(A) = A, zgemv "N"): alpha B(l, j) has a NaN part whenever B(l, j)
 * has a part that is not finite, and a product with an element that has a NaN part is NaN + NaN
 * i whatever the other factor, so column j of C is NaN + NaN i.  Here "column" c of X is the
 * elements X[c * xcol + l * xstep], l < len, and the C elements it decides are C[c * ccol + i *
 * cstep], i < count; one block a column of a page at a time. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
nan_where_nonfinite (int64_t columns, int64_t pages, int64_t len, const Cplx<R> *__restrict__ X,
                     int64_t xcol, int64_t xstep, int64_t xpage, int64_t count,
                     Cplx<R> *__restrict__ C, int64_t ccol, int64_t cstep, int64_t cpage)
{
  for (int64_t t = blockIdx.x; t < columns * pages; t += gridDim.x) {
    const int64_t c = t % columns, page = t / columns;
    const Cplx<R> *x = X + page * xpage + c * xcol;
    int bad = 0;
    for (int64_t l = threadIdx.x; l < len && !bad; l += BLOCK) {
      const Cplx<R> v = x[l * xstep];
      bad = !isfinite (v.re) || !isfinite (v.im);
    }
    if (__syncthreads_or (bad)) {
      const R nan = (R) NAN;
      Cplx<R> *out = C + page * cpage + c * ccol;
      for (int64_t i = threadIdx.x; i < count; i += BLOCK)
        out[i * cstep] = Cplx<R>{nan, nan};
    }
  }
}

/* Sum form (zgemm and zgemv with op(A) transposed, zgemv "T" on B for a row op(A)): C = alpha temp,
 * (1 re - 0 im, 1 im + 0 re); only an element with a part that is not finite changes. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
times_alpha (int64_t m, int64_t n, int64_t pages, Cplx<R> *__restrict__ C, int64_t ldc,
             int64_t sc)
{
  const int64_t total = m * n * pages, stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t t = blockIdx.x * (int64_t) BLOCK + threadIdx.x; t < total; t += stride) {
    const int64_t i = t % m, rest = t / m, j = rest % n, page = rest / n;
    Cplx<R> *c = C + page * sc + i + j * ldc;
    const Cplx<R> v = *c;
    if (!isfinite (v.re) || !isfinite (v.im))
      *c = Cplx<R>{v.re - (R) 0 * v.im, v.im + (R) 0 * v.re};
  }
}

/* After C = op(A) op(B) (plain sums of products): NaN and Inf as Octave's xgemm gives them on
 * the reference BLAS (file header).  Bv, ldbv, sbv: op(B) as a plain k x n view (complex
 * elements); A, lda, sa: A as stored.  Queued on a.stream; nothing to do for finite operands
 * but one read of op(B) (column form) or of C (sum form). */
template <typename R>
gm_status blas_nonfinite_forms (const MatmulArgs &a, gm_op opa, gm_op opb, const void *Bv,
                                int64_t ldbv, int64_t sbv)
{
  const int64_t m = a.m, n = a.n, k = a.k, pages = a.batch;
  if ((m == 1 && n == 1) || m == 0 || n == 0 || k == 0 || pages == 0)
    return GM_OK;                                   /* zdotu: the plain sum */
  /* A.' * B.': Octave's trans_mul of A and the copy B.' */
  const gm_op eb = opa != GM_OP_NONE ? GM_OP_NONE : opb;
  const bool tra = opa != GM_OP_NONE, cja = opa == GM_OP_CTRANSPOSE;
  const bool trb = eb != GM_OP_NONE, cjb = eb == GM_OP_CTRANSPOSE;
  enum { COLUMNS, ROW, SUM } form;
  if (n == 1 && !cjb)
    form = tra ? SUM : COLUMNS;                     /* zgemv on A */
  else if (m == 1 && !cja && !cjb)
    form = trb ? ROW : SUM;                         /* zgemv on B, x = op(A) */
  else
    form = tra ? SUM : COLUMNS;                     /* zgemm */
  Cplx<R> *C = (Cplx<R> *) a.C;
  const int64_t columns = form == COLUMNS ? n : 1;
  const unsigned grid = (unsigned) (columns * pages < 8192 ? columns * pages : 8192);
  if (form == SUM)
    times_alpha<R><<<blocks_for (m * n * pages), BLOCK, 0, a.stream>>> (m, n, pages, C, a.ldc,
                                                                        a.sc);
  else if (form == COLUMNS)
    nan_where_nonfinite<R><<<grid, BLOCK, 0, a.stream>>> (n, pages, k, (const Cplx<R> *) Bv,
                                                          ldbv, 1, sbv, m, C, a.ldc, 1, a.sc);
  else   /* the one row of op(A) = A (1 x k, stored as is) decides all of C's one row */
    nan_where_nonfinite<R><<<grid, BLOCK, 0, a.stream>>> (1, pages, k, (const Cplx<R> *) a.A,
                                                          0, a.lda, a.sa, n, C, 0, a.ldc, a.sc);
  return gm_cuda_status (cudaGetLastError (), "matmul: complex NaN form launch");
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
  if ((st = matmul_zdmma (z)) != GM_OK)
    return st;
  return blas_nonfinite_forms<double> (a, opa, opb, B, ldb, sb);
}

template <typename R>
gm_status run (const MatmulArgs &a, gm_class cls, gm_op opa, gm_op opb, gm_matmul_kernel kernel)
{
  const gm_class real = gm_class_real (cls);
  const int64_t m = a.m, n = a.n, k = a.k, batch = a.batch;
  if (k == 0)   /* zeros: the real product of depth 0 on C's real view */
    return gm_matmul (kernel, real, GM_OP_NONE, GM_OP_NONE, 2 * m, n, 0, a.A, 2 * m, 0, a.B, 1,
                      0, a.C, 2 * a.ldc, 2 * a.sc, batch, a.stream);
  if (std::is_same<R, double>::value
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
  if ((st = gm_matmul (kernel, real, GM_OP_NONE, GM_OP_NONE, 2 * m, n, 2 * k, Ahat, ldh,
                       a.sa == 0 ? 0 : sh, Bv, ldbv, sbv, a.C, 2 * a.ldc, 2 * a.sc, batch,
                       a.stream)) != GM_OK)
    return st;
  return blas_nonfinite_forms<R> (a, opa, opb, Bv, ldbv / 2, sbv / 2);
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
