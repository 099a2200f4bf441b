## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} gram_matrix (@var{G})
## The Gram matrix @code{@var{G}' * @var{G}} of the columns of @var{G}.  The same
## code for host arrays and gpumat arrays (on gpumat arrays @code{@var{G}'} is a view:
## the product reads @var{G} with a transpose flag, as Octave passes one to BLAS).
## @end deftypefn

function C = gram_matrix (G)
  C = G' * G;
endfunction
