## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{passed}, @var{failed}] =} index_gateway_check ()
## Compare the errors of the gateway's indexing commands (mex/gw_index.c) with
## Octave's own, case by case, on arrays that need no GPU: invalid subscripts
## (checked before G is read), bounds, sizes and shapes on empty gpumat arrays
## (which live on no device).  Every case runs the same subscripts on a host
## matrix of the same size and expects the same identifier and the same message,
## Octave's "x(" written "index (" (the gateway never knows a variable name).
## With a GPU, the same cases on nonempty arrays also compare the values.
##
## Run from the tree after @code{make build}:
## @example
## octave-cli --no-history --norc --eval "addpath ('target', 'inst', 'tests'); index_gateway_check ()"
## @end example
## @end deftypefn

function [passed, failed] = index_gateway_check ()
  passed = 0;
  failed = 0;
  gpu = gpumat_available ();
  ## ---- invalid subscripts: no G needed (a host G is refused only after them) ----
  bad = {{1.5}, {0}, {1, 0}, {1, 1, 1, 1, 0}, {2 - 1e-12}, {NaN}, {-Inf}, {1e20}, {2^63}, ...
         {1e5 + 0.5}, {int8(-3)}, {1i}, {[1 0 20]}, {[20 0]}, {':', [1 5 0]}, {5, 1.5}, ...
         {1.5, 0}, {1, 1, 1, 1, 1, 1, 1, 0}, {1, 1, 0, 1, 1, 1, 1, 1}, {0, 1, 1, 1, 1, 1, 1}, ...
         {1, 1, 1, 1, 0, 1, 1, 1}, {single(1.5)}, {-1e300}, {1e-300}, {[1.5 0]}, {{1}}};
  x = magic (4);
  for c = 1:numel (bad)
    s = bad{c};
    want = octave_error (@() x(s{:}));
    got = gateway_error (@() __gpumat__ ("index", x, [1 1], s{:}));
    [passed, failed] = tally (passed, failed, want, got, "index", s);
    got = gateway_error (@() __gpumat__ ("assign", x, 1, s{:}));
    wanta = octave_error (@() assign_host (x, 1, s));
    [passed, failed] = tally (passed, failed, wanta, got, "assign", s);
  endfor
  ## ---- bounds, sizes and shapes on empty arrays (ptr 0: no device) ----
  cases = {{[0 3], {1, 1}}, {[0 3], {':', 4}}, {[0 3], {1}}, {[0 3], {2, 3, 4}}, ...
           {[0 3], {':', ':', 2}}, {[0 3], {':', [1 3]}}, {[0 3], {':'}}, {[0 3], {[], []}}, ...
           {[3 0], {4, ':'}}, {[3 0], {':', 1}}, {[3 0 2], {1, 1}}, {[3 0 2], {':', ':', 3}}, ...
           {[2 0 4], {':', ':', 4}}, {[2 0 4], {':', 1}}, {[0 0], {[]}}, {[0 5], {true(1,0)}}, ...
           {[0 5], {':', logical([0 0 1 0 0 0 0])}}, {[0 5], {':', logical([0 0 0 0 0 0 1])}}, ...
           {[0 3], {':', 1, 1, 1, 1, 1, 1, 2}}, {[0 3], {':', int16(4)}}};
  for c = 1:numel (cases)
    dims = cases{c}{1};
    s = cases{c}{2};
    h = zeros (dims);
    G = gpumat (h);
    [want, r] = octave_error (@() h(s{:}));
    if (isempty (want))
      got = gateway_error (@() __gpumat__ ("index", G, size (r), s{:}));
      d = __gpumat__ ("index", G, size (r), s{:});
      ok = isempty (got) && isequal (d.dims, size (r)) && d.ptr == 0;
      [passed, failed] = tally_ok (passed, failed, ok, "index (empty result)", s);
    else
      got = gateway_error (@() __gpumat__ ("index", G, [1 1], s{:}));
      [passed, failed] = tally (passed, failed, want, got, "index", s);
    endif
  endfor
  ## assignment shapes (Octave's Array<T>::assign rules), on empty and, with a GPU, full arrays.
  ## Not compared: A(:, [], 1) = ones (2, 3) and A(:, :, 1) = 1:3 on a 0x3 A, where Octave 7.3
  ## reads past the end of a dim_vector to decide (mex/gw_index.c, check_conformant) and raised
  ## or not from one run to the next; the gateway raises.
  shapes = {{[0 3], {':', 1}, [1 2]}, {[0 3], {':', 1}, []}, {[0 3], {':', [1 2]}, 5}, ...
            {[0 3], {[], 1:3}, ones(2, 3)}, ...
            {[0 3], {':', ':', 1}, ones(0, 3)}, {[0 3], {[]}, [1 2]}, {[0 3], {[]}, zeros(1, 0)}, ...
            {[0 3], {':', []}, zeros(3, 0)}, ...
            {[0 3], {':', []}, zeros(0, 3)}, {[0 3], {':', []}, zeros(2, 3, 0)}};
  if (gpu)
    shapes = [shapes, {{[4 4], {1:2, 1:2}, ones(2, 3)}, {[4 4], {1:4}, [1 2 3]}, ...
              {[4 4], {':', 1}, [1 2 3]}, {[4 4], {[1 2; 3 4]}, 1:3}, {[4 4], {1:2, 1:2}, 1:4}, ...
              {[4 4], {1:2, 1:2}, ones(3, 1, 2)}, {[4 4], {1:2, 1:2, 1}, ones(3, 1, 2)}, ...
              {[4 4], {1:2, 1:2, 1}, ones(2, 3)}, {[4 4], {1:2, 1, 1:2}, ones(2, 3)}, ...
              {[4 4], {1:2, 1, 1:2}, ones(1, 4)}, {[4 4], {2, 3}, ones(3, 1, 2)}, ...
              {[4 4], {':', 1}, ones(1, 4)}, {[4 4], {1, ':'}, ones(4, 1)}, ...
              {[4 4], {1:2, 1:2}, ones(2, 1, 2)}, {[4 4], {1:3, 1}, ones(1, 1, 3)}, ...
              {[4 4], {[1 1 2], 1}, [7 8 9]}, {[4 4], {[3 1 3], [2 2]}, [1 2; 3 4; 5 6]}}];
  endif
  for c = 1:numel (shapes)
    dims = shapes{c}{1};
    s = shapes{c}{2};
    v = shapes{c}{3};
    h = reshape (1:prod (dims), dims);
    G = gpumat (h);
    [want, r] = octave_error (@() assign_host (h, v, s));
    got = gateway_error (@() __gpumat__ ("assign", G, v, s{:}));
    [passed, failed] = tally (passed, failed, want, got, "assign", s);
    if (isempty (want) && isempty (got) && gpu)
      [passed, failed] = tally_ok (passed, failed, isequal (gather (G), r), "assign value", s);
    endif
  endfor
  printf ("index_gateway_check: %d passed, %d failed%s\n", passed, failed,
          ifelse_text (gpu, "", " (no GPU: the cases on nonempty arrays were skipped)"));
