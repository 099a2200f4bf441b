## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{Y} =} fourier (@var{fcn}, @var{kind}, @var{inverse}, @var{X}, @var{args})
## The body of fft, ifft (@var{kind} 1), fft2, ifft2 (2), fftn and ifftn (3) on gpumat arrays:
## the arguments checked and converted as Octave 7.3's libinterp/corefcn/fft.cc, fft2.cc and
## fftn.cc do (the same messages, in the same order), the cases Octave answers without a
## transform taken here, and the transform itself by the gateway's "fft" command
## (mex/gw_fft.c) on the GPU.  A host @var{X} (a gpumat array was only among the other
## arguments) goes to Octave's own function, the result uploaded.
## @end deftypefn

function Y = fourier (fcn, kind, inverse, X, args)
  for k = 1:numel (args)
    if (isgpuarray (args{k}))
      args{k} = gather (args{k});
    endif
  endfor
  if (! isgpuarray (X))
    Y = host_call (fcn, X, args{:});
    return;
  endif
  sz = size (X);
  nd = numel (sz);
  switch (kind)
    case 1
      ## fft.cc: N ([] for X's own length), then DIM (default: the first non-singleton one)
      n = -1;
      if (numel (args) >= 1 && ! isempty (args{1}))
        n = count_arg (fcn, args{1}, "number of points (N)");
      endif
      if (numel (args) >= 2)
        d = scalar_arg (args{2});
        if (isnan (d))
          error ("gpumat:fft:invalidDim", "%s: DIM cannot be NaN", fcn);
        elseif (d < 1 || d > nd)
          error ("gpumat:fft:invalidDim",
                 "%s: DIM must be a valid dimension along which to perform FFT", fcn);
        endif
        dim = nint_big (d);
      else
        dim = find (sz != 1, 1);
        if (isempty (dim))
          dim = 1;
        endif
      endif
      if (n < 0)
        n = sz(dim);
      else
        sz(dim) = n;
      endif
      if (n == 1 && all (sz != 0))
        ## Octave returns X's first elements along DIM as they are (their class kept);
        ## subsref, not X(...), so that an index error reads as Octave's ("index (1,_): ...")
        idx = repmat ({":"}, 1, nd);
        idx{dim} = 1;
        Y = subsref (X, substruct ("()", idx));
        return;
      endif
      first = dim;
      last = dim;
    case 2
      ## fft2.cc: M (rows) and N (columns), no [] allowed; an empty page gives a 0x0 result
      if (numel (args) >= 1)
        sz(1) = count_arg (fcn, args{1}, "number of rows (N)");
      endif
      if (numel (args) >= 2)
        sz(2) = count_arg (fcn, args{2}, "number of columns (M)");
      endif
      if (sz(1) == 0 || sz(2) == 0)
        sz = [0 0];
      endif
      first = 1;
      last = 2;
    otherwise
      ## fftn.cc: SIZE, a vector of ndims (X) sizes
      if (numel (args) >= 1)
        sz = size_arg (fcn, args{1}, nd);
      endif
      if (all (sz == 0))
        sz = [0 0];
      endif
      first = 1;
      last = nd;
  endswitch
  if (isinteger (X))
    X = double (X);          # Octave transforms integer data as double
  endif
  Y = __gpumat_call__ ("fft", fcn, X, first, last, sz, inverse);
endfunction

## Octave's nint_big: halves away from zero, by adding or taking 0.5 and truncating.
function p = nint_big (x)
  if (x > 0)
    p = fix (x + 0.5);
  else
    p = fix (x - 0.5);
  endif
endfunction

## A scalar argument as Octave's double_value reads it: the real part of the first element of a
## numeric or logical array; anything else (text, a cell, a struct, an empty array) is refused
## with Octave's own message, which its fft raises for such a DIM.
function d = scalar_arg (v)
  if ((isnumeric (v) || islogical (v)) && ! isempty (v))
    d = double (full (real (v(1))));
  else
    builtin ("fft", 0, [], v);
    d = double (v);
  endif
endfunction

## N of fft, M and N of fft2: a whole number of points, 0 or more.
function p = count_arg (fcn, v, what)
  d = scalar_arg (v);
  if (isnan (d))
    error ("gpumat:fft:invalidN", "%s: %s cannot be NaN", fcn, what);
  endif
  p = nint_big (d);
  if (p < 0)
    error ("gpumat:fft:invalidN", "%s: %s must be greater than zero", fcn, what);
  endif
  check_range (p);
endfunction

## SIZE of fftn: Octave reads it as a matrix (an N-d array folded to rows x the rest), a column
## taken as a row, and wants ndims (X) elements.
function sz = size_arg (fcn, v, nd)
  if (! (isnumeric (v) || islogical (v)) || isempty (v))
    error ("gpumat:fft:invalidSize", "%s: SIZE must be a vector of length dim", fcn);
  endif
  v = double (real (full (v)));
  v = reshape (v, rows (v), numel (v) / rows (v));
  if (rows (v) > columns (v))
    v = v.';
  endif
  if (columns (v) != nd || rows (v) != 1)
    error ("gpumat:fft:invalidSize", "%s: SIZE must be a vector of length dim", fcn);
  endif
  sz = zeros (1, nd);
  for i = 1:nd
    if (isnan (v(i)))
      error ("gpumat:fft:invalidSize", "%s: SIZE has invalid NaN entries", fcn);
    endif
    sz(i) = nint_big (v(i));
    if (sz(i) < 0)
      error ("gpumat:fft:invalidSize", "%s: all dimensions in SIZE must be greater than zero",
             fcn);
    endif
    check_range (sz(i));
  endfor
endfunction

## A length past 2^53 (Inf included, which Octave's nint_big makes the largest index) cannot be
## allocated: Octave's own error.
function check_range (p)
  if (p > flintmax ())
    error ("Octave:bad-alloc", "out of memory or dimension too large for Octave's index type");
  endif
endfunction
