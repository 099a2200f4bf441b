## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{names} =} gpumat_kernels ()
## The names of the matrix product kernels this build of gpumat has, as a cell
## row of strings, "auto" first: the values @code{gpumat_mul} takes for
## @var{kernel}.  Needs no GPU.
## @seealso{gpumat_mul}
## @end deftypefn

function names = gpumat_kernels ()
  names = __gpumat_call__ ("kernels", "gpumat_kernels");
endfunction

%!test
%! names = gpumat_kernels ();
%! assert (iscellstr (names));
%! assert (names(1:4), {"auto", "naive", "tiled", "wpt"});
%!error <called with too many inputs> gpumat_kernels (1)
