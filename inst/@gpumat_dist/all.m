## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} all (@var{D}, @dots{})
## Not defined for distributed matrices: raises @code{gpumat:dist:unsupported} (Octave's
## default for a class would answer false without looking at the data).
## @code{all (gather (@var{D}))} computes it on the whole matrix.
## @end deftypefn
function varargout = all (varargin)
  whole_only ("all");
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [2 2], [1 1], ones (2));
%!   fail ("all (D)", "all: not defined for distributed matrices");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
