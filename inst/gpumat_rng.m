## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {} gpumat_rng (@var{seed})
## @deftypefnx {} {} gpumat_rng ("default")
## @deftypefnx {} {@var{s} =} gpumat_rng ()
## @deftypefnx {} {@var{s} =} gpumat_rng (@var{seed})
## Seed the generator of gpumat's random arrays (@code{gpumat.rand},
## @code{gpumat.randn}), as MATLAB's @code{rng} seeds @code{rand}.
##
## The generator is Philox4x32-10, a counter-based generator: the values of a
## call are a function of the seed and of a counter that each call advances by
## what it used, so consecutive calls give different values, and the same seed
## followed by the same calls gives the same values, bit for bit, on any GPU.
## It is not Octave's generator: @code{gpumat_rng} does not seed @code{rand}, and
## @code{rand ("seed", @dots{})} does not seed gpumat.
##
## @var{seed} is a whole number from 0 to 2^53; @code{gpumat_rng (@var{seed})}
## sets it and puts the counter back to 0.  @code{"default"} is seed 0, the
## generator's state when the package is loaded.  With an output, returns the
## state before the call: a struct with fields @code{Type}
## ("philox4x32-10"), @code{Seed} and @code{Counter} (the Philox blocks used
## since the seed was set: a block gives 2 double or 4 single values).
##
## Uniform values lie in the open interval (0, 1), as Octave's @code{rand}:
## double ones on the 2^52 midpoints @code{(k + 0.5) * 2^-52}, single ones on the
## 2^23 midpoints @code{(k + 0.5) * 2^-23}, never 0 or 1.  Normal values are
## Box-Muller pairs of those uniforms.  Seeding needs no GPU.
##
## @example
## @group
## gpumat_rng (42);
## A = gather (gpumat.rand (3));
## gpumat_rng (42);
## isequal (A, gather (gpumat.rand (3)))    # true
## @end group
## @end example
## @seealso{gpumat, gpumat_reset}
## @end deftypefn

function s = gpumat_rng (seed)
  if (nargout > 0 || nargin == 0)
    s = __gpumat_call__ ("rng", "gpumat_rng");
    s = struct ("Type", "philox4x32-10", "Seed", s.Seed, "Counter", s.Counter);
  endif
  if (nargin == 0)
    return;
  endif
  if (ischar (seed) && strcmp (seed, "default"))
    seed = 0;
  elseif (! (isnumeric (seed) && isreal (seed) && isscalar (seed) && ! issparse (seed)
             && seed >= 0 && seed <= flintmax () && seed == fix (seed)))
    error ("gpumat:rng:invalidSeed",
           "gpumat_rng: SEED must be a whole number from 0 to 2^53, or \"default\"");
  endif
  __gpumat_call__ ("rng", "gpumat_rng", double (seed));
endfunction

## Helpers first (Octave 7.3 needs a %!function before the tests that use it).
%!function R = draw (dist, cls, dims)
%!  G = __gpumat_call__ ("rand", "gpumat.rand", dist, cls, dims);
%!  assert (class (G), "gpumat");
%!  R = gather (G);
%!endfunction

## The Kolmogorov-Smirnov statistic sqrt (n) * D of the sample x against the CDF F.
%!function k = ks_statistic (x, F)
%!  x = sort (double (x(:)));
%!  n = numel (x);
%!  Fx = F (x);
%!  k = sqrt (n) * max (max ((1:n)' / n - Fx), max (Fx - (0:n-1)' / n));
%!endfunction

## Seeding, with no GPU.
%!test
%! old = gpumat_rng ();
%! unwind_protect
%!   gpumat_rng (5);
%!   s = gpumat_rng ();
%!   assert ([s.Seed, s.Counter], [5 0]);
%!   assert (s.Type, "philox4x32-10");
%!   prev = gpumat_rng (single (7));
%!   assert (prev.Seed, 5);
%!   assert (gpumat_rng ().Seed, 7);
%!   gpumat_rng (flintmax ());
%!   assert (gpumat_rng ().Seed, flintmax ());
%!   gpumat_rng (uint8 (3));
%!   assert (gpumat_rng ().Seed, 3);
%!   gpumat_rng ("default");
%!   assert ([gpumat_rng().Seed, gpumat_rng().Counter], [0 0]);
%! unwind_protect_cleanup
%!   gpumat_rng (old.Seed);
%! end_unwind_protect

