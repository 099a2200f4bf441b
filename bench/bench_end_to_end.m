## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {} bench_end_to_end (@var{outdir})
## @deftypefnx {} {} bench_end_to_end (@var{outdir}, @var{sizes})
## What `make bench` runs, in one Octave session with the installed package:
##
## @itemize
## @item @code{gpumat_mul (A, B)} on host arrays (the whole call: uploads,
## product, download), on gpumat arrays (@code{G * H}, data already on the GPU),
## and Octave's builtin @code{A * B}, for N = 256 @dots{} 8192, both classes;
## @item @code{gpumat_dot} on host and on gpumat vectors against @code{dot};
## @item uploads (@code{gpumat (A)}) and downloads (@code{gather (G)}) of 256 MiB
## and more, in GB/s;
## @item the median time of a 16x16 @code{gpumat_mul} on host arrays;
## @item @code{X'*X} with @var{X} 40000x1500 double: @code{gpumat_mul (X,
## "transpose", X, "none")} on the host array (and @code{G' * G} on a gpumat
## array) against Octave's @code{X' * X};
## @item page-wise products from host arrays: @code{gpumat_pagemtimes (X, Y)}
## against @code{blkmm (X, Y)} for 10^4 pages of 32x32 and 10^3 pages of
## 128x128, both classes.
## @end itemize
##
## Every result is checked before it is timed.  Times are medians of repeats
## after a warm-up call.  Prints tables, writes @file{bench-end-to-end.csv} in
## @var{outdir}, and draws @file{bench-end-to-end.png} when a graphics toolkit
## can print (otherwise @file{bench/plot_bench.m} draws it from the CSV).
## @end deftypefn

