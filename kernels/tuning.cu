/* tuning.cu: every GPUMAT_* environment variable, parsed in one place into one snapshot
 * (tuning.h; doc/TUNING.md says what each does).
 *
 * One row a variable: its kind, range, default and field.  Four kinds keep each variable's
 * reading as it was before the snapshot, bad values included:
 *   CHOICE   one of a list of words, exactly; anything else is the default (kept as invalid)
 *   INT      a whole decimal integer in lo .. hi; anything else is the default (kept as invalid)
 *   NUMBER   strtod's leading number (none: the default), then clamped to lo .. hi (NaN: lo)
 *   LEADING  strtol's leading integer (none: 0), then clamped to lo .. hi
 * An unset or empty variable is its default.
 *
 * Plain C++ without CUDA, so that tests/test_tuning.cu builds with g++ too.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <mutex>
#include "tuning.h"

namespace {

enum Kind { CHOICE, INT, NUMBER, LEADING };

struct Var {
  const char *name;
  Kind kind;
  double lo, hi, def;              /* INT, NUMBER, LEADING; def also for CHOICE (an index) */
  const char *const *choices;      /* CHOICE: the words, NULL-terminated; index = value */
  size_t offset;                   /* of the field in gm_tuning_t */
  bool is_double;                  /* the field's type: double, else int */
};

/* "" is never matched (an empty variable is unset): it holds the place of a value with no word */
const char *const dmma_tiles[] = {"auto", "v2", "128x128", "128x64", "64x128", "64x64", NULL};
const char *const dmma_mma[] = {"k16", "k8", NULL};
const char *const tf32x3_version[] = {"0", "1", "2", "3", NULL};
const char *const tf32x3_group[] = {"0", "1", "2", "3", "4", NULL};
const char *const ozaki_version[] = {"", "1", "2", "3", NULL};
const char *const ozaki2_gemm[] = {"", "mma", "wg", "ws", "ws256", NULL};
const char *const ew_bcast[] = {"", "v2", NULL};
const char *const auto_double[] = {"", "dmma", NULL};

#define FIELD(f, type_is_double) offsetof (gm_tuning_t, f), type_is_double
const Var vars[GM_TUNING_VARS] = {
  {"GPUMAT_DMMA_TILE", CHOICE, 0, 0, GM_DMMA_TILE_AUTO, dmma_tiles, FIELD (dmma_tile, false)},
  {"GPUMAT_DMMA_SLICES", INT, 1, GM_TUNE_DMMA_SLICES_MAX, 0, NULL, FIELD (dmma_slices, false)},
  {"GPUMAT_DMMA_MMA", CHOICE, 0, 0, 0, dmma_mma, FIELD (dmma_mma_k8, false)},
  {"GPUMAT_TF32X3_VERSION", CHOICE, 0, 0, 0, tf32x3_version, FIELD (tf32x3_version, false)},
  {"GPUMAT_TF32X3_GROUP", CHOICE, 0, 0, 0, tf32x3_group, FIELD (tf32x3_group, false)},
  {"GPUMAT_OZAKI_VERSION", CHOICE, 0, 0, 3, ozaki_version, FIELD (ozaki_version, false)},
  {"GPUMAT_OZAKI_SLICES", INT, 2, GM_TUNE_OZAKI_SLICES_MAX, GM_TUNE_OZAKI_SLICES_DEFAULT, NULL,
   FIELD (ozaki_slices, false)},
  {"GPUMAT_OZAKI_MODULI", INT, 12, GM_TUNE_OZAKI_MODULI_MAX, 0, NULL, FIELD (ozaki_moduli, false)},
  {"GPUMAT_OZAKI2_GEMM", CHOICE, 0, 0, GM_OZAKI2_GEMM_DEFAULT, ozaki2_gemm,
   FIELD (ozaki2_gemm, false)},
  {"GPUMAT_AUTO_DOUBLE", CHOICE, 0, 0, 0, auto_double, FIELD (auto_double_dmma, false)},
  {"GPUMAT_EW_BCAST", CHOICE, 0, 0, 0, ew_bcast, FIELD (ew_bcast_v2, false)},
  {"GPUMAT_MATMUL_PANELS", LEADING, 1, GM_TUNE_PANELS_MAX, 0, NULL, FIELD (matmul_panels, false)},
  /* 12 threads, not 16 (H200 machine, 16 cores; bench/NOTES-transfer.md): the same one way
     (46-47 GB/s) and it leaves cores to the rest of the process; 16 gave more in duplex (81
     against 62-77 GB/s, noisy), worth confirming */
  {"GPUMAT_TRANSFER_THREADS", NUMBER, 1, GM_TUNE_TRANSFER_THREADS_MAX, 12, NULL,
   FIELD (transfer_threads, true)},
  {"GPUMAT_TRANSFER_CHUNK_MB", NUMBER, 0.0625, 256, 2.0, NULL, FIELD (transfer_chunk_mb, true)},
  {"GPUMAT_TRANSFER_SMALL_KB", NUMBER, -1, 1048576, -1, NULL, FIELD (transfer_small_kb, true)},
  {"GPUMAT_TRANSFER_NT", NUMBER, -INFINITY, INFINITY, 0, NULL, FIELD (transfer_nt, true)},
  {"GPUMAT_TRANSFER_HUGEPAGE", NUMBER, -INFINITY, INFINITY, 1, NULL,
   FIELD (transfer_hugepage, true)},
  {"GPUMAT_HOST_PREFAULT", NUMBER, 0, 64, 8, NULL, FIELD (host_prefault, true)},
};
#undef FIELD

