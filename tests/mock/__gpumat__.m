## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## A host-memory stand-in for the gateway __gpumat__, for checking the value-type shell
## (mex/gpumat_value.cc) on a machine without a GPU: tests/mock/shell_checks.m puts this folder
## first on the path.  "Device blocks" are host arrays in a table keyed by a fake address; the
## descriptors are the gateway's packed ones (mex/descriptor.h: a 1x1 cell holding the uint64
## row [magic, ptr, info, dims...]), read here through unpack ().  Only the commands the shell
## and the checks use are here; the table counts live blocks ("usage") and frees ("free").
## The table is block_table's persistent cell, changed in place (a containers.Map cost a third of
## parity_check's time against the mock).
function varargout = __gpumat__ (cmd, caller, varargin)
  persistent frees misbehave how
  if (isempty (frees))
    frees = 0;
    misbehave = "";
  endif
  if (strcmp (cmd, "mock_misbehave"))
    ## the next command named varargin{1} answers wrongly, as varargin{2} says: "host", a host
    ## array instead of a descriptor (the shell must raise an error, not abort: a failed
    ## dynamic_cast would be std::bad_cast); "baddims", a real block whose descriptor has an
    ## invalid size (the shell must refuse it and still free the block); "baddims_first", two
    ## results of which the first is refused (the second's block must be freed too)
    misbehave = varargin{1};
    how = varargin{2};
    return;
  elseif (! isempty (misbehave) && strcmp (cmd, misbehave))
    misbehave = "";
    if (strcmp (how, "host"))
      varargout{1} = 42;
    elseif (strcmp (how, "baddims_first"))
      ## two results, the first refused: the second's block must not leak
      varargout{1} = store (ones (1, 2));
      varargout{1}{1}(4) = intmax ("uint64");
      varargout{2} = store (ones (1, 2));
    else
      varargout{1} = store (ones (2));
      varargout{1}{1}(4) = intmax ("uint64");        # a size past 2^53
    endif
    return;
  endif
  ## the gateway reads every array argument through gw_read_operand, which refuses sparse data
  ## (gpumat:<area>:sparse): so must the mock, or a value-type path that hands a sparse host
  ## operand to the gateway would pass here and fail only on the GPU machine
  sparse_arg = find (cellfun (@issparse, varargin), 1);
  if (! isempty (sparse_arg))
    area = cmd;
    if (any (strcmp (cmd, {"binary", "unary", "convert"})))
      area = "elementwise";
    endif
    error (sprintf ("gpumat:%s:sparse", area),
           "%s: sparse matrices are not supported: convert with full (), not %s", caller,
           class (varargin{sparse_arg}));
  endif
  ## complex operands of "binary" and "unary" (gw_elementwise.c's complex block,
  ## kernels/elementwise_complex.cu): Octave's own function, which narrows as the gateway does;
  ## the ops without a complex kernel are refused as the gateway refuses them
  if (any (strcmp (cmd, {"binary", "unary"})))
    vals = cellfun (@(a) operand (a), varargin(2:end), "uniformoutput", false);
    if (any (cellfun (@iscomplex, vals)) && ! any (cellfun (@isinteger, vals)))
      if (strcmp (cmd, "binary"))
        ops = {"plus", "minus", "times", "rdivide", "lt", "le", "gt", "ge", "eq", "ne", ...
               "max", "min"};
      else
        ops = {"uminus", "conj", "real", "imag", "abs", "arg", "sign", "isnan", "isinf", ...
               "isfinite", "not"};
      endif
      if (! any (strcmp (varargin{1}, ops)))
        error ("gpumat:elementwise:unsupportedClass",
               "complex %s array: element-wise operations on the GPU take real double, single or logical data",
               class (vals{find (cellfun (@iscomplex, vals), 1)}));
      elseif (strcmp (varargin{1}, "not") && any (isnan (vals{1}(:))))
        error ("gpumat:elementwise:nanToLogical", "invalid conversion from NaN to logical");
      endif
      vals = cellfun (@(v) read_as_double (v), vals, "uniformoutput", false);
      varargout{1} = store (feval (varargin{1}, vals{:}));
      return;
    endif
  endif
  switch (cmd)
    case "upload"
      A = varargin{1};
      if (islogical (A) || ischar (A))
        A = double (A);
      endif
      varargout{1} = store (A);
    case "gather"
      varargout{1} = value_of (varargin{1});
    case "copy"
      varargout{1} = store (value_of (varargin{1}));
    case "free"
      for p = double (varargin{1}(:)')
        if (block_table ("has", p))
          block_table ("drop", p);
          frees++;
        endif
      endfor
    case "fill"
      varargout{1} = store (feval (varargin{1}, varargin{3}, varargin{2}));
    case "usage"
      varargout{1} = [block_table("count"), frees, 0];
    case "check"
      value_of (varargin{1});
    case "binary"
      ## the gateway's operations (kernels/elementwise.cu's binop_table), by Octave's own
      ## function of that name on the host
      known_op (varargin{1}, {"plus", "minus", "times", "rdivide", "power", "lt", "le", "gt", ...
                              "ge", "eq", "ne", "max", "min", "mod", "rem", "atan2", "hypot", ...
                              "and", "or", "xor"});
      x = operand (varargin{2});  y = operand (varargin{3});
      varargout{1} = store (feval (varargin{1}, x, y));
    case "unary"
      ## kernels/elementwise_mappers.cu's unop_table, and the mappers of complex data
      ## (mex/gw_elementwise.c's complex_unary: real, imag, conj, arg)
      known_op (varargin{1}, {"uminus", "abs", "sqrt", "exp", "log", "floor", "ceil", "round", ...
                              "fix", "sign", "sin", "cos", "tan", "asin", "acos", "atan", ...
                              "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "log2", ...
                              "log10", "log1p", "expm1", "gamma", "lgamma", "erf", "erfc", ...
                              "cbrt", "isnan", "isinf", "isfinite", "real", "imag", "conj", ...
                              "arg"});
      varargout{1} = store (feval (varargin{1}, operand (varargin{2})));
    case "convert"
      varargout{1} = store (feval (varargin{1}, operand (varargin{2})));
    case "mul"
      ## the product as Octave's own parser hands it to BLAS: x.' * y is one call with x
      ## transposed (which part of a complex result is NaN follows that call), and x.' * y.'
      ## is that with y.' copied first
      args = varargin;
      x = operand (args{1});
      if (numel (args) == 5)
        y = operand (args{3});
        switch ([args{2}(1), args{4}(1)])
          case "nn", r = x * y;
          case "tn", r = x.' * y;
          case "cn", r = x' * y;
          case "nt", r = x * y.';
          case "nc", r = x * y';
          case "tt", r = x.' * y.';
          case "tc", r = x.' * y';
          case "ct", r = x' * y.';
          otherwise, r = x' * y';
        endswitch
      else
        r = x * operand (args{2});
      endif
      varargout{1} = store (r);
    case "index"
      G = value_of (varargin{1});
      outdims = varargin{2};
      subs = varargin(3:end);
      n = numel (subs);
      if (n > 1)
        sz = size (G);  sz(end+1:n) = 1;
        G = reshape (G, [sz(1:n-1), prod(sz(n:end))]);
      else
        G = G(:);
      endif
      R = G(subs{:});
      assert (numel (R), prod (outdims));
      varargout{1} = store (reshape (R, outdims));
    case "assign"
      d = unpack (varargin{1});
      p = double (d.ptr);
      assert (d.op == 0, "mock: assign into a view");
      G = value_of (d);          # an empty array has no block (address 0)
      V = operand (varargin{2});
      subs = varargin(3:end);
      n = numel (subs);
      sz = size (G);
      if (n > 1)
        sz2 = sz;  sz2(end+1:n) = 1;
        H = reshape (G, [sz2(1:n-1), prod(sz2(n:end))]);
      else
        H = G(:);
      endif
      c = class (G);
      H(subs{:}) = V;
      assert (numel (H) == numel (G), "mock: assign grew the array");
      if (p != 0)
        block_table ("set", p, cast (reshape (H, sz), c));
      endif
    case "resize"
      G = value_of (varargin{1});
      nd = varargin{2};
      R = zeros (nd, class (G));
      if (islogical (G))
        R = false (nd);
      endif
      idx = arrayfun (@(k) 1:min (size (G, k), nd(k)), 1:numel (nd), "UniformOutput", false);
      R(idx{:}) = G(idx{:});
      varargout{1} = store (R);
    case "cat"
      vals = cellfun (@(a) operand (a), varargin(2:end), "uniformoutput", false);
      varargout{1} = store (cat (varargin{1}, vals{:}));
    case "dot"
      ## the gateway's dot takes logical data as double, as gpumat_dot does (sparse data is
      ## refused above, as gateway_util.c's gw_read_operand_raw refuses it)
      x = operand (varargin{1});  y = operand (varargin{2});
      if (islogical (x))  x = double (x);  endif
      if (islogical (y))  y = double (y);  endif
      ## ("dot", X, Y, PRE, LEN, POST, OUTDIMS): the dot over the middle of PRE x LEN x POST
      [pre, len, post] = deal (varargin{3:5});
      r = dot (reshape (x, pre, len, post), reshape (y, pre, len, post), 2);
      varargout{1} = store (reshape (r, varargin{6}));
    case "norm"
      ## ("norm", A, KIND, P): KIND "1", "2", "inf", "-inf", "fro" or "p" (then P), as the
      ## gateway's gw_cmd_norm takes them
      x = operand (varargin{1});  kind = varargin{2};  p = varargin{3};
      if (! (isfloat (x) && isreal (x)))
        ## the gateway's norm takes real double and single data only
        error ("gpumat:norm:unsupportedClass", "norm: %s data: norm on the GPU takes real double or single data", class (x));
      endif
      switch (kind)
        case "p"
          r = norm (x, p);
        case {"1", "2"}
          r = norm (x, str2double (kind));
        otherwise
          r = norm (x, kind);
      endswitch
      varargout{1} = store (r);
    case "reshape"
      varargout{1} = store (reshape (value_of (varargin{1}), varargin{2}));
    case "reduce"
      x = operand (varargin{2});
      if (varargin{3} == 0)
        [r{1:max (nargout, 1)}] = feval (varargin{1}, x);
      elseif (any (strcmp (varargin{1}, {"max", "min"})))
        [r{1:max (nargout, 1)}] = feval (varargin{1}, x, [], varargin{3});
      else
        [r{1:max (nargout, 1)}] = feval (varargin{1}, x, varargin{3});
      endif
      for k = 1:numel (r)
        varargout{k} = store (r{k});
      endfor
    case "scan"
      ## mex/gw_scan.c: cumsum, cumprod, prod (DIM 0: the default dimension), diff (DIM a
      ## dimension of A, PARAM the order >= 1), var and std (PARAM opt 0 or 1, DIM 0: var.m's
      ## default) of double, single or logical data (cumsum, cumprod, prod and diff of complex
      ## data too: mex/gw_complex_reduce.c), by Octave's own functions
      x = operand (varargin{2});  dim = varargin{3};  p = varargin{4};
      if (! ((isfloat (x) && (isreal (x) || any (strcmp (varargin{1}, {"cumsum", "cumprod", "prod", "diff"}))))
             || islogical (x)))
        error ("gpumat:scan:unsupportedClass", "%s array: %s on the GPU takes real double, single or logical data", class (x), varargin{1});
      endif
      if (islogical (x))
        x = double (x);
      endif
      if (iscomplex (x) && any (strcmp (varargin{1}, {"cumsum", "cumprod", "prod"})))
        if (p != 0 && ! (p == 1 && strcmp (varargin{1}, "prod")))
          error ("gpumat:scan:invalidParam", "PARAM must be 0 (1 for prod in double)");
        elseif (p == 1)
          x = double (x);                # prod's "double" of complex single data
        endif
      endif
      switch (varargin{1})
        case {"cumsum", "cumprod", "prod"}
          if (dim == 0)
            r = feval (varargin{1}, x);
          else
            r = feval (varargin{1}, x, dim);
          endif
        case "diff"
          if (dim < 1 || dim > ndims (x))
            error ("gpumat:scan:invalidDim", "DIM must be a valid dimension");
          elseif (p < 1)
            error ("gpumat:scan:invalidOrder", "Order must be an integer >= 1");
          endif
          r = diff (x, p, dim);
        case {"var", "std"}
          if (p != 0 && p != 1)
            error ("gpumat:scan:invalidOpt", "OPT must be 0 or 1");
          elseif (dim == 0)
            r = feval (varargin{1}, x, p);
          else
            r = feval (varargin{1}, x, p, dim);
          endif
        otherwise
          error ("gpumat:scan:unknownOperation", "unknown operation '%s'", varargin{1});
      endswitch
      varargout{1} = store (r);
    case "ireduce"
      ## mex/gw_reduce_int.c: sum, prod, cumsum (all "native") and [M, I] = max, min of
      ## int8 ... uint64 data in the class (DIM 0: the default dimension), by Octave's own
      x = operand (varargin{2});  op = varargin{1};  dim = varargin{3};
      if (! isinteger (x))
        error ("gpumat:ireduce:unsupportedClass", "%s array: %s in the class on the GPU takes int8 ... uint64 data", class (x), op);
      elseif (! any (strcmp (op, {"sum", "prod", "cumsum", "max", "min"})))
        error ("gpumat:ireduce:unknownOperation", "unknown operation '%s'", op);
      endif
      args = {};
      if (any (strcmp (op, {"max", "min"})))
        if (dim != 0)
          args = {[], dim};
        endif
      elseif (dim == 0)
        args = {"native"};
      else
        args = {dim, "native"};
      endif
      [r{1:max (nargout, 1)}] = feval (op, x, args{:});
      for k = 1:numel (r)
        varargout{k} = store (r{k});
      endfor
    ## ---- mex/gw_shape.c's commands, by Octave's own functions (the gateway's argument rules
    ## checked as it checks them)
    case "permute"
      varargout{1} = store (permute (value_of (varargin{1}), varargin{2}));
    case "flip"
      varargout{1} = store (flip (value_of (varargin{1}), varargin{2}));
    case "circshift"
      x = value_of (varargin{1});
      n = varargin{2};
      assert (isrow (n) && all (n == fix (n)), "mock: circshift: SHIFTS must be whole numbers");
      n = n(1:min (end, ndims (x)));
      varargout{1} = store (circshift (x, n));
    case "repmat"
      r = varargin{2};
      assert (isrow (r) && all (r >= 0 & r == fix (r)), "mock: repmat: REPS must be whole numbers >= 0");
      r(end+1:2) = 1;
      varargout{1} = store (repmat (value_of (varargin{1}), r));
    case "diag"
      x = value_of (varargin{1});
      varargout{1} = store (full (diag (x, varargin{2:end})));
    case "tri"
      args = {value_of(varargin{1}), varargin{3}};
      if (varargin{4})
        args{end+1} = "pack";
      endif
      fn = "triu";
      if (varargin{2})
        fn = "tril";
      endif
      varargout{1} = store (feval (fn, args{:}));
    case "catnd"
      ## operands of the result class, or converted as the gateway converts them (logical and
      ## double to double or single, real to complex); integer classes must match
      [dim, cls, cplx] = varargin{1:3};
      vals = cellfun (@(a) operand (a), varargin(4:end), "uniformoutput", false);
      for k = 1:numel (vals)
        v = vals{k};
        if (strcmp (cls, "logical"))
          assert (islogical (v), "mock: catnd: a %s operand for a logical result", class (v));
        else
          assert (! isinteger (v) || strcmp (class (v), cls), "mock: catnd: a %s operand for a %s result", class (v), cls);
          v = cast (v, cls);
          if (cplx)
            v = complex (v);
          endif
        endif
        vals{k} = v;
      endfor
      switch (dim)
        case -1
          r = vertcat (vals{:});
        case -2
          r = horzcat (vals{:});
        otherwise
          r = cat (dim, vals{:});
      endswitch
      varargout{1} = store (r);
    case "kron"
      x = operand (varargin{1});  y = operand (varargin{2});
      if (! ((isfloat (x) || islogical (x) || ischar (x)) && isreal (x) && (isfloat (y) || islogical (y) || ischar (y)) && isreal (y)))
        error ("gpumat:shape:unsupportedClass", "kron on the GPU takes real double, single or logical data");
      endif
      if (! isa (x, "single"))
        x = double (x);            # logical and char data as double, as the gateway reads them
      endif
      if (! isa (y, "single"))
        y = double (y);
      endif
      varargout{1} = store (kron (x, y));
    case "fft"
      ## mex/gw_fft.c: ("fft", CALLER, X, FIRST, LAST, SIZE, INVERSE), X resized to SIZE, then
      ## Octave's own fft/ifft along one dimension, fft2/ifft2 over the first two, fftn/ifftn
      ## over all; an empty result is real zeros (Octave's fftn of such an array can hang)
      x = operand (varargin{1});
      [first, last, sz, inv] = deal (varargin{2:5});
      if (isinteger (x))
        error ("gpumat:fft:unsupportedClass", "%s gpumat array: the transforms take double, single or logical data (convert with double () first)", class (x));
      elseif (islogical (x))
        x = double (x);
      endif
      names = {"fft", "fft2", "fftn"; "ifft", "ifft2", "ifftn"};
      if (prod (sz) == 0)
        r = zeros (sz, class (x));
      else
        x = resize (x, sz);
        if (first == last)
          r = feval (names{inv + 1, 1}, x, [], first);
        elseif (first == 1 && last == 2)
          r = feval (names{inv + 1, 2}, x);
        elseif (first == 1 && last == numel (sz))
          r = feval (names{inv + 1, 3}, x);
        else
          error ("mock __gpumat__: fft over dimensions %d to %d", first, last);
        endif
      endif
      varargout{1} = store (r);
    case "solve"
      ## mex/gw_solve.c: Octave's own \ and / (the device gives the same up to rounding, and
      ## leaves singular, ill-conditioned, NaN/Inf and rectangular systems to these very calls).
      ## The device probes a gpumat matrix at every solve, where Octave keeps the type found in
      ## the value (a singular matrix, once marked, is not warned about again): gpumat operands
      ## are fresh values here
      xy = varargin(2:3);
      for i = 1:2
        v = operand (xy{i});
        if (iscell (xy{i}) || isstruct (xy{i}))
          v = reshape (v, size (v));
        endif
        xy{i} = v;
      endfor
      varargout{1} = store (feval (varargin{1}, xy{:}));
    case "factor"
      ## ("factor", CALLER, KIND, A [, OPTION]): matrices back as gpumat arrays, rcond and
      ## chol's p as host scalars
      A = operand (varargin{2});
      A = reshape (A, size (A));             # a value of its own, as above
      nout = max (nargout, 1);
      switch (varargin{1})
        case "lu"
          if (varargin{3})
            [r{1:nout}] = lu (A, "vector");
          else
            [r{1:nout}] = lu (A);
          endif
          keep = 1:nout;
        case "chol"
          if (varargin{3})
            [r{1:nout}] = chol (A, "lower");
          else
            [r{1:nout}] = chol (A);
          endif
          keep = 1;
        otherwise
          [r{1:nout}] = feval (varargin{1}, A);
          keep = 1;
      endswitch
      for k = 1:nout
        if (any (k == keep))
          varargout{k} = store (full (r{k}));
        else
          varargout{k} = r{k};
        endif
      endfor
    case {"eig", "svd", "qr"}
      ## mex/gw_linalg.c: ("eig", CALLER, A), ("svd", CALLER, A, ECON) and ("qr", CALLER, A,
      ## ECON), Octave's own eig, svd and qr (the device gives the same up to rounding, the
      ## vectors' signs or phases and, for a matrix that is not Hermitian, the order of the
      ## eigenvalues; it leaves NaN and Inf matrices to these very calls);
      ## the gateway's refusals
      A = operand (varargin{1});
      nout = max (nargout, 1);
      if (isinteger (A) || ndims (A) > 2)
        error (sprintf ("gpumat:%s:unsupportedClass", cmd), "refused by the gateway");
      elseif (strcmp (cmd, "eig") && (numel (A) < 2 || rows (A) != columns (A)))
        error ("gpumat:eig:invalidSize", "eig of an empty, 1x1 or non-square matrix is Octave's own (@gpumat/eig.m)");
      elseif (! strcmp (cmd, "eig") && isempty (A))
        error (sprintf ("gpumat:%s:invalidSize", cmd), "%s of an empty matrix is Octave's own (@gpumat/%s.m)", cmd, cmd);
      endif
      if (islogical (A))
        A = double (A);                    # the gateway reads logical data as double
      endif
      if (strcmp (cmd, "svd") && varargin{2} && nout > 1)
        [r{1:nout}] = svd (A, "econ");
      elseif (strcmp (cmd, "qr") && varargin{2})
        [r{1:nout}] = qr (A, 0);
      else
        [r{1:nout}] = feval (cmd, A);
      endif
      for k = 1:nout
        varargout{k} = store (full (r{k}));
      endfor
    case "sort"
      ## ("sort", CALLER, A, DIM, MODE): DIM 0 is Octave's default dimension
      x = operand (varargin{1});
      if (iscomplex (x))
        error ("gpumat:sort:unsupportedClass", "sort: complex data: sort on the GPU takes real data");
      elseif (varargin{2} == 0)
        [r{1:max (nargout, 1)}] = sort (x, varargin{3});
      else
        [r{1:max (nargout, 1)}] = sort (x, varargin{2}, varargin{3});
      endif
      for k = 1:numel (r)
        varargout{k} = store (r{k});
      endfor
    case "find"
      ## ("find", CALLER, A, N, DIRECTION): N -1 for all of them
      n = varargin{2};
      if (n < 0)
        n = Inf;
      endif
      [r{1:max (nargout, 1)}] = find (operand (varargin{1}), n, varargin{3});
      for k = 1:numel (r)
        varargout{k} = store (r{k});
      endfor
    case "nnz"
      varargout{1} = nnz (operand (varargin{1}));     # a host double, as the gateway's
    case "median"
      ## ("median", CALLER, A, DIM): DIM 0 is median.m's default dimension
      x = operand (varargin{1});
      if (iscomplex (x))
        error ("gpumat:median:unsupportedClass", "median: complex data: median on the GPU takes real data");
      elseif (varargin{2} == 0)
        r = median (x);
      else
        r = median (x, varargin{2});
      endif
      varargout{1} = store (r);
    case {"mkfill", "mkeye", "range", "linspace", "randi", "rand"}
      ## arrays made on the device (mex/gw_make.c; "rand": gw_arrays.c): Octave's own result
      switch (cmd)
        case "mkfill"
          [cls, value, dims] = varargin{:};
          if (strcmp (cls, "logical"))
            A = repmat (value != 0, dims);
          else
            A = repmat (cast (value, cls), dims);
          endif
        case "mkeye"
          [cls, dims] = varargin{:};
          if (strcmp (cls, "logical"))
            A = logical (eye (dims));
          else
            A = eye (dims, cls);
          endif
        case "range"
          A = colon (varargin{:});
        case "linspace"
          A = linspace (operand (varargin{1}), operand (varargin{2}), varargin{3});
        case "randi"
          [cls, imin, imax, dims] = varargin{:};
          A = cast (randi ([imin imax], dims), cls);
        case "rand"
          [dist, cls, dims] = varargin{:};
          if (strcmp (dist, "uniform"))
            A = rand (dims, cls);
          else
            A = randn (dims, cls);
          endif
      endswitch
      varargout{1} = store (A);
    otherwise
      error ("mock __gpumat__: no command '%s'", cmd);
  endswitch
endfunction

function d = store (A)
  if (isempty (A))
    p = 0;
  else
    p = block_table ("put", 0, A);
  endif
  code = find (strcmp (class_names (), class (A))) - 1;
  d = {uint64([0x676d617464657363, p, code + 65536 * iscomplex(A), size(A)])};
endfunction

## The fields of a packed descriptor (mex/descriptor.h), or of a hand-written struct one.
function d = unpack (a)
  if (isstruct (a))
    d = a;
    return;
  elseif (! (iscell (a) && isscalar (a) && isa (a{1}, "uint64") && a{1}(1) == 0x676d617464657363))
    error ("mock: not a descriptor");
  endif
  w = a{1};
  info = double (w(3));
  d = struct ("ptr", w(2), "dims", double (w(4:end)), "cls", class_names (){mod(info, 256) + 1}, ...
              "op", mod (floor (info / 256), 256), "complex", info >= 65536);
endfunction

function A = value_of (a)
  d = unpack (a);
  p = double (d.ptr);
  if (p == 0)
    A = zeros (d.dims, d.cls);
    return;
  elseif (! block_table ("has", p))
    error ("gpumat:array:invalidHandle", "mock: stale handle");
  endif
  A = block_table ("get", p);
  if (d.op == 1)
    A = A.';
  elseif (d.op == 2)
    A = A';
  endif
  assert (isequal (size (A), d.dims), "mock: descriptor dims do not match the block");
endfunction

## The "device memory": block k at the fake address 4096 k, addresses never reused.  "put" stores
## A at the next address and returns it; "set" replaces a live block; "has", "get", "drop" and
## "count" (live blocks).  Persistent and assigned in place: O(1) a call.
function r = block_table (cmd, p, A)
  persistent vals live count next
  if (isempty (next))
    vals = cell (1, 1024);  live = false (1, 1024);  count = 0;  next = 1;
  endif
  r = [];
  switch (cmd)
    case "put"
      k = next++;
      if (k > numel (live))
        vals{2 * k} = [];  live(2 * k) = false;
      endif
      vals{k} = A;  live(k) = true;  count++;
      r = 4096 * k;
    case "set"
      vals{p / 4096} = A;
    case "has"
      k = p / 4096;
      r = k == fix (k) && k >= 1 && k <= numel (live) && live(k);
    case "get"
      r = vals{p / 4096};
    case "drop"
      vals{p / 4096} = [];  live(p / 4096) = false;  count--;
    case "count"
      r = count;
  endswitch
endfunction

function x = operand (a)
  if ((isstruct (a) && isfield (a, "ptr")) || (iscell (a) && isscalar (a) && isa (a{1}, "uint64")))
    x = value_of (a);
  else
    x = a;
  endif
endfunction

## The gateway refuses an operation it does not have, so must the mock: a value-type route to
## a name the kernels lack then fails here, not first on the GPU machine.
function known_op (name, names)
  if (! any (strcmp (name, names)))
    error ("gpumat:elementwise:unknownOperation", "unknown operation '%s'", name);
  endif
endfunction

## The class codes of mex/descriptor.h (gm_desc_class_names), in order.
function names = class_names ()
  names = {"double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", ...
           "uint64", "logical"};
endfunction

## a logical or char operand of a complex operation, as double (as the gateway reads it)
function v = read_as_double (v)
  if (islogical (v) || ischar (v))
    v = double (v);
  endif
endfunction
