## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## DIM of sum, mean, max and min: a positive whole number.
function tf = valid_dim (dim)
  tf = (isnumeric (dim) && ! isa (dim, "gpumat") && isscalar (dim) && isreal (dim)
        && dim >= 1 && dim == fix (dim));
endfunction
