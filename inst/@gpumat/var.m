## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{v} =} var (@var{G})
## @deftypefnx {} {@var{v} =} var (@var{G}, @var{w})
## @deftypefnx {} {@var{v} =} var (@var{G}, @var{w}, @var{dim})
## @deftypefnx {} {@var{v} =} var (@var{G}, @var{w}, "all")
## Octave 7.3's @code{var} of a gpumat array, computed on the GPU as Octave's var.m computes it
## (the mean @code{sum / n}, then @code{sumsq (x - mean) / (n - 1 + w)}), for double, single
## and logical data with @var{w} 0, 1 or [] and @var{dim} a positive integer, [] or
## @qcode{"all"}; a weight vector @var{w} takes var.m's weighted formula, of gpumat
## operations.  The result is a gpumat array with Octave's size and class (@code{var ([])} is
## a double NaN, a length of 1 gives 0, NaN where the element is NaN or Inf).  A line of at most
## 1024 elements gives Octave's bits; longer ones may differ by a few eps (their sums are taken
## in chunks).  Complex data: the variance of the real parts plus that of the imaginary parts,
## each on the GPU, within a few eps of Octave's (its real result).  Integer data, a vector
## @var{dim}, and arguments var.m refuses go to Octave's own @code{var} on the host
## (gpumat:hostFallback), with its results and errors.
## @seealso{std, mean, sumsq}
## @end deftypefn

function v = var (x, varargin)
  v = variance ("var", x, varargin);
endfunction

## no GPU needed: empty results have no device memory
%!assert (size (var (gpumat (ones (1, 3, 0, 2)), [], 4)), [1 3 0])
%!assert (size (var (gpumat (zeros (3, 0)), 0, 1)), [1 0])
%!error <var: W must be 0, 1, or a vector of positive integers> var (gpumat (zeros (0, 3)), 2)
%!error <var: W must be 0, 1, or a vector of positive integers> var (gpumat (zeros (0, 3)), [-1 2])
%!error <var: W must be either 0 or 1 when using 'ALL' as dimension> var (gpumat (zeros (1, 0)), [1 2], "all")
%!error <var: DIM must be a positive integer> var (gpumat (zeros (0, 3)), [], 1.5)

%!function gpu_check_var ()
%! A = [1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2; 3 -1 2 8; 10 20 30 41];
%! for x = {A, single(A), A > 2, reshape(1:60, 3, 4, 5) .^ 2 / 7, [1 3 7 19], [2; 9], 5, ...
%!          [], zeros(0, 3), zeros(3, 0), ones(1, 0), ones(1, 3, 0, 2), single([])}
%!   h = x{1};
%!   for a = {{}, {0}, {1}, {[]}, {0, 1}, {1, 2}, {[], 3}, {0, 5}, {1, "all"}, {0, "ALL"}, {99, 6}}
%!     want = var (h, a{1}{:});
%!     r = var (gpumat (h), a{1}{:});
%!     assert (isgpuarray (r));
%!     assert (gather (r), want, -8 * eps (class (want)));
%!     assert (class (gather (r)), class (want));
%!     assert (size (r), size (want));
%!   endfor
%! endfor
%! ## weights: var.m's weighted formula, on the GPU
%! B = magic (4);
%! assert (gather (var (gpumat (B), [1 2 3 4])), var (B, [1 2 3 4]), -1e-14);
%! assert (gather (var (gpumat (B), [1; 2; 3; 4], 2)), var (B, [1; 2; 3; 4], 2), -1e-14);
%! assert (gather (var (gpumat (reshape (1:24, 2, 3, 4)), [1 0 2 5], 3)), ...
%!         var (reshape (1:24, 2, 3, 4), [1 0 2 5], 3), -1e-14);
%! assert (isgpuarray (var (gpumat (B), [1 2 3 4])));
%! ## var.m's errors, from Octave's own var
%! try
%!   var (gpumat ([1 2]), [1 2 3]);
%!   error ("var accepted a W of the wrong length");
%! catch e
%!   assert (e.message, "var: the length of W must be equal to the size of X in the dimension along which variance is calculated");
%! end_try_catch
%! ## a short line is Octave's bits
%! v = rand (1000, 3);
%! assert (gather (var (gpumat (v))), var (v));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_var ();
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (var (gpumat (int8 ([1 2 4])))), var (int8 ([1 2 4])));
%! assert (gather (var (gpumat ([1+2i 3 1i]))), var ([1+2i 3 1i]));
%! assert (gather (var (gpumat (magic (3)), 0, [1 2])), var (magic (3), 0, [1 2]));

## complex data: the real parts' variance plus the imaginary parts', against Octave's var.m
%!function gpu_check_var_complex ()
%! Z = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), Z(:, :, 1), Z(1, :, 1), complex([1 NaN], [2 3]), complex([Inf 1], [0 1]), ...
%!          complex(zeros(0, 3)), complex(zeros(0, 0)), complex(single([])), complex(5, 2)}
%!   for a = {{}, {1}, {0, 2}, {1, 3}, {0, "all"}, {[1 2 3], 1}}
%!     try
%!       h = var (x{1}, a{1}{:});
%!     catch e
%!       fail ("var (gpumat (x{1}), a{1}{:})", regexptranslate ("escape", e.message));
%!       continue;
%!     end_try_catch
%!     v = var (gpumat (x{1}), a{1}{:});
%!     assert (isa (v, "gpumat"));
%!     v = gather (v);
%!     assert (class (v), class (h));
%!     assert (size (v), size (h));
%!     assert (iscomplex (v), iscomplex (h));
%!     assert (v, h, -32 * eps (class (h)));
%!   endfor
%! endfor
%! s = std (gpumat (Z), 0, 2);
%! assert (gather (s), std (Z, 0, 2), -32 * eps);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_var_complex ();
