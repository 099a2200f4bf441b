/* matmul.cu: the matmul entry points of the C API: argument checks, auto's choice (pick_auto),
 * the dispatch through the kernel registry, page-wise products (gm_matmul_pages) and
 * C = alpha * B.
 *
 * The registry (matmul_registry.cu) has a row for each kernel: its name, classes, compute
 * capability and launcher.  The kernels live one family a file, each with its version history
 * in its header:
 *   matmul_naive.cu   one thread per element of C
 *   matmul_tiled.cu   32x32 shared-memory tiles
 *   matmul_wpt.cu     2-D block tile, 2-D register tile a thread
 *   matmul_warp.cu    warp-tiled FFMA on a cp.async pipeline (sm_80+)
 *   matmul_dmma.cu    FP64 tensor cores (sm_80+, double)
 *   tf32/             TF32 tensor cores by the 3xTF32 split (sm_80+, single; auto's choice for
 *                     large single products on compute capability 9.0, pick_auto)
 *   ozaki/            INT8 tensor cores by the Ozaki scheme II, 15 or 16 moduli (scheme I past
 *                     k = 131071; sm_80+, double; auto's choice for large products of gpumat
 *                     arrays on compute capability 9.0: ozaki_pays)
 *   matmul_pages.cu   whole small pages a block (auto's choice for batches of tiny pages)
 *   matmul_vector.cu  one side a vector, the matrix read once (auto's choice for m or n = 1)
 *   matmul_complex.cu complex classes as one real product on these kernels
 *   matmul_int.cu     the integer classes, exact ("naive", "tiled" and auto's imma)
 * and share matmul_internal.cuh: operand layouts, the grid walk over pages and column slabs,
 * cp.async, aligned workspace copies and split-K.
 *
 * Measured on an H200 at N = 4096 (single / double TFLOP/s; cuBLAS 50.1 / 46.5 in the same
 * run; bench/NOTES-matmul.md has every version):
 *   naive 5.47 / 4.02   tiled 16.8 / 9.19   wpt 35.3 / 14.7   warp 47.0 / 22.8   dmma - / 41.1
 *   auto 47.0 / 41.3 (94% / 89% of cuBLAS)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include <atomic>
#include <mutex>
#include <cuda_runtime.h>
#include "gpumat.h"
#include "matmul_internal.cuh"
#include "matmul_native.h"
#include "tuning.h"

using namespace gm_matmul_detail;

namespace gm_matmul_detail {

/* Cached per device ordinal (the properties differ between devices, and the several-device
   product asks from one host thread per device at once): an entry is written once, before its
   ready flag is released, and never changes after. */
gm_status device_info (DeviceInfo *info)
{
  static DeviceInfo cached[GM_MAX_DEVICES];
  static std::atomic<int> ready[GM_MAX_DEVICES];
  int dev;
  cudaError_t err = cudaGetDevice (&dev);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul: cudaGetDevice");
  const bool cacheable = dev >= 0 && dev < GM_MAX_DEVICES;
  if (cacheable && ready[dev].load (std::memory_order_acquire)) {
    *info = cached[dev];
    return GM_OK;
  }
  DeviceInfo d;
  int major, minor;
  if ((err = cudaDeviceGetAttribute (&major, cudaDevAttrComputeCapabilityMajor, dev))
          != cudaSuccess
      || (err = cudaDeviceGetAttribute (&minor, cudaDevAttrComputeCapabilityMinor, dev))
             != cudaSuccess)
    return gm_cuda_status (err, "matmul: compute capability");
  if ((err = cudaDeviceGetAttribute (&d.sms, cudaDevAttrMultiProcessorCount, dev))
      != cudaSuccess)
    return gm_cuda_status (err, "matmul: multiprocessor count");
  if ((err = cudaDeviceGetAttribute (&d.smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                     dev))
      != cudaSuccess)
    return gm_cuda_status (err, "matmul: shared memory per block");
  d.cc = 10 * major + minor;
  if (cacheable) {
    /* two threads of one device may both get here: they write the same values; the flag is
       released only after a whole entry */
    static std::mutex write_lock;
    std::lock_guard<std::mutex> guard (write_lock);
    if (!ready[dev].load (std::memory_order_relaxed)) {
      cached[dev] = d;
      ready[dev].store (1, std::memory_order_release);
    }
  }
  *info = d;
  return GM_OK;
}

} /* namespace gm_matmul_detail */

