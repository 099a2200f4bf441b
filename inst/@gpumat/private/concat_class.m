## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{cls}, @var{cplx}, @var{args}] =} concat_class (@dots{})
## The class of Octave's concatenation of the operands (gpumat or host arrays), by Octave's
## own rule (its @code{cat} of empty operands of the same classes), whether it is complex,
## and the operands made ready for the gateway's "catnd": each of class @var{cls} or one the
## gateway converts on the way (logical and double to double or single, real to complex).
## Integer conversions (saturating, rounding) are Octave's own: on the host for host operands,
## through the host for gpumat ones (@code{gpumat:hostFallback}).  @var{cls} is empty when
## the device cannot take the concatenation: char, cell, struct, sparse or other objects, or a
## complex operand with an integer result (Octave's error).
## @end deftypefn

function [cls, cplx, args] = concat_class (varargin)
  args = varargin;
  cls = "";
  cplx = false;
  protos = cell (1, numel (args));
  for k = 1:numel (args)
    x = args{k};
    if (isgpuarray (x))
      c = classUnderlying (x);
    elseif ((isnumeric (x) || islogical (x)) && ! issparse (x) && ! isobject (x))
      c = class (x);
    else
      return;                                 # char, cell, struct, sparse, objects
    endif
    if (strcmp (c, "logical"))
      protos{k} = false (0, 0);
    else
      protos{k} = zeros (0, 0, c);
    endif
    cplx = cplx || iscomplex (x);
  endfor
  c = class (cat (1, protos{:}));
  if (cplx && ! any (strcmp (c, {"double", "single"})))
    return;                                   # Octave's error for complex into integers
  endif
  if (! any (strcmp (c, {"double", "single", "logical"})))
    for k = 1:numel (args)
      if (isgpuarray (args{k}) && ! strcmp (classUnderlying (args{k}), c))
        args{k} = cast (args{k}, c);          # Octave's rounding and saturation (host)
      elseif (! isgpuarray (args{k}) && ! isa (args{k}, c))
        args{k} = cast (args{k}, c);
      endif
    endfor
  endif
  cls = c;
endfunction
