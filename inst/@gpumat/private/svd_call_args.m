## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{args}, @var{on_device}] =} svd_call_args (@var{A})
## @deftypefnx {} {[@var{args}, @var{on_device}] =} svd_call_args (@var{A}, @var{tol})
## The arguments of pinv, rank, null and orth as a cell for Octave's own function (a gpumat
## @var{tol} gathered), and whether their device path, Octave's algorithm on the device
## @code{svd}, takes them: @var{A} a 2-D gpumat array that is not of an integer class, @var{tol}
## (when given) a real numeric or logical scalar.
## @end deftypefn

function [args, on_device] = svd_call_args (A, varargin)
  args = [{A}, varargin];
  if (numel (args) == 2 && isgpuarray (args{2}))
    args{2} = gather (args{2});
  endif
  on_device = isgpuarray (A) && ! isinteger (A) && ndims (A) <= 2;
  if (numel (args) == 2)
    tol = args{2};
    on_device = (on_device && isscalar (tol) && (isnumeric (tol) || islogical (tol))
                 && isreal (tol));
  endif
endfunction
