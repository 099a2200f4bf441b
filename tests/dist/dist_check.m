## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## dist_check (P, Q): distributed products (gpumat_dist, gpumat_mul) on a P x Q grid, run on
## every rank of an mpirun (tests/dist/run.sh).  Checks against Octave's own * on the host:
## every op pair, double, single, complex and mixed classes, sizes with zero dimensions, 1x1,
## primes, block sizes that do not divide them and ranks that own nothing; gather of the whole
## and of pieces, to all and to one rank, exactly; gpumat_dist_read from a file; and that errors (nonconformant, mixed operands, bad input on one rank
## only, ranks that disagree on sizes) are raised on every rank with no rank left waiting.
## ENGINE (optional): a library for gpumat_dist_init ("engine", ENGINE), run.sh gives one run the
## ScaLAPACK library itself by path, so that the engine's loading is checked.
## Prints "dist_check PxQ on N ranks: X passed, Y failed" on rank 0, the failures of each rank,
## and exits non-zero on every rank where any rank failed.
function dist_check (P, Q, engine = "")
  launcher_gpu = getenv ("CUDA_VISIBLE_DEVICES");
  info = gpumat_dist_init ();
  if (! isempty (engine))
    info = gpumat_dist_init ("engine", engine);
  endif
  g = gpumat_dist_grid (P, Q);
  t = struct ("passed", 0, "failures", {{}});
  t = tally_check (t, strcmp (info.engine, ifelse (isempty (engine), "ScaLAPACK (linked)", engine)),
             "engine '%s', want '%s'", info.engine, engine);
  ## each rank's GPU: the launcher's choice, or the host's GPUs (nvidia-smi -L) by local rank;
  ## run.sh gives one run a stand-in nvidia-smi that lists two
  [status, listing] = system ("nvidia-smi -L 2>/dev/null");
  gpus = 0;
  if (status == 0)
    gpus = numel (regexp (listing, '^GPU \d+:', "lineanchors"));
  endif
  ## (the rank's own first, then the others: CUDA's device 0 is its own, the rest reachable)
  if (! isempty (launcher_gpu))
    want = launcher_gpu;  want_visible = launcher_gpu;
  elseif (gpus > 0)
    own = mod (info.local_rank, gpus);
    want = sprintf ("%d", own);
    want_visible = strjoin (arrayfun (@(d) sprintf ("%d", d), [own, setdiff(0:gpus - 1, own)],
                                      "uniformoutput", false), ",");
  else
    want = "";  want_visible = "";
  endif
  t = tally_check (t, strcmp (info.gpu, want)
                      && strcmp (getenv ("CUDA_VISIBLE_DEVICES"), want_visible),
             ["rank %d (local %d of %d, %d GPUs): gpu '%s', CUDA_VISIBLE_DEVICES '%s', ", ...
              "want '%s', '%s'"],
             info.rank, info.local_rank, info.local_size, gpus, info.gpu,
             getenv ("CUDA_VISIBLE_DEVICES"), want, want_visible);

  full_of = @(f, r, c) f ((1:r)', 1:c);

  ## m, k, n and the block sizes of A (as stored) and B (as stored)
  shapes = {[7 5 6],    [2 3], [3 2];
            [1 1 1],    [1 1], [1 1];
            [13 11 17], [4 3], [3 5];
            [3 2 5],    [4 4], [4 4];       # blocks past the sizes: some ranks own nothing
            [0 4 3],    [2 2], [2 2];
            [5 0 4],    [2 2], [2 2];
            [6 7 0],    [3 3], [3 3];
            [31 29 23], [8 8], [8 8]};
  ops = {"none", "none"; "transpose", "none"; "none", "transpose"; "ctranspose", "none";
         "none", "ctranspose"; "transpose", "ctranspose"};
  classes = {"double", false, "double", false;
             "single", false, "single", false;
             "double", true,  "double", true;
             "single", true,  "single", true;
             "double", false, "double", true;     # real times complex
             "double", false, "single", false};   # double times single: single
  for s = 1:rows (shapes)
    mkn = shapes{s, 1};
    for o = 1:rows (ops)
      for c = 1:rows (classes)
        [cla, cxa, clb, cxb] = classes{c, :};
        opa = ops{o, 1};  opb = ops{o, 2};
        ## stored sizes: op(A) is m x k, op(B) is k x n
        sa = [mkn(1), mkn(2)];  sb = [mkn(2), mkn(3)];
        if (! strcmp (opa, "none"))
          sa = fliplr (sa);
        endif
        if (! strcmp (opb, "none"))
          sb = fliplr (sb);
        endif
        fa = maker (1.3, cla, cxa);  fb = maker (0.9, clb, cxb);
        A = gpumat_dist (g, sa, shapes{s, 2}, fa);
        B = gpumat_dist (g, sb, shapes{s, 3}, fb);
        C = gpumat_mul (A, opa, B, opb);
        X = gather (C);
        a = full_of (fa, sa(1), sa(2));  b = full_of (fb, sb(1), sb(2));
        H = apply (a, opa) * apply (b, opb);
        what = sprintf ("%s%s %s x %s%s %s, %dx%dx%d", cla, ifelse (cxa, " complex", ""), opa,
                        clb, ifelse (cxb, " complex", ""), opb, mkn);
        t = tally_check (t, strcmp (class (X), class (H)), "%s: class %s, host %s", what, class (X), class (H));
        t = tally_check (t, isequal (size (X), size (H)), "%s: size %s, host %s", what, mat2str (size (X)),
               mat2str (size (H)));
        t = tally_check (t, iscomplex (X) == iscomplex (H) || all (imag (H(:)) == 0),
               "%s: complexity %d, host %d", what, iscomplex (X), iscomplex (H));
        k = mkn(2);
        e = eps (class (H));
        if (iscomplex (H))
          bound = 2 * (k + 1) * e * (abs (double (apply (a, opa))) * abs (double (apply (b, opb))));
        else
          bound = k * e * (abs (double (apply (a, opa))) * abs (double (apply (b, opb))));
        endif
        if (isequal (size (X), size (H)))
          err = abs (double (X) - double (H));
          t = tally_check (t, all (err(:) <= bound(:) + realmin), "%s: error %g past the bound", what,
                 max ([0; err(:) - bound(:)]));
        endif
      endfor
    endfor
  endfor

  ## NaN and Inf: the host's pattern (a NaN row, a row of signed Inf), finite values in bound
  an = sin (1.3 * (1:6)' + 0.7 * (1:4));  an(2, 3) = NaN;  an(5, 1) = Inf;
  AN = gpumat_dist (g, [6 4], [2 3], @(i, j) an(i, j));
  BN = gpumat_dist (g, [4 5], [3 2], @(i, j) cos (0.9 * i - j));
  XN = gather (AN * BN);
  HN = an * cos (0.9 * (1:4)' - (1:5));
  t = tally_check (t, isequal (isnan (XN), isnan (HN)) && isequal (XN(isinf (HN)), HN(isinf (HN))),
             "NaN and Inf pattern of a product");
  fin = isfinite (HN);
  t = tally_check (t, all (abs (XN(fin) - HN(fin)) <= 4 * eps * 4 * 4), "finite values beside NaN and Inf");
  ## gather: to every rank and to one, exactly; a piece given directly
  Z = reshape (1:63, 7, 9) + 0.5i;
  D = gpumat_dist (g, [7 9], [3 2], @(i, j) Z(i, j));
  t = tally_check (t, isequal (gather (D), Z), "gather to all");
  for root = 0:info.size - 1
    Y = gather (D, root);
    t = tally_check (t, isequal (Y, ifelse (info.rank == root, Z, zeros (0, 0))), "gather to rank %d", root);
  endfor
  ## pieces and single elements, from their owners only
  t = tally_check (t, isequal (gather (D, 5, 8), Z(5, 8)), "gather of one element");
  t = tally_check (t, isequal (gather (D, [7 1 4], [2 9 9 3]), Z([7 1 4], [2 9 9 3])), "gather of a piece");
  for root = 0:info.size - 1
    Y = gather (D, ":", 4, root);
    t = tally_check (t, isequal (Y, ifelse (info.rank == root, Z(:, 4), [])), "a column to rank %d", root);
  endfor
  S = gpumat_dist (g, [5 6], [2 2], @(i, j) single (i - 2 * j));
  t = tally_check (t, isequal (gather (S, 2:4, [6 1]), single ((2:4)' - 2 * [6 1])), "a single piece");
  ## a matrix read from a file, each rank its own blocks (rank 0 writes it; the file's name is
  ## rank 0's process id, which every rank learns)
  pids = __gpumat_dist__ ("collect", getpid (), -1);
  file = fullfile (tempdir (), sprintf ("gpumat-dist-check-%d.bin", pids(1)));
  W = reshape (cos (1:143), 11, 13);
  if (info.rank == 0)
    fid = fopen (file, "w");  fwrite (fid, W, "double");  fclose (fid);
  endif
  __gpumat_dist__ ("collect", 0, -1);           # every rank waits for the file
  R = gpumat_dist_read (g, file, [11 13], [4 3]);
  t = tally_check (t, isequal (gather (R), W), "gpumat_dist_read");
  t = expect_error (t, @() gpumat_dist_read (g, file, [11 14], [4 3]), "gpumat:dist:fileError",
                    "gpumat_dist_read of the wrong size");
  __gpumat_dist__ ("collect", 0, -1);
  if (info.rank == 0)
    delete (file);
  endif
  ## transposes (p?tran), real and complex, blocks turned
  t = tally_check (t, isequal (gather (D.'), Z.'), "D.'");
  t = tally_check (t, isequal (gather (D'), Z'), "D'");
  t = tally_check (t, isequal (size (D'), [9 7]), "size (D')");
  S2 = gpumat_dist (g, [5 6], [2 2], @(i, j) single (i - 2 * j));
  t = tally_check (t, isequal (gather (S2'), single ((1:5)' - 2 * (1:6))'), "a single matrix's transpose");
  ## isequal, the same answer on every rank (one rank's piece differs in F)
  t = tally_check (t, isequal (D, gpumat_dist (g, [7 9], [3 2], @(i, j) Z(i, j))), "isequal, equal");
  F = gpumat_dist (g, [7 9], [3 2], @(i, j) Z(i, j) + (i == 7 & j == 9));
  t = tally_check (t, ! isequal (D, F), "isequal, one element differs");
  t = tally_check (t, isequal (D, gpumat_dist (g, [7 9], [2 4], @(i, j) Z(i, j))), "isequal, other blocks");
  t = tally_check (t, isempty (gpumat_dist (g, [0 4], [2 2], @(i, j) zeros (numel (i), numel (j))))
                && ! isempty (D), "isempty");
  t = expect_error (t, @() any (D), "gpumat:dist:unsupported", "any");
  E = gpumat_dist (g, [7 9], [3 2], local (D));
  t = tally_check (t, isequal (gather (E), Z), "a distributed matrix from its local pieces");
  t = tally_check (t, isequal (gather (gpumat_mul (D, "none", E, "transpose")), Z * Z.'),
             "D E.' (exact: small integers)");
  t = tally_check (t, isequal (gather (D * gpumat_dist (g, [9 2], [2 2], @(i, j) i - j)),
                         Z * ((1:9)' - (1:2))), "D * F by mtimes");
  t = tally_check (t, isequal (size (D), [7 9]), "size");

  ## errors: raised on every rank, with an identifier, no rank left waiting
  t = expect_error (t, @() gpumat_mul (D, D), "gpumat:dist:nonconformant", "nonconformant");
  t = expect_error (t, @() gpumat_mul (D, ones (9, 2)), "gpumat:dist:mixedOperands", "host operand");
  t = expect_error (t, @() gpumat_mul (D, "sideways", D, "none"), "gpumat:dist:invalidArgument",
                "unknown operation");
  ## bad input on the last rank only
  last = info.size - 1;
  t = expect_error (t, @() gpumat_dist (g, [7 9], [3 2], ifelse (info.rank == last, ones (1, 1),
                                                                  local (D))),
                    "gpumat:dist:invalidSize", "a wrong piece on one rank");
  ## ranks that disagree on the size (each piece right for its own claim)
  if (info.size > 1)
    mm = 7 + (info.rank == last);
    t = expect_error (t, @() gpumat_dist (g, [mm 9], [3 2], @(i, j) i + j), "gpumat:dist:mismatch",
                  "ranks that disagree");
  endif
  t = expect_error (t, @() gpumat_dist_grid (info.size + 1, 1), "gpumat:dist:gridTooLarge",
                "a grid larger than the run");
  t = expect_error (t, @() gather (D, info.size), "gpumat:dist:invalidArgument", "gather to no rank");
  t = expect_error (t, @() gpumat_dist (g, [7 9], [3 2], @(i, j) int8 (i + j)), "gpumat:dist:invalidClass",
                "an integer piece");

  ## the summary: rank 0 prints; every rank learns whether any failed
  tally_report (t, info.rank, sprintf ("dist_check %dx%d on %d ranks", P, Q, info.size));

endfunction

function y = apply (x, op)
  switch (op)
    case "none"
      y = x;
    case "transpose"
      y = x.';
    otherwise
      y = x';
  endswitch
endfunction

function v = ifelse (c, a, b)
  if (c)
    v = a;
  else
    v = b;
  endif
endfunction


function t = expect_error (t, f, want_id, what)
  got = "";
  try
    f ();
  catch err
    got = err.identifier;
  end_try_catch
  t = tally_check (t, strcmp (got, want_id), "%s: error '%s', want '%s'", what, got, want_id);
endfunction

## the entries of the test matrices, a function of the global indices (so that each rank makes
## its own piece and every rank can make the whole matrix for the reference)
function f = maker (s, cls, cplx)
  if (cplx)
    f = @(i, j) cast (complex (sin (s * i + 0.7 * j) + 0.1 * (i == j), cos (0.3 * s * i - j)), cls);
  else
    f = @(i, j) cast (sin (s * i + 0.7 * j) + 0.1 * (i == j), cls);
  endif
endfunction
