/* bench_transfer.cu: host <-> device transfers from pageable memory, and gm_matmul_host end to
 * end.  Measures, in one run:
 *   1. bit-exact round trips through gm_copy_* (odd sizes, unaligned pointers, both paths),
 *      checked against plain cudaMemcpy in the other direction;
 *   2. a sweep of the staging pool's thread count x chunk size (x non-temporal stores) on a
 *      256 MiB array (GPUMAT_TRANSFER_* set, then gm_transfer_release, so the pool is remade);
 *   3. GB/s from 256 KiB to 1 GiB: plain cudaMemcpy against the staging pool (forced at every
 *      size, to find the threshold) and against gm_copy_* as shipped;
 *   3b. small downloads (8 B to 64 KiB, gather's sizes): us a copy, pageable cudaMemcpy against
 *      gm_copy_to_host (a pinned slot), the two taking turns, median of 2000;
 *   4. downloads into fresh memory, as gather's are (a new Octave array, its pages not yet
 *      faulted in): plain cudaMemcpy, gm_copy_to_host, and gm_copy_to_host with transparent huge
 *      pages asked for (GPUMAT_TRANSFER_HUGEPAGE=1), at 256 MiB and 1 GiB; the host's THP
 *      settings are printed with it;
 *   5. gm_matmul_host: 16x16 (median of 2000 calls), 4096x4096 double and single with several
 *      panel counts (median of 10 after 2 warm-ups), and gm_matmul alone on the device.
 * Host buffers come from malloc and are touched before timing (but in 4.), as Octave's arrays
 * are when they are uploaded.
 * GB/s are 1e9 bytes per second.  Copies are synchronous, so a host clock times them.
 *
 *   bench_transfer [--quick] [--no-sweep] [--no-matmul]
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <time.h>
#include <unistd.h>
#include <vector>
#include "test_util.h"

static double now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double median (std::vector<double> v)
{
  std::sort (v.begin (), v.end ());
  size_t n = v.size ();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static const size_t MiB = (size_t) 1 << 20;

/* Lines repeated in the short table at the end. */
static char summary[32][128];
static int nsummary;
#define SUMMARY(...)                                                                          \
  do {                                                                                        \
    if (nsummary < 32)                                                                        \
      snprintf (summary[nsummary++], sizeof summary[0], __VA_ARGS__);                         \
    printf (__VA_ARGS__);                                                                     \
    printf ("\n");                                                                            \
  } while (0)

/* Environment for the next pool: set (or unset with NULL), then remake the pool. */
static void pool_env (const char *threads, const char *chunk_mb, const char *small_kb,
                      const char *nt)
{
  const char *names[4] = {"GPUMAT_TRANSFER_THREADS", "GPUMAT_TRANSFER_CHUNK_MB",
                          "GPUMAT_TRANSFER_SMALL_KB", "GPUMAT_TRANSFER_NT"};
  const char *values[4] = {threads, chunk_mb, small_kb, nt};
  for (int i = 0; i < 4; i++)
    tu_setenv (names[i], values[i]);
  gm_transfer_release ();
}

typedef enum { PLAIN, GM } method;

static double time_copy (method how, int to_device, void *d, void *h, size_t bytes, int reps)
{
  std::vector<double> t;
  for (int r = -1; r < reps; r++) {         /* r == -1: warm-up (makes the pool) */
    double t0 = now ();
    if (how == PLAIN) {
      if (to_device) TU_CUDA (cudaMemcpy (d, h, bytes, cudaMemcpyHostToDevice));
      else TU_CUDA (cudaMemcpy (h, d, bytes, cudaMemcpyDeviceToHost));
    } else {
      if (to_device) TU_GM (gm_copy_to_device (d, h, bytes));
      else TU_GM (gm_copy_to_host (h, d, bytes));
    }
    double t1 = now ();
    if (r >= 0)
      t.push_back (t1 - t0);
  }
  return bytes / median (t) / 1e9;
}

/* Upload b bytes into the second half of d while the first half comes down; total GB/s. */
static double time_duplex (char *d, char *h_src, char *h_dst, size_t b, int reps)
{
  std::vector<double> t;
  for (int r = -1; r < reps; r++) {
    double t0 = now ();
    TU_GM (gm_copy_duplex (d + b, h_src, b, h_dst, d, b));
    if (r >= 0)
      t.push_back (now () - t0);
  }
  return 2.0 * b / median (t) / 1e9;
}

