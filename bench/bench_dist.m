## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## bench_dist (MODE, N, NB, CSV [, ENGINE]): issue 35's measurement from Octave, one half per call
## (bench/bench_dist.sh runs both and prints the ratio).
##   MODE "single": one process multiplies the N x N double host matrices A * B, with
##     gpumat_mul on every GPU of the host ("devices", 0:G-1) where there is one, else Octave's *;
##   MODE "dist": under mpirun, the same matrices distributed in NB x NB blocks on a 1 x (ranks)
##     grid (each rank makes its blocks), C = A * B through gpumat_dist, with ENGINE if given
##     (gpumat_dist_init ("engine", ENGINE): "summa" for the local products on each rank's GPU).
## A(i, j) = sin (i + 0.5 j), B(i, j) = cos (i - j), so both halves multiply the same matrices; the
## distributed C is checked at sampled elements against the exact sum.  Median of 3 timed
## products after a warm-up; appends "mode,ranks,N,NB,seconds,TFLOP/s" to CSV (rank 0).
function bench_dist (mode, N, nb, csv, engine = "")
  if (strcmp (mode, "dist"))
    ## before anything uses a GPU: each rank takes its own (gpumat_dist_init's help)
    info = gpumat_dist_init ();
  endif
  ## made on the GPU where there is one (the host takes 30 s for each 40000^2 matrix)
  if (gpumat_available ())
    fa = @(i, j) gather (sin (gpumat (i) + 0.5 * gpumat (j)));
    fb = @(i, j) gather (cos (gpumat (i) - gpumat (j)));
  else
    fa = @(i, j) sin (i + 0.5 * j);
    fb = @(i, j) cos (i - j);
  endif
  reps = 3;
  t = zeros (1, reps);
  switch (mode)
    case "single"
      ranks = 1;
      A = fa ((1:N)', 1:N);  B = fb ((1:N)', 1:N);
      if (gpumat_available ())
        devs = 0:gpumat_device ().DeviceCount - 1;
        mul = @() gpumat_mul (A, B, "devices", devs);
        how = sprintf ("gpumat_mul on %d GPU(s)", numel (devs));
      else
        mul = @() A * B;
        how = "Octave's * (no GPU)";
      endif
      C = mul ();
      for r = 1:reps
        tic;  C = mul ();  t(r) = toc;
      endfor
      check_samples (C, fa, fb, N);
      rank = 0;
    case "dist"
      if (! isempty (engine))
        info = gpumat_dist_init ("engine", engine);
      endif
      ranks = info.size;  rank = info.rank;
      g = gpumat_dist_grid (1, ranks);
      A = gpumat_dist (g, [N N], [nb nb], fa);
      B = gpumat_dist (g, [N N], [nb nb], fb);
      C = A * B;
      for r = 1:reps
        __gpumat_dist__ ("collect", 0, -1);          # every rank starts together
        tic;  C = A * B;  __gpumat_dist__ ("collect", 0, -1);  t(r) = toc;
      endfor
      [i, j] = sample (N);
      for s = 1:numel (i)
        v = gather (C, i(s), j(s));
        if (rank == 0)
          want = fa (i(s), 1:N) * fb ((1:N)', j(s));
          assert (abs (v - want) <= 4 * N * eps * N, "C(%d, %d) = %g, want %g", i(s), j(s), v,
                  want);
        endif
      endfor
      how = sprintf ("engine %s, %d ranks, %dx%d blocks", info.engine, ranks, nb, nb);
      if (strcmp (info.engine, "summa") && gpumat_available ())
        ## the GPU engine's own figures, one more product: its route, and on each rank the
        ## exchange's seconds and the GPU's busy time within the call
        sa = struct (A);  sb = struct (B);
        [~, done, sec, route, note] = __gpumat_dist__ ("gemm_gpu", 0, g.context, N, N, N, ...
                                                       local (A), sa.mb, sa.nb, local (B), ...
                                                       sb.mb, sb.nb, rows (local (A)), ...
                                                       columns (local (B)));
        all_sec = __gpumat_dist__ ("collect", sec(:)', -1);
        if (rank == 0)
          names = {"none", "peer", "broadcast"};
          printf ("engine: route %s%s\n", names{route + 1}, ifelse (isempty (note), "",
                  [" (" note ")"]));
          for r = 0:ranks - 1
            x = all_sec(3 * r + (1:3));
            printf ("engine rank %d: exchange %.3f s, GPU busy %.3f s of %.3f s (%.1f%%)\n", r,
                    x(1), x(2), x(3), 100 * x(2) / x(3));
          endfor
        endif
      endif
    otherwise
      error ("bench_dist: MODE is \"single\" or \"dist\"");
  endswitch
  if (rank == 0)
    sec = median (t);
    printf ("%-6s %d rank(s) N=%d: %.3f s, %.2f TFLOP/s (%s)\n", mode, ranks, N, sec,
            2 * N ^ 3 / sec / 1e12, how);
    fid = fopen (csv, "a");
    fprintf (fid, "%s,%d,%d,%d,%.6f,%.4f\n", mode, ranks, N, nb, sec, 2 * N ^ 3 / sec / 1e12);
    fclose (fid);
  endif
endfunction

function [i, j] = sample (N)
  i = unique ([1, N, ceil(N / 3), ceil(2 * N / 3)]);
  j = unique ([1, N, ceil(N / 2), ceil(N / 5)]);
  i = i(1:min (numel (i), numel (j)));  j = j(1:numel (i));
endfunction

function check_samples (C, fa, fb, N)
  [i, j] = sample (N);
  for s = 1:numel (i)
    want = fa (i(s), 1:N) * fb ((1:N)', j(s));
    assert (abs (C(i(s), j(s)) - want) <= 4 * N * eps * N, "C(%d, %d) = %g, want %g", i(s),
            j(s), C(i(s), j(s)), want);
  endfor
endfunction
