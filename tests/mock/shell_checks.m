## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## Checks of the value-type shell (mex/gpumat_value.cc) against the host-memory mock gateway
## in this folder: no GPU needed.  Run from the tree after `make build`:
##   octave-cli --no-history --norc --eval "addpath ('target'); addpath ('inst'); \
##     addpath ('tests/mock'); shell_checks ()"
## (tests/mock must come first on the path, so that its __gpumat__.m hides the MEX file).
## It checks what the shell decides (result sizes, growth, deletion, copy on write, views,
## frees, save/load, display) by comparing every result with Octave's own on host arrays.
function shell_checks ()
  assert (! isempty (strfind (which ("__gpumat__"), "mock")), "the mock gateway is not first on the path");
  u0 = __gpumat__ ("usage", "");
  A = reshape (1:24, 4, 6);
  G = gpumat (A);
  ## indexing: every form against Octave's own result
  r = rand (1, 7);  c = rand (7, 1);  N = reshape (1:60, 3, 4, 5);
  srcs = {A, r, c, N, 5};
  idxs = {{":"}, {3}, {[1 3 2]}, {[1 3; 2 4]}, {2:3}, {":", 2}, {2, ":"}, {[1 2], [2 3]}, ...
          {logical([1 0 1 1])}, {1, 1, 1}, {":", ":"}, {[]}, {zeros(1, 0)}, {zeros(0, 1)}, ...
          {true}, {1, ":", 1}, {2, 3}, {":", [1 1 2]}};
  n = 0;
  for s = srcs
    S = s{1};  GS = gpumat (S);
    for ix = idxs
      try
        R = S(ix{1}{:});
      catch
        continue;           # not a valid index for this source
      end_try_catch
      Q = GS(ix{1}{:});
      assert (class (Q), "gpumat");
      assert (isequal (size (Q), size (R)), sprintf ("size of source %s index %d: %s, not %s", mat2str (size (S)), n, mat2str (size (Q)), mat2str (size (R))));
      assert (gather (Q), R);
      n++;
    endfor
  endfor
  assert (n > 60);
  ## end, masks from gpumat comparisons, chained indexing
  assert (gather (G(end, end)), A(end, end));
  assert (gather (G(end)), A(end));
  assert (gather (G(G > 10)), A(A > 10));
  assert (gather (G(:, 2)(3)), A(3, 2));
  assert (gather (G'(2, :)), A'(2, :));
  ## gpumat.zeros through the type's "." indexing
  Z = gpumat.zeros (2, 3);
  assert (size (Z), [2 3]);
  ## assignment: in place, growth, class rules, copy on write
  H = G;
  H(2, 3) = 100;
  B = A;  B(2, 3) = 100;
  assert (gather (H), B);
  assert (isequal (gather (G), A), "copy on write: G changed through H");
  V = G';
  G(1, 1) = -1;
  assert (isequal (gather (V), A'), "copy on write: the view changed");
  A(1, 1) = -1;
  assert (gather (G), A);
  for t = {{{5, 7}, 9}, {{":", 7}, (1:4)'}, {{10, 1}, 3}, {{2, [1 2]}, [8 9]}, {{[]}, []}, ...
           {{":"}, 0}, {{A > 10}, 0}}
    X = A;  X(t{1}{1}{:}) = t{1}{2};
    Y = gpumat (A);  Y(t{1}{1}{:}) = t{1}{2};
    assert (size (Y), size (X));
    assert (gather (Y), X);
  endfor
  Y = gpumat (A);  Y(:, 2) = gpumat ((1:4)');
  X = A;  X(:, 2) = (1:4)';
  assert (gather (Y), X);
  v = gpumat (1:3);  v(5) = 7;  w = 1:3;  w(5) = 7;
  assert (gather (v), w);
  v = gpumat ((1:3)');  v(5) = 7;  w = (1:3)';  w(5) = 7;
  assert (gather (v), w);
  e = gpumat ([]);  e(3) = 1;  assert (gather (e), [0 0 1]);
  e = gpumat ([]);  e(:, 1) = [1; 2];  assert (gather (e), [1; 2]);
  L = gpumat (A) > 10;  L(1) = 0;  assert (classUnderlying (L), "logical");  # Octave 7.3
  D = gpumat (A);  D(1) = single (2);  assert (classUnderlying (D), "double");  # Octave 7.3
  L = gpumat (A) > 10;  L(1) = single (5);  assert (classUnderlying (L), "double");
  ## a complex V makes a real A complex, as in Octave
  warning ("off", "gpumat:hostFallback", "local");
  D = gpumat (A);  D(1) = 1i;  Dh = A;  Dh(1) = 1i;
  assert (iscomplex (D));  assert (gather (D), Dh);
  try
    D = gpumat (A);  D(30) = 1;          # a matrix does not grow through one subscript
    error ("no error");
  catch err
    assert (err.identifier, "Octave:invalid-resize");
  end_try_catch
  ## growth through one subscript follows Octave's resize1: 0xN and 1xN grow into a row
  for S = {zeros(0, 3), zeros(0, 1), zeros(1, 0), 5, zeros(3, 1)}
    X = S{1};  X(4) = 7;
    Y = gpumat (S{1});  Y(4) = 7;
    assert (size (Y), size (X));
    assert (gather (Y), X);
  endfor
  for S = {zeros(3, 0), ones(2, 2), ones(2, 2, 2)}
    try
      Y = gpumat (S{1});  Y(9) = 1;
      error ("no error");
    catch err
      assert (err.identifier, "Octave:invalid-resize");
    end_try_catch
  endfor
  ## growth past the folded size with fewer subscripts than dimensions: Octave's invalid resize
  for t = {{5, 3}, {2, 25}, {2, 21}}
    try
      Y = gpumat (ones (3, 4, 5));  Y(t{1}{:}) = 1;
      error ("no error");
    catch err
      assert (err.identifier, "Octave:invalid-resize");
    end_try_catch
  endfor
  Y = gpumat (ones (3, 4, 5));  Y(2, 20) = 7;  X = ones (3, 4, 5);  X(2, 20) = 7;
  assert (gather (Y), X);
  ## assignment against Octave's own on host arrays: every source, subscript list and value,
  ## the same result or an error on both sides (growth of empties through colons, N-D sources
  ## with fewer subscripts, both-empty mismatches that change nothing)
  assert (assignment_differences (), 0);
  ## deletion is for the null values of literals ([], "", ''), not for a 0x0 array in a variable
  x = [];
  try
    Y = gpumat (1:3);  Y(1) = x;
    error ("no error");
  catch err
    assert (err.message, "=: nonconformant arguments (op1 is 1x1, op2 is 0x0)");
  end_try_catch
  Y = gpumat (1:3);  Y(1) = "";  assert (gather (Y), [2 3]);
  Y = gpumat (1:3);  Y(1) = '';  assert (gather (Y), [2 3]);
  Y = subsasgn (gpumat (1:3), substruct ("()", {1}), []);  assert (gather (Y), [2 3]);
  ## a gateway answer that is no gpumat array is an error, never std::bad_cast (SIGABRT)
  V = gpumat (A)';
  __gpumat__ ("mock_misbehave", "", "copy", "host");
  try
    V(1) = 5;
    error ("no error");
  catch err
    assert (err.identifier, "gpumat:internal");
  end_try_catch
  ## a descriptor the shell refuses still hands its block back
  ub = __gpumat_call__ ("usage", "");
  __gpumat__ ("mock_misbehave", "", "copy", "baddims");
  try
    V(1) = 5;
    error ("no error");
  catch err
    assert (err.identifier, "gpumat:array:invalidHandle");
  end_try_catch
  u1 = __gpumat_call__ ("usage", "");
  assert (u1(1), ub(1));
  ## two results, the first refused: neither block is left behind
  __gpumat__ ("mock_misbehave", "", "reduce", "baddims_first");
  try
    [m, i] = max (V, [], 1);
    error ("no error");
  catch err
    assert (err.identifier, "gpumat:array:invalidHandle");
  end_try_catch
  u2 = __gpumat_call__ ("usage", "");
  assert (u2(1), ub(1));
  clear V
  ## deletion
  for t = {{":", 2}, {2, ":"}, {[1 3]}, {":"}, {":", []}, {[2 1]}, {1:2}, {24}, {true(1, 24)}, {6}, {":", ":"}}
    X = A;  X(t{1}{:}) = [];
    Y = gpumat (A);  Y(t{1}{:}) = [];
    assert (size (Y), size (X));
    assert (gather (Y), X);
  endfor
  X = N;  X(:, 2, :) = [];  Y = gpumat (N);  Y(:, 2, :) = [];
  assert (gather (Y), X);
  X = N;  X(:, 2) = [];  Y = gpumat (N);  Y(:, 2) = [];
  assert (gather (Y), X);
  c7 = (1:7)';  X = c7;  X([2 4]) = [];  Y = gpumat (c7);  Y([2 4]) = [];
  assert (gather (Y), X);
  try
    Y = gpumat (A);  Y(1, 2) = [];
    error ("no error");
  catch err
    assert (err.message, "a null assignment can only have one non-colon index");
  end_try_catch
  ## operators reach the gateway with the right operands and transposes
  a = rand (3, 4);  b = rand (3, 4);
  assert (gather (gpumat (a) + b), a + b);
  assert (gather (b - gpumat (a)), b - a);
  assert (gather (gpumat (a)' * b), a' * b);
  assert (gather (a' * gpumat (b)), a' * b);
  assert (gather (gpumat (a) * b'), a * b');
  assert (gather (gpumat (a) / 2), a / 2);
  assert (gather (2 \ gpumat (a)), 2 \ a);
  assert (gather (gpumat (a) .\ b), a .\ b);
  assert (gather (!gpumat (a > 0.5)), ! (a > 0.5));
  assert (gather (-gpumat (a)), -a);
  ## save and load: the gathered data, back as a gpumat array
  f = [tempname() ".txt"];
  S1 = gpumat (a);  S2 = gpumat (a) > 0.5;  S3 = gpumat (single (a))';
  save ("-text", f, "S1", "S2", "S3");
  clear S1 S2 S3
  load (f);
  assert (class (S1), "gpumat");  assert (gather (S1), a);
  assert (classUnderlying (S2), "logical");  assert (gather (S2), a > 0.5);
  assert (gather (S3), single (a)');
  save ("-binary", f, "S1", "S2", "S3");
  clear S1 S2 S3
  load (f);
  assert (gather (S1), a);  assert (gather (S2), a > 0.5);  assert (gather (S3), single (a)');
  unlink (f);
  ## display: values of a small array, size of a large one
  s = evalc ("disp (gpumat ([1 2; 3 4]))");
  assert (! isempty (strfind (s, "2x2 double gpumat array, on the GPU:")), s);
  assert (! isempty (strfind (s, "   1   2")), s);
  s = evalc ("disp (gpumat (zeros (40, 30)))");
  assert (s, "  40x30 double gpumat array, on the GPU\n");
  ## frees are batched: dropped blocks wait for the next call that is not a hot operation
  ub = __gpumat_call__ ("usage", "");
  for k = 1:5
    T = gpumat (rand (3));
  endfor
  clear T
  u1 = __gpumat__ ("usage", "");           # straight to the gateway: nothing flushed yet
  assert (u1(1), ub(1) + 5);
  u2 = __gpumat_call__ ("usage", "");      # through the shell: flushed first
  assert (u2(1), ub(1));
  ## a second copy of __gpumat_call__.oct on the path refuses to register the type again
  ## (installing its operators would abort Octave); the first copy keeps working
  d = tempname ();  mkdir (d);
  copyfile (which ("__gpumat_call__"), d);
  addpath (d);  rehash ();
  try
    __gpumat_call__ ("register");
    error ("no error");
  catch err
    assert (err.identifier, "gpumat:array:duplicateType");
  end_try_catch
  rmpath (d);  rehash ();
  confirm_recursive_rmdir (false, "local");
  rmdir (d, "s");
  assert (gather (gpumat (A) + 1), A + 1);
  ## every block freed once its last holder goes
  clear -x u0 n
  u = __gpumat__ ("usage", "");
  assert (u(1) == u0(1), sprintf ("%d blocks left behind", u(1) - u0(1)));
  ## The headline bugs of the parity work: no silent default, no abort.
  assert (gather (all (gpumat (5))), true);
  assert (gather (any (gpumat ([0 0 11]) > 10)), true);
  assert (class (gather (any (gpumat ([0 0 11])))), "logical");
  warning ("off", "gpumat:hostFallback", "local");
  assert (gather (find (gpumat (int32 ([0 1 2])))), [2 3]);     # @gpumat/find.m
  assert (builtin ("find", gpumat (int32 ([0 1 2]))), [2 3]);   # find.cc on the type: ended Octave before
  assert (gather (mod (gpumat (int8 ([-7 5])), 3)), mod (int8 ([-7 5]), 3));
  fail ("!gpumat ([1 NaN])", "invalid conversion from NaN to logical");
  ## The host fallback warns once per function and session, with its identifier.
  warning ("on", "gpumat:hostFallback", "local");
  lastwarn ("");
  r = cummin (gpumat ([3 1 2]));
  [~, id] = lastwarn ();
  assert (id, "gpumat:hostFallback");
  assert (gather (r), cummin ([3 1 2]));
  lastwarn ("");
  r = cummin (gpumat ([4 5]));
  [~, id] = lastwarn ();
  assert (isempty (id), "the hostFallback warning came twice for one function");
  ## Issue 31: the mappers and mod, rem, atan2, hypot, xor, &, | of real data go to the
  ## gateway's "unary" / "binary" commands (no host fallback, so no warning), integer data to
  ## the host; outside a mapper's real domain the gateway (here the mock) gives Octave's complex
  ## result.
  x = [-2.5 -1 -0 0 0.5 1 2.5 NaN Inf -Inf];
  for f = {@floor, @ceil, @round, @fix, @sign, @sin, @cos, @tan, @atan, @sinh, @cosh, @tanh, ...
           @asinh, @expm1, @gamma, @erf, @erfc, @cbrt, @isnan, @isinf, @isfinite, @asin, ...
           @acos, @acosh, @atanh, @log2, @log10, @log1p, @lgamma, @gammaln}
    for v = {x, single(x), x > 0}
      lastwarn ("");
      r = f{1} (gpumat (v{1}));
      [~, id] = lastwarn ();
      assert (isempty (id), "%s: went through the host (%s)", func2str (f{1}), id);
      assert (isgpuarray (r));
      h = f{1} (v{1});
      assert (class (gather (r)), class (h));
      assert (isequaln (gather (r), h), "%s differs", func2str (f{1}));
    endfor
  endfor
  for f = {@mod, @rem, @atan2, @hypot, @xor, @and, @or}
    y = [3 -2 0.1 0 1 -0 2 1 3 -1];
    lastwarn ("");
    r = f{1} (gpumat (x(x == x)), single (y(x == x)));
    [~, id] = lastwarn ();
    assert (isempty (id), "%s: went through the host (%s)", func2str (f{1}), id);
    assert (isequaln (gather (r), f{1} (x(x == x), single (y(x == x)))));
  endfor
  warning ("off", "gpumat:hostFallback", "local");
  assert (gather (rem (gpumat (int16 ([-7 5])), 3)), rem (int16 ([-7 5]), 3));
  assert (gather (hypot (gpumat (int8 (3)), 4)), hypot (int8 (3), 4));
  fail ("mod (gpumat ([1 2]) > 1, 2)", "wrong type argument");
  fail ("gpumat ([1 NaN]) & 1", "invalid conversion from NaN to logical");
  fail ("xor (gpumat ([1 2]), NaN)", "invalid conversion from NaN to logical");
  ## sort, find, nnz and median of every real class reach the gateway's own commands (no host
  ## fallback, results on the device); complex sort and median go to Octave on the host.
  warning ("on", "gpumat:hostFallback", "local");
  for c = {"double", "single", "logical", "int8", "uint8", "int16", "uint16", "int32", ...
           "uint32", "int64", "uint64"}
    v = cast ([3 0 -1 2 2 0], c{1});
    lastwarn ("");
    [s, i] = sort (gpumat (v), "descend");
    f = find (gpumat (v), 2, "last");
    [fi, fj, fv] = find (gpumat (v));
    m = median (gpumat (v));
    k = nnz (gpumat (v));
    [~, id] = lastwarn ();
    assert (isempty (id), "%s: sort, find, nnz or median went through the host (%s)", c{1}, id);
    assert (isgpuarray (s) && isgpuarray (i) && isgpuarray (f) && isgpuarray (fv) && isgpuarray (m));
    [hs, hi] = sort (v, "descend");
    [hfi, hfj, hfv] = find (v);
    assert ({gather(s), gather(i), gather(f), gather(fi), gather(fj), gather(fv), gather(m), k},
            {hs, hi, find(v, 2, "last"), hfi, hfj, hfv, median(v), nnz(v)});
  endfor
  z = complex ([3 1 2], [0 1 -1]);
  assert (gather (sort (gpumat (z))), sort (z));
  assert (gather (median (gpumat (z))), median (z));
  [i, j, v] = find (gpumat (z));
  [hi, hj, hv] = find (z);
  assert ({gather(i), gather(j), gather(v)}, {hi, hj, hv});
  printf ("shell_checks: all passed (%d index forms)\n", n);
endfunction

## Number of A(I...) = V cases where the gpumat result differs from Octave's (each printed).
## zeros (0, 0, 0) is left out: Octave 7.3 grows it through some colon subscripts and refuses
## others (invalid resize); the shell always refuses.  So are three or more subscripts into an
## empty source: Octave's both-empty test there reads V's dimensions past their count.
function bad = assignment_differences ()
  srcs = {[], zeros(1, 0), zeros(0, 1), zeros(0, 3), zeros(3, 0), 5, 1:4, (1:4)', ...
          reshape(1:12, 3, 4), reshape(1:24, 2, 3, 4), ones(2, 1, 3)};
  idxs = {{":"}, {":", ":", ":"}, {":", 1, ":"}, {":", [1 2]}, {[1 2], ":"}, {":", ":"}, ...
          {1}, {6}, {[2 3]}, {":", 1}, {1, ":"}, {3, 3}, {":", 5}, {5, ":"}, {2, 2, 2}, ...
          {":", ":", 2}, {1, 1, 5}, {[]}, {[], 1}, {":", []}, {2, [1 3]}, {4, 1, 1}, {true}, ...
          {false}, {[1 1]}, {1, 7}, {3, ":"}};
  rhss = {7, ones(2, 3, 4), ones(1, 2, 3), [], [1 2], [1; 2], ones(2, 2), 1:3, zeros(1, 0), ...
          ones(3, 1), ones(1, 1, 2)};
  bad = 0;
  for s = 1:numel (srcs)
    for i = 1:numel (idxs)
      for r = 1:numel (rhss)
        ix = idxs{i};  R = rhss{r};  null = isequal (size (R), [0 0]);
        if (numel (ix) >= 3 && isempty (srcs{s}) && ! null)
          continue;       # Octave's N-index mismatch test reads past V's dimensions (Array.cc)
        endif
        host_err = "";  dev_err = "";
        try
          H = srcs{s};
          if (null)
            H(ix{:}) = [];
          else
            H(ix{:}) = R;
          endif
        catch err
          host_err = err.message;
        end_try_catch
        try
          G = gpumat (srcs{s});
          if (null)
            G(ix{:}) = [];
          else
            G(ix{:}) = R;
          endif
          D = gather (G);
        catch err
          dev_err = err.message;
        end_try_catch
        if (isempty (host_err) != isempty (dev_err)
            || (isempty (host_err) && ! (isequal (size (D), size (H)) && isequal (D, H))))
          bad++;
          printf ("assignment differs: source %s, subscripts %d, value %s: Octave '%s', gpumat '%s'\n",
                  mat2str (size (srcs{s})), i, mat2str (size (R)), host_err, dev_err);
        endif
      endfor
    endfor
  endfor
endfunction
