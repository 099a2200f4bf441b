## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{passed}, @var{failed}] =} index_gateway_check ()
## @deftypefnx {} {[@var{passed}, @var{failed}] =} index_gateway_check ("assume-device")
## Compare the errors of the gateway's indexing commands (mex/gw_index.c) with
## Octave's own, case by case, on arrays that need no GPU: invalid subscripts
## (checked before G is read), bounds, sizes and shapes on empty gpumat arrays
## (which live on no device).  Every case runs the same subscripts on a host
## matrix of the same size and expects the same identifier and the same message,
## Octave's "x(" written "index (" (the gateway never knows a variable name).  The errors are
## checked in the form without CALLER, the values in the form with one (as mex/gpumat_value.cc
## calls it).
## With a GPU, the same cases on nonempty arrays also compare the values, and random
## subscripts (colons, ranges, lists with repeats, masks, empties; 1 to 4 of them) on every
## class and on the views G.' and G' compare G(I), G(I) = V and resize with Octave's own.
## "assume-device" runs those too without asking gpumat_available: for a __gpumat__ built
## over CPU stand-ins of kernels/ (how they were first run, before any GPU).
##
## Run from the tree after @code{make build}:
## @example
## octave-cli --no-history --norc --eval "addpath ('target', 'inst', 'tests'); index_gateway_check ()"
## @end example
## @end deftypefn

function [passed, failed] = index_gateway_check (mode)
  passed = 0;
  failed = 0;
  gpu = (nargin > 0 && strcmp (mode, "assume-device")) || gpumat_available ();
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
      got = gateway_error (@() __gpumat__ ("index", operand (G), size (r), s{:}));
      d = unpack (__gpumat__ ("index", operand (G), size (r), s{:}));
      ok = isempty (got) && isequal (d.dims, size (r)) && d.ptr == 0;
      [passed, failed] = tally_ok (passed, failed, ok, "index (empty result)", s);
    else
      got = gateway_error (@() __gpumat__ ("index", operand (G), [1 1], s{:}));
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
    got = gateway_error (@() __gpumat__ ("assign", operand (G), v, s{:}));
    [passed, failed] = tally (passed, failed, want, got, "assign", s);
    if (isempty (want) && isempty (got) && gpu)
      [passed, failed] = tally_ok (passed, failed, isequal (gather (G), r), "assign value", s);
    endif
  endfor
  if (gpu)
    before = __gpumat_call__ ("usage", "usage");
    [passed, failed] = value_cases (passed, failed);
    after = __gpumat_call__ ("usage", "usage");
    [passed, failed] = tally_ok (passed, failed, after(1) == before(1),
                                 sprintf ("device blocks: %d before, %d after", before(1),
                                          after(1)), {});
  endif
  printf ("index_gateway_check: %d passed, %d failed%s\n", passed, failed,
          merge (gpu, "", " (no GPU: the cases on nonempty arrays were skipped)"));
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

function [e, r] = gateway_error (f)
  e = [];
  r = [];
  try
    if (nargout > 1)
      r = f ();
    else
      f ();
    endif
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

