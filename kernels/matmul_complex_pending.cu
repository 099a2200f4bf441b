/* matmul_complex_pending.cu: a stand-in for matmul_complex until kernels/matmul_complex.cu
 * lands in this tree (branch int was cut before it).  Weak, so that the real definition, once
 * merged, takes over at link time without a conflict; delete this file then.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {

__attribute__ ((weak)) gm_status matmul_complex (const MatmulArgs &a, gm_class cls, gm_op opa,
                                                 gm_op opb, gm_matmul_kernel kernel)
{
  (void) a, (void) opa, (void) opb, (void) kernel;
  return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: complex products (%s) are not built in "
                  "this tree", gm_class_name (cls));
}

} /* namespace gm_matmul_detail */
