## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{T} =} ctranspose (@var{D})
## @code{@var{D}'}: the conjugate transpose of a distributed matrix (the transpose for real
## data), distributed on the same grid with its blocks turned (ScaLAPACK's @code{p?tranc}).
## Collective.
## @end deftypefn
function T = ctranspose (D)
  T = dist_transpose (D, true);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   X = complex (reshape (1:35, 5, 7), reshape (35:-1:1, 5, 7));
%!   assert (gather (gpumat_dist (g, [5 7], [2 3], X)'), X');
%!   S = single (reshape (1:12, 3, 4));
%!   T = gather (gpumat_dist (g, [3 4], [2 2], S)');
%!   assert (class (T), "single");
%!   assert (T, S');
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
