## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{ok}, @var{dim}, @var{opt}] =} int_reduce_args (@var{x}, @var{args}, @var{opts})
## The options of sum, prod, cumsum and mean of integer data @var{x} (a gpumat array):
## @var{args} the arguments after @var{x}, at most a DIM (a positive whole number, capped at
## ndims + 1, where every dimension's length is 1) and a last string among @var{opts} (compared
## as the caller compares: @var{opt} is what was given, "" for none).  @var{dim} 0 for the
## default dimension.  @var{ok} false for every other form: the caller then hands it to
## Octave's own function on the host, which gives its result or its error.
## @end deftypefn

function [ok, dim, opt] = int_reduce_args (x, args, opts)
  ok = false;
  dim = 0;
  opt = "";
  if (! isempty (args) && ischar (args{end}))
    opt = args{end};
    if (! any (strcmp (opt, opts)))
      return;
    endif
    args(end) = [];
  endif
  if (numel (args) > 1 || (numel (args) == 1 && ! valid_dim (args{1})))
    return;
  elseif (numel (args) == 1)
    dim = min (double (args{1}), ndims (x) + 1);
  endif
  ok = true;
endfunction