endfunction

function r = assign_host (h, v, s)
  h(s{:}) = v;
  r = h;
endfunction

function [e, r] = octave_error (f)
  e = [];
  r = [];
  try
    r = f ();
  catch err
    e = err;
  end_try_catch
endfunction

function e = gateway_error (f)
  e = [];
  try
    f ();
  catch err
    e = err;
  end_try_catch
endfunction

function [passed, failed] = tally (passed, failed, want, got, what, s)
  if (isempty (want) && isempty (got))
    passed++;
    return;
  endif
  if (! isempty (want))
    ## Octave's message names the variable of the anonymous function: "h(" / "x("
    want_msg = regexprep (want.message, '^[a-z]+\(', 'index (');
  endif
  if (! isempty (want) && ! isempty (got) && strcmp (want.identifier, got.identifier)
      && strcmp (want_msg, got.message))
    passed++;
  else
    failed++;
    printf ("FAIL %s %s:\n  octave:  %s\n  gateway: %s\n", what, disp_subs (s),
            err_text (want), err_text (got));
  endif
endfunction

function [passed, failed] = tally_ok (passed, failed, ok, what, s)
  if (ok)
    passed++;
  else
    failed++;
    printf ("FAIL %s %s\n", what, disp_subs (s));
  endif
endfunction

function t = err_text (e)
  if (isempty (e))
    t = "(no error)";
  else
    t = sprintf ("%s | %s", e.identifier, e.message);
  endif
endfunction

function t = disp_subs (s)
  t = strtrim (disp (s));
  t = strrep (t, "\n", " ");
endfunction

function t = ifelse_text (c, a, b)
  if (c)
    t = a;
  else
    t = b;
  endif
endfunction
