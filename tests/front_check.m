## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {[@var{passed}, @var{failed}] =} front_check ()
## @deftypefnx {} {} front_check ("print")
## The compiled fronts of the hot @gpumat methods (mex/gpumat_methods.cc: @gpumat/dot.oct,
## sum, norm, mean, max, min, gather, fft, ifft, and gpumat.oct) give what their m-files give.  Each case
## (every form of those calls: the fronts' common calls, the forms they hand to the m-file,
## errors, @code{gpumat ()}, @code{gpumat.ones (2)}, @code{[m, i] = max (G)}, every element
## class, complex, empty and N-D data) runs with the fronts' road on and off
## (@code{__gpumat_call__ ("fronts", false)}: every front runs its m-file); the results'
## class, size, complexity and bits (gathered), or the error's identifier and message, must be
## identical.  Also checks that the fronts are installed where the m-files are, that their help
## is the m-files' text, that the fronts' road was taken, and that no device block is left.  Prints one line a failure and
## "front_check: N passed, N failed".  With "print": each case's result, one line a case, with
## whatever road the path gives (to compare processes with and without the .oct files).
## Against the real gateway or the mock (tests/mock) alike.
## @end deftypefn

function [passed, failed] = front_check (mode)
  cases = front_cases ();
  if (nargin == 1 && strcmp (mode, "print"))
    for k = 1:numel (cases)
      printf ("%-40s %s\n", cases{k}, run_case (cases{k}));
    endfor
    return;
  endif
  passed = 0;  failed = 0;
  restore = onCleanup (@() __gpumat_call__ ("fronts", true));
  u0 = __gpumat_call__ ("usage", "");
  [~, calls0] = __gpumat_call__ ("fronts", true);
  for k = 1:numel (cases)
    __gpumat_call__ ("fronts", true);
    on = run_case (cases{k});
    __gpumat_call__ ("fronts", false);
    off = run_case (cases{k});
    if (strcmp (on, off))
      passed++;
    else
      failed++;
      printf ("FAIL %s\n  fronts: %s\n  m-file: %s\n", cases{k}, on, off);
    endif
  endfor
  __gpumat_call__ ("fronts", true);
  [~, calls1] = __gpumat_call__ ("fronts");
  ## the fronts' road was taken (by the common calls), and not with the fronts off
  [p, f] = check (calls1 > calls0, "the fronts' road was never taken");
  passed += p;  failed += f;
  [~, c0] = __gpumat_call__ ("fronts", false);
  x = sum (gpumat ([1 2 3]));
  [~, c1] = __gpumat_call__ ("fronts", true);
  [p, f] = check (c1 == c0, "a front took its road while switched off");
  passed += p;  failed += f;
  clear x
  u = __gpumat_call__ ("usage", "");
  [p, f] = check (u(1) == u0(1), sprintf ("%d device blocks left behind", u(1) - u0(1)));
  passed += p;  failed += f;
  ## installed beside the m-files (or first on the path in a build tree), help byte for byte
  names = {"dot", "sum", "norm", "mean", "max", "min", "gather", "fft", "ifft"};
  for k = 1:numel (names)
    [p, f] = same_help (["@gpumat/" names{k}], ["@gpumat/" names{k} ".m"]);
    passed += p;  failed += f;
  endfor
  [p, f] = same_help ("gpumat", "gpumat.m");
  passed += p;  failed += f;
  printf ("front_check: %d passed, %d failed\n", passed, failed);
endfunction