/* Downloads of `bytes` into a buffer malloc'd afresh for each repetition (large: its own mmap,
   no page faulted in), freed after; median GB/s.  how: 0 cudaMemcpy, 1 gm_copy_to_host. */
static double time_fresh_download (int how, const void *d, size_t bytes, int reps)
{
  std::vector<double> t;
  for (int r = -1; r < reps; r++) {
    char *h = (char *) malloc (bytes);
    if (!h)
      return 0;
    double t0 = now ();
    if (how == 0) TU_CUDA (cudaMemcpy (h, d, bytes, cudaMemcpyDeviceToHost));
    else TU_GM (gm_copy_to_host (h, d, bytes));
    double t1 = now ();
    volatile char sink = h[bytes / 2];             /* the copy is not optimized away */
    (void) sink;
    free (h);
    if (r >= 0)
      t.push_back (t1 - t0);
  }
  return bytes / median (t) / 1e9;
}

/* The first line of a sysfs file ("always [madvise] never"), or "-". */
static void read_line (const char *path, char *buf, size_t len)
{
  FILE *f = fopen (path, "r");
  snprintf (buf, len, "-");
  if (f) {
    if (fgets (buf, (int) len, f))
      buf[strcspn (buf, "\n")] = 0;
    fclose (f);
  }
}

/* ---- 1. round trips ------------------------------------------------------------------- */
static int round_trips (char *h_src, char *h_dst, char *d, size_t max_bytes)
{
  const size_t sizes[] = {1, 7, 4097, MiB - 1, MiB + 3, 3 * MiB + 5, 8 * MiB + 4095,
                          37 * MiB + 11, 256 * MiB + 17};
  int bad = 0;
  for (int forced = 0; forced < 2; forced++) {
    pool_env (NULL, NULL, forced ? "0" : NULL, NULL);
    for (size_t b : sizes) {
      if (b + 64 > max_bytes)
        continue;
      size_t o1 = tu_randint (0, 15), o2 = tu_randint (0, 15), od = tu_randint (0, 3) * 8;
      for (size_t i = 0; i < b; i++)
        h_src[o1 + i] = (char) tu_next ();
      /* up through gm_copy, down through cudaMemcpy; then up through cudaMemcpy, down gm */
      memset (h_dst, 0x5a, b + 64);
      TU_GM (gm_copy_to_device (d + od, h_src + o1, b));
      TU_CUDA (cudaMemcpy (h_dst + o2, d + od, b, cudaMemcpyDeviceToHost));
      int ok_up = memcmp (h_src + o1, h_dst + o2, b) == 0;
      TU_CUDA (cudaMemset (d, 0, b + 64));
      TU_CUDA (cudaMemcpy (d + od, h_src + o1, b, cudaMemcpyHostToDevice));
      memset (h_dst, 0x5a, b + 64);
      TU_GM (gm_copy_to_host (h_dst + o2, d + od, b));
      int ok_down = memcmp (h_src + o1, h_dst + o2, b) == 0
                    && (unsigned char) h_dst[o2 + b] == 0x5a
                    && (o2 == 0 || (unsigned char) h_dst[o2 - 1] == 0x5a);
      if (!ok_up || !ok_down) {
        printf ("round trip FAILED: %zu bytes (%s, up %d down %d)\n", b,
                forced ? "pool forced" : "default", ok_up, ok_down);
        bad++;
      }
    }
  }
  printf ("round trips: %s (9 sizes, default and pool forced, unaligned)\n",
          bad ? "FAILED" : "all bit-exact");
  return bad;
}

/* ---- 5. products ---------------------------------------------------------------------- */
/* C = A * B on N x N host arrays, no transposes, one page. */
static gm_status host_product (gm_class cls, int64_t N, const void *A, const void *B, void *C)
{
  return gm_matmul_host (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, N, N, N, A, B, C, NULL);
}

/* Sampled entries against a double reference, and no NaN left (C poisoned first). */
static int check_product (gm_class cls, int64_t m, int64_t n, int64_t k, const void *A,
                          const void *B, const void *C)
{
  for (int64_t i = 0; i < m * n; i++)
    if (isnan (tu_get (cls, C, i)))
      return 0;
  for (int t = 0; t < 256; t++) {
    int64_t i = tu_randint (0, m - 1), j = tu_randint (0, n - 1);
    double ref = 0, mag = 0;
    for (int64_t p = 0; p < k; p++) {
      double a = tu_get (cls, A, i + p * m), b = tu_get (cls, B, p + j * k);
      ref += a * b;
      mag += fabs (a * b);
    }
    if (fabs (tu_get (cls, C, i + j * m) - ref) > 2.0 * k * tu_eps (cls) * mag + 1e-300)
      return 0;
  }
  return 1;
}

