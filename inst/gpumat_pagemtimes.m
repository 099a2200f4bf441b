## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Z} =} gpumat_pagemtimes (@var{X}, @var{Y})
## @deftypefnx {} {@var{Z} =} gpumat_pagemtimes (@var{X}, @var{Y}, @var{kernel})
## @deftypefnx {} {@var{Z} =} gpumat_pagemtimes (@var{X}, @var{opx}, @var{Y}, @var{opy})
## @deftypefnx {} {@var{Z} =} gpumat_pagemtimes (@var{X}, @var{opx}, @var{Y}, @var{opy}, @var{kernel})
## Page-wise matrix products on the GPU, as MATLAB's @code{pagemtimes}.
##
## Each page of @var{Z} is the product of the matching pages of @var{X} and
## @var{Y}: @code{@var{Z}(:,:,i,j) = op(@var{X}(:,:,i,j)) * op(@var{Y}(:,:,i,j))},
## the pages running over dimensions 3 and up.  A page dimension of 1 in one
## operand is repeated against any size in the other (a matrix times every page
## of an array, or 3x1 pages against 1x4 pages giving 3x4 pages); otherwise the
## page dimensions must be equal.  A page dimension of 0 gives no pages, and an
## empty result of the right size.  @var{opx} and @var{opy} are each
## @qcode{"none"}, @qcode{"transpose"} or @qcode{"ctranspose"} (the same for real
## data), and are read by the kernels in place: nothing is transposed or copied.
##
## Each page follows Octave's @code{*}: the result is single if either operand is
## single, otherwise double (logical and char count as double); complex if either
## is complex (a real operand is promoted; @qcode{"ctranspose"} conjugates), and
## narrowed to real when no imaginary part of the whole result is nonzero; a 1x1
## page scales the other page; an @var{m}-by-0 page times a 0-by-@var{n} page is
## zeros.  Integer operands of one integer class give exact products saturated
## once to the class, as @code{gpumat_mul} (kernels @qcode{"auto"},
## @qcode{"naive"}, @qcode{"tiled"}); any other mix with an integer operand
## raises @code{gpumat:pagemtimes:mixedInteger}.  Complex elements agree within
## |Z - X*Y| <= 2*(k+1)*eps(class)*(|X|*|Y|), |.| the modulus.
## Elements agree with @code{*} page by page within
## |Z - X*Y| <= k*eps(class)*(|X|*|Y|) for inner size k, and so with
## @code{blkmm} where that applies.  All pages go to the GPU in one launch where the
## strides allow it (equal page counts, or one operand a single page).
##
## @var{kernel} is one of @code{gpumat_kernels ()}, as for @code{gpumat_mul}.
## When @var{X} or @var{Y} is a @code{gpumat} array, the result stays on the GPU as
## a @code{gpumat} array; @code{pagemtimes (@var{G}, @dots{})} with a gpumat
## argument is the same function.
##
## Errors: inner sizes that do not match raise @code{Octave:nonconformant-args},
## naming the sizes after the operations; page dimensions that are neither equal
## nor 1 raise @code{gpumat:pagemtimes:incompatiblePages}; an operation other than
## the three names, @code{gpumat:pagemtimes:invalidOp}; sparse and other
## arrays, @code{gpumat:pagemtimes:@var{reason}}; an unknown
## @var{kernel}, @code{gpumat:pagemtimes:unknownKernel}; a result too large to
## index, @code{gpumat:pagemtimes:tooLarge}; without a usable GPU,
## @code{gpumat:noDevice}.
##
## @example
## @group
## X = rand (8, 8, 1e5);  Y = rand (8, 8, 1e5);
## Z = gpumat_pagemtimes (X, Y);                         # as blkmm (X, Y)
## W = gpumat_pagemtimes (X, "transpose", Y, "none");    # X(:,:,i).' * Y(:,:,i)
## V = gpumat_pagemtimes (rand (3, 8), Y);               # one matrix times every page
## @end group
## @end example
## @seealso{gpumat_mul, gpumat, blkmm}
## @end deftypefn

