## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{x} =} cg_dense (@var{A}, @var{b}, @var{x}, @var{iterations})
## @deftypefnx {} {@var{x} =} cg_dense (@dots{}, @var{verbose})
## Conjugate gradients for @code{@var{A} * @var{x} = @var{b}}, @var{A} symmetric
## positive definite, from the start @var{x}, for a fixed number of
## @var{iterations} (no stopping test: a benchmark does the same work every run).
## With @var{verbose}, prints the relative residual of each step.
##
## Written as a scientist writes it, for host arrays; the same code runs on
## gpumat arrays when @var{A}, @var{b} and @var{x} are gpumat arrays (each
## operation then stays on the GPU; only the printed residual is gathered).
## The scalars alpha and beta are divided with @code{./}: the classdef gpumat of
## next2 has no @code{mrdivide} yet.
## @end deftypefn

function x = cg_dense (A, b, x, iterations, verbose = false)
  r = b - A * x;
  p = r;
  rr = dot (r, r);
  if (verbose)
    normb = gather (norm (b));
    printf ("  step  relative residual\n");
  endif
  for k = 1:iterations
    Ap = A * p;
    alpha = rr ./ dot (p, Ap);
    x = x + alpha * p;
    r = r - alpha * Ap;
    rr_new = dot (r, r);
    p = r + (rr_new ./ rr) * p;
    rr = rr_new;
    if (verbose)
      printf ("  %4d  %.3e\n", k, gather (norm (r)) / normb);
    endif
  endfor
endfunction
