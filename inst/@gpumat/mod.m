## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} mod (@var{x}, @var{y})
## Octave's @code{mod} for gpumat arrays.  Real double and single data (gpumat or host, either
## argument) run on the GPU with Octave's broadcasting and class rules (single when either is
## single) and Octave's own arithmetic, bit for bit: @code{mod (x, 0)} is @var{x}, the result
## takes the sign of @var{y}, and where @var{y} is not an integer and @code{x ./ y} is within
## eps of one the result is 0.
## Integer data run on the GPU too, as Octave's integer arithmetic: one integer class on both
## sides, or an int8 @dots{} uint32 array with double or single data, which is rounded and
## saturated into the integer class first (@code{mod (int8 (10), 3.7)} is
## @code{mod (int8 (10), int8 (4))}, 2); @code{mod (x, 0)} is @var{x}.
## Two integer classes (Octave's error), int64 and uint64 with floating-point data, complex,
## char and sparse data, and other call forms, go through Octave's own
## @code{mod} on the host (gather, compute, upload; it warns once a session with the identifier
## @code{gpumat:hostFallback}): the same values, class and size as on host arrays, errors
## included.
## @seealso{gpumat, gather, rem}
## @end deftypefn

function varargout = mod (varargin)
  if (nargin == 2 && nargout <= 1
      && (device_elementwise (false, varargin{:}) || device_int_pair (false, varargin{:})))
    varargout{1} = __gpumat_call__ ("binary", "mod", "mod", varargin{:});
  else
    [varargout{1:max (nargout, 1)}] = host_call ("mod", varargin{:});
  endif
endfunction

%!function gpu_check_mod ()
%! ## Octave's rules, bit for bit: y == 0, signs of zeros, the near-integer tweak, NaN and Inf
%! x = [5 -5 5 -5 0 -0 5.5 Inf NaN 1 -1 0.3 1 -6 6 2.5];
%! y = [3 3 -3 -3 3 3 0 2 2 Inf Inf 0.1 0.1 3 -3 -0];
%! for c = {@double, @single}
%!   R = mod (gpumat (c{1} (x)), c{1} (y));
%!   assert (isgpuarray (R));
%!   assert (class (gather (R)), class (c{1} (x)));
%!   assert (1 ./ gather (R), 1 ./ mod (c{1} (x), c{1} (y)));   # -0 and 0 told apart
%! endfor
%! ## broadcasting, single wins, a host first argument
%! A = reshape (linspace (-7, 7, 12), 3, 4);
%! assert (gather (mod (gpumat (A), single ([2 -3 0.7 5]))), mod (A, single ([2 -3 0.7 5])));
%! assert (gather (mod (A, gpumat ([2; -3; 0.7]))), mod (A, [2; -3; 0.7]));
%! ## integer data on the GPU: y rounded and saturated into the class first; y == 0
%! x = int8 ([-128 -7 -1 0 5 127]);
%! for y = {int8(3), int8(-3), int8(0), int8(-1), 3.7, -2.5, NaN, Inf, single(0.4)}
%!   assert (gather (mod (gpumat (x), y{1})), mod (x, y{1}));
%!   assert (gather (mod (y{1}, gpumat (x))), mod (y{1}, x));
%! endfor
%! u = uint64 ([0 5 18446744073709551615]);
%! assert (gather (mod (gpumat (u), uint64 ([7 0 10]))), mod (u, uint64 ([7 0 10])));
%! v = int64 ([-9223372036854775807 -5 7]);
%! assert (gather (mod (gpumat (v), int64 (-3))), mod (v, int64 (-3)));
%! ## int64 with double data: Octave's own on the host
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (mod (gpumat (int64 ([-7 5 3])), 3)), mod (int64 ([-7 5 3]), 3));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_mod ();
%!testif ; gpumat_available ()
%! ## logical arguments: Octave's error ("wrong type argument 'bool'")
%! fail ("mod (gpumat ([1 2]) > 1, 2)", "wrong type argument");
%!error <cannot combine int8 and int16> mod (gpumat (zeros (0, 1, "int8")), zeros (0, 1, "int16"))
%!assert (class (gather (mod (gpumat (zeros (0, 1, "uint16")), 3))), "uint16")
