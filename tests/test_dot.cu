/* test_dot.cu: gm_dot (kernels/dot.cu) against a CPU reference in long double.
 *
 * Every case: fresh random data in [-1, 1), x and y uploaded at a chosen element offset (so
 * 16-byte alignment is exercised), the output poisoned with NaN bits and guarded by a poisoned
 * element on each side, then |d - dref| <= len*eps(class)*sum|x.*y| + tiny for every output and
 * the guards untouched.  Lengths sit around every boundary of the partition (warp, block, tile,
 * the short/long switch, the chunk count) and the shapes reach each kernel.
 *
 *   test_dot            the full set (needs ~5 GB of GPU memory for the 2^27+1 cases)
 *   test_dot --quick    fewer large cases, every edge still reached: for compute-sanitizer
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "test_util.h"

/* kernels/dot.cu, for tests and benchmarks only. */
extern "C" gm_status gm_dot_tuned_workspace_size (int classic, int64_t target_blocks, int unroll,
                                                  gm_class cls, int64_t pre, int64_t len,
                                                  int64_t post, size_t *bytes);
extern "C" gm_status gm_dot_tuned (int classic, int64_t target_blocks, int unroll, gm_class cls,
                                   int64_t pre, int64_t len, int64_t post, const void *d_x,
                                   const void *d_y, void *d_out, void *d_workspace,
                                   size_t workspace_bytes, cudaStream_t stream);

static int quick;
static const char *cls_name (gm_class c) { return c == GM_SINGLE ? "single" : "double"; }

/* Which version to run: the default (gm_dot) or a tuned/classic one. */
typedef struct { int classic; int64_t target; int unroll; } version;
static const version DEFAULT_VERSION = {0, 0, 0};

/* Run gm_dot (or a version) on host arrays of n = pre*len*post elements, x at element offset
   offx and y at offy of their device buffers.  Writes pre*post results (as doubles, exact for
   single) to res.  Checks the guards and that the workspace asked for suffices. */
static gm_status run_dot (version v, gm_class cls, int64_t pre, int64_t len, int64_t post,
                          const void *hx, const void *hy, int offx, int offy, double *res)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  char *dx, *dy, *dout;
  void *dwork = NULL;
  size_t work = 0;
  gm_status st = v.classic || v.target || v.unroll
    ? gm_dot_tuned_workspace_size (v.classic, v.target, v.unroll, cls, pre, len, post, &work)
    : gm_dot_workspace_size (cls, pre, len, post, &work);
  if (st != GM_OK)
    return st;
  TU_CUDA (cudaMalloc (&dx, (n + 4) * es));
  TU_CUDA (cudaMalloc (&dy, (n + 4) * es));
  TU_CUDA (cudaMalloc (&dout, (nout + 2) * es));
  if (work)
    TU_CUDA (cudaMalloc (&dwork, work));
  TU_CUDA (cudaMemcpy (dx + offx * es, hx, n * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dy + offy * es, hy, n * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dout, 0xff, (nout + 2) * es));          /* NaN in both classes */
  if (work)
    TU_CUDA (cudaMemset (dwork, 0xff, work));
  st = v.classic || v.target || v.unroll
    ? gm_dot_tuned (v.classic, v.target, v.unroll, cls, pre, len, post, dx + offx * es,
                    dy + offy * es, dout + es, dwork, work, 0)
    : gm_dot (cls, pre, len, post, dx + offx * es, dy + offy * es, dout + es, dwork, work, 0);
  if (st == GM_OK)
    st = gm_cuda_status (cudaDeviceSynchronize (), "test_dot: after gm_dot");
  if (st == GM_OK) {
    char *h = (char *) malloc ((nout + 2) * es);
    TU_CUDA (cudaMemcpy (h, dout, (nout + 2) * es, cudaMemcpyDeviceToHost));
    for (size_t o = 0; o < nout; o++)
      res[o] = tu_get (cls, h + es, o);
    unsigned char poison[8];
    memset (poison, 0xff, sizeof poison);
    tu_result (memcmp (h, poison, es) == 0 && memcmp (h + (nout + 1) * es, poison, es) == 0,
               "%s pre=%lld len=%lld post=%lld: wrote outside out", cls_name (cls),
               (long long) pre, (long long) len, (long long) post);
    free (h);
  }
  cudaFree (dx);
  cudaFree (dy);
  cudaFree (dout);
  cudaFree (dwork);
  return st;
}

