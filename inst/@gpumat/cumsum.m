## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{C} =} cumsum (@var{G})
## @deftypefnx {} {@var{C} =} cumsum (@var{G}, @var{dim})
## @deftypefnx {} {@var{C} =} cumsum (@dots{}, "native")
## @deftypefnx {} {@var{C} =} cumsum (@dots{}, "double")
## Octave's @code{cumsum} of a gpumat array, on the GPU for double, single and logical data:
## the same size, class (double for logical data; logical with @qcode{"native"}; double for
## single data with @qcode{"double"}) and default dimension (the first that is not 1) as
## Octave's.  Each line along @var{dim} is summed in order, in the class, as Octave sums it: a
## line of at most 1024 elements gives Octave's bits; a longer one, when there are too few
## lines to fill the GPU, is summed in chunks (within the floating-point reduction tolerance).
## Complex data too: the real and the imaginary parts summed apart, as Octave's complex
## additions (a result with no nonzero imaginary part is real, as Octave's).  Integer data: in
## double to a double result, as Octave's, or with @qcode{"native"} in the class, saturating at
## each step (@code{cumsum (int8 ([100 100 -100]), "native")} is @code{[100 127 27]}), exactly.
## Arguments Octave refuses go to Octave's own @code{cumsum} on the host
## (gpumat:hostFallback), with its results and errors.
## @seealso{cumprod, sum, diff}
## @end deftypefn

function C = cumsum (x, varargin)
  if (isgpuarray (x) && isinteger (x))
    ## integer data on the device: in double (a double result, as Octave's), or with "native"
    ## in the class, saturating in Octave's order (the "ireduce" command)
    [ok, d, opt] = int_reduce_args (x, varargin, {"native", "double"});
    if (ok && strcmp (opt, "native"))
      C = __gpumat_call__ ("ireduce", "cumsum", "cumsum", x, d);
      return;
    elseif (ok)
      C = __gpumat_call__ ("scan", "cumsum", "cumsum", double (x), d, 0);
      return;
    endif
  endif
  args = varargin;
  opt = "";
  device = scan_class (x) || (isgpuarray (x) && iscomplex (x));
  if (! isempty (args) && ischar (args{end}))
    opt = args{end};
    args(end) = [];
    device = (device && any (strcmp (opt, {"native", "double"}))
              && ! (iscomplex (x) && strcmp (opt, "double")));
  endif
  if (numel (args) > 1 || (numel (args) == 1 && ! valid_dim (args{1})))
    device = false;
  endif
  if (! device)
    C = host_call ("cumsum", x, varargin{:});
    return;
  endif
  dim = 0;
  if (numel (args) == 1)
    dim = min (double (args{1}), ndims (x) + 1);
  endif
  if (strcmp (opt, "double") && strcmp (classUnderlying (x), "single"))
    x = double (x);
  endif
  C = __gpumat_call__ ("scan", "cumsum", "cumsum", x, dim, 0);
  if (strcmp (opt, "native") && islogical (x))
    C = (C != 0);
  endif
endfunction

## no GPU needed: empty arrays have no device memory
%!assert (size (cumsum (gpumat (zeros (0, 3)))), [0 3])
%!assert (class (gather (cumsum (gpumat (zeros (3, 0, "single")), 2))), "single")
%!assert (classUnderlying (cumsum (gpumat (zeros (0, 3, "int8")), "native")), "int8")
%!assert (classUnderlying (cumsum (gpumat (zeros (0, 3, "int8")))), "double")
%!error <cumsum: unrecognized string argument> cumsum (gpumat (zeros (0, 3)), "nativ")
%!error <cumsum: invalid dimension argument = 0> cumsum (gpumat (zeros (0, 3)), 0)
%!error <Invalid call to cumsum> cumsum (gpumat (zeros (0, 3)), 1, 2)

%!function gpu_check_cumsum ()
%! A = [1 2 NaN; -0 4 5; Inf 1 -Inf];
%! for x = {A, single(A), A > 2, reshape(1:24, 2, 3, 4) - 7}
%!   h = x{1};
%!   for d = {{}, {1}, {2}, {3}, {5}}
%!     r = gather (cumsum (gpumat (h), d{1}{:}));
%!     assert (r, cumsum (h, d{1}{:}));
%!     assert (class (r), class (cumsum (h, d{1}{:})));
%!   endfor
%! endfor
%! assert (gather (cumsum (gpumat (single ([1 2])), "double")), cumsum (single ([1 2]), "double"));
%! assert (gather (cumsum (gpumat ([true false true]), "native")), true (1, 3));
%! assert (gather (cumsum (gpumat ([true false true]), 2, "double")), [1 1 2]);
%! assert (isgpuarray (cumsum (gpumat (magic (4)))));
%! ## -0 stays -0, as Octave's loop starts from the first element
%! assert (1 ./ gather (cumsum (gpumat (-0))), -Inf);
%! ## a long line in chunks: within the reduction tolerance
%! v = sin (1:300000)';
%! assert (gather (cumsum (gpumat (v))), cumsum (v), 1e-9);
%! assert (gather (cumsum (gpumat (single (v)), 1)), cumsum (single (v)), 1e-2);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_cumsum ();
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (cumsum (gpumat (int8 ([100 100 -100])))), cumsum (int8 ([100 100 -100])));
%! assert (gather (cumsum (gpumat ([1+2i 3]), 2)), cumsum ([1+2i 3], 2));
%! assert (gather (cumsum (gpumat (int16 ([1 2])), "native")), int16 ([1 3]));

## complex data on the device: Octave's values (each line summed in order, part by part),
## class, size and complexity
%!function gpu_check_cumsum_complex ()
%! Z = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), Z(:, :, 1), Z(1, :, 1), complex([1 2], [1 -1]), complex([1 2], [0 0]), ...
%!          complex(zeros(0, 3)), complex([1 NaN 2], [Inf 0 1])}
%!   for a = {{}, {1}, {2}, {3}, {"native"}}
%!     c = cumsum (gpumat (x{1}), a{1}{:});
%!     h = cumsum (x{1}, a{1}{:});
%!     assert (isa (c, "gpumat"));
%!     c = gather (c);
%!     assert (class (c), class (h));
%!     assert (size (c), size (h));
%!     assert (iscomplex (c), iscomplex (h));
%!     assert (isequaln (c, h));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_cumsum_complex ();

## integer data (kernels/reduce_int.cu and the double path): every class, its edge values,
## 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 3, the options; the host's class, size
## and values (exactly in the class, within 64 eps of the scale in double)
%!function gpu_check_cumsum_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1}) * (hi / 127);
%!   nd = reshape (cast (1:60, c{1}), 3, 4, 5);
%!   for x = {[hi hi lo -5 hi lo lo 9], nd, [lo; hi; 0; 1; 7], zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for a = {{}, {1}, {2}, {3}, {"native"}, {1, "native"}, {2, "native"}, {3, "native"}, {2, "double"}}
%!       h = cumsum (x{1}, a{1}{:});
%!       g = cumsum (gpumat (x{1}), a{1}{:});
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
%! gpu_check_cumsum_int ();
