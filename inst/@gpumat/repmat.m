## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{R} =} repmat (@var{G}, @var{m})
## @deftypefnx {} {@var{R} =} repmat (@var{G}, @var{m}, @var{n})
## @deftypefnx {} {@var{R} =} repmat (@var{G}, @var{m}, @var{n}, @var{p} @dots{})
## @deftypefnx {} {@var{R} =} repmat (@var{G}, [@var{m} @var{n}])
## @deftypefnx {} {@var{R} =} repmat (@var{G}, [@var{m} @var{n} @var{p} @dots{}])
## Octave's @code{repmat} of a gpumat array, on the GPU: @var{G} copied @var{m} times along
## the first dimension, @var{n} times along the second, and so on.  Every class and size;
## the counts are read as Octave 7.3's @file{repmat.m} reads them (negative ones count as 0,
## its messages).  One device copy, where Octave's own would index.  Counts that are not
## double numbers, or not whole, take Octave's own @code{repmat} on the host, for its exact
## result or error.
## @seealso{kron, repelems, circshift}
## @end deftypefn

function R = repmat (A, m, varargin)
  if (nargin < 2)
    print_usage ();
  endif
  args = [{A, m}, varargin];
  for k = 2:nargin
    if (isgpuarray (args{k}))
      args{k} = gather (args{k});
    endif
  endfor
  if (! isgpuarray (A)
      || ! all (cellfun (@(x) isa (x, "double") && isreal (x), args(2:end))))
    ## integer counts (Octave's m-file multiplies sizes in their class), char, ...: Octave's own
    R = host_call ("repmat", args{:});
    return;
  endif
  m = args{2};
  varargin = args(3:end);
  ## Octave 7.3's repmat.m, up to its indexing
  if (nargin == 3)
    n = varargin{1};
    if (! isempty (m) && isempty (n))
      m = m(:).';
      n = 1;
    elseif (isempty (m) && ! isempty (n))
      m = n(:).';
      n = 1;
    elseif (isempty (m) && isempty (n))
      m = n = 1;
    else
      if (all (size (m) > 1))
        m = m(:,1);
        if (numel (m) < 3)
          n = n(end);
        else
          n = [];
        endif
      endif
      if (all (size (n) > 1))
        n = n(:,1);
      endif
      m = m(:).';
      n = n(:).';
    endif
  else
    if (nargin > 3)
      if (isscalar (m) && all (cellfun ("numel", varargin) == 1))
        m = [m varargin{:}];
        n = [];
      else
        error ("repmat: all input arguments must be scalar");
      endif
    elseif (isempty (m))
      m = n = 1;
    elseif (isscalar (m))
      n = m;
    elseif (ndims (m) > 2)
      error ("repmat: M has more than 2 dimensions");
    elseif (all (size (m) > 1))
      m = m(:,1).';
      n = [];
    else
      m = m(:).';
      n = [];
    endif
  endif
  idx = [m, n];
  if (all (idx < 0))
    error ("repmat: invalid dimensions");
  else
    idx = max (idx, 0);
  endif
  if (any (idx != fix (idx)) || any (isinf (idx)))
    ## Octave's own: an error for most, a result for some (a scalar A)
    R = host_call ("repmat", args{:});
    return;
  endif
  R = __gpumat_call__ ("repmat", "repmat", A, idx);
endfunction

%!assert (size (repmat (gpumat (zeros (0, 2)), 3, 4)), [0 8])
%!assert (size (repmat (gpumat (zeros (2, 0)), [1 2 3])), [2 0 3])
%!assert (size (repmat (gpumat (zeros (0, 2)), -1, 2)), [0 4])
%!assert (size (repmat (gpumat (zeros (0, 2)), [])), [0 2])
%!error <repmat: invalid dimensions> repmat (gpumat (zeros (0, 2)), -1, -2)
%!error <repmat: all input arguments must be scalar> repmat (gpumat (zeros (0, 2)), 1, [1 2], 3)
%!error <repmat: M has more than 2 dimensions> repmat (gpumat (zeros (0, 2)), ones (1, 1, 2))
%!error <Invalid call to repmat> repmat (gpumat (zeros (0, 2)))
%!function gpu_check_repmat ()
%! A = reshape (1:24, 2, 3, 4) - 12;
%! for c = {@double, @single, @int16, @uint64, @(x) x > 0, @(x) complex (x, 1), @(x) single (complex (x, x))}
%!   for X = {c{1}(A), c{1}(A(:, :, 1)), c{1}(A(1, :, 1)), c{1}(A(1))}
%!     for r = {{2}, {2, 3}, {[1 2 3]}, {1, 1, 2}, {[2 1]}, {0, 3}, {[3; 2]}, {[2 3; 4 5]}, {[], 2}, {2, []}}
%!       R = repmat (gpumat (X{1}), r{1}{:});
%!       assert (isgpuarray (R));
%!       assert (gather (R), repmat (X{1}, r{1}{:}));
%!     endfor
%!   endfor
%! endfor
%! M = magic (3);
%! assert (gather (repmat (gpumat (M).', 2, 1)), repmat (M.', 2, 1));
%! assert (gather (repmat (gpumat (M), gpumat (2), 1)), repmat (M, 2, 1));
%! assert (gather (repmat (gpumat (M), NaN, 2)), repmat (M, NaN, 2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_repmat ();