## The calls, as statements setting r1 (and r2): the variables are made in run_case.
function c = front_cases ()
  c = {};
  ## dot: the common call (two arguments) over classes and shapes, and the m-file's forms
  c = [c, {"r1 = dot (v, w);", "r1 = dot (v, w');", "r1 = dot (vs, vs);", "r1 = dot (v, vs);", ...
           "r1 = dot (v, h5);", "r1 = dot (h5, v);", "r1 = dot (G, G);", "r1 = dot (N, N);", ...
           "r1 = dot (v, gpumat (1:4));", "r1 = dot (Gl, Gl);", "r1 = dot (v, sparse (h5));", ...
           "r1 = dot (Gi, Gi);", "r1 = dot (Gc, Gc);", "r1 = dot (vc, vc);", "r1 = dot (G, G, 2);", ...
           "r1 = dot (E, E);", "r1 = dot (s1, s1);", "[r1, r2] = dot (v, w);", "r1 = dot (v, 'abc');", ...
           "r1 = dot (v', w);", "r1 = dot (Gi8, Gi8);"}];
  ## sum, mean, norm, max, min, gather of each array, one output
  arrays = {"G", "Gs", "Gl", "El", "Gi", "Gi8", "Gu64", "Gc", "Gcs", "E", "E0", "N", "v", "vs", ...
            "vc", "s1", "Gt", "h5", "G'"};
  for f = {"sum", "mean", "norm", "max", "min", "gather"}
    for a = arrays
      c{end+1} = sprintf ("r1 = %s (%s);", f{1}, a{1});
    endfor
  endfor
  ## two outputs, more arguments, no output (the display), no argument
  for f = {"max", "min"}
    c = [c, {sprintf("[r1, r2] = %s (G);", f{1}), sprintf("[r1, r2] = %s (Gl);", f{1}), ...
             sprintf("[r1, r2] = %s (Gc);", f{1}), sprintf("[r1, r2] = %s (Gi);", f{1}), ...
             sprintf("[r1, r2] = %s (El);", f{1}), sprintf("r1 = %s (G, [], 2);", f{1}), ...
             sprintf("r1 = %s (G, 2);", f{1}), sprintf("r1 = %s (G, v');", f{1}), ...
             sprintf("r1 = %s (h5, v);", f{1}), sprintf("[r1, r2] = %s (G, [], 1);", f{1}), ...
             sprintf("r1 = %s (G, [], 1, 2);", f{1}), sprintf("[r1, r2] = %s (G, 2);", f{1}), ...
             sprintf("r1 = evalc ('%s (G)');", f{1})}];
  endfor
  c = [c, {"r1 = sum (G, 2);", "r1 = sum (G, 'native');", "r1 = sum (Gi, 'native');", ...
           "r1 = sum (Gl, 'native');", "r1 = sum (G, 3);", "r1 = sum (G, 0);", "[r1, r2] = sum (G);", ...
           "r1 = mean (G, 2);", "r1 = mean (Gi, 'native');", "r1 = mean (G, 'a');", "[r1, r2] = mean (G);", ...
           "r1 = norm (G, 1);", "r1 = norm (v, 3);", "r1 = norm (G, 'fro');", "r1 = norm (v, Inf);", ...
           "[r1, r2] = norm (v);", "r1 = norm (Gs, 2);", ...
           "r1 = gather (G, 2);", "[r1, r2] = gather (G);", "r1 = evalc ('sum (G)');", ...
           "r1 = evalc ('gather (v)');", "r1 = evalc ('dot (v, w)');", "r1 = evalc ('norm (v)');"}];
  ## fft and ifft: the common call (one gpumat array) over classes, shapes, a real result
  ## (narrowed), and the forms the fronts leave to the m-file (views, scalars, empty, integer and
  ## logical data, more arguments, two outputs)
  for f = {"fft", "ifft"}
    for a = {"G", "Gs", "Gl", "Gi", "Gc", "Gcs", "E", "E0", "N", "v", "vs", "vc", "s1", "Gt", ...
             "G'", "h5", "gpumat ([1 2 2])", "gpumat (single ([4; 1; 1]))", "w"}
      c{end+1} = sprintf ("r1 = %s (%s);", f{1}, a{1});
    endfor
    c = [c, {sprintf("r1 = %s (G, 8);", f{1}), sprintf("r1 = %s (G, [], 2);", f{1}), ...
             sprintf("r1 = %s (N, [], 3);", f{1}), sprintf("[r1, r2] = %s (G);", f{1}), ...
             sprintf("r1 = %s ();", f{1}), sprintf("r1 = evalc ('%s (v)');", f{1})}];
  endfor
  ## the constructor: the common call over every class, and every other form
  c = [c, {"r1 = gpumat (magic (4));", "r1 = gpumat (single (h5));", "r1 = gpumat (int8 (h5));", ...
           "r1 = gpumat (uint64 (h5));", "r1 = gpumat (true (2, 3));", "r1 = gpumat (false (0, 3));", ...
           "r1 = gpumat ([1+2i 3]);", "r1 = gpumat (single (2i));", "r1 = gpumat ('abc');", ...
           "r1 = gpumat ([]);", "r1 = gpumat (zeros (0, 3));", "r1 = gpumat (G);", "r1 = gpumat (G');", ...
           "r1 = gpumat ();", "r1 = gpumat.ones (2);", "r1 = gpumat.zeros (2, 3, 'single');", ...
           "r1 = gpumat ('zeros', 2, 3);", "r1 = gpumat ('eye', 3);", "r1 = gpumat ({1});", ...
           "r1 = gpumat (1, 2);", "r1 = gpumat (sparse (eye (2)));", "r1 = gpumat (struct ());", ...
           "r1 = gpumat (1:0);", "r1 = gpumat (reshape (1:24, 2, 3, 4));", "[r1, r2] = gpumat (1);", ...
           "r1 = gpumat (5);", "r1 = evalc ('gpumat (7)');", "r1 = gpumat (@sin);", ...
           "r1 = gpumat (int32 (-3));", "r1 = gpumat (NaN);"}];
