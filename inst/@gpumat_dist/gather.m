## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{X} =} gather (@var{D})
## @deftypefnx {} {@var{X} =} gather (@var{D}, @var{root})
## @deftypefnx {} {@var{X} =} gather (@var{D}, @var{I}, @var{J})
## @deftypefnx {} {@var{X} =} gather (@var{D}, @var{I}, @var{J}, @var{root})
## The distributed matrix @var{D}, or its piece @code{@var{D}(@var{I}, @var{J})} (@var{I} and
## @var{J} global indices, 1-based, or @qcode{":"}; a scalar for one element), as an Octave
## matrix: on every rank, or with @var{root} (a rank, 0-based) on that rank alone (the others
## get @code{[]}).  Only the owners of the piece send: a scalar or a few rows cost a few bytes
## whatever the size of @var{D}.  Collective.  A rank receives at most 2 GB.
## @end deftypefn
function X = gather (D, varargin)
  info = gpumat_dist_init ();
  root = -1;  I = J = [];  whole = true;
  msg = "";
  switch (numel (varargin))
    case 0
    case 1
      root = varargin{1};
    case {2, 3}
      [I, J] = varargin{1:2};  whole = false;
      if (numel (varargin) == 3)
        root = varargin{3};
      endif
    otherwise
      msg = "gather: call it as gather (D), gather (D, ROOT), gather (D, I, J) or gather (D, I, J, ROOT)";
  endswitch
  if (isempty (msg) && ! (isnumeric (root) && isreal (root) && isscalar (root)
                          && root == fix (root) && root >= -1 && root < info.size))
    msg = sprintf ("gather: ROOT must be a rank from 0 to %d", info.size - 1);
  endif
  if (isempty (msg) && ! whole)
    [I, msg] = indices (I, D.m, "I");
    if (isempty (msg))
      [J, msg] = indices (J, D.n, "J");
    endif
  endif
  agree (isempty (msg), "gpumat:dist:invalidArgument", msg);
  same_everywhere ([D.m, D.n, D.mb, D.nb, D.grid.P, D.grid.Q, D.cls, root, whole, ...
                    numel(I), numel(J)], "gather");
  if (whole)
    X = __gpumat_dist__ ("gather", D.cls, D.m, D.n, D.mb, D.nb, D.grid.P, D.grid.Q, D.grid.row,
                         D.grid.col, D.local, double (root));
    return;
  endif
  ## each rank sends the entries of D(I, J) it owns: [count; positions; real parts; imaginary]
  [rows, cols] = local_indices (D.grid, D.m, D.n, D.mb, D.nb);
  at_row = zeros (D.m, 1);  at_row(rows) = 1:numel (rows);
  at_col = zeros (D.n, 1);  at_col(cols) = 1:numel (cols);
  li = at_row(I);  lj = at_col(J);
  pi = find (li);  pj = find (lj);
  v = double (D.local(li(pi), lj(pj)));
  [PI, PJ] = ndgrid (pi, pj);
  pos = sub2ind ([numel(I), numel(J)], PI(:), PJ(:));
  sent = __gpumat_dist__ ("collect", [numel(pos); pos; real(v(:)); imag(v(:))], double (root));
  if (root >= 0 && info.rank != root)
    X = [];
    return;
  endif
  X = zeros (numel (I), numel (J));
  if (D.cls >= 2)
    X = complex (X);
  endif
  at = 1;
  while (at <= numel (sent))
    c = sent(at);
    p = sent(at + 1 : at + c);
    X(p) = complex_if (sent(at + c + 1 : at + 2 * c), sent(at + 2 * c + 1 : at + 3 * c), D.cls >= 2);
    at += 1 + 3 * c;
  endwhile
  if (iscomplex (X) && ! any (imag (X(:))))
    X = real (X);               # as Octave narrows D(I, J) of complex data
  endif
  if (bitand (D.cls, 1))
    X = single (X);
  endif
endfunction

function [g, msg] = indices (x, n, name)
  g = [];  msg = "";
  if (ischar (x) && strcmp (x, ":"))
    g = (1:n)';
  elseif (isnumeric (x) && isreal (x) && isvector (x) || (isnumeric (x) && isempty (x)))
    g = double (x(:));
    if (any (g != fix (g)) || any (g < 1) || any (g > n))
      msg = sprintf ("gather: %s must hold indices from 1 to %d", name, n);
    endif
  else
    msg = sprintf ("gather: %s must be a vector of indices or \":\"", name);
  endif
endfunction

function z = complex_if (re, im, cplx)
  if (cplx)
    z = complex (re, im);
  else
    z = re;
  endif
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   D = gpumat_dist (gpumat_dist_grid (1, 1), [3 2], [2 2], @(i, j) complex (i + 0 * j, j + 0 * i));
%!   assert (gather (D), complex (repmat ((1:3)', 1, 2), repmat (1:2, 3, 1)));
%!   assert (gather (D, 0), gather (D));
%!   assert (gather (D, 2, 1), complex (2, 1));
%!   assert (gather (D, [3 1 3], ":"), complex ([3 3; 1 1; 3 3], [1 2; 1 2; 1 2]));
%!   assert (gather (D, [], 1), zeros (0, 1));
%!   fail ("gather (D, 4, 1)", "I must hold indices from 1 to 3");
%!   fail ("gather (D, 1, 2, 1)", "ROOT must be a rank");
%!   fail ("gather (D, 1)", "ROOT must be a rank");
%!   assert (class (gather (gpumat_dist (gpumat_dist_grid (1, 1), [0 3], [2 2], single (zeros (0, 3))))),
%!           "single");
%! else
%!   fail ("gpumat_dist_grid (1, 1)", "built without MPI");
%! endif
