## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} gpumat_sync ()
## Wait until all GPU work queued by gpumat has finished.  Every gpumat function
## already returns only once its result is complete, so this is needed only
## around timings of code that may queue work of its own in the future.
## @seealso{gpumat_reset}
## @end deftypefn

function gpumat_sync ()
  __gpumat__ ("sync", "gpumat_sync");
endfunction

%!test
%! gpumat_sync ();
%!error <called with too many inputs> gpumat_sync (1)
