## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## True when X is a gpumat array of a class the gateway's "scan" command computes (cumsum,
## cumprod, prod, diff, var, std): real double or single, or logical (read as double).
function tf = scan_class (x)
  tf = isgpuarray (x) && ((isfloat (x) && isreal (x)) || islogical (x));
endfunction
