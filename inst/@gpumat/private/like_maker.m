## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{G} =} like_maker (@var{name}, @dots{})
## zeros, ones, eye, rand, randn, Inf, NaN, true and false called with a gpumat argument:
## @code{"like", @var{G}} takes @var{G}'s class and complexity, gpumat sizes are read, and
## the array Octave's own @var{name} makes is returned as a gpumat array (a logical one stays
## logical).  Octave's own rules and errors apply (Octave 7.3's @code{zeros} with
## @code{"like"} of a complex array is real, @code{true} refuses a numeric prototype).
## @end deftypefn

function G = like_maker (name, varargin)
  for k = 1:numel (varargin)
    if (isgpuarray (varargin{k}))
      if (k > 1 && ischar (varargin{k-1}) && strcmpi (varargin{k-1}, "like"))
        P = varargin{k};
        proto = cast ([], classUnderlying (P));
        if (iscomplex (P))
          proto = complex (proto);
        endif
        varargin{k} = proto;
      else
        varargin{k} = gather (varargin{k});
      endif
    endif
  endfor
  H = builtin (name, varargin{:});
  G = gpumat (H);
  if (islogical (H))
    G = (G != 0);
  endif
endfunction