function Z = gpumat_pagemtimes (X, varargin)
  ## The forms are told apart by the number of arguments; the gateway checks the rest.
  switch (nargin)
    case 2
      Z = __gpumat_call__ ("pagemtimes", "gpumat_pagemtimes", X, "none", varargin{1}, "none",
                      "auto");
    case 3
      Z = __gpumat_call__ ("pagemtimes", "gpumat_pagemtimes", X, "none", varargin{1}, "none",
                      varargin{2});
    case 4
      Z = __gpumat_call__ ("pagemtimes", "gpumat_pagemtimes", X, varargin{:}, "auto");
    case 5
      Z = __gpumat_call__ ("pagemtimes", "gpumat_pagemtimes", X, varargin{:});
    otherwise
      print_usage ();
  endswitch
endfunction

%!demo
%! X = rand (32, 32, 1e4);  Y = rand (32, 32, 1e4);
%! tic; Z = gpumat_pagemtimes (X, Y); t_gpu = toc;
%! tic; R = blkmm (X, Y); t_cpu = toc;
%! printf ("gpumat_pagemtimes %.3f s, blkmm %.3f s, max difference %g\n", t_gpu, t_cpu,
%!         max (abs (Z(:) - R(:))));

## ---- errors: these run without a GPU -----------------------------------------------------------
%!error <Invalid call> gpumat_pagemtimes ()
%!error <Invalid call> gpumat_pagemtimes (1)
%!error <Invalid call> gpumat_pagemtimes (1, "none", 2, "none", "auto", 6)
%!error id=gpumat:pagemtimes:invalidOp gpumat_pagemtimes (1, "flip", 2, "none")
%!error <OPX must be "none", "transpose" or "ctranspose", not 'flip'> gpumat_pagemtimes (1, "flip", 2, "none")
%!error id=gpumat:pagemtimes:invalidOp gpumat_pagemtimes (1, "none", 2, 3)
%!error <OPY must be> gpumat_pagemtimes (1, "none", 2, {"none"})
%!error id=gpumat:pagemtimes:invalidOp gpumat_pagemtimes (1, 2, 3, "none")
%!error id=Octave:nonconformant-args gpumat_pagemtimes (ones (2, 3, 4), ones (4, 5, 4))
%!error <gpumat_pagemtimes: nonconformant arguments \(op1 is 2x3x4, op2 is 4x5x4\)> gpumat_pagemtimes (ones (2, 3, 4), ones (4, 5, 4))
%!error <nonconformant arguments \(op1 is 3x2, op2 is 3x2\)> gpumat_pagemtimes (ones (2, 3), "transpose", ones (3, 2), "none")
%!error <nonconformant arguments \(op1 is 3x2x5, op2 is 4x3\)> gpumat_pagemtimes (ones (2, 3, 5), "ctranspose", ones (3, 4), "transpose")
%!error id=gpumat:pagemtimes:incompatiblePages gpumat_pagemtimes (ones (2, 3, 2), ones (3, 4, 3))
%!error <dimension 3 is 2 in X and 3 in Y \(X is 2x3x2, Y is 3x4x3\)> gpumat_pagemtimes (ones (2, 3, 2), ones (3, 4, 3))
%!error <dimension 4 is 2 in X and 5 in Y> gpumat_pagemtimes (ones (2, 3, 1, 2), ones (3, 4, 7, 5))
%!error id=gpumat:pagemtimes:incompatiblePages gpumat_pagemtimes (ones (2, 3, 0), ones (3, 4, 2))
%!error id=gpumat:pagemtimes:mixedInteger gpumat_pagemtimes (int8 (1), 2)
%!error <product of int8 matrix by int16 matrix: integer pages> gpumat_pagemtimes (int8 (ones (2, 2, 3)), int16 (ones (2, 2)))
%!error id=gpumat:pagemtimes:mixedInteger gpumat_pagemtimes (uint32 (ones (2, 2, 3)), "transpose", ones (2, 2), "none")
%!error id=gpumat:pagemtimes:mixedInteger gpumat_pagemtimes (1i, uint8 (ones (2, 2, 3)))
%!error id=gpumat:pagemtimes:unsupportedKernel gpumat_pagemtimes (int8 (ones (2, 2, 3)), int8 (ones (2, 2)), "wpt")
%!error id=Octave:nonconformant-args gpumat_pagemtimes (complex (ones (2, 3, 4)), ones (4, 5, 4))
%!assert (gpumat_pagemtimes (complex (zeros (3, 0, 2)), zeros (0, 4)), zeros (3, 4, 2))
%!assert (isreal (gpumat_pagemtimes (complex (zeros (3, 0, 2)), 1i * ones (0, 4))))
%!error id=gpumat:pagemtimes:sparse gpumat_pagemtimes (speye (2), ones (2))
%!error id=gpumat:pagemtimes:invalidType gpumat_pagemtimes ({1}, 1)
%!error id=gpumat:pagemtimes:invalidType gpumat_pagemtimes (1, struct ("a", 1))
%!error id=gpumat:pagemtimes:unknownKernel gpumat_pagemtimes (1, 1, "fastest")
%!error <unknown kernel 'fastest'> gpumat_pagemtimes (1, "none", 1, "none", "fastest")
%!error id=gpumat:pagemtimes:invalidKernel gpumat_pagemtimes (1, 1, 3)
%!error id=gpumat:pagemtimes:tooLarge gpumat_pagemtimes (zeros (2^40, 0), zeros (0, 2^40))