## Random subscripts on every class and view: G(I), G(I) = V and resize against Octave.
function [passed, failed] = value_cases (passed, failed)
  rand ("seed", 42);
  classes = {"double", "single", "complex double", "complex single", "int8", "uint16", ...
             "int32", "logical"};
  shapes = {[5 7], [1 9], [6 1], [3 4 2], [1 1], [2 3 2 2], [4 0]};
  for c = 1:numel (classes)
    for sh = 1:numel (shapes)
      for view = 0:2                           # none, .' and '
        dims = shapes{sh};
        if (view && numel (dims) > 2)
          continue;
        endif
        for trial = 1:6
          h = make_array (classes{c}, dims);
          [G, P] = device_array (h, view);     # P: the parent of a view (keeps it alive)
          n = randi (4);
          s = random_subscripts (size (h), n);
          what = sprintf ("%s %s view %d", classes{c}, mat2str (dims), view);
          ## G(I)
          [want, r] = octave_error (@() h(s{:}));
          if (isempty (want))
            [got, R] = gateway_error (@() fetch (__gpumat__ ("index", "index", operand (G),
                                                             size (r), s{:})));
            if (isempty (got))
              ok = isequal (R, r) && strcmp (class (R), class (r)) ...
                   && iscomplex (R) == iscomplex (r) && isequal (size (R), size (r));
              [passed, failed] = tally_ok (passed, failed, ok, ["index " what], s);
            else
              [passed, failed] = tally (passed, failed, want, got, ["index " what], s);
            endif
          else
            got = gateway_error (@() __gpumat__ ("index", "index", operand (G), [1 1], s{:}));
            [passed, failed] = tally (passed, failed, want, got, ["index " what], s);
          endif
          ## G(I) = V (a scalar or the selected shape), within G's size: subscripts past it
          ## are clipped first, since the gateway does not grow
          s = clip_subscripts (s, size (h));
          r = h(s{:});
          if (rand () < 0.3)
            v = make_array (classes{c}, [1 1]);
          else
            v = make_array (classes{c}, size (r));
          endif
          if (isempty (v) && numel (s) > 2)
            ## Octave 7.3 decides these by reading past a dim_vector (check_conformant)
            continue;
          endif
          [want, r2] = octave_error (@() assign_host (h, v, s));
          got = gateway_error (@() __gpumat__ ("assign", "index", operand (G), v, s{:}));
          if (isempty (want) && isempty (got))
            R = gather (G);
            ok = isequal (R, r2) && strcmp (class (R), class (r2));
            [passed, failed] = tally_ok (passed, failed, ok, ["assign " what], s);
          else
            [passed, failed] = tally (passed, failed, want, got, ["assign " what], s);
          endif
        endfor
        ## resize: growth and truncation
        h = make_array (classes{c}, dims);
        [G, P] = device_array (h, view);
        for nd = {[7 8], [2 2], [size(h, 1) + 1, size(h, 2)], [3 4 2], [0 3]}
          to = nd{1};
          to(end+1:ndims (h)) = 1;             # Octave's resize keeps at least h's dimensions
          R = fetch (__gpumat__ ("resize", "index", operand (G), to));
          r = resize (h, to);
          ok = isequal (R, r) && strcmp (class (R), class (r)) && isequal (size (R), size (r));
          [passed, failed] = tally_ok (passed, failed, ok, ["resize " what], nd);
        endfor
      endfor
    endfor
  endfor
  ## V's class into G's: conversions kept in G's class, refusals
  G = gpumat (int8 ([1 2 3 4]));
  __gpumat__ ("assign", operand (G), [2.5 -2.5 NaN 300], ':');
  [passed, failed] = tally_ok (passed, failed, isequal (gather (G), int8 ([3 -3 0 127])),
                               "int8 (I) = double, rounded and saturated", {});
  G = gpumat (single ([1 2 3]));
  __gpumat__ ("assign", operand (G), [0.1 0.2], [3 1]);
  [passed, failed] = tally_ok (passed, failed,
                               isequal (gather (G), single ([0.2 2 0.1])), "single (I) = double", {});
  G = gpumat ([1 2 3]);
  got = gateway_error (@() __gpumat__ ("assign", operand (G), 1i, 2));
  [passed, failed] = tally_ok (passed, failed, ! isempty (got)
                               && strcmp (got.identifier, "gpumat:index:complexIntoReal"),
                               "real (I) = complex refused", {});
  got = gateway_error (@() __gpumat__ ("assign", "index", operand (G), 1i, 2));
  [passed, failed] = tally_ok (passed, failed, ! isempty (got)
                               && strncmp (got.message, "index: ", 7),
                               "a CALLER starts the gpumat:* messages", {});
  G = gpumat (complex ([1 2 3], [1 1 1]));
  __gpumat__ ("assign", operand (G), [5 6], [1 3]);
  [passed, failed] = tally_ok (passed, failed, isequal (gather (G), [5, 2+1i, 6]),
                               "complex (I) = real", {});
  G = gpumat (true (1, 3));
  lastwarn ("");
  __gpumat__ ("assign", operand (G), [0 5], [1 2]);
  [~, id] = lastwarn ();
  [passed, failed] = tally_ok (passed, failed, isequal (gather (G), logical ([0 1 1]))
                               && strcmp (id, "Octave:logical-conversion"), "logical (I) = 5", {});
  got = gateway_error (@() __gpumat__ ("assign", operand (G), NaN, 1));
  [passed, failed] = tally_ok (passed, failed, ! isempty (got)
                               && strcmp (got.message, "invalid conversion from NaN to logical"),
                               "logical (I) = NaN refused", {});
  ## G(I) = G: V is G's own block
  h = reshape (1:12, 3, 4);
  G = gpumat (h);
  __gpumat__ ("assign", operand (G), operand (G), [12:-1:1]);
  h(12:-1:1) = h;
  [passed, failed] = tally_ok (passed, failed, isequal (gather (G), h), "G(I) = G", {});
  ## repeated positions: the last write wins
  G = gpumat (zeros (3, 3));
  __gpumat__ ("assign", operand (G), [1 2 3; 4 5 6], [2 2], [3 1 3]);
  h = zeros (3, 3);
  h([2 2], [3 1 3]) = [1 2 3; 4 5 6];
  [passed, failed] = tally_ok (passed, failed, isequal (gather (G), h), "repeats: last wins", {});
