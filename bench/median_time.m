## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{t} =} median_time (@var{f}, @var{repeats})
## Median wall time in seconds of @var{repeats} calls of @var{f}, after one
## warm-up call (CUDA context, caches, the pinned pool).  Each gpumat call
## returns once its result is complete, so tic/toc times the whole call.
## @end deftypefn

function t = median_time (f, repeats)
  f ();
  times = zeros (repeats, 1);
  for i = 1:repeats
    tic;
    f ();
    times(i) = toc;
  endfor
  t = median (times);
endfunction
