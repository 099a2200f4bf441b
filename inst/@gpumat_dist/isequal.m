## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} isequal (@var{A}, @var{B}, @dots{})
## Whether the distributed matrices (or a distributed matrix and Octave arrays) are equal in
## size and values, as Octave's @code{isequal} of the whole matrices, the same answer on every
## rank.  Collective.  Matrices with one layout compare their pieces where they are; otherwise
## the matrices are gathered.
## @end deftypefn
function tf = isequal (varargin)
  if (nargin < 2)
    print_usage ();
  endif
  tf = true;
  for i = 2:nargin
    tf = tf && equal_pair (varargin{1}, varargin{i});
  endfor
endfunction

function tf = equal_pair (A, B)
  if (isa (A, "gpumat_dist") && isa (B, "gpumat_dist") && same_layout (A, B))
    ## each rank compares its pieces; equal where no rank found a difference
    here = isequal (A.local, B.local);
    tf = ! __gpumat_dist__ ("max", double (! here));
    return;
  endif
  tf = isequal (whole (A), whole (B));
endfunction

function tf = same_layout (A, B)
  tf = isequal ([A.m, A.n, A.mb, A.nb, A.grid.P, A.grid.Q, A.grid.context],
                [B.m, B.n, B.mb, B.nb, B.grid.P, B.grid.Q, B.grid.context]);
endfunction

function x = whole (X)
  x = X;
  if (isa (X, "gpumat_dist"))
    x = gather (X);
  endif
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   D = gpumat_dist (g, [2 3], [1 2], [1 2 3; 4 5 6]);
%!   assert (isequal (D, D));
%!   assert (isequal (D, gpumat_dist (g, [2 3], [2 2], [1 2 3; 4 5 6])));
%!   assert (! isequal (D, gpumat_dist (g, [2 3], [1 2], [1 2 3; 4 5 7])));
%!   assert (isequal (D, [1 2 3; 4 5 6]));
%!   assert (! isequal ([1 2 3], D));
%!   assert (isequal (D, D, [1 2 3; 4 5 6]));
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
