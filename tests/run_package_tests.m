## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} run_package_tests (@var{summary_file})
## Run every test of the installed gpumat package through @code{__run_test_suite__}
## and write "passed failed skipped expected gpu" to @var{summary_file}.
##
## Guards against the two ways Octave 7.3 hides failures: @code{pkg test}
## exits 0 whatever happens, and a @code{%!testif} condition that throws ends
## the run quietly with nothing counted.  So the blocks in the files are counted
## too, and every block that did not run is counted as failed.
## @end deftypefn

function run_package_tests (summary_file)
  list = pkg ("list", "gpumat");
  if (isempty (list))
    error ("run_package_tests: gpumat is not installed");
  endif
  info = list{1};
  gpu = gpumat_available ();
  if (gpu)
    d = gpumat_device ();
    printf ("GPU: %s (compute capability %s, driver %s, runtime %s)\n", d.Name,
            d.ComputeCapability, d.DriverVersion, d.RuntimeVersion);
  else
    printf ("No usable GPU: GPU tests will be skipped.\n");
  endif
  dirs = unique ({info.dir, info.archprefix});
  ## The suite's own report (a line a file, Octave's advice on files without tests, the
  ## dependencies of Octave's build) is kept for when something failed; every block's result
  ## is in fntests.log either way.
  printf ("running the %%! tests of the installed package (every result: %s)\n",
          fullfile (pwd (), "fntests.log"));
  report = evalc ("[np, nf, nxf, nxb, nsk, nrtsk, nrg] = __run_test_suite__ (dirs, {});");
  if (nf + nrg > 0)
    printf ("%s", report);
  endif
  ran = np + nf + nxf + nxb + nsk + nrtsk + nrg;
  expected = count_test_blocks (info.dir);
  missing = max (0, expected - ran);
  if (missing > 0)
    printf ("ERROR: %d test blocks were found but only %d ran: the run stopped early\n",
            expected, ran);
  endif
  failed = nf + nrg + missing;
  fid = fopen (summary_file, "w");
  fprintf (fid, "%d %d %d %d %d\n", np, failed, nsk + nrtsk, expected, gpu);
  fclose (fid);
  printf ("octave: %d passed, %d failed, %d skipped (%d test blocks)\n", np, failed,
          nsk + nrtsk, expected);
endfunction

function n = count_test_blocks (dir)
  n = 0;
  files = dir_m_files (dir);
  for i = 1:numel (files)
    text = fileread (files{i});
    n += numel (regexp (text, '^%!(test|testif|assert|error|fail|warning|xtest)\>',
                        "lineanchors"));
  endfor
endfunction

function files = dir_m_files (d)
  entries = dir (fullfile (d, "*.m"));
  files = cellfun (@(f) fullfile (d, f), {entries.name}, "uniformoutput", false);
endfunction
