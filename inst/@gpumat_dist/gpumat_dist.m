## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{D} =} gpumat_dist (@var{grid}, [@var{m}, @var{n}], [@var{mb}, @var{nb}], @var{fun})
## @deftypefnx {} {@var{D} =} gpumat_dist (@var{grid}, [@var{m}, @var{n}], [@var{mb}, @var{nb}], @var{local})
## An @var{m}-by-@var{n} matrix distributed over the process grid @var{grid}
## (@code{gpumat_dist_grid}) in ScaLAPACK's 2-D block-cyclic layout with @var{mb}-by-@var{nb}
## blocks: block (I, J) (0-based) lives on the rank at grid row @code{mod (I, P)} and column
## @code{mod (J, Q)}.  Each rank holds its piece as a plain Octave matrix in ScaLAPACK's local
## storage (@code{local (@var{D})}), which is what ScaLAPACK computes on: no copy is made to
## hand it over.
##
## @var{fun} makes each rank's piece without the whole matrix existing anywhere: it is called
## once on every rank as @code{@var{fun} (@var{i}, @var{j})} with the global indices (1-based)
## of the rows (@var{i}, a column) and the columns (@var{j}, a row) the rank owns, and returns
## the @code{numel (@var{i})}-by-@code{numel (@var{j})} block, for example
## @code{@@(i, j) 1 ./ (i + j - 1)} (Hilbert) or @code{@@(i, j) X(i, j)} for a matrix every rank
## has; @code{gpumat_dist_read} reads each rank's blocks from a file.  @var{local} gives the
## piece itself instead (its size must be the rank's share).
##
## The data are double or single, real or complex (logical and char become double); a rank's
## piece may be empty (a rank outside the grid, or one that owns no block).  Collective: every
## rank calls it with the same sizes.  Errors (@code{gpumat:dist:...}) are raised on every rank.
## @seealso{gpumat_dist_grid, gpumat_dist_read, gpumat_mul, gather}
## @end deftypefn
function D = gpumat_dist (grid, sizes, blocks, fun)
  if (nargin != 4)
    print_usage ();
  endif
  id = "";  msg = "";  piece = [];  m = n = mb = nb = 0;
  try
    [m, n, mb, nb] = check_layout (grid, sizes, blocks);
    [I, J] = local_indices (grid, m, n, mb, nb);
    if (is_function_handle (fun))
      piece = fun (I, J);
    else
      piece = fun;
    endif
    if (islogical (piece) || ischar (piece))
      piece = double (piece);
    endif
    if (! (isfloat (piece) && ismatrix (piece)) || issparse (piece))
      id = "gpumat:dist:invalidClass";
      msg = sprintf ("gpumat_dist: a piece must be a full double or single matrix, not %s",
                     class (piece));
    elseif (! isequal (size (piece), [numel(I), numel(J)]))
      id = "gpumat:dist:invalidSize";
      msg = sprintf ("gpumat_dist: this rank owns %dx%d elements; the piece is %dx%d",
                     numel (I), numel (J), rows (piece), columns (piece));
    endif
  catch err
    id = err.identifier;
    msg = err.message;
  end_try_catch
  if (isempty (id) && ! isempty (msg))
    id = "gpumat:dist:invalidArgument";
  endif
  agree (isempty (msg), id, msg);
  same_everywhere ([m, n, mb, nb, grid.P, grid.Q], "gpumat_dist");
  ## one class on every rank: single where any rank's piece is, complex where any is.  The
  ## class is kept with the matrix, not read from a piece: Octave makes an empty complex piece
  ## real (a rank that owns nothing), and ranks that called ScaLAPACK for different classes
  ## would compute garbage or wait forever.
  kind = __gpumat_dist__ ("max", double ([isa(piece, "single"), iscomplex(piece)]));
  if (kind(1))
    piece = single (piece);
  endif
  if (kind(2))
    piece = complex (piece);
  endif
  ## ScaLAPACK's descriptor: [1 context m n mb nb 0 0 lld], lld = max (1, local rows)
  s = struct ("grid", grid, "m", m, "n", n, "mb", mb, "nb", nb, "local", piece,
              "cls", kind(1) + 2 * kind(2),
              "desc", [1, grid.context, m, n, mb, nb, 0, 0, max(1, rows (piece))]);
  D = class (s, "gpumat_dist");
endfunction

%!error <Invalid call> gpumat_dist (1, 2)
%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   X = reshape (1:35, 5, 7);
%!   D = gpumat_dist (g, [5 7], [2 3], @(i, j) X(i, j));
%!   assert (size (D), [5 7]);
%!   assert (gather (D), X);
%!   assert (local (D), X);
%!   assert (gather (gpumat_dist (g, [5 7], [2 3], X)), X);
%!   fail ("gpumat_dist (g, [5 7], [2 3], ones (2))", "owns 5x7");
%!   fail ("gpumat_dist (g, [5 7], [0 3], X)", "block sizes");
%!   fail ("gpumat_dist (g, [5 Inf], [2 3], X)", "nonnegative integers");
%!   fail ("gpumat_dist (g, [5 7], [2 3], int8 (X))", "int8");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
