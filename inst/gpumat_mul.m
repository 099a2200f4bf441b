## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{C} =} gpumat_mul (@var{A}, @var{B})
## @deftypefnx {} {@var{C} =} gpumat_mul (@var{A}, @var{B}, @var{kernel})
## @deftypefnx {} {@var{C} =} gpumat_mul (@var{A}, @var{opa}, @var{B}, @var{opb})
## @deftypefnx {} {@var{C} =} gpumat_mul (@var{A}, @var{opa}, @var{B}, @var{opb}, @var{kernel})
## @deftypefnx {} {@var{C} =} gpumat_mul (@dots{}, "maxDeviceMemory", @var{bytes})
## @deftypefnx {} {@var{C} =} gpumat_mul (@dots{}, "devices", @var{list})
## Matrix product @code{@var{A} * @var{B}} computed on the GPU, or
## @code{op(@var{A}) * op(@var{B})} with a transposition of either operand.
##
## The result is the same as Octave's @code{*}: single if either operand is
## single, otherwise double (logical and char operands count as double); a scalar
## operand scales the other; an @var{m}-by-0 times 0-by-@var{n} product is
## @code{zeros (@var{m}, @var{n})}; NaN and Inf propagate as IEEE arithmetic
## says, since every product is computed.  The elements agree with @code{*} up to
## rounding: |C - A*B| <= k*eps(class)*(|A|*|B|) for inner size k.
##
## Complex data: complex double and complex single operands take every kernel
## their precision allows (@qcode{"dmma"} and @qcode{"ozaki"} only for complex
## double, @qcode{"tf32x3"} only for complex single), with every
## operation (@qcode{"ctranspose"} conjugates).  A real operand against a complex
## one is promoted, as @code{*} promotes (@code{[1 2] * [Inf*1i; 1]} is
## @code{NaN + Inf*i}); a complex scalar scales the other operand elementwise,
## as @code{*} does; a result whose imaginary parts are all zero is narrowed to
## real, as Octave narrows (@code{[1i 1] * [1i; 1]} is the real 0).  Complex
## arrays cross the bus in Octave's own interleaved storage (no copy on the
## host).  The elements agree with @code{*} within
## |C - A*B| <= 2*(k+1)*eps(class)*(|A|*|B|), |.| the modulus.
##
## Integer data (an extension of @code{*}): two operands of one integer class
## (int8 @dots{} uint64) give the exact mathematical product, accumulated
## without overflow and converted to the class once, with Octave's saturation
## (@code{int8 ([100 100]) * int8 ([100; -100])} is 0, and
## @code{int8 ([100 100]) * int8 ([100; 100])} is 127); Octave's own @code{*}
## refuses two integer matrices.  Kernels @qcode{"auto"}, @qcode{"naive"} and
## @qcode{"tiled"} compute them.  An integer array with a scalar (double,
## single, logical, char or the same integer class), or an integer scalar with
## a real matrix, is exactly Octave's own @code{*}, computed on the host.  Two
## different integer classes, and an integer matrix with a complex operand or
## a non-scalar of another class, raise @code{gpumat:mul:mixedInteger}.
##
## @var{opa} and @var{opb} are each @qcode{"none"}, @qcode{"transpose"} or
## @qcode{"ctranspose"} (the names of MATLAB's @code{pagemtimes}; for real data
## the last two are the same): @code{gpumat_mul (@var{X}, "transpose", @var{X},
## "none")} is @code{@var{X}.' * @var{X}}.  No transpose is ever copied, on the
## host or on the GPU: the kernels read the operand as it is stored (when
## @var{A} and @var{B} are the same array it crosses the bus once).  Sizes,
## classes, scalars, empties and errors follow @code{@var{A}.' * @var{B}} and
## its kind exactly; @code{s * @var{B}.'} is laid out as @code{@var{B}.'}.
##
## @var{kernel} picks the CUDA kernel, in any letter case:
## @table @asis
## @item "auto"
## (default) the fastest correct kernel for the shape, class and GPU.
## @item "naive"
## one thread per element of @var{C}.
## @item "tiled"
## 32x32 tiles of @var{A} and @var{B} staged in shared memory.
## @item "wpt"
## work per thread: each thread computes a 2-D tile of @var{C} in registers.
## @item "warp"
## warp tiling fed by a @code{cp.async} pipeline (compute capability 8.0+).
## @item "dmma"
## FP64 tensor cores, double only (compute capability 8.0+).
## @item "tf32x3"
## single (and complex single) on the TF32 tensor cores by the 3xTF32 split:
## each element is split into two TF32 parts and three tensor-core products
## are summed, within the same |C - A*B| <= k*eps("single")*(|A|*|B|) bound as
## FP32 arithmetic (compute capability 8.0+; products of inner size below 22,
## and blocks whose inputs hold subnormal, very large or non-finite values, are
## computed with FP32 FMA instead: @file{kernels/tf32/tf32.cuh} has the
## analysis).  On compute capability 9.0 (H100, H200) it runs on
## @code{wgmma} from inner size 128 and @qcode{"auto"} chooses it for large
## single products (1.2-1.4 times cuBLAS's FP32 SGEMM on an H100).  Double
## operands raise @code{gpumat:mul:invalidArgument}, as @qcode{"dmma"} does for
## single ones.
## @item "ozaki"
## double (and complex double) on the INT8 tensor cores by the Ozaki scheme II:
## each row of @var{A} and column of @var{B} is scaled by a power of two to
## integers, their product is computed exactly from its residues modulo 15
## (inner size up to 1024) or 16 small coprime numbers (one exact int8 product
## each) and the Chinese remainder theorem; the result is within the same
## |C - A*B| <= k*eps("double")*(|A|*|B|) bound as FP64 arithmetic (1.31 times
## cuBLAS's DGEMM at 4096^3 and 1.50 times at 8192^3 on an H200; inner sizes
## past 131071 run the older scheme I, 8 slices of 7 bits, far slower).  The
## 128x128 tiles of @var{C} holding an element the method cannot certify (rows
## or columns holding NaN or Inf, entries far below the largest of their row
## or column, results near underflow or overflow) are computed by
## @qcode{"dmma"} in the same call (on a GPU where dmma's tile does not fit,
## those elements with FP64 FMA), and products of inner size below 16 run on the
## FP64 tensor cores (compute capability 8.0+; @file{kernels/ozaki/scheme2.cu}
## has the analysis).  On every input of @code{make bench-accuracy} its error
## is at most 1.16 times @qcode{"dmma"}'s and its speed at least 0.93 times
## (H200).  @qcode{"auto"} chooses it for large double and complex double
## products of gpumat arrays on compute capability 9.0 (from about 3000^3; a
## product whose rows or columns send most tiles to @qcode{"dmma"} goes to
## @qcode{"dmma"} whole); products of host arrays keep @qcode{"dmma"}, and
## @env{GPUMAT_AUTO_DOUBLE}=dmma keeps it everywhere.  Single operands raise
## @code{gpumat:mul:invalidArgument}.
## @end table
## @code{gpumat_kernels ()} lists every kernel this build has.
##
## When @var{A} or @var{B} is a @code{gpumat} array, the product stays on the GPU
## and @var{C} is a @code{gpumat} array; use @code{gather} to read it.  A
## transposed gpumat array (@code{@var{G}'}) is read in place, with the same flags.
##
## Products of host arrays larger than the GPU's memory: when @var{A}, @var{B}
## and @var{C} do not fit in the free device memory, the product (of one page)
## is computed in blocks of @var{C} that do fit, with panels of
## @var{A} and @var{B} streamed through pinned staging buffers while the
## previous blocks multiply; each element is still one inner product over all of
## @var{k} (a very deep @var{k} is cut into slices summed in a fixed order), so
## the result meets the same error bound.  The option
## @code{"maxDeviceMemory"}, @var{bytes} caps the device memory the blocks may
## take (the kernels' own workspace comes on top), which forces the blocked path
## on arrays of any size.  Ctrl-C stops a blocked product between blocks with
## @code{gpumat:interrupted}, every buffer freed; Octave then handles the interrupt
## itself as well, so the script stops there (a @code{try} does not carry on).  Complex
## products go the same way (a real operand with a complex one is promoted on the
## device panel by panel, and the result is narrowed to real as @code{*} narrows it), and
## so do integer ones, whose @var{k} is never cut (each element stays one exact sum,
## saturated once; a budget with no room for that raises @code{gpumat:outOfMemory}).
## Page-wise products and gpumat arrays still need their operands in device memory.
##
## Several GPUs of one host: @code{"devices"}, @var{list} names the GPUs a
## product of host arrays may use, as 0-based CUDA ordinals (the @code{Index}
## of @code{gpumat_device ().Devices}, and nvidia-smi's numbers), distinct, in
## any order; @code{gpumat_device ("devices", @var{list})} sets the package
## default (initially device 0 alone).  With one device listed, the whole
## product runs on it.  With several, a product of host arrays (real, complex
## or integer) that is large (at least 10^12 flops), past one device's memory, or
## given a @code{"maxDeviceMemory"} budget is computed in blocks of @var{C}
## shared among the devices: each GPU has its own host thread, streams, device
## buffers and pinned staging, and takes the next block from a common queue
## when it finishes one, so a faster GPU takes more.  Each block is computed by
## the same kernel as on one GPU (on GPUs of one model, the same bits); the
## budget applies to each device.  Smaller products, and page-wise ones,
## run on the first device listed.  The first failure on any
## GPU stops the others at their next block and is raised naming that GPU;
## Ctrl-C stops them all, and every device and pinned buffer is freed either
## way.  A gpumat array lives on one GPU (device 0, where gpumat arrays are
## made): a product of a gpumat operand runs there, and a @code{"devices"}
## list that leaves its GPU out, or operands on two GPUs, raise
## @code{gpumat:device:mixedDevices} (nothing is copied between GPUs).  A
## list that is not a vector of distinct whole numbers from 0, or names a GPU
## this host lacks, raises @code{gpumat:device:invalidDevice}.
##
## Errors: nonconformant sizes raise @code{Octave:nonconformant-args}, naming the
## sizes after the operations as @code{*} does; sparse and N-D arrays, and other
## types, raise @code{gpumat:mul:@var{reason}}; mixed integer classes
## @code{gpumat:mul:mixedInteger}; a kernel that has no integer version
## @code{gpumat:mul:unsupportedKernel}; an operation
## other than the three names raises @code{gpumat:mul:invalidOp}; an unknown
## @var{kernel} raises @code{gpumat:mul:unknownKernel}; without a usable GPU,
## @code{gpumat:noDevice}; when the GPU's memory is short,
## @code{gpumat:outOfMemory}.
##
## @example
## @group
## A = rand (1000, 300); B = rand (300, 2000);
## C = gpumat_mul (A, B, "tiled");
## max (abs (C(:) - reshape (A * B, [], 1)))
## X = rand (40000, 1500);
## S = gpumat_mul (X, "transpose", X, "none");   # X' * X, X never copied
## @end group
## @end example
## @seealso{gpumat_pagemtimes, gpumat_dot, gpumat, gpumat_available, mtimes}
## @end deftypefn

