## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## [rows, cols] = local_indices (grid, m, n, mb, nb): the global indices (1-based) of the rows
## (a column) and the columns (a row) this rank owns in the block-cyclic layout; both empty
## outside the grid
function [rows, cols] = local_indices (grid, m, n, mb, nb)
  if (grid.row < 0)
    rows = zeros (0, 1);  cols = zeros (1, 0);
    return;
  endif
  rows = owned (m, mb, grid.row, grid.P)(:);
  cols = owned (n, nb, grid.col, grid.Q)(:).';
endfunction

## global indices of the blocks of size nb, round-robin over nprocs, that process p owns
function g = owned (n, nb, p, nprocs)
  starts = (p * nb) : (nprocs * nb) : (n - 1);
  g = starts(:) + (0:nb-1);
  g = g.'(:);
  g = g(g < n) + 1;
endfunction