## Empty results need no GPU: no pages, empty pages, and empty inner sizes (zeros).
%!assert (gpumat_pagemtimes (ones (2, 3, 0), ones (3, 4)), zeros (2, 4, 0))
%!assert (gpumat_pagemtimes (ones (3, 4), ones (4, 2, 0)), zeros (3, 2, 0))
%!assert (gpumat_pagemtimes (ones (2, 3, 0), ones (3, 4, 1, 5)), zeros (2, 4, 0, 5))
%!assert (gpumat_pagemtimes (ones (2, 3, 0), ones (3, 4, 0)), zeros (2, 4, 0))
%!assert (gpumat_pagemtimes (zeros (0, 3, 4), ones (3, 5, 4)), zeros (0, 5, 4))
%!assert (gpumat_pagemtimes (zeros (2, 0, 3), zeros (0, 4)), zeros (2, 4, 3))
%!assert (gpumat_pagemtimes (zeros (0, 2, 3), "transpose", zeros (4, 0, 3), "ctranspose"), zeros (2, 4, 3))
%!assert (gpumat_pagemtimes (zeros (300, 0, 2, "single"), zeros (0, 400)), zeros (300, 400, 2, "single"))
%!assert (class (gpumat_pagemtimes (zeros (2, 0, 3), single (zeros (0, 4)))), "single")
%!assert (gpumat_pagemtimes (zeros (2, 0), zeros (0, 3, 1, 1)), zeros (2, 3))
%!assert (size (gpumat_pagemtimes (2, zeros (3, 0, 2))), [3 0 2])
%!assert (size (gpumat_pagemtimes (zeros (3, 4, 2, 0), "transpose", 2, "none")), [4 3 2 0])

## ---- results: these need a GPU ---------------------------------------------------------------
%!function kernels = all_kernels (cls)
%!  ## Every kernel of this build that runs CLS on this GPU ("dmma" and "ozaki": double only;
%!  ## "tf32x3": single only; "warp", "dmma", "tf32x3" and "ozaki": compute capability 8.0).
%!  kernels = gpumat_kernels ();
%!  unsupported = {};
%!  if (strcmp (cls, "single"))
%!    unsupported = [unsupported, {"dmma", "ozaki"}];
%!  elseif (strcmp (cls, "mixed"))
%!    ## products of mixed classes, some with double results, some single: kernels of both
%!    unsupported = [unsupported, {"dmma", "tf32x3", "ozaki"}];
%!  else
%!    unsupported{end+1} = "tf32x3";
%!  endif
%!  if (str2double (gpumat_device ().ComputeCapability) < 8)
%!    unsupported = [unsupported, {"warp", "dmma", "tf32x3", "ozaki"}];
%!  endif
%!  kernels = setdiff (kernels, unsupported, "stable");
%!endfunction

