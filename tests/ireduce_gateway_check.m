## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {[@var{passed}, @var{failed}] =} ireduce_gateway_check ()
## The gateway's "ireduce" command (mex/gw_reduce_int.c over kernels/reduce_int.cu) against
## Octave's own sum, prod and cumsum with "native", and [M, I] = max and min: every integer
## class, gpumat and host operands, the views G.' and G', shapes from scalars and empties to
## N-d, every dimension up to past the last (DIM 0: the default one), edge values that
## saturate, a line long enough to be cut into chunks.  Class, size and values exactly.  Also
## the command's errors, and that no device block is left behind.
##
## Needs a __gpumat__ that computes: a GPU, or the CPU stand-in of
## tests/cpu-standin/run_reduce_int.sh, which runs it:
## @example
## octave-cli --eval "addpath ('target', 'inst', 'tests', 'target/cpu-standin/mex-ireduce'); ireduce_gateway_check ()"
## @end example
## @end deftypefn

function [passed, failed] = ireduce_gateway_check ()
  passed = 0;  failed = 0;
  before = __gpumat_call__ ("usage", "usage");     # (through the shell: pending frees first)
  for cls = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
    lo = intmin (cls{1});  hi = intmax (cls{1});
    e = [lo; hi; 0; 1; 7; -2; hi; lo];
    long = cast (mod ((1:1500) * 7919, 511) - 255, cls{1});
    long(1:5:end) = hi;
    base = {hi, zeros(0, 0, cls{1}), zeros(0, 3, cls{1}), zeros(3, 0, cls{1}), e, e.', ...
            reshape([e; e; e], 4, 6), reshape([e; e; e], 2, 3, 4), reshape(e, 1, 2, 1, 4), ...
            zeros(1, 3, 0, 2, cls{1}), long, [long; long]};
    for b = base
      h = b{1};
      for view = 0:2
        if (view > 0 && ndims (h) > 2)
          continue;
        endif
        G = device_array (h, view);
        for op = {"sum", "prod", "cumsum", "max", "min"}
          for dim = [0, 1, 2, 3, 5]
            if (any (strcmp (op{1}, {"max", "min"})))
              [want, wi] = host (op{1}, h, dim);
              [got, gi] = __gpumat_call__ ("ireduce", op{1}, op{1}, G, dim);
              ok = same (want, got) && same (wi, gi);
              ok = ok && same (want, __gpumat_call__ ("ireduce", op{1}, op{1}, G, dim));
            else
              ok = same (host (op{1}, h, dim), __gpumat_call__ ("ireduce", op{1}, op{1}, G, dim));
            endif
            [passed, failed] = tally (passed, failed, ok, op{1}, h, view, dim);
          endfor
        endfor
      endfor
      ## a host operand
      ok = same (host ("sum", h, 0), __gpumat_call__ ("ireduce", "sum", "sum", h, 0));
      [passed, failed] = tally (passed, failed, ok, "sum (host operand)", h, 0, 0);
    endfor
  endfor
  ## errors
  G = gpumat (int8 ([1 2; 3 4]));
  errs = {@() __gpumat_call__ ("ireduce", "sum", "sum", gpumat ([1 2]), 0), "gpumat:ireduce:unsupportedClass";
          @() __gpumat_call__ ("ireduce", "sum", "sum", gpumat (true (2)), 0), "gpumat:ireduce:unsupportedClass";
          @() __gpumat_call__ ("ireduce", "sum", "sum", [1 2], 0), "gpumat:ireduce:unsupportedClass";
          @() __gpumat_call__ ("ireduce", "mean", "mean", G, 0), "gpumat:ireduce:unknownOperation";
          @() __gpumat_call__ ("ireduce", "sum", "sum", G, -1), "gpumat:ireduce:invalidDim";
          @() __gpumat_call__ ("ireduce", "sum", "sum", G), "Octave:invalid-fun-call"};
  for k = 1:rows (errs)
    id = "";
    try
      errs{k, 1} ();
    catch err
      id = err.identifier;
    end_try_catch
    [passed, failed] = tally (passed, failed, strcmp (id, errs{k, 2}),
                              sprintf ("error %s (got '%s')", errs{k, 2}, id), [], 0, 0);
  endfor
  clear G got gi errs;               # (the error cases hold G)
  after = __gpumat_call__ ("usage", "usage");
  [passed, failed] = tally (passed, failed, after(1) == before(1),
                            sprintf ("%d device blocks left", after(1) - before(1)), [], 0, 0);
  printf ("ireduce_gateway_check: %d passed, %d failed\n", passed, failed);
endfunction

## Octave's own function as the command computes it
function [r, i] = host (op, h, dim)
  if (any (strcmp (op, {"max", "min"})))
    if (dim == 0)
      [r, i] = feval (op, h);
    else
      [r, i] = feval (op, h, [], dim);
    endif
  elseif (dim == 0)
    r = feval (op, h, "native");
  else
    r = feval (op, h, dim, "native");
  endif
endfunction

function ok = same (want, got)
  g = gather (got);
  ok = isgpuarray (got) && strcmp (class (g), class (want)) && isequal (size (g), size (want)) ...
       && isequal (g, want);
endfunction

function G = device_array (h, view)
  switch (view)
    case 0
      G = gpumat (h);
    case 1
      G = gpumat (h.').';
    case 2
      G = gpumat (h')';
  endswitch
endfunction

function [passed, failed] = tally (passed, failed, ok, what, h, view, dim)
  if (ok)
    passed++;
  else
    failed++;
    printf ("FAIL: %s of %s %s, view %d, dim %d\n", what, class (h), mat2str (size (h)), view, dim);
  endif
endfunction
