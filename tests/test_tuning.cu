/* test_tuning.cu: the tuning snapshot (kernels/tuning.cu) against the parsing it replaced.
 *
 * Each GPUMAT_* variable was read by its own code before the snapshot (getenv in six files);
 * the functions old_* below are that code as it was (commit 9d82705), reduced to what it made of
 * the text.  For every variable and a list of awkward values (unset, empty, each valid value,
 * out of range, signs, spaces, trailing junk, hex, exponents, NaN, Inf, overflow) the test sets
 * the variable, reloads the snapshot and checks that the snapshot means what the old code read.
 * It also checks that the snapshot is read once (a setenv alone changes nothing) and the
 * invalid texts gm_matmul_dmma_plan reports.
 *
 * Needs no GPU and no CUDA: it builds with g++ as well as with the Makefile's nvcc rule,
 *   g++ -std=c++17 -x c++ -Ikernels tests/test_tuning.cu kernels/tuning.cu -o test_tuning
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tuning.h"

static int passed, failed;

static void check (bool ok, const char *var, const char *value, const char *what)
{
  if (ok) {
    passed++;
    return;
  }
  failed++;
  printf ("FAIL %s=%s%s%s: %s\n", var, value ? "\"" : "(unset)", value ? value : "",
          value ? "\"" : "", what);
}

/* ---- the old readers (commit 9d82705), as functions of the variable's text -------------- */

/* matmul_dmma.cu dmma_setting: legacy, tile (-1: auto's model), slices (0: planned), and which
   text it reported as bad */
