## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## gpu_engine_check (P, Q, FAKE): the GPU engine of distributed products (__gpumat_dist__
## ("gemm_gpu", ...)), each product by both of its routes (peer: dist/gm_dist_peer.c;
## broadcasts: dist/gm_dist_gpu.c), on a P x Q grid, on every rank of an mpirun
## (tests/dist/run.sh).  Each rank's piece of C against Octave's own * of the whole matrices:
## double, single and complex of each; sizes with zero dimensions, 1x1 and primes; A's column
## blocks and B's row blocks of different sizes that do not divide k; messages from one row of
## A to the default 256 MB, so that chunks of A and of B's columns end anywhere.  Where the
## chunk cannot hold one row of A, no rank computes (done 0 everywhere).
## FAKE (run.sh's stand-in build, whose "device" is host memory: tests/dist/fake_gpumat.c) adds
## the paths where one rank's device is too small (every rank gets done 0), where one rank's
## product fails (every rank raises gpumat:dist:gpu, none is left waiting) and where one rank
## cannot map the others' memory (every rank takes the broadcasts, or none computes).
## Prints "gpu_engine_check PxQ on N ranks: X passed, Y failed" on rank 0 and exits non-zero on
## every rank where any rank failed.
function gpu_engine_check (P, Q, fake = false)
  info = gpumat_dist_init ();
  g = gpumat_dist_grid (P, Q);
  t = struct ("passed", 0, "failures", {{}});
  shapes = [7 5 9; 13 11 17; 1 1 1; 0 5 3; 5 0 3; 5 4 0; 20 19 23; 3 31 2];
  blocks = [2 3 4 2; 5 5 5 5; 3 2 2 3; 1 7 3 1];          # mbA nbA mbB nbB
  for cls = 0:3
    for s = 1:rows (shapes)
      [m, n, k] = deal (shapes(s, 1), shapes(s, 2), shapes(s, 3));
      bl = blocks(1 + mod (s + cls, rows (blocks)), :);
      a = make (m, k, cls, 1);  b = make (k, n, cls, 2);
      A = gpumat_dist (g, [m k], bl(1:2), @(i, j) a(i, j));
      B = gpumat_dist (g, [k n], bl(3:4), @(i, j) b(i, j));
      es = 8 * (1 + (cls >= 2)) / (1 + mod (cls, 2));
      what = sprintf ("class %d, %dx%dx%d, blocks %s", cls, m, n, k, mat2str (bl));
      t = one_product (t, g, A, B, a, b, cls, 0, 1, [what ", peer route"]);
      for chunk = unique ([0, max(1, k) * es, 3 * max(1, k) * es + 5, 1000])
        t = one_product (t, g, A, B, a, b, cls, chunk, 2, sprintf ("%s, broadcasts of %d bytes",
                         what, chunk));
      endfor
    endfor
  endfor
  ## a chunk smaller than one row of A: no rank computes
  a = make (6, 5, 0, 1);  b = make (5, 4, 0, 2);
  A = gpumat_dist (g, [6 5], [2 2], @(i, j) a(i, j));
  B = gpumat_dist (g, [5 4], [2 2], @(i, j) b(i, j));
  if (g.row >= 0)
    [c, done] = __gpumat_dist__ ("gemm_gpu", 0, g.context, 6, 4, 5, local (A), 2, 2, local (B), ...
                                 2, 2, rows (local (A)), columns (local (B)), 39, 2);
    t = tally_check (t, done == 0 && isempty (c), "a chunk below one row: done %d", done);
    ## either route (the default): the peer route, on one host
    [c, done, ~, route, note] = __gpumat_dist__ ("gemm_gpu", 0, g.context, 6, 4, 5, ...
                                                 local (A), 2, 2, local (B), 2, 2, ...
                                                 rows (local (A)), columns (local (B)));
    t = tally_check (t, done == 1 && route == 1, "either route: done %d, route %d (%s)", done,
                     route, note);
  endif
  if (fake && info.size > 1 && g.row >= 0)
    ## one rank cannot map the others' memory: every rank takes the broadcasts, with the reason
    if (info.rank == 1)
      setenv ("FAKE_GPU_NO_PEER", "1");
    endif
    [c, done, ~, route, note] = __gpumat_dist__ ("gemm_gpu", 0, g.context, 6, 4, 5, ...
                                                 local (A), 2, 2, local (B), 2, 2, ...
                                                 rows (local (A)), columns (local (B)));
    unsetenv ("FAKE_GPU_NO_PEER");
    want = a * b;
    I = local_index (6, 2, g.row, g.P);  J = local_index (4, 2, g.col, g.Q);
    t = tally_check (t, done == 1 && route == 2 && ! isempty (note)
                        && all (abs (c - want(I, J))(:) <= 1e-13),
                     "rank 1 cannot map: done %d, route %d, note '%s'", done, route, note);
    ## ... and with only the peer route allowed, none: done 0 on every rank
    if (info.rank == 1)
      setenv ("FAKE_GPU_NO_PEER", "1");
    endif
    [c, done, ~, route] = __gpumat_dist__ ("gemm_gpu", 0, g.context, 6, 4, 5, local (A), 2, 2, ...
                                           local (B), 2, 2, rows (local (A)), ...
                                           columns (local (B)), 0, 1);
    unsetenv ("FAKE_GPU_NO_PEER");
    t = tally_check (t, done == 0 && route == 0 && isempty (c),
                     "rank 1 cannot map, peer route only: done %d, route %d", done, route);
  endif
  if (fake && info.size > 1 && g.row >= 0)
    ## one rank's device too small: every rank of the grid gets done 0
    if (info.rank == 1)
      setenv ("FAKE_GPU_LIMIT_BYTES", "100");
    endif
    [c, done] = __gpumat_dist__ ("gemm_gpu", 0, g.context, 6, 4, 5, local (A), 2, 2, local (B), ...
                                 2, 2, rows (local (A)), columns (local (B)));
    unsetenv ("FAKE_GPU_LIMIT_BYTES");
    t = tally_check (t, done == 0 && isempty (c), "rank 1's device too small: done %d here", done);
    ## one rank's product fails: every rank of the grid raises, none is left waiting
    if (info.rank == 1)
      setenv ("FAKE_GPU_FAIL_PRODUCT", "1");
    endif
    try
      __gpumat_dist__ ("gemm_gpu", 0, g.context, 6, 4, 5, local (A), 2, 2, local (B), 2, 2, ...
                       rows (local (A)), columns (local (B)));
      t = tally_check (t, false, "a failed product on rank 1 raised no error here");
    catch err
      want = ifelse (info.rank == 1, "the GPU of this rank: product: fake device",
                     "the product failed on the GPU of another rank");
      t = tally_check (t, strcmp (err.identifier, "gpumat:dist:gpu") && ! isempty (strfind (err.message, want)),
                 "a failed product on rank 1: %s: %s", err.identifier, err.message);
    end_try_catch
    unsetenv ("FAKE_GPU_FAIL_PRODUCT");
  endif

  tally_report (t, info.rank, sprintf ("gpu_engine_check %dx%d on %d ranks", P, Q, info.size));
