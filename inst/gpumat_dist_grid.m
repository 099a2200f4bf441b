## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{grid} =} gpumat_dist_grid (@var{P}, @var{Q})
## A @var{P}-by-@var{Q} process grid (a BLACS grid) over the ranks 0 to @var{P}*@var{Q}-1, row
## by row: rank @var{r} is at row @code{floor (@var{r}/@var{Q})}, column
## @code{mod (@var{r}, @var{Q})}.  Ranks past @var{P}*@var{Q} are outside the grid: they take
## part in every collective call and own nothing (@code{@var{grid}.row} is -1).
##
## Collective.  Starts MPI if @code{gpumat_dist_init} has not.  @var{grid} is a struct with
## @code{P}, @code{Q}, @code{row}, @code{col} (0-based), @code{context} (ScaLAPACK's) and
## @code{rank} and @code{size}.  Square-ish grids suit products best (@var{P} near @var{Q}).
## @seealso{gpumat_dist_init, gpumat_dist}
## @end deftypefn
function grid = gpumat_dist_grid (P, Q)
  if (nargin != 2)
    print_usage ();
  endif
  info = gpumat_dist_init ();
  bad = @(x) ! (isnumeric (x) && isreal (x) && isscalar (x) && isfinite (x) && x == fix (x)
                && x >= 1);
  msg = "";
  if (bad (P) || bad (Q))
    msg = "gpumat_dist_grid: P and Q must be positive integers";
  endif
  __gpumat_dist__ ("agree", double (isempty (msg)), "gpumat:dist:invalidArgument", msg);
  if (! __gpumat_dist__ ("same", double ([P, Q])))
    error ("gpumat:dist:mismatch", "gpumat_dist_grid: the ranks asked for different grids");
  endif
  v = __gpumat_dist__ ("grid", double (P), double (Q));
  grid = struct ("P", double (P), "Q", double (Q), "row", v(2), "col", v(3), "context", v(1),
                 "rank", info.rank, "size", info.size);
endfunction

%!error <Invalid call> gpumat_dist_grid (1)
%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   g = gpumat_dist_grid (1, 1);
%!   assert ([g.P, g.Q], [1 1]);
%!   if (g.rank == 0)
%!     assert ([g.row, g.col], [0 0]);
%!   endif
%!   fail ("gpumat_dist_grid (0, 1)", "positive integers");
%!   fail ("gpumat_dist_grid (Inf, 1)", "positive integers");
%!   fail ("gpumat_dist_grid (2, 1)", "needs 2 ranks");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
