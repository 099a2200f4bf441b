/* test_registry.cu: the matmul kernel registry (kernels/matmul_registry.cu) against the checks
 * it replaced.
 *
 * Before the registry, gm_matmul (matmul.cu), matmul_complex.cu, matmul_int.cu and the gateway
 * each kept their own list of which kernel takes which class and which needs compute capability
 * 8.0; old_accepts below is those checks as they were (commit 9d82705).  For every kernel,
 * every class and a set of compute capabilities the test checks that gm_matmul_can_run accepts
 * exactly what they accepted, that names go both ways in any letter case, and the lists the
 * error messages show ("auto, naive or tiled", the unknown-kernel list).
 *
 * Needs no GPU: nothing here touches the device.  Built and run like the other C-level tests
 * (make target/tests/test_registry).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <ctype.h>
#include "test_util.h"

/* The checks of commit 9d82705: gm_matmul for real classes (compute capability, then class),
   matmul_complex for complex ones, matmul_int and the gateway's check_integer_kernel for
   integer ones. */
static bool old_accepts (gm_matmul_kernel k, gm_class cls, int cc)
{
  const bool tensor = k == GM_MATMUL_WARP || k == GM_MATMUL_DMMA || k == GM_MATMUL_TF32X3
                      || k == GM_MATMUL_OZAKI;
  if (gm_class_is_integer (cls))
    return k == GM_MATMUL_AUTO || k == GM_MATMUL_NAIVE || k == GM_MATMUL_TILED;
  if (gm_class_is_complex (cls)) {
    if (k == GM_MATMUL_DMMA && cls != GM_COMPLEX_DOUBLE) return false;
    if (k == GM_MATMUL_TF32X3 && cls != GM_COMPLEX_SINGLE) return false;
    if (k == GM_MATMUL_OZAKI && cls != GM_COMPLEX_DOUBLE) return false;
    return !(tensor && cc < 80);
  }
  if (tensor && cc < 80) return false;
  if (k == GM_MATMUL_DMMA && cls != GM_DOUBLE) return false;
  if (k == GM_MATMUL_TF32X3 && cls != GM_SINGLE) return false;
  if (k == GM_MATMUL_OZAKI && cls != GM_DOUBLE) return false;
  return true;
}

static void test_names (void)
{
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++) {
    const gm_matmul_kernel kernel = (gm_matmul_kernel) k;
    const gm_matmul_kernel_info *info = gm_matmul_kernel_info_of (kernel);
    tu_result (info && info->name && gm_matmul_kernel_name (kernel) == info->name
                   && info->summary && *info->summary,
               "kernel %d: registry row", k);
    if (!info)
      continue;
    char upper[32];
    size_t i = 0;
    for (; info->name[i] && i + 1 < sizeof upper; i++)
      upper[i] = (char) toupper ((unsigned char) info->name[i]);
    upper[i] = '\0';
    gm_matmul_kernel back = GM_MATMUL_KERNEL_COUNT, back_upper = GM_MATMUL_KERNEL_COUNT;
    tu_result (gm_matmul_kernel_from_name (info->name, &back) == GM_OK && back == kernel
                   && gm_matmul_kernel_from_name (upper, &back_upper) == GM_OK
                   && back_upper == kernel,
               "kernel %s: name to kernel and back (any case)", info->name);
  }
  static const char *const expected[GM_MATMUL_KERNEL_COUNT] = {
      "auto", "naive", "tiled", "wpt", "warp", "dmma", "tf32x3", "ozaki"};
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++)
    tu_result (gm_matmul_kernel_name ((gm_matmul_kernel) k)
                   && strcmp (gm_matmul_kernel_name ((gm_matmul_kernel) k), expected[k]) == 0,
               "kernel %d named %s", k, expected[k]);
  tu_result (!gm_matmul_kernel_info_of ((gm_matmul_kernel) -1)
                 && !gm_matmul_kernel_info_of (GM_MATMUL_KERNEL_COUNT)
                 && !gm_matmul_kernel_name (GM_MATMUL_KERNEL_COUNT),
             "values outside the enum have no row");
  gm_matmul_kernel k;
  tu_result (gm_matmul_kernel_from_name ("fastest", &k) == GM_ERR_INVALID_ARGUMENT
                 && strcmp (gm_error_detail (), "unknown kernel 'fastest' (auto, naive, tiled, "
                            "wpt, warp, dmma, tf32x3 or ozaki)") == 0,
             "unknown name: %s", gm_error_detail ());
  tu_result (gm_matmul_kernel_from_name (NULL, &k) == GM_ERR_INVALID_ARGUMENT
                 && gm_matmul_kernel_from_name ("auto", NULL) == GM_ERR_INVALID_ARGUMENT,
             "null name or output");
}

