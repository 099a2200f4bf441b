## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} dot (@var{x}, @var{y})
## @deftypefnx {} {@var{d} =} dot (@var{x}, @var{y}, @var{dim})
## Octave's @code{dot} with a gpumat operand: @code{gpumat_dot}, the result on the GPU.
## @end deftypefn
function d = dot (x, y, varargin)
  ## The call of an iterative method, dot (r, r) of two gpumat vectors of one length, goes
  ## straight to the gateway, its shape checks made in the shell (mex/gpumat_value.cc,
  ## "dotv"): the same checks here in Octave code cost 37 us a call, past issue 12's budget of
  ## 25 us.  It sums the one long dimension, as gpumat_dot does; other shapes go to gpumat_dot.
  if (nargin == 2)
    d = __gpumat_call__ ("dotv", x, y);
  else
    d = gpumat_dot (x, y, varargin{:});
  endif
endfunction
