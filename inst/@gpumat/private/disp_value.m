## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## The DIM argument as it appears in an error message.
function s = disp_value (x)
  if (isnumeric (x) && isscalar (x) && ! isa (x, "gpumat"))
    s = num2str (x);
  else
    s = class (x);
  endif
endfunction
