## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{G} =} like_maker (@var{name}, @dots{})
## zeros, ones, eye, rand, randn, Inf, NaN, true and false called with a gpumat argument,
## made on the device.  @code{"like", @var{G}} takes @var{G}'s class as Octave 7.3 takes a
## prototype's (the class only: Octave's @code{zeros (2, "like", 1i)} is real; @code{Inf} and
## @code{NaN} refuse an integer prototype, @code{true} and @code{false} a numeric one); gpumat
## sizes are read as numbers.  The class follows from asking Octave's own @var{name} for a 0x0
## array with the same class arguments (so its rules and errors are Octave's), the size from
## Octave's size rules (one argument: a scalar n is n x n, a vector the size; several: each a
## scalar, empty is 0; negative sizes are 0; trailing singleton dimensions go).  Whatever these
## rules do not cover (a non-integer size, an option string) goes to Octave's own @var{name}
## on the host (its result or its error, exactly), uploaded again.  @code{rand} and
## @code{randn} also take @code{"like", @var{G}} (Octave 7.3's do not): a double or single
## @var{G} gives that class, real.
## @end deftypefn

function G = like_maker (name, varargin)
  args = varargin;
  for k = 1:numel (args)
    if (isgpuarray (args{k}) && ! (k > 1 && ischar (args{k-1}) && strcmpi (args{k-1}, "like")))
      args{k} = gather (args{k});     # a size
    endif
  endfor
  [ok, cls, dims] = device_args (name, args);
  if (! ok)
    G = host_maker (name, args);
    return;
  endif
  switch (name)
    case "eye"
      G = __gpumat_call__ ("mkeye", name, cls, dims);
    case {"rand", "randn"}
      G = __gpumat_call__ ("rand", name, ifelse (strcmp (name, "rand"), "uniform", "normal"),
                           cls, dims);
    otherwise
      value = struct ("zeros", 0, "ones", 1, "Inf", Inf, "NaN", NaN, "true", 1,
                      "false", 0).(name);
      G = __gpumat_call__ ("mkfill", name, cls, value, dims);
  endswitch
endfunction

## Octave's own function on host arguments (a gpumat prototype as an empty array of its class).
function G = host_maker (name, args)
  for k = 1:numel (args)
    if (isgpuarray (args{k}))
      P = args{k};
      proto = cast ([], classUnderlying (P));
      if (iscomplex (P))
        proto = complex (proto);
      endif
      args{k} = proto;
    endif
  endfor
  __gpumat_call__ ("fallback_note", name);
  H = builtin (name, args{:});
  G = gpumat (H);
  if (islogical (H))
    G = (G != 0);
  endif
endfunction

## ok: the call has a device method; cls the class name ("logical" too), dims Octave's size.
function [ok, cls, dims] = device_args (name, args)
  ok = false;
  cls = "double";
  dims = [];
  random = any (strcmp (name, {"rand", "randn"}));
  ## class arguments, from the end as Octave reads them
  nc = 0;
  if (numel (args) >= 2 && ischar (args{end-1}) && strcmpi (args{end-1}, "like"))
    nc = 2;
  elseif (numel (args) >= 1 && ischar (args{end}))
    nc = 1;
  endif
  cargs = args(end-nc+1:end);
  args(end-nc+1:end) = [];
  if (nc == 2)
    P = cargs{2};
    if (isgpuarray (P))
      pcls = classUnderlying (P);
    else
      pcls = class (P);
    endif
    if (random)
      ## Octave 7.3's rand has no "like": a double or single prototype gives its class
      if (! any (strcmp (pcls, {"double", "single"})))
        error ("gpumat:make:invalidClass",
               "%s: input followed by \"like\" must be double or single, not %s", name, pcls);
      endif
      cargs = {pcls};
    elseif (isgpuarray (P))
      ## the probe below sees an empty host array of P's class (a host P as it is)
      cargs{2} = cast ([], ifelse (strcmp (pcls, "logical"), "double", pcls));
      if (strcmp (pcls, "logical"))
        cargs{2} = logical (cargs{2});
      endif
    endif
  endif
  ## the class, by Octave's own rules and errors (0x0: nothing made)
  if (random)
    ## no probe: rand (0, 0) must not touch Octave's own generator
    if (numel (cargs) > 1 || (numel (cargs) == 1 && ! any (strcmp (cargs{1}, {"double", "single"}))))
      return;                     # "seed", "state", "twister": Octave's own generator
    elseif (numel (cargs) == 1)
      cls = cargs{1};
    endif
  else
    cls = class (builtin (name, 0, 0, cargs{:}));
  endif
  ## sizes: real numeric or logical full arrays only
  for k = 1:numel (args)
    v = args{k};
    if (! ((isnumeric (v) || islogical (v)) && isreal (v) && ! issparse (v)))
      return;
    endif
    v = double (v);
    if (! all (isfinite (v(:)) & v(:) == fix (v(:))))
      return;                     # Octave's error (or its reading) comes from the host
    endif
    args{k} = v;
  endfor
  if (strcmp (name, "eye"))
    switch (numel (args))
      case 0
        dims = [1 1];
      case 1
        v = args{1};
        if (isscalar (v))
          dims = [v v];
        elseif (numel (v) == 2 && ndims (v) == 2 && any (size (v) == 1))
          dims = v(:)';
        else
          return;
        endif
      case 2
        if (any (cellfun (@(v) ! isscalar (v) && ! isempty (v), args)))
          return;
        endif
        dims = cellfun (@(v) ifelse (isempty (v), 0, v), args);
      otherwise
        return;
    endswitch
  else
    switch (numel (args))
      case 0
        dims = [1 1];
      case 1
        v = args{1};
        if (! (ndims (v) == 2 && any (size (v) == 1)) || isempty (v))
          return;                 # zeros ([]) and zeros (ones (2)) are Octave's errors
        elseif (isscalar (v))
          dims = [v v];
        else
          dims = v(:)';
        endif
      otherwise
        if (any (cellfun (@(v) ! isscalar (v) && ! isempty (v), args)))
          return;
        endif
        dims = cellfun (@(v) ifelse (isempty (v), 0, v), args);
    endswitch
  endif
  dims = max (dims, 0);
  while (numel (dims) > 2 && dims(end) == 1)
    dims(end) = [];
  endwhile
  ok = true;
endfunction

function r = ifelse (c, a, b)
  if (c)
    r = a;
  else
    r = b;
  endif
endfunction

