## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@dots{}] =} host_call (@var{name}, @dots{})
## The host fallback of a builtin with no GPU method for gpumat arrays: the gpumat arguments
## gathered, Octave's own builtin @var{name} called on them, numeric and logical results
## uploaded again (a logical one stays logical), others (text, cells, structs) returned as
## they are.  The result is exactly the builtin's on the host arrays, errors included.  Warns
## once per function and session (gpumat:hostFallback).
## @end deftypefn

function varargout = host_call (name, varargin)
  __gpumat_call__ ("fallback_note", name);
  for k = 1:numel (varargin)
    if (isgpuarray (varargin{k}))
      varargin{k} = gather (varargin{k});
    endif
  endfor
  [varargout{1:max (nargout, 1)}] = builtin (name, varargin{:});
  for k = 1:numel (varargout)
    v = varargout{k};
    if ((isnumeric (v) || islogical (v)) && ! issparse (v))
      g = gpumat (v);
      if (islogical (v))
        g = (g != 0);
      endif
      varargout{k} = g;
    endif
  endfor
endfunction
