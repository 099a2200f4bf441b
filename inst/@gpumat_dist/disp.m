## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} disp (@var{D})
## What the distributed matrix @var{D} is, without gathering it: its size, class, blocks and
## grid, and this rank's piece's size (@code{gather} shows the values).
## @end deftypefn
function disp (D)
  names = {"double", "single", "complex double", "complex single"};
  printf ("%dx%d %s matrix distributed over a %dx%d grid in %dx%d blocks; ", D.m, D.n,
          names{D.cls + 1}, D.grid.P, D.grid.Q, D.mb, D.nb);
  if (D.grid.row < 0)
    printf ("rank %d is outside the grid\n", D.grid.rank);
  else
    printf ("rank %d holds %dx%d\n", D.grid.rank, rows (D.local), columns (D.local));
  endif
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [3 2], [2 2], single (ones (3, 2)));
%!   assert (evalc ("disp (D)"),
%!           "3x2 single matrix distributed over a 1x1 grid in 2x2 blocks; rank 0 holds 3x2\n");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
