/* matmul_pages.cu: many small pages (pagemtimes of 8x8 or 16x16 matrices), several whole
 * pages per block.
 *
 * A batch of tiny products is bound by memory, not arithmetic: 10^5 pages of 8x8x8 double
 * move 154 MB and do 0.1 GFLOP.  The tile kernels give each page a block (one 32x32 tile of
 * which 8x8 is used: 1/16 of the threads work, and 10^5 blocks each wait out a load), and
 * cuBLAS's gemmStridedBatched took 0.347 ms (double) / 0.205 ms (single) there on an H100,
 * 3-6x the 0.061 ms of moving the data once.
 *
 * Versions:
 *   pages  (issue 10) a block stages PAGES whole pages of A and B in shared memory with
 *          coalesced loads (consecutive threads on consecutive stored elements, whatever the
 *          layout), then each thread computes outputs of those pages from shared memory,
 *          consecutive threads on consecutive elements of C (coalesced stores).  PAGES is
 *          chosen per launch so that a block computes about 1024 outputs.
 *
 * Launch contract: 256 threads; blockIdx.x = block of pages; dynamic shared memory
 * pages * (m*k + k*n) elements.  Used by auto for small pages (pages_kernel_fits).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {
namespace {

constexpr size_t PAGES_SMEM_BYTES = 24 * 1024;   /* < 48 KB: no opt-in, several blocks an SM */
constexpr int PAGES_TARGET_OUTPUTS = 1024;

template <typename T, bool KA, bool KB>
__global__ void __launch_bounds__ (256)
matmul_pages_kernel (Gemm<T> g, int64_t batch, int per_block)
{
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  T *As = reinterpret_cast<T *> (smem_raw);
  const int64_t m = g.m, n = g.n, k = g.k;
  const int64_t a_elems = m * k, b_elems = k * n, c_elems = m * n;
  T *Bs = As + per_block * a_elems;
  const int64_t first = blockIdx.x * (int64_t) per_block;
  const int pages = (int) (batch - first < per_block ? batch - first : per_block);
  const int64_t rows_a = KA ? k : m, rows_b = KB ? k : n;   /* stored rows */

  for (int64_t e = threadIdx.x; e < pages * a_elems; e += blockDim.x) {
    const int64_t q = e / a_elems, r = e - q * a_elems, c = r / rows_a;
    As[e] = g.A[(first + q) * g.sa + (r - c * rows_a) + c * g.lda];
  }
  for (int64_t e = threadIdx.x; e < pages * b_elems; e += blockDim.x) {
    const int64_t q = e / b_elems, r = e - q * b_elems, c = r / rows_b;
    Bs[e] = g.B[(first + q) * g.sb + (r - c * rows_b) + c * g.ldb];
  }
  __syncthreads ();
  for (int64_t e = threadIdx.x; e < pages * c_elems; e += blockDim.x) {
    const int64_t q = e / c_elems, r = e - q * c_elems, j = r / m, i = r - j * m;
    const T *a = As + q * a_elems, *b = Bs + q * b_elems;
    T acc = 0;
    for (int64_t p = 0; p < k; p++)
      acc = fma (a[at<KA> (i, p, rows_a)], b[at<KB> (j, p, rows_b)], acc);
    g.C[(first + q) * g.sc + i + j * g.ldc] = acc;
  }
}

template <typename T> gm_status launch (const MatmulArgs &a)
{
  const size_t page_bytes = (size_t) (a.m * a.k + a.k * a.n) * sizeof (T);
  int per_block = (int) ceil_div (PAGES_TARGET_OUTPUTS, a.m * a.n);
  if ((size_t) per_block * page_bytes > PAGES_SMEM_BYTES)
    per_block = (int) (PAGES_SMEM_BYTES / page_bytes);
  if (per_block < 1)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul pages: pages of %lldx%lldx%lld do not fit",
                    (long long) a.m, (long long) a.n, (long long) a.k);
  if (per_block > a.batch)
    per_block = (int) a.batch;
  const int64_t blocks = ceil_div (a.batch, per_block);
  if (blocks > MAX_GRID_X)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "matmul pages: %lld pages", (long long) a.batch);
  const size_t smem = (size_t) per_block * page_bytes;
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    Gemm<T> g = {a.m, a.n, a.k, (const T *) a.A, a.lda, a.sa, (const T *) a.B, a.ldb, a.sb,
                 (T *) a.C, a.ldc, a.sc, 1, 0, a.k, 0, false};
    matmul_pages_kernel<T, KA, KB><<<(unsigned) blocks, 256, smem, a.stream>>> (g, a.batch,
                                                                               per_block);
    return gm_cuda_status (cudaGetLastError (), "matmul pages");
  });
}

} /* namespace */

bool pages_kernel_fits (int64_t m, int64_t n, int64_t k, gm_class cls)
{
  return (double) (m * k + k * n) * (double) gm_class_size (cls) <= (double) PAGES_SMEM_BYTES;
}

gm_status matmul_pages (const MatmulArgs &a, gm_class cls)
{
  return cls == GM_DOUBLE ? launch<double> (a) : launch<float> (a);
}

} /* namespace gm_matmul_detail */
