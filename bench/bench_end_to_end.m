## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {} bench_end_to_end (@var{outdir})
## @deftypefnx {} {} bench_end_to_end (@var{outdir}, @var{sizes})
## @deftypefnx {} {} bench_end_to_end (@var{outdir}, @var{sizes}, @var{parts})
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
## 128x128, both classes;
## @item complex and integer data (issue 11): complex double and complex single
## @code{gpumat_mul (A, B)} at N = 4096 against Octave's @code{A * B} (the
## target: 15x for complex double), int8 and int32 products at 4096 against
## Octave's product of the double-converted operands (Octave has no integer
## matrix product), and complex and integer @code{gpumat_dot} against @code{dot}.
## @end itemize
##
## @var{parts} (default: all) names the sections to run: any of "products",
## "transposed", "complex", "transfers" (which includes complex double) and
## "dot"; with "products" left out, @var{sizes} is ignored.
##
## Every result is checked before it is timed.  Times are medians of repeats
## after a warm-up call.  Prints tables, writes @file{bench-end-to-end.csv} in
## @var{outdir}, and draws @file{bench-end-to-end.png} when a graphics toolkit
## can print (otherwise @file{bench/plot_bench.m} draws it from the CSV).
## @end deftypefn

function bench_end_to_end (outdir, sizes = [256 512 1024 2048 4096 8192],
                           parts = {"products", "transposed", "complex", "transfers", "dot"})
  d = gpumat_device ();
  stamp = strftime ("%Y-%m-%d %H:%M", localtime (time ()));
  printf ("gpumat end-to-end benchmark on %s (%s), %s\n", d.Name, d.ComputeCapability, stamp);
  printf ("Octave %s, %d CPU threads for builtin * and dot (nproc)\n\n", version (), nproc ());
  table = {};

  ## The call's own cost first, before large products leave OpenBLAS threads spinning.
  if (any (strcmp (parts, "products")))
    t16 = small_product_time ();
  else
    sizes = [];
  endif

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
      t_kernel = 1e-3 * __gpumat_call__ ("mul_time", "bench_end_to_end", G, H, "auto", reps);
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

  if (any (strcmp (parts, "products")))
    settle_blas ();
    t16_after = small_product_time ();
    printf ("\n16x16 gpumat_mul on host arrays: median %.1f us first, %.1f us after the large products\n",
            1e6 * t16, 1e6 * t16_after);
    table(end+1, :) = {"mul16", "double", 16, NaN, t16, t16_after};
  endif

  ## ---- X'*X and page-wise products ----------------------------------------------------------------
  if (any (strcmp (parts, "transposed")))
    table = transposed_and_pages (table);
  endif

  ## ---- complex and integer data -----------------------------------------------------------------
  if (any (strcmp (parts, "complex")))
    table = complex_and_integer (table);
  endif

  ## ---- transfers (complex double through Octave's own interleaved storage) --------------------
  if (any (strcmp (parts, "transfers")))
    printf ("\n%-15s %10s %12s %12s\n", "class", "MiB", "upload GB/s", "gather GB/s");
    for cls = {"double", "complex double"}
      for mib = [256 1024]
        if (strcmp (cls{1}, "double"))
          A = rand (mib * 2^20 / 8, 1);
        else
          A = complex (rand (mib * 2^20 / 16, 1), rand (mib * 2^20 / 16, 1));
        endif
        G = gpumat (A);
        assert (isequal (gather (G), A));
        clear G
        t_up = median_time (@() gpumat (A), 5);
        G = gpumat (A);
        t_down = median_time (@() gather (G), 5);
        bytes = mib * 2^20;
        printf ("%-15s %10d %12.1f %12.1f\n", cls{1}, mib, bytes / t_up / 1e9,
                bytes / t_down / 1e9);
        table(end+1, :) = {"transfer", strrep(cls{1}, " ", "_"), mib, NaN, t_up, t_down};
        clear G A
      endfor
    endfor
  endif

  ## ---- dot ----------------------------------------------------------------------------------------
  if (any (strcmp (parts, "dot")))
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
  endif

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
    t_kernel = 1e-3 * __gpumat_call__ ("mul_time", "bench_end_to_end", G, "transpose", G, "none",
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

## Complex (8 N^3 flops) and integer (2 N^3 ops) products at N = 4096 from host arrays and on
## gpumat arrays, and complex and integer dot, each against Octave in the same session.
function table = complex_and_integer (table)
  N = 4096;
  printf ("\n%-15s %6s %10s %10s %10s %10s %7s %7s  %s\n", "class", "N", "Octave ms", "host ms",
          "gpumat ms", "kernel ms", "host x", "gpumat x", "rate host / gpumat / kernel");
  for cls = {"complex double", "complex single", "int8", "int32"}
    c = cls{1};
    if (strncmp (c, "complex", 7))
      real_cls = c(9:end);
      A = complex (rand (N, real_cls) - 0.5, rand (N, real_cls) - 0.5);
      B = complex (rand (N, real_cls) - 0.5, rand (N, real_cls) - 0.5);
      R = A * B;
      C = gpumat_mul (A, B);
      check_complex (C, A, B, R);
      G = gpumat (A);  H = gpumat (B);
      check_complex (gather (G * H), A, B, R);
      cpu = @() A * B;
      flops = 8 * N ^ 3;  unit = "GFLOP/s";
    else
      lim = ifelse_int (c);
      A = cast (randi ([-lim lim], N), c);
      B = cast (randi ([-lim lim], N), c);
      Ad = double (A);  Bd = double (B);
      R = cast (Ad * Bd, c);                 # exact in double here, saturated once by cast
      C = gpumat_mul (A, B);
      if (! (strcmp (class (C), c) && isequal (C, R)))
        error ("bench_end_to_end: the %s product is not exact", c);
      endif
      G = gpumat (A);  H = gpumat (B);
      if (! isequal (gather (G * H), R))
        error ("bench_end_to_end: the %s product on gpumat arrays is not exact", c);
      endif
      cpu = @() Ad * Bd;                     # Octave refuses int * int: the double product
      flops = 2 * N ^ 3;  unit = "GOP/s";
    endif
    clear C R
    settle_blas ();
    t_dev = median_time (@() G * H, 10);
    t_kernel = 1e-3 * __gpumat_call__ ("mul_time", "bench_end_to_end", G, H, "auto", 10);
    t_host = median_time (@() gpumat_mul (A, B), 10);
    t_cpu = median_time (cpu, 5);
    printf ("%-15s %6d %10.3f %10.3f %10.3f %10.3f %6.1fx %6.1fx  %.0f / %.0f / %.0f %s\n", c, N,
            1e3 * t_cpu, 1e3 * t_host, 1e3 * t_dev, 1e3 * t_kernel, t_cpu / t_host,
            t_cpu / t_dev, flops / t_host / 1e9, flops / t_dev / 1e9, flops / t_kernel / 1e9,
            unit);
    label = strrep (c, " ", "_");
    table(end+1, :) = {"mul", label, N, t_cpu, t_host, t_dev};
    clear G H A B Ad Bd
  endfor

  printf ("\n%-15s %10s %10s %10s %12s %9s %9s\n", "class", "n", "dot ms", "host ms",
          "gpumat ms", "host x", "gpumat x");
  n = 2 ^ 24;
  for cls = {"complex double", "complex single", "int8", "int32"}
    c = cls{1};
    if (strncmp (c, "complex", 7))
      real_cls = c(9:end);
      x = complex (rand (n, 1, real_cls), rand (n, 1, real_cls));
      y = complex (rand (n, 1, real_cls), rand (n, 1, real_cls));
      r = dot (double (x), double (y));
      ## |d - r| <= 2 (n+1) eps sum (|x| |y|), and sum (|x| |y|) <= 2 |r| for these values
      if (! (abs (double (gpumat_dot (x, y)) - r) <= 4 * (n + 1) * eps (real_cls) * abs (r)))
        error ("bench_end_to_end: complex gpumat_dot does not match dot");
      endif
    else
      x = cast (randi ([-100 100], n, 1), c);  y = cast (randi ([-100 100], n, 1), c);
      if (! isequal (gpumat_dot (x, y), dot (x, y)))
        error ("bench_end_to_end: integer gpumat_dot does not match dot");
      endif
    endif
    X = gpumat (x);  Y = gpumat (y);
    settle_blas ();
    t_dev = median_time (@() dot (X, Y), 10);
    t_host = median_time (@() gpumat_dot (x, y), 10);
    t_cpu = median_time (@() dot (x, y), 5);
    printf ("%-15s %10d %10.3f %10.3f %12.3f %8.1fx %8.1fx\n", c, n, 1e3 * t_cpu, 1e3 * t_host,
            1e3 * t_dev, t_cpu / t_host, t_cpu / t_dev);
    label = strrep (c, " ", "_");
    table(end+1, :) = {"dot", label, n, t_cpu, t_host, t_dev};
    clear X Y x y
  endfor
endfunction

function lim = ifelse_int (c)
  ## int8: small values whose 4096-term sums still saturate now and then; int32: sums up to
  ## 4e9, past intmax, still exact in double.
  if (strcmp (c, "int8"))
    lim = 3;
  else
    lim = 1000;
  endif
endfunction

function check_complex (C, A, B, R)
  k = columns (A);
  Ad = double (A);  Bd = double (B);
  bound = 2 * (k + 1) * eps (class (R)) * (abs (Ad) * abs (Bd));
  err = abs (double (C) - Ad * Bd);
  if (! (strcmp (class (C), class (R)) && iscomplex (C) && all (err(:) <= bound(:))))
    error ("bench_end_to_end: a complex product does not match A * B");
  endif
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
