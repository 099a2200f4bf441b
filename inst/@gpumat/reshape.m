## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{R} =} reshape (@var{G}, @var{m}, @var{n}, @dots{})
## @deftypefnx {} {@var{R} =} reshape (@var{G}, [@var{m} @var{n} @dots{}])
## @var{G}'s elements in a new gpumat array of the given size (one size may be []),
## Octave's size rules and messages.
## @end deftypefn
function R = reshape (G, varargin)
  if (! isa (G, "gpumat"))
    error ("gpumat:array:invalidType", "reshape: the array to reshape must be the first argument");
  elseif (numel (varargin) == 0)
    error ("Octave:invalid-fun-call", "Invalid call to reshape");
  endif
  n = numel (G);
  if (numel (varargin) == 1)
    s = varargin{1};
    if (isa (s, "gpumat"))
      s = gather (s);
    endif
    if (! isnumeric (s) || numel (s) < 2)
      error ("gpumat:array:invalidSize", "reshape: SIZE must have 2 or more dimensions");
    endif
    dims = fix (double (s(:)'));
    if (any (dims < 0))
      error ("gpumat:array:invalidSize", "reshape: SIZE must be non-negative");
    endif
  else
    dims = zeros (1, numel (varargin));
    unknown = 0;
    for k = 1:numel (varargin)
      v = varargin{k};
      if (isa (v, "gpumat"))
        v = gather (v);
      endif
      if (isempty (v))
        if (unknown)
          error ("gpumat:array:invalidSize", "reshape: only a single dimension can be unknown");
        endif
        unknown = k;
      elseif (! isnumeric (v) && ! islogical (v))
        error ("gpumat:array:invalidSize", "reshape: SIZE must be numeric");
      else
        dims(k) = fix (double (v(1)));
      endif
    endfor
    if (any (dims < 0))
      error ("gpumat:array:invalidSize", "reshape: SIZE must be non-negative");
    endif
    if (unknown)
      known = prod (dims([1:unknown-1, unknown+1:end]));
      if (known == 0 && n == 0)
        known = 1;                  # Octave: the unknown size of an empty array is 0
      elseif (known == 0 || mod (n, known) != 0)
        error ("gpumat:array:invalidSize",
               "reshape: SIZE is not divisible by the product of known dimensions (= %d)", known);
      endif
      dims(unknown) = n / known;
    endif
  endif
  while (numel (dims) > 2 && dims(end) == 1)
    dims(end) = [];
  endwhile
  R = __gpumat_call__ ("reshape", "reshape", G, dims);
endfunction

%!assert (size (reshape (gpumat (zeros (0, 6)), 3, 0, [])), [3 0 0])
%!error <can't reshape 0x6 array to 4x0 array|reshape> reshape (gpumat (zeros (0, 6)), 4, 1)
%!function gpu_check_reshape ()
%! A = reshape (1:12, 3, 4);
%! R = reshape (gpumat (A), 2, []);
%! assert (isgpuarray (R));
%! assert (gather (R), reshape (A, 2, []));
%! assert (gather (reshape (gpumat (A) > 5, [4 3])), reshape (A > 5, [4 3]));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_reshape ();
