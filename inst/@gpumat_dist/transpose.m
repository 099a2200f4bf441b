## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{T} =} transpose (@var{D})
## @code{@var{D}.'}: the transpose of a distributed matrix, distributed on the same grid with
## its blocks turned (ScaLAPACK's @code{p?tran}; the data move between ranks).  Collective.
## @code{gpumat_mul (A, "transpose", B, "none")} multiplies by a transpose without making it.
## @end deftypefn
function T = transpose (D)
  T = dist_transpose (D, false);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   X = complex (reshape (1:35, 5, 7), reshape (35:-1:1, 5, 7));
%!   D = gpumat_dist (g, [5 7], [2 3], X);
%!   T = D.';
%!   assert (size (T), [7 5]);
%!   assert (gather (T), X.');
%!   assert (gather (transpose (gpumat_dist (g, [0 3], [2 2], zeros (0, 3)))), zeros (3, 0));
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
