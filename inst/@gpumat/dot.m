## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} dot (@var{x}, @var{y})
## @deftypefnx {} {@var{d} =} dot (@var{x}, @var{y}, @var{dim})
## Octave's @code{dot} with a gpumat operand: @code{gpumat_dot}, the result on the GPU.
## @end deftypefn
function d = dot (x, y, varargin)
  ## The call of an iterative method, dot (r, r) of two gpumat vectors of one length, goes
  ## straight to the gateway: gpumat_dot's checks in Octave code cost tens of microseconds
  ## (issue 12's budget is 25 us a call).  It sums the one long dimension, as gpumat_dot does.
  if (nargin == 2 && isa (x, "gpumat") && isa (y, "gpumat"))
    sx = size (x);
    sy = size (y);
    n = prod (sx);
    if (numel (sx) == 2 && numel (sy) == 2 && any (sx == 1) && any (sy == 1) && prod (sy) == n)
      d = __gpumat_call__ ("dot", "gpumat_dot", x, y, 1, n, 1, [1 1]);
      return;
    endif
  endif
  d = gpumat_dot (x, y, varargin{:});
endfunction
