## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## same_everywhere (values, who): collective; gpumat:dist:mismatch on every rank where the ranks
## passed different values (sizes, block sizes, grids, classes or operations)
function same_everywhere (values, who)
  if (! __gpumat_dist__ ("same", double (values(:)).'))
    error ("gpumat:dist:mismatch", ["%s: the ranks called it with different sizes, block ", ...
           "sizes, grids or operations; every rank must pass the same"], who);
  endif
endfunction
