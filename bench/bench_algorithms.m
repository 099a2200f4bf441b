## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {} bench_algorithms ()
## @deftypefnx {} {} bench_algorithms (@var{outdir})
## @deftypefnx {} {} bench_algorithms (@var{outdir}, @var{scale})
## @deftypefnx {} {} bench_algorithms (@var{outdir}, @var{scale}, @var{to_device})
## What @code{make bench-algorithms} runs (issue 12, item 3): four programs written
## as a scientist writes them (@file{bench/algorithms/}), the same code run on host
## arrays and on gpumat arrays; only the inputs change.
##
## @itemize
## @item @code{cg_dense}: conjugate gradients on a dense SPD system, n = 4096, 100
## iterations (double);
## @item @code{power_iteration}: @code{y = A * x; x = y ./ norm (y)}, n = 4096, 100
## iterations, then the Rayleigh quotient (double);
## @item @code{mlp_forward}: @code{W2 * max (W1 * X, 0)}, 1024 inputs, 4096 hidden,
## 1024 outputs, 4096 samples (double and single);
## @item @code{gram_matrix}: @code{G' * G} of an 8192x2048 @var{G} (double and single).
## @end itemize
##
## Every gathered result is checked against the host result before anything is
## timed (see the check functions below for the bounds and why they hold).  Times
## are medians of repeats after a warm-up run; a gpumat run includes the
## @code{gather} of its result, not the upload of its inputs (reported apart).
## Prints a table with the device name; with @var{outdir}, also writes
## @file{bench-algorithms.csv} there.  @var{scale} (default 1) multiplies every
## size (a quick look: 0.25).  @var{to_device} (default @code{@@gpumat}) makes the
## device inputs: @code{@@(A) A} runs everything on the host, a dry run of this
## script on a machine with no GPU.
## @end deftypefn

function bench_algorithms (outdir = "", scale = 1, to_device = @gpumat)
  addpath (fullfile (fileparts (mfilename ("fullpath")), "algorithms"));
  dry = ! any (strcmp (func2str (to_device), {"gpumat", "@gpumat"}));
  if (dry)
    device = "none (dry run: the device inputs are host arrays)";
  else
    if (! gpumat_available ())
      error ("bench_algorithms: no usable GPU (gpumat_available () is false)");
    endif
    d = gpumat_device ();
    device = sprintf ("%s (%s)", d.Name, d.ComputeCapability);
  endif
  printf ("gpumat algorithms benchmark on %s, %s\n", device,
          strftime ("%Y-%m-%d %H:%M", localtime (time ())));
  printf ("Octave %s, %d CPU threads for the host runs (nproc)\n", version (), nproc ());
  printf ("host and gpumat columns: median ms of repeats after a warm-up; gpumat includes the\n");
  printf ("final gather, upload is the inputs' gpumat () apart; check: max error / its bound\n\n");
  sz = @(v) max (8, round (v * scale));
  results = {};
  randn ("state", 12);
  results(end+1, :) = bench_cg (sz (4096), 100, to_device);
  results(end+1, :) = bench_power (sz (4096), 100, to_device);
  for cls = {"double", "single"}
    results(end+1, :) = bench_mlp (cls{1}, sz (1024), sz (4096), sz (1024), sz (4096), to_device);
  endfor
  for cls = {"double", "single"}
    results(end+1, :) = bench_gram (cls{1}, sz (8192), sz (2048), to_device);
  endfor
  printf ("\nAll results match the host results within their bounds.\n");
  printf ("\n%-16s %-7s %-22s %10s %10s %10s %8s  %s\n", "algorithm", "class", "size",
          "host ms", "gpumat ms", "upload ms", "speedup", "check");
  for i = 1:size (results, 1)
    r = results(i, :);
    printf ("%-16s %-7s %-22s %10.2f %10.2f %10.2f %7.1fx  %.2g\n", r{1}, r{2}, r{3},
            1e3 * r{4}, 1e3 * r{5}, 1e3 * r{6}, r{4} / r{5}, r{7});
  endfor
  if (! isempty (outdir))
    file = fullfile (outdir, "bench-algorithms.csv");
    fid = fopen (file, "w");
    fprintf (fid, "device,algorithm,class,size,host_s,gpumat_s,upload_s,check\n");
    for i = 1:size (results, 1)
      fprintf (fid, "\"%s\",%s,%s,%s,%.6g,%.6g,%.6g,%.3g\n", device, results{i, 1:7});
    endfor
    fclose (fid);
    printf ("wrote %s\n", file);
  endif
