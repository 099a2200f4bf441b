## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{X} =} gather (@var{D})
## @deftypefnx {} {@var{X} =} gather (@var{D}, @var{root})
## The whole distributed matrix @var{D} as an Octave matrix: on every rank, or with @var{root}
## (a rank, 0-based) on that rank alone (the others get @code{[]}).  Collective.  For small
## matrices and pieces: a rank receives at most 2 GB.
## @end deftypefn
function X = gather (D, root)
  if (nargin < 2)
    root = -1;
  endif
  info = gpumat_dist_init ();
  ok = isnumeric (root) && isreal (root) && isscalar (root) && root == fix (root) ...
       && root >= -1 && root < info.size;
  msg = "";
  if (! ok)
    msg = sprintf ("gather: ROOT must be a rank from 0 to %d", info.size - 1);
  endif
  agree (ok, "gpumat:dist:invalidArgument", msg);
  same_everywhere ([D.m, D.n, D.mb, D.nb, D.grid.P, D.grid.Q, D.cls, root], "gather");
  X = __gpumat_dist__ ("gather", D.cls, D.m, D.n, D.mb, D.nb, D.grid.P, D.grid.Q, D.grid.row,
                       D.grid.col, D.local, double (root));
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [3 2], [2 2], @(i, j) complex (i + 0 * j, j + 0 * i));
%!   assert (gather (D), complex (repmat ((1:3)', 1, 2), repmat (1:2, 3, 1)));
%!   assert (gather (D, 0), gather (D));
%!   fail ("gather (D, 1)", "ROOT must be a rank");
%!   assert (class (gather (gpumat_dist (gpumat_dist_grid (1, 1), [0 3], [2 2], single (zeros (0, 3))))),
%!           "single");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
