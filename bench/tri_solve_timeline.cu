/* tri_solve_timeline.cu: where one triangular solve's time goes, block by block (issue 32:
 * G \ b's condition estimate; bench/NOTES-linalg.md).  kernels/tri_solve.cu is built into this
 * program with GM_TRI_SOLVE_TIMELINE: thread 0 of each solve block stamps %globaltimer (ns)
 * when it has its ticket, has streamed every tile but the last two blocks', has y, has the
 * previous block's x, has stored its own x and has set its flag.  For each triangle and op, at
 * n (default 8192) double: the solve's time (CUDA events, median of 21 after a warm-up), then
 * medians over blocks of
 *   step     prev[t] - prev[t-1]       the chain's pace
 *   handoff  prev[t] - stored[t-1]     a block's x reaching the next block
 *   tail     stored[t] - prev[t]       the fold product and the store
 *   slack    prev[t] - y[t]            > 0: y waited for x_p; < 0: the block was late (streaming)
 * and how many blocks were late.
 *   make target/bench/tri_solve_timeline && target/bench/tri_solve_timeline [n]
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "tri_solve.cu"

#define CK(x)                                                                                \
  do {                                                                                       \
    auto r_ = (x);                                                                           \
    if ((int) r_ != 0) {                                                                     \
      printf ("%s:%d: %s = %d (%s)\n", __FILE__, __LINE__, #x, (int) r_, gm_error_detail ()); \
      exit (1);                                                                              \
    }                                                                                        \
  } while (0)

static double median (std::vector<double> v)
{
  if (v.empty ())
    return NAN;
  std::sort (v.begin (), v.end ());
  return v[v.size () / 2];
}

int main (int argc, char **argv)
{
  const int64_t n = argc > 1 ? atoll (argv[1]) : 8192;
  const int64_t nb = (n + NB - 1) / NB;
  if (n < 1 || nb > STAMP_BLOCKS) {
    printf ("tri_solve_timeline: n from 1 to %d\n", STAMP_BLOCKS * NB);
    return 2;
  }
  /* a triangle of condition below 10 in both halves (as tests/tri_solve_checks.h) */
  std::vector<double> hT ((size_t) (n * n)), hb ((size_t) n);
  srand (28);
  auto uni = [] () { return 2.0 * rand () / RAND_MAX - 1.0; };
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < n; i++) {
      const double u = uni ();
      hT[i + j * n] = i == j ? (u < 0 ? -1 : 1) * (1 + 0.5 * fabs (u)) : u / (double) n;
    }
  for (auto &v : hb)
    v = uni ();
  double *T, *x, *b;
  void *work;
  size_t bytes = 0;
  CK (gm_tri_solve_work_bytes (GM_DOUBLE, n, &bytes));
  CK (cudaMalloc (&T, (size_t) (n * n) * sizeof (double)));
  CK (cudaMalloc (&x, (size_t) n * sizeof (double)));
  CK (cudaMalloc (&b, (size_t) n * sizeof (double)));
  CK (cudaMalloc (&work, bytes));
  CK (cudaMemcpy (T, hT.data (), (size_t) (n * n) * sizeof (double), cudaMemcpyHostToDevice));
  CK (cudaMemcpy (b, hb.data (), (size_t) n * sizeof (double), cudaMemcpyHostToDevice));
  cudaEvent_t e0, e1;
  CK (cudaEventCreate (&e0));
  CK (cudaEventCreate (&e1));
  cudaDeviceProp prop;
  CK (cudaGetDeviceProperties (&prop, 0));
  printf ("tri_solve_timeline on %s, n = %lld double (%lld blocks of %d rows); us, medians over "
          "blocks\n", prop.name, (long long) n, (long long) nb, NB);
  printf ("%-12s %9s %8s %8s %8s %8s %8s %6s %9s\n", "triangle", "solve", "step", "handoff",
          "tail", "slack", "start", "late", "streamed");
  for (int upper = 0; upper < 2; upper++)
    for (int trans = 0; trans < 2; trans++) {
      const gm_op op = trans ? GM_OP_TRANSPOSE : GM_OP_NONE;
      CK (gm_tri_solve_prepare (GM_DOUBLE, upper, 0, n, T, n, work));
      std::vector<float> ms;
      for (int rep = 0; rep < 22; rep++) {
        CK (cudaMemcpy (x, b, (size_t) n * sizeof (double), cudaMemcpyDeviceToDevice));
        CK (cudaEventRecord (e0));
        CK (gm_tri_solve_apply (GM_DOUBLE, upper, op, n, T, n, work, x));
        CK (cudaEventRecord (e1));
        CK (cudaEventSynchronize (e1));
        float t = 0;
        CK (cudaEventElapsedTime (&t, e0, e1));
        if (rep > 0)
          ms.push_back (t);
      }
      std::sort (ms.begin (), ms.end ());
      /* the last run's stamps */
      static unsigned long long st[STAMPS][STAMP_BLOCKS];
      CK (cudaMemcpyFromSymbol (st, gm_tri_solve_stamps, sizeof st));
      std::vector<double> step, handoff, tail, slack, streamed;
      int late = 0;
      const unsigned long long t0 = st[STAMP_TICKET][0];
      for (int64_t t = 1; t < nb; t++) {
        handoff.push_back (1e-3 * (double) (st[STAMP_PREV][t] - st[STAMP_STORED][t - 1]));
        tail.push_back (1e-3 * (double) (st[STAMP_STORED][t] - st[STAMP_PREV][t]));
        const double sl = 1e-3 * ((double) st[STAMP_PREV][t] - (double) st[STAMP_Y][t]);
        slack.push_back (sl);
        late += sl < 0.05;                      /* y came with or after x_p */
        streamed.push_back (1e-3 * (double) (st[STAMP_STREAMED][t] - st[STAMP_TICKET][t]));
        if (t >= 2)
          step.push_back (1e-3 * (double) (st[STAMP_PREV][t] - st[STAMP_PREV][t - 1]));
      }
      /* signed: a block stamps after taking its ticket, so the first ticket's stamp may come
         after the last's (session 29 printed 2^64 ns here) */
      const double start = 1e-3 * ((double) st[STAMP_TICKET][nb - 1] - (double) t0);
      char name[32];
      snprintf (name, sizeof name, "%s %s", upper ? "upper" : "lower", trans ? "T" : "N");
      printf ("%-12s %9.1f %8.2f %8.2f %8.2f %8.2f %8.1f %6d %9.1f\n", name,
              1e3 * ms[ms.size () / 2], median (step), median (handoff), median (tail),
              median (slack), start, late, median (streamed));
    }
  printf ("solve: CUDA events around gm_tri_solve_apply (fill, kernel, copy back); start: the "
          "last block's ticket after the first's; late: blocks whose y came less than 0.05 us "
          "before x_p; streamed: ticket to all but the last two blocks' tiles, median\n");
  return 0;
}
