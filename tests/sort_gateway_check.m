## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {[@var{passed}, @var{failed}] =} sort_gateway_check ()
## @deftypefnx {} {[@var{passed}, @var{failed}] =} sort_gateway_check ("assume-device")
## sort, find, nnz and median of gpumat arrays (inst/@@gpumat/*.m over mex/gw_sort.c and
## kernels/sort.cu, find.cu) against Octave's own on the same host arrays, case by case: every
## class (complex too), NaN of both signs, -0 next to 0 (the sign bits of sorted values are
## compared: isequal takes -0 for 0), ties, +-Inf, empty shapes (0x0, 1x0, 0x3, 3x0, 1x0x3),
## scalars, rows, columns, 1x1xN and N-D arrays, transposed views; sort along every dimension
## up to ndims + 1 in both modes with one and two outputs, find with one to three outputs and
## every form of N and DIRECTION, nnz, median along every dimension.  A case agrees when both
## give the same class, size, complexity, values and signs, or both raise an error; at the end
## no device block may be left behind.
##
## With a GPU, against the real gateway; "assume-device" runs without asking
## gpumat_available, for the __gpumat__ of tests/cpu-standin/run_sort.sh built over CPU
## stand-ins of the kernels and of CUB.  Prints the failures and
## "sort_gateway_check: N passed, N failed".
## @end deftypefn

