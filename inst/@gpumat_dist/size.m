## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{sz} =} size (@var{D})
## @deftypefnx {} {@var{n} =} size (@var{D}, @var{dim})
## @deftypefnx {} {[@var{m}, @var{n}] =} size (@var{D})
## The global size of the distributed matrix @var{D}, on every rank.
## @end deftypefn
function varargout = size (D, dim)
  sz = [D.m, D.n];
  if (nargin == 2)
    if (! (isnumeric (dim) && isscalar (dim) && dim == fix (dim) && dim >= 1))
      error ("gpumat:dist:invalidArgument", "size: DIM must be a positive integer");
    endif
    sz(end+1:dim) = 1;              # dimensions past the second have length 1
    varargout = {sz(dim)};
  elseif (nargout <= 1)
    varargout = {sz};
  else
    varargout = num2cell ([sz, ones(1, nargout - 2)]);
  endif
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [3 4], [2 2], @(i, j) i + j);
%!   assert (size (D), [3 4]);
%!   assert (size (D, 2), 4);
%!   assert (size (D, 3), 1);
%!   [m, n] = size (D);
%!   assert ([m n], [3 4]);
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
