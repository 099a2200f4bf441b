## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{S} =} sort (@var{G})
## @deftypefnx {} {@var{S} =} sort (@var{G}, @var{dim})
## @deftypefnx {} {@var{S} =} sort (@var{G}, @var{mode})
## @deftypefnx {} {@var{S} =} sort (@var{G}, @var{dim}, @var{mode})
## @deftypefnx {} {[@var{S}, @var{I}] =} sort (@dots{})
## Octave's @code{sort} of a gpumat array, on the GPU: along @var{dim} (by default the first
## dimension that is not 1), @var{mode} @qcode{"ascend"} (the default) or
## @qcode{"descend"}.  The sort is stable, as Octave's: equal elements keep their order, -0
## and 0 are equal, NaNs come last (first for @qcode{"descend"}) in their original order.
## @var{S} has the class of @var{G} (a logical array stays logical); @var{I} holds each
## element's position along @var{dim}, as double.  Double, single, logical and the eight
## integer classes run on the GPU; complex data (which Octave orders by @code{abs}, then
## @code{arg}) is sorted by Octave on the host (a @code{gpumat:hostFallback} warning says so
## once).
## @seealso{gpumat, find, median}
## @end deftypefn

function [S, I] = sort (varargin)
  if (nargin < 1 || nargin > 3)
    error ("Octave:invalid-fun-call", "Invalid call to sort");
  endif
  x = varargin{1};
  ## Octave's data.cc (Fsort): the checks in its order, with its messages
  mode = "ascend";
  dim = 0;                          # the first dimension that is not 1
  have_mode = nargin > 1 && ischar (varargin{2});
  if (nargin > 1)
    if (have_mode)
      mode = sort_mode (varargin{2});
    else
      d = varargin{2};
      if (isgpuarray (d))
        d = gather (d);
      endif
      if (! (isnumeric (d) || islogical (d)) || isempty (d) || iscomplex (d))
        ## Octave's own conversion of an odd DIM, errors included
        [S, I] = host_result (nargout, varargin);
        return;
      endif
      d = double (d(1));
      if (isnan (d))
        error ("conversion of NaN to integer value failed");
      endif
      dim = fix (d);                # Octave's nint_value truncates
      if (isinf (d) || dim < 1)
        dim = -1;                   # refused below, after MODE's checks, as Octave does
      endif
    endif
  endif
  if (nargin > 2)
    if (have_mode)
      error ("sort: DIM must be a valid dimension");
    elseif (! ischar (varargin{3}))
      error ("sort: MODE must be a string");
    endif
    mode = sort_mode (varargin{3});
  endif
  if (dim < 0)
    error ("sort: DIM must be a valid dimension");
  endif
  if (! isgpuarray (x) || iscomplex (x))
    [S, I] = host_result (nargout, varargin);
    return;
  endif
  if (nargout > 1 && dim > ndims (x) && numel (x) != 1)
    ## liboctave's Array<T>::sort with indices refuses a dimension past the last (a scalar
    ## returns itself and 1)
    error ("sort: invalid dimension");
  endif
  if (nargout > 1)
    [S, I] = __gpumat_call__ ("sort", "sort", x, dim, mode);
  else
    S = __gpumat_call__ ("sort", "sort", x, dim, mode);
  endif
endfunction

function mode = sort_mode (m)
  if (! (ischar (m) && any (strcmp (m, {"ascend", "descend"}))))
    error ('sort: MODE must be either "ascend" or "descend"');
  endif
  mode = m;
endfunction

function [S, I] = host_result (nout, args)
  if (nout > 1)
    [S, I] = host_call ("sort", args{:});
  else
    S = host_call ("sort", args{:});
    I = [];
  endif
endfunction

## argument checks before any device work (empty arrays: these run without a GPU too)
%!error <Invalid call to sort> sort (gpumat (zeros (0, 2)), 1, "ascend", 4)
%!error <MODE must be either "ascend" or "descend"> sort (gpumat (zeros (0, 2)), "up")
%!error <MODE must be a string> sort (gpumat (zeros (0, 2)), 2, 3)
%!error <DIM must be a valid dimension> sort (gpumat (zeros (0, 2)), 0)
%!error <DIM must be a valid dimension> sort (gpumat (zeros (0, 2)), "ascend", 2)
%!error <conversion of NaN to integer value failed> sort (gpumat (zeros (0, 2)), NaN)
%!error <sort: invalid dimension> [s, i] = sort (gpumat (zeros (0, 3)), 3)
%!test
%! [s, i] = sort (gpumat (zeros (3, 0)), 2, "descend");
%! assert ({size(s), size(i), class(gather(i))}, {[3 0], [3 0], "double"});

%!function gpu_check_sort ()
%! x = [3 NaN -0 1 0 -Inf NaN 1 Inf -2];
%! for c = {@double, @single}
%!   for m = {"ascend", "descend"}
%!     [s, i] = sort (gpumat (c{1} (x)), m{1});
%!     [hs, hi] = sort (c{1} (x), m{1});
%!     assert (gather (s), hs);
%!     assert (gather (i), hi);
%!     assert (class (gather (s)), class (hs));
%!     assert (signbit (gather (s)), signbit (hs));       # -0 and 0 in their order
%!   endfor
%! endfor
%! A = reshape ([5 1 5 2 0 -1 5 3 2 2 7 1 0 0 4 8 1 9 3 3 2 6 2 5], 2, 3, 4);
%! for c = {"int8", "uint16", "int32", "uint64", "double"}
%!   for dim = 1:3
%!     for m = {"ascend", "descend"}
%!       [s, i] = sort (gpumat (cast (A, c{1})), dim, m{1});
%!       [hs, hi] = sort (cast (A, c{1}), dim, m{1});
%!       assert ({gather(s), gather(i)}, {hs, hi});
%!     endfor
%!   endfor
%!   assert (gather (sort (gpumat (cast (A, c{1})), 4)), sort (cast (A, c{1}), 4));
%! endfor
%! L = logical ([1 0 1 1 0]);
%! [s, i] = sort (gpumat (L), "descend");
%! [hs, hi] = sort (L, "descend");
%! assert ({gather(s), gather(i)}, {hs, hi});
%! assert (class (gather (s)), "logical");
%! [s, i] = sort (gpumat (zeros (0, 3)));
%! assert ({size(s), size(i)}, {[0 3], [0 3]});
%! [s, i] = sort (gpumat (7), 5);
%! assert ({gather(s), gather(i)}, {7, 1});
%! z = complex ([3 1 2], [0 1 -1]);
%! assert (gather (sort (gpumat (z))), sort (z));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_sort ();
