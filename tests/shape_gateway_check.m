## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {[@var{passed}, @var{failed}] =} shape_gateway_check ()
## @deftypefnx {} {[@var{passed}, @var{failed}] =} shape_gateway_check ("assume-device")
## The functions that move elements (permute, ipermute, squeeze, flip, fliplr, flipud,
## circshift, repmat, diag, tril, triu, cat, [ ] and kron), called on gpumat arrays through
## the package's methods, the value type and the gateway (mex/gw_shape.c, kernels/shape.cu),
## against Octave's own on the same host arrays: the same value (NaN where NaN, bit for bit),
## class, size and complexity, or the same error message.  Every class (double, single,
## complex double and single, logical, the eight integer classes), shapes from 0x0 to 4-D,
## the views G.' and G', special values (NaN, Inf, -0); then no device block may be left
## (the gateway's "usage").
##
## With a GPU it runs against the real gateway; "assume-device" runs it without asking
## gpumat_available: for a __gpumat__ built over CPU stand-ins of kernels/
## (tests/cpu-standin/run_shape.sh).  trace is left out (its sum is the reduction's, which the
## stand-in does not have; the package's own tests check it on the GPU).
##
## Run from the tree after @code{make build}, on a GPU machine:
## @example
## octave-cli --no-history --norc --eval "addpath ('target', 'inst', 'tests'); shape_gateway_check ()"
## @end example
## @end deftypefn

function [passed, failed] = shape_gateway_check (mode)
  passed = 0;
  failed = 0;
  standin = nargin > 0 && strcmp (mode, "assume-device");
  if (! (standin || gpumat_available ()))
    printf ("shape_gateway_check: no GPU: skipped\n");
    return;
  endif
  state = warning ("off", "gpumat:hostFallback");
  restore = onCleanup (@() warning (state));
  u0 = __gpumat_call__ ("usage", "usage");      # (pending frees flushed first)
  rand ("seed", 7);
  classes = {"double", "single", "complex double", "complex single", "logical", "int8", ...
             "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"};
  shapes = {[1 1], [5 7], [1 9], [6 1], [3 4 2], [2 3 1 2], [4 0], [0 0], [0 3 2], [3 3]};
  fns = functions_of_one ();
  if (standin)
    fns(strcmp (fns(:, 1), "horzcat") | strcmp (fns(:, 1), "vertcat"), :) = [];
  endif
  for c = 1:numel (classes)
    for s = 1:numel (shapes)
      dims = shapes{s};
      for view = 0:2
        if (view && numel (dims) > 2)
          continue;
        endif
        h = make_array (classes{c}, dims);
        [G, P] = device_array (h, view);       # P: the parent of a view (keeps it alive)
        what = sprintf ("%s %s view %d", classes{c}, mat2str (dims), view);
        for f = 1:rows (fns)
          [passed, failed] = compare (passed, failed, fns{f, 2}, {h}, {G},
                                      sprintf ("%s (%s)", fns{f, 1}, what));
        endfor
      endfor
    endfor
  endfor
  ## two operands: cat along every dimension, [ ], kron; every placement of gpumat operands
  pairs = operand_pairs ();
  two = functions_of_two ();
  for p = 1:rows (pairs)
    x = pairs{p, 1};
    y = pairs{p, 2};
    for f = 1:rows (two)
      if (standin && any (strcmp (two{f, 1}, {"horzcat", "vertcat"})) && old_cat (x, y))
        continue;        # the "cat" command of gw_arrays.c, which the stand-in does not have
      endif
      for placement = 1:3
        gx = x;  gy = y;
        if (placement != 2)
          gx = gpumat (x);
        endif
        if (placement != 1)
          gy = gpumat (y);
        endif
        [passed, failed] = compare (passed, failed, two{f, 2}, {x, y}, {gx, gy},
                                    sprintf ("%s (%s %s, %s %s) placement %d", two{f, 1},
                                             class (x), mat2str (size (x)), class (y),
                                             mat2str (size (y)), placement));
      endfor
    endfor
  endfor
  clear G P gx gy;
  u1 = __gpumat_call__ ("usage", "usage");
  if (u1(1) == u0(1))
    passed++;
  else
    failed++;
    printf ("FAIL: %d device blocks left behind\n", u1(1) - u0(1));
  endif
  printf ("shape_gateway_check: %d passed, %d failed\n", passed, failed);
endfunction

