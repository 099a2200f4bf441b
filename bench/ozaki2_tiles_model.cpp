/* ozaki2_tiles_model.cpp: a CPU transcription of the index arithmetic of ozaki scheme II's tile
 * pass (issue 34; kernels/ozaki/scheme2.cu, scheme2.cuh, matmul_dmma.cu, matmul_internal.cuh):
 * ozaki2_guard's thread mapping writing the mask, oz2_tile_skipped for 128- and 256-column
 * residue gemm blocks (the padding rule), ozaki2_crt's skip, and dmma's tile pass through
 * for_each_launch's column slabs (shrunk here to 1-4 block columns so that tile_j0 is not 0)
 * with and without the Aᵀ * Bᵀ swap, unsplit or in 2-3 slices of k (its partials' blocks read
 * the mask with mask_ct, sum_slices_kernel's masked form writes only marked tiles' elements,
 * each of whose partials a block wrote exactly once); and the slice's two passes (Oz2Slice:
 * the first writes the residue planes of padding, zero, non-finite and dense rows, the guard
 * flags the 128-row blocks of A and B of each kept tile, the second writes the other rows of
 * flagged blocks; A or B broadcast).  3000 random cases (m, n up to 700, 1-3 pages, random
 * marks and row kinds): every element of C is written exactly once, by the crt (unmarked tiles,
 * whose R a residue gemm block computed from rows of A and B whose residue planes one slice pass
 * wrote, exactly one) or by dmma (marked tiles).  2026-11-29: 3000 cases, 0 failures.  With the
 * split (issue 34, the tile pass in dmma's slices): 3000 cases, 0 failures; reading the mask in
 * the partials' frame (ct false) instead fails 19.7 million element checks, the sum reading it
 * unswapped 6.6 million.
 *   g++ -O2 -o ozaki2_tiles_model bench/ozaki2_tiles_model.cpp && ./ozaki2_tiles_model
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <cstdio>
#include <cstdint>
#include <vector>
#include <random>
static int64_t cdiv (int64_t a, int64_t b) { return (a + b - 1) / b; }
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
    // row kinds of the slices: 0 dense (first pass), 1 sparse (second), 2 zero or non-finite
    std::vector<int> kind_a (pages_a * mpad), kind_b (pages_b * npad);
    const int sparse_share = rng () % 3;   // none, some, all rows sparse
    for (auto *kv : {&kind_a, &kind_b})
      for (auto &v : *kv)
        v = rng () % 8 == 0 ? 2 : sparse_share == 0 ? 0 : sparse_share == 2 ? 1 : (int) (rng () % 2);
    const int64_t mask_tm = mpad / 128, mask_tn = cdiv (n, 128);
    std::vector<int> fail (pages * m * n), mask (pages * mask_tm * mask_tn, -1);
    std::bernoulli_distribution bd (pfail);
    for (auto &f : fail) f = bd (rng);
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
        mask[(pg * mask_tn + tj) * mask_tm + ti] = any;
      }
    for (int v : mask) if (v < 0) { fails++; printf ("mask flag unwritten\n"); break; }
    // the slices: the first pass zeroes the flags (the thread of pg 0 at x % 128 == 0) and
    // writes the residues of rows it takes; the guard flags kept tiles' blocks; the second
    // pass writes the other rows of flagged blocks
    std::vector<int> need_a (pages_a * (mpad / 128), -1), need_b (pages_b * (npad / 128), -1);
    std::vector<int> wrote_a (pages_a * mpad, 0), wrote_b (pages_b * npad, 0);
    auto first_takes = [] (int64_t x, int64_t rows, int kind) { return x >= rows || kind != 1; };
    auto slice = [&] (bool rest, int64_t xp, int64_t rows, int64_t pp, std::vector<int> &kind,
                      std::vector<int> &need, std::vector<int> &wrote) {
      for (int64_t pg = 0; pg < pp; pg++)
        for (int64_t x = 0; x < xp; x++) {
          const bool first = first_takes (x, rows, kind[pg * xp + x]);
          int &flag = need[pg * (xp / 128) + x / 128];
          if (rest && (first || flag == 0)) continue;
          if (!rest && x % 128 == 0) flag = 0;
          if (rest || first) wrote[pg * xp + x]++;
        }
    };
    slice (false, mpad, m, pages_a, kind_a, need_a, wrote_a);
    slice (false, npad, n, pages_b, kind_b, need_b, wrote_b);
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t bx = 0; bx < mask_tm * mask_tn; bx++) {
        const int64_t ti = bx % mask_tm, tj = bx / mask_tm;
        if (mask[(pg * mask_tn + tj) * mask_tm + ti]) continue;
        need_a[(bcast_a ? 0 : pg) * mask_tm + ti] = 1;
        need_b[(bcast_b ? 0 : pg) * (npad / 128) + tj] = 1;
      }
    slice (true, mpad, m, pages_a, kind_a, need_a, wrote_a);
    slice (true, npad, n, pages_b, kind_b, need_b, wrote_b);
    for (int v : need_a) if (v < 0) { fails++; printf ("A's block flag unwritten\n"); break; }
    for (int v : need_b) if (v < 0) { fails++; printf ("B's block flag unwritten\n"); break; }
    for (int v : wrote_a) if (v > 1) { fails++; printf ("A's row sliced twice\n"); break; }
    for (int v : wrote_b) if (v > 1) { fails++; printf ("B's row sliced twice\n"); break; }
    // residue gemm blocks: (ti, tj of bn) -> skipped?  R computed for tiles of unskipped blocks
    std::vector<int> rdone (pages * mpad * npad / (128 * 128), 0);
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t ti = 0; ti < mpad / 128; ti++)
        for (int64_t tjb = 0; tjb < npad / bn; tjb++) {
          const int64_t i0 = ti * 128, j0 = tjb * bn;
          bool skip = true;
          const int *tiles = mask.data () + pg * mask_tn * mask_tm + i0 / 128;
          for (int c = 0; c < bn / 128; c++) {
            const int64_t tj = j0 / 128 + c;
            if (tj < mask_tn && tiles[tj * mask_tm] == 0) skip = false;
          }
          if (!skip)
            for (int c = 0; c < bn / 128; c++)
              rdone[(pg * (npad / 128) + j0 / 128 + c) * mpad / 128 + ti] = 1;
        }
    // crt: one thread four rows; writes unmarked tiles' elements (reads R there)
    std::vector<int> written (pages * m * n, 0);
    const int64_t quads = mpad / 4;
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t id = 0; id < cdiv (quads * n, 256) * 256; id++) {
        const int64_t j = id / quads, q = id % quads, i0 = 4 * q;
        if (!(id < quads * n && i0 < m)) continue;
        const int64_t tix = (pg * mask_tn + j / 128) * mask_tm + i0 / 128;
        if (mask[tix]) continue;
        if (!rdone[(pg * (npad / 128) + j / 128) * mpad / 128 + i0 / 128]) {
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
  return fails != 0;
}
