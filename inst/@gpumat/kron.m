## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{K} =} kron (@var{A}, @var{B})
## @deftypefnx {} {@var{K} =} kron (@var{A1}, @var{A2}, @dots{})
## Octave's @code{kron} with gpumat operands (either or both), the result a gpumat array:
## the Kronecker product, @code{kron (kron (@var{A1}, @var{A2}), @dots{})} for more.  Real
## double, single and logical operands (gpumat or host) run on the GPU as one broadcast
## product, Octave's class rule (single if either is single, logical data as double) and
## shapes (an N-D operand as rows by the rest).  Integer and complex operands, and Octave's
## diagonal and permutation matrices (whose products Octave computes by their own rules), go
## through Octave's own @code{kron} on the host (@code{gpumat:hostFallback}).
## @seealso{repmat}
## @end deftypefn

function K = kron (varargin)
  if (nargin < 2)
    K = host_call ("kron", varargin{:});       # Octave's usage error
    return;
  endif
  K = varargin{1};
  for i = 2:nargin
    B = varargin{i};
    if (! isgpuarray (K) && ! isgpuarray (B))
      K = builtin ("kron", K, B);              # two host operands: Octave's own, no transfer
    elseif (on_device (K) && on_device (B))
      K = __gpumat_call__ ("kron", "kron", K, B);
    else
      K = host_call ("kron", K, B);
    endif
  endfor
endfunction

## Real double, single or logical data the gateway's product takes as it is.
function tf = on_device (x)
  tf = ((isfloat (x) || islogical (x)) && isreal (x) && ! issparse (x)
        && (isgpuarray (x) || ! any (strcmp (typeinfo (x), {"diagonal matrix", ...
                                                            "float diagonal matrix", ...
                                                            "permutation matrix"}))));
endfunction

%!assert (size (kron (gpumat (zeros (0, 3)), [1 2])), [0 6])
%!assert (size (kron (ones (2, 3), gpumat (zeros (0, 2)))), [0 6])
%!assert (size (kron (gpumat (zeros (2, 0, 3)), 1)), [2 0])
%!function gpu_check_kron ()
%! A = [1 -2 3; 0.5 NaN -Inf];  B = [2 0; -1 4; 1e300 -0];
%! for a = {A, single(A), A > 0, A(1, :), A(:, 1), 3}
%!   for b = {B, single(B), B > 0, B(:, 1)', 2}
%!     K = kron (gpumat (a{1}), b{1});
%!     assert (isgpuarray (K));
%!     assert (gather (K), kron (a{1}, b{1}));
%!     assert (gather (kron (a{1}, gpumat (b{1}))), kron (a{1}, b{1}));
%!     assert (gather (kron (gpumat (a{1}), gpumat (b{1}))), kron (a{1}, b{1}));
%!   endfor
%! endfor
%! assert (gather (kron (gpumat (A), B, [1 2])), kron (A, B, [1 2]));
%! assert (gather (kron ([1 2], [3; 4], gpumat (A))), kron ([1 2], [3; 4], A));
%! assert (gather (kron (gpumat (A).', B)), kron (A.', B));
%! N = reshape (1:12, 2, 3, 2);
%! assert (gather (kron (gpumat (N), [1 2])), kron (N, [1 2]));
%! assert (gather (kron (eye (2), gpumat (Inf))), kron (eye (2), Inf));    # diag: host rules
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (kron (gpumat (int8 (A(1, :))), int8 (2))), kron (int8 (A(1, :)), int8 (2)));
%! assert (gather (kron (gpumat (complex (A, 1)), B)), kron (complex (A, 1), B));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_kron ();
