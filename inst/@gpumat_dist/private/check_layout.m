## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## [m, n, mb, nb] = check_layout (grid, sizes, blocks): the sizes and block sizes of a
## distributed matrix, checked (errors gpumat:dist:invalidArgument)
function [m, n, mb, nb] = check_layout (grid, sizes, blocks)
  if (! (isstruct (grid) && all (isfield (grid, {"P", "Q", "row", "col", "context"}))))
    error ("gpumat:dist:invalidArgument", "gpumat_dist: GRID must come from gpumat_dist_grid");
  endif
  whole = @(x) isnumeric (x) && isreal (x) && numel (x) == 2 && all (isfinite (x)) ...
               && all (x == fix (x));
  if (! whole (sizes) || any (sizes < 0))
    error ("gpumat:dist:invalidArgument", "gpumat_dist: the size must be [m, n], nonnegative integers");
  endif
  if (! whole (blocks) || any (blocks < 1))
    error ("gpumat:dist:invalidArgument", "gpumat_dist: the block sizes must be [mb, nb], positive integers");
  endif
  m = double (sizes(1));  n = double (sizes(2));  mb = double (blocks(1));  nb = double (blocks(2));
endfunction
