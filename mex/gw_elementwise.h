/* gw_elementwise.h: the gateway commands of element-wise operations, reductions, norms and
 * class conversions (mex/gw_elementwise.c), dispatched from mexFunction in gpumat_mex.c.
 *
 *   ("binary", CALLER, OP, A, B)   OP: plus minus times rdivide power lt le gt ge eq ne max min
 *                                  mod rem atan2 hypot and or xor (gm_binop_name's)
 *   ("unary", CALLER, OP, A)       OP: uminus abs sqrt exp log floor ceil round fix sign sin
 *                                  cos tan asin acos atan sinh cosh tanh asinh acosh atanh log2
 *                                  log10 log1p expm1 gamma lgamma erf erfc cbrt isnan isinf
 *                                  isfinite (gm_unop_name's)
 *   ("reduce", CALLER, OP, A, DIM) OP: sum mean max min; DIM 0 for Octave's default dimension;
 *                                  max and min with two outputs also return the indices
 *   ("norm", CALLER, A, KIND, P)   KIND: "1" "2" "inf" "-inf" "p" (with P) "fro"
 *   ("convert", CALLER, CLS, A)    CLS: "double" "single" "int8" "uint8" ... "uint64"
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_ELEMENTWISE_H
#define GPUMAT_GW_ELEMENTWISE_H

#include "mex.h"

void gw_cmd_binary (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_unary (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_reduce (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_norm (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_convert (mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
