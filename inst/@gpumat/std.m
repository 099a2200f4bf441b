## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{s} =} std (@var{G})
## @deftypefnx {} {@var{s} =} std (@var{G}, @var{w})
## @deftypefnx {} {@var{s} =} std (@var{G}, @var{w}, @var{dim})
## @deftypefnx {} {@var{s} =} std (@var{G}, @var{w}, "all")
## Octave 7.3's @code{std} of a gpumat array, @code{sqrt (var (@dots{}))} as Octave's std.m,
## on the GPU for the same forms as @code{var} (which see): double, single and logical data,
## @var{w} 0, 1, [] or a weight vector, @var{dim} a positive integer, [] or @qcode{"all"}.
## The result is a gpumat array with Octave's size and class.  Integer and complex data, a
## vector @var{dim}, and arguments var.m refuses go to Octave's own @code{std} on the host
## (gpumat:hostFallback), with its results and errors.
## @seealso{var, mean}
## @end deftypefn

function s = std (x, varargin)
  s = variance ("std", x, varargin);
endfunction

## no GPU needed: empty results have no device memory
%!assert (size (std (gpumat (ones (1, 3, 0, 2)), [], 4)), [1 3 0])
%!error <var: W must be 0, 1, or a vector of positive integers> std (gpumat (zeros (0, 3)), 2)
%!error <var: DIM must be a positive integer> std (gpumat (zeros (0, 3)), [], 0)

%!function gpu_check_std ()
%! A = [1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2; 3 -1 2 8; 10 20 30 41];
%! for x = {A, single(A), A > 2, reshape(1:60, 3, 4, 5) .^ 2 / 7, [1 3 7 19], 5, [], ...
%!          zeros(0, 3), ones(1, 3, 0, 2)}
%!   h = x{1};
%!   for a = {{}, {0}, {1}, {[]}, {0, 1}, {1, 2}, {[], 3}, {1, "all"}}
%!     want = std (h, a{1}{:});
%!     r = std (gpumat (h), a{1}{:});
%!     assert (isgpuarray (r));
%!     assert (gather (r), want, -8 * eps (class (want)));
%!     assert (class (gather (r)), class (want));
%!     assert (size (r), size (want));
%!   endfor
%! endfor
%! B = magic (4);
%! assert (gather (std (gpumat (B), [1 2 3 4])), std (B, [1 2 3 4]), -1e-14);
%! v = rand (1000, 3);
%! assert (gather (std (gpumat (v), 1)), std (v, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_std ();
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (std (gpumat (int8 ([1 2 4])))), std (int8 ([1 2 4])));
%! assert (gather (std (gpumat (magic (3)), 0, [1 2])), std (magic (3), 0, [1 2]));
