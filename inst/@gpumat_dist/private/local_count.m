## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## c = local_count (n, nb, p, nprocs): how many of n rows (or columns), in blocks of nb dealt
## round-robin over nprocs processes from process 0, process p holds (ScaLAPACK's numroc)
function c = local_count (n, nb, p, nprocs)
  if (p < 0)
    c = 0;
    return;
  endif
  blocks = floor (n / nb);
  c = floor (blocks / nprocs) * nb;
  extra = mod (blocks, nprocs);
  if (p < extra)
    c += nb;
  elseif (p == extra)
    c += mod (n, nb);
  endif
endfunction
