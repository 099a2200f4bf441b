## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@dots{}] =} host_exact (@var{name}, @var{nout}, @var{upload}, @dots{})
## Octave's own builtin @var{name} on the gathered arguments, asked for @var{nout} outputs as
## the caller was (so that Octave's own messages for an output it does not give, such as
## "element number 2 undefined in return list", are Octave's), its outputs numbered in
## @var{upload} uploaded as gpumat arrays and the others returned as they are.  For the cases
## of a device method that need no GPU work (empty and 1x1 arrays) or end in Octave's own
## argument error: unlike @code{host_call}, no @code{gpumat:hostFallback} note.
## @end deftypefn

function varargout = host_exact (name, nout, upload, varargin)
  for k = 1:numel (varargin)
    if (isgpuarray (varargin{k}))
      varargin{k} = gather (varargin{k});
    endif
  endfor
  switch (nout)
    case {0, 1}
      r = {builtin(name, varargin{:})};
    case 2
      [a, b] = builtin (name, varargin{:});
      r = {a, b};
    case 3
      [a, b, c] = builtin (name, varargin{:});
      r = {a, b, c};
    otherwise
      r = cell (1, nout);
      [r{:}] = builtin (name, varargin{:});
  endswitch
  for k = 1:numel (r)
    if (any (k == upload) && isnumeric (r{k}))
      r{k} = gpumat (full (r{k}));
    endif
  endfor
  varargout = r;
endfunction
