## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{lambda}, @var{x}] =} power_iteration (@var{A}, @var{x}, @var{iterations})
## The dominant eigenpair of @var{A} by power iteration from @var{x}: a fixed number
## of steps @code{y = A * x; x = y ./ norm (y)}, then the Rayleigh quotient
## @code{x' * (A * x)} (@var{x} has norm 1).
##
## The same code for host arrays and gpumat arrays (only the inputs change);
## @code{./ norm (y)} rather than @code{/}: the classdef gpumat of next2 has no
## @code{mrdivide} yet.
## @end deftypefn

function [lambda, x] = power_iteration (A, x, iterations)
  x = x ./ norm (x);
  for k = 1:iterations
    y = A * x;
    x = y ./ norm (y);
  endfor
  lambda = x' * (A * x);
endfunction