/* One shape with fresh data, compared with the reference. */
static void check_shape (version v, gm_class cls, int64_t pre, int64_t len, int64_t post,
                         int offx, int offy)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  void *hx = malloc (n * es + 1), *hy = malloc (n * es + 1);
  double *res = (double *) malloc ((nout + 1) * sizeof (double));
  long double *ref = (long double *) malloc ((nout + 1) * sizeof (long double));
  long double *absum = (long double *) malloc ((nout + 1) * sizeof (long double));
  tu_fill (cls, hx, NULL, n);
  tu_fill (cls, hy, NULL, n);
  gm_status st = run_dot (v, cls, pre, len, post, hx, hy, offx, offy, res);
  tu_result (st == GM_OK, "%s pre=%lld len=%lld post=%lld: status %d (%s)", cls_name (cls),
             (long long) pre, (long long) len, (long long) post, (int) st, gm_error_detail ());
  if (st == GM_OK) {
    tu_dot_reference (cls, pre, len, post, hx, hy, ref, absum);
    int bad = 0;
    double worst = 0;
    for (size_t o = 0; o < nout; o++) {
      const long double err = fabsl ((long double) res[o] - ref[o]);
      const long double bound = (long double) (len > 0 ? len : 1) * tu_eps (cls) * absum[o]
                                + 1e-300L;
      if (!(err <= bound)) {
        if (bad++ < 3)
          printf ("  out[%zu] = %.17g, reference %.17Lg, error %.3Lg > bound %.3Lg\n", o, res[o],
                  ref[o], err, bound);
      }
      if (bound > 0 && (double) (err / bound) > worst)
        worst = (double) (err / bound);
    }
    tu_result (bad == 0, "%s%s pre=%lld len=%lld post=%lld offsets %d,%d: %d of %zu outputs off",
               v.classic ? "classic " : "", cls_name (cls), (long long) pre, (long long) len,
               (long long) post, offx, offy, bad, nout);
  }
  free (hx);
  free (hy);
  free (res);
  free (ref);
  free (absum);
}

/* The same data run `reps` times, and once more at other offsets: identical bits each time. */
static void check_determinism (gm_class cls, int64_t pre, int64_t len, int64_t post, int reps)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  void *hx = malloc (n * es), *hy = malloc (n * es);
  double *first = (double *) malloc (nout * sizeof (double));
  double *again = (double *) malloc (nout * sizeof (double));
  tu_fill (cls, hx, NULL, n);
  tu_fill (cls, hy, NULL, n);
  TU_GM (run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, 0, 0, first));
  int same = 1;
  for (int r = 1; r < reps; r++) {
    TU_GM (run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, 0, 0, again));
    same &= memcmp (first, again, nout * sizeof (double)) == 0;
  }
  tu_result (same, "%s pre=%lld len=%lld post=%lld: results differ between %d runs",
             cls_name (cls), (long long) pre, (long long) len, (long long) post, reps);
  /* The order of the additions must not depend on the pointers' alignment. */
  const int offs[3][2] = {{1, 1}, {1, 0}, {3, 2}};
  for (int k = 0; k < 3; k++) {
    TU_GM (run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, offs[k][0], offs[k][1], again));
    tu_result (memcmp (first, again, nout * sizeof (double)) == 0,
               "%s pre=%lld len=%lld post=%lld: offsets %d,%d change the bits", cls_name (cls),
               (long long) pre, (long long) len, (long long) post, offs[k][0], offs[k][1]);
  }
  free (hx);
  free (hy);
  free (first);
  free (again);
}

