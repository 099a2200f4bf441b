## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} mean (@var{G})
## @deftypefnx {} {@var{M} =} mean (@var{G}, @var{dim})
## @deftypefnx {} {@var{M} =} mean (@dots{}, @var{outtype})
## Octave's @code{mean} of a gpumat array, on the GPU: double, single, logical and complex data
## (complex: the real and the imaginary parts apart, as Octave's sum and division take them).
## Integer data too, as Octave 7.3's mean.m computes it: the sum in double divided by the
## length, a double result (@code{mean (int8 ([1 2]))} is 1.5), rounded into the class with
## @var{outtype} @qcode{"native"} (@qcode{"double"} and @qcode{"default"}: double).  Other
## options (the geometric and harmonic means, @var{outtype} for other classes) are Octave's
## own @code{mean} on the host.
## @end deftypefn
function M = mean (A, dim, varargin)
  if (isinteger (A))
    ## integer data on the device: Octave 7.3's mean.m, sum (A, dim) / n in double, then
    ## rounded and saturated into the class with "native"
    args = {};
    if (nargin >= 2)
      args = [{dim}, varargin];
    endif
    if (! isempty (args) && ischar (args{end}))
      args{end} = tolower (args{end});
    endif
    [ok, d, opt] = int_reduce_args (A, args, {"default", "double", "native"});
    if (ok)
      M = __gpumat_call__ ("reduce", "mean", "mean", double (A), d);
      if (strcmp (opt, "native"))
        M = feval (classUnderlying (A), M);
      endif
      return;
    endif
  endif
  if (nargin > 2 || (nargin == 2 && ischar (dim)) || isinteger (A))
    ## options and integer data: Octave's own mean on the host (gpumat:hostFallback)
    args = {A};
    if (nargin >= 2)
      args = [args, {dim}, varargin];
    endif
    M = host_call ("mean", args{:});
    return;
  elseif (nargin < 2)
    dim = 0;
  elseif (! valid_dim (dim))
    error ("gpumat:reduce:invalidDim", "mean: DIM must be an integer and a valid dimension");
  endif
  M = __gpumat_call__ ("reduce", "mean", "mean", A, double (dim));
endfunction

%!error <DIM must be> mean (gpumat (zeros (0, 3)), -1)
%!error <DIM must be> mean (gpumat (zeros (0, 3, "int8")), 0, "native")
%!assert (size (mean (gpumat (zeros (0, 3, "uint8")))), [0 1])
%!assert (classUnderlying (mean (gpumat (zeros (0, 3, "uint8")), "native")), "uint8")
%!function gpu_check_mean ()
%! A = [1 2 3; 4 5 7];
%! assert (gather (mean (gpumat (A))), mean (A), 4 * eps);
%! assert (gather (mean (gpumat (A), 2)), mean (A, 2), 4 * eps);
%! assert (class (gather (mean (gpumat (single (A))))), "single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_mean ();

## complex data on the device: within rounding of Octave's (the sum's order differs), its
## class, size and complexity (a result with no nonzero imaginary part is real)
%!function gpu_check_mean_complex ()
%! Z = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), Z(:, :, 1), Z(1, :, 1), complex([1 2; 3 4], [1 -1; 2 -2]), ...
%!          complex(zeros(0, 3)), complex(zeros(0, 0)), complex(single(zeros(0, 0))), ...
%!          complex([1 NaN], [2 3]), complex([Inf 1], [0 1])}
%!   for d = {[], 1, 2, 3, 4}
%!     if (isempty (d{1}))
%!       m = mean (gpumat (x{1}));  h = mean (x{1});
%!     else
%!       m = mean (gpumat (x{1}), d{1});  h = mean (x{1}, d{1});
%!     endif
%!     assert (isa (m, "gpumat"));
%!     m = gather (m);
%!     assert (class (m), class (h));
%!     assert (size (m), size (h));
%!     assert (iscomplex (m), iscomplex (h));
%!     fin = isfinite (h);
%!     assert (isequaln (m(! fin), h(! fin)));
%!     bound = 64 * eps (class (h)) * max (1, sum (abs (double (x{1}(:)))));
%!     assert (all (abs (double (m(fin)) - double (h(fin))) <= bound));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_mean_complex ();

## integer data (kernels/reduce_int.cu and the double path): every class, its edge values,
## 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 3, the options; the host's class, size
## and values (exactly in the class, within 64 eps of the scale in double)
%!function gpu_check_mean_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1}) * (hi / 127);
%!   nd = reshape (cast (1:60, c{1}), 3, 4, 5);
%!   for x = {[hi hi lo -5 hi lo lo 9], nd, [lo; hi; 0; 1; 7], zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for a = {{}, {1}, {2}, {3}, {"double"}, {2, "default"}}
%!       h = mean (x{1}, a{1}{:});
%!       g = mean (gpumat (x{1}), a{1}{:});
%!       assert (isgpuarray (g));
%!       g = gather (g);
%!       assert (class (g), class (h));
%!       assert (size (g), size (h));
%!       if (isinteger (h))
%!         assert (g, h);
%!       else
%!         bound = 64 * eps * max (1, sum (abs (double (x{1}(:)))));
%!         fin = isfinite (h);
%!         assert (isequaln (g(! fin), h(! fin)));
%!         assert (all (abs (g(fin) - h(fin)) <= bound));
%!       endif
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_mean_int ();
%!testif ; gpumat_available ()
%! ## "native": the double mean rounded into the class (values whose sums are exact in double)
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   for x = {cast([1 2; 4 7], c{1}), cast(reshape (1:24, 2, 3, 4), c{1}), zeros(0, 3, c{1}), ...
%!            cast([], c{1}), [intmax(c{1}) intmax(c{1})]}
%!     for a = {{"native"}, {1, "native"}, {3, "Native"}}
%!       g = mean (gpumat (x{1}), a{1}{:});
%!       assert (isgpuarray (g));
%!       assert (gather (g), mean (x{1}, a{1}{:}));
%!     endfor
%!   endfor
%! endfor
