## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{R} =} circshift (@var{G}, @var{n})
## @deftypefnx {} {@var{R} =} circshift (@var{G}, @var{n}, @var{dim})
## Octave's @code{circshift} of a gpumat array, on the GPU: the elements moved @var{n}
## places along the first dimension whose size is not 1 (or along @var{dim}; with a vector
## @var{n}, @code{@var{n}(@var{d})} places along each dimension @var{d}), those pushed out
## at one end coming back at the other.  Every class and size, Octave's rules and messages
## (Octave 7.3's @file{circshift.m}); an empty @var{G} is returned as it is.  One device copy,
## where Octave's own would index with lists of positions.  Shifts that are not double
## numbers (integer, logical) and non-finite ones take Octave's own @code{circshift} on the
## host, which gives its exact result or error.
## @seealso{flip, permute}
## @end deftypefn

function R = circshift (G, n, dim)
  if (nargin < 2)
    print_usage ();
  endif
  args = {G, n};
  if (nargin == 3)
    args{3} = dim;
  endif
  for k = 2:nargin
    if (isgpuarray (args{k}))
      args{k} = gather (args{k});
    endif
  endfor
  n = args{2};
  if (nargin == 3)
    dim = args{3};
  endif
  if (! isgpuarray (G))
    R = host_call ("circshift", args{:});
    return;
  elseif (isempty (G))
    R = G;
    return;
  elseif (! (isa (n, "double") && isreal (n) && all (isfinite (n(:))))
          || (nargin == 3 && ! (isa (dim, "double") && isreal (dim) && isscalar (dim)
                                && dim >= 1 && dim == fix (dim))))
    ## integer or logical shifts (Octave's m-file does its index arithmetic in their class),
    ## NaN, Inf and odd DIMs: Octave's own, for its exact result or error
    R = host_call ("circshift", args{:});
    return;
  endif
  ## Octave 7.3's circshift.m, up to its indexing
  nd = ndims (G);
  sz = size (G);
  if (nargin == 2)
    if (isscalar (n))
      (dim = find (sz > 1, 1)) || (dim = 1);
      n = [zeros(1, dim-1), n];
    endif
  else
    if (! isscalar (n))
      error ("circshift: N must be a scalar when DIM is also specified");
    endif
    n = [zeros(1, dim-1), n];
  endif
  if (! isvector (n) || length (n) > nd)
    error ("circshift: N must be a vector, no longer than the number of dimensions in X");
  elseif (any (n != fix (n)))
    error ("circshift: all values of N must be integers");
  endif
  ## each shift reduced modulo its dimension's size (exact in double): the gateway takes
  ## whole numbers up to 2^53
  n = n(:).';
  R = __gpumat_call__ ("circshift", "circshift", G, rem (n, sz(1:numel (n))));
endfunction

%!assert (size (circshift (gpumat (zeros (0, 3)), 1)), [0 3])
%!assert (size (circshift (gpumat (zeros (2, 0, 3)), [1 2 3])), [2 0 3])
%!assert (size (circshift (gpumat (zeros (0, 3)), [1 2], 2)), [0 3])    # empty: as it is, no check
%!error <Invalid call to circshift> circshift (gpumat (zeros (0, 3)))
%!function gpu_check_circshift ()
%! A = reshape (1:60, 3, 4, 5) - 30;
%! for c = {@double, @single, @int8, @uint32, @(x) x > 0, @(x) complex (x, x), @(x) single (complex (x, -1))}
%!   X = c{1} (A);
%!   for n = {1, -1, 7, -13, 0, [1 2], [-1 0 2], [5; -6; 7], 2^60 + 4}
%!     R = circshift (gpumat (X), n{1});
%!     assert (isgpuarray (R));
%!     assert (gather (R), circshift (X, n{1}));
%!   endfor
%!   for d = 1:3
%!     assert (gather (circshift (gpumat (X), 2, d)), circshift (X, 2, d));
%!   endfor
%!   assert (gather (circshift (gpumat (X(1, :, 1)), 3)), circshift (X(1, :, 1), 3));
%! endfor
%! M = magic (4);
%! assert (gather (circshift (gpumat (M).', [1 -1])), circshift (M.', [1 -1]));
%! assert (gather (circshift (gpumat (M), gpumat (1), 2)), circshift (M, 1, 2));
%! fail ("circshift (gpumat (M), [1 2 3])", "N must be a vector, no longer than");
%! fail ("circshift (gpumat (M), 1.5)", "all values of N must be integers");
%! fail ("circshift (gpumat (M), [1 2], 2)", "N must be a scalar when DIM");
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (circshift (gpumat (M), int8 (1))), circshift (M, int8 (1)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_circshift ();