static void set (gm_class cls, void *buf, size_t k, double v)
{
  if (cls == GM_SINGLE)
    ((float *) buf)[k] = (float) v;
  else
    ((double *) buf)[k] = v;
}

/* NaN in output 0, +Inf in output 1, Inf*0 in output 2, output 3 finite. */
static void check_special (gm_class cls, int64_t pre, int64_t len, int64_t post)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  void *hx = malloc (n * es), *hy = malloc (n * es);
  double *res = (double *) malloc (nout * sizeof (double));
  tu_fill (cls, hx, NULL, n);
  tu_fill (cls, hy, NULL, n);
  int64_t i = len / 2 + 1 < len ? len / 2 + 1 : len - 1;  /* inside, not at the start */
  size_t k[4];
  for (int o = 0; o < 4; o++) {
    const int64_t a = o % pre, b = o / pre;
    k[o] = (size_t) (a + i * pre + b * pre * len);
  }
  set (cls, hx, k[0], NAN);
  set (cls, hx, k[1], INFINITY);
  set (cls, hy, k[1], 0.5);
  set (cls, hx, k[2], INFINITY);
  set (cls, hy, k[2], 0.0);
  gm_status st = run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, 0, 0, res);
  tu_result (st == GM_OK && isnan (res[0]) && isinf (res[1]) && res[1] > 0 && isnan (res[2])
               && isfinite (res[3]),
             "%s pre=%lld len=%lld post=%lld: NaN/Inf not propagated (%g %g %g %g)",
             cls_name (cls), (long long) pre, (long long) len, (long long) post, res[0], res[1],
             res[2], res[3]);
  free (hx);
  free (hy);
  free (res);
}

/* Empty shapes, bad arguments, a workspace too small. */
static void check_api (gm_class cls)
{
  size_t bytes = 1;
  const size_t es = gm_class_size (cls);
  char *dout;
  TU_CUDA (cudaMalloc (&dout, 8 * es));
  /* len == 0: zeros */
  TU_CUDA (cudaMemset (dout, 0xff, 8 * es));
  TU_GM (gm_dot_workspace_size (cls, 2, 0, 3, &bytes));
  tu_result (bytes == 0, "len == 0 asks for %zu bytes of workspace", bytes);
  TU_GM (gm_dot (cls, 2, 0, 3, NULL, NULL, dout, NULL, 0, 0));
  TU_CUDA (cudaDeviceSynchronize ());
  char h[64];
  TU_CUDA (cudaMemcpy (h, dout, 8 * es, cudaMemcpyDeviceToHost));
  int zeros = 1;
  for (int o = 0; o < 6; o++)
    zeros &= tu_get (cls, h, o) == 0.0 && !signbit (tu_get (cls, h, o));
  tu_result (zeros && isnan (tu_get (cls, h, 6)), "%s len == 0: not 6 zeros", cls_name (cls));
  /* pre*post == 0: nothing written */
  TU_CUDA (cudaMemset (dout, 0xff, 8 * es));
  TU_GM (gm_dot (cls, 0, 5, 3, NULL, NULL, dout, NULL, 0, 0));
  TU_GM (gm_dot (cls, 4, 5, 0, NULL, NULL, dout, NULL, 0, 0));
  TU_CUDA (cudaMemcpy (h, dout, 8 * es, cudaMemcpyDeviceToHost));
  tu_result (isnan (tu_get (cls, h, 0)), "%s pre*post == 0 wrote something", cls_name (cls));
  /* bad arguments */
  tu_result (gm_dot_workspace_size (cls, -1, 5, 1, &bytes) == GM_ERR_INVALID_ARGUMENT,
             "negative pre accepted");
  tu_result (gm_dot (cls, 1, -5, 1, dout, dout, dout, NULL, 0, 0) == GM_ERR_INVALID_ARGUMENT,
             "negative len accepted");
  tu_result (gm_dot ((gm_class) 7, 1, 5, 1, dout, dout, dout, NULL, 0, 0)
               == GM_ERR_INVALID_ARGUMENT, "unknown class accepted");
  tu_result (gm_dot_workspace_size (cls, INT64_MAX / 2, 4, 1, &bytes) == GM_ERR_SIZE_OVERFLOW,
             "overflowing size accepted");
  tu_result (gm_dot (cls, 1, 5, 1, NULL, dout, dout, NULL, 0, 0) == GM_ERR_INVALID_ARGUMENT,
             "NULL x accepted");
  /* a workspace one byte short, or missing */
  const int64_t len = 1 << 16;
  TU_GM (gm_dot_workspace_size (cls, 1, len, 1, &bytes));
  tu_result (bytes > 0, "%s len %lld: no workspace asked for", cls_name (cls), (long long) len);
  char *dx;
  TU_CUDA (cudaMalloc (&dx, len * es + bytes));
  tu_result (gm_dot (cls, 1, len, 1, dx, dx, dout, dx, bytes - 1, 0) == GM_ERR_INVALID_ARGUMENT,
             "workspace too small accepted");
  tu_result (gm_dot (cls, 1, len, 1, dx, dx, dout, NULL, bytes, 0) == GM_ERR_INVALID_ARGUMENT,
             "NULL workspace accepted");
  TU_CUDA (cudaFree (dx));
  TU_CUDA (cudaFree (dout));
}

