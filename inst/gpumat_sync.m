## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} gpumat_sync ()
## Wait until all GPU work queued by gpumat has finished.
##
## Operations on gpumat arrays return as soon as their work is queued on the GPU
## (one stream, in order, as MATLAB's gpuArray and CuPy do), so that Octave
## prepares the next call while the GPU works.  @code{gather}, anything that
## returns a host value, and @code{gpumat_sync} wait.  Use it around timings, and
## to find which part of a long chain of operations fails: a failure in queued
## work is raised at the next wait as @code{gpumat:cudaError} with CUDA's message;
## the GPU context is lost with every gpumat array; @code{gpumat_reset} gives its
## memory back, and CUDA then gives Octave no new context: restart Octave.
## @seealso{gpumat_reset, gather}
## @end deftypefn

function gpumat_sync ()
  __gpumat_call__ ("sync", "gpumat_sync");
endfunction

%!test
%! gpumat_sync ();   # harmless with or without a GPU
%!error <called with too many inputs> gpumat_sync (1)

## A chain of 100 element-wise operations queued without a wait (each of the 60 with a host
## scalar uploads it through the pinned ring, 32 slots: wrapped twice), then gather: bit for bit
## Octave's own result (+ - .* ./ abs max are IEEE-rounded in the class on both sides).
%!function X = chain (X, H, steps)
%!  for k = 1:steps
%!    X = X + H;
%!    X = X .* 0.5;
%!    X = abs (X - 0.75);
%!    X = X ./ H;
%!    X = max (X, 0.125);
%!  endfor
%!endfunction

%!function gpu_check_01 ()
%! X0 = rand (16);
%! H0 = 0.5 + rand (16);
%! G = chain (gpumat (X0), gpumat (H0), 20);    # 100 operations
%! R = gather (G);
%! assert (class (R), "double");
%! assert (size (R), [16 16]);
%! assert (R, chain (X0, H0, 20));             # exact: no tolerance
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();

%!function gpu_check_02 ()
%! X0 = single (rand (17, 3));                  # a prime count of rows
%! H0 = single (0.5 + rand (17, 3));
%! G = chain (gpumat (X0), gpumat (H0), 20);
%! gpumat_sync ();
%! R = gather (G);
%! assert (class (R), "single");
%! assert (R, chain (X0, H0, 20));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_02 ();

## Products and dots in the chain, compared within their bounds after one wait: CG-like steps
## (A * p, two dots, quotients of 1x1 gpumat arrays, updates), nothing gathered on the way.
%!function gpu_check_03 ()
%! n = 40;
%! M = rand (n);
%! A0 = M' * M + n * eye (n);
%! b0 = rand (n, 1);
%! A = gpumat (A0);  x = gpumat (zeros (n, 1));  r = gpumat (b0);  p = r;
%! xh = zeros (n, 1);  rh = b0;  ph = rh;
%! rr = dot (r, r);  rrh = dot (rh, rh);
%! for k = 1:10
%!   Ap = A * p;           Aph = A0 * ph;
%!   alpha = rr ./ dot (p, Ap);   alphah = rrh ./ dot (ph, Aph);
%!   x = x + alpha * p;    xh = xh + alphah * ph;
%!   r = r - alpha * Ap;   rh = rh - alphah * Aph;
%!   rr_new = dot (r, r);  rrh_new = dot (rh, rh);
%!   p = r + (rr_new ./ rr) * p;   ph = rh + (rrh_new ./ rrh) * ph;
%!   rr = rr_new;          rrh = rrh_new;
%! endfor
%! gpumat_sync ();
%! xg = gather (x);
%! assert (class (xg), "double");
%! ## 10 steps of CG on a matrix of condition number <= 1 + n/3: the two runs differ by
%! ## rounding (other summation orders) amplified by at most that per step: 1e-9 is loose.
%! assert (norm (xg - xh) <= 1e-9 * norm (xh));
%! assert (norm (b0 - A0 * xg) <= 1e-6 * norm (b0));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_03 ();

## An error in the middle of a queued chain is raised at once with its own identifier, frees
## what the call allocated, and later operations still work.
%!function gpu_check_04 ()
%! X0 = rand (8);  H0 = rand (8);
%! usage0 = __gpumat_call__ ("usage", "");
%! X = gpumat (X0);  H = gpumat (H0);  O = gpumat (ones (3));
%! Y = X + H;
%! try
%!   Z = Y + O;
%!   error ("test:noError", "a nonconformant + did not raise");
%! catch err
%!   assert (err.identifier, "Octave:nonconformant-args");
%! end_try_catch
%! try
%!   Z = Y * O;
%!   error ("test:noError", "a nonconformant * did not raise");
%! catch err
%!   assert (err.identifier, "Octave:nonconformant-args");
%! end_try_catch
%! W = (Y .* 2) - X;
%! assert (gather (W), (X0 + H0) .* 2 - X0);
%! clear W Y Z O
%! usage1 = __gpumat_call__ ("usage", "");
%! assert (usage1(1), usage0(1) + 2);      # X and H: the failed calls left nothing
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_04 ();

## gpumat_sync waits on the direct road (no gateway call) where the direct road is on, and
## through the gateway where it is off; both wait for queued work (the product's result is
## there after either).
%!function gpu_check_05 ()
%! A0 = rand (300);
%! on = __gpumat_call__ ("direct", true);      # whether this process has the direct road
%! restore = onCleanup (@() __gpumat_call__ ("direct", true));
%! G = gpumat (A0);
%! H = G * G;
%! [~, c1] = __gpumat_call__ ("direct", true);
%! gpumat_sync ();
%! [~, c2] = __gpumat_call__ ("direct", true);
%! if (on)
%!   assert (c2 - c1, 1);               # the sync itself, nothing else
%! endif
%! __gpumat_call__ ("direct", false);
%! K = H + 1;
%! gpumat_sync ();
%! [~, c3] = __gpumat_call__ ("direct", false);
%! assert (c3, c2);                     # the gateway's road: no direct call counted
%! __gpumat_call__ ("direct", true);
%! assert (gather (K), gather (H) + 1);   # exact: one IEEE addition
%! assert (gather (H), A0 * A0, 300 * eps (300) * 300);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_05 ();

## A fault in queued work is checked in an Octave process of its own (tests/fault_check.m,
## run by make check with a GPU): after it CUDA allows no new context in the process, which
## would leave every later GPU test of the suite skipped.
