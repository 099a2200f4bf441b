## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{T} =} bench_linalg (@var{outdir})
## @deftypefnx {} {@var{T} =} bench_linalg (@var{outdir}, @var{sizes})
## @deftypefnx {} {@var{T} =} bench_linalg (@var{outdir}, @var{sizes}, @var{fft_sizes})
## @deftypefnx {} {@var{T} =} bench_linalg (@var{outdir}, @var{sizes}, @var{fft_sizes}, @var{only})
## What the second half of @code{make bench-linalg} runs (issue 32): each linear algebra
## function on gpumat arrays beside Octave's own function on host arrays, in one session, by
## size, double precision: @code{G \ b} (one right-hand side), @code{inv}, @code{det},
## @code{[L, U, P] = lu}, @code{chol} (of a positive definite matrix), @code{eig} of a
## symmetric matrix (values, and @code{[V, D]}), @code{svd} (values, and @code{[U, S, V]}),
## @code{[Q, R] = qr} and @code{fft} of a complex column.  @var{sizes} (default 1024 2048
## 4096 8192) are the matrix orders; eig, svd and qr take those up to 4096.  @var{fft_sizes}
## (default 2^20 and 2^24) are the points of the transforms.  @var{only}, a cell array of the
## labels this prints in its first column (e.g. @code{@{"G \\ b", "svd (G)"@}}), runs those
## cases alone: the host's @code{[U, S, V] = svd} of 4096 takes over a minute.
##
## Every result is checked against the host before it is timed.  A gpumat call is timed up to
## @code{gpumat_sync} (which waits for the GPU without copying anything back), after a warm-up
## call, median of 3 to 11 repeats.  A host call is timed the same way; one that took more
## than a second the first time is timed once (a repeat would add minutes, not accuracy).
## When @file{bench-linalg-c.txt} (what @file{bench/bench_linalg.cu} printed, @code{make
## bench-linalg} writes it first) is in @var{outdir}, the library's time alone on device
## memory for the same operation is printed beside the gpumat time, with their ratio (issue
## 32's target: at most 1.1).  Writes @file{bench-linalg.csv} in @var{outdir} and returns the
## rows as a struct array.  Without a usable GPU it says so and returns an empty array.
## @end deftypefn

