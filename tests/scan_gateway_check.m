## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{passed}, @var{failed}] =} scan_gateway_check ()
## The gateway's "scan" command (mex/gw_scan.c over kernels/scan.cu) against Octave's own
## cumsum, cumprod, prod, diff (with DIM), var and std: every class it takes (double, single,
## logical; complex for prod, cumprod and diff), shapes from scalars and empties to N-d, the views G.' and G', every dimension up
## to past the last, diff's orders (passes of 8 and more), var's OPT and default dimension
## (var ([]) is a double NaN).  Arrays whose lines are at most 1024 elements must give Octave's
## bits (class, size, values, -0 and NaN); long lines, summed in chunks, within the reduction
## tolerance.  Also the command's errors, and that no device block is left behind.
##
## Needs a __gpumat__ that computes: a GPU, or the CPU stand-in of
## tests/cpu-standin/run_scan.sh, which runs it:
## @example
## octave-cli --eval "addpath ('target', 'inst', 'tests', 'target/cpu-standin/mex-scan'); scan_gateway_check ()"
## @end example
## @end deftypefn

function [passed, failed] = scan_gateway_check ()
  passed = 0;  failed = 0;
  before = __gpumat_call__ ("usage", "usage");     # (through the shell: pending frees first)
  A = [1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2; 3 -1 2 8; 10 20 30 41];
  base = {5, -0, [], zeros(0, 3), zeros(3, 0), ones(1, 0), [1 3 7 19], [2; -9; 4], A, ...
          reshape(1:60, 3, 4, 5) .^ 2 / 7, ones(1, 3, 0, 2), reshape(1:6, 1, 2, 1, 3) - 3.5, ...
          (1:40)' * (1:3) / 9};
  for b = base
    for cls = {"double", "single", "logical"}
      h = b{1};
      if (strcmp (cls{1}, "logical"))
        h(isnan (h)) = 0;
        h = h > 2;
      else
        h = cast (h, cls{1});
      endif
      for view = 0:2
        if (view > 0 && ndims (h) > 2)
          continue;
        endif
        G = device_array (h, view);
        for op = {"cumsum", "cumprod", "prod", "var", "std"}
          for dim = [0, 1, 2, 3, 5]
            params = 0;
            if (any (strcmp (op{1}, {"var", "std"})))
              params = [0 1];
            endif
            if (params(1) == 0 && numel (params) == 2 && isempty (h) && dim > ndims (h) + 1)
              continue;              # var.m's NaN (output_size) with 0s in between: the caller's
            endif
            for p = params
              want = host (op{1}, h, dim, p);
              got = __gpumat_call__ ("scan", op{1}, op{1}, G, dim, p);
              [passed, failed] = tally (passed, failed, same (want, got), op{1}, h, view, dim, p);
            endfor
          endfor
        endfor
        for dim = 1:ndims (h)
          for k = [1 2 3 8 9 20]
            want = diff (double_if_logical (h), k, dim);
            got = __gpumat_call__ ("scan", "diff", "diff", G, dim, k);
            [passed, failed] = tally (passed, failed, same (want, got), "diff", h, view, dim, k);
          endfor
        endfor
      endfor
    endfor
  endfor
  ## long lines, cut into chunks: the reduction tolerance, on the values' scale
  v = sin (1:5000)' + 0.25;
  for op = {"cumsum", "cumprod", "prod", "var", "std"}
    for cls = {"double", "single"}
      h = cast (v, cls{1});
      if (any (strcmp (op{1}, {"cumprod", "prod"})))
        h = 1 + h / 1e4;
      endif
      want = host (op{1}, h, 0, 0);
      got = gather (__gpumat_call__ ("scan", op{1}, op{1}, gpumat (h), 0, 0));
      ok = strcmp (class (got), class (want)) && isequal (size (got), size (want)) ...
           && all (abs (got(:) - want(:)) <= 5000 * eps (class (want)) * max (abs (want(:))));
      [passed, failed] = tally (passed, failed, ok, [op{1} " (chunked)"], h, 0, 0, 0);
    endfor
  endfor
  ## complex prod and cumprod (mex/gw_complex_reduce.c, kernels/reduce_complex.cu): Octave's
  ## bits and narrowing, NaN and Inf in either part, -0, the views (laid out on the device, G'
  ## conjugated twice), empties
  Z = complex ([1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2], [3 -0 1 Inf; 2 NaN -1 0; 0 1 -2 1]);
  for b = {Z, complex([1 2], [0 0]), complex(zeros(0, 3)), complex(zeros(3, 0)), complex([]), ...
           complex(reshape(1:24, 2, 3, 4) / 7, reshape(24:-1:1, 2, 3, 4) / 5), complex(-0, Inf), ...
           complex([1 2 3], [5 0 0]), complex((1:30)' .^ 2, cos (1:30)')}
    for cls = {"double", "single"}
      h = cast (b{1}, cls{1});
      for view = 0:2
        if (view > 0 && ndims (h) > 2)
          continue;
        endif
        G = device_array (h, view);
        for op = {"cumprod", "prod"}
          for dim = [0, 1, 2, 3, 5]
            want = host (op{1}, h, dim, 0);
            got = __gpumat_call__ ("scan", op{1}, op{1}, G, dim, 0);
            [passed, failed] = tally (passed, failed, same_complex (want, got), op{1}, h, view, dim, 0);
          endfor
        endfor
        ## diff: the parts' differences apart, every order form (passes of 8 and more)
        for dim = 1:ndims (h)
          for k = [1 2 3 8 9 20]
            want = diff (h, k, dim);
            got = __gpumat_call__ ("scan", "diff", "diff", G, dim, k);
            [passed, failed] = tally (passed, failed, same_complex (want, got), "diff", h, view, dim, k);
          endfor
        endfor
      endfor
    endfor
  endfor
  ## prod's "double" of complex single data (PARAM 1), along a dimension with no rows before it
  for h = {single(Z), single(complex([1 2; 3 4], 1)), complex(single([1 2]), single([0 0]))}
    for dim = [0, 1]
      want = prod (h{1}, "double");
      if (dim == 1)
        want = prod (h{1}, 1, "double");
      endif
      got = __gpumat_call__ ("scan", "prod", "prod", gpumat (h{1}), dim, 1);
      [passed, failed] = tally (passed, failed, same_complex (want, got), "prod double", h{1}, 0, dim, 1);
    endfor
  endfor
  ## long complex lines, in chunks: within tolerance; with a NaN or Inf part: Octave's bits
  v = complex (cos (1:5000)', sin (1:5000)') .* (1 + sin (1:5000)' / 1e4);
  for cls = {"double", "single"}
    for op = {"cumprod", "prod"}
      h = cast (v, cls{1});
      want = host (op{1}, h, 0, 0);
      got = gather (__gpumat_call__ ("scan", op{1}, op{1}, gpumat (h), 0, 0));
      ok = strcmp (class (got), class (want)) && isequal (size (got), size (want)) ...
           && all (abs (got(:) - want(:)) <= 5000 * eps (class (want)) * max (abs (want(:))));
      [passed, failed] = tally (passed, failed, ok, [op{1} " (complex, chunked)"], h, 0, 0, 0);
      h(3000) = complex (Inf, 1);
      h(4000) = complex (0, 0);
      want = host (op{1}, h, 0, 0);
      got = __gpumat_call__ ("scan", op{1}, op{1}, gpumat (h), 0, 0);
      [passed, failed] = tally (passed, failed, same_complex (want, got),
                                [op{1} " (complex, chunked, Inf)"], h, 0, 0, 0);
    endfor
  endfor
  ## complex max and min ("reduce", mex/gw_complex_reduce.c): Octave's element and index
  ## exactly, its order (abs, then arg, -pi read as pi), NaN rule and quirk (a NaN with an
  ## infinite part after the slice's first NaN-free position wins in max), narrowing; long lines
  Z = complex ([3 NaN 0 -5 1 5 -0; NaN 2 Inf 1 -1 0 4; NaN 1 -1 NaN 0 NaN 5], ...
               [4 1 5 -0 NaN 0 3; NaN 0 NaN -1 0 -5 -3; 1 Inf 0 0 Inf NaN 0]);
  L = complex (cos (1:5000)', sin (1:5000)');
  L(2000) = complex (NaN, 1);  L(1) = complex (NaN, 0);  L(3000) = complex (-Inf, NaN);
  for b = {Z, complex([1 -1 0 0 -1 NaN], [0 0 1 -1 -0 Inf]), complex([1 2], [0 0]), ...
           complex(zeros(0, 3)), complex(zeros(3, 0)), complex([]), L, [L, L(end:-1:1)], ...
           complex(reshape(1:24, 2, 3, 4) - 12, reshape(24:-1:1, 2, 3, 4) - 12)}
    for cls = {@double, @single}
      h = cls{1} (b{1});
      for view = 0:2
        if (view > 0 && ndims (h) > 2 || ! iscomplex (h))
          continue;
        endif
        G = device_array (h, view);
        for op = {"max", "min"}
          for dim = [0, 1, 2, 3, 5]
            if (dim == 0)
              [wm, wi] = feval (op{1}, h);
            else
              [wm, wi] = feval (op{1}, h, [], dim);
            endif
            [gm, gi] = __gpumat_call__ ("reduce", op{1}, op{1}, G, dim);
            ok = same_complex (wm, gm) && isgpuarray (gi) && isequal (gather (gi), wi);
            [passed, failed] = tally (passed, failed, ok, op{1}, h, view, dim, 0);
          endfor
        endfor
      endfor
    endfor
  endfor
  ## errors
  G = gpumat ([1 2; 3 4]);
  errs = {@() __gpumat_call__ ("scan", "cumsum", "cumsum", gpumat (int8 ([1 2])), 0, 0), "gpumat:scan:unsupportedClass";
          @() __gpumat_call__ ("scan", "var", "var", gpumat ([1i 2]), 0, 0), "gpumat:scan:unsupportedClass";
          @() __gpumat_call__ ("scan", "cumprod", "cumprod", gpumat ([1i 2]), 0, 1), "gpumat:scan:invalidParam";
          @() __gpumat_call__ ("scan", "diff", "diff", G, 0, 1), "gpumat:scan:invalidDim";
          @() __gpumat_call__ ("scan", "diff", "diff", G, 3, 1), "gpumat:scan:invalidDim";
          @() __gpumat_call__ ("scan", "diff", "diff", G, 1, 0), "gpumat:scan:invalidOrder";
          @() __gpumat_call__ ("scan", "var", "var", G, 1, 2), "gpumat:scan:invalidOpt";
          @() __gpumat_call__ ("scan", "cumsum", "cumsum", G, -1, 0), "gpumat:scan:invalidDim";
          @() __gpumat_call__ ("scan", "median", "median", G, 0, 0), "gpumat:scan:unknownOperation";
          @() __gpumat_call__ ("scan", "cumsum", "cumsum", G, 0), "Octave:invalid-fun-call"};
  for k = 1:rows (errs)
    id = "";
    try
      errs{k, 1} ();
    catch e
      id = e.identifier;
    end_try_catch
    [passed, failed] = tally (passed, failed, strcmp (id, errs{k, 2}),
                              sprintf ("error %s (got '%s')", errs{k, 2}, id), [], 0, 0, 0);
  endfor
  clear G got gm gi errs;               # (the error cases hold G)
  after = __gpumat_call__ ("usage", "usage");
  [passed, failed] = tally (passed, failed, after(1) == before(1),
                            sprintf ("%d device blocks left", after(1) - before(1)), [], 0, 0, 0);
  printf ("scan_gateway_check: %d passed, %d failed\n", passed, failed);
endfunction

## Octave's own function as the gateway's op computes it (a logical x read as double)
function r = host (op, h, dim, p)
  h = double_if_logical (h);
  args = {};
  if (any (strcmp (op, {"var", "std"})))
    args = {p};
  endif
  if (dim > 0)
    args{end+1} = dim;
  endif
  r = feval (op, h, args{:});
endfunction

function h = double_if_logical (h)
  if (islogical (h))
    h = double (h);
  endif
endfunction

## class, size, and the values' bits (NaN where NaN, -0 where -0)
function ok = same (want, got)
  g = gather (got);
  ok = isgpuarray (got) && strcmp (class (g), class (want)) && isequal (size (g), size (want)) ...
       && isequaln (g, want) && isequal (signbit (g(! isnan (g))), signbit (want(! isnan (want))));
endfunction

## the same for results that may be complex: complexity, and each part's bits
function ok = same_complex (want, got)
  g = gather (got);
  ok = isgpuarray (got) && iscomplex (g) == iscomplex (want) && strcmp (class (g), class (want)) ...
       && isequal (size (g), size (want)) && isequaln (g, want);
  if (ok)
    for part = {@real, @imag}
      gp = part{1} (g);  wp = part{1} (want);
      ok = ok && isequal (signbit (gp(! isnan (gp))), signbit (wp(! isnan (wp))));
    endfor
  endif
endfunction

function G = device_array (h, view)
  switch (view)
    case 0
      G = gpumat (h);
    case 1
      G = gpumat (h.').';
    case 2
      G = gpumat (h')';
  endswitch
endfunction

function [passed, failed] = tally (passed, failed, ok, what, h, view, dim, p)
  if (ok)
    passed++;
  else
    failed++;
    printf ("FAIL: %s of %s %s, view %d, dim %d, param %d\n", what, class (h),
            mat2str (size (h)), view, dim, p);
  endif
endfunction
