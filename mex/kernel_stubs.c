/* kernel_stubs.c: weak stand-ins for the kernels/ functions of issue 11 that the gateway calls
 * and that are written beside it (kernels/complex.cu, matmul_complex.cu, matmul_int.cu, the
 * mixed dot).  Each returns GM_ERR_INVALID_ARGUMENT ("not in this build").  They are weak
 * symbols: once the kernel objects define the real functions, the linker takes those and
 * these are never used.  They let the gateway build and its GPU-free checks run before the
 * kernels are merged; delete this file when they are.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

#define GM_WEAK __attribute__ ((weak))
#define MISSING(name) return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s is not in this build", name)

GM_WEAK gm_status gm_transpose_op (gm_class cls, gm_op op, int64_t rows, int64_t cols,
                                   const void *d_src, int64_t ld_src, void *d_dst, int64_t ld_dst,
                                   cudaStream_t stream)
{
  /* The real case is the plain transpose, which exists. */
  if (!gm_class_is_complex (cls) && op != GM_OP_NONE)
    return gm_transpose (cls, rows, cols, d_src, ld_src, d_dst, ld_dst, stream);
  MISSING ("gm_transpose_op");
}
GM_WEAK gm_status gm_real_to_complex (gm_class cls, int64_t count, const void *d_src, void *d_dst,
                                      cudaStream_t stream)
{ (void) cls; (void) count; (void) d_src; (void) d_dst; (void) stream; MISSING ("gm_real_to_complex"); }
GM_WEAK gm_status gm_complex_has_imag (gm_class cls, int64_t count, const void *d_src, int *h_any,
                                       cudaStream_t stream)
{ (void) cls; (void) count; (void) d_src; (void) h_any; (void) stream; MISSING ("gm_complex_has_imag"); }
GM_WEAK gm_status gm_complex_real_part (gm_class cls, int64_t count, const void *d_src, void *d_dst,
                                        cudaStream_t stream)
{ (void) cls; (void) count; (void) d_src; (void) d_dst; (void) stream; MISSING ("gm_complex_real_part"); }
GM_WEAK gm_status gm_scale_complex (gm_class cls, int alpha_real, int b_real, int64_t count,
                                    const void *d_alpha, const void *d_B, void *d_C,
                                    cudaStream_t stream)
{
  (void) cls; (void) alpha_real; (void) b_real; (void) count; (void) d_alpha; (void) d_B;
  (void) d_C; (void) stream;
  MISSING ("gm_scale_complex");
}
GM_WEAK gm_status gm_dot_mixed_host (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                     int64_t post, const void *h_x, const void *h_y, void *h_out)
{
  (void) x_cls; (void) y_cls; (void) pre; (void) len; (void) post; (void) h_x; (void) h_y;
  (void) h_out;
  MISSING ("gm_dot_mixed_host");
}
GM_WEAK gm_status gm_dot_mixed_device (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                       int64_t post, const void *d_x, const void *d_y, void *d_out)
{
  (void) x_cls; (void) y_cls; (void) pre; (void) len; (void) post; (void) d_x; (void) d_y;
  (void) d_out;
  MISSING ("gm_dot_mixed_device");
}
GM_WEAK gm_status gm_matmul_host_complex (gm_matmul_kernel kernel, gm_class cls, int a_real,
                                          int b_real, gm_op opa, gm_op opb, int64_t m, int64_t n,
                                          int64_t k, const void *h_A, const void *h_B, void *h_C,
                                          const gm_pages *pages, int *c_has_imag)
{
  (void) kernel; (void) cls; (void) a_real; (void) b_real; (void) opa; (void) opb; (void) m;
  (void) n; (void) k; (void) h_A; (void) h_B; (void) h_C; (void) pages; (void) c_has_imag;
  MISSING ("gm_matmul_host_complex");
}
GM_WEAK gm_status gm_scale_host_complex (gm_class cls, int alpha_real, int b_real, int64_t count,
                                         const void *h_alpha, const void *h_B, void *h_C,
                                         int *c_has_imag)
{
  (void) cls; (void) alpha_real; (void) b_real; (void) count; (void) h_alpha; (void) h_B;
  (void) h_C; (void) c_has_imag;
  MISSING ("gm_scale_host_complex");
}

/* kernels/matmul.cu already dispatches complex and integer classes to these two C++ functions
 * of gm_matmul_detail (matmul_internal.cuh), written in kernels/matmul_complex.cu and
 * matmul_int.cu: their weak stand-ins carry the C++ (Itanium ABI) names, since this file is C.
 *   gm_status matmul_complex (const MatmulArgs &, gm_class, gm_op, gm_op, gm_matmul_kernel);
 *   gm_status matmul_integer (const MatmulArgs &, gm_class, gm_matmul_kernel, const DeviceInfo &); */
GM_WEAK gm_status _ZN16gm_matmul_detail14matmul_complexERKNS_10MatmulArgsE8gm_class5gm_opS4_16gm_matmul_kernel
  (const void *args, gm_class cls, gm_op opa, gm_op opb, gm_matmul_kernel kernel);
GM_WEAK gm_status _ZN16gm_matmul_detail14matmul_complexERKNS_10MatmulArgsE8gm_class5gm_opS4_16gm_matmul_kernel
  (const void *args, gm_class cls, gm_op opa, gm_op opb, gm_matmul_kernel kernel)
{
  (void) args; (void) cls; (void) opa; (void) opb; (void) kernel;
  MISSING ("matmul_complex");
}
GM_WEAK gm_status _ZN16gm_matmul_detail14matmul_integerERKNS_10MatmulArgsE8gm_class16gm_matmul_kernelRKNS_10DeviceInfoE
  (const void *args, gm_class cls, gm_matmul_kernel kernel, const void *dev);
GM_WEAK gm_status _ZN16gm_matmul_detail14matmul_integerERKNS_10MatmulArgsE8gm_class16gm_matmul_kernelRKNS_10DeviceInfoE
  (const void *args, gm_class cls, gm_matmul_kernel kernel, const void *dev)
{
  (void) args; (void) cls; (void) kernel; (void) dev;
  MISSING ("matmul_integer");
}
