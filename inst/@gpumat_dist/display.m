## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} display (@var{D})
## What a distributed matrix is, without gathering it: its size, class, blocks and grid, and
## this rank's piece's size.
## @end deftypefn
function display (D)
  printf ("%s = ", inputname (1));
  disp (D);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [4 5], [2 2], complex (single (ones (4, 5)), 1));
%!   s = evalc ("D");
%!   assert (! isempty (strfind (s, "4x5 complex single matrix distributed over a 1x1 grid in 2x2 blocks")));
%!   assert (! isempty (strfind (s, "holds 4x5")));
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
