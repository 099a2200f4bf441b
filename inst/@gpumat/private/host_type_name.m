## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.


## Octave's type name (typeinfo) of x, or of the host array a gpumat array x stands for: the
## names Octave's own messages use ("matrix", "float scalar", "bool matrix", "sq_string").
function t = host_type_name (x)
  if (! isa (x, "gpumat"))
    t = typeinfo (x);
    return;
  endif
  n = 1 + ! isscalar (x);
  if (islogical (x))
    h = false (n, 1);
  else
    h = zeros (n, 1, classUnderlying (x));
    if (iscomplex (x))
      h = complex (h, h);
    endif
  endif
  t = typeinfo (h);
endfunction