endfunction

## the m x n operand number `which`, of class code cls (complex with nonzero imaginary parts)
function x = make (m, n, cls, which)
  [i, j] = ndgrid (1:m, 1:n);
  x = sin (i + which * j) + 0.25 * which;
  if (cls >= 2)
    x = complex (x, cos (2 * i - j));
  endif
  if (mod (cls, 2))
    x = single (x);
  endif
endfunction

function t = one_product (t, g, A, B, a, b, cls, chunk, routes, what)
  if (g.row < 0)
    return;   # outside the grid: the engine is collective over the grid only
  endif
  sa = struct (A);  sb = struct (B);     # the layout (fields of the class)
  I = local_index (sa.m, sa.mb, g.row, g.P);
  J = local_index (sb.n, sb.nb, g.col, g.Q);
  la = local (A);  lb = local (B);
  if (cls >= 2)
    la = complex (la);  lb = complex (lb);
  endif
  [c, done, ~, route, note] = __gpumat_dist__ ("gemm_gpu", cls, g.context, rows (a), ...
                                               columns (b), columns (a), la, sa.mb, sa.nb, lb, ...
                                               sb.mb, sb.nb, numel (I), numel (J), chunk, routes);
  want = a * b;
  ok = (done == 1 && route == routes && isequal (size (c), [numel(I), numel(J)])
        && strcmp (class (c), class (want)));
  if (ok && ! isempty (c))
    bound = 4 * max (1, columns (a)) * eps (class (want)) * (abs (a) * abs (b))(I, J);
    ok = all (abs (c - want(I, J))(:) <= bound(:) + realmin (class (want)));
  endif
  t = tally_check (t, ok, "%s: done %d, route %d (%s), piece %s of %s", what, done, route, note,
                   mat2str (size (c)), class (c));
endfunction

## the global indices of the rank in place `me` of `procs` along an n-long dimension in blocks
function I = local_index (n, nb, me, procs)
  I = find (mod (floor ((0:n - 1) / nb), procs) == me);
endfunction

