/* matmul_registry.cu: the matmul kernels as data, one row a kernel: its name, the classes it
 * computes, the compute capability it needs, what it is, and its launcher.  gm_matmul's checks
 * and dispatch (matmul.cu), the gateway's checks and messages (mex/gpumat_mex.c) and
 * gpumat_kernels () all read this table; auto's choice is pick_auto (matmul.cu).
 *
 * Adding a kernel: its file (matmul_<name>.cu, its launcher declared in matmul_internal.cuh), a
 * value in gm_matmul_kernel (gpumat.h) and a row here.
 *
 * Classes: a complex class runs as one real product of the same precision on the same kernel
 * (matmul_complex.cu), so a kernel that takes a real class takes its complex class too; the
 * integer classes have exact kernels of their own (matmul_int.cu) under the names "naive" and
 * "tiled", and under "auto".
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "gpumat.h"
#include "matmul_internal.cuh"

namespace gm_matmul_detail {

namespace {

constexpr unsigned DOUBLE = GM_CLASS_BIT (GM_DOUBLE) | GM_CLASS_BIT (GM_COMPLEX_DOUBLE);
constexpr unsigned SINGLE = GM_CLASS_BIT (GM_SINGLE) | GM_CLASS_BIT (GM_COMPLEX_SINGLE);
constexpr unsigned INTEGER = GM_CLASS_BIT (GM_INT8) | GM_CLASS_BIT (GM_UINT8)
                             | GM_CLASS_BIT (GM_INT16) | GM_CLASS_BIT (GM_UINT16)
                             | GM_CLASS_BIT (GM_INT32) | GM_CLASS_BIT (GM_UINT32)
                             | GM_CLASS_BIT (GM_INT64) | GM_CLASS_BIT (GM_UINT64);
constexpr unsigned FLOAT = DOUBLE | SINGLE;
static_assert (GM_CLASS_COUNT <= 32, "gm_matmul_kernel_info.classes holds one bit a class");

struct KernelRow {
  gm_matmul_kernel kernel;   /* the row's own index, checked below */
  gm_matmul_kernel_info info;
  MatmulLauncher launch;     /* real double and single; NULL for auto (pick_auto chooses) */
};

constexpr KernelRow rows[GM_MATMUL_KERNEL_COUNT] = {
  {GM_MATMUL_AUTO,
   {"auto", FLOAT | INTEGER, 0, "the fastest correct kernel for the shape, class and device"},
   NULL},
  {GM_MATMUL_NAIVE, {"naive", FLOAT | INTEGER, 0, "one thread per element of C"},
   [] (const MatmulArgs &a, gm_class cls, const DeviceInfo &) { return matmul_naive (a, cls); }},
  {GM_MATMUL_TILED, {"tiled", FLOAT | INTEGER, 0, "32x32 shared-memory tiles"},
   [] (const MatmulArgs &a, gm_class cls, const DeviceInfo &) { return matmul_tiled (a, cls); }},
  {GM_MATMUL_WPT, {"wpt", FLOAT, 0, "2-D block tile, each thread a 2-D register tile"},
   [] (const MatmulArgs &a, gm_class cls, const DeviceInfo &) { return matmul_wpt (a, cls); }},
  {GM_MATMUL_WARP, {"warp", FLOAT, 80, "warp-tiled FFMA fed by a cp.async pipeline"},
   [] (const MatmulArgs &a, gm_class cls, const DeviceInfo &dev) {
     return matmul_warp (a, cls, dev);
   }},
  {GM_MATMUL_DMMA,
   {"dmma", DOUBLE, 80, "FP64 tensor cores (mma.sync f64) fed by cp.async; auto's choice for "
    "double products on compute capability 8.0 and 9.0+ where ozaki does not pay"},
   [] (const MatmulArgs &a, gm_class, const DeviceInfo &dev) { return matmul_dmma (a, dev); }},
  {GM_MATMUL_TF32X3,
   {"tf32x3", SINGLE, 80, "TF32 tensor cores by the 3xTF32 split, within FP32's k eps |A||B| "
    "bound (wgmma on compute capability 9.0, where auto takes it for large products)"},
   [] (const MatmulArgs &a, gm_class, const DeviceInfo &dev) { return matmul_tf32x3 (a, dev); }},
  {GM_MATMUL_OZAKI,
   {"ozaki", DOUBLE, 80, "INT8 tensor cores by the Ozaki scheme II (15 or 16 moduli by k; "
    "scheme I past k = 131071), within FP64's k eps |A||B| bound; auto's choice for large "
    "double products of gpumat arrays on compute capability 9.0"},
   [] (const MatmulArgs &a, gm_class, const DeviceInfo &dev) { return matmul_ozaki (a, dev); }},
};