static void bench_matmul (int64_t N, gm_class cls, int reps, const char *panels_list[],
                          int npanels)
{
  size_t es = gm_class_size (cls), bytes = (size_t) N * N * es;
  void *A = malloc (bytes), *B = malloc (bytes), *C = malloc (bytes);
  if (!A || !B || !C) {
    printf ("matmul %lld: no host memory\n", (long long) N);
    exit (2);
  }
  tu_fill (cls, A, NULL, (size_t) N * N);
  tu_fill (cls, B, NULL, (size_t) N * N);
  const char *cname = cls == GM_SINGLE ? "single" : "double";
  for (int v = 0; v < npanels; v++) {
    if (panels_list[v])
      tu_setenv ("GPUMAT_MATMUL_PANELS", panels_list[v]);
    else
      tu_setenv ("GPUMAT_MATMUL_PANELS", NULL);
    memset (C, 0xff, bytes);                       /* NaN in both classes */
    TU_GM (host_product (cls, N, A, B, C));
    int ok = check_product (cls, N, N, N, A, B, C);
    std::vector<double> t;
    for (int r = -1; r < reps; r++) {
      double t0 = now ();
      TU_GM (host_product (cls, N, A, B, C));
      if (r >= 0)
        t.push_back (now () - t0);
    }
    double med = median (t);
    SUMMARY ("matmul_host %5lld %s panels=%-4s %10.3f ms %s", (long long) N, cname,
            panels_list[v] ? panels_list[v] : "auto", med * 1e3, ok ? "ok" : "WRONG");
  }
  tu_setenv ("GPUMAT_MATMUL_PANELS", NULL);
  /* the product alone, device to device, CUDA events */
  if (N >= 1024) {
    void *dA, *dB, *dC;
    TU_GM (gm_device_alloc (&dA, bytes));
    TU_GM (gm_device_alloc (&dB, bytes));
    TU_GM (gm_device_alloc (&dC, bytes));
    TU_GM (gm_copy_to_device (dA, A, bytes));
    TU_GM (gm_copy_to_device (dB, B, bytes));
    cudaEvent_t e0, e1;
    TU_CUDA (cudaEventCreate (&e0));
    TU_CUDA (cudaEventCreate (&e1));
    std::vector<double> t;
    for (int r = -2; r < 10; r++) {
      TU_CUDA (cudaEventRecord (e0, 0));
      TU_GM (gm_matmul (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, N, N, N, dA, N, 0, dB, N,
                        0, dC, N, 0, 1, 0));
      TU_CUDA (cudaEventRecord (e1, 0));
      TU_CUDA (cudaEventSynchronize (e1));
      float ms;
      TU_CUDA (cudaEventElapsedTime (&ms, e0, e1));
      if (r >= 0)
        t.push_back (ms);
    }
    SUMMARY ("matmul_device %5lld %s           %10.3f ms (%.1f TFLOP/s)", (long long) N, cname,
            median (t), 2.0 * N * N * N / (median (t) * 1e-3) / 1e12);
    cudaEventDestroy (e0);
    cudaEventDestroy (e1);
    gm_device_free (dA);
    gm_device_free (dB);
    gm_device_free (dC);
  }
  free (A);
  free (B);
  free (C);
}

static void bench_small (gm_class cls)
{
  const int64_t N = 16;
  size_t es = gm_class_size (cls), bytes = N * N * es;
  void *A = malloc (bytes), *B = malloc (bytes), *C = malloc (bytes);
  tu_fill (cls, A, NULL, N * N);
  tu_fill (cls, B, NULL, N * N);
  memset (C, 0xff, bytes);
  TU_GM (host_product (cls, N, A, B, C));
  int ok = check_product (cls, N, N, N, A, B, C);
  std::vector<double> t;
  for (int r = -100; r < 2000; r++) {
    double t0 = now ();
    TU_GM (host_product (cls, N, A, B, C));
    if (r >= 0)
      t.push_back (now () - t0);
  }
  SUMMARY ("matmul_host    16 %s            %8.1f us median (min %.1f) %s",
          cls == GM_SINGLE ? "single" : "double", median (t) * 1e6,
          *std::min_element (t.begin (), t.end ()) * 1e6, ok ? "ok" : "WRONG");
  free (A);
  free (B);
  free (C);
}

