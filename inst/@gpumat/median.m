## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{m} =} median (@var{G})
## @deftypefnx {} {@var{m} =} median (@var{G}, @var{dim})
## Octave's @code{median} of a gpumat array (Octave 7.3's median.m), on the GPU: along
## @var{dim} (by default the first dimension above 1), the middle element of each sorted
## slice, or for an even length the two middle ones summed in the class and halved (an
## integer class saturates the sum and rounds half away from zero; a logical array gives
## true when either is true); NaN where a double or single slice holds a NaN.  The result has
## the class of @var{G}.  Double, single, logical and the eight integer classes run on the
## GPU; complex data is Octave's own on the host (a @code{gpumat:hostFallback} warning says
## so once).  A double or single median waits for the GPU: where an odd-length slice has a
## zero in the middle among zeros of both signs, the sign is the one Octave's
## @code{nth_element} picks, so that array's median is Octave's own on the gathered data.
## @seealso{gpumat, sort, mean}
## @end deftypefn

function retval = median (x, dim)
  if (nargin < 1)
    print_usage ();
  endif
  if (! (isnumeric (x) || islogical (x)))
    error ("median: X must be a numeric vector or matrix");
  endif
  if (isempty (x))
    error ("median: X cannot be an empty matrix");
  endif
  if (nargin < 2)
    dim = 0;                        # the first dimension above 1
  else
    if (isgpuarray (dim))
      dim = gather (dim);
    endif
    if (! (isscalar (dim) && dim == fix (dim) && dim > 0))
      error ("median: DIM must be an integer and a valid dimension");
    endif
  endif
  if (! isgpuarray (x) || iscomplex (x) || ! (isa (dim, "double") && isfinite (dim)))
    ## complex data, and Octave's own handling of an unusual DIM (Inf, an integer class)
    args = {x, dim};
    retval = host_call ("median", args{1:max (nargin, 1)});
    return;
  endif
  retval = __gpumat_call__ ("median", "median", x, dim);
endfunction

%!error <X cannot be an empty matrix> median (gpumat (zeros (0, 3)))
%!error <X cannot be an empty matrix> median (gpumat (zeros (3, 0)), 1)
%!error <function called with too many inputs> median (gpumat (zeros (0, 3)), 1, 2)

%!function gpu_check_median ()
%! x = [3 1 4 1 5 9 2 6; 2 7 1 8 2 8 1 8; 0 NaN 2 -1 3 3 -0 1];
%! for c = {"double", "single"}
%!   for dim = 1:3
%!     assert (gather (median (gpumat (cast (x, c{1})), dim)), median (cast (x, c{1}), dim));
%!   endfor
%!   assert (gather (median (gpumat (cast (x, c{1})))), median (cast (x, c{1})));
%!   assert (gather (median (gpumat (cast (x(:)', c{1})))), median (cast (x(:)', c{1})));
%! endfor
%! y = int8 ([100 100 -3 0; -100 -101 5 6]);
%! assert (gather (median (gpumat (y))), median (y));
%! assert (gather (median (gpumat (y), 2)), median (y, 2));
%! for c = {"uint8", "int16", "uint32", "int64", "uint64"}
%!   z = cast ([7 2 9 4; 1 1 3 8], c{1});
%!   assert (gather (median (gpumat (z), 2)), median (z, 2));
%! endfor
%! L = logical ([1 0 1 0; 0 0 1 1]);
%! assert (gather (median (gpumat (L))), median (L));
%! assert (class (gather (median (gpumat (L)))), "logical");
%! A = reshape (sin (1:60), 3, 4, 5);
%! assert (gather (median (gpumat (A), 3)), median (A, 3));
%! assert (gather (median (gpumat (A))), median (A));
%! assert (gather (median (gpumat ([Inf -Inf]))), NaN);
%! for z = {[0 -0 0], [-0 0 -0 1 -1], [-0 -0], [0 -0 -0; -0 0 0]}
%!   assert (signbit (gather (median (gpumat (z{1})))), signbit (median (z{1})));
%! endfor
%! assert (gather (median (gpumat (complex ([1 2 3], [1 0 -1])))), median (complex ([1 2 3], [1 0 -1])));
%! fail ("median (gpumat ([1 2]), 0)", "DIM must be an integer and a valid dimension");
%! fail ("median (gpumat ([1 2]), 1.5)", "DIM must be an integer and a valid dimension");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_median ();