double clamp (double v, double lo, double hi)
{
  if (!(v >= lo))   /* NaN too */
    v = lo;
  return v > hi ? hi : v;
}

/* The value of `text` (NULL: unset) for variable v; *valid false where it is set to something
   that is not one of its values. */
double parse (const Var &v, const char *text, bool *valid)
{
  *valid = true;
  if (!text || !*text)
    return v.def;
  char *end;
  switch (v.kind) {
  case CHOICE:
    for (int i = 0; v.choices[i]; i++)
      if (*v.choices[i] && strcmp (text, v.choices[i]) == 0)
        return i;
    *valid = false;
    return v.def;
  case INT: {
    errno = 0;
    const long x = strtol (text, &end, 10);
    if (*end || errno || x < v.lo || x > v.hi) {
      *valid = false;
      return v.def;
    }
    return (double) x;
  }
  case NUMBER: {
    const double x = strtod (text, &end);
    return end == text ? v.def : clamp (x, v.lo, v.hi);
  }
  case LEADING:
    return clamp ((double) strtol (text, NULL, 10), v.lo, v.hi);
  }
  return v.def;
}

gm_tuning_t snapshot;
std::once_flag loaded;
std::mutex reload_lock;

void load (gm_tuning_t *t)
{
  memset (t, 0, sizeof *t);
  for (int i = 0; i < GM_TUNING_VARS; i++) {
    const Var &v = vars[i];
    const char *text = getenv (v.name);
    bool valid;
    const double x = parse (v, text, &valid);
    char *field = (char *) t + v.offset;
    if (v.is_double)
      *(double *) field = x;
    else
      *(int *) field = (int) x;
    if (!valid) {
      strncpy (t->invalid[i], text, GM_TUNING_TEXT - 1);
      t->invalid[i][GM_TUNING_TEXT - 1] = '\0';
    }
  }
}

} /* namespace */

extern "C" const gm_tuning_t *gm_tuning (void)
{
  std::call_once (loaded, [] { load (&snapshot); });
  return &snapshot;
}

extern "C" void gm_tuning_reload (void)
{
  std::call_once (loaded, [] {});
  std::lock_guard<std::mutex> guard (reload_lock);
  gm_tuning_t fresh;
  load (&fresh);
  snapshot = fresh;
}

extern "C" const char *gm_tuning_invalid (const char *name)
{
  const gm_tuning_t *t = gm_tuning ();
  for (int i = 0; name && i < GM_TUNING_VARS; i++)
    if (strcmp (name, vars[i].name) == 0)
      return t->invalid[i][0] ? t->invalid[i] : NULL;
  return NULL;
}

extern "C" const char *gm_tuning_name (int i)
{
  return i >= 0 && i < GM_TUNING_VARS ? vars[i].name : NULL;
}
