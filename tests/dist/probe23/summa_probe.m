## summa_probe (N, nb): per-rank breakdown of the Octave-level SUMMA on a 1 x ranks grid
function summa_probe (N, nb)
  info = gpumat_dist_init ("engine", "summa");
  r = info.rank;
  name = "none";  count = 0;
  if (gpumat_available ())
    dev = gpumat_device ();  name = dev.Name;  count = dev.DeviceCount;
  endif
  printf ("rank %d: CUDA_VISIBLE_DEVICES=%s available=%d device=%s count=%d\n", r, ...
          getenv ("CUDA_VISIBLE_DEVICES"), gpumat_available (), name, count);
  g = gpumat_dist_grid (1, info.size);
  fa = @(i, j) sin (i + 0.5 * j);  fb = @(i, j) cos (i - j);
  A = gpumat_dist (g, [N N], [nb nb], fa);  B = gpumat_dist (g, [N N], [nb nb], fb);
  a = local (A);  b = local (B);
  cls = 0;  k = N;  kb = nb;
  rowsC = rows (a);  colsC = columns (b);
  for rep = 1:2
    __gpumat_dist__ ("collect", 0, -1);
    T = zeros (1, 6);  t0 = tic;
    c = gpumat (zeros (rowsC, colsC));
    for K = 0:ceil (k / kb) - 1
      width = min (kb, k - K * kb);
      ownerA = mod (K, g.Q);  ownerB = mod (K, g.P);
      Ap = Bp = [];
      t = tic;
      if (g.col == ownerA)
        first = floor (K / g.Q) * kb;  Ap = a(:, first + (1:width));
      endif
      if (g.row == ownerB)
        first = floor (K / g.P) * kb;  Bp = b(first + (1:width), :);
      endif
      T(1) += toc (t);  t = tic;
      Ap = __gpumat_dist__ ("bcast", cls, g.context, 1, ownerA, Ap, rowsC, width);
      T(2) += toc (t);  t = tic;
      Bp = __gpumat_dist__ ("bcast", cls, g.context, 0, ownerB, Bp, width, colsC);
      T(3) += toc (t);  t = tic;
      Ad = gpumat (Ap);  Bd = gpumat (Bp);
      T(4) += toc (t);  t = tic;
      c = c + Ad * Bd;
      x = gather (c(1));
      T(5) += toc (t);
    endfor
    t = tic;  c = gather (c);  T(6) = toc (t);
    total = toc (t0);
    printf ("rank %d rep %d N=%d nb=%d: total %.3f  slice %.3f bcastA %.3f bcastB %.3f upload %.3f mul+add(sync) %.3f gather %.3f\n", ...
            r, rep, N, nb, total, T);
  endfor
  ## raw rates on this rank
  x = rand (4096, 8192);  t = tic;  for i = 1:3, y = gpumat (x); endfor; z = gather (y(1));
  printf ("rank %d upload 256MB pageable: %.1f GB/s\n", r, 3 * 8 * numel (x) / toc (t) / 1e9);
  t = tic;  for i = 1:3, x2 = gather (y); endfor
  printf ("rank %d download 256MB: %.1f GB/s\n", r, 3 * 8 * numel (x) / toc (t) / 1e9);
  __gpumat_dist__ ("collect", 0, -1);
  t = tic;  for i = 1:3, p = __gpumat_dist__ ("bcast", 0, g.context, 1, 0, x, 4096, 8192); endfor
  printf ("rank %d bcast 256MB: %.1f GB/s\n", r, 3 * 8 * numel (x) / toc (t) / 1e9);
  a1 = rand (8192);  b1 = rand (8192);
  t = tic;  c1 = gpumat (a1) * gpumat (b1);  z = gather (c1(1));  t1 = toc (t);
  t = tic;  c1 = gpumat (a1) * gpumat (b1);  z = gather (c1(1));  t1 = toc (t);
  printf ("rank %d 8192 device product incl upload: %.3f s\n", r, t1);
endfunction
