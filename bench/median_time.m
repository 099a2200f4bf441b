## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{t} =} median_time (@var{f}, @var{repeats})
## Median wall time in seconds of @var{repeats} calls of @var{f}, after one
## warm-up call (CUDA context, caches, the pinned pool).  Operations on gpumat
## arrays return once their work is queued, so each timed call ends with
## @code{gpumat_sync}: tic/toc times the work, not only its queueing (as
## MATLAB's gputimeit waits).  On an idle GPU the wait adds a few microseconds,
## nothing next to the milliseconds timed here.
## @end deftypefn

function t = median_time (f, repeats)
  f ();
  gpumat_sync ();
  times = zeros (repeats, 1);
  for i = 1:repeats
    tic;
    f ();
    gpumat_sync ();
    times(i) = toc;
  endfor
  t = median (times);
endfunction