endfunction

function h = make_array (cls, dims)
  switch (cls)
    case "logical"
      h = rand (dims) > 0.5;
    case {"int8", "uint16", "int32"}
      h = cast (randi ([0 100], dims), cls);
    case "complex double"
      h = complex (randn (dims), randn (dims));
    case "complex single"
      h = single (complex (randn (dims), randn (dims)));
    otherwise
      h = cast (randn (dims), cls);
  endswitch
endfunction

## The array with the value h on the device: plain (view 0), or as the view P.' (view 1) or
## P' (view 2) of a parent P laid out as the transpose.
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

function s = random_subscripts (sz, n)
  ext = subscript_extents (sz, n);
  s = cell (1, n);
  for k = 1:n
    e = ext(k);
    switch (randi (7))
      case {1, 2}
        s{k} = ":";
      case 3
        a = randi (max (e, 1));
        s{k} = a:randi ([a, max(e, a)]);
      case 4
        s{k} = randi (max (e, 1), 1, randi (5));       # repeats likely
      case 5
        s{k} = rand (1, e) > 0.5;                       # a mask
      case 6
        s{k} = [];
      otherwise
        s{k} = randi (max (e, 1) + 1);                  # sometimes one past the end
    endswitch
  endfor
endfunction

## The extent of each of n subscripts over size sz (the n-th takes the trailing dimensions).
function ext = subscript_extents (sz, n)
  ext = ones (1, n);
  for k = 1:n
    if (k < n && k <= numel (sz))
      ext(k) = sz(k);
    elseif (k == n)
      ext(k) = prod (sz(k:end));
    endif
  endfor
endfunction

## Subscripts past the array's extent removed (assignment must not grow here).
function s = clip_subscripts (s, sz)
  ext = subscript_extents (sz, numel (s));
  for k = 1:numel (s)
    if (islogical (s{k}))
      s{k} = s{k}(1:min (end, ext(k)));
    elseif (! ischar (s{k}))
      s{k} = s{k}(s{k} <= ext(k));
    endif
  endfor
endfunction

## The gateway's operand for a gpumat array: its descriptor, in the struct form the gateway
## also reads (the shell, mex/gpumat_value.cc, passes the packed form).
function d = operand (G)
  d = __gpumat_call__ ("desc", G);
endfunction

## The values of a result descriptor, its block freed afterwards.
function r = fetch (d)
  r = __gpumat__ ("gather", "gather", d);
  p = unpack (d).ptr;
  if (p != 0)
    __gpumat__ ("free", "free", p);
  endif
endfunction

## The address and size in a packed result descriptor (mex/descriptor.h: a 1x1 cell holding
## [magic, ptr, info, dims...]).
function d = unpack (c)
  assert (iscell (c) && isa (c{1}, "uint64") && c{1}(1) == 0x676d617464657363);
  d = struct ("ptr", c{1}(2), "dims", double (c{1}(4:end)));
endfunction
