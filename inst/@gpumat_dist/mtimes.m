## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} mtimes (@var{A}, @var{B})
## @code{@var{A} * @var{B}} of two distributed matrices: @code{gpumat_mul (@var{A}, @var{B})}.
## @end deftypefn
function C = mtimes (A, B)
  C = gpumat_mul (A, B);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   A = gpumat_dist (g, [2 3], [1 2], [1 2 3; 4 5 6]);
%!   B = gpumat_dist (g, [3 1], [2 1], [1; 0; -1]);
%!   assert (gather (A * B), [-2; -2]);
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
