## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{n} =} numel (@var{D})
## The number of elements of the whole distributed matrix @var{D} (not of this rank's piece).
## @end deftypefn
function n = numel (D, varargin)
  if (nargin > 1)
    error ("gpumat:dist:invalidArgument", "numel: index arguments are not supported for gpumat_dist");
  endif
  n = D.m * D.n;
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [3 4], [2 2], zeros (3, 4));
%!   assert (numel (D), 12);
%!   assert (gather (gpumat_mul (D, "transpose", D, "none")), zeros (4));
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
