## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} isempty (@var{D})
## True when the distributed matrix @var{D} has no elements (a dimension of 0), on every rank.
## @end deftypefn
function tf = isempty (D)
  tf = D.m == 0 || D.n == 0;
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   assert (isempty (gpumat_dist (g, [0 3], [2 2], zeros (0, 3))));
%!   assert (! isempty (gpumat_dist (g, [2 3], [2 2], ones (2, 3))));
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
