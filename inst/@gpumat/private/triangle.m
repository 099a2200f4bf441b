## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} triangle (@var{name}, @dots{})
## tril (@var{name} "tril") and triu of a gpumat array on the GPU, with the arguments of
## Octave 7.3's tril.cc: a last argument that is a string is "pack" or ignored, then A and an
## optional K.  K must be a real scalar whole number (Inf clamps, as Octave's conversion
## saturates); any other call (usage errors, K = NaN or 1.5, a vector or complex K, a host A)
## is Octave's own on the host, for its exact result or error.
## @end deftypefn

function R = triangle (name, varargin)
  args = varargin;
  nargs = numel (args);
  pack = false;
  if (nargs >= 2 && ischar (args{nargs}))
    pack = strcmp (args{nargs}, "pack");
    nargs--;
  endif
  ok = nargs >= 1 && nargs <= 2 && isgpuarray (args{1});
  k = 0;
  if (ok && nargs == 2)
    k = args{2};
    if (isgpuarray (k))
      k = gather (k);
    endif
    ok = ((isnumeric (k) || islogical (k)) && isreal (k) && isscalar (k) && ! issparse (k)
          && ! isnan (k) && k == fix (k));
  endif
  if (! ok)
    R = host_call (name, varargin{:});
    return;
  endif
  if (ndims (args{1}) != 2)
    error ("%s: need a 2-D matrix", name);
  endif
  ## the gateway clamps K to [-rows, cols], as tril.cc does
  k = max (-2^53, min (2^53, double (k)));
  R = __gpumat_call__ ("tri", name, args{1}, strcmp (name, "tril"), k, pack);
endfunction
