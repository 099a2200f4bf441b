## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} gpumat_rethrow (@var{err}, @var{caller})
## Raise @var{err} again, naming @var{caller} instead of the internal gateway
## @code{__gpumat__} at the start of its message; the identifier is kept.
## @end deftypefn

function gpumat_rethrow (err, caller)
  msg = regexprep (err.message, '^__gpumat__: ', [caller ": "]);
  rethrow (struct ("message", msg, "identifier", err.identifier));
endfunction
