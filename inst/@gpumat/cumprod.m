## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{C} =} cumprod (@var{G})
## @deftypefnx {} {@var{C} =} cumprod (@var{G}, @var{dim})
## Octave's @code{cumprod} of a gpumat array, on the GPU for double, single, logical and
## integer data (logical and integer data give double, as in Octave 7.3, which reads them as
## double and has no @qcode{"native"}), with Octave's size and default dimension (the
## first that is not 1).  Each line along @var{dim} is multiplied in order, in the class: a
## line of at most 1024 elements gives Octave's bits; a longer one, when there are too few
## lines to fill the GPU, in chunks (within the floating-point reduction tolerance; an
## overflow or underflow along the way may then come elsewhere).  Complex data too, with
## std::complex's product (C99 Annex G, as Octave's; a chunked line with an Inf or NaN part is
## multiplied again in Octave's order; a result whose imaginary parts are all zero is real).
## The arguments Octave refuses or reads otherwise (@code{cumprod (@var{G}, 0)} is the
## default dimension in Octave 7.3), go to Octave's own @code{cumprod} on the host
## (gpumat:hostFallback), with its results and errors.
## @seealso{cumsum, prod}
## @end deftypefn

function C = cumprod (x, varargin)
  if (isgpuarray (x) && isinteger (x))
    ## integer data: Octave 7.3's cumprod reads them as double (data.cc DATA_REDUCTION: a
    ## double result, and no "native"), so the double path below takes them, errors included
    x = double (x);
  endif
  if (isgpuarray (x) && iscomplex (x) && numel (varargin) <= 1
      && (isempty (varargin) || valid_dim (varargin{1})))
    ## complex data on the device (kernels/reduce_complex.cu): the running products in order,
    ## std::complex's product
    d = 0;
    if (numel (varargin) == 1)
      d = min (double (varargin{1}), ndims (x) + 1);
    endif
    C = __gpumat_call__ ("scan", "cumprod", "cumprod", x, d, 0);
    return;
  endif
  if (! scan_class (x) || numel (varargin) > 1
      || (numel (varargin) == 1 && ! valid_dim (varargin{1})))
    C = host_call ("cumprod", x, varargin{:});
    return;
  endif
  dim = 0;
  if (numel (varargin) == 1)
    dim = min (double (varargin{1}), ndims (x) + 1);
  endif
  C = __gpumat_call__ ("scan", "cumprod", "cumprod", x, dim, 0);
endfunction

## no GPU needed: empty arrays have no device memory
%!assert (size (cumprod (gpumat (zeros (3, 0)))), [3 0])
%!assert (class (gather (cumprod (gpumat (true (0, 2))))), "double")
%!error <cumprod: invalid dimension argument = -1> cumprod (gpumat (zeros (0, 3)), -1)
%!error <Invalid call to cumprod> cumprod (gpumat (zeros (0, 3)), 1, 2)

%!function gpu_check_cumprod ()
%! A = [1 2 NaN; -0 4 5; Inf 0.5 -Inf; 3 -1 2];
%! for x = {A, single(A), A > 2, reshape(1:24, 2, 3, 4) / 7}
%!   h = x{1};
%!   for d = {{}, {1}, {2}, {3}, {4}}
%!     r = gather (cumprod (gpumat (h), d{1}{:}));
%!     assert (r, cumprod (h, d{1}{:}));
%!     assert (class (r), class (cumprod (h, d{1}{:})));
%!   endfor
%! endfor
%! ## Octave's own order: the overflow comes where Octave's comes
%! v = [1e300 1e300 1e-300 1e-300];
%! assert (gather (cumprod (gpumat (v))), cumprod (v));
%! assert (gather (cumprod (gpumat (magic (3)), 0)), cumprod (magic (3), 0));
%! assert (isgpuarray (cumprod (gpumat (magic (4)))));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_cumprod ();
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (cumprod (gpumat (int8 ([100 2])))), cumprod (int8 ([100 2])));
%! assert (gather (cumprod (gpumat ([1+2i 3 1i]))), cumprod ([1+2i 3 1i]));

## integer data (kernels/reduce_int.cu and the double path): every class, its edge values,
## 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 3, the options; the host's class, size
## and values (exactly in the class, within 64 eps of the scale in double)
%!function gpu_check_cumprod_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1}) * (hi / 127);
%!   nd = reshape (cast (1:60, c{1}), 3, 4, 5);
%!   for x = {[hi hi lo -5 hi lo lo 9], nd, [lo; hi; 0; 1; 7], zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for a = {{}, {1}, {2}, {3}, {5}}
%!       h = cumprod (x{1}, a{1}{:});
%!       g = cumprod (gpumat (x{1}), a{1}{:});
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
%! gpu_check_cumprod_int ();

## complex data on the device: Octave's values (bits for lines of up to 1024 elements), class,
## size and complexity
%!function gpu_check_cumprod_complex ()
%! Z = complex ([1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2], [3 -0 1 Inf; 2 NaN -1 0; 0 1 -2 1]);
%! W = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), W, single(W), complex([1 2], [0 0]), complex(1, Inf), ...
%!          complex(zeros(0, 3)), complex(zeros(3, 0)), complex(-0, -0), complex(1:7, 7:-1:1)}
%!   for a = {{}, {1}, {2}, {3}, {4}}
%!     c = cumprod (gpumat (x{1}), a{1}{:});
%!     h = cumprod (x{1}, a{1}{:});
%!     assert (isgpuarray (c));
%!     c = gather (c);
%!     assert ({class(c), size(c), iscomplex(c)}, {class(h), size(h), iscomplex(h)});
%!     assert (isequaln (c, h));
%!   endfor
%! endfor
%! v = complex (cos (1:30000)', sin (1:30000)');
%! assert (gather (cumprod (gpumat (v))), cumprod (v), -1e-9);
%! v(20000) = complex (0, Inf);
%! assert (isequaln (gather (cumprod (gpumat (v))), cumprod (v)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_cumprod_complex ();
