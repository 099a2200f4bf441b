## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{R} =} randi (@var{imax}, @dots{})
## @deftypefnx {} {@var{R} =} randi ([@var{imin} @var{imax}], @dots{})
## @deftypefnx {} {@var{R} =} randi (@dots{}, @var{class})
## @deftypefnx {} {@var{R} =} randi (@dots{}, "like", @var{P})
## Octave's @code{randi} with a gpumat argument (bounds, sizes or the prototype @var{P}):
## uniform integers from @var{imin} (1 by default) to @var{imax}, made on the GPU from the
## package generator (Philox4x32-10, seeded by @code{gpumat_rng}: not Octave's generator).
##
## Octave 7.3's rules: the bounds must be integers below @code{flintmax}, less than
## @code{flintmax} - 1 apart, @var{imax} >= 1 (one bound) or >= @var{imin}; the class is
## double unless @var{class} (an integer class or "single") or @var{P}'s class says otherwise,
## with randi.m's warning when a bound does not fit it; the size as in @code{rand}.  Each value
## is drawn from 128 random bits (bias below 2^-75), not by randi.m's rejection, so the values
## differ from Octave's for the same seed.  Sizes Octave rejects go to Octave's own
## @code{randi} on the host, which raises its error.
## @seealso{gpumat, gpumat_rng, rand}
## @end deftypefn

function ri = randi (bounds, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (isgpuarray (bounds))
    bounds = gather (bounds);
  endif
  ## the class: a trailing CLASS, or "like", P
  rclass = "double";
  if (numel (varargin) >= 2 && ischar (varargin{end-1}) && strcmpi (varargin{end-1}, "like"))
    P = varargin{end};
    if (isgpuarray (P))
      rclass = classUnderlying (P);
    else
      rclass = class (P);
    endif
    varargin(end-1:end) = [];
  elseif (numel (varargin) >= 1 && ischar (varargin{end}))
    rclass = varargin{end};
    varargin(end) = [];
  endif
  for k = 1:numel (varargin)
    if (isgpuarray (varargin{k}))
      varargin{k} = gather (varargin{k});
    endif
  endfor
  ## randi.m's checks and messages
  if (! (isnumeric (bounds) && all (bounds == fix (bounds))))
    error ("randi: IMIN and IMAX must be integer bounds");
  endif
  bounds = real (double (bounds));
  if (isscalar (bounds))
    imin = 1;
    imax = bounds;
    if (imax < 1)
      error ("randi: require IMAX >= 1");
    endif
  else
    imin = bounds(1);
    imax = bounds(2);
    if (imax < imin)
      error ("randi: require IMIN <= IMAX");
    endif
  endif
  if ((abs (imax) >= flintmax ()) || (abs (imin) >= flintmax ()))
    error ("randi: IMIN and IMAX must be smaller than flintmax()");
  endif
  if ((imax - imin) >= (flintmax () - 1))
    error ("randi: integer range must be smaller than flintmax()-1");
  endif
  if (! strcmp (rclass, "double"))
    if (strfind (rclass, "int"))
      maxval = double (intmax (rclass));
      minval = double (intmin (rclass));
    elseif (strcmp (rclass, "single"))
      maxval = double (flintmax (rclass));
      minval = -maxval;
    else
      error ("randi: unknown requested output CLASS '%s'", rclass);
    endif
    if (imax > maxval)
      warning (["randi: integer IMAX exceeds requested type.  ", ...
                "Values might be truncated to requested type."]);
    elseif (imin < minval)
      warning (["randi: integer IMIN exceeds requested type.  ", ...
                " Values might be truncated to requested type."]);
    endif
  endif
  ## the size, as randi.m reshapes: none is 1x1, one scalar n is n x n
  sz = varargin;
  if (isempty (sz))
    sz = {1, 1};
  elseif (numel (sz) == 1 && isscalar (sz{1}))
    sz(2) = sz(1);
  endif
  ok = all (cellfun (@size_arg, sz));
  if (ok && numel (sz) == 1)
    dims = double (sz{1}(:)');
    ok = numel (dims) >= 2 && isvector (sz{1});
  elseif (ok)
    ok = all (cellfun (@isscalar, sz));
    if (ok)
      dims = cellfun (@double, sz);
    endif
  endif
  if (! ok)
    ## Octave's reshape raises the error (or reads the size its own way)
    ri = host_call ("randi", [imin imax], varargin{:}, rclass);
    return;
  endif
  while (numel (dims) > 2 && dims(end) == 1)
    dims(end) = [];
  endwhile
  ri = __gpumat_call__ ("randi", "randi", rclass, imin, imax, dims);
endfunction

## A size argument randi.m's reshape takes as it is: real whole numbers >= 0.
function ok = size_arg (v)
  ok = ((isnumeric (v) || islogical (v)) && isreal (v) && ! issparse (v)
        && all (v(:) >= 0 & v(:) == fix (v(:))));
endfunction

%!function gpu_case_randi_01 ()
%! gpumat_rng (7);
%! R = randi (gpumat (10), 300, 400);
%! assert (isgpuarray (R));
%! r = gather (R);
%! assert (class (r), "double");
%! assert (size (r), [300 400]);
%! assert (all (r(:) >= 1 & r(:) <= 10 & r(:) == fix (r(:))));
%! counts = accumarray (r(:), 1, [10 1]);
%! e = numel (r) / 10;
%! assert (sum ((counts - e) .^ 2 / e) < 27.88);     # chi-square, 9 dof, p = 0.001
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_randi_01 ();
%!function gpu_case_randi_02 ()
%! R = randi ([-3 4], 2, 3, "like", gpumat (int8 (1)));
%! assert (class (gather (R)), "int8");
%! assert (size (R), [2 3]);
%! r = gather (R);
%! assert (all (r(:) >= -3 & r(:) <= 4));
%! R = randi (gpumat ([1-2^52, 2^52-1]), [1 1000], "single");
%! assert (class (gather (R)), "single");
%! R = randi (5, gpumat (4));
%! assert (size (R), [4 4]);
%! assert (size (randi (5, 2, 3, 1, "like", gpumat (1))), [2 3]);
%! assert (size (randi (5, [0 3], "like", gpumat (1))), [0 3]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_randi_02 ();
%!testif ; gpumat_available ()
%! fail ("randi (gpumat (0))", "require IMAX >= 1");
%! fail ("randi (gpumat ([3 1]))", "require IMIN <= IMAX");
%! fail ("randi (gpumat (2.5))", "must be integer bounds");
%! fail ("randi (gpumat (flintmax ()))", "smaller than flintmax");
%! fail ("randi (10, 2, \"like\", gpumat (true))", "unknown requested output CLASS");
