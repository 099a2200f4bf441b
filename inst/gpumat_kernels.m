## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{names} =} gpumat_kernels ()
## @deftypefnx {} {[@var{names}, @var{info}] =} gpumat_kernels ()
## The names of the matrix product kernels this build of gpumat has, as a cell
## row of strings, "auto" first: the values @code{gpumat_mul} takes for
## @var{kernel}.  Needs no GPU.
##
## @var{info}, a struct row of the same length, is the kernel registry the
## gateway checks against: for each kernel its @code{Name}, the @code{Classes}
## it computes (a cell row: "double", "single", "complex double", "complex
## single", and for "auto", "naive" and "tiled" the integer classes), the
## @code{MinComputeCapability} it needs (8 for 8.0; 0 for any GPU) and a
## one-line @code{Summary}.  Another class, or an older GPU, raises
## @code{gpumat:mul:invalidArgument} (@code{gpumat:mul:unsupportedKernel} for
## integer classes).
## @seealso{gpumat_mul, gpumat_device}
## @end deftypefn

function [names, info] = gpumat_kernels ()
  if (nargout > 1)
    [names, info] = __gpumat_call__ ("kernels", "gpumat_kernels");
  else
    names = __gpumat_call__ ("kernels", "gpumat_kernels");
  endif
endfunction

%!test
%! names = gpumat_kernels ();
%! assert (iscellstr (names));
%! assert (names(1:4), {"auto", "naive", "tiled", "wpt"});
%!test
%! [names, info] = gpumat_kernels ();
%! assert (size (info), size (names));
%! assert ({info.Name}, names);
%! assert (info(1).Classes(1:2), {"double", "single"});   # auto: every class
%! assert ([info(1:4).MinComputeCapability], [0 0 0 0]);
%! for i = 1:numel (info)
%!   assert (iscellstr (info(i).Classes) && ischar (info(i).Summary));
%! endfor
%! tiled = info(strcmp (names, "tiled"));
%! assert (any (strcmp (tiled.Classes, "int8")));
%! if (any (strcmp (names, "dmma")))
%!   dmma = info(strcmp (names, "dmma"));
%!   assert (dmma.Classes, {"double", "complex double"});
%!   assert (dmma.MinComputeCapability, 8);
%! endif
%!error <called with too many inputs> gpumat_kernels (1)
