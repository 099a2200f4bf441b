## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{P} =} prod (@var{G})
## @deftypefnx {} {@var{P} =} prod (@var{G}, @var{dim})
## @deftypefnx {} {@var{P} =} prod (@dots{}, "native")
## @deftypefnx {} {@var{P} =} prod (@dots{}, "double")
## Octave's @code{prod} of a gpumat array, on the GPU for double, single and logical data, with
## Octave's sizes (@code{prod ([])} is 1, @code{prod (zeros (0, 3))} is @code{ones (1, 3)}),
## default dimension (the first that is not 1) and classes (double for logical data; logical,
## Octave's @code{all}, with @qcode{"native"}; double for single data with @qcode{"double"}).
## Each line along @var{dim} is multiplied in order from 1, in the class: a line of at most
## 1024 elements gives Octave's bits; a longer one, when there are too few lines to fill the
## GPU, in chunks (within the floating-point reduction tolerance).  Integer data: multiplied in
## double to a double result, as Octave's, or with @qcode{"native"} in the class, each product
## saturating in Octave's order (@code{prod (int8 ([100 2 -1]), "native")} is -127), exactly.
## Complex data too, with std::complex's product (C99 Annex G: @code{prod (complex (1, Inf))}
## is @code{NaN + Inf*i}, as Octave's); a chunked line with an Inf or NaN part is multiplied
## again in Octave's order, so its result is Octave's; a result whose imaginary parts are all
## zero is real.  @qcode{"double"} of single data along a @var{dim} with leading dimensions
## above 1 (Octave's row-wise loop then starts from 0: @code{prod (single ([2 3; 4 5]), 2,
## "double")} is @code{[0; 0]}), and arguments Octave refuses, go to Octave's own @code{prod}
## on the host (gpumat:hostFallback), with its results and errors.
## @seealso{cumprod, sum}
## @end deftypefn

function P = prod (x, varargin)
  if (isgpuarray (x) && isinteger (x))
    ## integer data on the device: in double (a double result, as Octave's), or with "native"
    ## in the class, saturating in Octave's order (the "ireduce" command)
    [ok, d, opt] = int_reduce_args (x, varargin, {"native", "double"});
    if (ok && strcmp (opt, "native"))
      P = __gpumat_call__ ("ireduce", "prod", "prod", x, d);
      return;
    elseif (ok)
      P = __gpumat_call__ ("scan", "prod", "prod", double (x), d, 0);
      return;
    endif
  endif
  if (row_wise_dprod (x, varargin))
    ## Octave's dprod (prod (..., "double") of single data) starts its row-wise loop, taken for
    ## a DIM with leading dimensions above 1, from 0, not 1 (mx-inlines.cc: zeros, or NaN from
    ## 0 * Inf): Octave's own prod
    P = host_call ("prod", x, varargin{:});
    return;
  elseif (isgpuarray (x) && iscomplex (x))
    ## complex data on the device (kernels/reduce_complex.cu): each line multiplied from 1 in
    ## order with std::complex's product; "native" keeps the class, "double" computes complex
    ## single data in double (converted on the device); what Octave refuses is Octave's own
    a = varargin;
    o = "";
    if (! isempty (a) && ischar (a{end}))
      o = a{end};
      a(end) = [];
    endif
    if (numel (a) <= 1 && (isempty (a) || valid_dim (a{1}))
        && any (strcmp (o, {"", "native", "double"})))
      d = 0;
      if (numel (a) == 1)
        d = min (double (a{1}), ndims (x) + 1);
      endif
      dprod = strcmp (o, "double") && strcmp (classUnderlying (x), "single");
      P = __gpumat_call__ ("scan", "prod", "prod", x, d, double (dprod));
    else
      P = host_call ("prod", x, varargin{:});
    endif
    return;
  endif
  args = varargin;
  opt = "";
  device = scan_class (x);
  if (! isempty (args) && ischar (args{end}))
    opt = args{end};
    args(end) = [];
    device = device && any (strcmp (opt, {"native", "double"}));
  endif
  if (numel (args) > 1 || (numel (args) == 1 && ! valid_dim (args{1})))
    device = false;
  endif
  if (! device)
    P = host_call ("prod", x, varargin{:});
    return;
  endif
  dim = 0;
  if (numel (args) == 1)
    dim = min (double (args{1}), ndims (x) + 1);
  endif
  if (strcmp (opt, "double") && strcmp (classUnderlying (x), "single"))
    x = double (x);          # Octave's dprod: the products of the single values in double
  endif
  P = __gpumat_call__ ("scan", "prod", "prod", x, dim, 0);
  if (strcmp (opt, "native") && islogical (x))
    P = (P != 0);            # Octave's all (x, dim)
  endif
endfunction

## True for prod (X, DIM, "double") of single data (real or complex) where DIM has leading
## dimensions whose product is above 1: Octave's row-wise dprod loop (OP_RED_FCN2 of
## mx_inline_dprod) starts from 0 there.
function tf = row_wise_dprod (x, args)
  tf = (isgpuarray (x) && numel (args) == 2 && ischar (args{2}) && strcmp (args{2}, "double")
        && strcmp (classUnderlying (x), "single") && valid_dim (args{1}));
  if (tf)
    sz = [size(x), 1];
    tf = prod (sz(1:min (double (args{1}), ndims (x) + 1) - 1)) > 1;
  endif