endfunction

## ---- conjugate gradients -------------------------------------------------------------------------
## A = M' * M / n + I with M randn: the eigenvalues of M' * M / n lie in [0, 4] (Marchenko-Pastur,
## ratio 1), so those of A lie in [1, 5] and CG reduces the error by (sqrt (5) - 1) / (sqrt (5) + 1)
## = 0.38 a step: converged to rounding level after about 40 of the 100 iterations.
##
## Why not compare iterate with iterate: after convergence the iterates are rounding noise around
## the solution, and two correct runs whose additions are ordered differently (OpenBLAS, the GPU's
## fixed trees) differ there by far more than one product's bound.  What both must satisfy is the
## residual bound of an SPD system: for any x, |x - x*| <= |b - A x| / lambda_min (A), and
## lambda_min (A) >= 1 (M' * M is positive semidefinite; forming A rounds by at most
## (n + 2) eps (|M'| |M| / n + I) elementwise, whose 2-norm is below its Frobenius norm, about
## n^2 eps 2/pi = 2.4e-9 at n = 4096), so lambda_min >= 1/2 with room.  Hence
##   |x_gpu - x_host| <= 2 (rho_gpu + rho_host),
## rho = |b - A x| computed on the host in double plus that computation's own rounding,
## (n + 1) eps |(|A| |x| + |b|)| (about 5e-11 |b| at n = 4096: the rounding term, not CG,
## dominates rho).  The check also asks both runs to have converged (rho <= 1e-8 |b|, where a
## CG that failed would be near 1), or a broken CG would pass through a large residual.
function row = bench_cg (n, iterations, to_device)
  M = randn (n);
  A = (M' * M) / n + eye (n);
  clear M
  b = randn (n, 1);
  x0 = zeros (n, 1);
  xh = cg_dense (A, b, x0, iterations);
  [Ag, bg, xg0] = deal (to_device (A), to_device (b), to_device (x0));
  xg = gather (cg_dense (Ag, bg, xg0, iterations));
  rho_h = residual_bound (A, b, xh);
  rho_g = residual_bound (A, b, xg);
  nb = norm (b);
  if (! (rho_h <= 1e-8 * nb && rho_g <= 1e-8 * nb))
    error ("bench_algorithms: CG did not converge: relative residual host %.3g, gpumat %.3g",
           rho_h / nb, rho_g / nb);
  endif
  ratio = check_bound ("cg_dense", norm (xg - xh), 2 * (rho_h + rho_g));
  printf ("cg_dense: n %d, %d iterations, relative residual host %.2e gpumat %.2e\n", n,
          iterations, rho_h / nb, rho_g / nb);
  settle_blas ();
  t_dev = median_time (@() gather (cg_dense (Ag, bg, xg0, iterations)), 10);
  t_up = median_time (@() {to_device(A), to_device(b), to_device(x0)}, 3);
  settle_blas ();
  t_host = median_time (@() cg_dense (A, b, x0, iterations), 5);
  what = sprintf ("n %d, %d it", n, iterations);
  row = {"cg_dense", "double", what, t_host, t_dev, t_up, ratio};
endfunction

## |b - A x| computed in double, plus a bound on that computation's own rounding.
function rho = residual_bound (A, b, x)
  n = numel (b);
  rho = norm (b - A * x) + (n + 1) * eps * norm (abs (A) * abs (x) + abs (b));
endfunction

## ---- power iteration -----------------------------------------------------------------------------
## A = I + 9 u u' + E, u a unit vector, E symmetric with |E|_F = 1/2.  By Weyl's inequality the
## eigenvalues are 10 +- 1/2 (the dominant one) and 1 +- 1/2 (the others; E's 2-norm is at most
## its Frobenius norm), up to the rounding of forming A (2 eps |A|_F, about 5e-15).  The rate is at
## most 1.5 / 9.5 a step: converged to rounding level long before 100 iterations.
##
## As for CG, the iterates are compared through a bound both runs must satisfy rather than with
## each other: for a vector x with rho = |A x - mu x| (mu its computed Rayleigh quotient, which
## can only make rho larger than the exact quotient's), the angle to the dominant eigenvector v
## has sin(theta) <= rho / (delta |x|), delta = mu - 1.5 the distance to the rest of the
## spectrum, and |x - v| <= sqrt (2) sin(theta) for |x| ~ 1 on v's side (both runs start from
## the same x0, so both land on the same sign of v; x = y ./ norm (y) is a unit vector within
## (n + 1) eps); the exact quotient is within rho^2 / delta of lambda_1, and the computed one,
## x' * (A * x), within 2 (n + 1) eps |x|' |A| |x| of the exact one (the product, then the dot).
## So, with both runs' terms added,
##   |x_gpu - x_host| <= sqrt (2) (rho_gpu + rho_host) / (0.99 delta) + 2 (n + 1) eps,
##   |mu_gpu - mu_host| <= (rho_gpu^2 + rho_host^2) / (0.98 delta) + 4 (n + 1) eps |x|'|A||x|
## (times 1.01 on the last term for the other run's x).  Both runs must also have converged
## (rho <= 1e-8 mu, where a failed run would be near 1).
function row = bench_power (n, iterations, to_device)
  u = randn (n, 1);
  u = u / norm (u);
  N = randn (n);
  E = (N + N') / 2;
  clear N
  E *= 0.5 / norm (E, "fro");
  A = eye (n) + 9 * (u * u') + E;
  clear E
  x0 = ones (n, 1);
  [lh, xh] = power_iteration (A, x0, iterations);
  [Ag, xg0] = deal (to_device (A), to_device (x0));
  [lg, xg] = power_iteration (Ag, xg0, iterations);
  [lg, xg] = deal (double (gather (lg)), double (gather (xg)));
  rho = @(x, mu) norm (A * x - mu * x) + (n + 2) * eps * norm (abs (A) * abs (x) + abs (mu * x));
  rho_h = rho (xh, lh);
  rho_g = rho (xg, lg);
  if (! (rho_h <= 1e-8 * lh && rho_g <= 1e-8 * abs (lg)))
    error ("bench_algorithms: power iteration did not converge: residual host %.3g, gpumat %.3g",
           rho_h / lh, rho_g / abs (lg));
  endif
  delta = lh - 1.5;
  quad = abs (xh)' * (abs (A) * abs (xh));
  r1 = check_bound ("power_iteration x", norm (xg - xh), sqrt (2) * (rho_g + rho_h) / (0.99 * delta)
                    + 2 * (n + 1) * eps);
  r2 = check_bound ("power_iteration lambda", abs (lg - lh),
                    (rho_g ^ 2 + rho_h ^ 2) / (0.98 * delta) + 4.04 * (n + 1) * eps * quad);
  printf ("power_iteration: n %d, %d iterations, lambda host %.15g gpumat %.15g\n", n,
          iterations, lh, lg);
  settle_blas ();
  t_dev = median_time (@() gather_both (@() power_iteration (Ag, xg0, iterations)), 10);
  t_up = median_time (@() {to_device(A), to_device(x0)}, 3);
  settle_blas ();
  t_host = median_time (@() power_iteration (A, x0, iterations), 5);
  what = sprintf ("n %d, %d it", n, iterations);
  row = {"power_iteration", "double", what, t_host, t_dev, t_up, max(r1, r2)};
endfunction

function gather_both (f)
  [lambda, x] = f ();
  gather (lambda);
  gather (x);
endfunction

## ---- MLP forward pass ----------------------------------------------------------------------------
## H = max (W1 X, 0), Y = W2 H.  The product bound |fl(AB) - AB| <= k eps |A||B| (inner size k),
## max (., 0) changing nothing by more than its argument changed, gives for either run
##   |Y - Y*| <= eps (k1 |W2| (|W1| |X|) + k2 |W2| |H*|)    (k1 = inputs, k2 = hidden)
## up to second-order terms (k1 k2 eps^2, below 1% of the bound here: k2 eps = 5e-4 in single),
## so the two runs differ by at most twice that, times 1.01.  |W2| |H*| uses H* = max (W1 X, 0)
## computed in double from the same inputs.
function row = bench_mlp (cls, d_in, hidden, d_out, batch, to_device)
  W1 = randn (hidden, d_in, cls) / sqrt (d_in);
  W2 = randn (d_out, hidden, cls) / sqrt (hidden);
  X = randn (d_in, batch, cls);
  Yh = mlp_forward (W1, W2, X);
  [W1g, W2g, Xg] = deal (to_device (W1), to_device (W2), to_device (X));
  Yg = gather (mlp_forward (W1g, W2g, Xg));
  if (! strcmp (class (Yg), cls))
    error ("bench_algorithms: mlp_forward on gpumat arrays gave %s, not %s", class (Yg), cls);
  endif
  [W1d, W2d, Xd] = deal (double (W1), double (W2), double (X));
  Hd = max (W1d * Xd, 0);
  bound = 2.02 * eps (cls) * (d_in * (abs (W2d) * (abs (W1d) * abs (Xd))) + hidden * (abs (W2d) * Hd));
  clear Hd W1d W2d Xd
  ratio = check_elementwise ("mlp_forward", double (Yg), double (Yh), bound);
  clear Yg Yh bound
  settle_blas ();
  t_dev = median_time (@() gather (mlp_forward (W1g, W2g, Xg)), 10);
  t_up = median_time (@() {to_device(W1), to_device(W2), to_device(X)}, 3);
  settle_blas ();
  t_host = median_time (@() mlp_forward (W1, W2, X), 5);
  what = sprintf ("%d-%d-%d x %d", d_in, hidden, d_out, batch);
  row = {"mlp_forward", cls, what, t_host, t_dev, t_up, ratio};
endfunction

## ---- Gram matrix ---------------------------------------------------------------------------------
## C = G' G with inner size m: each run is within m eps |G'| |G| of the exact product, so they
## differ by at most 2 m eps |G'| |G| (times 1.01 for the rounding of the bound itself).
function row = bench_gram (cls, m, k, to_device)
  G = randn (m, k, cls);
  Ch = gram_matrix (G);
  Gg = to_device (G);
  Cg = gather (gram_matrix (Gg));
  if (! strcmp (class (Cg), cls))
    error ("bench_algorithms: gram_matrix on gpumat arrays gave %s, not %s", class (Cg), cls);
  endif
  Ga = abs (double (G));
  ratio = check_elementwise ("gram_matrix", double (Cg), double (Ch), 2.02 * m * eps (cls) * (Ga' * Ga));
  clear Ga Cg Ch
  settle_blas ();
  t_dev = median_time (@() gather (gram_matrix (Gg)), 10);
  t_up = median_time (@() to_device (G), 3);
  settle_blas ();
  t_host = median_time (@() gram_matrix (G), 5);
  what = sprintf ("%dx%d", m, k);
  row = {"gram_matrix", cls, what, t_host, t_dev, t_up, ratio};
endfunction

## ---- checks --------------------------------------------------------------------------------------
## Each returns the largest error as a fraction of its bound (at most 1), and raises an error,
## before any timing, when a bound is broken or a value is not finite.
function ratio = check_bound (what, err, bound)
  if (! (isfinite (err) && err <= bound))
    error ("bench_algorithms: %s: error %.3g exceeds its bound %.3g", what, err, bound);
  endif
  ratio = err / bound;
endfunction

function ratio = check_elementwise (what, C, R, bound)
  err = abs (C - R);
  if (! all (isfinite (C(:))) || any (err(:) > bound(:)))
    [~, i] = max (err(:) - bound(:));
    error ("bench_algorithms: %s: element %d differs by %.3g, bound %.3g", what, i, err(i),
           bound(i));
  endif
  ratio = max (err(:) ./ max (bound(:), realmin));
endfunction

## OpenBLAS's threads keep spinning after a BLAS call and slowed a GPU timing that followed by up
## to 13% (bench_end_to_end.m): let them sleep before each timing.
function settle_blas ()
  pause (0.3);
endfunction
