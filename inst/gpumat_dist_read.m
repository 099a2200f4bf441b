## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{D} =} gpumat_dist_read (@var{grid}, @var{file}, [@var{m}, @var{n}], [@var{mb}, @var{nb}])
## @deftypefnx {} {@var{D} =} gpumat_dist_read (@dots{}, @var{precision})
## A distributed matrix (@code{gpumat_dist}) read from a file of raw column-major values, as
## @code{fwrite (fid, X, @var{precision})} writes an @var{m}-by-@var{n} matrix: each rank reads
## only the blocks it owns (one read per column and row block), so the matrix is never whole in
## any process.  @var{precision} is @qcode{"double"} (default) or @qcode{"single"}; the file
## must hold exactly @var{m}*@var{n} values.  Collective; errors (a missing file, a size that
## does not match) are raised on every rank.
## @seealso{gpumat_dist, gpumat_dist_grid}
## @end deftypefn
function D = gpumat_dist_read (grid, file, sizes, blocks, precision = "double")
  if (nargin < 4)
    print_usage ();
  endif
  D = gpumat_dist (grid, sizes, blocks, @(i, j) read_blocks (file, sizes, i, j, precision));
endfunction

## the rows i (a column) of the columns j (a row) of the m x n matrix in FILE
function X = read_blocks (file, sizes, i, j, precision)
  if (! ischar (file) || ! any (strcmp (precision, {"double", "single"})))
    error ("gpumat:dist:invalidArgument",
           "gpumat_dist_read: FILE must be a file name and PRECISION \"double\" or \"single\"");
  endif
  bytes = 4 + 4 * strcmp (precision, "double");
  m = sizes(1);  n = sizes(2);
  [fid, why] = fopen (file, "r");
  if (fid < 0)
    error ("gpumat:dist:fileError", "gpumat_dist_read: cannot open %s: %s", file, why);
  endif
  unwind_protect
    fseek (fid, 0, SEEK_END);
    if (ftell (fid) != m * n * bytes)
      error ("gpumat:dist:fileError", ["gpumat_dist_read: %s holds %d bytes; a %dx%d %s ", ...
             "matrix takes %d"], file, ftell (fid), m, n, precision, m * n * bytes);
    endif
    X = zeros (numel (i), numel (j), precision);
    ## runs of consecutive rows (the rank's row blocks)
    starts = [1; find(diff (i(:)) != 1) + 1];
    ends = [starts(2:end) - 1; numel(i)];
    for c = 1:numel (j)
      for r = 1:numel (starts)
        len = ends(r) - starts(r) + 1;
        fseek (fid, ((j(c) - 1) * m + i(starts(r)) - 1) * bytes, SEEK_SET);
        X(starts(r):ends(r), c) = fread (fid, len, [precision "=>" precision]);
      endfor
    endfor
  unwind_protect_cleanup
    fclose (fid);
  end_unwind_protect
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   f = [tempname() ".bin"];
%!   X = reshape (sin (1:77), 7, 11);
%!   fid = fopen (f, "w");  fwrite (fid, X, "double");  fclose (fid);
%!   unwind_protect
%!     g = gpumat_dist_grid (1, 1);
%!     assert (gather (gpumat_dist_read (g, f, [7 11], [3 4])), X);
%!     fail ("gpumat_dist_read (g, f, [7 12], [3 4])", "holds 616 bytes");
%!     fail ("gpumat_dist_read (g, [f \"-none\"], [7 11], [3 4])", "cannot open");
%!     fid = fopen (f, "w");  fwrite (fid, X, "single");  fclose (fid);
%!     S = gather (gpumat_dist_read (g, f, [7 11], [3 4], "single"));
%!     assert (class (S), "single");
%!     assert (S, single (X));
%!   unwind_protect_cleanup
%!     delete (f);
%!   end_unwind_protect
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