namespace {

/* What auto runs: a public kernel, or the pages or vector kernel that only auto uses. */
constexpr int CHOICE_PAGES = GM_MATMUL_KERNEL_COUNT, CHOICE_VECTOR = GM_MATMUL_KERNEL_COUNT + 1;

/* auto's ozaki (issue 34), for products of gpumat arrays (native false; matmul_native.h): where
 * ozaki runs its fast path (ozaki_fast_path: compute capability 9.0's wgmma gemms, dmma's tile
 * pass behind it, 16 <= k <= 131071) and a cost model, relative to dmma, puts it under
 * OZAKI_AUTO_RATIO.  The model's terms, fitted on an H200 (bench/NOTES-matmul.md, "ozaki in
 * auto"; session 32's sweep): the N + 1 int8 gemms at 0.55 of dmma's time; the crt's reads of
 * N residue planes and writes of C, per element of C, as a gemm of depth 464 (464 / k, from
 * 8192x8192 at k = 1024 and 8192: 1.06 and 0.65 of dmma's time); the scan and slice of both
 * operands, per element of op(A) and op(B), 136 (m + n) / (m n); ~20 launches, 60 us against
 * dmma's 2 m n k / 45 TFLOP/s (scaled by the SMs).  Model (measured): 8192^3 0.64 (0.645),
 * 4096^3 0.75 (0.721), 3072^3 0.84 (0.773), 16384x1024x4096 0.82 (0.809), 8192x8192x1024 1.06
 * (1.059), 2560^3 0.92 (0.860), so dmma; for 8192 x 8192 the edge falls at k ~ 1750, where
 * ozaki takes ~0.86 of dmma's time.  ozaki also needs its 128x256 tiles to fill the GPU twice.
 * What the model cannot see, data whose tiles ozaki hands to dmma, ozaki's
 * own scan sees: past half such tiles the whole product goes to dmma (scheme2.cu,
 * premark_hands_to_dmma).  GPUMAT_AUTO_DOUBLE=dmma keeps auto on dmma. */
constexpr double OZAKI_AUTO_RATIO = 0.85;
bool ozaki_pays (const DeviceInfo &dev, const MatmulArgs &a)
{
  if (gm_tuning ()->auto_double_dmma || !ozaki_fast_path (a, dev))
    return false;
  const double m = (double) a.m, n = (double) a.n, k = (double) a.k;
  const double tiles = (double) ceil_div (a.m, 128) * (double) ceil_div (a.n, 256) * a.batch;
  if (tiles < 2.0 * dev.sms)
    return false;
  const double dmma_us = 2.0 * m * n * k * (double) a.batch / (45e6 * dev.sms / 132.0);
  const double ratio = 0.55 + 464.0 / k + 136.0 * (m + n) / (m * n) + 60.0 / dmma_us;
  return ratio < OZAKI_AUTO_RATIO;
}

/* auto: the cp.async kernels from sm_80 on: dmma for double where the FP64 tensor cores run at
 * full rate (sm_80 and sm_90+; sm_86/89 have the FP64 tensor rate of their slow FFMA), the FFMA
 * warp kernel otherwise.  Measured on an H200 (TFLOP/s):
 *   - dmma's 128x128 tiles run half empty when m or n is under 128: at 64x64x65536 dmma (k
 *     split in 132) ran 7.6, warp 10.1; at 8192x64x8192 both 19.4.  So warp took shapes
 *     whose dmma tiles would be at most half full and fewer than the SMs.  Since issue 13
 *     dmma has 128x64, 64x128 and 64x64 tiles and picks one per shape (matmul_dmma.cu,
 *     plan_swapped), so double goes to dmma wherever its tensor cores run at full rate: warp's
 *     own double tiles are 64x64 too, at half dmma's peak.  GPUMAT_DMMA_TILE=v2 brings back
 *     the old rule (and dmma's 128x128 tiles only) for side-by-side measurements.  Both split
 *     k where their tiles cannot fill the chip;
 *   - in single, warp beats tiled even on thin shapes (8192x64x8192: 17.6 against 13.6;
 *     1000x3000x17: 5.8 against 5.1); tiled is left for products with under one 128x64
 *     tile per 8 SMs and too little k to split, where its 32x32 tiles make 8 times the blocks;
 *   - single on compute capability 9.0 (sm_90a built): tf32x3 v2 (wgmma, 3xTF32 within FP32's
 *     own bound on every test) where its tiles run 3/4 full or more and m n k >= 2^28.  H100,
 *     against warp: 1024^3 34.9 / 29.7, 4096^3 65.0 / 44.1, 8192^3 68.6 / 45.0, 8192x8192x128
 *     40.0 / 23.3; it loses at 512^3 (7.6 / 8.8) and with n = 64 (8192x64x8192: 25.9 / 39.1:
 *     half-empty tiles).
 * Double on compute capability 9.0: ozaki where ozaki_pays (above), for products of gpumat
 * arrays (native false).
 * Vectors: y = op(A) x and y = x op(B) read the matrix once at memory speed (matmul_vector.cu);
 * the GEMM tiles compute up to 64 columns for the one they keep.
 * Batches (issue 10): a batch of tiny pages (m*n <= 256, k <= 64, whole pages in 24 KB) goes
 * to the pages kernel, several pages a block; pages up to 48x48 to tiled, one block a page
 * (their whole product is one or two 32x32 tiles: the big tiles would run mostly empty);
 * larger pages to warp / dmma as single products, counting every page's tiles. */
int pick_auto (gm_class cls, const DeviceInfo &dev, const MatmulArgs &a, bool native)
{
  const int64_t m = a.m, n = a.n, k = a.k;
  if (a.batch > 1 && m * n <= 256 && k <= 64 && pages_kernel_fits (m, n, k, cls))
    return CHOICE_PAGES;
  if (m == 1 || n == 1)
    return CHOICE_VECTOR;
  if (dev.cc < 80)
    return GM_MATMUL_WPT;
  if (a.batch > 1 && m <= 48 && n <= 48)
    return GM_MATMUL_TILED;
  if (8 * ceil_div (m, 128) * ceil_div (n, 64) * a.batch < dev.sms && k < 2 * SPLIT_MIN_K)
    return GM_MATMUL_TILED;
  if (cls == GM_SINGLE) {
    /* tf32x3 (v3 where its tiles fill the GPU, else v2) where its 128x128 tiles run at least
       3/4 full and the product is not small: from m n k = 2^28 (H100, session 14: 768^3
       tf32x3 126% of SGEMM against warp's 103%; 512^3 67% against 72%) */
    const double tiles = (double) ceil_div (m, 128) * (double) ceil_div (n, 128);
    const bool full = 4.0 * (double) m * (double) n >= 3.0 * tiles * 128 * 128;
    const bool big = (double) m * (double) n * (double) k * (double) a.batch >= 0x1p28;
    return full && big && tf32x3_v2_takes (a, dev) ? GM_MATMUL_TF32X3 : GM_MATMUL_WARP;
  }
  if (!(dev.cc == 80 || dev.cc >= 90) || !dmma_fits (dev))
    return GM_MATMUL_WARP;   /* dmma_fits: cc 12.x grants 99 KiB, under every dmma tile */
  if (!dmma_legacy_auto ())   /* dmma picks a tile that fits the shape (128x64, 64x128, 64x64) */
    return !native && ozaki_pays (dev, a) ? GM_MATMUL_OZAKI : GM_MATMUL_DMMA;
  const int64_t dmma_tiles = ceil_div (m, 128) * ceil_div (n, 128);
  const bool half_empty = 2.0 * (double) m * (double) n <= (double) dmma_tiles * 128 * 128;
  return half_empty && dmma_tiles * a.batch < dev.sms ? GM_MATMUL_WARP : GM_MATMUL_DMMA;
}

/* The arguments of a product of this shape and these ops, no data: what the plans and auto's
   choice read (gm_matmul_dmma_plan, gm_matmul_auto_choice). */
MatmulArgs shape_args (gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k, int64_t batch)
{
  MatmulArgs a = {};
  a.ka = opa != GM_OP_NONE;
  a.kb = opb == GM_OP_NONE;
  a.m = m;
  a.n = n;
  a.k = k;
  a.batch = batch;
  return a;
}

const char *const op_names[3] = {"none", "transpose", "ctranspose"};

template <typename T> gm_status zero_pages (const MatmulArgs &a)
{
  return sum_slices<T> (a, 0, NULL);
}

} /* namespace */

