## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{L} =} logical (@var{G})
## A logical gpumat array, true where @var{G} is nonzero, computed on the GPU for real data;
## NaN raises Octave's error ("invalid conversion from NaN to logical"), as on host arrays.
## @seealso{gpumat}
## @end deftypefn

function L = logical (G)
  if (nargin != 1)
    print_usage ();
  endif
  L = __gpumat_call__ ("logical", G);
endfunction

%!function gpu_case_logical_01 ()
%! x = [0 2 -1 0.5];
%! L = logical (gpumat (x));
%! assert (isgpuarray (L));
%! assert (gather (L), logical (x));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_logical_01 ();
%!testif ; gpumat_available ()
%! assert (gather (logical (gpumat (int8 ([0 -3])))), logical (int8 ([0 -3])));
%!testif ; gpumat_available ()
%! assert (gather (logical (gpumat ([1 0] > 0))), [true false]);
%!testif ; gpumat_available ()
%! fail ("logical (gpumat ([1 NaN]))", "NaN to logical");
