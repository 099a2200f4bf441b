## gpu_engine_probe (N, nb [, chunks]): the GPU engine's own breakdown on a 1 x ranks grid, for
## each message size in chunks (bytes; 0: the default)
function gpu_engine_probe (N, nb, chunks = 0)
  info = gpumat_dist_init ("engine", "summa");
  g = gpumat_dist_grid (1, info.size);
  fa = @(i, j) sin (i + 0.5 * j);  fb = @(i, j) cos (i - j);
  A = gpumat_dist (g, [N N], [nb nb], fa);  B = gpumat_dist (g, [N N], [nb nb], fb);
  a = local (A);  b = local (B);
  rowsC = rows (a);  colsC = columns (b);
  for chunk = chunks
  for rep = 1:3
    __gpumat_dist__ ("collect", 0, -1);
    t = tic;
    [c, done, sec] = __gpumat_dist__ ("gemm_gpu", 0, g.context, N, N, N, a, nb, nb, b, nb, nb, ...
                                      rowsC, colsC, chunk);
    __gpumat_dist__ ("collect", 0, -1);
    wall = toc (t);
    printf ("rank %d rep %d N=%d nb=%d chunk %d MB: wall %.3f s (%.1f TFLOP/s), bcast %.3f, worker %.3f, engine %.3f, done %d\n", ...
            info.rank, rep, N, nb, chunk / 2^20, wall, 2 * N ^ 3 / wall / 1e12, sec, done);
  endfor
  endfor
  ## check a few elements of this rank's piece against the exact sums
  cols = find (mod (floor ((0:N-1) / nb), info.size) == info.rank);
  for j = cols([1, end])
    for i = [1, N]
      want = fa (i, 1:N) * fb ((1:N)', j);
      got = c(i, find (cols == j));
      assert (abs (got - want) <= 4 * N * eps * N, "C(%d, %d) = %g, want %g", i, j, got, want);
    endfor
  endfor
  printf ("rank %d: sampled elements match\n", info.rank);
endfunction
