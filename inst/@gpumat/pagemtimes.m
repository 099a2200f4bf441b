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

%!error pagemtimes (gpumat (zeros (2, 3)), zeros (2, 3))
%!function gpu_check_pagemtimes ()
%! X = rand (3, 4, 2);  Y = rand (4, 2, 2);
%! Z = pagemtimes (gpumat (X), Y);
%! assert (isgpuarray (Z));
%! R = zeros (3, 2, 2);
%! for p = 1:2
%!   R(:, :, p) = X(:, :, p) * Y(:, :, p);
%! endfor
%! assert (gather (Z), R, -8 * eps);
%! assert (gather (pagemtimes (gpumat (X), "transpose", X, "none")), pagemtimes_ref (X), -8 * eps);
%!endfunction
%!function R = pagemtimes_ref (X)
%!  R = zeros (4, 4, 2);
%!  for p = 1:2
%!    R(:, :, p) = X(:, :, p)' * X(:, :, p);
%!  endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_pagemtimes ();