function C = gpumat_mul (A, varargin)
  ## The forms are told apart by the number of arguments: (A, B [, KERNEL]) and
  ## (A, OPA, B, OPB [, KERNEL]).  The gateway checks the operands and raises the errors
  ## above: a 16x16 product is mostly call overhead, and a try/catch or type tests here would
  ## add a fifth to it.
  ## Trailing "maxDeviceMemory", BYTES and "devices", LIST pairs, in either order (no kernel
  ## or operation has those names); the gateway checks their values.
  budget = {};
  opts = struct ();
  while (numel (varargin) >= 3 && ischar (varargin{end-1}) && isrow (varargin{end-1})
         && any (strcmpi (varargin{end-1}, {"maxDeviceMemory", "devices"})))
    name = varargin{end-1};
    if (strcmpi (name, "devices"))
      name = "devices";
    else
      name = "maxDeviceMemory";
    endif
    if (isfield (opts, name))
      error ("gpumat:mul:invalidOption", "gpumat_mul: option %s given twice", name);
    endif
    opts.(name) = varargin{end};
    varargin(end-1:end) = [];
  endwhile
  if (isfield (opts, "devices"))
    budget = {opts};
  elseif (isfield (opts, "maxDeviceMemory"))
    budget = {opts.maxDeviceMemory};
  endif
  switch (numel (varargin) + 1)
    case 2
      C = __gpumat_call__ ("mul", "gpumat_mul", A, varargin{1}, "auto", budget{:});
    case 3
      C = __gpumat_call__ ("mul", "gpumat_mul", A, varargin{1}, varargin{2}, budget{:});
    case 4
      C = __gpumat_call__ ("mul", "gpumat_mul", A, varargin{:}, "auto", budget{:});
    case 5
      C = __gpumat_call__ ("mul", "gpumat_mul", A, varargin{:}, budget{:});
    otherwise
      print_usage ();
  endswitch
endfunction

%!demo
%! A = rand (2000); B = rand (2000);
%! tic; C = gpumat_mul (A, B); t_gpu = toc;
%! tic; R = A * B; t_cpu = toc;
%! printf ("gpumat_mul %.3f s, A*B %.3f s, max difference %g\n", t_gpu, t_cpu, max (abs (C(:) - R(:))));

## ---- errors: these run without a GPU -----------------------------------------------------------
%!error <Invalid call> gpumat_mul ()
%!error <Invalid call> gpumat_mul (1)
%!error <Invalid call> gpumat_mul (1, "none", 2, "none", "auto", 6)
%!error id=gpumat:mul:invalidOp gpumat_mul (1, 2, "auto", 4)
%!error id=gpumat:mul:invalidOp gpumat_mul (1, "flip", 2, "none")
%!error <OPA must be "none", "transpose" or "ctranspose", not 'flip'> gpumat_mul (1, "flip", 2, "none")
%!error id=gpumat:mul:invalidOp gpumat_mul (1, "none", 2, "T")
%!error <OPB must be> gpumat_mul (1, "none", 2, ["none"; "none"])
%!error id=gpumat:mul:invalidOp gpumat_mul (1, "none", 2, {"none"})
%!error id=gpumat:mul:invalidOp gpumat_mul (1, "none", 2, 1)
%!error id=Octave:nonconformant-args gpumat_mul (ones (2, 3), "transpose", ones (2, 3), "transpose")
%!error <gpumat_mul: nonconformant arguments \(op1 is 3x2, op2 is 3x2\)> gpumat_mul (ones (2, 3), "transpose", ones (2, 3), "transpose")
%!error <nonconformant arguments \(op1 is 2x3, op2 is 2x3\)> gpumat_mul (ones (2, 3), "none", ones (3, 2), "ctranspose")
%!error <nonconformant arguments \(op1 is 3x2, op2 is 4x3\)> gpumat_mul (ones (2, 3), "ctranspose", ones (4, 3), "none")
%!error id=gpumat:mul:ndArray gpumat_mul (ones (2, 2, 2), "transpose", ones (2), "none")
%!error id=Octave:nonconformant-args gpumat_mul ([1+2i 3], "transpose", [1; 2], "none")
%!error id=gpumat:mul:mixedInteger gpumat_mul (int8 ([1 2]), "transpose", [1 2], "none")
%!error id=gpumat:mul:unknownKernel gpumat_mul (1, "none", 1, "none", "fastest")
%!error id=gpumat:mul:invalidOption gpumat_mul (ones (2), ones (2), "maxDeviceMemory", 0)
%!error id=gpumat:mul:invalidOption gpumat_mul (ones (2), ones (2), "maxDeviceMemory", 1.5)
%!error id=gpumat:mul:invalidOption gpumat_mul (ones (2), ones (2), "maxDeviceMemory", "1e9")
%!error <maxDeviceMemory must be a whole number of bytes .*, not -4> gpumat_mul (ones (2), "none", ones (2), "none", "tiled", "maxDeviceMemory", -4)
%!error id=gpumat:mul:invalidKernel gpumat_mul (ones (2), "maxDeviceMemory", 1e9)
## "devices": the list's form is checked before any GPU is asked (these run without one)
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", -1)
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", [0 0])
%!error <devices lists GPU 0 twice> gpumat_mul (ones (2), ones (2), "devices", [0 1 0])
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", 0.5)
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", [])
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", "0")
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", [0 1; 1 0])
%!error <GPU numbers 0 to 15 .*, not 16> gpumat_mul (ones (2), "none", ones (2), "none", "tiled", "devices", 16)
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "devices", 1:17)
%!error id=gpumat:device:invalidDevice gpumat_mul (ones (2), ones (2), "maxDeviceMemory", 1e6, "devices", NaN)
%!error id=gpumat:mul:invalidOption gpumat_mul (ones (2), ones (2), "devices", -1, "maxDeviceMemory", 0)
%!error <option devices given twice> gpumat_mul (ones (2), ones (2), "devices", 0, "Devices", 0)
%!error id=gpumat:mul:invalidKernel gpumat_mul (ones (2), "devices", 0)
%!testif ; ! gpumat_available ()
%! ## a well-formed list needs a GPU to be checked against: no GPU, gpumat:noDevice
%! try
%!   gpumat_mul (ones (2), ones (2), "devices", 0);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%! end_try_catch
%!error id=gpumat:mul:invalidKernel gpumat_mul (1, "none", 1, "none", 3)
%!error id=gpumat:mul:tooLarge gpumat_mul (zeros (0, 2^40), "transpose", zeros (0, 2^40), "none")
%!error id=Octave:nonconformant-args gpumat_mul (ones (2, 3), ones (4, 5))
%!error <gpumat_mul: nonconformant arguments \(op1 is 2x3, op2 is 4x5\)> gpumat_mul (ones (2, 3), ones (4, 5))
%!error <nonconformant arguments \(op1 is 1x2, op2 is 1x2\)> gpumat_mul ([1 2], [3 4])
%!error id=gpumat:mul:mixedInteger gpumat_mul (int32 ([1 2; 3 4]), ones (2))
%!error <product of int32 matrix by double matrix> gpumat_mul (int32 ([1 2; 3 4]), ones (2))
%!error id=gpumat:mul:mixedInteger gpumat_mul (ones (2), uint8 ([1 2; 3 4]))
%!error id=gpumat:mul:mixedInteger gpumat_mul (int32 ([1 2; 3 4]), int16 ([1 2; 3 4]))
%!error <product of int32 matrix by int16 matrix> gpumat_mul (int32 ([1 2; 3 4]), int16 ([1 2; 3 4]))
%!error id=gpumat:mul:mixedInteger gpumat_mul (int32 ([1 2; 3 4]), int16 (2))
%!error id=gpumat:mul:mixedInteger gpumat_mul (int8 (2), uint8 (3))
%!error id=gpumat:mul:mixedInteger gpumat_mul (int32 ([1 2; 3 4]), [1i; 2])
%!error <product of int32 matrix by complex double scalar> gpumat_mul (int32 ([1 2; 3 4]), 1i)
%!error id=gpumat:mul:mixedInteger gpumat_mul (2i, uint16 ([1 2]))
%!error id=gpumat:mul:mixedInteger gpumat_mul (single ([1 2; 3 4]), "transpose", int8 ([1 2; 3 4]), "none")
%!error id=gpumat:mul:mixedInteger gpumat_mul (int8 ([1 2; 3 4]), true (2))
%!error id=gpumat:mul:unsupportedKernel gpumat_mul (int32 ([1 2; 3 4]), int32 ([1 2; 3 4]), "wpt")
%!error <kernel 'warp' does not compute uint8 products: use auto, naive or tiled> gpumat_mul (uint8 ([1 2; 3 4]), uint8 ([1 2; 3 4]), "warp")
%!error id=gpumat:mul:unsupportedKernel gpumat_mul (int64 (ones (2)), "transpose", int64 (ones (2)), "none", "dmma")
%!error id=Octave:nonconformant-args gpumat_mul (int16 (ones (2, 3)), int16 (ones (2, 3)))
%!error id=Octave:nonconformant-args gpumat_mul ([1i 2], [3i 4])
%!error <nonconformant arguments \(op1 is 3x2, op2 is 3x2\)> gpumat_mul (complex (ones (2, 3)), "ctranspose", single (ones (3, 2)), "none")

