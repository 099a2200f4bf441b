## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{op} =} gpumat_operand (@var{x}, @var{area}, @var{caller})
## What the gateway takes for @var{x}: a gpumat array's descriptor, or the host
## array itself.  Objects of other classes get the error
## @code{gpumat:@var{area}:invalidType}, naming @var{caller}.
## @end deftypefn

function op = gpumat_operand (x, area, caller)
  if (isa (x, "gpumat"))
    op = x.desc;
  elseif (isobject (x))
    error (["gpumat:" area ":invalidType"],
           "%s: operands must be numeric arrays or gpumat arrays, not %s objects",
           caller, class (x));
  else
    op = x;
  endif
endfunction
