## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## max (A), max (A, B), max (A, [], DIM) and [M, I] = ... (min likewise), as Octave's: the
## second argument of the three-argument form is ignored with Octave's warning when not
## empty; [M, I] of the two-argument form fails as in Octave (one output).
function varargout = minmax (name, A, B, dim)
  if (nargin < 2 || nargin > 4)
    error ("Octave:invalid-fun-call", "Invalid call to %s", name);
  elseif (nargin == 2)
    dim = 0;
  elseif (nargin == 3)
    if (nargout > 1)
      error ("Octave:invalid-fun-call",
             "%s: element number 2 undefined in return list (no indices for two arrays)",
             name);
    elseif (ischar (A) || ischar (B))
      ## Octave refuses max (x, "a") for any numeric or logical x (while x + "a" is fine).
      error ("%s: cannot compute %s (%s, %s)", name, name, host_type_name (A),
             host_type_name (B));
    endif
    if (device_int_pair (true, A, B))
      ## integer data on the device: the other operand rounded and saturated into the class
      varargout = {__gpumat_call__("binary", name, name, A, B)};
    elseif (isinteger (A) || isinteger (B) || ! (device_operand (A) && device_operand (B)))
      ## Octave's own (gpumat:hostFallback): integer pairs the kernels do not take, and a
      ## sparse host operand (the result is sparse, as Octave's)
      varargout = {host_call(name, A, B)};
    else
      varargout = {__gpumat_call__("binary", name, name, A, B)};
    endif
    return;
  else
    if (! isempty (B))
      warning ("%s: second argument is ignored", name);
    endif
    if (! valid_dim (dim))
      error ("gpumat:reduce:invalidDim", "%s: DIM must be a valid dimension", name);
    endif
  endif
  varargout = cell (1, max (nargout, 1));
  if (isgpuarray (A) && iscomplex (A))
    ## complex data on the device (kernels/reduce_complex.cu): Octave's order (abs, then arg)
    ## and its NaN rule; the result narrowed as Octave's
    [varargout{:}] = __gpumat_call__ ("reduce", name, name, A, double (dim));
    return;
  endif
  if (isinteger (A))
    ## integer data on the device, in the class: the first index of the extreme value (the
    ## "ireduce" command)
    [varargout{:}] = __gpumat_call__ ("ireduce", name, name, A, min (double (dim), ndims (A) + 1));
    return;
  endif
  ## integer and complex data, and logical empties (Octave 7.3: max (false (3, 0)) is 3x0)
  host = isinteger (A) || iscomplex (A) || (islogical (A) && isempty (A));
  if (host && dim == 0)
    [varargout{:}] = host_call (name, A);              # Octave's own (gpumat:hostFallback)
  elseif (host)
    [varargout{:}] = host_call (name, A, [], dim);
  else
    [varargout{:}] = __gpumat_call__ ("reduce", name, name, A, double (dim));
  endif
endfunction

## An operand that the complex max and min kernels take (kernels/elementwise_complex.cu): a
## gpumat array, or a full double, single, logical or char host array.
function tf = device_operand (x)
  tf = isa (x, "gpumat") || ((isfloat (x) || islogical (x) || ischar (x)) && ! issparse (x));
endfunction
