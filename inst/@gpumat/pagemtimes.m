## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Z} =} pagemtimes (@var{X}, @var{Y})
## @deftypefnx {} {@var{Z} =} pagemtimes (@var{X}, @var{opx}, @var{Y}, @var{opy})
## Page-wise products of gpumat arrays, as @code{gpumat_pagemtimes}.
## @end deftypefn
function Z = pagemtimes (X, varargin)
  ## As gpumat_pagemtimes, with errors named after pagemtimes.
  switch (nargin)
    case 2
      Z = __gpumat_call__ ("pagemtimes", "pagemtimes", X, "none", varargin{1}, "none", "auto");
    case 3
      Z = __gpumat_call__ ("pagemtimes", "pagemtimes", X, "none", varargin{1}, "none",
                           varargin{2});
    case 4
      Z = __gpumat_call__ ("pagemtimes", "pagemtimes", X, varargin{:}, "auto");
    case 5
      Z = __gpumat_call__ ("pagemtimes", "pagemtimes", X, varargin{:});
    otherwise
      error ("Octave:invalid-fun-call",
             "Invalid call to pagemtimes: use pagemtimes (X, Y) or pagemtimes (X, OPX, Y, OPY)");
  endswitch
endfunction
