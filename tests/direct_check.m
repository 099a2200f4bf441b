## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{cases}, @var{mismatches}] =} direct_check ()
## The two roads of a gpumat call give the same bits.  Each operation the direct road takes
## (mex/gpumat_value_direct.cc: element-wise operators, uminus, abs, exp, @code{*}, dot, sum,
## mean, max, min, norm of a vector, gather, upload, indexing by colons, scalars and ranges,
## assignment of one element) runs with the direct road on and off (every call through the MEX gateway), over
## double and single (indexing and assignment over every class), scalars, vectors, matrices,
## N-D arrays, broadcasts, a host scalar on either side, views, shared blocks, NaN, +-Inf, -0
## and subnormals; value (NaN where NaN, -0 where -0), class, size and complexity must be
## identical, or both must raise an error with one identifier.  Also checks that the direct
## road was taken (its call count grows) and that no device block is left behind.  Needs a GPU
## (make check runs it there); ends with an error naming the first mismatches.
## @end deftypefn

function [cases, mismatches] = direct_check ()
  [on, calls0] = __gpumat_call__ ("direct", true);
  if (! on)
    error ("direct_check: the direct road is not available (the gateway links another runtime)");
  endif
  restore = onCleanup (@() __gpumat_call__ ("direct", true));
  u0 = __gpumat__ ("usage", "");
  ## (no space before a call's parenthesis inside braces: it would start a new element)
  values = {[1 -2.5 0 -0 NaN Inf -Inf 3e-310 7], [2; -0; NaN], 4, -0, ...
            reshape((1:24) - 12.5, 2, 3, 4), magic(4) - 8, zeros(1, 0), rand(5, 3)};
  binary = {@plus, @minus, @times, @rdivide, @lt, @le, @gt, @ge, @eq, @ne, @max, @min, ...
            @mtimes, @mod, @rem, @atan2, @hypot, @and, @or, @xor, @power};
  unary = {@uminus, @abs, @exp, @(x) sum(x), @(x) sum(x, 2), @(x) mean(x), @(x) max(x), ...
           @(x) min(x, [], 1), @(x) x', @(x) x' * x, @(x) x * x', @(x) dot(x(:), x(:)), ...
           @(x) norm(x(:)), @(x) norm(x(:)'), @(x) norm(x(:) * 1e200), @(x) norm(x(:) * 1e-200), ...
           @(x) 2 * x, @(x) x * single(3), @(x) x + 1, @(x) 1 - x, @(x) x' * x(:, 1), ...
           @floor, @ceil, @round, @fix, @sign, @sin, @cos, @tan, @atan, @sinh, @cosh, @tanh, ...
           @asinh, @expm1, @gamma, @erf, @erfc, @cbrt, @isnan, @isinf, @isfinite, @sqrt, ...
           @log, @asin, @acosh, @log1p, @lgamma, @fft, @ifft, @(x) fft(x, [], 2), ...
           @(x) ifft(x, [], 3), @(x) fft(x')};
  cases = 0;  mismatches = {};
  for c = {@double, @single}
    for i = 1:numel (values)
      x = c{1} (values{i});
      for f = 1:numel (unary)
        [ok, why] = same_both_roads (unary{f}, {gpumat(x)});
        cases++;
        if (! ok)
          mismatches{end+1} = sprintf ("%s (%s %s): %s", func2str (unary{f}), class (x),
                                       mat2str (size (x)), why);
        endif
      endfor
      for j = 1:numel (values)
        for c2 = {@double, @single}
          y = c2{1} (values{j});
          for f = 1:numel (binary)
            for placement = 1:3
              gx = x;  gy = y;
              if (placement != 2)  gx = gpumat (x);  endif
              if (placement != 1)  gy = gpumat (y);  endif
              [ok, why] = same_both_roads (binary{f}, {gx, gy});
              cases++;
              if (! ok)
                mismatches{end+1} = sprintf ("%s (%s %s, %s %s) placement %d: %s",
                                             func2str (binary{f}), class (x), mat2str (size (x)),
                                             class (y), mat2str (size (y)), placement, why);
              endif
            endfor
          endfor
        endfor
      endfor
    endfor
  endfor
  ## fft and ifft of complex data, and of data whose transform is real (narrowed)
  for v = {[1+2i 3 -1i], single([1i; 2; 3-1i; 0]), complex(reshape(1:24, 2, 3, 4), -1), ...
           [1 2 2], single([4; 1; 1]), [1+1i 0; 1-1i 0], complex([2 NaN 1], 0)}
    for f = {@fft, @ifft, @(x) fft(x, [], 2), @(x) ifft(x, [], 1)}
      [ok, why] = same_both_roads (f{1}, {gpumat(v{1})});
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s %s%s): %s", func2str (f{1}), class (v{1}),
                                     mat2str (size (v{1})), ifelse_text (iscomplex (v{1})), why);
      endif
    endfor
  endfor
  ## gather and upload of every class
  for v = {int8([-5 7]), uint16([1 2; 3 4]), int64(-3), true(2, 3), [1+2i, 3], single(2-1i), ...
           complex(3, 0), zeros(0, 3), "ab", 1:4, -0, rand(300, 300)}
    [ok, why] = same_both_roads (@(a) gather (gpumat (a)), v);
    cases++;
    if (! ok)
      mismatches{end+1} = sprintf ("gather (gpumat (%s)): %s", class (v{1}), why);
    endif
  endfor
  ## indexing by colons, scalars and ranges (the direct road's one gm_index_gather) of every
  ## class, and the forms it leaves to the gateway (lists, views, complex data, empty results)
  forms = {@(x) x(:, 1), @(x) x(2, :), @(x) x(:), @(x) x(2:3), @(x) x(1:2, 2:3), ...
           @(x) x(:, :, 2), @(x) x(end), @(x) x(1, 1, 1, 1), @(x) x([1 2], 1), ...
           @(x) x(:, [3 1]), @(x) x'(:, 1), @(x) x(2:1), @(x) x(:, end, end), @(x) x(logical ([1 0 1]))};
  for v = {reshape(1:24, 2, 3, 4), magic(4), int8(magic(3)), uint16(1:5), true(3, 4), ...
           single([1 NaN 3; -0 Inf 4]), [1+2i 3 1; 4 5i 2], (1:5)', 7, int64([-1 2 3; 4 5 6])}
    for f = 1:numel (forms)
      [ok, why] = same_both_roads (forms{f}, {gpumat(v{1})});
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s %s): %s", func2str (forms{f}), class (v{1}),
                                     mat2str (size (v{1})), why);
      endif
    endfor
  endfor
  ## assignment of one element (the direct road's one queued upload) and the forms it leaves
  ## to the gateway (growth, ranges, complex, integer and logical arrays, gpumat values)
  puts = {{2, 3, 7.5}, {5, -0}, {1, 1, NaN}, {2, 2, single(0.1)}, {4, 4, 1}, {1, 2:3, 5}, ...
          {9, 2}, {1, 1, 1, Inf}, {2, 1, 2, 3}, {1, 1, 2+1i}, {1, 1, int8(3)}, {1, 1, true}};
  for v = {magic(3), single(magic(3)), int8(magic(3)), true(3), [1+2i 3 1; 4 5i 2; 1 1 1], ...
           reshape(1:12, 2, 3, 2)}
    for f = 1:numel (puts)
      for shared = 0:1
        [ok, why] = same_both_roads (@(x) put (x, shared, puts{f}{:}), {gpumat(v{1})});
        cases++;
        if (! ok)
          mismatches{end+1} = sprintf ("G(%s) = %s (%s %s, shared %d): %s",
                                       strjoin (cellfun (@mat2str, puts{f}(1:end-1), "uniformoutput", false), ", "),
                                       mat2str (puts{f}{end}), class (v{1}), mat2str (size (v{1})),
                                       shared, why);
        endif
      endfor
    endfor
  endfor
  [~, calls1] = __gpumat_call__ ("direct", true);
  cases++;
  if (calls1 - calls0 < 1000)
    mismatches{end+1} = sprintf ("the direct road computed %d calls of the run: fewer than expected",
                                 calls1 - calls0);
  endif
  clear -x cases mismatches u0 calls0 calls1
  u = __gpumat__ ("usage", "");
  cases++;
  if (u(1) != u0(1))
    mismatches{end+1} = sprintf ("%d device blocks left behind", u(1) - u0(1));
  endif
  printf ("direct_check: %d cases, %d mismatches (%d calls on the direct road)\n", cases,
          numel (mismatches), calls1 - calls0);
  if (! isempty (mismatches))
    printf ("  %s\n", mismatches{1:min (end, 40)});
    error ("direct_check: %d of %d cases differ between the roads", numel (mismatches), cases);
  endif
endfunction

## x(I...) = V; when shared, another array shares x's block first (copy on write), and the
## result is both arrays' elements, gathered: the other must keep its values
function r = put (x, shared, varargin)
  if (shared)
    y = x;
  endif
  x(varargin{1:end-1}) = varargin{end};
  r = x;
  if (shared)
    r = [gather(x)(:); gather(y)(:)];
  endif
endfunction

function [ok, why] = same_both_roads (f, args)
  r = cell (1, 2);  err = cell (1, 2);
  for road = 1:2
    __gpumat_call__ ("direct", road == 1);
    try
      r{road} = f (args{:});
      if (isgpuarray (r{road}))
        r{road} = gather (r{road});
      endif
    catch e
      err{road} = e.identifier;
      if (isempty (err{road}))
        err{road} = "(no identifier)";
      endif
    end_try_catch
  endfor
  __gpumat_call__ ("direct", true);
  ok = false;  why = "";
  if (! isempty (err{1}) || ! isempty (err{2}))
    ok = strcmp (err{1}, err{2});
    if (! ok)
      why = sprintf ("errors differ: direct '%s', gateway '%s'", err{1}, err{2});
    endif
    return;
  endif
  a = r{1};  b = r{2};
  if (! strcmp (class (a), class (b)) || ! isequal (size (a), size (b))
      || iscomplex (a) != iscomplex (b))
    why = sprintf ("direct %s %s%s, gateway %s %s%s", class (a), mat2str (size (a)),
                   ifelse_text (iscomplex (a)), class (b), mat2str (size (b)),
                   ifelse_text (iscomplex (b)));
    return;
  endif
  if (isfloat (a))
    ## the same bits: NaN where NaN, -0 where -0
    same = (isnan (a(:)) & isnan (b(:))) | (a(:) == b(:) & signbit (real (a(:))) == signbit (real (b(:))));
    ok = all (same);
  else
    ok = isequal (a, b);
  endif
  if (! ok)
    why = "values differ";
  endif
endfunction

function t = ifelse_text (c)
  t = "";
  if (c)
    t = " complex";
  endif
endfunction