%!function X = page_op (X, op)
%!  if (! strcmp (op, "none"))
%!    X = permute (X, [2 1 3:ndims(X)]);
%!  endif
%!endfunction

%!function [R, Rabs, k] = reference (X, Y)
%!  ## Page by page with Octave's * in double, broadcasting page dimensions of 1; Rabs is the
%!  ## same product of |X| and |Y| (the scale of the rounding bound), k the inner size.
%!  nd = max (ndims (X), ndims (Y));
%!  sx = size (X);  sx(end+1:nd) = 1;
%!  sy = size (Y);  sy(end+1:nd) = 1;
%!  px = sx(3:end);  py = sy(3:end);
%!  pz = px;  pz(px == 1) = py(px == 1);
%!  if (isequal (sx(1:2), [1 1]) || isequal (sy(1:2), [1 1]))
%!    k = 1;
%!  else
%!    k = sx(2);
%!  endif
%!  page = size (zeros (sx(1:2)) * zeros (sy(1:2)));
%!  R = zeros ([page, pz]);  Rabs = R;
%!  for p = 1:prod (pz)
%!    sub = cell (1, numel (pz));
%!    if (! isempty (pz))
%!      [sub{:}] = ind2sub ([pz, 1], p);
%!    endif
%!    subx = sub;  subx(px == 1) = {1};
%!    suby = sub;  suby(py == 1) = {1};
%!    Xp = X(:, :, subx{:});  Yp = Y(:, :, suby{:});
%!    R(:, :, p) = Xp * Yp;
%!    Rabs(:, :, p) = abs (Xp) * abs (Yp);
%!  endfor
%!endfunction

%!function check_pages (X, opx, Y, opy, kernel)
%!  Z = gpumat_pagemtimes (X, opx, Y, opy, kernel);
%!  if (isa (X, "single") || isa (Y, "single"))
%!    cls = "single";
%!  else
%!    cls = "double";
%!  endif
%!  ## The reference in double from the operands as the product sees them.
%!  Xd = double (cast (double (X), cls));  Yd = double (cast (double (Y), cls));
%!  [R, Rabs, k] = reference (page_op (Xd, opx), page_op (Yd, opy));
%!  assert (class (Z), cls);
%!  assert (size (Z), size (R));
%!  err = abs (double (Z) - R);
%!  bound = k * eps (cls) * Rabs;
%!  bad = ! (err <= bound) & ! (isnan (Z) & isnan (R)) & ! (Z == R);
%!  assert (! any (bad(:)), "%s %s %s: %d of %d elements outside the bound", kernel, opx, opy,
%!          nnz (bad), numel (bad));
%!endfunction

%!function gpu_check_01 ()
%! ## Every operation pair x every kernel x both classes, odd page shapes, equal page counts.
%! ops = {"none", "transpose", "ctranspose"};
%! shapes = [1 1 1 1; 17 31 13 3; 13 1 17 2; 1 7 1 5; 7 5 1 4; 33 65 31 2; 4 0 3 2; 0 3 4 2];
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for ia = 1:3
%!       for ib = 1:3
%!         for s = shapes'
%!           [m, k, n, p] = deal (s(1), s(2), s(3), s(4));
%!           X = page_op (rand (m, k, p, cls{1}) - 0.5, ops{ia});
%!           Y = page_op (rand (k, n, p, cls{1}) - 0.5, ops{ib});
%!           check_pages (X, ops{ia}, Y, ops{ib}, kernel{1});
%!         endfor
%!       endfor
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();