int main (int argc, char **argv)
{
  int quick = 0, sweep = 1, matmul = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--quick")) quick = 1;
    else if (!strcmp (argv[i], "--no-sweep")) sweep = 0;
    else if (!strcmp (argv[i], "--no-matmul")) matmul = 0;
  }
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  printf ("device: %s (cc %d.%d), %ld host cores\n", info.name, info.major, info.minor, cores);

  size_t max_bytes = (quick ? 256 : 1024) * MiB;
  char *h_src = (char *) malloc (max_bytes + 64), *h_dst = (char *) malloc (max_bytes + 64);
  char *d = NULL;
  if (!h_src || !h_dst) {
    printf ("no host memory for %zu bytes\n", max_bytes);
    return 2;
  }
  memset (h_src, 1, max_bytes + 64);               /* touch: the pages exist before timing */
  memset (h_dst, 2, max_bytes + 64);
  TU_GM (gm_device_alloc ((void **) &d, max_bytes + 64));
  tu_seed (12345);
  int bad = round_trips (h_src, h_dst, d, max_bytes + 64);

  /* ---- 2. sweep -------------------------------------------------------------------------- */
  char sweep_lines[64][128];
  int nsweep = 0;
  if (sweep) {
    /* A first run (bench/NOTES-transfer.md) swept 2..16 threads x 1..8 MiB x nt 0/1; this
       keeps the neighbourhood of the optimum, and adds the duplex rate (both at once). */
    const char *threads[] = {"8", "12", "16"};
    const char *chunks[] = {"2", "4"};
    size_t b = 256 * MiB;
    for (int nt = 0; nt < 1; nt++)
      for (const char *t : threads) {
        if (atoi (t) > cores)
          continue;
        for (const char *c : chunks) {
          pool_env (t, c, "0", nt ? "1" : "0");
          double up = time_copy (GM, 1, d, h_src, b, quick ? 3 : 5);
          double down = time_copy (GM, 0, d, h_dst, b, quick ? 3 : 5);
          double both = time_duplex (d, h_src, h_dst, b, quick ? 3 : 5);
          snprintf (sweep_lines[nsweep++], sizeof sweep_lines[0],
                    "sweep 256MiB threads=%-2s chunk=%sMiB nt=%d  H2D %5.1f  D2H %5.1f GB/s"
                    "  duplex %5.1f", t, c, nt, up, down, both);
          printf ("%s\n", sweep_lines[nsweep - 1]);
        }
      }
  }

  /* ---- 3. sizes -------------------------------------------------------------------------- */
  const size_t sizes[] = {MiB / 4, MiB / 2, MiB, 2 * MiB, 4 * MiB, 8 * MiB, 16 * MiB,
                          64 * MiB, 256 * MiB, 1024 * MiB};
  char size_lines[16][128];
  int nsize = 0;
  for (size_t b : sizes) {
    if (b > max_bytes)
      continue;
    int reps = (int) std::max ((size_t) 3, std::min ((size_t) 30, (size_t) 2048 * MiB / b));
    if (quick)
      reps = std::min (reps, 5);
    double pu = time_copy (PLAIN, 1, d, h_src, b, reps);
    double pd = time_copy (PLAIN, 0, d, h_dst, b, reps);
    pool_env (NULL, NULL, "0", NULL);
    double fu = time_copy (GM, 1, d, h_src, b, reps);
    double fd = time_copy (GM, 0, d, h_dst, b, reps);
    pool_env (NULL, NULL, NULL, NULL);
    double gu = time_copy (GM, 1, d, h_src, b, reps);
    double gd = time_copy (GM, 0, d, h_dst, b, reps);
    double gb = 2 * b <= max_bytes ? time_duplex (d, h_src, h_dst, b, reps) : 0;
    snprintf (size_lines[nsize++], sizeof size_lines[0],
              "%8.2f MiB | %6.1f %6.1f | %6.1f %6.1f | %6.1f %6.1f | %6.1f", b / (double) MiB,
              pu, pd, fu, fd, gu, gd, gb);
  }
  /* ---- 3b. small downloads (gather of a small array): us a copy ------------------------ */
  char latency_lines[4][128];
  int nlatency = 0;
  for (size_t b : {(size_t) 8, (size_t) 2048, (size_t) 8192, (size_t) 65536}) {
    const int reps = quick ? 200 : 2000;
    std::vector<double> plain, ours;
    for (int r = 0; r < reps; r++) {
      double t0 = now ();
      TU_CUDA (cudaMemcpy (h_dst, d, b, cudaMemcpyDeviceToHost));
      double t1 = now ();
      TU_GM (gm_copy_to_host (h_src, d, b));
      double t2 = now ();
      plain.push_back (1e6 * (t1 - t0));
      ours.push_back (1e6 * (t2 - t1));
    }
    tu_result (memcmp (h_src, h_dst, b) == 0, "small download of %zu bytes: the same bytes", b);
    snprintf (latency_lines[nlatency++], sizeof latency_lines[0],
              "%8zu B D2H | cudaMemcpy %6.2f us | gm_copy_to_host %6.2f us", b, median (plain),
              median (ours));
    printf ("%s\n", latency_lines[nlatency - 1]);
  }
  free (h_src);
  free (h_dst);

  /* ---- 4. downloads into fresh memory (gather) ----------------------------------------- */
  char thp[96], defrag[96];
  read_line ("/sys/kernel/mm/transparent_hugepage/enabled", thp, sizeof thp);
  read_line ("/sys/kernel/mm/transparent_hugepage/defrag", defrag, sizeof defrag);
  char fresh_lines[4][160];
  int nfresh = 0;
  for (size_t b : {256 * MiB, 1024 * MiB}) {
    if (b > max_bytes)
      continue;
    const int reps = quick ? 3 : (b > 256 * MiB ? 5 : 9);
    const double plain = time_fresh_download (0, d, b, reps);
    pool_env (NULL, NULL, NULL, NULL);
    tu_setenv ("GPUMAT_TRANSFER_HUGEPAGE", "0");
    gm_transfer_release ();
    const double pool4k = time_fresh_download (1, d, b, reps);
    tu_setenv ("GPUMAT_TRANSFER_HUGEPAGE", "1");
    gm_transfer_release ();
    const double pool2m = time_fresh_download (1, d, b, reps);
    tu_setenv ("GPUMAT_TRANSFER_HUGEPAGE", NULL);
    gm_transfer_release ();
    snprintf (fresh_lines[nfresh++], sizeof fresh_lines[0],
              "fresh %5.0f MiB D2H | cudaMemcpy %5.1f | gm_copy %5.1f | gm_copy + MADV_HUGEPAGE "
              "%5.1f GB/s", b / (double) MiB, plain, pool4k, pool2m);
    printf ("%s\n", fresh_lines[nfresh - 1]);
  }
  gm_device_free (d);

  if (matmul) {
    printf ("\n");
    bench_small (GM_DOUBLE);
    bench_small (GM_SINGLE);
    const char *variants[] = {"1", NULL, "4", "8", "16"};
    bench_matmul (4096, GM_DOUBLE, quick ? 3 : 10, variants, 5);
    bench_matmul (4096, GM_SINGLE, quick ? 3 : 10, variants, 5);
    if (!quick) {
      const char *two[] = {"1", NULL};
      bench_matmul (2048, GM_DOUBLE, 10, two, 2);
      bench_matmul (8192, GM_DOUBLE, 3, two, 2);
    }
  }

  /* ---- the short table, last ---------------------------------------------------------------- */
  printf ("\n%s, %ld cores. GB/s (1e9 B/s), median; pool = staging pool at every size\n",
          info.name, cores);
  printf ("    size     | plain H2D D2H | pool H2D  D2H | gm_copy H2D D2H | duplex sum\n");
  for (int i = 0; i < nsize; i++)
    printf ("%s\n", size_lines[i]);
  printf ("small downloads, median of %d (gm_copy_to_host: the pool's pinned slot)\n",
          quick ? 200 : 2000);
  for (int i = 0; i < nlatency; i++)
    printf ("%s\n", latency_lines[i]);
  double best = 0;
  int besti = -1;
  for (int i = 0; i < nsweep; i++) {
    double u, dn;
    const char *p = strstr (sweep_lines[i], "H2D");
    if (p && sscanf (p, "H2D %lf D2H %lf", &u, &dn) == 2 && u + dn > best) {
      best = u + dn;
      besti = i;
    }
  }
  if (besti >= 0)
    printf ("best of sweep: %s\n", sweep_lines[besti]);
  printf ("transparent huge pages: enabled %s; defrag %s\n", thp, defrag);
  for (int i = 0; i < nfresh; i++)
    printf ("%s\n", fresh_lines[i]);
  for (int i = 0; i < nsummary; i++)
    printf ("%s\n", summary[i]);
  printf ("%s\n", bad ? "ROUND TRIPS FAILED" : "round trips bit-exact");
  gm_reset ();
  return bad ? 1 : 0;
}
