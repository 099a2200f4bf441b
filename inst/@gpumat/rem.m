## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} rem (@var{x}, @var{y})
## Octave's @code{rem} for gpumat arrays.  Real double and single data (gpumat or host, either
## argument) run on the GPU with Octave's broadcasting and class rules (single when either is
## single) and Octave's own arithmetic, bit for bit: @code{rem (x, 0)} is NaN, the result takes
## the sign of @var{x}, and where @var{y} is not an integer and @code{x ./ y} is within eps of
## one the result is 0.
## Integer data run on the GPU too, as Octave's integer arithmetic: one integer class on both
## sides, or an int8 @dots{} uint32 array with double or single data, which is rounded and
## saturated into the integer class first (@code{rem (int8 (-10), 3.7)} is
## @code{rem (int8 (-10), int8 (4))}, -2); @code{rem (x, 0)} is 0.
## Two integer classes (Octave's error), int64 and uint64 with floating-point data, complex,
## char and sparse data, and other call forms, go through Octave's own
## @code{rem} on the host (gather, compute, upload; it warns once a session with the identifier
## @code{gpumat:hostFallback}): the same values, class and size as on host arrays, errors
## included.
## @seealso{gpumat, gather, mod}
## @end deftypefn

function varargout = rem (varargin)
  if (nargin == 2 && nargout <= 1
      && (device_elementwise (false, varargin{:}) || device_int_pair (false, varargin{:})))
    varargout{1} = __gpumat_call__ ("binary", "rem", "rem", varargin{:});
  else
    [varargout{1:max (nargout, 1)}] = host_call ("rem", varargin{:});
  endif
endfunction

%!function gpu_check_rem ()
%! ## Octave's rules, bit for bit: rem (x, 0) is NaN, x's sign, the near-integer tweak
%! x = [5 -5 5 -5 0 -0 5.5 Inf NaN 1 -1 0.3 1 -6 6 2.5];
%! y = [3 3 -3 -3 3 3 0 2 2 Inf Inf 0.1 0.1 3 -3 -0];
%! for c = {@double, @single}
%!   R = rem (gpumat (c{1} (x)), c{1} (y));
%!   assert (isgpuarray (R));
%!   assert (class (gather (R)), class (c{1} (x)));
%!   assert (1 ./ gather (R), 1 ./ rem (c{1} (x), c{1} (y)));
%! endfor
%! A = reshape (linspace (-7, 7, 12), 3, 4);
%! assert (gather (rem (gpumat (A), [2 -3 0.7 5])), rem (A, [2 -3 0.7 5]));
%! ## integer data on the GPU: y rounded and saturated into the class first; y == 0
%! x = int8 ([-128 -7 -1 0 5 127]);
%! for y = {int8(3), int8(-3), int8(0), int8(-1), 3.7, -2.5, NaN, Inf, single(0.4)}
%!   assert (gather (rem (gpumat (x), y{1})), rem (x, y{1}));
%!   assert (gather (rem (y{1}, gpumat (x))), rem (y{1}, x));
%! endfor
%! assert (gather (rem (gpumat (int16 ([-7 5 3])), 3)), rem (int16 ([-7 5 3]), 3));
%! u = uint64 ([0 5 18446744073709551615]);
%! assert (gather (rem (gpumat (u), uint64 ([7 0 10]))), rem (u, uint64 ([7 0 10])));
%! v = int64 ([-9223372036854775807 -5 7]);
%! assert (gather (rem (gpumat (v), int64 (-3))), rem (v, int64 (-3)));
%! ## int64 with double data: Octave's own on the host
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (rem (gpumat (int64 ([-7 5 3])), 3)), rem (int64 ([-7 5 3]), 3));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_rem ();
%!error <cannot combine int8 and int16> rem (gpumat (zeros (0, 1, "int8")), zeros (0, 1, "int16"))
%!assert (class (gather (rem (gpumat (zeros (0, 1, "uint16")), 3))), "uint16")
