## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@dots{}] =} host_print (@var{name}, @var{nargout}, @dots{})
## printf, fprintf, sprintf, num2str, mat2str, int2str and disp of gpumat arrays: Octave's own
## function on the gathered values (Octave's printf family refuses values it takes for
## objects).  No warning: printing reads values on the host by nature.
## @end deftypefn

function varargout = host_print (name, nout, varargin)
  for k = 1:numel (varargin)
    if (isgpuarray (varargin{k}))
      varargin{k} = gather (varargin{k});
    endif
  endfor
  if (nout == 0)
    builtin_or_m (name, varargin{:});
    varargout = {};
  else
    [varargout{1:nout}] = builtin_or_m (name, varargin{:});
  endif
endfunction

function varargout = builtin_or_m (name, varargin)
  if (exist (name) == 5)
    [varargout{1:nargout}] = builtin (name, varargin{:});
  else
    [varargout{1:nargout}] = feval (name, varargin{:});
  endif
endfunction
