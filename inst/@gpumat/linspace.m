## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{y} =} linspace (@var{start}, @var{end})
## @deftypefnx {} {@var{y} =} linspace (@var{start}, @var{end}, @var{n})
## Octave's @code{linspace} with a gpumat argument, made on the GPU: @var{n} (100 by default)
## points from @var{start} to @var{end}, a gpumat row, or a matrix of one row for each element
## when @var{start} or @var{end} is a column vector.
##
## The values are Octave 7.3's bit for bit: with scalar ends, built from both ends
## (@var{start} + i*delta in the first half, @var{end} - i*delta in the second, the middle of
## an odd @var{n} the mean of the ends, 0 when @var{start} = -@var{end}); with vector ends, row
## r is @var{start}(r) + j*delta(r); the ends are exact.  Single when either end is single,
## else double.  @var{n} is truncated to an integer; @var{n} < 1 gives no columns and
## @var{n} = 1 the end alone.  Complex, integer or logical ends, and anything Octave refuses,
## go to Octave's own @code{linspace} on the host (its result or its error, uploaded again).
## @seealso{gpumat, colon}
## @end deftypefn

function y = linspace (base, limit, n)
  if (nargin < 2 || nargin > 3)
    print_usage ();
  endif
  args = {base, limit};
  if (nargin == 3)
    args{3} = n;
    if (isgpuarray (n))
      n = gather (n);
    endif
  else
    n = 100;
  endif
  if (nargin == 3 && isnumeric (n) && isempty (n))
    n = 1;                          # Octave: an empty numeric N is 1
  endif
  ok = (isnumeric (n) || islogical (n)) && isscalar (n) && isreal (n) && isfinite (n);
  m = [0 0];
  for k = 1:2
    v = args{k};
    if (isgpuarray (v))
      c = classUnderlying (v);
    else
      c = class (v);
    endif
    ok = (ok && any (strcmp (c, {"double", "single"})) && isreal (v) && ! issparse (v)
          && ndims (v) == 2 && any (size (v) == 1));
    m(k) = numel (v);
  endfor
  ok = ok && (m(1) == 1 || m(2) == 1 || m(1) == m(2));
  if (! ok)
    y = host_call ("linspace", args{:});
    return;
  endif
  n = max (fix (double (n)), 0);
  y = __gpumat_call__ ("linspace", "linspace", base, limit, n);
endfunction

%!function gpu_case_linspace_01 ()
%! cases = {{0, 1, 5}, {0, 1, 4}, {-1, 1, 7}, {1, 1, 3}, {single(0), 1, 10}, {0, 1, 1}, ...
%!          {0, 1, 0}, {[1; 2], [3; 4], 5}, {[1; 2], 5, 3}, {1, [3 4], 3}, {0, 1, 2.7}, ...
%!          {0, 0.1, 101}, {-pi, exp(1), 1000}, {single(-3), single(7), 33}};
%! for k = 1:numel (cases)
%!   c = cases{k};
%!   e = linspace (c{:});
%!   for p = 1:2
%!     gc = c;
%!     gc{p} = gpumat (gc{p});
%!     g = linspace (gc{:});
%!     assert (isgpuarray (g));
%!     assert (class (gather (g)), class (e));
%!     assert (gather (g), e);
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_linspace_01 ();
%!testif ; gpumat_available ()
%! assert (size (linspace (gpumat (0), 1)), [1 100]);
%! assert (gather (linspace (gpumat (0), 1, [])), 1);
%! fail ("linspace (gpumat ([1 2]), [1 2 3])", "vectors must be of equal length");
%! assert (gather (linspace (gpumat (1), 1i, 3)), linspace (1, 1i, 3));
