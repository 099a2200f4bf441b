## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## A fault in queued GPU work, checked in an Octave process of its own (tests/check.sh runs it
## on a machine with a GPU): CUDA documents that a process must be restarted after such a
## sticky error, and on the H100 (driver 580) no new context can be made in it after the reset
## (kernels/memory.cu), so inside the package's test suite this would leave every later GPU
## test skipped.  A kernel that traps is queued by the test-only "fault" command; then:
##  - the next wait raises gpumat:cudaError with CUDA's message and the way out;
##  - gpumat_reset gives the lost context's memory back: nothing is left counted, and the
##    arrays made before are refused (invalidHandle, never a crash);
##  - the next array either works (a driver that allows a new context: products checked, the
##    ones whose kernels set per-context attributes included) or raises gpumat:noDevice saying
##    to restart Octave; gpumat_available () agrees with which, and never throws.
function fault_check ()
  checks = 0;
  gpumat_reset ();
  G = gpumat (rand (64));
  H = G * G;
  __gpumat_call__ ("fault", "");
  try
    K = H + 1;             # may already see the fault, or queue behind it
  catch err
    assert (err.identifier, "gpumat:cudaError");
  end_try_catch
  try
    gpumat_sync ();
    error ("test:noError", "gpumat_sync after a fault did not raise");
  catch err
    assert (err.identifier, "gpumat:cudaError");
    assert (! isempty (strfind (err.message, "gpumat_reset")), err.message);
    assert (! isempty (strfind (err.message, "restart Octave")), err.message);
  end_try_catch
  checks++;
  try
    gather (H);
    error ("test:noError", "gather after a fault did not raise");
  catch err
    assert (err.identifier, "gpumat:cudaError");
  end_try_catch
  checks++;
  gpumat_reset ();
  assert (__gpumat_call__ ("usage", ""), [0 0 0]);
  checks++;
  try
    gather (H);
    error ("test:noError", "an array from before the reset was read");
  catch err
    assert (err.identifier, "gpumat:array:invalidHandle");
  end_try_catch
  try
    G * G;
    error ("test:noError", "an array from before the reset was multiplied");
  catch err
    assert (err.identifier, "gpumat:mul:invalidHandle");
  end_try_catch
  checks++;
  clear G H K              # their delete frees stale handles: harmless
  A0 = rand (300);
  try
    A = gpumat (A0);
    recovered = true;
  catch err
    recovered = false;
    assert (err.identifier, "gpumat:noDevice");
    assert (! isempty (strfind (err.message, "restart the program (Octave)")), err.message);
  end_try_catch
  assert (gpumat_available (), recovered);
  checks++;
  if (recovered)
    C = gather (A * A);    # a large product: a kernel with raised shared memory
    assert (class (C), "double");
    assert (C, A0 * A0, -300 * eps);        # k eps |A||B|, all terms positive
    S = gather (single (A) * single (A));
    assert (class (S), "single");
    As = double (single (A0));
    assert (double (S), As * As, -300 * eps ("single"));
    clear A
    gpumat_reset ();
    assert (__gpumat_call__ ("usage", ""), [0 0 0]);
    checks++;
  endif
  printf ("fault_check: %d checks passed (%s)\n", checks,
          merge (recovered, "a new context after the reset",
                "no new context in this process, as CUDA documents"));
endfunction
