## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{x}, @var{rcond}] =} square_factor (@var{name}, @var{what}, @var{nout}, @var{A})
## det and inv of a gpumat matrix: @var{name} (@var{A}) with @var{nout} outputs, on the device
## (the gateway's @qcode{"factor"} command @var{what}, mex/gw_solve.c) for a square matrix of two
## or more elements; Octave's own @var{name} of the gathered array for integer and N-D data (with
## the once-a-function fallback note), and for empty, 1x1 and non-square ones (Octave's value, or
## its error).  @var{rcond} is [] for one output.
## @end deftypefn

function [x, rcond] = square_factor (name, what, nout, A)
  rcond = [];
  on_host = isinteger (A) || ndims (A) > 2;
  if (on_host)
    __gpumat_call__ ("fallback_note", name);
  endif
  on_host = on_host || numel (A) < 2 || rows (A) != columns (A);
  if (on_host && nout < 2)
    x = host_exact (name, 1, 1, A);
  elseif (on_host)
    [x, rcond] = host_exact (name, 2, 1, A);
  elseif (nout < 2)
    x = __gpumat_call__ ("factor", what, name, A);
  else
    [x, rcond] = __gpumat_call__ ("factor", what, name, A);
  endif
endfunction
