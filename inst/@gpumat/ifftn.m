## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Y} =} ifftn (@var{G})
## @deftypefnx {} {@var{Y} =} ifftn (@var{G}, @var{size})
## Octave's @code{ifftn} of a gpumat array, on the GPU through NVIDIA's cuFFT: the N-dimensional
## inverse discrete Fourier transform of @var{G}, zero-padded or truncated to @var{size} first (a
## vector of @code{ndims (@var{G})} lengths), divided by the number of points.
##
## The result follows Octave 7.3: a gpumat array of complex data in the precision of @var{G}
## (single for single data, double for double, logical and integer data), narrowed to real
## where every imaginary part is exactly zero, as Octave narrows; a 0x0 real array when every
## length is 0.  @var{size} is read and refused as Octave reads it, with its messages.  One
## difference: where some but not all lengths are 0 (@code{ifftn (zeros (0, 3))}), the result
## here is an empty real array of that size, while Octave 7.3 itself never returns (FFTW loops
## on the empty plan) or fails with "Error creating FFTW plan" (an empty page dimension).  The
## elements agree with Octave's (FFTW's) within the rounding of an FFT.  cuFFT is loaded at
## the first transform (see @code{fft}).
## @seealso{fftn, fft, fft2, gpumat}
## @end deftypefn

function Y = ifftn (X, varargin)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  Y = fourier ("ifftn", 3, true, X, varargin);
endfunction

%!error <Invalid call to ifftn> ifftn (gpumat (zeros (0, 3)), [1 3], 2)
%!error <ifftn: SIZE must be a vector of length dim> ifftn (gpumat (zeros (0, 3)), [1 3 1])
%!error <ifftn: SIZE must be a vector of length dim> ifftn (gpumat (zeros (0, 3)), [])
%!error <ifftn: SIZE must be a vector of length dim> ifftn (gpumat (zeros (0, 3)), {1, 3})
%!error <ifftn: SIZE must be a vector of length dim> ifftn (gpumat (zeros (0, 3)), "ab")
%!error <ifftn: SIZE must be a vector of length dim> ifftn (gpumat (zeros (0, 3)), [1 3; 1 3])
%!error <ifftn: SIZE has invalid NaN entries> ifftn (gpumat (zeros (0, 3)), [NaN 3])
%!error <ifftn: all dimensions in SIZE must be greater than zero> ifftn (gpumat (zeros (0, 3)), [1 -1])
%!error <ifftn: all dimensions in SIZE must be greater than zero> ifftn (gpumat (zeros (0, 3)), [-1 NaN])

## Empty results need no GPU: sizes and classes against Octave's own, where Octave returns.
%!function check_empty (x, varargin)
%!  y = ifftn (gpumat (x), varargin{:});
%!  h = ifftn (x, varargin{:});
%!  assert (isgpuarray (y));
%!  assert (size (y), size (h));
%!  assert (classUnderlying (y), class (h));
%!  assert (isreal (y));
%!endfunction
%!test
%! check_empty (zeros (0, 0));
%! check_empty (zeros (0, 0, "single"));
%! check_empty (zeros (0, 3), [0 0]);
%! check_empty (ones (0, 3, "uint8"), [0 0]);
%! check_empty (zeros (0, 3), [0; 0]);
%!test
%! ## where Octave 7.3 hangs or fails: an empty array of that size
%! y = ifftn (gpumat (zeros (0, 3)));
%! assert (size (y), [0 3]);
%! assert (classUnderlying (y), "double");
%! y = ifftn (gpumat (zeros (2, 2, 0, "single")));
%! assert (size (y), [2 2 0]);
%! assert (classUnderlying (y), "single");

## On the GPU: against Octave's own (FFTW), within an FFT's rounding.
%!function check_gpu (x, varargin)
%!  g = ifftn (gpumat (x), varargin{:});
%!  h = ifftn (x, varargin{:});
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
%! check_gpu (x, [16 5]);
%! check_gpu (single (x));
%! check_gpu (complex (x, x .^ 2));
%! check_gpu (int16 (10 * x));
%! check_gpu (x > 0.5);
%! c = reshape (sin (1:210), 5, 6, 7);
%! check_gpu (c);
%! check_gpu (c, [4 7 3]);
%! check_gpu (single (complex (c, 1)));
%! check_gpu (reshape (sin (1:720), 2, 3, 4, 5, 6));
%! check_gpu (complex (reshape (sin (1:720), 3, 1, 4, 5, 12), 2));
%! check_gpu (reshape (sin (1:210), 5, 6, 7), [5 6 1]);
%! check_gpu (7);
%! check_gpu (x, [1 1]);
%! y = ifftn (gpumat (x), [0 3]);
%! assert (size (y), [0 3]);
%! assert (isreal (y));