static void test_can_run (void)
{
  static const int ccs[] = {0, 50, 75, 79, 80, 86, 89, 90, 100, 120};
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++)
    for (int c = 0; c < GM_CLASS_COUNT; c++) {
      const gm_matmul_kernel kernel = (gm_matmul_kernel) k;
      const gm_class cls = (gm_class) c;
      bool any_cc = false;
      for (int cc : ccs) {
        const bool ok = gm_matmul_can_run (kernel, cls, cc) == GM_OK;
        any_cc |= old_accepts (kernel, cls, cc);
        tu_result (ok == old_accepts (kernel, cls, cc), "%s on %s at cc %d.%d: %s",
                   gm_matmul_kernel_name (kernel), gm_class_name (cls), cc / 10, cc % 10,
                   ok ? "accepted, refused before" : gm_error_detail ());
      }
      /* cc < 0: the class alone, as the gateway checks integer classes before the GPU */
      tu_result ((gm_matmul_can_run (kernel, cls, -1) == GM_OK) == any_cc,
                 "%s on %s, class alone", gm_matmul_kernel_name (kernel), gm_class_name (cls));
    }
  tu_result (gm_matmul_can_run (GM_MATMUL_KERNEL_COUNT, GM_DOUBLE, 90) == GM_ERR_INVALID_ARGUMENT
                 && gm_matmul_can_run (GM_MATMUL_AUTO, GM_CLASS_COUNT, 90)
                        == GM_ERR_INVALID_ARGUMENT,
             "unknown kernel or class refused");
  gm_matmul_can_run (GM_MATMUL_DMMA, GM_DOUBLE, 75);
  tu_result (strstr (gm_error_detail (), "'dmma' needs compute capability 8.0 or newer (this "
                     "device: 7.5)") != NULL, "compute capability message: %s",
             gm_error_detail ());
  gm_matmul_can_run (GM_MATMUL_TF32X3, GM_COMPLEX_DOUBLE, 90);
  tu_result (strstr (gm_error_detail (), "'tf32x3' does not compute complex double") != NULL
                 && strstr (gm_error_detail (), "single, complex single") != NULL,
             "class message: %s", gm_error_detail ());
}

static void test_lists (void)
{
  char buf[256];
  static const gm_class ints[] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32,
                                  GM_INT64, GM_UINT64};
  for (gm_class c : ints)
    tu_result (strcmp (gm_matmul_kernel_list (c, " or ", buf, sizeof buf), "auto, naive or tiled")
                   == 0, "integer kernels of %s: %s", gm_class_name (c), buf);
  tu_result (strcmp (gm_matmul_kernel_list (GM_CLASS_COUNT, ", ", buf, sizeof buf),
                     "auto, naive, tiled, wpt, warp, dmma, tf32x3, ozaki") == 0,
             "every kernel: %s", buf);
  tu_result (strcmp (gm_matmul_kernel_list (GM_SINGLE, " or ", buf, sizeof buf),
                     "auto, naive, tiled, wpt, warp or tf32x3") == 0, "single kernels: %s", buf);
  tu_result (strcmp (gm_matmul_kernel_list (GM_COMPLEX_DOUBLE, " or ", buf, sizeof buf),
                     "auto, naive, tiled, wpt, warp, dmma or ozaki") == 0,
             "complex double kernels: %s", buf);
  char small[8];
  memset (small, 'x', sizeof small);
  gm_matmul_kernel_list (GM_CLASS_COUNT, ", ", small, 6);
  tu_result (strcmp (small, "auto,") == 0 && small[6] == 'x', "a short buffer: cut, not overrun");
}

int main (void)
{
  test_names ();
  test_can_run ();
  test_lists ();
  return tu_finish ("test_registry");
}
