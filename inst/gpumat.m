## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

classdef gpumat < handle

  ## -*- texinfo -*-
  ## @deftypefn  {} {@var{G} =} gpumat (@var{A})
  ## An array that lives on the GPU: upload @var{A} once, multiply and take dot
  ## products many times, and @code{gather} the result back.
  ##
  ## @var{A} is a real double or single array (logical and char become double,
  ## as in arithmetic).  @code{gather (@var{G})} returns the host array, bit for
  ## bit what was uploaded.
  ##
  ## Operations that keep their result on the GPU, as a new gpumat array:
  ## @code{@var{G} * @var{H}}, @code{@var{G} * @var{B}}, @code{@var{A} * @var{H}}
  ## (a host operand is uploaded for the call), @code{gpumat_mul (@var{G},
  ## @var{H}, @var{kernel})}, @code{gpumat_mul (@var{G}, @var{opg}, @var{H},
  ## @var{oph})}, @code{pagemtimes (@var{G}, @var{H})} (also with operations and a
  ## kernel, as @code{gpumat_pagemtimes}), @code{dot (@var{G}, @var{H})} and
  ## @code{gpumat_dot}.  They follow the class rules, size rules, results and error
  ## identifiers of the same operations on host arrays.  Each returns once its
  ## result is complete.
  ##
  ## @code{@var{G}'} and @code{@var{G}.'} (the same for real data) copy nothing and
  ## run no kernel: they return a gpumat array marked transposed that shares
  ## @var{G}'s memory (and keeps it alive after @code{clear G}).  Products read it
  ## as it is stored: @code{@var{G}' * @var{H}}, @code{@var{G} * @var{H}.'},
  ## @code{@var{G}' * @var{B}}, @code{@var{A} * @var{G}'} and @code{gpumat_mul}
  ## or @code{pagemtimes} of views pass a transpose flag to the kernel, as
  ## Octave's own @code{A' * B} passes one to BLAS.  @code{gather (@var{G}')},
  ## @code{gpumat (@var{G}')}, @code{dot} and anything else that needs the data
  ## laid out transpose it once on the GPU.  @code{(@var{G}')'} is @var{G} itself.
  ## Transposing an N-D gpumat array is an error, as in Octave.
  ##
  ## Queries: @code{size}, @code{rows}, @code{columns}, @code{numel},
  ## @code{ndims}, @code{isempty}, @code{isscalar}, @code{isvector},
  ## @code{isrow}, @code{iscolumn}, @code{ismatrix}, @code{isreal},
  ## @code{isfloat}, @code{isnumeric}, @code{issparse}, @code{classUnderlying}
  ## (the element class; @code{class (@var{G})} is "gpumat"), and @code{disp},
  ## which shows the size and element class without copying the data back.
  ##
  ## The device memory is released when the last reference to the array goes:
  ## on @code{clear}, on reassignment, for temporaries inside an expression, and
  ## when an expression fails half-way.
  ##
  ## @example
  ## @group
  ## G = gpumat (rand (4096));
  ## H = G * G;              # stays on the GPU
  ## C = gather (H * G);     # one transfer back
  ## @end group
  ## @end example
  ## @seealso{gather, gpumat_mul, gpumat_pagemtimes, gpumat_dot, gpumat_device, gpumat_reset}
  ## @end deftypefn

  ## (Octave 7.3 reads a classdef's help text from here, inside the classdef block.)

  properties (SetAccess = private, Hidden = true)
    ## What the gateway needs: the device address, the size and the element class, and op:
    ## 1 for a transposed view (G'), whose dims are its own size and whose data are the
    ## parent's, stored as the transpose.
    desc = struct ("ptr", uint64 (0), "dims", [0 0], "cls", "double", "op", 0);
    ## A view's parent: the array that owns the memory, kept alive as long as the view.
    parent = [];
  endproperties

  methods

    function obj = gpumat (A, how)
      if (nargin == 0)
        return;                         # an empty 0x0 double array: nothing on the device
      elseif (nargin == 2)
        if (ischar (how) && strcmp (how, "__device__") && isstruct (A))
          ## Internal: wrap a descriptor the gateway made for a result.
          if (! isfield (A, "op"))
            A.op = 0;
          endif
          obj.desc = A;
        elseif (ischar (how) && strcmp (how, "__view__") && isa (A, "gpumat"))
          ## Internal: the transposed view A' (see transpose below).
          d = A.desc;
          d.dims = d.dims([2 1]);
          d.op = 1;
          obj.desc = d;
          obj.parent = A;
        else
          error ("Octave:invalid-fun-call", "Invalid call to gpumat: use G = gpumat (A)");
        endif
        return;
      endif
      if (isa (A, "gpumat"))
        ## A copy on the device, laid out as A's size (a view A' is transposed there).
        obj.desc = __gpumat__ ("copy", "gpumat", A);
        return;
      elseif (isobject (A))
        error ("gpumat:array:invalidType",
               "gpumat: A must be a real double, single, logical or char array, not %s",
               class (A));
      endif
      obj.desc = __gpumat__ ("upload", "gpumat", A);
    endfunction

    function delete (obj)
      ## Never raise from a destructor: it runs during clean-up of other errors too.
      ## A view owns nothing: its parent frees the memory when the last reference goes.
      try
        if (obj.desc.ptr != 0 && ! obj.desc.op)
          __gpumat__ ("free", "gpumat", obj.desc.ptr);
        endif
      catch
      end_try_catch
    endfunction

    function A = gather (obj)
      A = __gpumat__ ("gather", "gather", obj);
    endfunction

    function C = mtimes (A, B)
      C = __gpumat__ ("mul", "operator *", A, B, "auto");
    endfunction

    function d = dot (x, y, varargin)
      d = gpumat_dot (x, y, varargin{:});
    endfunction

    ## G.' and G': a view of the same memory, marked transposed; no copy, no kernel.  For real
    ## data both are the same.  The view of a view is the parent itself.
    function V = transpose (obj)
      if (numel (obj.desc.dims) > 2)
        error ("gpumat:array:ndArray", "transpose not defined for N-D objects");
      elseif (obj.desc.op)
        V = obj.parent;
      else
        V = gpumat (obj, "__view__");
      endif
    endfunction

    function V = ctranspose (obj)
      ## Real data only so far: the conjugate transpose is the transpose.
      V = transpose (obj);
    endfunction

    function Z = pagemtimes (X, varargin)
      ## As gpumat_pagemtimes, with errors named after pagemtimes.
      switch (nargin)
        case 2
          Z = __gpumat__ ("pagemtimes", "pagemtimes", X, "none", varargin{1}, "none", "auto");
        case 3
          Z = __gpumat__ ("pagemtimes", "pagemtimes", X, "none", varargin{1}, "none",
                          varargin{2});
        case 4
          Z = __gpumat__ ("pagemtimes", "pagemtimes", X, varargin{:}, "auto");
        case 5
          Z = __gpumat__ ("pagemtimes", "pagemtimes", X, varargin{:});
        otherwise
          error ("Octave:invalid-fun-call",
                 "Invalid call to pagemtimes: use pagemtimes (X, Y) or pagemtimes (X, OPX, Y, OPY)");
      endswitch
    endfunction

    function varargout = size (obj, d)
      sz = obj.desc.dims;
      if (nargin == 2)
        if (! (isnumeric (d) && all (d(:) >= 1) && all (d(:) == fix (d(:)))))
          error ("gpumat:array:invalidDim", "size: DIM must be a positive integer");
        endif
        sz(end+1:max (d(:))) = 1;
        varargout = {sz(d)};
      elseif (nargout <= 1)
        varargout = {sz};
      else
        sz(end+1:nargout) = 1;
        varargout = [num2cell(sz(1:nargout-1)), {prod(sz(nargout:end))}];
      endif
    endfunction

    function n = numel (obj, varargin)
      n = prod (obj.desc.dims);
    endfunction

    function n = ndims (obj)
      n = numel (obj.desc.dims);
    endfunction

    function n = rows (obj)
      n = obj.desc.dims(1);
    endfunction

    function n = columns (obj)
      n = obj.desc.dims(2);
    endfunction

    function n = length (obj)
      n = 0;
      if (all (obj.desc.dims))
        n = max (obj.desc.dims);
      endif
    endfunction

    function tf = isempty (obj)
      tf = any (obj.desc.dims == 0);
    endfunction

    function tf = isscalar (obj)
      tf = all (obj.desc.dims == 1);
    endfunction

    function tf = isvector (obj)
      tf = numel (obj.desc.dims) == 2 && any (obj.desc.dims == 1);
    endfunction

    function tf = isrow (obj)
      tf = numel (obj.desc.dims) == 2 && obj.desc.dims(1) == 1;
    endfunction

    function tf = iscolumn (obj)
      tf = numel (obj.desc.dims) == 2 && obj.desc.dims(2) == 1;
    endfunction

    function tf = ismatrix (obj)
      tf = numel (obj.desc.dims) == 2;
    endfunction

    function tf = isreal (obj)
      tf = true;
    endfunction

    function tf = isfloat (obj)
      tf = true;
    endfunction

    function tf = isnumeric (obj)
      tf = true;
    endfunction

    function tf = issparse (obj)
      tf = false;
    endfunction

    function c = classUnderlying (obj)
      c = obj.desc.cls;
    endfunction

    function disp (obj)
      dims = regexprep (num2str (obj.desc.dims), '\s+', 'x');
      printf ("  %s gpumat array of size %s, on the GPU\n", dims, obj.desc.cls);
    endfunction

    function display (obj)
      name = inputname (1);
      if (isempty (name))
        name = "ans";
      endif
      printf ("%s =\n\n", name);
      disp (obj);
      printf ("\n");
    endfunction

  endmethods

