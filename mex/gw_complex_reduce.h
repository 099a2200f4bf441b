/* gw_complex_reduce.h: the complex branches of the "reduce" command's max and min and of the
 * "scan" command's prod, cumprod and diff (mex/gw_complex_reduce.c, over kernels/reduce_complex.cu),
 * called by gw_elementwise.c and gw_scan.c for complex double and complex single operands.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_COMPLEX_REDUCE_H
#define GPUMAT_GW_COMPLEX_REDUCE_H

#include "gateway_util.h"

/* op of the complex operand A (read by gw_read_operand_raw) along DIM (0: Octave's default
 * dimension, the first that is not 1; past the last: a dimension of length 1): plhs[0] the
 * result, narrowed to real as Octave narrows; for max and min with nlhs > 1, plhs[1] the
 * 1-based indices (double).  in_double (prod): complex single data converted to complex double
 * on the device first (prod's "double").  Ends the call (scratch freed) or raises
 * gpumat:<area>:<reason>. */
void gw_complex_reduce (int nlhs, mxArray *plhs[], gw_scratch *scratch, gm_complex_reduce_op op,
                        gw_operand *A, const mxArray *dim_arg, int in_double, const char *area);

/* diff (A, ORDER, DIM) of the complex operand A (DIM 1 to ndims (A), ORDER >= 1): the
 * differences of the real and of the imaginary parts apart, as Octave's complex subtractions
 * take them (gm_diff on the interleaved parts, A viewed as the real array 2 x d1 x d2 ...),
 * so Octave's bits; the result narrowed to real as Octave narrows. */
void gw_complex_diff (mxArray *plhs[], gw_scratch *scratch, gw_operand *A, const mxArray *dim_arg,
                      const mxArray *order_arg, const char *area);

#endif