%!function gpu_check_02 ()
%! ## Broadcasting both ways, one page, N-D page dimensions (3x1x2 pages against 1x4x2).
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     check_pages (rand (5, 4, cls{1}), "none", rand (4, 3, 7, cls{1}), "none", kernel{1});
%!     check_pages (rand (5, 4, 7, cls{1}), "none", rand (4, 3, cls{1}), "none", kernel{1});
%!     check_pages (rand (4, 5, cls{1}), "transpose", rand (3, 4, 7, cls{1}), "transpose", kernel{1});
%!     check_pages (rand (5, 4, 1, 6, cls{1}), "none", rand (4, 3, 7, cls{1}), "none", kernel{1});
%!     check_pages (rand (5, 4, 3, 1, 2, cls{1}), "none", rand (4, 3, 1, 4, 2, cls{1}), "none",
%!                  kernel{1});
%!     check_pages (rand (4, 5, 3, 1, 2, cls{1}), "ctranspose", rand (3, 4, 1, 4, 2, cls{1}),
%!                  "transpose", kernel{1});
%!     check_pages (rand (5, 4, cls{1}), "none", rand (4, 3, cls{1}), "none", kernel{1});
%!     Z = gpumat_pagemtimes (rand (5, 4, 3, 1, 2, cls{1}), rand (4, 3, 1, 4, 2, cls{1}), kernel{1});
%!     assert (size (Z), [5 3 3 4 2]);
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_02 ();

%!function gpu_check_03 ()
%! ## Equal to blkmm within the bound, both classes; mixed classes; logical and char.
%! for cls = {"double", "single"}
%!   X = randn (17, 13, 50, cls{1});  Y = randn (13, 9, 50, cls{1});
%!   Z = gpumat_pagemtimes (X, Y);
%!   R = blkmm (double (X), double (Y));
%!   assert (class (Z), cls{1});
%!   bound = 13 * eps (cls{1}) * blkmm (abs (double (X)), abs (double (Y)));
%!   assert (all (abs (double (Z(:)) - R(:)) <= bound(:)));
%! endfor
%! for kernel = all_kernels ("mixed")
%!   check_pages (single (rand (3, 4, 2)), "none", rand (4, 5, 2), "none", kernel{1});
%!   check_pages (rand (4, 3, 2), "transpose", single (rand (4, 5)), "none", kernel{1});
%!   check_pages (rand (3, 4, 2) > 0.5, "none", rand (4, 5, 2) > 0.5, "none", kernel{1});
%!   check_pages (["ab"; "cd"], "none", rand (2, 3, 4), "none", kernel{1});
%! endfor
%! assert (class (gpumat_pagemtimes (true (2, 2, 2), true (2))), "double");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_03 ();

%!function gpu_check_04 ()
%! ## 10^5 pages of 1x1, 0 pages, empty pages and K = 0 on the GPU.
%! X = rand (1, 1, 1e5);  Y = rand (1, 1, 1e5);
%! assert (gpumat_pagemtimes (X, Y), X .* Y);
%! assert (gpumat_pagemtimes (single (X), "transpose", Y, "ctranspose"), single (X) .* single (Y));
%! for kernel = all_kernels ("double")
%!   assert (gpumat_pagemtimes (ones (2, 3, 0), ones (3, 4), kernel{1}), zeros (2, 4, 0));
%!   assert (gpumat_pagemtimes (zeros (2, 0, 3), zeros (0, 4, 3), kernel{1}), zeros (2, 4, 3));
%!   C = gpumat_pagemtimes (gpumat (zeros (2, 0, 3)), zeros (0, 4), kernel{1});
%!   assert (class (C), "gpumat");
%!   assert (gather (C), zeros (2, 4, 3));
%!   assert (size (gpumat_pagemtimes (gpumat (ones (2, 3, 0)), ones (3, 4), kernel{1})), [2 4 0]);
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_04 ();

