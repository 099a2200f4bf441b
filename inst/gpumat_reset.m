## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} gpumat_reset ()
## Give back what gpumat keeps for speed: cached device blocks, the pinned
## host staging pool (and stop its copy threads), and the cuFFT plans of
## @code{fft} and its kin.  Live gpumat arrays are not touched.  The next call that needs them sets them up again.
##
## After a failure in queued GPU work (a @code{gpumat:cudaError} whose message says
## the GPU context is lost), @code{gpumat_reset} also resets the GPU: the lost
## context's memory goes back to the device, and every gpumat array made before is
## gone (using one raises @code{gpumat:@var{area}:invalidHandle}).  CUDA documents
## that a process must be restarted after such an error, and on the H100 it allows no
## new context in it: the next call then raises @code{gpumat:noDevice} saying to
## restart Octave.  Where the driver does allow one, arrays made afterwards work as
## usual.
## @seealso{gpumat_device, gpumat_sync}
## @end deftypefn

function gpumat_reset ()
  __gpumat_call__ ("reset", "gpumat_reset");
endfunction

%!test
%! gpumat_reset ();   # harmless with or without a GPU
%!error <called with too many inputs> gpumat_reset (1)

## Leak check (issue 12 item 5): 1000 steps of conjugate gradients on gpumat arrays (50 solves of
## 20 steps, n = 64; each step makes about 10 temporaries: A * p, two dots, two quotients, three
## scaled vectors and the sums) leave gpumat's live blocks and, after gpumat_reset, the device's
## free memory where they were.  A warm-up solve first, so that lazily loaded kernel modules and
## the allocator's first blocks are in place before the baseline is taken.
%!function x = cg_steps (A, b, steps)
%!  x = 0 * b;
%!  r = b - A * x;
%!  p = r;
%!  rr = dot (r, r);
%!  for k = 1:steps
%!    Ap = A * p;
%!    alpha = rr ./ dot (p, Ap);
%!    x = x + alpha * p;
%!    r = r - alpha * Ap;
%!    rr_new = dot (r, r);
%!    p = r + (rr_new ./ rr) * p;
%!    rr = rr_new;
%!  endfor
%!endfunction

%!function gpu_check_01 ()
%! n = 64;
%! M = rand (n);
%! A0 = M' * M + n * eye (n);     # SPD, eigenvalues in [n, n + n^2/3]: 20 steps converge
%! b0 = rand (n, 1);
%! A = gpumat (A0);  b = gpumat (b0);
%! x = gather (cg_steps (A, b, 20));
%! assert (norm (b0 - A0 * x) <= 1e-8 * norm (b0));
%! clear x
%! gpumat_reset ();
%! usage0 = __gpumat_call__ ("usage", "");
%! free0 = gpumat_device ().FreeMemory;
%! for solve = 1:50
%!   x = cg_steps (A, b, 20);
%! endfor
%! clear x
%! gpumat_reset ();
%! usage1 = __gpumat_call__ ("usage", "");
%! free1 = gpumat_device ().FreeMemory;
%! assert (usage1(1:2), usage0(1:2));   # live blocks and bytes: exactly A and b
%! assert (usage1(3), 0);               # gpumat_reset gave every cached block back
%! ## The driver hands out device memory in 2 MiB pages: one page of slack for its own
%! ## bookkeeping.  A leak of even 512 bytes a call (some 10^4 calls here) would be 5 MiB.
%! ## (Unless other processes share the GPU meanwhile: make check's parity parts, see gpumat.m.)
%! if (isempty (getenv ("GPUMAT_TEST_SHARED_GPU")))
%!   assert (free1 > free0 - 2 * 2^20, "free memory went from %d to %d bytes", free0, free1);
%! endif
%! clear A b
%! gpumat_reset ();
%! usage2 = __gpumat_call__ ("usage", "");
%! assert (usage2(1), usage0(1) - 2);  # A's and b's blocks were the two
%! assert (usage0(2) - usage2(2) >= 8 * (n^2 + n));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
