## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} gpumat_demo ()
## @deftypefnx {} {} gpumat_demo (@var{n})
## What `make demo` runs: gpumat_mul with every kernel on random @var{n}-by-@var{n}
## matrices (default 2048) of both classes, each result checked against Octave's
## @code{*} with the bound |C - A*B| <= n*eps(class)*(|A|*|B|), and a table of
## times (median of 5 calls after a warm-up, transfers included).  Then
## conjugate gradients on the GPU (@file{bench/algorithms/cg_dense.m}, the code that
## runs on host arrays, given gpumat arrays): a 1024x1024 SPD system, 30 steps, the
## relative residual printed at each step, the answer checked on the host.  Without
## a GPU it says so and fails.
## @end deftypefn

function gpumat_demo (n = 2048)
  if (! gpumat_available ())
    try
      gpumat_device ();
    catch err
      error ("gpumat:noDevice", "gpumat demo: needs a CUDA GPU, and there is none usable here.\n%s",
             err.message);
    end_try_catch
  endif
  d = gpumat_device ();
  printf ("gpumat demo on %s (compute capability %s), %dx%d times %dx%d\n\n", d.Name,
          d.ComputeCapability, n, n, n, n);
  printf ("%-7s %-6s %10s %10s %8s %12s  %s\n", "class", "kernel", "gpumat ms", "A*B ms",
          "speedup", "max rel err", "check");
  all_ok = true;
  for cls = {"double", "single"}
    A = rand (n, cls{1}) - 0.5;
    B = rand (n, cls{1}) - 0.5;
    t_ref = median_time (@() A * B, 3);
    R = double (A) * double (B);
    bound = n * eps (cls{1}) * (abs (double (A)) * abs (double (B)));
    kernels = gpumat_kernels ();
    if (strcmp (cls{1}, "single"))
      kernels = setdiff (kernels, {"dmma", "ozaki"}, "stable");
    else
      kernels = setdiff (kernels, {"tf32x3"}, "stable");
    endif
    for kernel = kernels
      C = gpumat_mul (A, B, kernel{1});
      err = abs (double (C) - R);
      ok = strcmp (class (C), cls{1}) && all (err(:) <= bound(:));
      all_ok = all_ok && ok;
      t = median_time (@() gpumat_mul (A, B, kernel{1}), 5);
      printf ("%-7s %-6s %10.2f %10.2f %7.1fx %12.2e  %s\n", cls{1}, kernel{1}, 1e3 * t,
              1e3 * t_ref, t_ref / t, max (err(:) ./ max (abs (R(:)))),
              ifelse_str (ok, "ok", "FAILED"));
    endfor
  endfor
  if (! all_ok)
    error ("gpumat:demo:mismatch", "gpumat demo: some results were outside the bound");
  endif
  printf ("\nAll results match A * B within n*eps(class)*(|A|*|B|).\n");
  cg_demo ();
endfunction

## CG on gpumat arrays: A = M' * M / m + I has its eigenvalues in [1, 5] (Marchenko-Pastur), so
## each step cuts the error by about (sqrt (5) - 1) / (sqrt (5) + 1) = 0.38 and 30 steps reach a
## relative residual near 1e-12; the check asks for 1e-8, computed on the host in double.
function cg_demo ()
  addpath (fullfile (fileparts (mfilename ("fullpath")), "algorithms"));
  m = 1024;
  randn ("state", 7);
  M = randn (m);
  A = (M' * M) / m + eye (m);
  b = randn (m, 1);
  printf ("\nConjugate gradients on the GPU: A * x = b, A %dx%d SPD, 30 steps of cg_dense\n", m, m);
  tic;
  x = gather (cg_dense (gpumat (A), gpumat (b), gpumat (zeros (m, 1)), 30, true));
  t = toc;
  relres = norm (b - A * x) / norm (b);
  printf ("gathered x: |b - A x| / |b| = %.2e on the host (%.0f ms with the printing)\n", relres,
          1e3 * t);
  if (! (relres <= 1e-8))
    error ("gpumat:demo:mismatch", "gpumat demo: CG on the GPU did not converge (%.3g)", relres);
  endif
endfunction


function s = ifelse_str (c, a, b)
  if (c)
    s = a;
  else
    s = b;
  endif
endfunction