endfunction

## no GPU needed: empty results have no device memory
%!assert (size (prod (gpumat (zeros (3, 0)))), [1 0])
%!assert (size (prod (gpumat (zeros (0, 0)), 2)), [0 1])
%!error <prod: unrecognized type argument 'x'> prod (gpumat (zeros (0, 3)), "x")
%!error <prod: invalid dimension DIM = 0> prod (gpumat (zeros (0, 3)), 0)
%!error <Invalid call to prod> prod (gpumat (zeros (0, 3)), 1, 2)
%!error <prod: unrecognized type argument 'extra'> prod (gpumat (zeros (0, 3, "int8")), "extra")
%!assert (size (prod (gpumat (zeros (0, 0, "int8")), 2, "native")), [0 1])

%!function gpu_check_prod ()
%! A = [1 2 NaN; -0 4 5; Inf 0.5 -Inf; 3 -1 2];
%! for x = {A, single(A), A > 2, reshape(1:24, 2, 3, 4) / 7, [], zeros(0, 3), zeros(3, 0), zeros(1, 0)}
%!   h = x{1};
%!   for d = {{}, {1}, {2}, {3}, {4}}
%!     r = gather (prod (gpumat (h), d{1}{:}));
%!     assert (r, prod (h, d{1}{:}));
%!     assert (class (r), class (prod (h, d{1}{:})));
%!   endfor
%! endfor
%! ## Octave's own order: 1e300 * 1e300 overflows first, and Inf * 1e-300 stays Inf
%! assert (gather (prod (gpumat ([1e300 1e300 1e-300 1e-300]))), Inf);
%! assert (gather (prod (gpumat (single ([2 3])), "double")), prod (single ([2 3]), "double"));
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (prod (gpumat (single ([2 3; 4 5])), 2, "double")), prod (single ([2 3; 4 5]), 2, "double"));
%! assert (class (gather (prod (gpumat (single ([2 3])), "double"))), "double");
%! assert (gather (prod (gpumat ([true true; false true]), "native")), [false true]);
%! assert (gather (prod (gpumat ([true true; false true]), 2)), [1; 0]);
%! v = 1 + sin (1:100000)' / 1e5;
%! assert (gather (prod (gpumat (v))), prod (v), -1e-12);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_prod ();
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (prod (gpumat (int8 ([2 3; 100 4])))), prod (int8 ([2 3; 100 4])));
%! assert (gather (prod (gpumat (int8 ([100 4])), "native")), prod (int8 ([100 4]), "native"));
%! assert (gather (prod (gpumat ([1+2i 3]))), prod ([1+2i 3]));

## integer data (kernels/reduce_int.cu and the double path): every class, its edge values,
## 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 3, the options; the host's class, size
## and values (exactly in the class, within 64 eps of the scale in double)
%!function gpu_check_prod_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1}) * (hi / 127);
%!   nd = reshape (cast (1:60, c{1}), 3, 4, 5);
%!   for x = {[hi hi lo -5 hi lo lo 9], nd, [lo; hi; 0; 1; 7], zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for a = {{}, {1}, {2}, {3}, {"native"}, {2, "native"}, {3, "native"}, {"double"}, {4, "native"}}
%!       h = prod (x{1}, a{1}{:});
%!       g = prod (gpumat (x{1}), a{1}{:});
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
%! gpu_check_prod_int ();

## complex data on the device: Octave's values (bits for lines of up to 1024 elements), class,
## size and complexity
%!function gpu_check_prod_complex ()
%! Z = complex ([1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2], [3 -0 1 Inf; 2 NaN -1 0; 0 1 -2 1]);
%! W = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), W, single(W), complex([1 2], [0 0]), complex(1, Inf), complex(Inf, 0), ...
%!          complex(zeros(0, 3)), complex(zeros(3, 0)), complex([]), complex(ones(1, 0)), ...
%!          complex(-0, -0), complex(1:7, 7:-1:1)}
%!   for a = {{}, {1}, {2}, {3}, {4}, {"native"}, {"double"}, {1, "double"}, {2, "double"}}
%!     p = prod (gpumat (x{1}), a{1}{:});
%!     h = prod (x{1}, a{1}{:});
%!     assert (isgpuarray (p));
%!     p = gather (p);
%!     assert ({class(p), size(p), iscomplex(p)}, {class(h), size(h), iscomplex(h)});
%!     assert (isequaln (p, h));
%!   endfor
%! endfor
%! ## a long line in chunks: within rounding; with an Inf part: Octave's result
%! v = complex (cos (1:30000)', sin (1:30000)');
%! assert (gather (prod (gpumat (v))), prod (v), -1e-9);
%! v(20000) = complex (Inf, 0);
%! assert (isequaln (gather (prod (gpumat (v))), prod (v)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_prod_complex ();
