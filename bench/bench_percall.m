## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{T} =} bench_percall ()
## @deftypefnx {} {@var{T} =} bench_percall (@var{N})
## What one call on a gpumat array costs, on the direct road (the value type calls the runtime
## library) and on the gateway road (through the MEX gateway), with Octave's own host calls
## timed in the same run for reference: 16x16 @code{G + H}, @code{G * H}, @code{dot (v, v)}
## on 1000-vectors, @code{G(:, 1)}, @code{size (G)}, @code{gpumat (a)}, @code{gather (G)}
## and a few more.  The calls of @gpumat methods (dot, sum, norm, max, gather) and of the
## constructor are timed a third time with their compiled fronts switched off
## (@code{__gpumat_call__ ("fronts", false)}: each front then runs its m-file, so that column is
## the m-file road plus one compiled call, about 1.2 us; deleting the installed @gpumat/*.oct and
## gpumat.oct gives the m-file road alone).
## Each figure is the median of 7 loops of @var{N} calls (default 2000),
## divided by @var{N}, after a warm-up loop: a loop of calls rather than tic/toc around one
## call, which adds about 10 us a sample (../shared/OCTAVE-NOTES.md).  Results are checked
## against the host before timing, on every road.  Returns a struct array {name, us,
## gateway_us, mfile_us, target}.
## @end deftypefn

function T = bench_percall (N)
  if (nargin < 1)
    N = 2000;
  endif
  d = gpumat_device ();
  printf ("gpumat per-call cost on %s (%s), Octave %s, %d calls a loop, median of 7 loops\n",
          d.Name, d.ComputeCapability, OCTAVE_VERSION, N);

  a = rand (16);  b = rand (16);  x = rand (1000, 1);
  G = gpumat (a);  H = gpumat (b);  v = gpumat (x);
  ## Verify before timing, on both roads.
  for road = [true, false]
    __gpumat_call__ ("direct", road);
    __gpumat_call__ ("fronts", road);
    assert (gather (G + H), a + b);
    assert (all (all (abs (gather (G * H) - a * b) <= 16 * eps * (abs (a) * abs (b)))));
    assert (abs (gather (dot (v, v)) - dot (x, x)) <= 1000 * eps * dot (x, x));
    assert (gather (G(:, 1)), a(:, 1));
    assert (size (G), [16 16]);
    assert (abs (gather (norm (v)) - norm (x)) <= 1000 * eps * norm (x));
    assert (gather (max (G)), max (a));
    assert (abs (gather (fft (v)) - fft (x)) <= 1000 * eps * sum (abs (x)));
  endfor
  __gpumat_call__ ("direct", true);
  __gpumat_call__ ("fronts", true);
  printf ("All results match. Starting benchmarks.\n\n");

  ## {name, statement, target in us (0: a reference, no target), a method with a front}:
  ## issue 30's targets
  cases = {
    "host a + b (16x16 double)",     "c = a + b;",          0, false
    "host a * b (16x16 double)",     "c = a * b;",          0, false
    "host dot (x, x), 1000",         "c = dot (x, x);",     0, false
    "host a(:, 1)",                  "c = a(:, 1);",        0, false
    "host size (a)",                 "c = size (a);",       0, false
    "host fft (x), 1000",            "c = fft (x);",        0, false
    "G + H",                         "c = G + H;",          5, false
    "2 * G",                         "c = 2 * G;",          5, false
    "G .* H",                        "c = G .* H;",         5, false
    "abs (G) (map)",                 "c = abs (G);",        5, false
    "G * H",                         "c = G * H;",          6, false
    "G' * H (compound op)",          "c = G' * H;",         6, false
    "dot (v, v), 1000-vectors",      "c = dot (v, v);",     8, true
    "sum (G) (@gpumat/sum)",         "c = sum (G);",        8, true
    "norm (v), 1000-vector",         "c = norm (v);",       0, true
    "max (G)",                       "c = max (G);",        0, true
    "fft (v), 1000-vector",          "c = fft (v);",        0, true
    "G(:, 1)",                       "c = G(:, 1);",        6, false
    "G(3, 4) = 1 (in place)",        "G(3, 4) = 1;",        6, false
    "size (G)",                      "c = size (G);",       2, false
    "numel (G)",                     "c = numel (G);",      2, false
    "gpumat (a)",                    "c = gpumat (a);",     12, true
    "gather (G)",                    "c = gather (G);",     12, true
    "G' (a view)",                   "c = G';",             0, false
  };
  ## Each gpumat call twice in the same run: on the direct road (the value type calls the
  ## runtime library) and on the gateway road (every call through the MEX gateway, as before);
  ## Each method call a third time: direct road, fronts off (the m-file).
  T = struct ("name", cases(:, 1), "us", 0, "gateway_us", 0, "mfile_us", NaN, "target",
              cases(:, 3));
  printf ("%-30s %10s %12s %12s %10s\n", "call", "us/call", "gateway road", "fronts off",
          "target");
  for k = 1:rows (cases)
    loop = sprintf ("t0 = tic; for i = 1:N, %s end; tl = toc (t0);", cases{k, 2});
    us = NaN (1, 3);
    for road = 1:2 + cases{k, 4}
      __gpumat_call__ ("direct", road != 2);
      __gpumat_call__ ("fronts", road != 3);
      eval (loop);                                   # warm-up
      t = zeros (1, 7);
      for r = 1:7
        eval (loop);
        t(r) = tl;
      endfor
      us(road) = median (t) / N * 1e6;
      if (strncmp (cases{k, 1}, "host", 4))
        break;
      endif
    endfor
    __gpumat_call__ ("direct", true);
    __gpumat_call__ ("fronts", true);
    T(k).us = us(1);
    T(k).gateway_us = us(2);
    T(k).mfile_us = us(3);
    target = "";
    if (cases{k, 3} > 0)
      target = sprintf ("<= %g", cases{k, 3});
    endif
    shown = {"", ""};
    for j = 2:3
      if (! isnan (us(j)))
        shown{j - 1} = sprintf ("%.2f", us(j));
      endif
    endfor
    printf ("%-30s %10.2f %12s %12s %10s\n", cases{k, 1}, us(1), shown{:}, target);
  endfor
  eval ("t0 = tic; for i = 1:N, end; tl = toc (t0);");
  printf ("%-30s %10.2f\n", "empty loop", tl / N * 1e6);
endfunction
