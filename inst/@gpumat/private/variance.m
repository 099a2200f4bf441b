## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{v} =} variance (@var{name}, @var{x}, @var{args})
## var (@var{x}, @var{args}@{:@}) (@var{name} "var") or std (its square root, "std") of a gpumat
## @var{x}, with Octave 7.3's var.m rules: on the GPU for double, single and logical data with
## OPT 0 or 1 (or any OPT where the length is 1), DIM a positive integer or "all"
## (the "scan" command: the mean, then the centered sum of squares), and with a weight vector
## (var.m's weighted formula, of gpumat operations); complex data as the variance of the real
## parts plus that of the imaginary parts; everything else, errors included, is Octave's own
## function on the host (host_call).
## @end deftypefn

function v = variance (name, x, args)
  if (iscomplex (x) && ! (numel (args) >= 1 && ! isscalar (args{1})))
    ## var.m's sumsq (x - mean (x)) of complex data is that of the real parts plus that of the
    ## imaginary parts (|z|^2 = re^2 + im^2, the mean taken part by part): each on the device,
    ## within rounding of Octave's one pass (its errors: the real parts' are the same).  Not
    ## with a weight vector: var.m then sums w .* (x - mu) .^ 2, complex, on the host below.
    v = variance ("var", real (x), args) + variance ("var", imag (x), args);
    if (strcmp (name, "std"))
      v = sqrt (v);
    endif
    return;
  endif
  x0 = x;
  device = scan_class (x) && numel (args) <= 2;
  w = 0;
  if (device && numel (args) >= 1)
    w = args{1};
  endif
  dim = 0;                                   # 0: var.m's default, which the gateway applies
  if (device && numel (args) == 2 && ! isempty (args{2}))
    if (valid_dim (args{2}) && (args{2} <= ndims (x) + 1 || ! isempty (x)))
      dim = min (double (args{2}), ndims (x) + 1);     # past the end: a length of 1
    elseif (ischar (args{2}) && strcmpi (args{2}, "all") && isscalar (w))
      x = x(:);                              # var.m: x = x(:), dim = 1
      dim = 1;
    else
      ## a vector DIM, "all" with weights, an error; and var.m's NaN (output_size) of an empty
      ## x along a dimension past ndims + 1, whose size has 0s in between
      device = false;
    endif
  endif
  if (device)
    n = size (x, max (dim, 1));
    if (dim == 0)
      d = find (size (x) != 1, 1);
      if (isempty (d))
        d = 1;
      endif
      n = size (x, d);
    endif
    if (isempty (w))
      w = 0;
    endif
    plain = strcmp (class (w), "double") && isreal (w) && isscalar (w) ...
            && (w == 0 || w == 1 || (n == 1 && ! (w < 0)));
    weighted = strcmp (class (w), "double") && isreal (w) && isvector (w) && ! isscalar (w) ...
               && ! any (w < 0) && (isempty (x) || (n != 1 && numel (w) == n));
    device = plain || weighted;
  endif
  if (! device)
    v = host_call (name, x0, args{:});
    return;
  endif
  if (plain || isempty (x))
    v = __gpumat_call__ ("scan", name, name, x, dim, double (plain && w == 1 && n != 1));
    return;
  endif
  ## var.m's weighted variance, of gpumat operations
  if (dim == 0)
    dim = d;
  endif
  if ((dim == 1 && rows (w) == 1) || (dim == 2 && columns (w) == 1))
    w = w.';
  elseif (dim > 2)
    w = reshape (w, [ones(1, dim - 1), numel(w)]);
  endif
  den = sum (w);
  mu = sum (w .* x, dim) ./ sum (w);
  v = sum (w .* ((x - mu) .^ 2), dim) / den;
  if (strcmp (name, "std"))
    v = sqrt (v);
  endif
endfunction