function bench_end_to_end (outdir, sizes = [256 512 1024 2048 4096 8192])
  d = gpumat_device ();
  stamp = strftime ("%Y-%m-%d %H:%M", localtime (time ()));
  printf ("gpumat end-to-end benchmark on %s (%s), %s\n", d.Name, d.ComputeCapability, stamp);
  printf ("Octave %s, %d CPU threads for builtin * and dot (nproc)\n\n", version (), nproc ());
  table = {};

  ## The call's own cost first, before large products leave OpenBLAS threads spinning.
  t16 = small_product_time ();

  ## ---- products -------------------------------------------------------------------------------
  printf ("%-6s %6s %10s %10s %10s %10s %7s %7s %6s  %s\n", "class", "N", "A*B ms", "host ms",
          "gpumat ms", "kernel ms", "host x", "gpumat x", "G*H/k", "GFLOP/s host/gpumat");
  for cls = {"double", "single"}
    for N = sizes
      A = rand (N, cls{1}) - 0.5;
      B = rand (N, cls{1}) - 0.5;
      R = A * B;
      C = gpumat_mul (A, B);
      check_product (C, A, B, R);
      G = gpumat (A);  H = gpumat (B);
      check_product (gather (G * H), A, B, R);
      reps = repeats_for (N);
      ## After a BLAS call (the checks above, A * B), OpenBLAS's 16 threads keep spinning for
      ## a while and slowed the G * H that followed by up to 13% (H200, 4096 double: 3.66-3.76
      ## ms against 3.41 ms with the threads asleep).  Let them sleep before timing the GPU
      ## paths, and time A * B last.
      settle_blas ();
      t_dev = median_time (@() G * H, reps);
      ## The same kernel alone, timed with CUDA events in this session.
      t_kernel = 1e-3 * __gpumat__ ("mul_time", "bench_end_to_end", G, H, "auto", reps);
      t_host = median_time (@() gpumat_mul (A, B), reps);
      t_cpu = median_time (@() A * B, max (3, min (reps, 7)));
      flops = 2 * N ^ 3;
      printf ("%-6s %6d %10.3f %10.3f %10.3f %10.3f %6.1fx %6.1fx %6.3f  %.0f / %.0f\n", cls{1},
              N, 1e3 * t_cpu, 1e3 * t_host, 1e3 * t_dev, 1e3 * t_kernel, t_cpu / t_host,
              t_cpu / t_dev, t_dev / t_kernel, flops / t_host / 1e9, flops / t_dev / 1e9);
      table(end+1, :) = {"mul", cls{1}, N, t_cpu, t_host, t_dev};
      clear G H C R
    endfor
  endfor

  settle_blas ();
  t16_after = small_product_time ();
  printf ("\n16x16 gpumat_mul on host arrays: median %.1f us first, %.1f us after the large products\n",
          1e6 * t16, 1e6 * t16_after);
  table(end+1, :) = {"mul16", "double", 16, NaN, t16, t16_after};

  ## ---- X'*X and page-wise products ----------------------------------------------------------------
  table = transposed_and_pages (table);

  ## ---- transfers --------------------------------------------------------------------------------
  printf ("\n%-8s %10s %12s %12s\n", "class", "MiB", "upload GB/s", "gather GB/s");
  for mib = [256 1024]
    A = rand (mib * 2^20 / 8, 1);
    G = gpumat (A);
    assert (isequal (gather (G), A));
    clear G
    t_up = median_time (@() gpumat (A), 5);
    G = gpumat (A);
    t_down = median_time (@() gather (G), 5);
    bytes = mib * 2^20;
    printf ("%-8s %10d %12.1f %12.1f\n", "double", mib, bytes / t_up / 1e9, bytes / t_down / 1e9);
    table(end+1, :) = {"transfer", "double", mib, NaN, t_up, t_down};
    clear G A
  endfor

  ## ---- dot ----------------------------------------------------------------------------------------
  printf ("\n%-6s %10s %10s %10s %12s %9s %9s\n", "class", "n", "dot ms", "host ms",
          "gpumat ms", "host x", "gpumat x");
  for cls = {"double", "single"}
    for n = 2 .^ [16 20 24 27]
      x = rand (n, 1, cls{1});  y = rand (n, 1, cls{1});
      r = dot (double (x), double (y));
      assert (abs (double (gpumat_dot (x, y)) - r) <= n * eps (cls{1}) * r);
      X = gpumat (x);  Y = gpumat (y);
      assert (abs (double (gather (dot (X, Y))) - r) <= n * eps (cls{1}) * r);
      reps = 20 - 15 * (n >= 2^24);
      settle_blas ();
      t_dev = median_time (@() dot (X, Y), reps);
      t_host = median_time (@() gpumat_dot (x, y), reps);
      t_cpu = median_time (@() dot (x, y), reps);
      printf ("%-6s %10d %10.3f %10.3f %12.3f %8.1fx %8.1fx\n", cls{1}, n, 1e3 * t_cpu,
              1e3 * t_host, 1e3 * t_dev, t_cpu / t_host, t_cpu / t_dev);
      table(end+1, :) = {"dot", cls{1}, n, t_cpu, t_host, t_dev};
      clear X Y
    endfor
  endfor

  ## ---- CSV and plot -------------------------------------------------------------------------------
  if (! exist (outdir, "dir"))
    mkdir (outdir);
  endif
  csv = fullfile (outdir, "bench-end-to-end.csv");
  fid = fopen (csv, "w");
  fprintf (fid, "# %s, %s\n", d.Name, stamp);
  fprintf (fid, "op,class,size,octave_s,gpumat_host_s,gpumat_device_s\n");
  for i = 1:size (table, 1)
    fprintf (fid, "%s,%s,%d,%.9g,%.9g,%.9g\n", table{i, :});
  endfor
  fclose (fid);
  printf ("\nwrote %s\n", csv);
  try
    plot_bench (csv, fullfile (outdir, "bench-end-to-end.png"));
  catch err
    printf ("no plot here (%s): run bench/plot_bench.m on the CSV where a toolkit can print\n",
            err.message);
  end_try_catch
endfunction

