## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} gpumat_reset ()
## Give back what gpumat keeps for speed: cached device blocks and the pinned
## host staging pool (and stop its copy threads).  Live gpumat arrays are not
## touched.  The next call that needs them sets them up again.
## @seealso{gpumat_device, gpumat_sync}
## @end deftypefn

function gpumat_reset ()
  __gpumat__ ("reset", "gpumat_reset");
endfunction

%!test
%! gpumat_reset ();   # harmless with or without a GPU
%!error <called with too many inputs> gpumat_reset (1)
