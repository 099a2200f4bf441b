## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{idx} =} find (@var{G})
## @deftypefnx {} {@var{idx} =} find (@var{G}, @var{n})
## @deftypefnx {} {@var{idx} =} find (@var{G}, @var{n}, @var{direction})
## @deftypefnx {} {[@var{i}, @var{j}] =} find (@dots{})
## @deftypefnx {} {[@var{i}, @var{j}, @var{v}] =} find (@dots{})
## Octave's @code{find} of a gpumat array, on the GPU, for every class (complex, integer and
## logical included): the positions of the nonzero elements (NaN is nonzero, -0 is not), at
## most @var{n} of them from the start, or the last @var{n} with @var{direction}
## @qcode{"last"} (in increasing order either way); with two outputs their rows and columns
## (of the array seen as rows by the rest), with three also their values, of the class of
## @var{G}.  Indices are double; the orientation and the empty shapes are Octave's (a row
## gives a row, anything else a column; @code{find} of a 1x0 array is 1x0, of a 0x3 array
## 0x1, of a 0x0 array 0x0).  Results stay on the GPU.
## @seealso{gpumat, nnz, sort}
## @end deftypefn

function varargout = find (varargin)
  if (nargin < 1 || nargin > 3)
    error ("Octave:invalid-fun-call", "Invalid call to find");
  endif
  x = varargin{1};
  ## Octave's find.cc (Ffind): N, then DIRECTION, with its messages
  n = -1;                           # all of them
  direction = "first";
  if (nargin > 1)
    v = varargin{2};
    if (isgpuarray (v))
      v = gather (v);
    endif
    if (! (isnumeric (v) || islogical (v)) || isempty (v))
      error ("find: N must be an integer");
    endif
    val = double (real (v(1)));
    if (val < 0 || (! isinf (val) && val != fix (val)))
      error ("find: N must be a non-negative integer");
    elseif (! isinf (val))
      n = val;
    endif
  endif
  if (nargin > 2)
    d = varargin{3};
    if (! ischar (d))
      ## Octave's own conversion of a non-text DIRECTION (and its warning and error)
      [varargout{1:max (nargout, 1)}] = host_call ("find", varargin{:});
      return;
    elseif (! any (strcmp (d, {"first", "last"})))
      error ('find: DIRECTION must be "first" or "last"');
    endif
    direction = d;
  endif
  if (! isgpuarray (x))
    [varargout{1:max (nargout, 1)}] = host_call ("find", varargin{:});
    return;
  endif
  nout = min (max (nargout, 1), 3);
  [varargout{1:nout}] = __gpumat_call__ ("find", "find", x, n, direction);
  ## Octave's find answers a fourth output and beyond with [] (0x0 double)
  varargout(nout+1:nargout) = {[]};
endfunction

## argument checks before any device work, and empty arrays (these run without a GPU too)
%!error <Invalid call to find> find (gpumat (zeros (0, 2)), 1, "first", 4)
%!error <N must be a non-negative integer> find (gpumat (zeros (0, 2)), -1)
%!error <N must be a non-negative integer> find (gpumat (zeros (0, 2)), 1.5)
%!error <N must be a non-negative integer> find (gpumat (zeros (0, 2)), NaN)
%!error <N must be an integer> find (gpumat (zeros (0, 2)), "a")
%!error <N must be an integer> find (gpumat (zeros (0, 2)), [])
%!error <DIRECTION must be "first" or "last"> find (gpumat (zeros (0, 2)), 1, "middle")
%!test
%! assert (size (find (gpumat (zeros (1, 0)))), [1 0]);
%! assert (size (find (gpumat (zeros (0, 3)))), [0 1]);
%! assert (size (find (gpumat (zeros (0, 0)))), [0 0]);
%! assert (size (find (gpumat (zeros (0, 3)) > 0)), [0 1]);
%! [i, j, v] = find (gpumat (zeros (1, 0, "int8")));
%! assert ({size(i), size(j), size(v), class(gather(v))}, {[1 0], [1 0], [1 0], "int8"});

%!function gpu_check_find ()
%! base = {[0 3 0 -1 2], [1 0; 0 -0; 2 3], reshape([0 1 0 2 0 0 3 4], 2, 2, 2), 5, 0, ...
%!         zeros(1, 1, 3), ones(1, 1, 3)};
%! X = {[0 3 0 -1 NaN], complex([0 1 0], [0 0 2]), complex([1 0 2], 0), [true false true]', ...
%!      true, false, logical([1 0; 0 1])};
%! for k = 1:numel (base)
%!   for c = {"double", "single", "int8", "uint32", "int64"}
%!     X{end+1} = cast (base{k}, c{1});
%!   endfor
%! endfor
%! for k = 1:numel (X)
%!   x = X{k};
%!   g = gpumat (x);
%!   assert (gather (find (g)), find (x));
%!   [i, j] = find (g);  [hi, hj] = find (x);
%!   assert ({gather(i), gather(j)}, {hi, hj});
%!   [i, j, v] = find (g);  [hi, hj, hv] = find (x);
%!   assert ({gather(i), gather(j), gather(v)}, {hi, hj, hv});
%!   assert ({class(gather (v)), iscomplex(gather (v))}, {class(hv), iscomplex(hv)});
%!   assert (gather (find (g, 1)), find (x, 1));
%!   assert (gather (find (g, 2, "last")), find (x, 2, "last"));
%!   [i, j, v] = find (g, 1, "last");  [hi, hj, hv] = find (x, 1, "last");
%!   assert ({gather(i), gather(j), gather(v)}, {hi, hj, hv});
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_find ();