## X'*X (X 40000x1500 double, the normal equations of a tall least-squares problem) and
## page-wise products from host arrays, each against Octave's own in the same session.
function table = transposed_and_pages (table)
  printf ("\n%-6s %-26s %10s %10s %10s %10s %8s %8s\n", "class", "product", "Octave ms",
          "host ms", "gpumat ms", "kernel ms", "host x", "gpumat x");
  X = rand (40000, 1500) - 0.5;
  R = X' * X;
  C = gpumat_mul (X, "transpose", X, "none");
  check_product (C, X', X, R);
  G = gpumat (X);
  t_dev = t_kernel = NaN;
  try
    check_product (gather (G' * G), X', X, R);
    settle_blas ();
    t_dev = median_time (@() G' * G, 10);
    t_kernel = 1e-3 * __gpumat__ ("mul_time", "bench_end_to_end", G, "transpose", G, "none",
                                  "auto", 10);
  catch err
    printf ("(G' * G on gpumat arrays not timed: %s)\n", err.message);
  end_try_catch
  clear G C R
  settle_blas ();
  t_host = median_time (@() gpumat_mul (X, "transpose", X, "none"), 10);
  t_cpu = median_time (@() X' * X, 5);
  printf ("%-6s %-26s %10.3f %10.3f %10.3f %10.3f %7.1fx %7.1fx\n", "double",
          "X'*X, X 40000x1500", 1e3 * t_cpu, 1e3 * t_host, 1e3 * t_dev, 1e3 * t_kernel,
          t_cpu / t_host, t_cpu / t_dev);
  table(end+1, :) = {"xtx", "double", 40000, t_cpu, t_host, t_dev};
  clear X

  for cls = {"double", "single"}
    for pg = [32 10000; 128 1000]'
      n = pg(1);  pages = pg(2);
      X = rand (n, n, pages, cls{1}) - 0.5;
      Y = rand (n, n, pages, cls{1}) - 0.5;
      ## as check_product, page by page: within k*eps*(|X|*|Y|) of the product in double
      R = blkmm (X, Y);
      Z = gpumat_pagemtimes (X, Y);
      err = abs (double (Z) - blkmm (double (X), double (Y)));
      bound = n * eps (cls{1}) * blkmm (abs (double (X)), abs (double (Y)));
      if (! (strcmp (class (Z), class (R)) && isequal (size (Z), size (R))
             && all (err(:) <= bound(:))))
        error ("bench_end_to_end: gpumat_pagemtimes does not match blkmm");
      endif
      clear R Z err bound
      settle_blas ();
      t_host = median_time (@() gpumat_pagemtimes (X, Y), 10);
      t_cpu = median_time (@() blkmm (X, Y), 10);
      label = sprintf ("pagemtimes %d x %dx%d", pages, n, n);
      printf ("%-6s %-26s %10.3f %10.3f %10s %10s %7.1fx %8s\n", cls{1}, label, 1e3 * t_cpu,
              1e3 * t_host, "-", "-", t_cpu / t_host, "-");
      table(end+1, :) = {sprintf("pages%d", n), cls{1}, pages, t_cpu, t_host, NaN};
    endfor
  endfor
endfunction

## OpenBLAS's threads spin about 2^28 cycles (0.1 s) after a call before they sleep.
function settle_blas ()
  pause (0.3);
endfunction

## Median of 2000 calls of a 16x16 gpumat_mul on host arrays, each timed alone.
function t = small_product_time ()
  A = rand (16);  B = rand (16);
  for i = 1:100
    C = gpumat_mul (A, B);
  endfor
  times = zeros (2000, 1);
  for i = 1:numel (times)
    tic;
    C = gpumat_mul (A, B);
    times(i) = toc;
  endfor
  t = median (times);
endfunction

function r = repeats_for (N)
  if (N <= 1024)
    r = 20;
  elseif (N <= 4096)
    r = 10;
  else
    r = 5;
  endif
endfunction

function check_product (C, A, B, R)
  k = columns (A);
  bound = k * eps (class (R)) * (abs (double (A)) * abs (double (B)));
  err = abs (double (C) - double (A) * double (B));
  if (! (strcmp (class (C), class (R)) && all (err(:) <= bound(:))))
    error ("bench_end_to_end: a product does not match A * B");
  endif
endfunction
