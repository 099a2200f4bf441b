## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{L} =} local (@var{D})
## This rank's piece of the distributed matrix @var{D}, in ScaLAPACK's local storage: the rows
## and columns of the blocks the rank owns, in their order (@code{gpumat_dist} says which).
## Empty on a rank that owns nothing.
## @end deftypefn
function L = local (D)
  L = D.local;
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [2 3], [1 1], @(i, j) i * 10 + j);
%!   assert (local (D), [11 12 13; 21 22 23]);
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