%!error id=gpumat:rng:invalidSeed gpumat_rng (-1)
%!error id=gpumat:rng:invalidSeed gpumat_rng (1.5)
%!error id=gpumat:rng:invalidSeed gpumat_rng (2^54)
%!error id=gpumat:rng:invalidSeed gpumat_rng (NaN)
%!error id=gpumat:rng:invalidSeed gpumat_rng (Inf)
%!error id=gpumat:rng:invalidSeed gpumat_rng ([1 2])
%!error id=gpumat:rng:invalidSeed gpumat_rng (1 + 2i)
%!error id=gpumat:rng:invalidSeed gpumat_rng ("shuffle")
%!error id=gpumat:rng:invalidSeed gpumat_rng ({1})
%!error <SEED must be a whole number> gpumat_rng (true)
%!error <called with too many inputs> gpumat_rng (1, 2)
## The gateway checks the seed too (a caller other than gpumat_rng).
%!error id=gpumat:rng:invalidSeed __gpumat_call__ ("rng", "x", -3)
%!error id=gpumat:rng:invalidSeed __gpumat_call__ ("rng", "x", 0.25)
%!error id=gpumat:rng:invalidSeed __gpumat_call__ ("rng", "x", "7")
%!error id=Octave:invalid-fun-call __gpumat_call__ ("rng", "x", 1, 2)

## The "rand" command's argument errors are raised before the GPU is touched.
%!error id=gpumat:rand:invalidDist __gpumat_call__ ("rand", "gpumat.rand", "poisson", "double", [2 2])
%!error <DIST must be "uniform" or "normal"> __gpumat_call__ ("rand", "gpumat.rand", "Normal", "double", [2 2])
%!error id=gpumat:rand:invalidDist __gpumat_call__ ("rand", "gpumat.rand", 3, "double", [2 2])
%!error id=gpumat:rand:unsupportedClass __gpumat_call__ ("rand", "gpumat.rand", "uniform", "int8", [2 2])
%!error <CLASS must be "double" or "single"> __gpumat_call__ ("rand", "gpumat.rand", "normal", "logical", [2 2])
%!error id=gpumat:rand:invalidCLASS __gpumat_call__ ("rand", "gpumat.rand", "normal", 1, [2 2])
%!error id=gpumat:rand:invalidSize __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", [-1 2])
%!error id=gpumat:rand:invalidSize __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", [1.5 2])
%!error id=gpumat:rand:invalidSize __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", 3)
%!error id=gpumat:rand:invalidSize __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", [NaN 2])
%!error id=gpumat:rand:invalidSize __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", single ([2 2]))
%!error id=gpumat:rand:invalidSize __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", "ab")
%!error id=gpumat:rand:tooLarge __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", [2^40 2^40])
%!error id=gpumat:rand:tooLarge __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", [2^31 2^31])
%!error id=Octave:invalid-fun-call __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double")

## Empty arrays need no GPU, and use no block of the generator.
%!test
%! s0 = gpumat_rng ();
%! for cls = {"double", "single"}
%!   for dims = {[0 3], [3 0], [0 0], [2 0 4]}
%!     for dist = {"uniform", "normal"}
%!       R = draw (dist{1}, cls{1}, dims{1});
%!       assert (size (R), dims{1});
%!       assert (class (R), cls{1});
%!     endfor
%!   endfor
%! endfor
%! assert (gpumat_rng ().Counter, s0.Counter);

## The same seed gives the same values; consecutive calls differ; the counter advances by the
## blocks used (2 doubles or 4 singles a block); class and size of odd shapes.
%!function gpu_check_01 ()
%! old = gpumat_rng ();
%! unwind_protect
%!   for cls = {"double", "single"}
%!     per = 2 + 2 * strcmp (cls{1}, "single");
%!     for dist = {"uniform", "normal"}
%!       gpumat_rng (42);
%!       A = draw (dist{1}, cls{1}, [37 29]);
%!       assert (gpumat_rng ().Counter, ceil (37 * 29 / per));
%!       B = draw (dist{1}, cls{1}, [37 29]);
%!       assert (gpumat_rng ().Counter, 2 * ceil (37 * 29 / per));
%!       gpumat_rng (42);
%!       C = draw (dist{1}, cls{1}, [37 29]);
%!       assert ([class(A), class(C)], [cls{1}, cls{1}]);
%!       assert (size (A), [37 29]);
%!       assert (isequal (A, C));
%!       assert (all (isfinite (A(:))));
%!       ## Equal values by chance: probability 2^-23 each in single, far less in double.
%!       assert (nnz (A == B) <= 2);
%!       gpumat_rng (43);
%!       assert (nnz (draw (dist{1}, cls{1}, [37 29]) == A) <= 2);
%!       for dims = {[1 1], [1 7], [7 1], [3 5], [2 3 5], [1 1 1 3], [257 3]}
%!         R = draw (dist{1}, cls{1}, dims{1});
%!         assert (size (R), dims{1});
%!         assert (class (R), cls{1});
%!         assert (all (isfinite (R(:))));
%!       endfor
%!     endfor
%!   endfor
%! unwind_protect_cleanup
%!   gpumat_rng (old.Seed);
%! end_unwind_protect
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();

