## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} existsOnGPU (@var{G})
## True when gpumat array @var{G}'s data are on the device and usable (MATLAB's name for
## gpuArray): an empty array, or a live device block.  False for a stale array (its block
## freed behind its back).  @var{G} must be a gpumat array.
## @seealso{gpumat, isgpuarray}
## @end deftypefn

function tf = existsOnGPU (G)
  if (nargin != 1)
    print_usage ();
  elseif (! isa (G, "gpumat"))
    error ("gpumat:array:invalidType", "existsOnGPU: G must be a gpumat array, not %s", class (G));
  endif
  try
    __gpumat_call__ ("check", "existsOnGPU", G);
    tf = true;
  catch
    tf = false;
  end_try_catch
endfunction

%!error <Invalid call> existsOnGPU ()
%!error id=gpumat:array:invalidType existsOnGPU (1)
%!assert (existsOnGPU (gpumat ()))
%!assert (existsOnGPU (gpumat (zeros (0, 3))))
%!function gpu_check_01 ()
%! G = gpumat (rand (3));
%! assert (existsOnGPU (G));
%! assert (existsOnGPU (G'));
%! V = G';
%! __gpumat_call__ ("free", "", G.desc.ptr);     # behind the array's back
%! assert (! existsOnGPU (V));
%! assert (! existsOnGPU (G));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