endclassdef

## ---- errors: these run without a GPU -----------------------------------------------------------
%!error id=gpumat:array:integerType gpumat (int16 ([1 2]))
%!error id=gpumat:array:complex gpumat ([1i 2])
%!error id=gpumat:array:sparse gpumat (speye (3))
%!error id=gpumat:array:invalidType gpumat ({1})
%!error id=gpumat:array:invalidType gpumat (struct ("a", 1))
%!error id=gpumat:array:invalidType gpumat (@sin)
%!error id=gpumat:array:invalidType gpumat (containers.Map ())
%!error <Invalid call> gpumat (1, "oops")
%!testif ; ! gpumat_available ()
%! try
%!   G = gpumat ([1 2 3]);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%! end_try_catch
%!test
%! ## An empty gpumat needs no device.
%! G = gpumat ();
%! assert (size (G), [0 0]);
%! assert (isempty (G));
%! assert (classUnderlying (G), "double");
%!test
%! ## Transposed views need no device to be made: an empty array's view, its size, (G')' is G.
%! G = gpumat (struct ("ptr", uint64 (0), "dims", [0 3], "cls", "single", "op", 0), "__device__");
%! V = G';
%! assert (class (V), "gpumat");
%! assert (size (V), [3 0]);
%! assert ([rows(V), columns(V), numel(V), isempty(V)], [3 0 0 1]);
%! assert (V.desc.op, 1);
%! assert (V.desc.ptr, G.desc.ptr);
%! assert (classUnderlying (V), "single");
%! assert (size (G.'), [3 0]);
%! W = (G')';
%! assert (W.desc, G.desc);
%! assert (W.desc.op, 0);
%! W = (G.').';
%! assert (W.desc, G.desc);
%! W = (G').';
%! assert (W.desc, G.desc);
%! clear G
%! assert (size (V.parent), [0 3]);      # the view keeps its parent
%!error <transpose not defined for N-D objects> gpumat (struct ("ptr", uint64 (0), "dims", [0 2 2], "cls", "double", "op", 0), "__device__")'
%!error id=gpumat:array:ndArray gpumat (struct ("ptr", uint64 (0), "dims", [2 0 2], "cls", "double", "op", 0), "__device__").'
%!error <Invalid call> gpumat (1, "__view__")

## ---- on the GPU ----------------------------------------------------------------------------------
%!testif ; gpumat_available ()
%! ## Round trips bit for bit, both classes, odd shapes.
%! for cls = {"double", "single"}
%!   for sz = {[1 1], [1 7], [7 1], [17 33], [0 3], [3 0], [0 0], [2 3 4], [129 1 2], [1000 1001]}
%!     A = randn (sz{1}, cls{1});
%!     A(1:min (3, end)) = [NaN, Inf, -0](1:min (3, numel (A)));
%!     G = gpumat (A);
%!     B = gather (G);
%!     assert (class (B), cls{1});
%!     assert (size (B), size (A));
%!     assert (isequaln (B, A));
%!     assert (isequal (signbit (B), signbit (A)));
%!   endfor
%! endfor
%! assert (gather (gpumat (true (2))), ones (2));
%! assert (gather (gpumat ("ab")), double ("ab"));

%!testif ; gpumat_available ()
%! ## Queries.
%! G = gpumat (rand (3, 4, "single"));
%! assert (class (G), "gpumat");
%! assert (classUnderlying (G), "single");
%! assert (size (G), [3 4]);
%! assert (size (G, 1), 3);  assert (size (G, 2), 4);  assert (size (G, 3), 1);
%! assert (size (G, [1 2]), [3 4]);
%! [r, c] = size (G);  assert ([r c], [3 4]);
%! [r, c, p] = size (G);  assert ([r c p], [3 4 1]);
%! assert ([rows(G), columns(G), numel(G), ndims(G), length(G)], [3 4 12 2 4]);
%! assert ([isempty(G), isscalar(G), isvector(G), ismatrix(G)], [false false false true]);
%! assert ([isreal(G), isfloat(G), isnumeric(G), issparse(G)], [true true true false]);
%! H = gpumat (zeros (2, 3, 4));
%! assert (size (H), [2 3 4]);  [r, c] = size (H);  assert ([r c], [2 12]);
%! assert ([ndims(H), numel(H), ismatrix(H)], [3 24 false]);
%! assert (isscalar (gpumat (5)) && isvector (gpumat (1:3)) && isrow (gpumat (1:3)));
%! assert (iscolumn (gpumat ((1:3)')) && isempty (gpumat (zeros (0, 3))));
%! s = evalc ("G");
%! assert (! isempty (strfind (s, "3x4 gpumat array of size")) || ! isempty (strfind (s, "3x4")));
%! assert (! isempty (strfind (s, "single")) && ! isempty (strfind (s, "GPU")));

%!function check_close (C, R)
%!  assert (class (C), "gpumat");
%!  c = gather (C);
%!  assert (class (c), class (R));
%!  assert (size (c), size (R));
%!  assert (c, R, -8 * eps (class (R)) * 1e3);
%!endfunction

%!testif ; gpumat_available ()
%! ## Products on gpumat operands, mixed with host operands, both classes.
%! for cls = {"double", "single"}
%!   A = rand (65, 33, cls{1});  B = rand (33, 47, cls{1});
%!   G = gpumat (A);  H = gpumat (B);
%!   R = A * B;
%!   kernels = gpumat_kernels ();
%!   if (strcmp (cls{1}, "single"))
%!     kernels = setdiff (kernels, {"dmma"});   # FP64 tensor cores: double only
%!   endif
%!   if (str2double (gpumat_device ().ComputeCapability) < 8)
%!     kernels = setdiff (kernels, {"warp", "dmma"});
%!   endif
%!   for kernel = kernels
%!     C = gpumat_mul (G, H, kernel{1});
%!     assert (class (C), "gpumat");
%!     c = gather (C);
%!     assert (class (c), cls{1});
%!     bound = 33 * eps (cls{1}) * (double (A) * double (B));
%!     assert (all (abs (double (c(:)) - reshape (double (A) * double (B), [], 1)) <= bound(:)));
%!   endfor
%!   check_close (G * H, R);
%!   check_close (G * B, R);
%!   check_close (A * H, R);
%!   check_close (gpumat_mul (A, H), R);
%!   check_close (2 * G, 2 * A);
%!   check_close (G * gpumat (3), A * 3);
%!   check_close (G * H * gpumat (ones (47, 2)), R * ones (47, 2));
%! endfor
%! ## Mixed element classes: single wins.
%! G = gpumat (rand (5));  H = gpumat (single (rand (5)));
%! assert (classUnderlying (G * H), "single");
%! assert (classUnderlying (G * single (2)), "single");
%! assert (classUnderlying (G * true (5)), "double");
%! assert (gather (G * H), single (gather (G)) * gather (H), -1e-5);
%! ## Empty dimensions.
%! assert (gather (gpumat (zeros (3, 0)) * gpumat (zeros (0, 4))), zeros (3, 4));
%! assert (size (gpumat (zeros (0, 3)) * ones (3, 2)), [0 2]);

%!testif ; gpumat_available ()
%! ## Dot products on gpumat operands.
%! x = randn (1000, 3);  y = randn (1000, 3);
%! d = dot (gpumat (x), gpumat (y));
%! assert (class (d), "gpumat");
%! assert (gather (d), dot (x, y), -1e-12);
%! assert (gather (dot (gpumat (x), y, 2)), dot (x, y, 2), -1e-12);
%! assert (gather (gpumat_dot (x(:, 1)', gpumat (y(:, 1)))), dot (x(:, 1), y(:, 1)), -1e-12);
%! assert (classUnderlying (dot (gpumat (single (x)), gpumat (y))), "single");

%!testif ; gpumat_available ()
%! ## Errors on gpumat operands carry the same identifiers as on host arrays.
%! G = gpumat (ones (2, 3));
%! fail ("G * gpumat (ones (4, 5))", "operator \\*: nonconformant arguments \\(op1 is 2x3, op2 is 4x5\\)");
%! try
%!   G * ones (4, 5);
%! catch err
%!   assert (err.identifier, "Octave:nonconformant-args");
%! end_try_catch
%! fail ("gpumat_mul (G, int8 (ones (3)))", "integer");
%! fail ("gpumat_mul (G, G, \"nope\")", "unknown kernel");
%! fail ("dot (G, gpumat (ones (3, 2)))", "sizes of X and Y must match");
%! fail ("G * {1}", "not cell");

%!testif ; gpumat_available ()
%! ## A product too large for the GPU: a clear error naming the bytes, and nothing left behind.
%! use0 = __gpumat__ ("usage", "");
%! G = gpumat (ones (4e5, 1));  H = gpumat (ones (1, 4e5));   # the result would be 1.28 TB
%! try
%!   C = G * H;
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:outOfMemory");
%!   assert (! isempty (regexp (err.message, "^operator \\*: out of GPU memory: 1280000000000 bytes .* requested, \\d+ bytes .* free")), err.message);
%! end_try_catch
%! clear G H
%! assert (__gpumat__ ("usage", "")(1:2), use0(1:2));

%!testif ; gpumat_available ()
%! ## No leaks: thousands of create / multiply / clear cycles, errors half-way included.
%! gpumat_reset ();
%! free0 = gpumat_device ().FreeMemory;
%! use0 = __gpumat__ ("usage", "");
%! A = rand (64);
%! for i = 1:2000
%!   G = gpumat (A);
%!   H = G * G;
%!   d = dot (G, H);
%!   G = gpumat (A);              # reassignment frees the old one
%!   try
%!     C = G * gpumat (ones (3));  # fails after both operands exist
%!   catch
%!   end_try_catch
%!   clear H d
%! endfor
%! clear G
%! use = __gpumat__ ("usage", "");
%! assert (use(1:2), use0(1:2));
%! big = gpumat (zeros (4096, 1024));  # 32 MiB
%! clear big
%! gpumat_reset ();
%! free1 = gpumat_device ().FreeMemory;
%! assert (abs (free1 - free0) < 8 * 2^20, sprintf ("free memory moved by %g MiB", (free1 - free0) / 2^20));

%!testif ; gpumat_available ()
%! ## Transposed views: G' and G.' share G's memory (no copy), products read them in place.
%! for cls = {"double", "single"}
%!   A = rand (33, 17, cls{1}) - 0.5;  B = rand (33, 21, cls{1}) - 0.5;  S = rand (33, 5, cls{1});
%!   G = gpumat (A);  H = gpumat (B);
%!   use0 = __gpumat__ ("usage", "");
%!   V = G';
%!   assert (__gpumat__ ("usage", ""), use0);
%!   assert (V.desc.ptr, G.desc.ptr);
%!   assert (size (V), [17 33]);
%!   assert ([rows(V), columns(V), numel(V), ndims(V)], [17 33 561 2]);
%!   assert (classUnderlying (V), cls{1});
%!   check_close (G' * H, A' * B);
%!   check_close (G.' * H, A.' * B);
%!   check_close (V * H, A' * B);
%!   check_close (H' * G, B' * A);
%!   check_close (G * G', A * A');
%!   check_close (G' * G, A' * A);
%!   check_close (G' * B, A' * B);
%!   check_close (S' * G, S' * A);
%!   check_close (A * G', A * A');
%!   check_close (G' * S, A' * S);
%!   check_close (2 * G', 2 * A');
%!   check_close (G' * gpumat (2), A' * 2);
%!   check_close (gpumat_mul (G', H), A' * B);
%!   check_close (gpumat_mul (G', "transpose", G', "none"), A * A');
%!   check_close (gpumat_mul (H, "transpose", G', "transpose"), B' * A);
%!   ## Anything that needs the data laid out transposes once on the device.
%!   assert (gather (V), A');
%!   assert (gather (G.'), A.');
%!   W = gpumat (V);
%!   assert (W.desc.op, 0);
%!   assert (gather (W), A');
%!   assert (gather (dot (G', G')), dot (A', A'), -1e-5);
%!   assert (gather (dot (G', gpumat (A'))), dot (A', A'), -1e-5);
%!   assert (gather (gpumat_dot (G', A', 2)), dot (A', A', 2), -1e-5);
%!   clear V W G H
%! endfor
%! ## Vectors: a transposed vector has the same layout.
%! x = rand (7, 1);  g = gpumat (x);
%! assert (gather (g'), x');
%! check_close (g' * g, x' * x);
%! check_close (g * g', x * x');
%! R = rand (7, 3);
%! check_close (g' * R, x' * R);
%! assert (gather (dot (g', g')), dot (x', x'), -1e-12);

%!testif ; gpumat_available ()
%! ## (G')' is G itself; a view keeps its parent's memory alive after clear G; no leaks.
%! use0 = __gpumat__ ("usage", "");
%! A = rand (20, 30);
%! G = gpumat (A);
%! W = (G')';
%! assert (W.desc, G.desc);
%! assert (W.desc.op, 0);
%! V = G';
%! clear G W
%! assert (gather (V), A');
%! check_close (V * gpumat (A), A' * A);
%! assert (__gpumat__ ("usage", "")(1), use0(1) + 1);
%! clear V
%! assert (__gpumat__ ("usage", "")(1:2), use0(1:2));
%! ## Many views, products and failures: nothing left behind.
%! G = gpumat (A);  H = gpumat (rand (20, 4));
%! for i = 1:200
%!   V = G';
%!   C = V * H;
%!   D = gpumat (V);
%!   d = dot (V, V);
%!   try
%!     V * V;
%!   catch
%!   end_try_catch
%!   clear V C D d
%! endfor
%! clear G H
%! assert (__gpumat__ ("usage", "")(1:2), use0(1:2));

%!testif ; gpumat_available ()
%! ## N-D arrays cannot be transposed, as in Octave; a view of freed memory is a stale handle.
%! G = gpumat (ones (2, 2, 2));
%! fail ("G'", "transpose not defined for N-D objects");
%! fail ("G.'", "transpose not defined for N-D objects");
%! G = gpumat (rand (3, 4));
%! V = G';
%! __gpumat__ ("free", "", G.desc.ptr);
%! try
%!   gather (V);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:array:invalidHandle");
%! end_try_catch
%! try
%!   V * ones (3, 1);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:mul:invalidHandle");
%! end_try_catch
%! clear V G
