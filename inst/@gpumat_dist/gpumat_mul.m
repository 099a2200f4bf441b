## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{C} =} gpumat_mul (@var{A}, @var{B})
## @deftypefnx {} {@var{C} =} gpumat_mul (@var{A}, @var{opa}, @var{B}, @var{opb})
## The product @code{op(@var{A}) * op(@var{B})} of two distributed matrices (@code{gpumat_dist})
## on one process grid, as a distributed matrix on that grid, computed by the ScaLAPACK the
## package was built with (@code{p?gemm}): each rank multiplies the blocks it holds and the
## ranks exchange panels over MPI.  @var{opa} and @var{opb} are @qcode{"none"},
## @qcode{"transpose"} or @qcode{"ctranspose"}.  The class follows Octave's @code{*}: single if
## either operand is single, complex if either is complex.  @var{C}'s blocks are
## @var{A}'s row blocks by @var{B}'s column blocks (of the operands as they enter the product).
##
## Collective: every rank calls it with the same operands' sizes, blocks and operations.  Errors
## (@code{gpumat:dist:mixedOperands}, @code{gpumat:dist:nonconformant},
## @code{gpumat:dist:mismatch}, ...) are raised on every rank.
## @seealso{gpumat_dist, gather}
## @end deftypefn
function C = gpumat_mul (A, varargin)
  id = "";  msg = "";
  opa = opb = "N";  m = n = k = mbC = nbC = 0;
  try
    if (numel (varargin) == 1)
      B = varargin{1};
    elseif (numel (varargin) == 3)
      [opa, B, opb] = deal (op_letter (varargin{1}), varargin{2}, op_letter (varargin{3}));
    else
      error ("gpumat:dist:invalidArgument", ["gpumat_mul: distributed operands take ", ...
             "(A, B) or (A, OPA, B, OPB); kernels and options are for gpumat arrays"]);
    endif
    if (! (isa (A, "gpumat_dist") && isa (B, "gpumat_dist")))
      error ("gpumat:dist:mixedOperands", ["gpumat_mul: both operands must be distributed ", ...
             "(gpumat_dist) on one grid; make the other one with gpumat_dist"]);
    endif
    if (A.grid.context != B.grid.context || A.grid.P != B.grid.P || A.grid.Q != B.grid.Q)
      error ("gpumat:dist:mixedGrids", "gpumat_mul: the operands are on different process grids");
    endif
    [m, ka, mbC] = op_dims (A, opa, "rows");
    [kb, n, nbC] = op_dims (B, opb, "cols");
    if (ka != kb)
      error ("gpumat:dist:nonconformant",
             "gpumat_mul: nonconformant arguments (op1 is %dx%d, op2 is %dx%d)", m, ka, kb, n);
    endif
    k = ka;
  catch err
    id = err.identifier;  msg = err.message;
    if (isempty (id))
      id = "gpumat:dist:invalidArgument";
    endif
  end_try_catch
  agree (isempty (msg), id, msg);
  same_everywhere ([m, n, k, A.mb, A.nb, B.mb, B.nb, A.grid.P, A.grid.Q, double(opa), ...
                    double(opb), A.cls, B.cls], "gpumat_mul");
  ## Octave's * : single if either is, complex if either is (the gateway reads a real piece of
  ## a complex product as complex)
  cls = bitor (A.cls, B.cls);
  a = A.local;  b = B.local;
  if (bitand (cls, 1))
    a = single (a);  b = single (b);
  endif
  g = A.grid;
  rowsC = local_count (m, mbC, g.row, g.P);
  colsC = local_count (n, nbC, g.col, g.Q);
  summa_engine = strcmp (gpumat_dist_init ().engine, "summa");
  if (summa_engine && (opa != "N" || opb != "N"))
    ## SUMMA multiplies operands as they are: a transposed one is made first (p?tran), and the
    ## product goes on with its blocks
    if (opa != "N")
      A = dist_transpose (A, opa == "C");
    endif
    if (opb != "N")
      B = dist_transpose (B, opb == "C");
    endif
    C = gpumat_mul (A, B);
    return;
  endif
  ## on the GPUs where every rank has one (the same path everywhere: the ranks agree on it, and
  ## on whether the GPUs could hold the product); else panel by panel, or ScaLAPACK's
  done = false;
  c = zeros (0, 0, merge (bitand (cls, 1), "single", "double"));   # ranks outside the grid
  if (summa_engine && __gpumat_dist__ ("max", double (! gpumat_available ())) == 0)
    if (g.row >= 0)
      try
        [c, done] = __gpumat_dist__ ("gemm_gpu", cls, g.context, m, n, k, a, A.mb, A.nb, b,
                                     B.mb, B.nb, rowsC, colsC);
      catch err
        id = err.identifier;  msg = err.message;
      end_try_catch
    endif
    agree (isempty (msg), id, msg);
    done = __gpumat_dist__ ("max", double (done)) > 0;
  endif
  if (! done && summa_engine && A.nb == B.mb)
    c = summa (g, a, b, k, A.nb, cls, rowsC, colsC);
  elseif (! done)
    ## every rank calls the gateway (those outside the grid, with context -1, only join its
    ## check that the pieces are sound)
    descC = [1, g.context, m, n, mbC, nbC, 0, 0, max(1, rowsC)];
    c = __gpumat_dist__ ("gemm", cls, double (opa), double (opb), m, n, k, a, A.desc, b, B.desc,
                         descC, rowsC, colsC);
  endif
  C = gpumat_dist (g, [m, n], [mbC, nbC], c);