## An integer array with a scalar is Octave's own * (elementwise, rounded and saturated in the
## integer class), computed on the host: no GPU needed.
%!assert (gpumat_mul (int8 (1), 2), int8 (2))
%!assert (gpumat_mul (int32 ([1 2; 3 4]), 2.6), int32 ([1 2; 3 4]) * 2.6)
%!assert (gpumat_mul (2.5, "none", int8 ([1 2; 3 4]), "transpose"), 2.5 * int8 ([1 2; 3 4]).')
%!assert (gpumat_mul (int8 ([100 -100]), 2), int8 ([127 -128]))
%!assert (gpumat_mul (uint8 ([1 2]), -1), uint8 ([0 0]))
%!assert (gpumat_mul (int16 (3), int16 ([1 2])), int16 ([3 6]))
%!assert (gpumat_mul (int8 (3), true (2)), int8 (3) * true (2))
%!assert (gpumat_mul (int8 ([1 2]), "a"), int8 ([97 127]))
%!assert (gpumat_mul (int32 (2), [1.5 2.5; -1.5 3]), int32 (2) * [1.5 2.5; -1.5 3])
%!assert (gpumat_mul (single (0.5), "none", uint16 ([1 3 5]), "ctranspose"), single (0.5) * uint16 ([1 3 5])')
%!assert (class (gpumat_mul (int64 (2), NaN)), "int64")
%!assert (gpumat_mul (int64 (2), NaN), int64 (0))
## Empty inner dimension with complex data: zeros, narrowed to real as Octave narrows.
%!assert (gpumat_mul (zeros (3, 0), complex (zeros (0, 4))), zeros (3, 4))
%!assert (isreal (gpumat_mul (complex (zeros (3, 0)), complex (zeros (0, 4)))))
%!assert (class (gpumat_mul (complex (zeros (3, 0, "single")), zeros (0, 4))), "single")
%!assert (size (gpumat_mul (complex (zeros (0, 3)), ones (3, 4))), [0 4])
%!error id=gpumat:mul:sparse gpumat_mul (sparse (eye (2)), ones (2))
%!error id=gpumat:mul:sparse gpumat_mul (ones (2), sparse (logical (eye (2))))
%!error id=gpumat:mul:ndArray gpumat_mul (ones (2, 2, 2), ones (2))
%!error <op1 is 2x2x2> gpumat_mul (ones (2, 2, 2), ones (2))
%!error id=gpumat:mul:invalidType gpumat_mul ({1}, 1)
%!error id=gpumat:mul:invalidType gpumat_mul (1, struct ("a", 1))
%!error id=gpumat:mul:invalidType gpumat_mul (@sin, 1)
%!error id=gpumat:mul:invalidType gpumat_mul (1, containers.Map ())
%!error id=gpumat:mul:unknownKernel gpumat_mul (1, 1, "fastest")
%!error <unknown kernel 'fastest': use one of auto, naive, tiled, wpt> gpumat_mul (1, 1, "fastest")
%!error id=gpumat:mul:tooLarge gpumat_mul (zeros (2^40, 0), zeros (0, 2^40))
%!error id=gpumat:mul:invalidKernel gpumat_mul (1, 1, 3)
%!error id=gpumat:mul:invalidKernel gpumat_mul (1, 1, ["ab"; "cd"])

## An empty inner dimension needs no GPU: zeros of the result's class, also when the result is
## large enough to come from Octave's own allocator (__gpumat_alloc__).
%!assert (gpumat_mul (zeros (300, 0), zeros (0, 400)), zeros (300, 400))
%!assert (gpumat_mul (zeros (300, 0, "single"), zeros (0, 400)), zeros (300, 400, "single"))
%!assert (gpumat_mul (zeros (3, 0), zeros (0, 4)), zeros (3, 4))
%!assert (class (gpumat_mul (zeros (300, 0), single (zeros (0, 400)))), "single")
%!assert (gpumat_mul (zeros (0, 300), "transpose", zeros (0, 400), "none"), zeros (300, 400))
%!assert (gpumat_mul (zeros (3, 0), "none", zeros (4, 0), "ctranspose"), zeros (3, 4))
%!assert (gpumat_mul (zeros (0, 3, "single"), "transpose", zeros (4, 0), "transpose"), zeros (3, 4, "single"))
%!assert (size (gpumat_mul (zeros (5, 0), "transpose", ones (5, 2), "none")), [0 2])
%!assert (size (gpumat_mul (2, "none", zeros (3, 0), "transpose")), [0 3])

## Without a GPU the product itself must say why, in words, and what to do next.
%!testif ; ! gpumat_available ()
%! try
%!   gpumat_mul (ones (2), ones (2));
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%!   assert (strncmp (err.message, "gpumat_mul: no usable CUDA GPU: ", 32));
%!   assert (! isempty (strfind (err.message, "gpumat_available ()")));
%!   assert (! isempty (strfind (err.message, "host arrays")));
%! end_try_catch

## ---- results: these need a GPU ---------------------------------------------------------------
%!function check_product (A, B, kernel, opa, opb)
%!  ## op(A) * op(B) against Octave's * on explicitly transposed copies.
%!  if (nargin < 4)
%!    C = gpumat_mul (A, B, kernel);
%!  else
%!    C = gpumat_mul (A, opa, B, opb, kernel);
%!    if (! strcmp (opa, "none"))
%!      A = A.';
%!    endif
%!    if (! strcmp (opb, "none"))
%!      B = B.';
%!    endif
%!  endif
%!  R = A * B;
%!  assert (class (C), class (R));
%!  assert (size (C), size (R));
%!  ## Reference in double from the operands as the product sees them (in the result's class).
%!  if (isa (R, "single"))
%!    Ad = double (single (A));  Bd = double (single (B));
%!  else
%!    Ad = double (A);  Bd = double (B);
%!  endif
%!  Cref = Ad * Bd;
%!  if (isscalar (A) || isscalar (B))
%!    k = 1;
%!  else
%!    k = columns (A);
%!  endif
%!  bound = k * eps (class (R)) * (abs (Ad) * abs (Bd));
%!  err = abs (double (C) - Cref);
%!  bad = ! (err <= bound) & ! (isnan (C) & isnan (Cref)) & ! (C == Cref);
%!  assert (! any (bad(:)), "%s: %d of %d elements outside the bound, worst %g over %g",
%!          kernel, nnz (bad), numel (bad), max (err(bad)), max (bound(bad)));
%!endfunction

%!function kernels = all_kernels (cls)
%!  ## Every kernel of this build that runs CLS on this GPU, as the kernel registry says
%!  ## (gpumat_kernels's second output: the classes each computes, the compute capability it
%!  ## needs).  "mixed": products of mixed classes, some with double results, some single, so
%!  ## kernels of both.
%!  [kernels, rows] = gpumat_kernels ();
%!  cc = str2double (gpumat_device ().ComputeCapability);
%!  keep = [rows.MinComputeCapability] <= cc;
%!  if (nargin > 0)
%!    want = {cls};
%!    if (strcmp (cls, "mixed"))
%!      want = {"double", "single"};
%!    endif
%!    for i = 1:numel (rows)
%!      keep(i) = keep(i) && all (ismember (want, rows(i).Classes));
%!    endfor
%!  endif
%!  kernels = kernels(keep);
%!endfunction

%!function es = ifelse_single (cls)
%!  es = 8;
%!  if (strcmp (cls, "single"))
%!    es = 4;
%!  endif
%!endfunction

%!function check_bound (C, A, B)
%!  ## |C - Cref| <= k eps (|A| |B|) elementwise, Cref in double; the class checked apart.
%!  assert (class (C), class (A * B));
%!  Ad = double (A);  Bd = double (B);
%!  Cref = Ad * Bd;
%!  bound = columns (A) * eps (class (C)) * (abs (Ad) * abs (Bd));
%!  err = abs (double (C) - Cref);
%!  bad = ! (err <= bound) & ! (isnan (C) & isnan (Cref)) & ! (C == Cref);
%!  assert (! any (bad(:)), "%d of %d elements outside the bound", nnz (bad), numel (bad));
%!endfunction

%!function gpu_check_01 ()
%! ## Sizes around every tile edge, primes, K = 1, vectors, tall and wide.
%! shapes = [1 1 1; 1 1 7; 7 1 1; 1 7 1; 2 2 2; 3 1 5; 17 33 31; 31 32 33; 32 32 32; 33 33 33;
%!           63 65 64; 64 64 64; 65 63 129; 127 129 128; 128 128 128; 129 127 131; 13 1 300;
%!           1 300 1; 300 1 1; 1 1 300; 97 101 103; 255 17 257; 1000 3 2; 2 3 1000; 5 1000 3];
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for s = shapes'
%!       A = rand (s(1), s(2), cls{1}) - 0.5;  B = rand (s(2), s(3), cls{1}) - 0.5;
%!       check_product (A, B, kernel{1});
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();

%!function gpu_check_02 ()
%! ## Larger, and very tall, wide and skinny shapes.
%! shapes = [4097 17 5; 5 17 4097; 1 4097 1; 1000 300 17; 17 3000 1000; 2000 64 2000;
%!           4100 1 130; 129 2049 257];
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for s = shapes'
%!       A = randn (s(1), s(2), cls{1});  B = randn (s(2), s(3), cls{1});
%!       check_product (A, B, kernel{1});
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_02 ();

%!function gpu_check_03 ()
%! ## A kernel that cannot compute in this class says so.
%! if (any (strcmp (gpumat_kernels (), "dmma")))
%!   try
%!     gpumat_mul (single (ones (2)), ones (2), "dmma");
%!     error ("no error raised");
%!   catch err
%!     assert (err.identifier, "gpumat:mul:invalidArgument");
%!   end_try_catch
%! endif
%! if (any (strcmp (gpumat_kernels (), "tf32x3")))
%!   for X = {ones(2), complex(ones (2), 1)}
%!     try
%!       gpumat_mul (X{1}, ones (2), "tf32x3");   # tf32x3: single and complex single only
%!       error ("no error raised");
%!     catch err
%!       assert (err.identifier, "gpumat:mul:invalidArgument");
%!     end_try_catch
%!   endfor
%! endif
%! if (any (strcmp (gpumat_kernels (), "ozaki")))
%!   for X = {single(ones (2)), single(complex (ones (2), 1))}
%!     try
%!       gpumat_mul (X{1}, ones (2), "ozaki");   # ozaki: double and complex double only
%!       error ("no error raised");
%!     catch err
%!       assert (err.identifier, "gpumat:mul:invalidArgument");
%!     end_try_catch
%!   endfor
%! endif
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_03 ();

%!function gpu_check_04 ()
%! ## tf32x3: single products within k*eps(single)*(|A|*|B|), on both sides of its k-floor (22),
%! ## with a row spanning 2^-60..2^60 and with Inf and NaN, against the double product.
%! for k = [1 21 22 23 64 300]
%!   A = single (rand (37, k) - 0.5);  B = single (rand (k, 29) - 0.5);
%!   A(2, :) = single (2 .^ round (120 * rand (1, k) - 60)) .* sign (rand (1, k) - 0.5);
%!   if (k > 2)
%!     A(3, 1) = Inf;  A(4, 2) = NaN;  B(1, 5) = 0;
%!   endif
%!   C = gpumat_mul (A, B, "tf32x3");
%!   assert (class (C), "single");
%!   R = double (A) * double (B);
%!   Af = double (A);  Af(! isfinite (Af)) = 0;
%!   bound = k * eps ("single") * (abs (Af) * abs (double (B)));
%!   ok = abs (double (C) - R) <= bound | (isnan (C) & isnan (R)) | (C == R);
%!   assert (all (ok(:)), "k = %d: %d elements outside the bound", k, nnz (! ok));
%! endfor
%! ## complex single: one real product of depth 2k on the same kernel
%! Z = single (complex (rand (30, 40), rand (30, 40)));  W = single (complex (rand (40, 20), rand (40, 20)));
%! C = gpumat_mul (Z, W, "tf32x3");
%! assert (class (C), "single");
%! bound = 2 * 41 * eps ("single") * (abs (double (Z)) * abs (double (W)));
%! assert (all (abs (double (C) - double (Z) * double (W))(:) <= bound(:)));
%!endfunction
%!testif ; gpumat_available () && str2double (gpumat_device ().ComputeCapability) >= 8
%! gpu_check_04 ();

%!function gpu_check_05 ()
%! ## ozaki: double products within k*eps(double)*(|A|*|B|), on both sides of its k-floor (16),
%! ## full 53-bit mantissas, a row spanning 2^-200..2^200, a row of zeros, Inf and NaN, and a
%! ## product that overflows, against the double product.
%! for k = [1 15 16 17 64 300 2000]
%!   A = (1 + rand (37, k)) .* sign (rand (37, k) - 0.5);  B = rand (k, 29) - 0.5;
%!   A(2, :) = 2 .^ round (400 * rand (1, k) - 200) .* sign (rand (1, k) - 0.5);
%!   A(5, :) = 0;
%!   if (k > 2)
%!     A(3, 1) = Inf;  A(4, 2) = NaN;  B(1, 5) = 0;
%!     A(6, 2) = 2^600;  B(2, 7) = 2^600;   # C(6, 7) overflows to Inf
%!   endif
%!   C = gpumat_mul (A, B, "ozaki");
%!   assert (class (C), "double");
%!   R = A * B;
%!   Af = A;  Af(! isfinite (Af)) = 0;
%!   bound = k * eps ("double") * (abs (Af) * abs (B));
%!   ok = abs (C - R) <= bound | (isnan (C) & isnan (R)) | (C == R);
%!   assert (all (ok(:)), "k = %d: %d elements outside the bound", k, nnz (! ok));
%!   if (k > 2)
%!     assert (C(6, 7), Inf);
%!     assert (all (isnan (C(4, :))));
%!   endif
%! endfor
%!endfunction
%!testif ; gpumat_available () && str2double (gpumat_device ().ComputeCapability) >= 8
%! gpu_check_05 ();

%!function gpu_check_06 ()
%! ## ozaki: transposed operands, complex double (one real product of depth 2k), a gpumat
%! ## operand, each within its bound.
%! A = randn (300, 40);  B = randn (300, 50);
%! C = gpumat_mul (A, "transpose", B, "none", "ozaki");
%! assert (all (abs (C - A.' * B)(:) <= 300 * eps * (abs (A.') * abs (B))(:)));
%! Z = complex (rand (30, 40), rand (30, 40));  W = complex (rand (40, 20), rand (40, 20));
%! C = gpumat_mul (Z, W, "ozaki");
%! assert (class (C), "double");
%! bound = 2 * 41 * eps ("double") * (abs (Z) * abs (W));
%! assert (all (abs (C - Z * W)(:) <= bound(:)));
%! G = gather (gpumat_mul (gpumat (A), "transpose", B, "none", "ozaki"));
%! assert (G, gpumat_mul (A, "transpose", B, "none", "ozaki"));
%!endfunction
%!testif ; gpumat_available () && str2double (gpumat_device ().ComputeCapability) >= 8
%! gpu_check_06 ();

%!function gpu_check_07 ()
%! ## Letter case does not matter, and auto is the default.
%! A = rand (40, 30);  B = rand (30, 20);
%! assert (gpumat_mul (A, B, "TILED"), gpumat_mul (A, B, "tiled"));
%! assert (gpumat_mul (A, B, "Auto"), gpumat_mul (A, B));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_07 ();

%!function gpu_check_08 ()
%! ## Class rules: mixed single and double, logical and char.
%! A = rand (9, 7);  B = rand (7, 5);
%! for kernel = all_kernels ("mixed")
%!   check_product (single (A), B, kernel{1});
%!   check_product (A, single (B), kernel{1});
%!   check_product (A > 0.5, B > 0.5, kernel{1});
%!   check_product (A > 0.5, single (B), kernel{1});
%!   check_product (["ab"; "cd"], ["e"; "f"], kernel{1});
%!   assert (class (gpumat_mul (true (2), true (2), kernel{1})), "double");
%!   assert (class (gpumat_mul ("a", single (2), kernel{1})), "single");
%! endfor
%! ## The single-only kernel takes any operands whose product is single.
%! if (any (strcmp (all_kernels ("single"), "tf32x3")))
%!   check_product (single (A), B, "tf32x3");
%!   check_product (A > 0.5, single (B), "tf32x3");
%!   check_product ("ab", single (rand (2, 3)), "tf32x3");
%! endif
%! ## The double-only kernels take any operands whose product is double.
%! if (any (strcmp (all_kernels ("double"), "ozaki")))
%!   check_product (A > 0.5, B, "ozaki");
%!   check_product (["ab"; "cd"], ["e"; "f"], "ozaki");
%! endif
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_08 ();

%!function gpu_check_09 ()
%! ## A scalar operand scales the other, whatever its size, as * does.
%! for kernel = all_kernels ("mixed")
%!   check_product (3, rand (4, 5), kernel{1});
%!   check_product (rand (4, 5), single (-2), kernel{1});
%!   check_product (single (2), 7, kernel{1});
%!   check_product (2, rand (1, 9), kernel{1});
%!   assert (gpumat_mul (2, zeros (0, 3), kernel{1}), zeros (0, 3));
%!   assert (gpumat_mul (zeros (3, 0), 2, kernel{1}), zeros (3, 0));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_09 ();

%!function gpu_check_10 ()
%! ## Empty dimensions: m-by-0 times 0-by-n is zeros (m, n).
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     C = gpumat_mul (zeros (3, 0, cls{1}), zeros (0, 4, cls{1}), kernel{1});
%!     assert (C, zeros (3, 4, cls{1}));
%!     assert (class (C), cls{1});
%!     assert (size (gpumat_mul (zeros (0, 3, cls{1}), ones (3, 4), kernel{1})), [0 4]);
%!     assert (size (gpumat_mul (ones (4, 3, cls{1}), zeros (3, 0), kernel{1})), [4 0]);
%!     assert (size (gpumat_mul (zeros (0, 0, cls{1}), zeros (0, 0), kernel{1})), [0 0]);
%!     assert (gpumat_mul (zeros (1, 0), zeros (0, 1), kernel{1}), 0);
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_10 ();

%!function gpu_check_11 ()
%! ## NaN and Inf propagate: 0 * Inf is NaN, Inf - Inf is NaN; nothing is skipped.
%! A = [1 0 2; 0 0 0; Inf 1 0; NaN 0 0];
%! B = [0 1; Inf 0; 1 -Inf];
%! R = A * B;
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     C = gpumat_mul (cast (A, cls{1}), cast (B, cls{1}), kernel{1});
%!     assert (isnan (C), isnan (R));
%!     assert (C(! isnan (R)), cast (R(! isnan (R)), cls{1}));
%!   endfor
%! endfor
%! ## A large product where a single NaN or Inf meets zeros past the first tile.
%! A = zeros (70, 70);  A(65, 66) = Inf;  B = zeros (70, 3);
%! for kernel = all_kernels ("double")
%!   C = gpumat_mul (A, B, kernel{1});
%!   assert (isnan (C(65, :)), true (1, 3));
%!   C(65, :) = 0;
%!   assert (C, zeros (70, 3));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_11 ();

%!function gpu_check_12 ()
%! ## Every operation pair x every kernel x both classes x odd shapes (m k n), against * on
%! ## explicitly transposed copies: 1x1, primes, K = 1, vectors, tile edges, zero sizes.
%! ops = {"none", "transpose", "ctranspose"};
%! shapes = [1 1 1; 17 31 13; 13 1 17; 1 7 1; 7 1 5; 1 1 9; 31 32 33; 65 63 129; 129 127 131;
%!           4 0 3; 0 3 4; 3 4 0; 300 2 1; 2 300 3];
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for ia = 1:3
%!       for ib = 1:3
%!         for s = shapes'
%!           [m, k, n] = deal (s(1), s(2), s(3));
%!           if (ia == 1)
%!             A = rand (m, k, cls{1}) - 0.5;
%!           else
%!             A = rand (k, m, cls{1}) - 0.5;
%!           endif
%!           if (ib == 1)
%!             B = rand (k, n, cls{1}) - 0.5;
%!           else
%!             B = rand (n, k, cls{1}) - 0.5;
%!           endif
%!           check_product (A, B, kernel{1}, ops{ia}, ops{ib});
%!         endfor
%!       endfor
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_12 ();

%!function gpu_check_13 ()
%! ## X'*X and X*X' from one host array (uploaded once), larger than a tile.
%! for cls = {"double", "single"}
%!   X = randn (1000, 37, cls{1});
%!   for kernel = all_kernels (cls{1})
%!     check_product (X, X, kernel{1}, "transpose", "none");
%!     check_product (X, X, kernel{1}, "none", "ctranspose");
%!   endfor
%!   S = gpumat_mul (X, "transpose", X, "none");
%!   assert (size (S), [37 37]);
%!   assert (class (S), cls{1});
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_13 ();

%!function gpu_check_14 ()
%! ## Scalars with operations: s * op(B) is laid out as op(B), whichever side s is on.
%! B = rand (4, 7);  v = rand (1, 5);
%! for kernel = all_kernels ("mixed")
%!   check_product (3, B, kernel{1}, "none", "transpose");
%!   check_product (B, -2, kernel{1}, "ctranspose", "none");
%!   check_product (single (3), B, kernel{1}, "transpose", "transpose");
%!   check_product (B, single (0.5), kernel{1}, "transpose", "ctranspose");
%!   check_product (2, v, kernel{1}, "none", "transpose");
%!   check_product (v, 2, kernel{1}, "transpose", "none");
%!   check_product (5, 7, kernel{1}, "transpose", "transpose");
%!   assert (gpumat_mul (3, "none", B, "transpose", kernel{1}), 3 * B.');
%!   assert (gpumat_mul (B, "transpose", 2, "none", kernel{1}), B.' * 2);
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_14 ();

%!function gpu_check_15 ()
%! ## Mixed classes with operations: single wins; logical and char count as double.
%! A = rand (9, 7);  B = rand (5, 9);
%! for kernel = all_kernels ("mixed")
%!   check_product (single (A), B, kernel{1}, "transpose", "transpose");
%!   check_product (A, single (B), kernel{1}, "ctranspose", "ctranspose");
%!   check_product (A > 0.5, B > 0.5, kernel{1}, "transpose", "transpose");
%!   check_product (["ab"; "cd"], ["ef"; "gh"], kernel{1}, "transpose", "none");
%!   assert (class (gpumat_mul (true (2), "transpose", true (2), "none", kernel{1})), "double");
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_15 ();

%!function gpu_check_16 ()
%! ## The operations on gpumat arrays and on transposed views (G'): flags, never copies.
%! A = rand (33, 17) - 0.5;  B = rand (33, 21) - 0.5;
%! G = gpumat (A);  H = gpumat (B);
%! for kernel = all_kernels ("double")
%!   C = gpumat_mul (G, "transpose", H, "none", kernel{1});
%!   assert (class (C), "gpumat");
%!   check_bound (gather (C), A.', B);
%!   check_bound (gather (gpumat_mul (G', "none", H, "none", kernel{1})), A.', B);
%!   check_bound (gather (gpumat_mul (G', "transpose", G, "transpose", kernel{1})), A, A.');
%!   check_bound (gather (gpumat_mul (H', "none", A, "none", kernel{1})), B.', A);
%!   check_bound (gather (gpumat_mul (B, "ctranspose", G, "none", kernel{1})), B', A);
%!   assert (gather (gpumat_mul (2, "none", G', "none", kernel{1})), 2 * A.');
%!   assert (gather (gpumat_mul (G, "transpose", single (2), "none", kernel{1})), single (A.' * 2));
%! endfor
%! fail ("gpumat_mul (G', \"none\", G', \"none\")", "nonconformant arguments \\(op1 is 17x33, op2 is 17x33\\)");
%! fail ("gpumat_mul (G', \"transpose\", H, \"ctranspose\")", "nonconformant arguments \\(op1 is 33x17, op2 is 21x33\\)");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_16 ();

%!function gpu_check_17 ()
%! ## Errors after uploads and conversions, with operations, leave nothing on the GPU.
%! use0 = __gpumat_call__ ("usage", "");
%! G = gpumat (rand (5, 4));
%! for i = 1:20
%!   try
%!     gpumat_mul (G, "transpose", single (rand (5, 3)), "none", "dmma");   # dmma: double only
%!   catch
%!   end_try_catch
%!   try
%!     gpumat_mul (single (rand (5, 4)), "transpose", rand (5, 3), "none", "dmma");
%!   catch
%!   end_try_catch
%!   try
%!     gpumat_mul (G', "none", G', "none");
%!   catch
%!   end_try_catch
%! endfor
%! clear G
%! assert (__gpumat_call__ ("usage", "")(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_17 ();

%!function gpu_check_18 ()
%! ## X'*X and X*X' from one array: computed as the upper block columns and mirrored, so the
%! ## result is exactly symmetric, as Octave's own (BLAS syrk); 9000x1000 double (72 MB) goes
%! ## up in column panels that overlap the product.
%! for cls = {"double", "single"}
%!   for sz = {[1 1], [7 5], [300 40], [257 513], [9000 1000]}
%!     X = randn (sz{1}, cls{1});
%!     for ops = {{"transpose", "none"}, {"none", "transpose"}, {"ctranspose", "none"}}
%!       C = gpumat_mul (X, ops{1}{1}, X, ops{1}{2});
%!       Xd = double (X);
%!       if (strcmp (ops{1}{1}, "none"))
%!         R = Xd * Xd';  k = columns (X);  M = abs (Xd) * abs (Xd');
%!       else
%!         R = Xd' * Xd;  k = rows (X);  M = abs (Xd') * abs (Xd);
%!       endif
%!       assert (class (C), cls{1});
%!       assert (size (C), size (R));
%!       assert (isequal (C, C.'), sprintf ("%s %dx%d not exactly symmetric", cls{1}, sz{1}));
%!       assert (all (abs (double (C(:)) - R(:)) <= k * eps (cls{1}) * M(:)));
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_18 ();

## ---- complex data: these need a GPU --------------------------------------------------------------
%!function check_complex_result (C, A, B, what)
%!  ## C = A * B as the package computed it, against Octave's * : class and complexity
%!  ## (narrowing) as *, elements within 2*(k+1)*eps(class)*(|A|*|B|), |.| the modulus, the
%!  ## reference in double from the operands as the product sees them.
%!  if (nargin < 4)
%!    what = "";
%!  endif
%!  R = A * B;
%!  assert (class (C), class (R));
%!  assert (iscomplex (C), iscomplex (R));
%!  assert (size (C), size (R));
%!  if (isa (R, "single"))
%!    Ad = double (single (A));  Bd = double (single (B));
%!  else
%!    Ad = double (A);  Bd = double (B);
%!  endif
%!  Cref = Ad * Bd;
%!  if (isscalar (A) || isscalar (B))
%!    k = 1;
%!  else
%!    k = columns (A);
%!  endif
%!  bound = 2 * (k + 1) * eps (class (R)) * (abs (Ad) * abs (Bd));
%!  err = abs (double (C) - Cref);
%!  bad = ! (err <= bound) & ! (isnan (C) & isnan (Cref)) & ! (C == Cref);
%!  assert (! any (bad(:)), "%s: %d of %d elements outside the bound, worst %g over %g",
%!          what, nnz (bad), numel (bad), max (err(bad)), max (bound(bad)));
%!endfunction

%!function check_complex (A, B, kernel, opa, opb)
%!  ## op(A) * op(B) against Octave's * on explicitly (conjugate-)transposed copies
%!  if (nargin < 4)
%!    opa = opb = "none";
%!  endif
%!  C = gpumat_mul (A, opa, B, opb, kernel);
%!  check_complex_result (C, apply_op (A, opa), apply_op (B, opb),
%!                        sprintf ("%s %s/%s", kernel, opa, opb));
%!endfunction

%!function X = apply_op (X, op)
%!  switch (op)
%!    case "transpose"
%!      X = X.';
%!    case "ctranspose"
%!      X = X';
%!  endswitch
%!endfunction

%!function Z = crand (varargin)
%!  Z = complex (rand (varargin{:}) - 0.5, rand (varargin{:}) - 0.5);
%!endfunction

%!function gpu_check_19 ()
%! ## Every kernel x every operation pair (ctranspose conjugates) x both precisions x odd shapes.
%! ops = {"none", "transpose", "ctranspose"};
%! shapes = [1 1 1; 17 31 13; 13 1 17; 1 7 1; 7 1 5; 31 32 33; 65 63 129; 129 127 131; 4 0 3;
%!           0 3 4; 3 4 0; 300 2 1; 2 300 3];
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for ia = 1:3
%!       for ib = 1:3
%!         for s = shapes'
%!           [m, k, n] = deal (s(1), s(2), s(3));
%!           sa = [m k];  sb = [k n];
%!           if (ia > 1) sa = [k m]; endif
%!           if (ib > 1) sb = [n k]; endif
%!           check_complex (crand (sa, cls{1}), crand (sb, cls{1}), kernel{1}, ops{ia}, ops{ib});
%!         endfor
%!       endfor
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_19 ();

%!function gpu_check_20 ()
%! ## Larger complex products, every kernel, both precisions.
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     for s = [257 129 511; 1000 300 17; 4097 33 5]'
%!       check_complex (crand (s(1), s(2), cls{1}), crand (s(2), s(3), cls{1}), kernel{1});
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_20 ();

%!function gpu_check_21 ()
%! ## Mixed real/complex (promoted, as *), mixed precision (single wins), logical and char.
%! A = crand (9, 7);  B = rand (7, 5) - 0.5;
%! for kernel = all_kernels ("mixed")
%!   check_complex (A, B, kernel{1});
%!   check_complex (B.', A.', kernel{1});
%!   check_complex (single (A), B, kernel{1});
%!   check_complex (A, single (B), kernel{1});
%!   check_complex (single (B.'), A.', kernel{1});
%!   check_complex (A, B > 0, kernel{1});
%!   check_complex (["ab"; "cd"], complex ([1 2; 3 4], [1 0; 0 1]), kernel{1});
%!   check_complex (A, crand (9, 5), kernel{1}, "ctranspose", "none");
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_21 ();

%!function gpu_check_22 ()
%! ## Complex scalars scale elementwise, as *: complex * real keeps each part (no promotion).
%! B = crand (4, 5);  r = rand (4, 5);  v = crand (1, 5);
%! for kernel = all_kernels ("mixed")
%!   check_complex (2 - 3i, B, kernel{1});
%!   check_complex (B, single (1i), kernel{1});
%!   check_complex (1i, r, kernel{1});
%!   check_complex (r, 2i, kernel{1}, "none", "none");
%!   check_complex (2i, B, kernel{1}, "none", "ctranspose");
%!   check_complex (2i, B, kernel{1}, "none", "transpose");
%!   check_complex (v, 3, kernel{1}, "ctranspose", "none");
%!   check_complex (2, v, kernel{1}, "none", "ctranspose");
%!   check_complex (1i, 1i, kernel{1});
%!   check_complex (2 + 1i, B, kernel{1}, "ctranspose", "none");     # the scalar conjugated
%!   check_complex (B, single (1 - 2i), kernel{1}, "transpose", "ctranspose");
%!   check_complex (1i, 2i, kernel{1}, "ctranspose", "ctranspose");
%!   assert (gpumat_mul (single (1i), [1 2], kernel{1}), single (1i) * [1 2]);
%!   assert (class (gpumat_mul (single (1i), [1 2], kernel{1})), "single");
%! endfor
%! ## Inf and NaN in the scalar case exactly as Octave's elementwise complex *.
%! s = complex (Inf, 0);  X = [1 2; 0 -1];
%! assert (isequaln (gpumat_mul (s, X), s * X));
%! assert (isequaln (gpumat_mul (complex (Inf, 1), complex (X, 1)), complex (Inf, 1) * complex (X, 1)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_22 ();

%!function gpu_check_23 ()
%! ## Narrowing: a result whose imaginary parts are all zero is real, as Octave's.
%! for kernel = all_kernels ("double")
%!   C = gpumat_mul ([1i 1], [1i; 1], kernel{1});
%!   assert (isreal (C));  assert (C, 0);
%!   if (! any (strcmp (kernel{1}, {"dmma", "ozaki"})))   # double and complex double only
%!     C = gpumat_mul (single ([1i 1]), [1i; 1], kernel{1});
%!     assert (isreal (C));  assert (class (C), "single");
%!   endif
%!   A = crand (40, 30);
%!   C = gpumat_mul (A, "ctranspose", A, "none", kernel{1});   # Hermitian: imag not all zero
%!   assert (iscomplex (C));
%!   C = gpumat_mul (complex (ones (300), 0), ones (300), kernel{1});  # zero imag, large result
%!   assert (isreal (C));  assert (C, 300 * ones (300));
%!   assert (isreal (gpumat_mul (2i, [1i 2i], kernel{1})));
%!   assert (isreal (gpumat_mul (gpumat ([1i 1]), [1i; 1], kernel{1})));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_23 ();

%!function gpu_check_24 ()
%! ## NaN and Inf patterns against *: promotion of a real operand gives NaN + Inf i.
%! assert (isequaln (gpumat_mul ([1 2], [Inf*1i; 1]), [1 2] * [Inf*1i; 1]));
%! ## Elsewhere against the four-real-product form (real products that skip nothing; a BLAS
%! ## zgemm may skip zero terms of B, and then 0 * Inf gives no NaN there).
%! A = [complex(1, 0) 0 2i; 0 complex(Inf, 0) 0; complex(NaN, 1) 0 0];
%! B = [0 1i; complex(0, Inf) 0; 1 -Inf];
%! R = complex (real (A) * real (B) - imag (A) * imag (B), real (A) * imag (B) + imag (A) * real (B));
%! for cls = {"double", "single"}
%!   for kernel = all_kernels (cls{1})
%!     C = gpumat_mul (cast (A, cls{1}), cast (B, cls{1}), kernel{1});
%!     assert (isnan (real (C)), isnan (real (R)));
%!     assert (isnan (imag (C)), isnan (imag (R)));
%!     ok = ! (isnan (real (R)) | isnan (imag (R)));
%!     assert (C(ok), cast (R(ok), cls{1}));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_24 ();

%!function gpu_check_25 ()
%! ## Complex on gpumat arrays, kept on the GPU; errors leave nothing behind.
%! use0 = __gpumat_call__ ("usage", "");
%! A = crand (33, 17);  B = crand (33, 21);
%! G = gpumat (A);  H = gpumat (B);
%! for kernel = all_kernels ("double")
%!   C = gpumat_mul (G, "ctranspose", H, "none", kernel{1});
%!   assert (class (C), "gpumat");
%!   assert (gather (C), A' * B, 1e-12);
%!   assert (gather (gpumat_mul (G', "none", H, "none", kernel{1})), A' * B, 1e-12);
%!   assert (gather (gpumat_mul (G.', "none", H, "none", kernel{1})), A.' * B, 1e-12);
%!   assert (gather (gpumat_mul (G', "ctranspose", G', "none", kernel{1})), A * A', 1e-12);
%!   assert (gather (gpumat_mul (B, "ctranspose", G, "none", kernel{1})), B' * A, 1e-12);
%!   assert (gather (gpumat_mul (real (B), "transpose", G, "none", kernel{1})), real (B).' * A, 1e-12);
%! endfor
%! for i = 1:20
%!   try
%!     gpumat_mul (G, "ctranspose", single (crand (33, 3)), "none", "dmma");   # dmma: double only
%!   catch
%!   end_try_catch
%!   try
%!     gpumat_mul (G', G');
%!   catch
%!   end_try_catch
%! endfor
%! clear G H C
%! assert (__gpumat_call__ ("usage", "")(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_25 ();

## ---- integer data: these need a GPU --------------------------------------------------------------
%!function gpu_check_26 ()
%! ## Exact products, every class x integer kernel x operation pair, against the double
%! ## product of small values (exact in double), and the class.
%! ops = {"none", "transpose", "ctranspose"};
%! for cls = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = -5 * ! strncmp (cls{1}, "u", 1);
%!   for kernel = {"auto", "naive", "tiled"}
%!     for s = [1 1 1; 17 31 13; 65 63 129; 3 0 4; 1 300 1]'
%!       for ia = 1:3
%!         ib = 1 + mod (ia, 3);
%!         A = cast (randi ([lo 5], s(1), s(2)), cls{1});
%!         B = cast (randi ([lo 5], s(2), s(3)), cls{1});
%!         C = gpumat_mul (apply_op (A, ops{ia}), ops{ia}, apply_op (B, ops{ib}), ops{ib}, kernel{1});
%!         assert (class (C), cls{1});
%!         assert (isequal (C, cast (double (A) * double (B), cls{1})), "%s %s %s/%s", cls{1}, kernel{1}, ops{ia}, ops{ib});
%!       endfor
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_26 ();

%!function gpu_check_27 ()
%! ## The exact product is saturated once, at the end (not each term).
%! for kernel = {"auto", "naive", "tiled"}
%!   assert (gpumat_mul (int8 ([100 100]), int8 ([100; -100]), kernel{1}), int8 (0));
%!   assert (gpumat_mul (int8 ([100 100]), int8 ([100; 100]), kernel{1}), int8 (127));
%!   assert (gpumat_mul (int8 ([-128 -128]), int8 ([127; 127]), kernel{1}), int8 (-128));
%!   assert (gpumat_mul (uint8 ([200 200]), uint8 ([2; 2]), kernel{1}), uint8 (255));
%!   assert (gpumat_mul (int32 ([2^30 2^30 -2^30]), int32 ([4; 4; 4]), kernel{1}), intmax ("int32"));
%!   assert (gpumat_mul (int64 ([2^62 2^62]), int64 ([2; -2]), kernel{1}), int64 (0));
%!   assert (gpumat_mul (int64 ([2^62 2^62]), int64 ([2; 2]), kernel{1}), intmax ("int64"));
%!   assert (gpumat_mul (uint64 ([2^63 2^63]), uint64 ([2; 2]), kernel{1}), intmax ("uint64"));
%!   A = int8 (100 * ones (70, 300));  B = int8 (ones (300, 5));   # 30000 -> 127 everywhere
%!   assert (gpumat_mul (A, B, kernel{1}), int8 (127 * ones (70, 5)));
%!   B(1:2:end, :) = -1;                                          # alternating: exact 0
%!   assert (gpumat_mul (A, B, kernel{1}), int8 (zeros (70, 5)));
%! endfor
%! ## Large operands with random values: exact against int64 arithmetic in double (|C| < 2^53).
%! A = int32 (randi ([-1000 1000], 300, 500));  B = int32 (randi ([-1000 1000], 500, 200));
%! assert (isequal (gpumat_mul (A, B), int32 (double (A) * double (B))));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_27 ();

%!function gpu_check_28 ()
%! ## X'*X, X*X' and X.'*X of one complex array are exactly Hermitian / symmetric, as Octave's
%! ## own (zherk, zsyrk): eig then takes its Hermitian solver and returns real eigenvalues.
%! X = complex (rand (300, 40) - 0.5, rand (300, 40) - 0.5);
%! R = double (X)' * double (X);
%! bound = 2 * 301 * eps * (abs (X)' * abs (X));
%! C = gpumat_mul (X, "ctranspose", X, "none");
%! assert (ishermitian (C));  assert (all (imag (diag (C)) == 0));
%! assert (all (abs (C(:) - R(:)) <= bound(:)));
%! assert (isreal (eig (C)));
%! assert (ishermitian (gpumat_mul (X, "none", X, "ctranspose")));
%! assert (issymmetric (gpumat_mul (X, "transpose", X, "none")));
%! G = gpumat (X);
%! assert (ishermitian (gather (G' * G)));
%! assert (ishermitian (gather (G * G')));
%! assert (issymmetric (gather (G.' * G)));
%! Gr = gpumat (real (X));
%! assert (issymmetric (gather (Gr' * Gr)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_28 ();

%!function gpu_check_29 ()
%! ## Past the device: "maxDeviceMemory" forces the blocked product (blocks of C, panels of A
%! ## and B streamed) on small arrays: every op pair, ragged edge blocks, k whole and k split,
%! ## both classes, within the bound; nothing left on the GPU.
%! use0 = __gpumat_call__ ("usage", "");
%! ops = {"none", "transpose", "ctranspose"};
%! shapes = [300 200 150; 257 129 513; 1 300 40; 300 1 40; 100 100 1; 65 67 1100];
%! for cls = {"double", "single"}
%!   for s = 1:rows (shapes)
%!     m = shapes(s, 1);  n = shapes(s, 2);  k = shapes(s, 3);
%!     A = cast (rand (m, k) - 0.5, cls{1});  B = cast (rand (k, n) - 0.5, cls{1});
%!     es = ifelse_single (cls{1});
%!     ## a quarter of A, B and C: several blocks each way; a sixteenth: k split where deep
%!     for budget = ceil ((m*k + k*n + m*n) * es ./ [4 16])
%!       for a = 1:3
%!         for b = 1:3
%!           Aop = A;  Bop = B;
%!           if (a > 1) Aop = A.'; endif
%!           if (b > 1) Bop = B.'; endif
%!           C = gpumat_mul (Aop, ops{a}, Bop, ops{b}, "tiled", "maxDeviceMemory", budget);
%!           check_bound (C, A, B);
%!         endfor
%!       endfor
%!     endfor
%!   endfor
%! endfor
%! assert (__gpumat_call__ ("usage", "")(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_29 ();

%!function gpu_check_30 ()
%! ## Blocked with k whole computes every element as the in-core product of the same kernel
%! ## does (tiled: the same k loop), bit for bit; auto stays within the bound.
%! ## (4 row blocks of 1024: 9.6 MB holds two A panels, B and two C blocks with k whole)
%! A = rand (4000, 200);  B = rand (200, 300);
%! budget = 8 * 1.2e6;
%! assert (gpumat_mul (A, B, "tiled", "maxDeviceMemory", budget), gpumat_mul (A, B, "tiled"));
%! check_bound (gpumat_mul (A, B, "maxDeviceMemory", budget), A, B);
%! check_bound (gpumat_mul (single (A), B, "maxDeviceMemory", budget / 2), single (A), single (B));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_30 ();

%!function gpu_check_31 ()
%! ## Complex and integer products past the budget (the blocked path): every op pair, a real
%! ## operand with a complex one, the result narrowed to real as * narrows it, within the
%! ## complex bound; integers exactly as in memory (k is never split for them).
%! use0 = __gpumat_call__ ("usage", "");
%! ops = {"none", "transpose", "ctranspose"};
%! for cls = {"double", "single"}
%!   A = cast (crand (130, 70), cls{1});  B = cast (crand (70, 90), cls{1});
%!   budget = ceil ((130*70 + 70*90 + 130*90) * 2 * ifelse_single (cls{1}) / 6);
%!   for a = 1:3
%!     for b = 1:3
%!       Aop = apply_op (A, ops{a});  Bop = apply_op (B, ops{b});   # op(Aop) is A again
%!       C = gpumat_mul (Aop, ops{a}, Bop, ops{b}, "maxDeviceMemory", budget);
%!       check_complex_result (C, A, B, sprintf ("blocked %s/%s", ops{a}, ops{b}));
%!     endfor
%!   endfor
%!   check_complex_result (gpumat_mul (real (A), B, "maxDeviceMemory", budget), real (A), B);
%!   C = gpumat_mul (A, "ctranspose", real (A), "none", "maxDeviceMemory", budget);
%!   check_complex_result (C, A', real (A));
%!   Z = complex (real (A), zeros (size (A), cls{1}));
%!   C = gpumat_mul (Z, real (B), "maxDeviceMemory", budget);
%!   assert (isreal (C));
%!   check_complex_result (C, Z, real (B));
%! endfor
%! for cls = {"int8", "uint8", "int16", "uint32", "int64", "uint64"}
%!   A = cast (randi (41, 150, 60) - 21, cls{1});  B = cast (randi (41, 60, 70) - 21, cls{1});
%!   A(1, :) = intmax (cls{1});                      # a row whose sums saturate
%!   budget = ceil ((150*60 + 60*70 + 150*70) * sizeof (A(1)) / 3);
%!   C = gpumat_mul (A, B, "maxDeviceMemory", budget);
%!   assert (isequal (C, gpumat_mul (A, B)));
%!   assert (class (C), cls{1});
%!   assert (isequal (gpumat_mul (A, "transpose", A, "none", "maxDeviceMemory", budget),
%!                    gpumat_mul (A, "transpose", A, "none")));
%! endfor
%! assert (__gpumat_call__ ("usage", "")(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_31 ();

%!function gpu_check_32 ()
%! ## X'*X blocked: exactly symmetric, as Octave's; NaN and Inf propagate as in *.
%! X = rand (500, 300) - 0.5;
%! S = gpumat_mul (X, "transpose", X, "none", "maxDeviceMemory", 500 * 300 * 8);
%! assert (isequal (S, S.'));
%! check_bound (S, X.', X);
%! A = rand (200, 90);  A(3, 7) = NaN;  A(150, 2) = Inf;  B = rand (90, 120);
%! C = gpumat_mul (A, B, "maxDeviceMemory", 40000);
%! assert (isnan (C) == isnan (A * B));
%! assert (isinf (C) == isinf (A * B));
%! assert (gpumat_mul (zeros (300, 0), zeros (0, 200), "maxDeviceMemory", 1000), zeros (300, 200));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_32 ();

## ---- several GPUs ("devices"): run with the GPUs present ---------------------------------------
%!function gpu_check_33 ()
%! ## Every GPU of this host (one GPU: a list of one), forced blocked on small arrays so that
%! ## ragged edge blocks are shared among them: every op pair, k whole and split, both classes,
%! ## within the bound; tiled with k whole equal bit for bit to one device's in-core product;
%! ## nothing left on any GPU.
%! devs = 0:gpumat_device ().DeviceCount-1;
%! use0 = __gpumat_call__ ("usage", "");
%! ops = {"none", "transpose", "ctranspose"};
%! shapes = [300 200 150; 257 129 513; 1 300 40; 300 1 40; 65 67 1100; 1 1 700];
%! for cls = {"double", "single"}
%!   for s = 1:rows (shapes)
%!     m = shapes(s, 1);  n = shapes(s, 2);  k = shapes(s, 3);
%!     A = cast (rand (m, k) - 0.5, cls{1});  B = cast (rand (k, n) - 0.5, cls{1});
%!     es = ifelse_single (cls{1});
%!     for budget = ceil ((m*k + k*n + m*n) * es ./ [4 16])
%!       for a = 1:3
%!         for b = 1:3
%!           Aop = A;  Bop = B;
%!           if (a > 1) Aop = A.'; endif
%!           if (b > 1) Bop = B.'; endif
%!           C = gpumat_mul (Aop, ops{a}, Bop, ops{b}, "tiled", "maxDeviceMemory", budget,
%!                           "devices", devs);
%!           assert (class (C), cls{1});
%!           check_bound (C, A, B);
%!         endfor
%!       endfor
%!     endfor
%!   endfor
%! endfor
%! A = rand (4000, 200);  B = rand (200, 300);
%! assert (gpumat_mul (A, B, "tiled", "devices", devs, "maxDeviceMemory", 8 * 1.2e6),
%!         gpumat_mul (A, B, "tiled"));
%! ## complex (a real operand too) and integer products shared the same way
%! for cls = {"double", "single"}
%!   A = cast (crand (130, 70), cls{1});  B = cast (crand (70, 90), cls{1});
%!   budget = ceil ((130*70 + 70*90 + 130*90) * 2 * ifelse_single (cls{1}) / 6);
%!   for a = 1:3
%!     for b = 1:3
%!       C = gpumat_mul (apply_op (A, ops{a}), ops{a}, apply_op (B, ops{b}), ops{b},
%!                       "maxDeviceMemory", budget, "devices", devs);
%!       check_complex_result (C, A, B, sprintf ("devices %s/%s", ops{a}, ops{b}));
%!     endfor
%!   endfor
%!   C = gpumat_mul (real (A), B, "maxDeviceMemory", budget, "devices", devs);
%!   check_complex_result (C, real (A), B, "devices, A real");
%! endfor
%! A = int16 (randi (41, 150, 60) - 21);  B = int16 (randi (41, 60, 70) - 21);
%! C = gpumat_mul (A, B, "maxDeviceMemory", 150 * 60 * 2, "devices", devs);
%! assert (isequal (C, gpumat_mul (A, B)));
%! assert (isequal (gpumat_mul (A, "transpose", A, "none", "maxDeviceMemory", 150 * 60 * 2,
%!                              "devices", devs), gpumat_mul (A, "transpose", A, "none")));
%! assert (__gpumat_call__ ("usage", "")(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_33 ();

%!function gpu_check_34 ()
%! ## The last GPU alone, and the package default: the same results as device 0's; X'*X
%! ## through the device list still exactly symmetric; a gpumat operand (on device 0) with a
%! ## list that holds device 0 runs there.
%! n = gpumat_device ().DeviceCount;
%! A = rand (300, 170) - 0.5;  B = rand (170, 90) - 0.5;
%! R = gpumat_mul (A, B, "tiled");
%! assert (gpumat_mul (A, B, "tiled", "devices", n-1), R);
%! assert (gpumat_mul (A, B, "tiled", "devices", n-1, "maxDeviceMemory", 40000), R);
%! C = gpumat_mul (complex (A, 1), B, "devices", n-1);
%! check_bound (real (C), A, B);
%! assert (gpumat_mul (2, A, "devices", n-1), 2 * A);
%! X = rand (400, 130);
%! S = gpumat_mul (X, "transpose", X, "none", "devices", 0:n-1, "maxDeviceMemory", 400 * 130 * 8);
%! assert (isequal (S, S.'));
%! check_bound (S, X.', X);
%! unwind_protect
%!   gpumat_device ("devices", n-1:-1:0);
%!   assert (gpumat_mul (A, B, "tiled", "maxDeviceMemory", 40000), R);
%!   assert (gpumat_mul (A, B, "tiled"), R);
%!   G = gpumat (A);
%!   assert (gather (gpumat_mul (G, B, "tiled")), R);
%!   assert (gather (gpumat_mul (G, B, "tiled", "devices", 0:n-1)), R);
%! unwind_protect_cleanup
%!   gpumat_device ("devices", []);
%! end_unwind_protect
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_34 ();

%!function gpu_check_nd_scalar ()
%! ## s * X of an N-D X scales every element, as Octave's * does, on host and gpumat arrays,
%! ## either order, double and single, real and complex; an operation on the N-D operand is
%! ## still refused.
%! X = reshape ((1:24) - 12.5, 2, 3, 4);
%! for s = {2.5, single(-3), 1i}
%!   for x = {X, single(X)}
%!     assert (gpumat_mul (x{1}, s{1}), x{1} * s{1});
%!     assert (gpumat_mul (s{1}, x{1}), s{1} * x{1});
%!     assert (gather (gpumat (x{1}) * s{1}), x{1} * s{1});
%!     assert (gather (s{1} * gpumat (x{1})), s{1} * x{1});
%!     assert (gather (gpumat (s{1}) * gpumat (x{1})), s{1} * x{1});
%!   endfor
%! endfor
%! assert (size (gpumat_mul (zeros (2, 0, 3), 2)), [2 0 3]);
%! fail ('gpumat_mul (ones (2, 2, 2), "transpose", 2, "none")', "op1 is 2x2x2");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_nd_scalar ();

%!function gpu_check_35 ()
%! ## A GPU this host lacks: gpumat:device:invalidDevice naming it, nothing left behind.
%! n = gpumat_device ().DeviceCount;
%! use0 = __gpumat_call__ ("usage", "");
%! try
%!   gpumat_mul (ones (3), ones (3), "devices", [0 n]);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:device:invalidDevice");
%!   assert (! isempty (strfind (err.message, sprintf ("GPU %d does not exist", n))));
%! end_try_catch
%! assert (__gpumat_call__ ("usage", "")(1:2), use0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_35 ();

%!function gpu_check_36 ()
%! ## Two GPUs: a gpumat array lives on device 0; a list without device 0 is an identified
%! ## error, never a copy.
%! G = gpumat (rand (20));
%! try
%!   gpumat_mul (G, rand (20), "devices", 1);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:device:mixedDevices");
%!   assert (! isempty (strfind (err.message, "GPU 0")));
%! end_try_catch
%! try
%!   last = gpumat_device ().DeviceCount - 1;
%!   gpumat_mul (rand (20), G, "devices", [1, 2:last]);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:device:mixedDevices");
%! end_try_catch
%!endfunction
%!testif ; gpumat_available () && gpumat_device ().DeviceCount >= 2
%! gpu_check_36 ();

%!function gpu_check_37 ()
%! ## Two GPUs, large enough to be shared without a budget (2 m n k >= 1e12): within the bound,
%! ## and the device order does not change the result (every block by the same kernel).
%! A = rand (8000, 8000) - 0.5;  B = rand (8000, 8000) - 0.5;
%! C01 = gpumat_mul (A, B, "devices", [0 1]);
%! C10 = gpumat_mul (A, B, "devices", [1 0]);
%! assert (isequal (C01, C10));
%! i = randperm (8000, 200);
%! check_bound (C01(i, :), A(i, :), B);
%!endfunction
%!testif ; gpumat_available () && gpumat_device ().DeviceCount >= 2
%! gpu_check_37 ();

%!function gpu_check_38 ()
%! ## Products of gpumat arrays at a shape where auto takes ozaki on compute capability 9.0
%! ## (3584x3300x3500; dmma elsewhere): against Octave's own product on the same host data,
%! ## within the bound, class and size; a NaN in a row of A and an Inf in a column of B give
%! ## Octave's NaN and Inf pattern; complex double (its real product of the same shape) within
%! ## the complex bound 2 (k + 1) eps (|A| |B|).
%! m = 3584;  k = 3500;  n = 3300;
%! A = randn (m, k);  B = randn (k, n);
%! A(5, 17) = NaN;  B(9, 11) = Inf;
%! C = G_times_H (A, B);
%! assert (size (C), [m n]);
%! check_bound (C, A, B);
%! Cref = A * B;
%! assert (isnan (C), isnan (Cref));
%! assert (isinf (C), isinf (Cref));
%! cm = m / 2;  ck = k / 2;
%! Z = complex (randn (cm, ck), randn (cm, ck));  W = complex (randn (ck, n), randn (ck, n));
%! D = G_times_H (Z, W);
%! assert (class (D), "double");
%! assert (iscomplex (D) && isequal (size (D), [cm n]));
%! bound = 2 * (ck + 1) * eps * (abs (Z) * abs (W));
%! assert (all (abs (D - Z * W)(:) <= bound(:)));
%!endfunction
%!function C = G_times_H (A, B)
%!  G = gpumat (A);  H = gpumat (B);
%!  P = G * H;
%!  assert (isa (P, "gpumat"));
%!  C = gather (P);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_38 ();