function f = functions_of_one ()
  f = {"permute21", @(x) permute (x, [2 1]);
       "permute3", @(x) permute (x, [3 1 2]);
       "permute4", @(x) permute (x, [2 4 1 3]);
       "permute_bad", @(x) permute (x, [1 1 2 3]);
       "ipermute", @(x) ipermute (x, [2 3 1 4]);
       "squeeze", @squeeze;
       "flip", @flip;
       "flip1", @(x) flip (x, 1);
       "flip2", @(x) flip (x, 2);
       "flip3", @(x) flip (x, 3);
       "flip9", @(x) flip (x, 9);
       "flip_bad", @(x) flip (x, 0);
       "fliplr", @fliplr;
       "flipud", @flipud;
       "circshift1", @(x) circshift (x, 1);
       "circshift-3", @(x) circshift (x, -3);
       "circshift_v", @(x) circshift (x, [2 -1]);
       "circshift_dim", @(x) circshift (x, 4, 2);
       "circshift_big", @(x) circshift (x, 2^53 + 2);
       "circshift_bad", @(x) circshift (x, 0.5);
       "repmat2", @(x) repmat (x, 2);
       "repmat21", @(x) repmat (x, 2, 1);
       "repmat_v", @(x) repmat (x, [1 2 2]);
       "repmat0", @(x) repmat (x, 0, 3);
       "repmat_bad", @(x) repmat (x, -1, -1);
       "diag", @diag;
       "diag1", @(x) diag (x, 1);
       "diag-2", @(x) diag (x, -2);
       "diag_mn", @(x) diag (x, 3, 4);
       "tril", @tril;
       "tril1", @(x) tril (x, 1);
       "tril_pack", @(x) tril (x, -1, "pack");
       "triu", @triu;
       "triu-1", @(x) triu (x, -1);
       "triu_pack", @(x) triu (x, 2, "pack");
       "cat3", @(x) cat (3, x, x);
       "cat1", @(x) cat (1, x, x);
       "cat4", @(x) cat (4, [], x, x);
       "horzcat", @(x) [x, x];
       "vertcat", @(x) [x; x];
       "kron", @(x) kron (x, [1 -1; 0 2]);
       "kron_left", @(x) kron ([2; -1], x)};
endfunction

function f = functions_of_two ()
  f = {"cat1", @(x, y) cat (1, x, y);
       "cat2", @(x, y) cat (2, x, y);
       "cat3", @(x, y) cat (3, x, y);
       "horzcat", @(x, y) [x, y];
       "vertcat", @(x, y) [x; y];
       "kron", @kron};
endfunction

function p = operand_pairs ()
  M = [1.5 -2 NaN; 300 -0 Inf];
  p = {M, int8(M); int16(M), M; single(M), M; M > 0, M; M > 0, M < 0; M > 0, single(M);
       complex(M, 1), M; single(M), complex(M, -1); uint8(M), int16(M); complex(M, 0), M;
       zeros(1, 0), M; M, zeros(0, 3); [], int8(M); reshape(1:12, 2, 3, 2), M;
       M(1, :), M(:, 1); int32(reshape(1:12, 2, 3, 2)), int32(M)};
endfunction

## [x, y] of real double, single or logical 2-D operands: gw_arrays.c's "cat" command (the
## rest is gw_shape.c's "catnd").
function tf = old_cat (x, y)
  ok = @(v) (isfloat (v) || islogical (v)) && isreal (v) && ndims (v) == 2;
  tf = ok (x) && ok (y);
endfunction

## Compare f on host arguments with f on the gpumat ones: value, class, size and complexity,
## or the same error message.
function [passed, failed] = compare (passed, failed, f, host_args, gpu_args, what)
  want = "";  got = "";
  try
    r = f (host_args{:});
  catch e
    want = e.message;
  end_try_catch
  try
    R = f (gpu_args{:});
  catch e
    got = e.message;
  end_try_catch
  ok = true;  why = "";
  if (! isempty (want) || ! isempty (got))
    ## Octave 7.3 replaces any error of a class's horzcat or vertcat method with its own
    ok = strcmp (want, got) || (! isempty (want)
                                && any (strcmp (got, {"gpumat/horzcat method failed",
                                                      "gpumat/vertcat method failed"})));
    why = sprintf ("host error '%s', gpumat error '%s'", want, got);
  elseif ((isnumeric (r) || islogical (r)) && ! isgpuarray (R))
    ok = false;
    why = sprintf ("a host %s result, not a gpumat array", class (R));
  else
    if (isgpuarray (R))
      R = gather (R);
    endif
    if (! strcmp (class (R), class (r)))
      ok = false;  why = sprintf ("class %s, host %s", class (R), class (r));
    elseif (! isequal (size (R), size (r)))
      ok = false;  why = sprintf ("size %s, host %s", mat2str (size (R)), mat2str (size (r)));
    elseif (iscomplex (R) != iscomplex (r) && ! isempty (r))
      ## (an empty complex gpumat array gathers as a real one: gather's rule, left alone here)
      ok = false;  why = sprintf ("complexity %d, host %d", iscomplex (R), iscomplex (r));
    elseif (! same_bits (full (r), R))
      ok = false;  why = "values differ";
    endif
  endif
  if (ok)
    passed++;
  else
    failed++;
    printf ("FAIL %s: %s\n", what, why);
  endif
endfunction

## Bit for bit (a -0 is not a 0; NaN is NaN): the functions only move elements, and kron's
## products are IEEE-rounded on both sides.
function tf = same_bits (a, b)
  tf = isequaln (a, b);
  if (tf && isfloat (a))
    tf = isequal (signbit (real (a(! isnan (a)))), signbit (real (b(! isnan (b)))));
  endif
endfunction

function h = make_array (cls, dims)
  v = randn (dims) * 10;
  if (numel (v) >= 3)
    v(1) = -0;  v(2) = NaN;  v(3) = -Inf;
  endif
  switch (cls)
    case "logical"
      h = v > 0;
    case "complex double"
      h = complex (v, -fliplr (v));
    case "complex single"
      h = single (complex (v, 1));
    otherwise
      h = cast (v, cls);
  endswitch
endfunction

function [G, P] = device_array (h, view)
  switch (view)
    case 0
      P = [];
      G = gpumat (h);
    case 1
      P = gpumat (h.');
      G = P.';
    case 2
      P = gpumat (h');
      G = P';
  endswitch
endfunction
