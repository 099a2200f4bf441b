## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Y} =} fft (@var{G})
## @deftypefnx {} {@var{Y} =} fft (@var{G}, @var{n})
## @deftypefnx {} {@var{Y} =} fft (@var{G}, @var{n}, @var{dim})
## Octave's @code{fft} of a gpumat array, on the GPU through NVIDIA's cuFFT: the
## discrete Fourier transform of each vector of @var{G} along dimension @var{dim} (by default the
## first whose length is not 1), zero-padded or truncated to @var{n} points first (@var{n}
## empty or left out: the vectors' own length).
##
## The result follows Octave 7.3: a gpumat array of complex data in the precision of @var{G}
## (single for single data, double for double, logical and integer data), narrowed to real
## where every imaginary part is exactly zero, as Octave narrows; empty and real when @var{n} is
## 0 or the result has no elements; with @var{n} = 1, the first elements of @var{G} along
## @var{dim} as they are (their class kept), as Octave returns them.  @var{n} and @var{dim} are
## read and refused as Octave reads them, with its messages.  The elements agree with Octave's
## (FFTW's) within the rounding of an FFT, about log2 (@var{n}) eps times the size of the data;
## so whether a result whose exact imaginary parts all vanish comes out real (@code{ifft} of
## conjugate-symmetric data) depends on the rounding, on the GPU as with FFTW in Octave.
##
## NVIDIA's cuFFT library (libcufft, part of the CUDA toolkit) is loaded at the first transform;
## where it is missing, the error @code{gpumat:fft:noCufft} says which file and what to install.
## Its plans are kept for the next call of the same shape; @code{gpumat_reset} frees them.
## @seealso{ifft, fft2, fftn, gpumat}
## @end deftypefn

function Y = fft (X, varargin)
  if (nargin < 1 || nargin > 3)
    print_usage ();
  endif
  Y = fourier ("fft", 1, false, X, varargin);
endfunction

%!error <Invalid call to fft> fft (gpumat (zeros (0, 3)), 1, 2, 3)
%!error <fft: number of points \(N\) cannot be NaN> fft (gpumat (zeros (0, 3)), NaN)
%!error <fft: number of points \(N\) must be greater than zero> fft (gpumat (zeros (0, 3)), -1)
%!error <fft: number of points \(N\) must be greater than zero> fft (gpumat (zeros (0, 3)), -0.5)
%!error <fft: DIM cannot be NaN> fft (gpumat (zeros (0, 3)), [], NaN)
%!error <fft: DIM must be a valid dimension along which to perform FFT> fft (gpumat (zeros (0, 3)), [], 3)
%!error <fft: DIM must be a valid dimension along which to perform FFT> fft (gpumat (zeros (0, 3)), [], 0.5)
%!error <invalid conversion from string to real scalar> fft (gpumat (zeros (0, 3)), "a")
%!error <wrong type argument 'cell'> fft (gpumat (zeros (0, 3)), [], {})
%!error <invalid conversion from real matrix to real scalar> fft (gpumat (zeros (0, 3)), [], [])
%!error <out of memory or dimension too large> fft (gpumat (zeros (0, 3)), Inf)
%!error <index \(1,_\): out of bound 0> fft (gpumat (zeros (0, 3)), 1)

## Empty results need no GPU: sizes and classes against Octave's own.
%!function check_empty (x, varargin)
%!  y = fft (gpumat (x), varargin{:});
%!  h = fft (x, varargin{:});
%!  assert (isgpuarray (y));
%!  assert (size (y), size (h));
%!  assert (classUnderlying (y), class (h));
%!  assert (isreal (y));
%!endfunction
%!test
%! check_empty (zeros (0, 3));
%! check_empty (zeros (3, 0));
%! check_empty (zeros (0, 3, "single"));
%! check_empty (complex (zeros (0, 3)));
%! check_empty (zeros (3, 0), 0);
%! check_empty (zeros (3, 0), 0.4);
%! check_empty (zeros (0, 3), [], 2);
%! check_empty (zeros (2, 0, 3), [], 3);
%! check_empty (zeros (2, 0, 3), 5, 1);
%! check_empty (zeros (0, 2, "int8"));
%! check_empty (false (0, 2));

## On the GPU: against Octave's own (FFTW), within an FFT's rounding.
%!function check_gpu (x, varargin)
%!  g = fft (gpumat (x), varargin{:});
%!  h = fft (x, varargin{:});
%!  assert (isgpuarray (g));
%!  y = gather (g);
%!  assert (class (y), class (h));
%!  assert (size (y), size (h));
%!  assert (iscomplex (y), iscomplex (h));
%!  e = 0;                       # an integer or logical result (N = 1) is exact
%!  if (isfloat (h))
%!    e = eps (class (h));
%!  endif
%!  tol = 8 * numel (h) * e * max ([abs(double (x(:))); 1]);
%!  assert (double (y), double (h), tol);
%!endfunction
%!testif ; gpumat_available ()
%! x = sin ((1:13)' * (1:7) / 3) + cos ((1:13)');
%! check_gpu (x);
%! check_gpu (x, [], 2);
%! check_gpu (x, 16);
%! check_gpu (x, 5);
%! check_gpu (x, 11, 2);
%! check_gpu (x(2, :));
%! check_gpu (x(:, 3)', 9);
%! check_gpu (single (x));
%! check_gpu (complex (x, x .^ 2));
%! check_gpu (single (complex (x, 1)), [], 2);
%! check_gpu (int16 (10 * x));
%! check_gpu (x > 0.5);
%! check_gpu (reshape (1:60, 3, 4, 5), [], 3);
%! check_gpu (reshape (1:60, 3, 4, 5), 6, 2);
%! check_gpu (reshape (sin (1:210), 5, 6, 7), [], 2);
%! check_gpu (x, 1);
%! check_gpu (int8 (10 * x), 1, 2);
%! check_gpu (complex ([1 2], 0), 1);
%! check_gpu ([1 1]);
%! check_gpu (7);
%! check_gpu (x, 0);
%!testif ; gpumat_available ()
%! ## the round trip, and the view G' laid out first
%! x = reshape (cos (1:84), 12, 7);
%! G = gpumat (x);
%! assert (gather (real (ifft (fft (G)))), x, 1e-14);
%! assert (gather (fft (G')), fft (x'), 1e-13);