function T = bench_linalg (outdir, sizes = [1024 2048 4096 8192], fft_sizes = 2 .^ [20 24],
                           only = {})
  T = [];
  if (nargin < 1 || ! ischar (outdir) || ! iscellstr (only))
    print_usage ();
  endif
  if (! gpumat_available ())
    printf ("bench_linalg: no usable GPU (gpumat_available () is false): skipping\n");
    return;
  endif
  d = gpumat_device ();
  stamp = strftime ("%Y-%m-%d %H:%M", localtime (time ()));
  printf ("gpumat linear algebra benchmark on %s (%s), %s\n", d.Name, d.ComputeCapability,
          stamp);
  printf ("Octave %s, %d CPU threads (nproc), OMP_NUM_THREADS=%s, OPENBLAS_NUM_THREADS=%s\n",
          version (), nproc (), getenv ("OMP_NUM_THREADS"), getenv ("OPENBLAS_NUM_THREADS"));
  printf ("double precision; times are medians after a warm-up; \"library\" is cuSOLVER / cuFFT\n");
  printf ("alone on device memory (bench_linalg.cu, same GPU, the run just before)\n\n");
  lib = read_library_times (fullfile (outdir, "bench-linalg-c.txt"));

  ## {label, matrix kind, sizes, gpumat / host call (a cell of its outputs), check, C case}
  small = sizes(sizes <= 4096);
  mid = sizes(sizes <= 2048);        # the host's general eig (dgeevx) takes minutes past that
  cases = {
    "G \\ b",           "general",   sizes,     @(X, y) outs (1, @mldivide, X, y), @check_close, "solve getrf+getrs"
    "inv (G)",          "general",   sizes,     @(X, y) outs (1, @inv, X),         @check_close, ""
    "det (G)",          "det",       sizes,     @(X, y) outs (1, @det, X),         @check_close, ""
    "[L, U, P] = lu (G)", "general", sizes,     @(X, y) outs (3, @lu, X),          @check_lu,    ""
    "chol (G)",         "spd",       sizes,     @(X, y) outs (1, @chol, X),        @check_close, "chol potrf"
    "eig (G), symmetric", "symmetric", small,   @(X, y) outs (1, @eig, X),         @check_close, "eig syevd (values)"
    "[V, D] = eig (G)", "symmetric", small,     @(X, y) outs (2, @eig, X),         @check_eig,   "eig syevd (vectors)"
    "svd (G)",          "general",   small,     @(X, y) outs (1, @svd, X),         @check_close, "svd gesvd (values)"
    "[U, S, V] = svd (G)", "general", small,    @(X, y) outs (3, @svd, X),         @check_svd,   "svd gesvd (U,S,V)"
    "[Q, R] = qr (G)",  "general",   small,     @(X, y) outs (2, @qr, X),          @check_qr,    ""
    "eig (G), general", "general",   mid,       @(X, y) outs (1, @eig, X),         @check_set,   ""
    "expm (G)",         "det",       small,     @(X, y) outs (1, @expm, X),        @check_close, ""
    "fft (g), complex", "fft",       fft_sizes, @(X, y) {fft(X)},                  @check_close, "fft Z2Z"
  };

  printf ("%-22s %9s %11s %11s %9s %11s %8s\n", "function", "n", "gpumat ms", "host ms",
          "speed-up", "library ms", "gm/lib");
  results = {};
  rand ("seed", 32);
  if (! isempty (only))
    unknown = setdiff (only, cases(:, 1));
    if (! isempty (unknown))
      error ("bench_linalg: no case is labelled '%s'; the labels are: %s", unknown{1},
             strjoin (cases(:, 1)', ", "));
    endif
    cases = cases(ismember (cases(:, 1), only), :);
  endif
  for k = 1:rows (cases)
    [label, kind, ns, f, check, ccase] = cases{k, :};
    for n = ns
      [A, y] = make_input (kind, n);
      G = gpumat (A);
      gy = gpumat (y);
      gpumat_sync ();
      ## first calls: the checks, and the warm-ups
      t0 = tic;  host_out = f (A, y);  t_host1 = toc (t0);
      t0 = tic;  gpu_out = f (G, gy);  gpumat_sync ();  t_gpu1 = toc (t0);
      gpu_out = cellfun (@gather, gpu_out, "uniformoutput", false);
      [ok, why] = check (A, y, gpu_out, host_out);
      clear gpu_out host_out;
      if (! ok)
        error ("bench_linalg: %s, n = %d: the gpumat result differs from the host's: %s",
               label, n, why);
      endif
      settle_blas ();
      [t_gpu, n_gpu] = median_of (@() f (G, gy), t_gpu1, true);
      [t_host, n_host] = median_of (@() f (A, y), t_host1, false);
      t_lib = NaN;
      if (! isempty (ccase) && isfield (lib, key_of (ccase, n)))
        t_lib = lib.(key_of (ccase, n)) * 1e-3;
      endif
      results(end+1, :) = {label, n, t_gpu, t_host, t_host / t_gpu, t_lib, t_gpu / t_lib, ...
                        n_gpu, n_host};
      lib_col = "";  ratio_col = "";
      if (! isnan (t_lib))
        lib_col = sprintf ("%.3f", 1e3 * t_lib);
        ratio_col = sprintf ("%.3f", t_gpu / t_lib);
      endif
      printf ("%-22s %9d %11.3f %11.3f %8.1fx %11s %8s\n", label, n, 1e3 * t_gpu, 1e3 * t_host,
              t_host / t_gpu, lib_col, ratio_col);
      clear A y G gy;
    endfor
  endfor

  csv = fullfile (outdir, "bench-linalg.csv");
  fid = fopen (csv, "w");
  if (fid < 0)
    error ("bench_linalg: cannot write %s", csv);
  endif
  fprintf (fid, "# %s, %s, Octave %s, %d CPU threads\n", d.Name, stamp, version (), nproc ());
  fprintf (fid, "device,function,n,gpumat_s,host_s,speedup,library_s,gpumat_over_library,gpumat_samples,host_samples\n");
  for i = 1:rows (results)
    fprintf (fid, "\"%s\",\"%s\",%d,%.6g,%.6g,%.4g,%.6g,%.4g,%d,%d\n", d.Name, results{i, :});
  endfor
  fclose (fid);
  printf ("\nwrote %s\n", csv);
  T = cell2struct (results, {"name", "n", "gpumat_s", "host_s", "speedup", "library_s", ...
                          "gpumat_over_library", "gpumat_samples", "host_samples"}, 2);
endfunction

## The outputs of f (args{:}) as a cell, k of them (one call serves every form).  fft's row
## makes its cell in the anonymous function instead: a call through outs () took 59.5 us and
## one making the cell 18.9 us on the 2-core build machine (sin (1) in both), next to a 0.46 ms
## transform.
function c = outs (k, f, varargin)
  c = cell (1, k);
  [c{:}] = f (varargin{:});
endfunction

## The input of a case: an n x n matrix with entries in [-0.5, 0.5) (general), its symmetric
## part (exactly symmetric: a + b == b + a), that plus n on the diagonal (positive definite),
## the identity plus a general one over sqrt (n) (det: a general matrix's overflows to Inf
## from n of a few hundred on; this one's eigenvalues lie within 0.3 of 1, so it stays finite
## and the check compares numbers), or a complex column of n points; y is a right-hand side.
function [A, y] = make_input (kind, n)
  switch (kind)
    case "fft"
      A = complex (rand (n, 1) - 0.5, rand (n, 1) - 0.5);
      y = 0;
    otherwise
      A = rand (n) - 0.5;
      y = rand (n, 1) - 0.5;
      if (strcmp (kind, "det"))
        A = eye (n) + A / sqrt (n);
      elseif (! strcmp (kind, "general"))
        A = (A + A') / 2;
      endif
      if (strcmp (kind, "spd"))
        A(1:n+1:end) += n;
      endif
  endswitch
endfunction

## Median seconds of calls of f, each up to gpumat_sync; t1 is the first call's (the warm-up).
## A host call of more than a second is timed once: that first call is the sample.
function [t, count] = median_of (f, t1, gpu)
  if (! gpu && t1 > 1)
    t = t1;
    count = 1;
    return;
  endif
  count = max (3, min (11, floor (2 / max (t1, eps))));
  times = zeros (count, 1);
  for i = 1:count
    t0 = tic;
    f ();
    if (gpu)
      gpumat_sync ();
    endif
    times(i) = toc (t0);
  endfor
  t = median (times);
endfunction

## After a BLAS call OpenBLAS's threads spin for a while and slow a GPU call timed next
## (bench_end_to_end.m says by how much).
function settle_blas ()
  pause (0.3);
endfunction

## ---- checks: the gathered gpumat outputs g against the host's h --------------------------------
## Same values within a relative bound (the orders of the factorizations' sums differ); equal
## non-finite values (a det that overflows) pass.
## eig of a general matrix: the values as a set (the order is each library's own), sorted by
## real, then imaginary part, then compared as check_close compares
function [ok, why] = check_set (A, y, g, h)
  in_order = @(w) w(nthargout (2, @sortrows, [real(w(:)), imag(w(:))]));
  [ok, why] = check_close (A, y, {in_order(g{1})}, {in_order(h{1})});
endfunction

function [ok, why] = check_close (A, y, g, h)
  ok = true;  why = "";
  for i = 1:numel (h)
    a = g{i};  b = h{i};
    if (! isequal (size (a), size (b)) || ! strcmp (class (a), class (b)))
      ok = false;  why = "size or class";
      return;
    endif
    fin = isfinite (b);
    if (! isequal (a(! fin), b(! fin)))
      ok = false;  why = "non-finite elements";
      return;
    endif
    err = max (abs (a(fin) - b(fin))(:));
    scale = max (abs (b(fin))(:));
    if (! isempty (err) && ! (err <= 1e-6 * scale))
      ok = false;  why = sprintf ("max error %g of %g", err, scale);
      return;
    endif
  endfor
endfunction

function r = rel_residual (R, A)
  r = norm (R, 1) / max (norm (A, 1), realmin);
endfunction

## Pivots may differ where two candidates tie to rounding: P * A = L * U is checked.
function [ok, why] = check_lu (A, y, g, h)
  [L, U, P] = g{:};
  r = rel_residual (P * A - L * U, A);
  ok = r <= 1e-10 && isequal (triu (U), U) && isequal (tril (L), L);
  why = sprintf ("|P*A - L*U| / |A| = %g", r);
endfunction

function [ok, why] = check_eig (A, y, g, h)
  [V, D] = g{:};
  r = rel_residual (A * V - V * D, A);
  e = max (abs (diag (D) - diag (h{2}))) / max (abs (diag (h{2})));
  ok = r <= 1e-10 && e <= 1e-10;
  why = sprintf ("|A*V - V*D| / |A| = %g, eigenvalues %g", r, e);
endfunction

function [ok, why] = check_svd (A, y, g, h)
  [U, S, V] = g{:};
  r = rel_residual (A - U * S * V', A);
  e = max (abs (diag (S) - diag (h{2}))) / max (diag (h{2}));
  ok = r <= 1e-10 && e <= 1e-10;
  why = sprintf ("|A - U*S*V'| / |A| = %g, singular values %g", r, e);
endfunction

function [ok, why] = check_qr (A, y, g, h)
  [Q, R] = g{:};
  r = rel_residual (Q * R - A, A);
  o = norm (Q' * Q - eye (columns (Q)), 1);
  ok = r <= 1e-10 && o <= 1e-10 && isequal (triu (R), R);
  why = sprintf ("|Q*R - A| / |A| = %g, |Q'*Q - I| = %g", r, o);
endfunction

## ---- the C program's times ----------------------------------------------------------------------
## bench_linalg.cu prints csv,<case>,<n>,<library ms>,<legacy ms>,<gpumat ms>,<ratio>; a struct
## of library ms by key_of (case, n).  No file: an empty struct.
function lib = read_library_times (file)
  lib = struct ();
  [fid, msg] = fopen (file, "r");
  if (fid < 0)
    printf ("(no %s: the library column stays empty)\n", file);
    return;
  endif
  while (ischar (line = fgetl (fid)))
    if (strncmp (line, "csv,", 4))
      f = strsplit (line, ",");
      if (numel (f) >= 4)
        lib.(key_of (f{2}, str2double (f{3}))) = str2double (f{4});
      endif
    endif
  endwhile
  fclose (fid);
endfunction

function k = key_of (name, n)
  k = sprintf ("%s_%d", regexprep (name, '[^A-Za-z0-9]', '_'), n);
endfunction
