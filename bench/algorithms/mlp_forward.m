## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{Y} =} mlp_forward (@var{W1}, @var{W2}, @var{X})
## The forward pass of a two-layer perceptron with ReLU, one column of @var{X}
## per sample: @code{@var{W2} * max (@var{W1} * @var{X}, 0)}.  The same code for
## host arrays and gpumat arrays.
## @end deftypefn

function Y = mlp_forward (W1, W2, X)
  H = max (W1 * X, 0);
  Y = W2 * H;
endfunction