extern "C" gm_status gm_matmul_dmma_plan (gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                                         int64_t batch, int *tile_m, int *tile_n, int *slices)
{
  if (!gm_op_name (opa) || !gm_op_name (opb))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown operation (%d, %d)", (int) opa,
                    (int) opb);
  if (m < 0 || n < 0 || k < 0 || batch < 0 || !tile_m || !tile_n || !slices)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul dmma plan: negative size or null output");
  /* the plan counts tiles in int64_t: no C this large fits a device anyway */
  if ((double) m * (double) n * (double) batch > 0x1p60)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "matmul dmma plan: %lld x %lld x %lld pages too large",
                    (long long) m, (long long) n, (long long) batch);
  DeviceInfo dev;
  gm_status st = device_info (&dev);
  if (st != GM_OK)
    return st;
  return dmma_plan (shape_args (opa, opb, m, n, k, batch), dev, tile_m, tile_n, slices);
}

static gm_status auto_choice (bool native, gm_class cls, gm_op opa, gm_op opb, int64_t m,
                              int64_t n, int64_t k, int64_t batch, gm_matmul_kernel *kernel)
{
  if (!gm_op_name (opa) || !gm_op_name (opb) || !kernel || m < 0 || n < 0 || k < 0 || batch < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul auto choice: bad arguments");
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul auto choice: class %s (real double and "
                    "single only)", gm_class_name (cls));
  DeviceInfo dev;
  gm_status st = device_info (&dev);
  if (st != GM_OK)
    return st;
  const int choice = pick_auto (cls, dev, shape_args (opa, opb, m, n, k, batch), native);
  *kernel = choice >= GM_MATMUL_KERNEL_COUNT ? GM_MATMUL_AUTO : (gm_matmul_kernel) choice;
  return GM_OK;
}

extern "C" gm_status gm_matmul_auto_choice (gm_class cls, gm_op opa, gm_op opb, int64_t m,
                                            int64_t n, int64_t k, int64_t batch,
                                            gm_matmul_kernel *kernel)
{
  return auto_choice (false, cls, opa, opb, m, n, k, batch, kernel);
}

extern "C" gm_status gm_matmul_auto_choice_native (gm_class cls, gm_op opa, gm_op opb,
                                                   int64_t m, int64_t n, int64_t k,
                                                   int64_t batch, gm_matmul_kernel *kernel)
{
  return auto_choice (true, cls, opa, opb, m, n, k, batch, kernel);
}

extern "C" const char *gm_op_name (gm_op op)
{
  return (int) op >= 0 && (int) op < 3 ? op_names[op] : NULL;
}

extern "C" gm_status gm_op_from_name (const char *name, gm_op *op)
{
  if (!name || !op)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: no operation name");
  for (int i = 0; i < 3; i++)
    if (strcmp (name, op_names[i]) == 0) {
      *op = (gm_op) i;
      return GM_OK;
    }
  return gm_fail (GM_ERR_INVALID_ARGUMENT,
                  "unknown operation '%s' (\"none\", \"transpose\" or \"ctranspose\")", name);
}

namespace gm_matmul_detail {

gm_status matmul_entry (bool native, gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                        int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                        int64_t stride_a, const void *d_B, int64_t ldb, int64_t stride_b,
                        void *d_C, int64_t ldc, int64_t stride_c, int64_t batch,
                        cudaStream_t stream)
{
  if (!gm_class_valid (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown class %d", (int) cls);
  if ((int) kernel < 0 || (int) kernel >= GM_MATMUL_KERNEL_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown kernel %d", (int) kernel);
  if (!gm_op_name (opa) || !gm_op_name (opb))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown operation (%d, %d)", (int) opa,
                    (int) opb);
  if (m < 0 || n < 0 || k < 0 || batch < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul: negative size (%lld x %lld x %lld, %lld pages)", (long long) m,
                    (long long) n, (long long) k, (long long) batch);
  if (stride_a < 0 || stride_b < 0 || stride_c < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: negative page stride");
  if (m == 0 || n == 0 || batch == 0)
    return GM_OK;
  const bool ka = opa != GM_OP_NONE, kb = opb == GM_OP_NONE;
  const int64_t rows_a = ka ? k : m, rows_b = kb ? k : n;
  if (lda < (rows_a > 1 ? rows_a : 1) || ldb < (rows_b > 1 ? rows_b : 1) || ldc < m)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul: leading dimensions too small (lda %lld, ldb %lld, ldc %lld for "
                    "%lld x %lld x %lld, ops %s, %s)", (long long) lda, (long long) ldb,
                    (long long) ldc, (long long) m, (long long) n, (long long) k,
                    op_names[opa], op_names[opb]);
  if (batch > 1 && stride_c < ldc * n)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul: pages of C overlap (stride %lld for %lld x %lld, ldc %lld)",
                    (long long) stride_c, (long long) m, (long long) n, (long long) ldc);
  if (!d_C || (k > 0 && (!d_A || !d_B)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: null device pointer");
  const size_t elem = gm_class_size (cls);
  size_t span;
  gm_status st;
  if ((st = gm_mul_size ((size_t) ldc, (size_t) n, &span)) != GM_OK
      || (st = gm_mul_size ((size_t) stride_c, (size_t) (batch - 1), &span)) != GM_OK
      || (st = gm_mul_size (span + (size_t) ldc * (size_t) n, elem, &span)) != GM_OK)
    return st;

  DeviceInfo dev;
  if ((st = device_info (&dev)) != GM_OK)
    return st;
  /* the kernel takes the class on this device (the registry's row); auto takes every class */
  if ((st = gm_matmul_can_run (kernel, cls, dev.cc)) != GM_OK)
    return st;
  MatmulArgs a = {ka, kb, m, n, k, lda, ldb, ldc, batch, stride_a, stride_b, stride_c,
                  d_A, d_B, d_C, stream, false};
  a.auto_pick = kernel == GM_MATMUL_AUTO;
  a.native_auto = native;
  if (gm_class_is_integer (cls))
    return matmul_integer (a, cls, kernel, dev);
  if (gm_class_is_complex (cls))
    return matmul_complex (a, cls, opa, opb, kernel);
  const int choice = kernel == GM_MATMUL_AUTO ? pick_auto (cls, dev, a, native) : (int) kernel;
  if (k == 0) /* an empty sum: zeros, whatever the kernel */
    return cls == GM_DOUBLE ? zero_pages<double> (a) : zero_pages<float> (a);
  if (choice == CHOICE_PAGES)
    return matmul_pages (a, cls);
  if (choice == CHOICE_VECTOR)
    return matmul_vector (a, cls, dev);
  /* auto's choice passes the same test as a kernel asked for by name */
  if ((st = gm_matmul_can_run ((gm_matmul_kernel) choice, cls, dev.cc)) != GM_OK)
    return st;
  const MatmulLauncher launch = matmul_launcher ((gm_matmul_kernel) choice);
  if (!launch)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown kernel %d", choice);
  return launch (a, cls, dev);
}

} /* namespace gm_matmul_detail */

extern "C" gm_status gm_matmul (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                int64_t m, int64_t n, int64_t k,
                                const void *d_A, int64_t lda, int64_t stride_a,
                                const void *d_B, int64_t ldb, int64_t stride_b,
                                void *d_C, int64_t ldc, int64_t stride_c,
                                int64_t batch, cudaStream_t stream)
{
  return matmul_entry (false, kernel, cls, opa, opb, m, n, k, d_A, lda, stride_a, d_B, ldb,
                       stride_b, d_C, ldc, stride_c, batch, stream);
}

extern "C" gm_status gm_matmul_native (gm_matmul_kernel kernel, gm_class cls, gm_op opa,
                                       gm_op opb, int64_t m, int64_t n, int64_t k,
                                       const void *d_A, int64_t lda, int64_t stride_a,
                                       const void *d_B, int64_t ldb, int64_t stride_b, void *d_C,
                                       int64_t ldc, int64_t stride_c, int64_t batch,
                                       cudaStream_t stream)
{
  return matmul_entry (true, kernel, cls, opa, opb, m, n, k, d_A, lda, stride_a, d_B, ldb,
                       stride_b, d_C, ldc, stride_c, batch, stream);
}

/* ---- page-wise products ------------------------------------------------------------------ */

extern "C" gm_status gm_pages_total (const gm_pages *pages, int64_t *total)
{
  size_t t = 1;
  if (pages && (pages->ndims < 0 || pages->ndims > GM_MAX_PAGE_DIMS))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "pages: %d page dimensions", pages->ndims);
  for (int d = 0; pages && d < pages->ndims; d++) {
    if (pages->count[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "pages: negative page count");
    if (gm_mul_size (t, (size_t) pages->count[d], &t) != GM_OK || t > (size_t) INT64_MAX)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "pages: too many pages");
  }
  *total = (int64_t) t;
  return GM_OK;
}

namespace {

/* The page dimensions as one strided batch (the longest run of dimensions whose strides chain)
 * and the rest, walked on the host. */
gm_status pages_entry (bool native, gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                       int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                       const void *d_B, int64_t ldb, void *d_C, int64_t ldc,
                       const gm_pages *pages, cudaStream_t stream)
{
  int64_t total;
  gm_status st = gm_pages_total (pages, &total);
  if (st != GM_OK)
    return st;
  if (!pages || pages->ndims == 0 || total == 1)
    return matmul_entry (native, kernel, cls, opa, opb, m, n, k, d_A, lda, 0, d_B, ldb, 0, d_C,
                         ldc, 0, 1, stream);
  if (total == 0)
    return matmul_entry (native, kernel, cls, opa, opb, m, n, k, d_A, lda, 0, d_B, ldb, 0, d_C,
                         ldc, 0, 0, stream);   /* checks the arguments, computes nothing */
  /* C's pages must not overlap: ordered by stride, each dimension's stride must clear the
     span of the pages below it (a page is ldc * n elements). */
  {
    int order[GM_MAX_PAGE_DIMS], used = 0;
    for (int d = 0; d < pages->ndims; d++)
      if (pages->count[d] > 1)
        order[used++] = d;
    for (int a = 1; a < used; a++)   /* insertion sort by C stride */
      for (int b = a; b > 0 && pages->stride_c[order[b]] < pages->stride_c[order[b - 1]]; b--) {
        const int t = order[b];
        order[b] = order[b - 1];
        order[b - 1] = t;
      }
    double span = (double) (ldc > m ? ldc : m) * (double) n;
    for (int a = 0; a < used; a++) {
      const int d = order[a];
      if ((double) pages->stride_c[d] < span)
        return gm_fail (GM_ERR_INVALID_ARGUMENT,
                        "matmul: pages of C overlap (stride %lld along page dimension %d)",
                        (long long) pages->stride_c[d], d);
      span += (double) pages->stride_c[d] * (double) (pages->count[d] - 1);
    }
  }
  /* merged dimensions: count and strides */
  int64_t cnt[GM_MAX_PAGE_DIMS], sa[GM_MAX_PAGE_DIMS], sb[GM_MAX_PAGE_DIMS], sc[GM_MAX_PAGE_DIMS];
  int dims = 0;
  for (int d = 0; d < pages->ndims; d++) {
    if (pages->count[d] == 1)
      continue;
    if (pages->stride_a[d] < 0 || pages->stride_b[d] < 0 || pages->stride_c[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "pages: negative page stride");
    if (dims > 0 && pages->stride_a[d] == sa[dims - 1] * cnt[dims - 1]
        && pages->stride_b[d] == sb[dims - 1] * cnt[dims - 1]
        && pages->stride_c[d] == sc[dims - 1] * cnt[dims - 1]) {
      cnt[dims - 1] *= pages->count[d];
      continue;
    }
    cnt[dims] = pages->count[d];
    sa[dims] = pages->stride_a[d];
    sb[dims] = pages->stride_b[d];
    sc[dims] = pages->stride_c[d];
    dims++;
  }
  int inner = 0;
  for (int d = 1; d < dims; d++)
    if (cnt[d] > cnt[inner])
      inner = d;
  const size_t es = gm_class_size (cls);
  int64_t idx[GM_MAX_PAGE_DIMS] = {0};
  for (;;) {
    int64_t oa = 0, ob = 0, oc = 0;
    for (int d = 0; d < dims; d++) {
      oa += idx[d] * sa[d];
      ob += idx[d] * sb[d];
      oc += idx[d] * sc[d];
    }
    st = matmul_entry (native, kernel, cls, opa, opb, m, n, k, (const char *) d_A + oa * es, lda,
                       sa[inner], (const char *) d_B + ob * es, ldb, sb[inner],
                       (char *) d_C + oc * es, ldc, sc[inner], cnt[inner], stream);
    if (st != GM_OK)
      return st;
    int d = 0;
    for (; d < dims; d++) {
      if (d == inner)
        continue;
      if (++idx[d] < cnt[d])
        break;
      idx[d] = 0;
    }
    if (d == dims)
      return GM_OK;
  }
}

} /* namespace */

extern "C" gm_status gm_matmul_pages (gm_matmul_kernel kernel, gm_class cls, gm_op opa,
                                      gm_op opb, int64_t m, int64_t n, int64_t k,
                                      const void *d_A, int64_t lda, const void *d_B, int64_t ldb,
                                      void *d_C, int64_t ldc, const gm_pages *pages,
                                      cudaStream_t stream)
{
  return pages_entry (false, kernel, cls, opa, opb, m, n, k, d_A, lda, d_B, ldb, d_C, ldc, pages,
                      stream);
}

extern "C" gm_status gm_matmul_pages_native (gm_matmul_kernel kernel, gm_class cls, gm_op opa,
                                             gm_op opb, int64_t m, int64_t n, int64_t k,
                                             const void *d_A, int64_t lda, const void *d_B,
                                             int64_t ldb, void *d_C, int64_t ldc,
                                             const gm_pages *pages, cudaStream_t stream)
{
  return pages_entry (true, kernel, cls, opa, opb, m, n, k, d_A, lda, d_B, ldb, d_C, ldc, pages,
                      stream);
}

/* ---- scale ------------------------------------------------------------------------------ */
template <typename T>
__global__ void scale_kernel (int64_t count, const T *__restrict__ alpha, const T *__restrict__ B,
                              T *__restrict__ C)
{
  const T a = *alpha;
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; i < count; i += stride)
    C[i] = a * B[i];
}

/* The same with alpha by value (a host scalar: no upload before the launch). */
template <typename T>
__global__ void scale_value_kernel (int64_t count, T alpha, const T *__restrict__ B,
                                    T *__restrict__ C)
{
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; i < count; i += stride)
    C[i] = alpha * B[i];
}

/* gm_scale's and gm_scale_value's checks of a real product: *run false where there is nothing
   to launch (count 0) or an error is returned */
static gm_status scale_checks (gm_class cls, int64_t count, bool have_pointers, bool *run)
{
  *run = false;
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: class %s has no scalar kernel",
                    gm_class_name (cls));
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: negative count %lld", (long long) count);
  if (count == 0)
    return GM_OK;
  if (!have_pointers)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: null device pointer");
  *run = true;
  return GM_OK;
}

extern "C" gm_status gm_scale_value (gm_class cls, int64_t count, double alpha, const void *d_B,
                                     void *d_C, cudaStream_t stream)
{
  bool run;
  const gm_status st = scale_checks (cls, count, d_B && d_C, &run);
  if (!run)
    return st;
  const unsigned blocks = grid_stride_blocks (count);
  if (cls == GM_DOUBLE)
    scale_value_kernel<double><<<blocks, 256, 0, stream>>> (
        count, alpha, (const double *) d_B, (double *) d_C);
  else
    scale_value_kernel<float><<<blocks, 256, 0, stream>>> (
        count, (float) alpha, (const float *) d_B, (float *) d_C);
  return gm_cuda_status (cudaGetLastError (), "scale: launch");
}

extern "C" gm_status gm_scale (gm_class cls, int64_t count, const void *d_alpha, const void *d_B,
                               void *d_C, cudaStream_t stream)
{
  if (gm_class_is_complex (cls))
    return gm_scale_complex (cls, 0, 0, count, d_alpha, d_B, d_C, stream);
  bool run;
  const gm_status st = scale_checks (cls, count, d_alpha && d_B && d_C, &run);
  if (!run)
    return st;
  const unsigned blocks = grid_stride_blocks (count);
  if (cls == GM_DOUBLE)
    scale_kernel<double><<<blocks, 256, 0, stream>>> (
        count, (const double *) d_alpha, (const double *) d_B, (double *) d_C);
  else
    scale_kernel<float><<<blocks, 256, 0, stream>>> (
        count, (const float *) d_alpha, (const float *) d_B, (float *) d_C);
  return gm_cuda_status (cudaGetLastError (), "scale: launch");
}
