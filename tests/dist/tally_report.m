## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## tally_report (t, rank, label): collective over the run: each rank prints its failures (the
## first 20), rank 0 prints "LABEL: X passed, Y failed" (X: the most any rank passed, Y: the most
## any rank failed), and every rank exits with status 1 where any rank failed.
function tally_report (t, rank, label)
  nfail = numel (t.failures);
  for f = 1:min (nfail, 20)
    printf ("rank %d: FAIL %s\n", rank, t.failures{f});
  endfor
  totals = __gpumat_dist__ ("max", [nfail, t.passed]);
  if (rank == 0)
    printf ("%s: %d passed, %d failed\n", label, totals(2), totals(1));
  endif
  if (totals(1) > 0)
    exit (1);
  endif
endfunction