function [passed, failed] = sort_gateway_check (mode)
  passed = 0;  failed = 0;
  if (! ((nargin > 0 && strcmp (mode, "assume-device")) || gpumat_available ()))
    printf ("sort_gateway_check: no GPU: skipped\n");
    return;
  endif
  state = warning ("off", "all");
  cleanup = onCleanup (@() warning (state));
  u0 = __gpumat_call__ ("usage", "gpumat");
  for k = 1:numel (inputs ())
    in = inputs (){k};
    x = in{1};
    views = {gpumat(x)};
    if (ndims (x) == 2)
      views{end+1} = gpumat (x.').';     # a transposed view of the same values
    endif
    for v = 1:numel (views)
      g = views{v};
      what = sprintf ("%s%s %s%s", ifelse_text (iscomplex (x), "complex "), class (x),
                      mat2str (size (x)), ifelse_text (v == 2, " (view)"));
      [p, f] = run_cases (x, g, what);
      passed += p;  failed += f;
    endfor
  endfor
  ## every device block of the calls above freed (errors included) once its holders went
  clear views g
  u = __gpumat_call__ ("usage", "gpumat");
  if (u(1) == u0(1))
    passed++;
  else
    failed++;
    printf ("FAIL: %d device blocks left behind\n", u(1) - u0(1));
  endif
  printf ("sort_gateway_check: %d passed, %d failed\n", passed, failed);
endfunction

function [p, f] = run_cases (x, g, what)
  p = 0;  f = 0;
  nd = ndims (x);
  sorts = {{}, {"ascend"}, {"descend"}};
  for d = 1:nd + 1
    sorts{end+1} = {d};
    sorts{end+1} = {d, "descend"};
    sorts{end+1} = {d, "ascend"};
  endfor
  finds = {{}, {1}, {2}, {0}, {Inf}, {2, "last"}, {1, "first"}, {Inf, "last"}, {100, "last"}};
  cases = {};
  for s = 1:numel (sorts)
    for nout = 1:2
      cases(end+1, :) = {"sort", sorts{s}, nout};
    endfor
  endfor
  for s = 1:numel (finds)
    for nout = 1:3
      cases(end+1, :) = {"find", finds{s}, nout};
    endfor
  endfor
  cases(end+1, :) = {"nnz", {}, 1};
  cases(end+1, :) = {"median", {}, 1};
  for d = 1:nd + 1
    cases(end+1, :) = {"median", {d}, 1};
  endfor
  for c = 1:rows (cases)
    fn = cases{c, 1};  args = cases{c, 2};  nout = cases{c, 3};
    [hr, herr] = call (fn, x, args, nout);
    [gr, gerr] = call (fn, g, args, nout);
    why = "";
    if (! isempty (herr) || ! isempty (gerr))
      if (isempty (herr) || isempty (gerr))
        why = sprintf ("host error '%s', gpumat error '%s'", herr, gerr);
      endif
    else
      for o = 1:nout
        why = differ (hr{o}, gr{o});
        if (! isempty (why))
          why = sprintf ("output %d: %s", o, why);
          break;
        endif
      endfor
    endif
    if (isempty (why))
      p++;
    else
      f++;
      printf ("FAIL: %s (%s%s) with %d outputs on %s: %s\n", fn, "x", args_text (args), nout,
              what, why);
    endif
  endfor
endfunction

function [r, err] = call (fn, x, args, nout)
  r = cell (1, nout);  err = "";
  try
    [r{:}] = feval (fn, x, args{:});
  catch e
    err = e.message;
  end_try_catch
endfunction

function why = differ (h, g)
  why = "";
  if (isgpuarray (h))
    why = "the host result is a gpumat array";
    return;
  endif
  if (isgpuarray (g))
    g = gather (g);
  endif
  if (! strcmp (class (h), class (g)))
    why = sprintf ("class %s, host %s", class (g), class (h));
  elseif (! isequal (size (h), size (g)))
    why = sprintf ("size %s, host %s", mat2str (size (g)), mat2str (size (h)));
  elseif (iscomplex (h) != iscomplex (g))
    why = sprintf ("complexity %d, host %d", iscomplex (g), iscomplex (h));
  elseif (! isequaln (h, g))
    why = "values differ";
  elseif (isfloat (h) && any (signbit (real (h(h == 0))) != signbit (real (g(h == 0)))))
    ## zeros only: a NaN made by arithmetic (median of [Inf -Inf]) has the host's sign bit on
    ## the host (x86: negative) and the device's on the device (positive), and Octave shows both
    ## as NaN
    why = "signs of zeros differ";
  endif
endfunction

function s = args_text (args)
  s = "";
  for k = 1:numel (args)
    if (ischar (args{k}))
      s = [s, ", \"", args{k}, "\""];
    else
      s = [s, ", ", num2str(args{k})];
    endif
  endfor
endfunction

function s = ifelse_text (c, t)
  if (c)
    s = t;
  else
    s = "";
  endif
endfunction

function list = inputs ()
  persistent cached
  if (! isempty (cached))
    list = cached;
    return;
  endif
  ## values with ties, NaN of both signs (-NaN), -0 beside 0, +-Inf
  special = [3 NaN -0 1 0 -Inf -NaN 1 Inf -2 0 -0 3];
  nd = reshape ([5 1 5 2 0 -1 5 3 2 2 7 1 0 0 4 8 1 9 3 3 2 6 2 5], 2, 3, 4);
  ties = mod (reshape (0:(7*11 - 1), 7, 11) * 37, 5) - 2;
  base = {special, special', reshape(special(1:12), 3, 4), [], zeros(0, 3), zeros(3, 0), ...
          zeros(1, 0), zeros(0, 1), zeros(1, 0, 3), 5, -0, NaN, [0 0 0], [0; 0], nd, ...
          reshape(1:5, 1, 1, 5) - 3, zeros(1, 1, 3), ties, [-0 0 -0 0], [0 -0; -0 0], ...
          [Inf -Inf], [2 NaN 1 NaN], ones(2, 1, 2), [0 -0 0], [-0 5 0 -1 0; 0 0 -0 1 2; -0 -0 -0 0 1]};
  list = {};
  for b = base
    v = b{1};
    list{end+1} = {v};
    list{end+1} = {single(v)};
    if (all (isfinite (v(:))))
      list{end+1} = {v != 0};
      for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
        list{end+1} = {cast(v, c{1})};
      endfor
    endif
    if (! isempty (v))
      list{end+1} = {complex(v, reshape (mod (1:numel (v), 3) - 1, size (v)))};
    endif
  endfor
  ## the class extremes, where an even median saturates in the class
  for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
    list{end+1} = {[intmax(c{1}) intmin(c{1}) intmax(c{1}) intmax(c{1}) - 1 intmin(c{1}) + 1 0]};
    list{end+1} = {[intmin(c{1}) intmin(c{1}) + 1]};
  endfor
  list{end+1} = {int8([-3 0 -101 -100 100 100])};
  list{end+1} = {logical([1 0 1 0; 0 0 1 1])};
  cached = list;
endfunction