int main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--quick"))
      quick = 1;
  if (!tu_gpu_or_skip ("test_dot"))
    return tu_finish ("test_dot");
  tu_seed (20260101);

  const gm_class classes[2] = {GM_DOUBLE, GM_SINGLE};
  for (int c = 0; c < 2; c++) {
    const gm_class cls = classes[c];
    const int64_t tile = cls == GM_SINGLE ? 4096 : 2048;   /* dot_cols_chunked, U = 4 */
    check_api (cls);

    /* one vector: around warp, block, tile and the short/long switch (4096), primes */
    const int64_t lens[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 127, 128, 129, 255, 256, 257,
                            1023, 1024, 1025, 4095, 4096, 4097, tile - 1, tile, tile + 1,
                            2 * tile - 1, 2 * tile + 1, 8 * tile + 3, 65537, 1000003};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++)
      check_shape (DEFAULT_VERSION, cls, 1, lens[k], 1, 0, 0);
    /* the chunk count: with one column, 528 chunks of one tile, then 265 of two */
    const int64_t edge = 528 * tile;
    check_shape (DEFAULT_VERSION, cls, 1, edge + 1, 1, 0, 0);
    if (!quick) {
      check_shape (DEFAULT_VERSION, cls, 1, edge - 1, 1, 0, 0);
      check_shape (DEFAULT_VERSION, cls, 1, edge, 1, 0, 0);
      check_shape (DEFAULT_VERSION, cls, 1, ((int64_t) 1 << 27) + 1, 1, 0, 0);
      check_shape (DEFAULT_VERSION, cls, 1, ((int64_t) 1 << 27) + 1, 1, 1, 1);
    }

    /* misaligned starts: same misalignment, different, for the vector and scalar paths */
    const int offs[][2] = {{1, 1}, {1, 0}, {0, 1}, {2, 2}, {3, 1}};
    for (int k = 0; k < 5; k++) {
      check_shape (DEFAULT_VERSION, cls, 1, 100003, 1, offs[k][0], offs[k][1]);
      check_shape (DEFAULT_VERSION, cls, 1, 4 * tile, 3, offs[k][0], offs[k][1]);
      check_shape (DEFAULT_VERSION, cls, 1, 37, 101, offs[k][0], offs[k][1]);
    }

    /* many columns (pre == 1): every group size of dot_cols_short, then the chunked kernel with
       one or several chunks per column, odd lengths (columns alternate alignment) */
    const int64_t cols[][2] = {{1, 1000}, {3, quick ? 10007 : 1000000}, {4, 999}, {5, 1001},
                               {8, 513}, {16, quick ? 20000 : 100000}, {17, 300}, {33, 1057},
                               {64, 300}, {100, quick ? 3000 : 10000}, {129, 77},
                               {1000, 100}, {4096, 37}, {4097, 5}, {5000, 300},
                               {2 * 2048 + 1, 1000}, {tile * 3 + 7, 2}, {200001, 3},
                               {quick ? 8192 : 32768, quick ? 64 : 4096}};
    for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++)
      check_shape (DEFAULT_VERSION, cls, 1, cols[k][0], cols[k][1], 0, 0);

    /* pre > 1: short and long len, small and large pre*post (chunked along len or not);
       pre < 32 with pre*len >= 1024 takes dot_strided_narrow, the rest dot_strided */
    const int64_t strided[][3] = {{2, 100000, 1}, {3, 7, 5}, {64, 1000, 3}, {1000, 3, 7},
                                  {5, 300001, 2}, {7, 1, 9}, {33, 4097, 3}, {2, 1, 1},
                                  {100000, 20, 3}, {31, 64, 2}, {3, 63, 1}, {3, 65, 1},
                                  {2, quick ? 1 << 18 : 1 << 24, 1}, {16, 5000, 3},
                                  {17, 1000, 2}, {8, 128, quick ? 5000 : 50000}, {2, 512, 3},
                                  {2, 511, 3}, {31, 100001, 1}, {40, 100001, 1}};
    for (size_t k = 0; k < sizeof strided / sizeof strided[0]; k++)
      check_shape (DEFAULT_VERSION, cls, strided[k][0], strided[k][1], strided[k][2],
                   k % 2, k % 3 == 0);

    /* the other versions the benchmark times */
    const version classic = {1, 0, 0}, unroll8 = {0, 0, 8}, wide = {0, 2112, 0},
                  narrow = {0, 1056, 8};
    const int64_t vlens[] = {1, 33, 4097, 65537, 1000003};
    for (size_t k = 0; k < sizeof vlens / sizeof vlens[0]; k++) {
      check_shape (classic, cls, 1, vlens[k], 1, 0, 0);
      check_shape (unroll8, cls, 1, vlens[k], 1, 1, 1);
      check_shape (wide, cls, 1, vlens[k], 3, 0, 0);
      check_shape (narrow, cls, 1, vlens[k], 1, 0, 0);
    }

    /* NaN and Inf through each kernel */
    check_special (cls, 1, 10, 4);          /* dot_cols_short */
    check_special (cls, 1, 100000, 4);      /* dot_cols_chunked + dot_sum_partials */
    check_special (cls, 1, 5000, 4);        /* dot_cols_chunked, one chunk */
    check_special (cls, 2, 100000, 2);      /* dot_strided_narrow, chunked */
    check_special (cls, 4, 10, 100000);     /* dot_strided, one chunk */
    check_special (cls, 40, 100000, 1);     /* dot_strided, chunked */
    check_special (cls, 7, 300, 1000);      /* dot_strided_narrow, one chunk */

    /* bitwise reproducible, also across alignment */
    check_determinism (cls, 1, quick ? (1 << 20) + 5 : (1 << 27) + 1, 1, quick ? 3 : 10);
    check_determinism (cls, 1, 9999, quick ? 20 : 200, 3);
    check_determinism (cls, 3, 50001, 2, 3);
    check_determinism (cls, 40, 30001, 2, 3);
    check_determinism (cls, 1, 10, 10001, 3);
  }
  return tu_finish ("test_dot");
}