## Statistics of 10^6 samples of each class and distribution.  Each mean and variance bound is
## 6 standard errors of a mean of 10^6 independent terms (uniform: variance 1/12, Var[(u-1/2)^2]
## = 1/180; normal: variance 1, Var[z^2] = 2), which a good generator exceeds with probability
## 2e-9; the Kolmogorov-Smirnov bound sqrt(n) D < 3 with probability 3.0e-8 (the Kolmogorov
## distribution: 2 exp (-18)); the lag-1 correlation within 6 / sqrt (n).  All 16 checks
## together fail a good generator with probability below 2e-7.  A broken one fails: a mean off
## by 0.002 (7 standard errors of the uniform), values repeated in pairs (correlation 0.5), a
## Box-Muller with the wrong angle or a half-open interval piling up at 0 (KS).  Uniform values
## never reach 0 or 1 (the open interval), normal ones stay within the 8.57 that a double u1 of
## at least 2^-53 allows.
%!function gpu_check_02 ()
%! gpumat_rng (20261123);     # reproducible: a failure here fails the same way again
%! n = 1e6;
%! for cls = {"double", "single"}
%!   for dist = {"uniform", "normal"}
%!     x = draw (dist{1}, cls{1}, [n 1]);
%!     assert (class (x), cls{1});
%!     x = double (x);
%!     if (strcmp (dist{1}, "uniform"))
%!       mu = 0.5; v = 1/12; v2 = 1/180; F = @(t) t;
%!       assert (min (x) > 0 && max (x) < 1);
%!     else
%!       mu = 0; v = 1; v2 = 2; F = @(t) 0.5 * erfc (-t / sqrt (2));
%!       assert (max (abs (x)) < 8.6);
%!     endif
%!     d = x - mu;
%!     assert (abs (mean (d)) < 6 * sqrt (v / n), "%s %s: mean", dist{1}, cls{1});
%!     assert (abs (mean (d .^ 2) - v) < 6 * sqrt (v2 / n), "%s %s: variance", dist{1}, cls{1});
%!     assert (abs (mean (d(2:end) .* d(1:end-1))) / v < 6 / sqrt (n - 1),
%!             "%s %s: lag-1 correlation", dist{1}, cls{1});
%!     assert (ks_statistic (x, F) < 3, "%s %s: Kolmogorov-Smirnov", dist{1}, cls{1});
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_02 ();

## Uniform values are on the grid (k + 0.5) * 2^-52 (double), (k + 0.5) * 2^-23 (single).
%!function gpu_check_03 ()
%! x = draw ("uniform", "double", [1 1e5]);
%! assert (all (mod (x * 2^52 - 0.5, 1) == 0));
%! y = double (draw ("uniform", "single", [1 1e5]));
%! assert (all (mod (y * 2^23 - 0.5, 1) == 0));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_03 ();

## An allocation that fails (8 TiB) leaves nothing behind.
%!function gpu_check_04 ()
%! gpumat_reset ();
%! u0 = __gpumat_call__ ("usage", "");
%! try
%!   __gpumat_call__ ("rand", "gpumat.rand", "uniform", "double", [2^20 2^20]);   # 8 TiB
%!   error ("no error");
%! catch err
%!   assert (err.identifier, "gpumat:outOfMemory");
%! end_try_catch
%! u1 = __gpumat_call__ ("usage", "");
%! assert (u1(1:2), u0(1:2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_04 ();

## gpumat.rand and gpumat.randn (gpumat ("rand", ...)): sizes and classes as rand's.
%!test
%! R = gpumat.rand (0, 3);
%! assert (class (R), "gpumat");
%! assert ([size(R), numel(R)], [0 3 0]);
%! assert (classUnderlying (R), "double");
%! R = gpumat.randn (2, 0, "single");
%! assert (size (R), [2 0]);
%! assert (classUnderlying (R), "single");
%! assert (size (gpumat ("rand", [0 2 3])), [0 2 3]);
%!error id=gpumat:rand:unsupportedClass gpumat.rand (0, 3, "int8")
%!function gpu_check_05 ()
%! gpumat_rng (7);
%! A = gpumat.rand (300, 200);
%! assert (class (A), "gpumat");
%! assert (size (A), [300 200]);
%! a = gather (A);
%! assert (all (a(:) > 0 & a(:) < 1));
%! B = gpumat.randn (5, "single");
%! assert (classUnderlying (B), "single");
%! assert (size (B), [5 5]);
%! gpumat_rng (7);
%! assert (gather (gpumat.rand (300, 200)), a);    # the same seed, the same values
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_05 ();
