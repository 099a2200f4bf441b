## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## T = dist_transpose (D, conjugate): D.' (or D' with conjugate) as a distributed matrix on D's
## grid, its blocks D's blocks turned (nb x mb), through ScaLAPACK's p?tran (collective)
function T = dist_transpose (D, conjugate)
  g = D.grid;
  rowsT = local_count (D.n, D.nb, g.row, g.P);
  colsT = local_count (D.m, D.mb, g.col, g.Q);
  descT = [1, g.context, D.n, D.m, D.nb, D.mb, 0, 0, max(1, rowsT)];
  t = __gpumat_dist__ ("tran", D.cls, double (conjugate), D.n, D.m, D.local, D.desc, descT,
                       rowsT, colsT);
  T = gpumat_dist (g, [D.n, D.m], [D.nb, D.mb], t);
endfunction
