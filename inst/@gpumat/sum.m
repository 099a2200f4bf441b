## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{S} =} sum (@var{G})
## @deftypefnx {} {@var{S} =} sum (@var{G}, @var{dim})
## @deftypefnx {} {@var{S} =} sum (@dots{}, "native")
## Octave's @code{sum} of a gpumat array, on the GPU, in a fixed tree order: double, single
## and logical data, and complex data (the real and the imaginary parts summed apart, as
## Octave sums them; a result whose imaginary parts are all zero is real, as Octave's).
## Integer data too: summed in double to a double result, as Octave's (within rounding of
## Octave's order for int64 and uint64 values past 2^53), or with @qcode{"native"} in the
## class, saturating at each step in Octave's order (@code{sum (int8 ([100 100 -100]),
## "native")} is 27), exactly.  The options of other classes are Octave's own @code{sum} on
## the host.
## @end deftypefn
function S = sum (A, dim, varargin)
  if (isinteger (A))
    ## integer data on the device: in double (Octave's dsum: a double result), or with
    ## "native" in the class, saturating in Octave's order (the "ireduce" command)
    args = {};
    if (nargin >= 2)
      args = [{dim}, varargin];
    endif
    [ok, d, opt] = int_reduce_args (A, args, {"native", "double", "extra"});
    if (ok && strcmp (opt, "native"))
      S = __gpumat_call__ ("ireduce", "sum", "sum", A, d);
      return;
    elseif (ok)
      S = __gpumat_call__ ("reduce", "sum", "sum", double (A), d);
      return;
    endif
  endif
  if (nargin == 1 && iscomplex (A))
    ## complex data: the real and imaginary parts summed apart on the device (Octave's sum)
    S = __gpumat_call__ ("reduce", "sum", "sum", A, 0);
    return;
  elseif (nargin == 1)
    ## the common call in one step: the shell picks the device or the host by A's class
    S = __gpumat_call__ ("sum", A);
    return;
  elseif (nargin > 2 || (nargin == 2 && ischar (dim)) || isinteger (A))
    ## "native", "double", "extra" and integer data: Octave's own sum on the host
    ## (gpumat:hostFallback)
    args = {A};
    if (nargin >= 2)
      args = [args, {dim}, varargin];
    endif
    S = host_call ("sum", args{:});
    return;
  elseif (! valid_dim (dim))
    error ("gpumat:reduce:invalidDim", "sum: invalid dimension DIM = %s", disp_value (dim));
  endif
  S = __gpumat_call__ ("reduce", "sum", "sum", A, double (dim));
endfunction

%!function gpu_check_sum ()
%! A = [1 2 3; 4 5 7];
%! assert (gather (sum (gpumat (A))), sum (A));
%! assert (gather (sum (gpumat (A), 2)), sum (A, 2));
%! assert (gather (sum (gpumat (A > 2))), sum (A > 2));
%!error <sum: invalid dimension DIM = 0> sum (gpumat (zeros (0, 3)), 0)
%!error <sum: invalid dimension DIM = 0> sum (gpumat (zeros (0, 3, "int8")), 0, "native")
%!error <sum: unrecognized type argument 'x'> sum (gpumat (zeros (0, 3, "uint64")), "x")
%!assert (size (sum (gpumat (zeros (3, 0, "int32")), "native")), [1 0])
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_sum ();

%!function gpu_check_sum_classes ()
%! ## one-argument sum of every class: the device or Octave's own, with Octave's class rules
%! ## (Octave 7.3 sums integer and logical data to double)
%! w = warning ("off", "gpumat:hostFallback");
%! unwind_protect
%!   for x = {int8([100 100 -100]), uint16([1 2; 3 4]), [1+2i 3-1i], single([1 NaN]), ...
%!            true(2, 3), zeros(0, 3), ones(2, 0), complex(single([1 2])), 5, NaN}
%!     assert (gather (sum (gpumat (x{1}))), sum (x{1}));
%!   endfor
%! unwind_protect_cleanup
%!   warning (w);
%! end_unwind_protect
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_sum_classes ();

## complex data on the device: within rounding of Octave's (the order of the additions
## differs), its class, size and complexity (a result with no nonzero imaginary part is real)
%!function gpu_check_sum_complex ()
%! Z = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), Z(:, :, 1), Z(1, :, 1), Z(:, 1, 1), complex([1 2; 3 4], [1 -1; 2 -2]), ...
%!          complex(zeros(0, 3)), complex(zeros(0, 0)), complex([1 NaN], [2 3]), ...
%!          complex([Inf 1], [0 1]), complex([Inf -Inf], [1 1]), complex(single([1 2]), 0)}
%!   for d = {[], 1, 2, 3, 7}
%!     if (isempty (d{1}))
%!       s = sum (gpumat (x{1}));  h = sum (x{1});
%!     else
%!       s = sum (gpumat (x{1}), d{1});  h = sum (x{1}, d{1});
%!     endif
%!     assert (isa (s, "gpumat"));
%!     s = gather (s);
%!     assert (class (s), class (h));
%!     assert (size (s), size (h));
%!     assert (iscomplex (s), iscomplex (h));
%!     fin = isfinite (h);
%!     assert (isequaln (s(! fin), h(! fin)));
%!     bound = 64 * eps (class (h)) * max (1, sum (abs (double (x{1}(:)))));
%!     assert (all (abs (double (s(fin)) - double (h(fin))) <= bound));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_sum_complex ();

## integer data (kernels/reduce_int.cu and the double path): every class, its edge values,
## 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 3, the options; the host's class, size
## and values (exactly in the class, within 64 eps of the scale in double)
%!function gpu_check_sum_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1}) * (hi / 127);
%!   nd = reshape (cast (1:60, c{1}), 3, 4, 5);
%!   for x = {[hi hi lo -5 hi lo lo 9], nd, [lo; hi; 0; 1; 7], zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for a = {{}, {1}, {2}, {3}, {"native"}, {2, "native"}, {3, "native"}, {"double"}, {1, "extra"}, {7, "native"}}
%!       h = sum (x{1}, a{1}{:});
%!       g = sum (gpumat (x{1}), a{1}{:});
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
%! gpu_check_sum_int ();