%!function gpu_check_05 ()
%! ## Scalars and 1x1 pages scale the other page, with the operations applied to it.
%! Y = rand (4, 5, 3) - 0.5;
%! for kernel = all_kernels ("mixed")
%!   check_pages (2, "none", Y, "none", kernel{1});
%!   check_pages (Y, "transpose", single (-3), "none", kernel{1});
%!   check_pages (rand (1, 1, 3), "none", Y, "ctranspose", kernel{1});
%!   check_pages (Y, "transpose", rand (1, 1, 1, 2), "none", kernel{1});
%!   check_pages (rand (1, 1, 3), "transpose", rand (1, 5, 3), "none", kernel{1});
%!   check_pages (rand (4, 1, 3), "transpose", 2, "none", kernel{1});
%! endfor
%! assert (gpumat_pagemtimes (2, Y), 2 * Y);
%! assert (gpumat_pagemtimes (Y, "transpose", 2, "none"), 2 * permute (Y, [2 1 3]));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_05 ();

%!function gpu_check_06 ()
%! ## gpumat operands give gpumat results; pagemtimes is a method of the class; views.
%! X = rand (6, 4, 5);  Y = rand (4, 3, 5);  R = blkmm (X, Y);
%! G = gpumat (X);  H = gpumat (Y);
%! Z = {gpumat_pagemtimes(G, H), gpumat_pagemtimes(X, H), pagemtimes(G, Y), pagemtimes(X, H)};
%! Z(end+1:end+2) = {pagemtimes(G, "none", H, "none"), pagemtimes(G, "none", H, "none", "auto")};
%! for i = 1:numel (Z)
%!   assert (class (Z{i}), "gpumat");
%!   assert (size (Z{i}), [6 3 5]);
%!   assert (gather (Z{i}), R, -1e-13);
%! endfor
%! A = rand (4, 6);  B = rand (4, 3);  GA = gpumat (A);  GB = gpumat (B);
%! assert (gather (pagemtimes (GA', GB)), A' * B, -1e-13);
%! assert (gather (pagemtimes (GB, "transpose", GA', "transpose")), B' * A, -1e-13);
%! assert (gather (pagemtimes (GA, "transpose", H, "none")), blkmm (repmat (A', 1, 1, 5), Y), -1e-13);
%! fail ("pagemtimes (G, G)", "pagemtimes: nonconformant arguments \\(op1 is 6x4x5, op2 is 6x4x5\\)");
%! fail ("pagemtimes (G, \"flip\", G, \"none\")", "pagemtimes: OPX must be");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_06 ();

%!function gpu_check_07 ()
%! ## Nothing is left on the GPU after errors.
%! use0 = __gpumat_call__ ("usage", "");
%! G = gpumat (ones (2, 3, 2));
%! for i = 1:20
%!   try
%!     gpumat_pagemtimes (G, ones (3, 4, 3));
%!   catch
%!   end_try_catch
%!   try
%!     gpumat_pagemtimes (G, single (ones (3, 4, 2)), "dmma");   # fails after the uploads
%!   catch
%!   end_try_catch
%!   try
%!     pagemtimes (G, "none", G, "bad");
%!   catch
%!   end_try_catch
%! endfor
%! clear G
%! use = __gpumat_call__ ("usage", "");
%! assert (use(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_07 ();

## ---- complex and integer pages: these need a GPU -----------------------------------------------
%!function X = page_cop (X, op)
%!  X = page_op (X, op);
%!  if (strcmp (op, "ctranspose"))
%!    X = conj (X);
%!  endif
%!endfunction

%!function check_cpages (X, opx, Y, opy, kernel)
%!  Z = gpumat_pagemtimes (X, opx, Y, opy, kernel);
%!  cls = "double";
%!  if (isa (X, "single") || isa (Y, "single"))
%!    cls = "single";
%!  endif
%!  Xd = double (cast (X, cls));  Yd = double (cast (Y, cls));
%!  [R, Rabs, k] = reference (page_cop (Xd, opx), page_cop (Yd, opy));
%!  assert (class (Z), cls);
%!  assert (iscomplex (Z), iscomplex (R));
%!  assert (size (Z), size (R));
%!  err = abs (double (Z) - R);
%!  bound = 2 * (k + 1) * eps (cls) * Rabs;
%!  bad = ! (err <= bound) & ! (isnan (Z) & isnan (R)) & ! (Z == R);
%!  assert (! any (bad(:)), "%s %s %s: %d of %d elements outside the bound", kernel, opx, opy,
%!          nnz (bad), numel (bad));
%!endfunction

%!function gpu_check_08 ()
%! ## Complex pages: every operation pair x every kernel x both precisions, broadcasting,
%! ## mixed real/complex, scalar pages.
%! ops = {"none", "transpose", "ctranspose"};
%! crand = @(varargin) complex (rand (varargin{:}) - 0.5, rand (varargin{:}) - 0.5);
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for ia = 1:3
%!       for ib = 1:3
%!         for s = [1 1 1 1; 17 31 13 3; 13 1 17 2; 33 65 31 2; 4 0 3 2]'
%!           [m, k, n, p] = deal (s(1), s(2), s(3), s(4));
%!           sx = [m k p];  sy = [k n p];
%!           if (ia > 1) sx = [k m p]; endif
%!           if (ib > 1) sy = [n k p]; endif
%!           check_cpages (crand (sx, cls{1}), ops{ia}, crand (sy, cls{1}), ops{ib}, kernel{1});
%!         endfor
%!         check_cpages (crand ([4 4 3], cls{1}), ops{ia}, rand ([4 4 1 2], cls{1}), ops{ib}, kernel{1});
%!       endfor
%!     endfor
%!     check_cpages (crand (1, 1, 3), "none", crand (4, 5, 3, cls{1}), "ctranspose", kernel{1});
%!     check_cpages (crand (4, 5, 3, cls{1}), "ctranspose", 2i, "none", kernel{1});
%!     check_cpages (crand (1, 5, 3, cls{1}), "ctranspose", 2, "none", kernel{1});
%!     check_cpages (crand (1, 1, 3), "ctranspose", crand (4, 5, 3, cls{1}), "none", kernel{1});
%!     check_cpages (crand (4, 5, cls{1}), "none", 2 + 1i, "ctranspose", kernel{1});
%!   endfor
%! endfor
%! ## blkmm's own complex test, with narrowing of a page product to real.
%! x(:,:,1) = [1 2; 3 4];  x(:,:,2) = [1i 1i; 1i 1i];
%! assert (gpumat_pagemtimes (x, x), blkmm (x, x));
%! assert (isreal (gpumat_pagemtimes (x, x)));
%! assert (gpumat_pagemtimes (single (x), x), single (blkmm (x, x)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_08 ();

%!function gpu_check_09 ()
%! ## Integer pages: exact against the double product of small values.
%! for cls = {"int8", "uint16", "int32", "uint64"}
%!   for kernel = {"auto", "naive", "tiled"}
%!     X = cast (randi ([0 5], 7, 9, 4), cls{1});  Y = cast (randi ([0 5], 9, 3), cls{1});
%!     Z = gpumat_pagemtimes (X, Y, kernel{1});
%!     assert (class (Z), cls{1});
%!     for p = 1:4
%!       assert (isequal (Z(:, :, p), cast (double (X(:, :, p)) * double (Y), cls{1})));
%!     endfor
%!     Z = gpumat_pagemtimes (X, "transpose", X, "none", kernel{1});
%!     assert (isequal (Z(:, :, 2), cast (double (X(:, :, 2)).' * double (X(:, :, 2)), cls{1})));
%!   endfor
%! endfor
%! assert (gpumat_pagemtimes (int8 (100 * ones (1, 2, 2)), int8 (ones (2, 1))), int8 (127 * ones (1, 1, 2)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_09 ();
