## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{n} =} length (@var{D})
## The longer dimension of the distributed matrix @var{D} (0 when it is empty), as Octave's
## @code{length}.
## @end deftypefn
function n = length (D)
  n = (D.m > 0 && D.n > 0) * max (D.m, D.n);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   assert (length (gpumat_dist (g, [2 5], [1 1], ones (2, 5))), 5);
%!   assert (length (gpumat_dist (g, [0 5], [1 1], zeros (0, 5))), 0);
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
