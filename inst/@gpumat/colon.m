## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{r} =} colon (@var{base}, @var{limit})
## @deftypefnx {} {@var{r} =} colon (@var{base}, @var{increment}, @var{limit})
## @var{base}:@var{limit} and @var{base}:@var{increment}:@var{limit} with a gpumat operand:
## Octave 7.3's range, made on the GPU (a kernel writes @var{base} + i*@var{increment}).
##
## The class is Octave's: single when an operand is single, an integer class when an operand
## has it (the others of that class or double; an integer range steps in its class), else
## double.  The element count is Octave's (its 3-eps tolerance: @code{1.8:0.05:1.9} has 3
## elements), element i is @var{base} + i*@var{increment} rounded as Octave rounds it, and the
## last element is clipped to @var{limit} (@code{-5:1:-0} ends in -0).  The result is a
## gpumat row.  Operands that are not real scalars (Octave warns and takes the first element),
## NaN or infinite ones, and mixes Octave refuses go to Octave's own @code{colon} on the
## host: the same result or error, uploaded again (one @code{gpumat:hostFallback} warning a
## session).
## @seealso{gpumat, linspace}
## @end deftypefn

function r = colon (base, increment, limit)
  if (nargin < 2)
    print_usage ();
  elseif (nargin == 2)
    args = {base, increment};
    vals = {base, 1, increment};
  else
    args = {base, increment, limit};
    vals = args;
  endif
  cls = "double";
  for k = 1:3
    v = vals{k};
    if (isgpuarray (v))
      c = classUnderlying (v);
      ok = numel (v) == 1 && isreal (v) && ! strcmp (c, "logical");
      if (ok)
        v = gather (v);
      endif
    else
      c = class (v);
      ok = isnumeric (v) && isscalar (v) && isreal (v) && ! issparse (v);
    endif
    if (! ok || ! isfinite (v))
      r = host_call ("colon", args{:});
      return;
    endif
    vals{k} = v;
    ## Octave's get_colon_op_type: equal classes, or double with another
    if (strcmp (cls, "double"))
      cls = c;
    elseif (! strcmp (c, "double") && ! strcmp (c, cls))
      r = host_call ("colon", args{:});     # Octave's error
      return;
    endif
  endfor
  if (any (strcmp (cls, {"double", "single"})))
    vals = cellfun (@(v) cast (v, cls), vals, "uniformoutput", false);
  else
    ## Octave's check_colon_operand: double bounds must be integers in the class's range,
    ## a double increment an integer; its errors come from the host
    for k = 1:3
      v = vals{k};
      if (isa (v, "double"))
        if (v != fix (v) || (k != 2 && (v < double (intmin (cls))
                                        || v >= double (intmax (cls)) + 1)))
          r = host_call ("colon", args{:});
          return;
        endif
        if (k != 2)
          vals{k} = cast (v, cls);
        endif
      endif
    endfor
  endif
  r = __gpumat_call__ ("range", "colon", vals{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (gpumat ([2 0 7])(1):gpumat ([2 0 7])(3)), [2 0 7](1):[2 0 7](3));
%!function gpu_case_colon_02 ()
%! r = 1:gpumat (4);
%! assert (isgpuarray (r));
%! assert (gather (r), 1:4);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_colon_02 ();
%!function gpu_case_colon_03 ()
%! ## Octave's count and final element, bit for bit, across classes
%! cases = {{0, 0.1, 1}, {1.8, 0.05, 1.9}, {-5, 1, -0}, {1, -0.3, -2}, {0, 1e-3, 1}, ...
%!          {single(0), 0.1, 1}, {single(1.8), 0.05, 1.9}, {int8(-100), 7, 100}, ...
%!          {uint8(200), -3, 5}, {int32(5), int32(-2), -5}, {uint64(1), 2, 10}, {2, 1, 1}};
%! for k = 1:numel (cases)
%!   c = cases{k};
%!   e = colon (c{:});
%!   g = colon (gpumat (c{1}), c{2:end});
%!   assert (isgpuarray (g));
%!   assert (class (gather (g)), class (e));
%!   assert (gather (g), e);
%!   assert (isequal (signbit (double (gather (g))), signbit (double (e))));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_colon_03 ();
%!testif ; gpumat_available ()
%! fail ("int8 (1):gpumat (2.5)", "upper bound invalid");
%! fail ("int8 (1):gpumat (int16 (3))", "incompatible types");
%! fail ("gpumat (int8 (1)):0.5:3", "increment invalid");
%! fail ("gpumat (1):Inf", "infinite number of elements");
