/* gw_index.h: indexing commands of the gateway (mex/gw_index.c), dispatched from mexFunction in
 * gpumat_mex.c.  A CALLER after the command is optional (mexFunction drops it before these
 * functions see the arguments: prhs[1] is G): it starts the gpumat:* messages, while Octave's own
 * errors (Octave:invalid-index, Octave:index-out-of-bounds, Octave:nonconformant-args) are
 * worded as Octave 7.3 words them for an expression without a variable name, unprefixed
 * ("index (5,_): out of bound 4 (dimensions are 4x4)").
 *
 *   ("index", G, OUTDIMS, I1, ..., In)  -> descriptor (mex/descriptor.h) of a new
 *        device array G(I1, ..., In) of size OUTDIMS.  Ik is ':' or an array of 1-based
 *        positions (double, single, an integer class or a logical mask; only the elements in
 *        column-major order count).  G is viewed with n dimensions, the trailing ones folded
 *        into the n-th.  prod (OUTDIMS) must equal the number of elements selected.
 *   ("assign", G, V, I1, ..., In)       G(I1, ..., In) = V in G's own device block (no growth,
 *        no copy-on-write: the caller does both first).  V (gpumat or host array) is one
 *        element (broadcast) or shaped as Octave's A(I) = V requires; it is converted to G's
 *        class; repeated positions: the last write wins, as in Octave.
 *   ("resize", G, NEWDIMS)              -> descriptor of a new array of size NEWDIMS holding G's
 *        elements at the same subscripts and zeros elsewhere (growth before an assignment).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_INDEX_H
#define GPUMAT_GW_INDEX_H

#include "mex.h"

void gw_cmd_index (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_assign (int nrhs, const mxArray *prhs[]);
void gw_cmd_resize (mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