endfunction

## The result of statement S as one line: each output's class, size, complexity and bytes
## (gpumat results gathered), or the error.
function s = run_case (S)
  G = gpumat (magic (4) - 8.5);  Gs = gpumat (single (magic (3)));  Gl = gpumat (magic (3) > 4);
  El = gpumat (false (3, 0));  Gi = gpumat (int16 ([3 -7; 120 5]));  Gi8 = gpumat (int8 ([100 100 -3]));
  Gu64 = gpumat (uint64 ([1 2; 3 4]));  Gc = gpumat ([1+2i, 3-4i; -5i, 6]);
  Gcs = gpumat (single ([1i 2; 3 -4i]));  E = gpumat (zeros (0, 3));  E0 = gpumat (zeros (3, 0));
  N = gpumat (reshape ([1:23 NaN], 2, 3, 4));  v = gpumat ([1; -2; 3.5; 0; -0]);
  w = gpumat ([0.5; 1e-310; Inf; 2; 3]);  vs = gpumat (single ([1; 2; 3; 4; 5]));
  vc = gpumat ([1i; 2; 3; 4; 5]);  s1 = gpumat (-3);  Gt = G';  h5 = [5 4 3 2 1]';
  r1 = [];  r2 = [];
  try
    eval (S);
    s = [digest(r1), " | ", digest(r2)];
  catch err
    s = sprintf ("error %s: %s", err.identifier, err.message);
  end_try_catch
endfunction

function d = digest (x)
  if (isa (x, "gpumat"))
    cls = ["gpumat " classUnderlying(x)];
    x = gather (x);
  else
    cls = class (x);
  endif
  if (issparse (x))
    cls = ["sparse " cls];
    x = full (x);
  endif
  if (ischar (x) || islogical (x))
    x = double (x);
  elseif (isa (x, "function_handle"))
    x = double (func2str (x));
  elseif (! isnumeric (x))
    d = sprintf ("%s %s", cls, mat2str (size (x)));
    return;
  endif
  if (iscomplex (x))
    bytes = [typecast(real (x)(:)', "uint8"), typecast(imag (x)(:)', "uint8")];
  else
    bytes = typecast (x(:)', "uint8");
  endif
  d = sprintf ("%s %s complex=%d %s", cls, mat2str (size (x)), iscomplex (x),
               sprintf ("%02x", bytes));
endfunction

## NAME's help is the text of the m-file MFILE (the first on the path), format and all.
function [p, f] = same_help (name, mfile)
  file = file_in_loadpath (mfile);
  [t1, f1] = get_help_text (name);
  [t2, f2] = get_help_text (file);
  [p, f] = check (! isempty (file) && ! isempty (t1) && strcmp (t1, t2) && strcmp (f1, f2),
                  sprintf ("help of %s is not the text of %s", name, file));
endfunction

function [p, f] = check (ok, what)
  p = ok;  f = ! ok;
  if (! ok)
    printf ("FAIL %s\n", what);
  endif
endfunction
