## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Y} =} fft2 (@var{G})
## @deftypefnx {} {@var{Y} =} fft2 (@var{G}, @var{m})
## @deftypefnx {} {@var{Y} =} fft2 (@var{G}, @var{m}, @var{n})
## Octave's @code{fft2} of a gpumat array, on the GPU through NVIDIA's cuFFT: the two-dimensional
## discrete Fourier transform of each page @var{G}(:, :, k), zero-padded or truncated to
## @var{m} rows and @var{n} columns first.
##
## The result follows Octave 7.3: a gpumat array of complex data in the precision of @var{G}
## (single for single data, double for double, logical and integer data), narrowed to real
## where every imaginary part is exactly zero, as Octave narrows; a 0x0 real array when
## @var{m} or @var{n} (or the page size of @var{G}) is 0, and an empty real array of the
## result's size when there are no pages.  @var{m} and @var{n} are read and refused as Octave
## reads them, with its messages.  The elements agree with Octave's (FFTW's) within the
## rounding of an FFT.  cuFFT is loaded at the first transform (see @code{fft}).
## @seealso{ifft2, fft, fftn, gpumat}
## @end deftypefn

function Y = fft2 (X, varargin)
  if (nargin < 1 || nargin > 3)
    print_usage ();
  endif
  Y = fourier ("fft2", 2, false, X, varargin);
endfunction

%!error <Invalid call to fft2> fft2 (gpumat (zeros (0, 3)), 1, 2, 3)
%!error <fft2: number of rows \(N\) cannot be NaN> fft2 (gpumat (zeros (0, 3)), NaN, 2)
%!error <fft2: number of columns \(M\) cannot be NaN> fft2 (gpumat (zeros (0, 3)), 2, NaN)
%!error <fft2: number of rows \(N\) must be greater than zero> fft2 (gpumat (zeros (0, 3)), -1, 2)
%!error <fft2: number of columns \(M\) must be greater than zero> fft2 (gpumat (zeros (0, 3)), 2, -1)
%!error <invalid conversion from real matrix to real scalar> fft2 (gpumat (zeros (0, 3)), [])
%!error <wrong type argument 'cell'> fft2 (gpumat (zeros (0, 3)), 2, {})

## Empty results need no GPU: sizes and classes against Octave's own.
%!function check_empty (x, varargin)
%!  y = fft2 (gpumat (x), varargin{:});
%!  h = fft2 (x, varargin{:});
%!  assert (isgpuarray (y));
%!  assert (size (y), size (h));
%!  assert (classUnderlying (y), class (h));
%!  assert (isreal (y));
%!endfunction
%!test
%! check_empty (zeros (0, 3));
%! check_empty (zeros (3, 0, "single"));
%! check_empty (zeros (0, 0, 3));
%! check_empty (zeros (2, 2, 0));
%! check_empty (zeros (0, 3), 0, 2);
%! check_empty (ones (0, 3, "int16"), 2, 0);

## On the GPU: against Octave's own (FFTW), within an FFT's rounding.
%!function check_gpu (x, varargin)
%!  g = fft2 (gpumat (x), varargin{:});
%!  h = fft2 (x, varargin{:});
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
%! check_gpu (x, 16, 5);
%! check_gpu (x, 4);
%! check_gpu (single (x));
%! check_gpu (complex (x, x .^ 2));
%! check_gpu (single (complex (x, 1)), 7, 13);
%! check_gpu (int16 (10 * x));
%! check_gpu (x > 0.5);
%! check_gpu (reshape (sin (1:210), 5, 6, 7));
%! check_gpu (reshape (sin (1:210), 5, 6, 7), 3, 8);
%! check_gpu (reshape (sin (1:210), 1, 6, 35));
%! check_gpu (x(2, :));
%! check_gpu (7);
%! check_gpu (x, 1, 1);
%! check_gpu (ones (2, 2));
