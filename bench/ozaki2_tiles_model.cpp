/* ozaki2_tiles_model.cpp: a CPU transcription of the index arithmetic of ozaki scheme II's tile
 * pass (issue 34; kernels/ozaki/scheme2.cu, scheme2.cuh, matmul_dmma.cu, matmul_internal.cuh):
 * ozaki2_guard's thread mapping writing the mask, oz2_tile_skipped for 128- and 256-column
 * residue gemm blocks (the padding rule), ozaki2_crt's skip, and dmma's tile pass through
 * for_each_launch's column slabs (shrunk here to 1-4 block columns so that tile_j0 is not 0)
 * with and without the Aᵀ * Bᵀ swap, unsplit or in 2-3 slices of k (its partials' blocks read
 * the mask with mask_ct, sum_slices_kernel's masked form writes only marked tiles' elements,
 * each of whose partials a block wrote exactly once); and the premark (ozaki2_sparse_blocks:
 * 128-row blocks of A or B with a live row whose scaled 1-norm is below oz2_premark_l1 (k) =
 * min (16, k / 32); their rows not sliced, their tiles skipped by the tops and residue gemms and
 * marked by the guard without T; A or B broadcast).  3000 random cases (m, n up to 700, k 16 to
 * 4096, 1-3 pages, random marks and row 1-norms): the guard reads T only where a tops gemm block
 * computed it from sliced rows; every element of C is written exactly once, by the crt
 * (unmarked tiles, whose R a residue gemm block computed from sliced rows) or by dmma (marked
 * tiles); where no row is below the line every row is sliced and no tops gemm block skips (the
 * passes of before, C bit for bit).  Then the line itself, on rows drawn as bench_accuracy
 * draws them (the scan's l1 = ||a||_1 2^-E, max |a| < 2^E): no randn or uniform row below it at
 * k = 16 to 4096 (20000 rows a k), every exp 12 / exp 30 randn 128-row block above k = 32
 * flagged.  Session 30: 0 failures with each of the two alone; the split's mask read in the
 * partials' frame (ct false) fails 19.7 million element checks, the sum reading it unswapped
 * 6.6 million; -DMUTATE=1 (the guard leaves premarked tiles to T), 2 (the line a flat 16) and 3
 * (B's flags at the mask's stride) fail.
 *   g++ -O2 -o ozaki2_tiles_model bench/ozaki2_tiles_model.cpp && ./ozaki2_tiles_model
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <cstdio>
#include <cstdint>
#include <vector>
#include <random>
#include <cmath>
#ifndef MUTATE
#define MUTATE 0
#endif
static int64_t cdiv (int64_t a, int64_t b) { return (a + b - 1) / b; }
// scheme2.cuh's oz2_premark_l1
static double premark_l1 (int64_t k)
{
  const double dense_l1 = 16.0;
  if (MUTATE == 2) return dense_l1;
  return (double) k / 32.0 < dense_l1 ? (double) k / 32.0 : dense_l1;
}
// bench_accuracy's rows through ozaki_scan's l1: 0 randn, 1 uniform [0, 1), 2 uniform [-1, 1),
// 3 exp 12 randn, 4 exp 30 randn
static double row_l1 (std::mt19937_64 &rng, int kind, int64_t k)
{
  std::normal_distribution<double> nd;
  std::uniform_real_distribution<double> ud;
  double mx = 0, l1 = 0;
  for (int64_t p = 0; p < k; p++) {
    const int spread = kind == 3 ? 12 : 30;
    const double v = kind == 0 ? nd (rng) : kind == 1 ? ud (rng) : kind == 2 ? 2 * ud (rng) - 1
                     : nd (rng) * std::ldexp (1.0, (int) std::lrint (spread * nd (rng)));
    mx = std::fabs (v) > mx ? std::fabs (v) : mx;
    l1 += std::fabs (v);
  }
  int E;
  std::frexp (mx, &E);   // mx = f 2^E, f in [1/2, 1): max |a| < 2^E
  return std::ldexp (l1, -E);
}
int main ()
{
  std::mt19937_64 rng (34);
  int fails = 0, cases = 0;
  for (int trial = 0; trial < 3000; trial++) {
    const int64_t m = 1 + rng () % 700, n = 1 + rng () % 700, pages = 1 + rng () % 3;
    const int bn = (rng () % 2) ? 256 : 128;        // ws256 or ws/mma
    const bool swap = rng () % 2;                    // Aᵀ * Bᵀ: dmma computes Cᵀ
    const int64_t MAXY = 1 + rng () % 4;             // for_each_launch's slab, shrunk
    const double pfail = (rng () % 4) * 0.0005;
    const int64_t mpad = cdiv (m, 128) * 128, npad = cdiv (n, bn) * bn;
    const bool bcast_a = rng () % 4 == 0, bcast_b = rng () % 4 == 0;
    const int64_t pages_a = bcast_a ? 1 : pages, pages_b = bcast_b ? 1 : pages;
    const int64_t mask_tm = mpad / 128, mask_tn = cdiv (n, 128);
    std::vector<int> fail (pages * m * n), mask (pages * mask_tm * mask_tn, -1);
    // the rows: live (code finite, not zero) or not, and the scan's l1 in [1/2, k); not live
    // rows hold l1 = 0 (below any line: only the code keeps them out)
    const int64_t k = (int64_t) std::ldexp (1.0, 4 + (int) (rng () % 9)) + rng () % 16;
    const double line = premark_l1 (k);
    std::vector<int> live_a (pages_a * mpad), live_b (pages_b * npad);
    std::vector<double> l1_a (pages_a * mpad), l1_b (pages_b * npad);
    const int thin_share = rng () % 3;   // none, a few (some blocks), all rows thin
    std::uniform_real_distribution<double> ud;
    for (int op = 0; op < 2; op++) {
      auto &lv = op ? live_b : live_a;
      auto &l1 = op ? l1_b : l1_a;
      for (size_t x = 0; x < lv.size (); x++) {
        lv[x] = rng () % 8 != 0;
        const bool thin = thin_share == 2 || (thin_share == 1 && rng () % 200 == 0);
        // thin: [1/2, line) where the line is above 1/2; else [line, k) (the line itself too)
        l1[x] = !lv[x] ? 0.0
                : thin && line > 0.5 ? 0.5 + (line - 0.5) * ud (rng)
                : rng () % 16 == 0 ? line : line + (k - line) * ud (rng);
      }
    }
    // ozaki2_sparse_blocks: a block a 128 rows, a thread a row (rows past the operand's not
    // live: code OZ_ZERO)
    auto sparse_blocks = [&] (int64_t rows, int64_t xp, int64_t pp, const std::vector<int> &lv,
                              const std::vector<double> &l1) {
      std::vector<int> sp (pp * (xp / 128), -1);
      for (int64_t pg = 0; pg < pp; pg++)
        for (int64_t bx = 0; bx < xp / 128; bx++) {
          int any = 0;
          for (int64_t x = bx * 128; x < bx * 128 + 128; x++)
            any |= x < rows && lv[pg * xp + x] && l1[pg * xp + x] < line;
          sp[pg * (xp / 128) + bx] = any;
        }
      return sp;
    };
    const std::vector<int> sparse_a = sparse_blocks (m, mpad, pages_a, live_a, l1_a);
    const std::vector<int> sparse_b = sparse_blocks (n, npad, pages_b, live_b, l1_b);
    bool none_thin = true;   // no live row of the product below the line
    for (int64_t pg = 0; pg < pages_a; pg++)
      for (int64_t x = 0; x < m; x++)
        none_thin = none_thin && !(live_a[pg * mpad + x] && l1_a[pg * mpad + x] < line);
    for (int64_t pg = 0; pg < pages_b; pg++)
      for (int64_t x = 0; x < n; x++)
        none_thin = none_thin && !(live_b[pg * npad + x] && l1_b[pg * npad + x] < line);
    // the slice: every row of a block not sparse
    std::vector<int> wrote_a (pages_a * mpad), wrote_b (pages_b * npad);
    for (int64_t x = 0; x < pages_a * mpad; x++) wrote_a[x] = !sparse_a[x / 128];
    for (int64_t x = 0; x < pages_b * npad; x++) wrote_b[x] = !sparse_b[x / 128];
    // B's flags: npad / 128 a page (MUTATE 3: the mask's mask_tn, short of npad / 128 where
    // ws256 pads a 128-column tile)
    const int64_t stride_b = MUTATE == 3 ? mask_tn : npad / 128;
    auto pre = [&] (int64_t pg, int64_t ti, int64_t tj) {
      return sparse_a[(bcast_a ? 0 : pg) * mask_tm + ti]
             || sparse_b[(bcast_b ? 0 : pg) * stride_b + tj];
    };
    // oz2_tile_skipped: premarked, or (residue gemms) marked; tiles past mask_tn count as marked
    auto skipped = [&] (bool residue, int64_t pg, int64_t ti, int64_t j0) {
      if (sparse_a[(bcast_a ? 0 : pg) * mask_tm + ti]) return true;
      for (int c = 0; c < bn / 128; c++) {
        const int64_t tj = j0 / 128 + c;
        const bool p = sparse_b[(bcast_b ? 0 : pg) * stride_b + tj];
        if (tj < mask_tn && !p && !(residue && mask[(pg * mask_tn + tj) * mask_tm + ti]))
          return false;
      }
      return true;
    };
    // a gemm block's tiles: computed where their rows of A and B were sliced (else garbage)
    auto gemm = [&] (bool residue, std::vector<int> &done) {
      for (int64_t pg = 0; pg < pages; pg++)
        for (int64_t ti = 0; ti < mpad / 128; ti++)
          for (int64_t j0 = 0; j0 < npad; j0 += bn) {
            if (skipped (residue, pg, ti, j0)) continue;
            for (int c = 0; c < bn / 128; c++) {
              const int64_t tj = j0 / 128 + c;
              bool rows = true;
              for (int64_t x = 0; x < 128; x++)
                rows = rows && wrote_a[(bcast_a ? 0 : pg) * mpad + ti * 128 + x]
                       && wrote_b[(bcast_b ? 0 : pg) * npad + tj * 128 + x];
              done[(pg * (npad / 128) + tj) * mpad / 128 + ti] = rows ? 1 : 2;
            }
          }
    };
    std::bernoulli_distribution bd (pfail);
    for (auto &f : fail) f = bd (rng);
    std::vector<int> tdone (pages * mpad * npad / (128 * 128), 0);   // T: 1 good, 2 garbage
    gemm (false, tdone);
    if (none_thin) {
      // nothing premarked: every row sliced, every tops gemm block run (the passes of before)
      bool all = true;
      for (int v : wrote_a) all = all && v;
      for (int v : wrote_b) all = all && v;
      for (int v : tdone) all = all && v == 1;
      if (!all) {
        fails++;
        printf ("no row thin, yet a row unsliced or a tops block skipped (k %lld)\n",
                (long long) k);
      }
    }
    // guard: block (ti, tj) x pages, thread t: rows ti*128 + 4 (t % 32) + e,
    // columns tj*128 + t/32 + 8 r
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t bx = 0; bx < mask_tm * mask_tn; bx++) {
        const int64_t ti = bx % mask_tm, tj = bx / mask_tm;
        int any = 0;
        for (int t = 0; t < 256; t++) {
          const int64_t i0 = ti * 128 + 4 * (t % 32);
          if (i0 >= m) continue;
          for (int r = 0; r < 16; r++) {
            const int64_t j = tj * 128 + t / 32 + 8 * r;
            if (j >= n) break;
            for (int e = 0; e < 4; e++)
              if (i0 + e < m && fail[(pg * n + j) * m + i0 + e]) any = 1;
          }
        }
        // a premarked tile: marked, its T unread; else T read, which must be good
        if (!pre (pg, ti, tj) && tdone[(pg * (npad / 128) + tj) * mpad / 128 + ti] != 1) {
          fails++;
          printf ("the guard read a T not computed\n");
        }
        mask[(pg * mask_tn + tj) * mask_tm + ti] = any || (MUTATE != 1 && pre (pg, ti, tj));
      }
    for (int v : mask) if (v < 0) { fails++; printf ("mask flag unwritten\n"); break; }
    // residue gemm blocks: R computed for the tiles of blocks not skipped
    std::vector<int> rdone (pages * mpad * npad / (128 * 128), 0);
    gemm (true, rdone);
    // crt: one thread four rows; writes unmarked tiles' elements (reads R there)
    std::vector<int> written (pages * m * n, 0);
    const int64_t quads = mpad / 4;
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t id = 0; id < cdiv (quads * n, 256) * 256; id++) {
        const int64_t j = id / quads, q = id % quads, i0 = 4 * q;
        if (!(id < quads * n && i0 < m)) continue;
        const int64_t tix = (pg * mask_tn + j / 128) * mask_tm + i0 / 128;
        if (mask[tix]) continue;
        if (rdone[(pg * (npad / 128) + j / 128) * mpad / 128 + i0 / 128] != 1) {
          fails++;
          printf ("R missing\n");
        }
        // the gemm block read rows i0 .. i0 + 3 of A's planes and row j of B's
        for (int e = 0; e < 4; e++)
          if (!wrote_a[(bcast_a ? 0 : pg) * mpad + i0 + e]) {
            fails++;
            printf ("A's residues of row %lld unwritten\n", (long long) (i0 + e));
          }
        if (!wrote_b[(bcast_b ? 0 : pg) * npad + j]) {
          fails++;
          printf ("B's residues of row %lld unwritten\n", (long long) j);
        }
        for (int e = 0; e < 4 && i0 + e < m; e++) written[(pg * n + j) * m + i0 + e] += 1;
      }
    // dmma tile pass: kernel sees (km, kn) = swap ? (n, m) : (m, n); for_each_launch slabs.
    // Unsplit (slices 1): the blocks of marked tiles write C.  Split (run_slices): ct false,
    // the blocks of marked tiles (the mask read with mask_ct = swap) write their slice's
    // partial, km x kn a page, pages back to back, then slices; sum_slices<masked> then writes
    // C's elements of marked tiles, reading each slice's partial (which must have been written)
    const int64_t km = swap ? n : m, kn = swap ? m : n, tiles_i = cdiv (km, 128);
    const int64_t slab = MAXY * 128;
    const int slices = 1 + (int) (rng () % 3);
    const int64_t count = pages * km * kn;
    std::vector<int> partial (slices > 1 ? slices * count : 0, 0);
    for (int s = 0; s < slices; s++)
      for (int64_t js = 0; js < kn; js += slab) {
        const int64_t cols = kn - js < slab ? kn - js : slab, tile_j0 = js / 128;
        for (int64_t bx = 0; bx < pages * tiles_i; bx++)
          for (int64_t by = 0; by < cdiv (cols, 128); by++) {
            const int64_t local = bx / tiles_i, page = local, ti = bx - local * tiles_i;
            const int64_t tj = tile_j0 + by;
            const int64_t ci = swap ? tj : ti, cj = swap ? ti : tj;   // mask_ct
            if (mask[(page * mask_tn + cj) * mask_tm + ci] == 0) continue;
            for (int64_t ii = 0; ii < 128; ii++)
              for (int64_t jj = 0; jj < 128; jj++) {
                const int64_t ki = ti * 128 + ii, kj = js + by * 128 + jj;
                if (ki >= km || kj >= js + cols) continue;
                if (slices > 1) {
                  partial[s * count + (page * kn + kj) * km + ki] += 1;
                  continue;
                }
                const int64_t i = swap ? kj : ki, j = swap ? ki : kj;
                written[(page * n + j) * m + i] += 1;
              }
          }
      }
    for (int64_t e = 0; slices > 1 && e < count; e++) {   // sum_slices_kernel<T, true>
      const int64_t b = e / (km * kn), r = e - b * (km * kn), ki = r % km, kj = r / km;
      const int64_t ci = (swap ? kj : ki) / 128, cj = (swap ? ki : kj) / 128;
      if (mask[(b * mask_tn + cj) * mask_tm + ci] == 0) continue;
      for (int s = 0; s < slices; s++)
        if (partial[s * count + e] != 1) {
          fails++;
          printf ("partial of slice %d written %d times (m %lld n %lld swap %d)\n", s,
                  partial[s * count + e], (long long) m, (long long) n, swap);
        }
      const int64_t i = swap ? kj : ki, j = swap ? ki : kj;   // C stored transposed: ct
      written[(b * n + j) * m + i] += 1;
    }
    for (int64_t x = 0; x < pages * m * n; x++)
      if (written[x] != 1) {
        fails++;
        printf ("element written %d times (m %lld n %lld bn %d swap %d)\n", written[x],
                (long long) m, (long long) n, bn, swap);
        break;
      }
    cases++;
  }
  printf ("sim: %d cases, %d failures\n", cases, fails);
  // the line on bench_accuracy's rows: randn and uniform never below it; exp 12 / exp 30 rows
  // below it often enough that a 128-row block holds one (the share below, p, and
  // 1 - (1 - p)^128 of blocks flagged) from k = 64
  int line_fails = 0;
  for (int64_t k : {16, 24, 32, 48, 64, 96, 128, 256, 512, 1024, 4096}) {
    const int rows = k <= 1024 ? 20000 : 4000;
    for (int kind = 0; kind < 5; kind++) {
      int below = 0;
      double mn = 1e300;
      for (int r = 0; r < rows; r++) {
        const double l = row_l1 (rng, kind, k);
        below += l < premark_l1 (k);
        mn = l < mn ? l : mn;
      }
      const double p = (double) below / rows, blocks = 1 - std::pow (1 - p, 128.0);
      const bool ok = kind <= 2 ? below == 0 : k < 64 || blocks > 0.999;
      static const char *const names[] = {"randn", "u[0,1)", "u[-1,1)", "exp 12", "exp 30"};
      if (!ok) {
        line_fails++;
        printf ("line %.3f at k %lld: %s rows below it %d of %d (smallest l1 %.3f)\n",
                premark_l1 (k), (long long) k,
                names[kind], below, rows, mn);
      }
    }
  }
  printf ("line: %d failures\n", line_fails);
  fails += line_fails;
  return fails != 0;
}
