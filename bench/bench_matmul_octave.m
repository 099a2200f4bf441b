## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {} bench_matmul_octave (@var{c_log})
## @deftypefnx {} {} bench_matmul_octave (@var{c_log}, @var{reps})
## @deftypefnx {} {} bench_matmul_octave (@var{c_log}, @var{reps}, @var{rest})
## The Octave column of @code{make bench-matmul}: for each square product that bench_matmul
## timed in the same @code{make} call (its table in @var{c_log}: section square, ops NN, one
## line a class, shape and kernel), the same product on gpumat arrays from Octave,
## @code{C = gpumat_mul (G, H, @var{kernel})} with @var{G} and @var{H} uniform on [-1, 1) as
## bench_matmul fills them, each call timed from before it to after @code{gpumat_sync}
## (so the time holds the result's allocation and the call's road through Octave), the median
## of @var{reps} calls (default 10) after two untimed ones; and @var{reps} calls in a row
## with one wait after the last (as a loop of products runs: each call queued while the
## previous one computes), the mean.  Both beside bench_matmul's median (CUDA events around
## the kernel alone) as the ratio of the rates (issue 33: at least 95% for ozaki, tf32x3,
## dmma and warp at 4096 and 8192).  With @var{rest} (seconds, default 0; make bench-matmul
## gives bench_matmul --rest the same), the GPU idles that long before the two untimed calls
## of each of the two timings, as bench_matmul idles before its own: a GPU at its power cap
## lowers its clock within a second of sustained load, so both sides start from the same one.
## @end deftypefn

function bench_matmul_octave (c_log, reps = 10, rest = 0)
  rows = read_c_rows (c_log);
  d = gpumat_device ();
  printf ("\ngpumat_mul on gpumat arrays from Octave, on %s; median of %d calls after 2\n",
          d.Name, reps);
  printf ("%-6s %-16s %-8s %10s %9s %10s %9s %8s %9s %6s %6s\n", "class", "shape", "kernel",
          "each ms", "TFLOP/s", "in a row", "TFLOP/s", "C ms", "TFLOP/s", "each/C", "row/C");
  last = "";
  for r = 1:numel (rows)
    row = rows(r);
    key = sprintf ("%s %d %d %d", row.cls, row.m, row.n, row.k);
    if (! strcmp (key, last))
      clear G H;
      G = gpumat (cast (2 * rand (row.m, row.k) - 1, row.cls));
      H = gpumat (cast (2 * rand (row.k, row.n) - 1, row.cls));
      last = key;
    endif
    warm_up (G, H, row.kernel, rest);
    t = zeros (1, reps);
    for i = 1:reps
      id = tic;
      C = gpumat_mul (G, H, row.kernel);
      gpumat_sync ();
      t(i) = toc (id);
      clear C;
    endfor
    t = 1e3 * median (t);
    warm_up (G, H, row.kernel, rest);
    id = tic;
    for i = 1:reps
      C = gpumat_mul (G, H, row.kernel);
    endfor
    gpumat_sync ();
    t_row = 1e3 * toc (id) / reps;
    clear C;
    flop = 2 * row.m * row.n * row.k;
    printf ("%-6s %-16s %-8s %10.3f %9.2f %10.3f %9.2f %8.3f %9.2f %5.1f%% %5.1f%%\n", row.cls,
            sprintf ("%dx%dx%d", row.m, row.n, row.k), row.kernel, t, flop / t / 1e9, t_row,
            flop / t_row / 1e9, row.ms, flop / row.ms / 1e9, 100 * row.ms / t,
            100 * row.ms / t_row);
  endfor
endfunction

## rest seconds of idle GPU, then two untimed calls
function warm_up (G, H, kernel, rest)
  gpumat_sync ();
  if (rest > 0)
    pause (rest);
  endif
  for w = 1:2
    C = gpumat_mul (G, H, kernel);
    clear C;
  endfor
  gpumat_sync ();
endfunction

## bench_matmul's table lines of the square section, NN, gpumat kernels (not cuBLAS):
## "square     4096x4096x4096       NN  double dmma                3.055     44.99 ..."
function rows = read_c_rows (c_log)
  rows = struct ("cls", {}, "m", {}, "n", {}, "k", {}, "kernel", {}, "ms", {});
  lines = strsplit (fileread (c_log), "\n");
  for l = 1:numel (lines)
    tok = regexp (lines{l}, '^square\s+(\d+)x(\d+)x(\d+)\s+NN\s+(double|single)\s+([a-z0-9]+)\s+([\d.]+)\s',
                  "tokens", "once");
    if (! isempty (tok) && ! strncmp (tok{5}, "cublas", 6))
      rows(end+1) = struct ("cls", tok{4}, "m", str2double (tok{1}), "n", str2double (tok{2}),
                            "k", str2double (tok{3}), "kernel", tok{5}, "ms", str2double (tok{6}));
    endif
  endfor
  if (isempty (rows))
    error ("bench_matmul_octave: no square NN rows in %s", c_log);
  endif
endfunction