constexpr bool rows_in_order ()
{
  for (int i = 0; i < GM_MATMUL_KERNEL_COUNT; i++)
    if (rows[i].kernel != (gm_matmul_kernel) i)
      return false;
  return true;
}
static_assert (rows_in_order (), "matmul_registry.cu: one row a gm_matmul_kernel, in order");

const KernelRow *row_of (gm_matmul_kernel kernel)
{
  return (int) kernel >= 0 && (int) kernel < GM_MATMUL_KERNEL_COUNT ? &rows[kernel] : NULL;
}

/* "double, complex double" and so on: the classes of a mask, for messages */
void class_list (unsigned classes, char *buf, size_t len)
{
  buf[0] = '\0';
  for (int c = 0; c < GM_CLASS_COUNT; c++)
    if (classes & GM_CLASS_BIT (c)) {
      const size_t used = strlen (buf);
      snprintf (buf + used, len - used, "%s%s", used ? ", " : "", gm_class_name ((gm_class) c));
    }
}

} /* namespace */

MatmulLauncher matmul_launcher (gm_matmul_kernel kernel)
{
  const KernelRow *row = row_of (kernel);
  return row ? row->launch : NULL;
}

} /* namespace gm_matmul_detail */

using namespace gm_matmul_detail;

extern "C" const gm_matmul_kernel_info *gm_matmul_kernel_info_of (gm_matmul_kernel kernel)
{
  const KernelRow *row = row_of (kernel);
  return row ? &row->info : NULL;
}

extern "C" const char *gm_matmul_kernel_name (gm_matmul_kernel kernel)
{
  const KernelRow *row = row_of (kernel);
  return row ? row->info.name : NULL;
}

extern "C" const char *gm_matmul_kernel_list (gm_class cls, const char *last, char *buf,
                                              size_t len)
{
  if (!buf || len == 0)
    return buf;
  buf[0] = '\0';
  int count = 0, listed = 0;
  for (const KernelRow &r : rows)
    count += cls == GM_CLASS_COUNT || (r.info.classes & GM_CLASS_BIT (cls)) != 0;
  for (const KernelRow &r : rows) {
    if (cls != GM_CLASS_COUNT && !(r.info.classes & GM_CLASS_BIT (cls)))
      continue;
    const size_t used = strlen (buf);
    const char *sep = listed == 0 ? "" : listed == count - 1 ? last : ", ";
    snprintf (buf + used, len - used, "%s%s", sep, r.info.name);
    listed++;
  }
  return buf;
}

extern "C" gm_status gm_matmul_kernel_from_name (const char *name, gm_matmul_kernel *kernel)
{
  if (!name || !kernel)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: no kernel name");
  for (const KernelRow &r : rows)
    if (strcasecmp (name, r.info.name) == 0) {
      *kernel = r.kernel;
      return GM_OK;
    }
  char names[256];
  return gm_fail (GM_ERR_INVALID_ARGUMENT, "unknown kernel '%s' (%s)", name,
                  gm_matmul_kernel_list (GM_CLASS_COUNT, " or ", names, sizeof names));
}

extern "C" gm_status gm_matmul_can_run (gm_matmul_kernel kernel, gm_class cls, int cc)
{
  const KernelRow *row = row_of (kernel);
  if (!row)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown kernel %d", (int) kernel);
  if (!gm_class_valid (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown class %d", (int) cls);
  if (!(row->info.classes & GM_CLASS_BIT (cls))) {
    char classes[256];
    class_list (row->info.classes, classes, sizeof classes);
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: kernel '%s' does not compute %s (it "
                    "computes %s)", row->info.name, gm_class_name (cls), classes);
  }
  if (cc >= 0 && cc < row->info.min_cc)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: kernel '%s' needs compute capability "
                    "%d.%d or newer (this device: %d.%d)", row->info.name,
                    row->info.min_cc / 10, row->info.min_cc % 10, cc / 10, cc % 10);
  return GM_OK;
}
