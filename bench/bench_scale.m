## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {} bench_scale (@var{c_log})
## @deftypefnx {} {} bench_scale (@var{c_log}, @var{n}, @var{reps}, @var{budget_gb})
## The Octave column of @code{make bench-scale}: @code{C = gpumat_mul (A, B, "devices",
## @var{d})} on @var{n} x @var{n} double host arrays (default 60000, 86.4 GB of host memory
## with the result), first on GPU 0, then on every GPU of the machine, each the median of
## @var{reps} calls (default 1) after one untimed call, each result checked at sampled
## elements; beside the times bench_blocked printed for the same products in the same
## @code{make} call (read from @var{c_log}, its output), as the ratio of the rates: how much
## of the C benchmark's rate a user calling from Octave gets (issue 33: at least 95% on one
## GPU, and two GPUs at least 1.8x one).
##
## @var{budget_gb} > 0 caps each device's memory at that many GiB (@code{"maxDeviceMemory"}),
## as @code{--budget-gb} does for bench_blocked; 0, the default, leaves the free memory.
##
## bench_blocked runs first and has freed its arrays when this starts, so the machine needs
## memory for one set of arrays at a time.
## @end deftypefn

function bench_scale (c_log, n = 60000, reps = 1, budget_gb = 0)
  c_times = read_c_times (c_log);
  d = gpumat_device ();
  printf ("\ngpumat_mul from Octave, %dx%d double host arrays, on %s (%d GPU%s)\n", n, n,
          d.Name, d.DeviceCount, ifelse_s (d.DeviceCount > 1));
  A = ones (n);
  B = 2 * ones (n);
  expected = 2 * n;
  lists = {0};
  if (d.DeviceCount > 1)
    lists{end+1} = 0:d.DeviceCount-1;
  endif
  budget = {};
  if (budget_gb > 0)
    budget = {"maxDeviceMemory", budget_gb * 2 ^ 30};
    printf ("device memory budget %g GiB a GPU\n", budget_gb);
  endif
  flop = 2 * n ^ 3;
  printf ("%-10s %12s %10s %12s %10s %9s\n", "devices", "Octave s", "TFLOP/s", "bench_blocked",
          "TFLOP/s", "Octave/C");
  one = NaN;
  for l = 1:numel (lists)
    dev = lists{l};
    C = gpumat_mul (A, B, "devices", dev, budget{:});        # untimed: pools, threads and caches made
    check_result (C, expected, n);
    clear C;
    t = zeros (1, reps);
    for r = 1:reps
      id = tic;
      C = gpumat_mul (A, B, "devices", dev, budget{:});
      t(r) = toc (id);
      check_result (C, expected, n);
      clear C;
    endfor
    t = median (t);
    if (l == 1)
      one = t;
    endif
    label = "gpumat";
    if (numel (dev) > 1)
      label = sprintf ("gpumat x%d", numel (dev));
    endif
    tc = NaN;
    if (isfield (c_times, matlab.lang.makeValidName (label)))
      tc = c_times.(matlab.lang.makeValidName (label));
    endif
    printf ("%-10s %12.2f %10.2f %12.2f %10.2f %8.1f%%\n", mat2str (dev), t, flop / t / 1e12, tc,
            flop / tc / 1e12, 100 * tc / t);
  endfor
  if (numel (lists) > 1)
    printf ("two or more GPUs from Octave: %.2fx one GPU (issue 33: at least 1.8x on two)\n",
            one / t);
  endif
endfunction

## The seconds of bench_blocked's double lines ("double  60000  gpumat  10.54 s ...", and
## "gpumat x2"), by label.
function times = read_c_times (c_log)
  times = struct ();
  text = fileread (c_log);
  lines = strsplit (text, "\n");
  for k = 1:numel (lines)
    tok = regexp (lines{k}, '^double\s+\d+\s+(gpumat(?: x\d+)?)\s+([\d.]+) s', "tokens", "once");
    if (! isempty (tok))
      times.(matlab.lang.makeValidName (tok{1})) = str2double (tok{2});
    endif
  endfor
endfunction

function check_result (C, expected, n)
  at = [1, n, n * n, 1 + (n - 1) * n, round(n * n / 2), 31 + 17 * n];
  if (! isequal (size (C), [n n]) || any (C(at) != expected))
    error ("bench_scale: the product is wrong at sampled elements");
  endif
endfunction

function s = ifelse_s (plural)
  s = "";
  if (plural)
    s = "s";
  endif
endfunction