struct OldDmma { bool legacy; int tile, slices; const char *bad; };
static const char *const old_tile_names[4] = {"128x128", "128x64", "64x128", "64x64"};
static OldDmma old_dmma (const char *t, const char *k)
{
  OldDmma s = {false, -1, 0, NULL};
  if (t && *t && strcmp (t, "auto") != 0) {
    if (strcmp (t, "v2") == 0)
      s.legacy = true;
    for (int i = 0; i < 4; i++)
      if (strcmp (t, old_tile_names[i]) == 0)
        s.tile = i;
    if (!s.legacy && s.tile < 0)
      s.bad = t;
  }
  if (k && *k) {
    char *end;
    errno = 0;
    const long v = strtol (k, &end, 10);
    if (*end || errno || v < 1 || v > 512)
      s.bad = k;
    else
      s.slices = (int) v;
  }
  return s;
}
static bool old_dmma_k8 (const char *mma) { return mma && strcmp (mma, "k8") == 0; }
/* kernels/tf32/ */
static int old_tf32_version (const char *env)
{
  return env && env[0] >= '1' && env[0] <= '3' && env[1] == 0 ? env[0] - '0' : 0;
}
static int old_tf32_group (const char *env)   /* 0: by k */
{
  return env && env[0] >= '1' && env[0] <= '4' && env[1] == 0 ? env[0] - '0' : 0;
}
/* kernels/ozaki/ */
static int old_env_int_in (const char *env, int lo, int hi, int fallback)
{
  if (env && *env) {
    char *end;
    const long v = strtol (env, &end, 10);
    if (*end == '\0' && v >= lo && v <= hi)
      return (int) v;
  }
  return fallback;
}
static int old_ozaki_version (const char *env)
{
  return env && strcmp (env, "1") == 0 ? 1 : env && strcmp (env, "2") == 0 ? 2 : 3;
}
static int old_ozaki2_gemm (const char *env)   /* as GM_OZAKI2_GEMM_*: 0 none asked */
{
  static const char *const names[4] = {"mma", "wg", "ws", "ws256"};
  for (int i = 0; i < 4; i++)
    if (env && strcmp (env, names[i]) == 0)
      return i + 1;
  return 0;
}
/* elementwise.cu */
static bool old_bcast_v2 (const char *e) { return e && !strcmp (e, "v2"); }
/* host_ops.cu panel_count, for n columns and bytes_B of B */
static int old_panels (const char *env, long n, size_t bytes_B)
{
  long p;
  if (env && *env)
    p = strtol (env, NULL, 10);
  else if (bytes_B < ((size_t) 64 << 20))
    p = 1;
  else {
    p = (long) ((bytes_B + ((size_t) 32 << 20) - 1) / ((size_t) 32 << 20));
    if (p < 4) p = 4;
  }
  if (p > 32) p = 32;
  if (p > n) p = n;
  return p < 2 ? 1 : (int) p;
}
/* ... and the same with the snapshot's value, as host_ops.cu has it now */
static int new_panels (long p, long n, size_t bytes_B)
{
  if (p == 0 && bytes_B < ((size_t) 64 << 20))
    p = 1;
  else if (p == 0) {
    p = (long) ((bytes_B + ((size_t) 32 << 20) - 1) / ((size_t) 32 << 20));
    if (p < 4) p = 4;
  }
  if (p > 32) p = 32;
  if (p > n) p = n;
  return p < 2 ? 1 : (int) p;
}
/* transfer.cu read_config: the pool's figures for `cores` cores */
struct Pool { int threads; size_t chunk, small_h2d, small_d2h; bool nt, hugepage; };
static double old_env_number (const char *s, double fallback)
{
  if (!s || !*s)
    return fallback;
  char *end;
  double v = strtod (s, &end);
  return end == s ? fallback : v;
}
static const size_t CHUNK_ALIGN = (size_t) 64 << 10;
static Pool old_pool (const char *th, const char *mbs, const char *kbs, const char *nts,
                      const char *hps, long cores)
{
  Pool P;
  double t = old_env_number (th, 12);
  if (!(t >= 1)) t = 1;
  if (t > 64) t = 64;
  if (t > cores) t = (double) cores;
  P.threads = (int) t;
  double mb = old_env_number (mbs, 2.0);
  if (!(mb >= 0.0625)) mb = 0.0625;
  if (mb > 256) mb = 256;
  P.chunk = ((size_t) (mb * 1048576.0) + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
  double kb = old_env_number (kbs, -1);
  if (kb > 1048576) kb = 1048576;
  P.small_h2d = kb >= 0 ? (size_t) (kb * 1024.0) : (size_t) 2048 << 10;
  P.small_d2h = kb >= 0 ? (size_t) (kb * 1024.0) : (size_t) 256 << 10;
  P.nt = old_env_number (nts, 0) != 0;
  P.hugepage = old_env_number (hps, 1) != 0;
  return P;
}
static Pool new_pool (const gm_tuning_t *tune, long cores)
{
  Pool P;
  double t = tune->transfer_threads;
  if (t > cores) t = (double) cores;
  P.threads = (int) t;
  const double mb = tune->transfer_chunk_mb;
  P.chunk = ((size_t) (mb * 1048576.0) + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
  const double kb = tune->transfer_small_kb;
  P.small_h2d = kb >= 0 ? (size_t) (kb * 1024.0) : (size_t) 2048 << 10;
  P.small_d2h = kb >= 0 ? (size_t) (kb * 1024.0) : (size_t) 256 << 10;
  P.nt = tune->transfer_nt != 0;
  P.hugepage = tune->transfer_hugepage != 0;
  return P;
}

/* ---- the test -------------------------------------------------------------------------- */

static const char *const values[] = {
    NULL, "", "auto", "v2", "v3", "128x128", "128x64", "64x128", "64x64", "96x96", "k8", "k16",
    "K8", "k8 ", "mma", "dmma", "DMMA", "wg", "ws", "ws256", "WS", "0", "1", "2", "3", "4", "5",
    "7", "8", "11",
    "12", "13", "14", "15", "16", "32", "33", "512", "513", "-3", "-1", "+5", " 7", "7 ", "5x",
    "1e3", "0x10", "010", "nan", "NaN", "inf", "-inf", "0.5", "0.01", "0.0625", "2.5", "300",
    "1048576", "1048577", "-0.5", "99999999999999999999", "-99999999999999999999", "abc"};
static const int NVALUES = (int) (sizeof values / sizeof values[0]);

static void set (const char *name, const char *value)
{
  if (value)
    setenv (name, value, 1);
  else
    unsetenv (name);
}

static void clear_all (void)
{
  for (int i = 0; i < GM_TUNING_VARS; i++)
    unsetenv (gm_tuning_name (i));
}

static void test_each_value (void)
{
  for (int v = 0; v < NVALUES; v++) {
    const char *x = values[v];
    /* dmma: each variable alone, and both at once with each value */
    set ("GPUMAT_DMMA_TILE", x);
    for (int w = 0; w < NVALUES; w += 7) {
      set ("GPUMAT_DMMA_SLICES", values[w]);
      gm_tuning_reload ();
      const gm_tuning_t *t = gm_tuning ();
      const OldDmma o = old_dmma (x, values[w]);
      const bool legacy = t->dmma_tile == GM_DMMA_TILE_V2;
      const int tile = t->dmma_tile >= GM_DMMA_TILE_128x128 ? t->dmma_tile - 2 : -1;
      const char *bt = gm_tuning_invalid ("GPUMAT_DMMA_TILE");
      const char *bs = gm_tuning_invalid ("GPUMAT_DMMA_SLICES");
      const char *bad = bs ? bs : bt;
      check (legacy == o.legacy && tile == o.tile, "GPUMAT_DMMA_TILE", x, "tile");
      check (t->dmma_slices == o.slices, "GPUMAT_DMMA_SLICES", values[w], "slices");
      check ((bad == NULL) == (o.bad == NULL) && (!bad || strcmp (bad, o.bad) == 0),
             "GPUMAT_DMMA_TILE", x, "the invalid text reported");
    }
    clear_all ();

    set ("GPUMAT_DMMA_MMA", x);
    set ("GPUMAT_TF32X3_VERSION", x);
    set ("GPUMAT_TF32X3_GROUP", x);
    set ("GPUMAT_OZAKI_VERSION", x);
    set ("GPUMAT_OZAKI_SLICES", x);
    set ("GPUMAT_OZAKI_MODULI", x);
    set ("GPUMAT_OZAKI2_GEMM", x);
    set ("GPUMAT_EW_BCAST", x);
    set ("GPUMAT_AUTO_DOUBLE", x);
    set ("GPUMAT_MATMUL_PANELS", x);
    set ("GPUMAT_TRANSFER_THREADS", x);
    set ("GPUMAT_TRANSFER_CHUNK_MB", x);
    set ("GPUMAT_TRANSFER_SMALL_KB", x);
    set ("GPUMAT_TRANSFER_NT", x);
    set ("GPUMAT_TRANSFER_HUGEPAGE", x);
    gm_tuning_reload ();
    const gm_tuning_t *t = gm_tuning ();
    check ((t->dmma_mma_k8 != 0) == old_dmma_k8 (x), "GPUMAT_DMMA_MMA", x, "k8");
    check (t->tf32x3_version == old_tf32_version (x), "GPUMAT_TF32X3_VERSION", x, "version");
    check (t->tf32x3_group == old_tf32_group (x), "GPUMAT_TF32X3_GROUP", x, "group");
    check (t->ozaki_version == old_ozaki_version (x), "GPUMAT_OZAKI_VERSION", x, "version");
    check (t->ozaki_slices == old_env_int_in (x, 2, 11, 8), "GPUMAT_OZAKI_SLICES", x, "slices");
    /* 0 when unset or invalid: the count by k (scheme2.cuh oz2_moduli_for; 14 until session
       29, when 16 became the maximum) */
    check (t->ozaki_moduli == old_env_int_in (x, 12, 16, 0), "GPUMAT_OZAKI_MODULI", x,
           "moduli");
    check (t->ozaki2_gemm == old_ozaki2_gemm (x), "GPUMAT_OZAKI2_GEMM", x, "gemm");
    check ((t->ew_bcast_v2 != 0) == old_bcast_v2 (x), "GPUMAT_EW_BCAST", x, "v2");
    /* new in session 31 (no reading before the snapshot): exactly "dmma", else the default */
    const bool dmma_word = x && strcmp (x, "dmma") == 0;
    check (t->auto_double_dmma == (dmma_word ? 1 : 0), "GPUMAT_AUTO_DOUBLE", x, "dmma");
    check ((gm_tuning_invalid ("GPUMAT_AUTO_DOUBLE") != NULL) == (x && *x && !dmma_word),
           "GPUMAT_AUTO_DOUBLE", x, "the invalid text reported");
    static const long ns[] = {0, 1, 2, 3, 31, 32, 33, 1000};
    static const size_t bs[] = {0, (size_t) 1 << 20, ((size_t) 64 << 20) - 1, (size_t) 64 << 20,
                                (size_t) 100 << 20, (size_t) 1 << 30, (size_t) 1 << 34};
    for (long n : ns)
      for (size_t b : bs)
        check (new_panels (t->matmul_panels, n, b) == old_panels (x, n, b),
               "GPUMAT_MATMUL_PANELS", x, "panel count");
    static const long core_counts[] = {1, 2, 16, 128};
    for (long cores : core_counts) {
      const Pool o = old_pool (x, x, x, x, x, cores), p = new_pool (t, cores);
      check (p.threads == o.threads, "GPUMAT_TRANSFER_THREADS", x, "threads");
      check (p.chunk == o.chunk, "GPUMAT_TRANSFER_CHUNK_MB", x, "chunk bytes");
      check (p.small_h2d == o.small_h2d && p.small_d2h == o.small_d2h,
             "GPUMAT_TRANSFER_SMALL_KB", x, "thresholds");
      check (p.nt == o.nt, "GPUMAT_TRANSFER_NT", x, "non-temporal");
      check (p.hugepage == o.hugepage, "GPUMAT_TRANSFER_HUGEPAGE", x, "huge pages");
    }
    clear_all ();
  }
}

/* Read once: a setenv without a reload leaves the snapshot as it was. */
static void test_read_once (void)
{
  clear_all ();
  gm_tuning_reload ();
  const gm_tuning_t *t = gm_tuning ();
  check (t->ozaki_version == 3 && t->ozaki_slices == 8 && t->ozaki_moduli == 0
             && t->dmma_tile == GM_DMMA_TILE_AUTO && t->transfer_threads == 12
             && t->transfer_hugepage == 1,
         "(all)", NULL, "defaults");
  setenv ("GPUMAT_OZAKI_VERSION", "1", 1);
  check (gm_tuning ()->ozaki_version == 3, "GPUMAT_OZAKI_VERSION", "1", "read before a reload");
  gm_tuning_reload ();
  check (gm_tuning ()->ozaki_version == 1, "GPUMAT_OZAKI_VERSION", "1", "not read on reload");
  check (gm_tuning () == t, "(all)", NULL, "the snapshot moved");
  unsetenv ("GPUMAT_OZAKI_VERSION");
  gm_tuning_reload ();
  check (gm_tuning ()->ozaki_version == 3, "GPUMAT_OZAKI_VERSION", NULL, "after unset");
  /* every name listed once, all GPUMAT_ */
  int names = 0;
  for (int i = 0; gm_tuning_name (i); i++, names++)
    for (int j = 0; j < i; j++)
      check (strcmp (gm_tuning_name (i), gm_tuning_name (j)) != 0, gm_tuning_name (i), NULL,
             "listed twice");
  check (names == GM_TUNING_VARS, "(all)", NULL, "GM_TUNING_VARS names");
  check (gm_tuning_invalid ("GPUMAT_NOT_A_VARIABLE") == NULL && gm_tuning_invalid (NULL) == NULL,
         "(none)", NULL, "invalid text of an unknown name");
  /* an invalid text is kept, cut to GM_TUNING_TEXT - 1 bytes */
  char long_text[200];
  memset (long_text, 'x', sizeof long_text - 1);
  long_text[sizeof long_text - 1] = '\0';
  setenv ("GPUMAT_DMMA_TILE", long_text, 1);
  gm_tuning_reload ();
  const char *bad = gm_tuning_invalid ("GPUMAT_DMMA_TILE");
  check (bad && strlen (bad) == GM_TUNING_TEXT - 1 && gm_tuning ()->dmma_tile == 0,
         "GPUMAT_DMMA_TILE", "xxx...", "a long invalid text");
  unsetenv ("GPUMAT_DMMA_TILE");
  gm_tuning_reload ();
}

int main (void)
{
  test_each_value ();
  test_read_once ();
  printf ("test_tuning: %d passed, %d failed, 0 skipped\n", passed, failed);
  return failed > 0;
}
