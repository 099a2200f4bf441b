## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{n} =} nzmax (@var{D})
## The storage of the whole distributed matrix @var{D}, in elements: a distributed matrix is
## full, so as Octave's @code{nzmax} of a full matrix, its number of elements (not of this
## rank's piece).
## @seealso{numel}
## @end deftypefn
function n = nzmax (D)
  n = D.m * D.n;
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   assert (nzmax (gpumat_dist (g, [3 4], [2 2], ones (3, 4))), nzmax (ones (3, 4)));
%!   assert (nzmax (gpumat_dist (g, [0 3], [2 2], zeros (0, 3))), nzmax (zeros (0, 3)));
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