endfunction

## SUMMA panel by panel (without GPUs, or where they cannot hold a grid row's chunks and a grid
## column of B: the product on the GPUs is dist/gm_dist_gpu.c): for each block K of the inner
## dimension (width kb), the grid column that owns A's column block K broadcasts its rows of it
## along each grid row, the grid row that owns B's row block K broadcasts its columns of it
## along each grid column, and every rank adds the product of the two panels to its share of
## C: on its GPU where there is one (C there from the first panel to the last), else on the
## host.  Ranks outside the grid take no part.
function c = summa (g, a, b, k, kb, cls, rowsC, colsC)
  type = "double";
  if (bitand (cls, 1))
    type = "single";
  endif
  if (g.row < 0)
    c = zeros (0, 0, type);
    return;
  endif
  on_gpu = gpumat_available ();
  c = zeros (rowsC, colsC, type);
  if (cls >= 2)
    c = complex (c);
  endif
  if (on_gpu)
    c = gpumat (c);
  endif
  for K = 0:ceil (k / kb) - 1
    width = min (kb, k - K * kb);
    ownerA = mod (K, g.Q);  ownerB = mod (K, g.P);
    Ap = Bp = [];
    if (g.col == ownerA)
      first = floor (K / g.Q) * kb;
      Ap = a(:, first + (1:width));
    endif
    if (g.row == ownerB)
      first = floor (K / g.P) * kb;
      Bp = b(first + (1:width), :);
    endif
    Ap = __gpumat_dist__ ("bcast", cls, g.context, 1, ownerA, Ap, rowsC, width);
    Bp = __gpumat_dist__ ("bcast", cls, g.context, 0, ownerB, Bp, width, colsC);
    if (on_gpu)
      c = c + gpumat (Ap) * gpumat (Bp);
    else
      c = c + Ap * Bp;
    endif
  endfor
  if (on_gpu)
    c = gather (c);
  endif
endfunction

function letter = op_letter (op)
  ops = {"none", "N"; "transpose", "T"; "ctranspose", "C"};
  i = find (strcmp (op, ops(:, 1)));
  if (! ischar (op) || isempty (i))
    error ("gpumat:dist:invalidArgument",
           "gpumat_mul: an operation must be \"none\", \"transpose\" or \"ctranspose\"");
  endif
  letter = ops{i, 2};
endfunction

## the operand's size as it enters the product, and the block size of its rows ("rows": A's, for
## C's rows) or its columns ("cols": B's, for C's columns)
function [r, c, block] = op_dims (X, op, which)
  if (op == "N")
    r = X.m;  c = X.n;  blocks = [X.mb, X.nb];
  else
    r = X.n;  c = X.m;  blocks = [X.nb, X.mb];
  endif
  block = blocks(1 + strcmp (which, "cols"));
endfunction

## one rank here (the %! tests run in one process); tests/dist/run.sh runs several under mpirun
%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   a = reshape (sin (1:35), 5, 7);  b = reshape (cos (1:21), 7, 3);
%!   A = gpumat_dist (g, [5 7], [2 3], a);  B = gpumat_dist (g, [7 3], [3 2], b);
%!   assert (gather (gpumat_mul (A, B)), a * b, 7 * eps * norm (a, 1) * norm (b, 1));
%!   assert (gather (gpumat_mul (A, "none", A, "transpose")), a * a.', 7 * eps * norm (a, 1) ^ 2);
%!   Z = gpumat_dist (g, [5 7], [2 3], complex (a, a));
%!   C = gather (gpumat_mul (Z, "ctranspose", A, "none"));
%!   assert (C, complex (a, a)' * a, 16 * eps * norm (a, 1) ^ 2);
%!   S = gather (gpumat_mul (gpumat_dist (g, [5 7], [2 3], single (a)), B));
%!   assert (class (S), "single");
%!   assert (S, single (a * b), 7 * eps ("single") * norm (a, 1) * norm (b, 1));
%!   fail ("gpumat_mul (A, A)", "nonconformant");
%!   fail ("gpumat_mul (A, b)", "both operands must be distributed");
%!   fail ("gpumat_mul (A, B, \"dmma\")", "kernels and options are for gpumat arrays");
%!   gpumat_dist_init ("engine", "summa");
%!   unwind_protect
%!     A2 = gpumat_dist (g, [5 7], [2 3], a);  B2 = gpumat_dist (g, [7 3], [3 2], b);
%!     assert (gather (gpumat_mul (A2, B2)), a * b, 7 * eps * norm (a, 1) * norm (b, 1));
%!     assert (gather (gpumat_mul (Z, "none", A2, "transpose")), complex (a, a) * a.',
%!             16 * eps * norm (a, 1) ^ 2);
%!   unwind_protect_cleanup
%!     gpumat_dist_init ("engine", "");
%!   end_unwind_protect
%!   ## the gateway's own check that a piece holds what its descriptor says, before ScaLAPACK
%!   desc = [1, g.context, 2, 2, 2, 2, 0, 0, 2];
%!   fail ("__gpumat_dist__ (\"gemm\", 0, 78, 78, 2, 2, 2, ones (1, 1), desc, ones (2), desc, desc, 2, 2)",
%!         "A: the local piece \\(1 elements");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
