## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {[@var{cases}, @var{mismatches}] =} parity_check ()
## @deftypefnx {} {[@var{cases}, @var{mismatches}] =} parity_check (@var{part}, @var{parts})
## The differential test of gpumat arrays against host arrays: every function and operator
## below runs on gpumat arrays and on the same host arrays, over every class Octave accepts
## there (double, single, complex, logical, the eight integer classes, char), shapes (scalar,
## 0xN, Nx0, vectors, matrices, N-D), special values (NaN, +-Inf, -0, subnormals) and operand
## placements (either or both on the GPU).  A case agrees when both give the same value
## (NaN where NaN; floating-point reductions within a few eps of the host's, since the device
## sums in another order), class, size and complexity, or when both raise an error.
##
## On a GPU it runs against the real gateway (make check); without one, against the host
## mock of tests/mock, which checks the value type's own decisions (routing, class rules,
## fallbacks, sizes).  Ends with an error naming the first mismatches, so that a mismatch fails
## the run; no case may end Octave.
## @end deftypefn

function [cases, mismatches] = parity_check (part, parts)
  ## parity_check (PART, PARTS): every PARTS-th case from the PART-th (1-based), so that
  ## make check runs the parts side by side; the solvers and statistics run in part 1
  if (nargin < 2)
    part = 1;  parts = 1;
  endif
  mine = @(k) mod (k, parts) == part - 1;
  ## values are compared, not warnings (cross's orientation note, gmres's MAXIT, ...)
  state = warning ("off", "all");
  cleanup = onCleanup (@() warning (state));
  inputs = make_inputs ();
  unary = unary_functions ();
  binary = binary_functions ();
  ## unary: every function on every input
  [cases, mismatches, k] = unary_cases (unary, inputs, 0, mine);
  ## binary: pairs of one shape family (scalar with anything, equal sizes, row with column)
  pairs = make_pairs (inputs);
  [c, m, k] = binary_cases (binary, pairs, 1:3, k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## products in each form Octave writes them (A.' * B is one call with A transposed), on the
  ## same pairs and on complex operands with NaN, Inf and -0 that meet every BLAS routine
  ## Octave's xgemm picks by shape (same_product: which part of a complex element is NaN is
  ## the BLAS library's own)
  [c, m, k] = binary_cases (product_forms (), [product_pairs(pairs); complex_product_pairs()],
                            1:3, k, mine, @same_product);
  cases += c;  mismatches = [mismatches, m];
  ## char: a host operand only (a gpumat array holds numbers; gpumat ("ab") is double), with
  ## the element-wise functions and the products
  binary = [binary; product_forms()];
  chars = {{[1 2; 3 4], ["ab"; "cd"]}, {[5 6 7], "xyz"}, {7, "q"}, {[1 2 3], "a"}};
  [c, m, k] = host_operand_cases (binary, chars, @same, k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## sparse: a host operand only (a gpumat array is full), real, complex and logical, with
  ## every binary function and product; Octave computes these (a full or a sparse result), so
  ## the value type must too, not hand the sparse operand to the gateway, which refuses it
  A = [1 0 -2; 0 3 0];
  sparse_ops = {sparse(A), sparse(complex (A, [0 1 0; 0 0 -1])), sparse(A != 0), sparse(2), ...
                sparse(zeros (2, 0))};
  full_ops = {[4 -5 6; 7 0 9], single([4 -5 6; 7 0 9]), complex([1 2 3; 4 5 6], 1), ...
              [true false true; false true true], 3, [1 2 3], zeros(2, 0), ...
              [NaN Inf -Inf; -0 1 NaN], int8([4 -5 6; 7 0 9]), reshape(1:12, 2, 3, 2)};
  [F, S] = ndgrid (1:numel (full_ops), 1:numel (sparse_ops));
  sparse_pairs = arrayfun (@(f, s) {full_ops{f}, sparse_ops{s}}, F(:), S(:), "uniformoutput", false);
  [c, m, k] = host_operand_cases (binary, sparse_pairs, @same_sparsity, k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## integer element-wise operations and casts at the saturation edges (integer_parity)
  [c, m, k] = integer_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## integer reductions and scans in the class and in double (int_reduce_parity)
  [c, m, k] = int_reduce_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## fft, ifft, fft2, ifft2, fftn, ifftn: their own inputs and tolerance (transform_parity)
  [c, m, k] = transform_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## arrays made on the device (kernels/make.cu): fills, eye, colon, linspace exactly;
  ## rand, randn and randi by class, size and range (make_parity)
  [c, m, k] = make_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## \, /, inv, det, lu and chol (kernels/solve.cu, factor.cu): every part takes its share
  [c, m, k] = linear_algebra (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## Octave's own solvers and statistics, and CG and power iteration as a scientist writes
  ## them, on gpumat arrays: within tolerance of the host, results on the device
  if (part == 1)
    [c, m] = algorithms ();
    cases += c;  mismatches = [mismatches, m];
  endif
  printf ("parity_check: %d cases, %d mismatches\n", cases, numel (mismatches));
  if (! isempty (mismatches))
    names = regexprep (mismatches, " .*", "");
    [u, ~, j] = unique (names);
    printf ("  by function: %s\n", strjoin (cellfun (@(n, c) sprintf ("%s %d", n, c), u, num2cell (accumarray (j(:), 1))(:)', "uniformoutput", false), ", "));
    printf ("  %s\n", mismatches{1:min (2000, end)});
    error ("parity_check: %d of %d cases differ from the host", numel (mismatches), cases);
  endif
endfunction

function inputs = make_inputs ()
  base = {5, -0, [], zeros(0, 3), zeros(3, 0), [1 -2 0 4 NaN], [3; 0; -1], ...
          [1 2 3; 4 0 6; -7 8 9; 0 0 1], reshape(1:12, 2, 3, 2) - 6, ...
          [Inf -Inf NaN 0 1], [realmin/4 -realmin 1e300 -1e-300]};
  inputs = {};
  for b = base
    v = b{1};
    inputs{end+1} = v;
    inputs{end+1} = single (v);
    if (all (isfinite (v(:))))
      inputs{end+1} = v != 0;
      for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
        inputs{end+1} = cast (v, c{1});
      endfor
    endif
    if (! isempty (v))
      inputs{end+1} = complex (v, 1);
      inputs{end+1} = single (complex (v, -2));
    endif
  endfor
endfunction

function pairs = make_pairs (inputs)
  pairs = cell (0, 2);
  mats = {[1 2 3; 4 0 6], [0 2 -3; NaN 5 Inf], 7, [1 2 3], [2; 0]};
  for a = mats
    for b = mats
      for ca = {@double, @single, @int16, @(v) v != 0, @(v) complex (v, 2)}
        if (any (isnan (a{1}(:))) && ! any (strcmp (func2str (ca{1}), {"double", "single", "@(v) complex (v, 2)"})))
          continue;
        endif
        pairs(end+1, :) = {ca{1}(a{1}), b{1}};
      endfor
    endfor
  endfor
  pairs(end+1, :) = {int8([100 100]), int8([100 -100])};
  pairs(end+1, :) = {uint8([200 3]), 100};
  ## complex with complex and real with complex (kernels/elementwise_complex.cu): NaN, Inf and
  ## -0 in either part, equal moduli (the order's tie rule: 3+4i, -5, 5i), single with double,
  ## a scalar, a column against a row, complex values whose imaginary parts are all zero
  zc = complex ([3 -5 0 NaN Inf -0 1], [4 -0 5 1 -Inf 0 NaN]);
  wc = complex ([-4 5 0 2 Inf 0 1], [3 0 -5 NaN 1 -0 0]);
  pairs(end+1:end+8, :) = {zc, wc; single(wc), zc; zc, [5 -5 NaN -0 0 Inf 1];
                           [5 -5 NaN -0 0 Inf 1], single(wc); complex(-5, -0), zc; zc.', wc;
                           complex([1 2], [0 -0]), 1i; single(complex([3 -4], 0)), [-5; 5]};
endfunction

function u = unary_functions ()
  u = {"any", @any; "all", @all; "any(:,2)", @(x) any (x, 2); "all(:,1)", @(x) all (x, 1);
       "find", @find; "find3", @(x) find3 (x); "find(x,1)", @(x) find (x, 1);
       "nnz", @nnz; "sort", @sort; "sortdesc", @(x) sort (x, "descend");
       "sort2", @(x) sort2 (x); "cumsum", @cumsum; "cumprod", @cumprod; "prod", @prod;
       "diff", @diff; "median", @median; "std", @std; "var", @var; "mod3", @(x) mod (x, 3);
       "rem3", @(x) rem (x, 3); "abs", @abs; "floor", @floor; "ceil", @ceil; "round", @round;
       "fix", @fix; "sign", @sign; "isnan", @isnan; "isinf", @isinf; "isfinite", @isfinite;
       "real", @real; "imag", @imag; "conj", @conj; "sin", @sin; "exp", @exp; "sqrt", @sqrt;
       "log2", @log2; "sum", @sum; "sum2", @(x) sum (x, 2); "max", @max; "min", @min;
       "mean", @mean; "diag", @diag; "triu", @triu; "tril", @tril; "trace", @trace2;
       "permute", @(x) permute (x, [2 1 3]); "squeeze", @squeeze; "circshift", @(x) circshift (x, 1);
       "flip", @flip; "repmat", @(x) repmat (x, 2, 1); "fliplr", @fliplr; "numel", @numel;
       "size", @size; "isempty", @isempty; "double", @double; "single", @single;
       "logical", @logical; "int8", @int8; "uint16", @uint16; "int32", @int32;
       "uint64", @uint64; "not", @(x) !x; "uminus", @(x) -x; "transpose", @(x) x.';
       "ctranspose", @(x) x'; "num2str", @num2str; "mat2str", @mat2str;
       "sprintf", @(x) sprintf ("%g,", x); "isreal", @isreal; "isa_float", @(x) isa (x, "float");
       "iscomplex", @iscomplex; "isinteger", @isinteger; "islogical", @islogical;
       "index", @(x) x(end); "colon", @(x) x(:); "for", @for_columns;
       "assign_into_host", @assign_into_host; "scalar_div", @(x) 3 / x(1);
       "div_scalar", @(x) x / x(1); "pow2", @(x) x(1) ^ 2; "xor0", @(x) xor (x, 0);
       "and1", @(x) x & 1; "or0", @(x) x | 0; "reshape", @(x) reshape (x, [], 1);
       "colon_op", @(x) colon_bound (x); "if", @if_test;
       ## builtins that reach the type's other virtuals (full_value, resize, issorted,
       ## sort_rows_idx, convert_to_str, index_vector, as_intN, nnz, typecast's extractors)
       "full", @full; "resize", @(x) resize (x, 2, 3); "issorted", @issorted;
       "sortrows", @sortrows; "char", @char; "cast", @(x) cast (x, "int16");
       "typecast", @(x) typecast (x(:), "uint8"); "mask_host", @(x) mask_host (x);
       "rows", @rows; "columns", @columns; "ndims", @ndims; "isvector", @isvector;
       "isscalar", @isscalar; "isrow", @isrow; "issquare", @issquare;
       "arrayfun", @(x) arrayfun (@(e) e, x); "cellfun", @(x) cellfun (@numel, {x, x});
       "bitand", @(x) bitand (x, 3); "accumarray", @(x) accumarray ([1; 2], [x(1); x(end)]);
       "isequal", @(x) isequal (x, x); "fliplr_cat", @(x) [x, fliplr(x)];
       ## more of what numerical code calls
       "log", @log; "log10", @log10; "log1p", @log1p; "expm1", @expm1; "gamma", @gamma;
       "erf", @erf; "tan", @tan; "tanh", @tanh; "asin", @asin; "atan", @atan; "cosh", @cosh;
       "angle", @angle; "flipud", @flipud; "rot90", @rot90; "length", @length;
       "unique", @unique; "sum_all", @(x) sum (x(:)); "prod2", @(x) prod (x, 2);
       "sort2d", @(x) sort (x, 2); "min2", @(x) min (x, [], 2); "square", @(x) x .^ 2;
       "abs2", @(x) abs (x) .^ 2; "dotself", @(x) dot (x(:), x(:)); "norm_vec", @(x) norm (x(:));
       "trapz", @(x) trapz (x(:)); "cross", @(x) cross ([1 2 3], x(1:min (3, end)));
       "idivide", @(x) idivide (x, int32 (2)); "fliplr_end", @(x) x(:, end:-1:1);
       "linspace", @(x) linspace (x(1), 10, 4); "repmat2", @(x) repmat (x, [1 2]);
       "cat1", @(x) cat (1, x, x); "minus_mean", @(x) x - mean (x(:));
       "isfinite_any", @(x) any (isfinite (x(:))); "histc", @(x) histc (x(:), [-1 0 1 5]);
       "interp1", @(x) interp1 ([1 2 3], [4 5 6], x); "floor_div", @(x) floor (x / 2);
       ## scans, products, differences and variances on the device (kernels/scan.cu), with
       ## their dimension, order, weight and option arguments
       "cumsum1", @(x) cumsum (x, 1); "cumsum2", @(x) cumsum (x, 2); "cumsum3", @(x) cumsum (x, 3);
       "cumsum_native", @(x) cumsum (x, "native"); "cumsum_double", @(x) cumsum (x, 2, "double");
       "cumprod1", @(x) cumprod (x, 1); "cumprod2", @(x) cumprod (x, 2); "cumprod3", @(x) cumprod (x, 3);
       "prod1", @(x) prod (x, 1); "prod3", @(x) prod (x, 3); "prod_native", @(x) prod (x, "native");
       "prod_double", @(x) prod (x, 1, "double"); "diff2", @(x) diff (x, 2);
       "diff_k_dim", @(x) diff (x, 1, 2); "diff_dim1", @(x) diff (x, [], 1); "diff_big_k", @(x) diff (x, 5);
       "diff_k3_dim1", @(x) diff (x, 3, 1); "diff_0", @(x) diff (x, 0); "diff_dim3", @(x) diff (x, 1, 3);
       ## complex prod, cumprod, max and min on the device (kernels/reduce_complex.cu) in the
       ## forms the entries above leave out: both outputs of max and min along each dimension,
       ## a view, prod's "double" along a dimension with rows before it (Octave's loop from 0)
       "max_i", @(x) minmax_i (@max, x); "min_i2", @(x) minmax_i (@min, x, 2);
       "max_i3", @(x) minmax_i (@max, x, 3); "max_view", @(x) minmax_i (@max, x.', 1);
       "cumprod_view", @(x) cumprod (x', 2); "prod2_double", @(x) prod (x, 2, "double");
       "std1", @(x) std (x, 1); "std2", @(x) std (x, 0, 2); "std3", @(x) std (x, [], 3);
       "var1", @(x) var (x, 1); "var2", @(x) var (x, 1, 2); "var_all", @(x) var (x, 0, "all");
       "std_all", @(x) std (x, 1, "all"); "var_w", @(x) var (x, 1:rows (x), 1);
       "std_w", @(x) std (x, (1:columns (x)) / 2, 2); "var_dim9", @(x) var (x, 0, 9);
       ## every method this work added, against the host's own
       "sumsq", @sumsq; "sumsq2", @(x) sumsq (x, 2); "cummax", @cummax; "cummin", @cummin;
       "gcd", @(x) gcd (x, 6); "lcm", @(x) lcm (x, 4); "nth_element", @(x) nth_element (x, 1);
       "repelems", @(x) repelems (x(:)', [1; 2]); "bsxfun", @(x) bsxfun (@minus, x, x(1));
       "num2cell", @num2cell; "cat3", @(x) cat (3, x, x); "int2str", @int2str;
       "fprintf", @(x) evalc ("fprintf ('%g;', x)"); "printf", @(x) evalc ("printf ('%g|', x)");
       "zeros_like", @(x) zeros (2, "like", x); "ones_like", @(x) ones (1, 2, "like", x);
       "Inf_like", @(x) Inf (2, 1, "like", x); "NaN_like", @(x) NaN (1, "like", x);
       "true_like", @(x) true (2, "like", x); "false_like", @(x) false (1, 2, "like", x);
       "zeros_size", @(x) zeros (numel (x), 1) + 0; "eye_n", @(x) eye (min (numel (x), 3));
       "bitor", @(x) bitor (x, 6); "bitxor", @(x) bitxor (x, 6); "bitshift", @(x) bitshift (x, 1);
       "unique_sorted", @(x) unique (x(:)); "idivide", @(x) idivide (x, int32 (2), "floor");
       "kron2", @(x) kron (x(1:min (2, end)), [1 -1]);
       ## the mappers the device computes (kernels/elementwise_mappers.cu) not listed above;
       ## those outside their real domain (acos (2), acosh (0), lgamma (-0.5)) take Octave's
       ## own complex route
       "cos", @cos; "acos", @acos; "sinh", @sinh; "asinh", @asinh; "acosh", @acosh;
       "atanh", @atanh; "lgamma", @lgamma; "gammaln", @gammaln; "erfc", @erfc; "cbrt", @cbrt;
       "atan2_1", @(x) atan2 (x, 1); "hypot_3", @(x) hypot (3, x); "mod_neg", @(x) mod (x, -2.5);
       "rem_0", @(x) rem (x, 0); "xor_host", @(x) xor (1, x)};
  ## The functions that move elements (kernels/shape.cu, mex/gw_shape.c) in more of their
  ## forms; dev () turns a host result of a gpumat argument into a mismatch, so that each of
  ## these must keep its result on the device
  dev = @(r, x) {r, "a host result"}{1 + ((isnumeric (r) || islogical (r)) && isgpuarray (x) ...
                                          && ! isgpuarray (r))};
  u = [u; {"permute_d", @(x) dev(permute (x, [2 1 3]), x); "permute312", @(x) dev(permute (x, [3 1 2]), x);
           "permute_bad", @(x) permute (x, [1 1 2]); "ipermute", @(x) dev(ipermute (x, [2 3 1]), x);
           "squeeze_d", @(x) dev(squeeze (x), x); "flip_d", @(x) dev(flip (x), x);
           "flip2", @(x) dev(flip (x, 2), x); "flip3", @(x) dev(flip (x, 3), x);
           "fliplr_d", @(x) dev(fliplr (x), x); "flipud_d", @(x) dev(flipud (x), x);
           "circshift_d", @(x) dev(circshift (x, -2), x); "circshift_v", @(x) dev(circshift (x, [1 -1]), x);
           "circshift_dim", @(x) dev(circshift (x, 3, 2), x); "circshift_bad", @(x) circshift (x, 0.5);
           "repmat_d", @(x) dev(repmat (x, 2, 3), x); "repmat_nd", @(x) dev(repmat (x, [1 2 2]), x);
           "repmat0", @(x) dev(repmat (x, 0, 2), x); "diag_d", @(x) dev(diag (x), x);
           "diag1", @(x) dev(diag (x, 1), x); "diag-2", @(x) dev(diag (x, -2), x);
           "diag_mn", @(x) dev(diag (x(:), 3, 2), x); "diag_row", @(x) dev(diag (x(:).', -1), x);
           "tril_d", @(x) dev(tril (x), x); "tril1", @(x) dev(tril (x, 1), x);
           "triu-1", @(x) dev(triu (x, -1), x); "tril_pack", @(x) dev(tril (x, 0, "pack"), x);
           "triu_pack", @(x) dev(triu (x, 1, "pack"), x); "trace_d", @(x) dev(trace2 (x), x);
           "cat3_d", @(x) dev(cat (3, x, x), x); "cat2", @(x) dev(cat (2, x, x), x);
           "cat4", @(x) dev(cat (4, [], x, x), x); "cat_int", @(x) dev(cat (1, x, int16 ([1 2])), x);
           "horzcat_nd", @(x) dev([x, x], x); "vertcat_int", @(x) dev([x; uint8(x)], x);
           "kron_d", @(x) dev(kron (x, [1 -1; 2 0]), x); "kron_left", @(x) dev(kron ([1; 2], x), x);
           "kron3", @(x) dev(kron (x, [1 2], single ([1; -1])), x)}];
  ## sort, find, nnz and median (kernels/sort.cu, kernels/find.cu, mex/gw_sort.c): both
  ## outputs, every dimension and mode (sort_all also compares the sign bits, so -0 and 0 must
  ## keep their order), N and DIRECTION, one to four outputs of find; dev () as above (nnz
  ## returns a host double, as Octave's)
  u = [u; {"sort_all", @(x) sort_all (x); "sort_all_desc", @(x) sort_all (x, "descend");
           "sort_all_1", @(x) sort_all (x, 1); "sort_all_2d", @(x) sort_all (x, 2, "descend");
           "sort_all_3", @(x) sort_all (x, 3); "sort_all_3d", @(x) sort_all (x, 3, "descend");
           "sort_all_1a", @(x) sort_all (x, 1, "ascend"); "sort_1d", @(x) dev(sort (x, 1, "descend"), x);
           "sort_5", @(x) dev(sort (x, 5), x); "sort_dim1.7", @(x) dev(sort (x, 1.7), x);
           "find2", @(x) find_n (2, x); "find_n2", @(x) dev(find (x, 2), x);
           "find_0", @(x) dev(find (x, 0), x); "find_last", @(x) dev(find (x, 2, "last"), x);
           "find_inf_last", @(x) dev(find (x, Inf, "last"), x);
           "find_first", @(x) dev(find (x, 1, "first"), x); "find3_last", @(x) find_n (3, x, 2, "last");
           "find2_1", @(x) find_n (2, x, 1); "find4", @(x) find_n (4, x);
           "find_view", @(x) dev(find (x.'), x); "nnz_view", @(x) nnz (x.');
           "median1", @(x) dev(median (x, 1), x); "median2", @(x) dev(median (x, 2), x);
           "median3", @(x) dev(median (x, 3), x); "median_view", @(x) dev(median (x.'), x)}];
  ## Octave's own m-files that stop at a gpumat array's class name, computed on the host
  ## (inst/@gpumat: mode, quantile, prctile, iqr, gradient; flintmax of the elements' class)
  u = [u; {"mode", @mode; "quantile", @(x) quantile (x, [0.25; 0.5]); "prctile", @(x) prctile (x, 50);
           "iqr", @iqr; "gradient", @gradient; "flintmax", @flintmax;
           "polyval", @(x) polyval ([1 -2 0.5], x); "polyval_p", @(x) polyval (x(:), 0.5);
           "isdefinite", @isdefinite; "cosint", @cosint; "expint", @expint; "sinint", @sinint;
           "vander", @vander; "bitset", @(x) bitset (x, 2); "polyvalm", @(x) polyvalm ([1 2], x);
           "gammainc", @(x) gammainc (x, 2); "swapbytes", @swapbytes;
           "dot_sparse", @(x) dot (x, sparse (double (x))); "dot_sparse_left", @(x) dot (sparse (double (x)), x)}];
  ## every norm the GPU computes (vectors: 1, 2, fro, +-Inf, p > 0; matrices: 1, Inf, fro), and
  ## those left to Octave (matrix p, vector p <= 0)
  u = [u; {"norm1", @(x) norm (x, 1); "normInf", @(x) norm (x, Inf); "normfro", @(x) norm (x, "fro");
           "norm_v3", @(x) norm (x(:), 3); "norm_v-inf", @(x) norm (x(:), -Inf);
           "norm_vfro", @(x) norm (x(:), "fro"); "norm_v0.5", @(x) norm (x(:), 0.5);
           "norm_v-1", @(x) norm (x(:), -1); "norm_m3", @(x) norm (x, 3)}];
  ## block matrices: rows of host arrays (a range, a diagonal matrix, several pieces) above a
  ## gpumat array (Octave joins those rows through their class's horzcat: inst/@double/...)
  u = [u; {"block_row", @(x) [zeros(1, max (columns (x) - 1, 0)), ones(1, min (columns (x), 1)); x];
           "block_diag", @(x) [eye(2), zeros(2, max (columns (x) - 2, 0)); x];
           "block_range", @(x) [1:columns(x); x];
           "block_int", @(x) [int8(1:min (columns (x), 2)), zeros(1, max (columns (x) - 2, 0)); x]}];
endfunction

function b = binary_functions ()
  b = {"plus", @plus; "minus", @minus; "times", @times; "rdivide", @rdivide;
       "ldivide", @ldivide; "power", @power; "lt", @lt; "le", @le; "gt", @gt; "ge", @ge;
       "eq", @eq; "ne", @ne; "and", @and; "or", @or; "xor", @xor; "max", @max; "min", @min;
       "mod", @mod; "rem", @rem; "atan2", @atan2; "hypot", @hypot; "horzcat", @horzcat2;
       "vertcat", @vertcat2; "mrdivide", @mrdivide; "mldivide", @mldivide};
  ## the shape functions with two operands (mex/gw_shape.c's catnd and kron)
  b = [b; {"cat1", @(x, y) cat (1, x, y); "cat2", @(x, y) cat (2, x, y);
           "cat3", @(x, y) cat (3, x, y); "kron", @kron}];
  ## Octave's m-files computed on the host for gpumat arrays (inst/@gpumat/polyfit.m, ...)
  b = [b; {"polyfit", @(x, y) polyfit (x, y, 1); "polyval2", @polyval;
           "integral", @(x, y) integral (@(t) t .^ 2, x, y)}];
endfunction

function f = product_forms ()
  f = {"mtimes", @(x, y) x * y;  "x.'*y", @(x, y) x.' * y;  "x'*y", @(x, y) x' * y;
       "x*y.'", @(x, y) x * y.';  "x*y'", @(x, y) x * y';  "x.'*y.'", @(x, y) x.' * y.';
       "x'*y'", @(x, y) x' * y'};
endfunction

## PAIRS (make_pairs) but two integer matrices: gpumat's * multiplies them exactly (kernels/matmul_int.cu,
## an extension of * in gpumat_mul's help; test_matmul_int), where Octave 7.3 raises "binary operator
## '*' not implemented for 'int8 matrix' by 'int8 matrix' operations": an extension, not parity.
function pairs = product_pairs (pairs)
  both = cellfun (@(x) isinteger (x) && ! isscalar (x), pairs);
  pairs = pairs(! all (both, 2), :);
endfunction

## Complex operands that each hold NaN, Inf or -Inf in one part of a few elements (some columns
## and rows clean), shaped so that every form above meets zgemm, zgemv on either operand and
## zdotu: 3x4 with 4x2, 3x2, 2x4 and 2x3; rows and columns of 3 and 4; single with double.
function pairs = complex_product_pairs ()
  z = @(r, c) complex (reshape (sin (1:r*c), r, c), reshape (cos ((1:r*c) * 1.7), r, c));
  P = z (3, 4);  P(2, 3) = complex (Inf, 1);  P(1, 1) = complex (-0, NaN);
  Q = z (4, 2);  Q(3, 1) = complex (0.5, -Inf);
  S = z (3, 2);  S(1, 2) = complex (NaN, 0);
  T = z (2, 4);  T(2, 4) = complex (-Inf, 2);
  U = z (2, 3);  U(1, 1) = complex (1, Inf);
  r = z (1, 4);  r(3) = complex (Inf, -0);
  v = z (4, 1);  v(2) = complex (NaN, 1);
  c3 = z (3, 1);  c3(3) = complex (2, -Inf);
  pairs = {P, Q; P, S; P, T; P, U; P, v; r, Q; r, T; r, v; r.', Q; c3, S; c3, P;
           z(3, 4), Q; P, z(4, 2); single(P), Q; r, r; v, v.'};
endfunction

## helpers that run Octave code as a scientist writes it
function r = find3 (x)
  [i, j, v] = find (x);
  r = {i, j, v};
endfunction

## [M, I] = f (x) or f (x, [], dim), both outputs
function r = minmax_i (f, x, dim)
  if (nargin < 3)
    [m, i] = f (x);
  else
    [m, i] = f (x, [], dim);
  endif
  r = {m, i};
endfunction

function r = sort2 (x)
  [s, i] = sort (x);
  r = {s, i};
endfunction

## [S, I] = sort (x, ...) and the sign bits of S (isequaln takes -0 for 0)
function r = sort_all (x, varargin)
  [s, i] = sort (x, varargin{:});
  h = s;
  if (isgpuarray (h))
    h = gather (h);
  endif
  if (isfloat (h) && isreal (h))
    r = {s, i, signbit(h)};
  else
    r = {s, i};
  endif
endfunction

## the first N outputs of find (x, ...)
function r = find_n (n, x, varargin)
  r = cell (1, n);
  [r{:}] = find (x, varargin{:});
endfunction

function r = trace2 (x)
  if (ndims (x) > 2)
    r = sum (x(:));
  else
    r = trace (x);
  endif
endfunction

function r = for_columns (x)
  r = {};
  for k = x
    r{end+1} = k;
  endfor
endfunction

function r = assign_into_host (x)
  r = zeros (1, 3);
  r(2) = sum (x(:));
endfunction

function r = colon_bound (x)
  r = 1:numel (x);
  if (! isempty (x))
    r = 1:abs (double (x(1)));
  endif
endfunction

function r = mask_host (x)
  h = 1:numel (x);
  r = h(x(:)' != 0);
endfunction

function r = if_test (x)
  if (x)
    r = 1;
  else
    r = 0;
  endif
endfunction

function r = horzcat2 (x, y)
  r = [x, y];
endfunction

function r = vertcat2 (x, y)
  r = [x; y];
endfunction

function [cases, mismatches] = algorithms ()
  n = 24;
  [Q, ~] = qr (reshape (sin ((1:n*n) .^ 1.5), n, n));
  A = Q * diag (linspace (1, 30, n)) * Q';  A = (A + A') / 2;
  b = cos (1:n)';
  G = gpumat (A);  g = gpumat (b);
  tests = {"pcg", @(A, b) pcg (A, b, 1e-10, 200), true;
           "gmres", @(A, b) gmres (A, b, [], 1e-10, 24), true;
           "bicgstab", @(A, b) bicgstab (A, b, 1e-10, 200), true;
           "std", @(A, b) std (A), true;  "var", @(A, b) var (A, 0, 2), true;
           "median", @(A, b) median (A), true;  "trace", @(A, b) trace (A), true;
           "normest", @(A, b) normest (A), true;  "cov", @(A, b) cov (A), true;
           "kron", @(A, b) kron (A(1:3, 1:3), b(1:2)), true;
           "cg", @cg_as_written, true;  "power", @power_iteration, true;
           "save_load", @save_load, true};
  cases = 0;  mismatches = {};
  for t = 1:rows (tests)
    cases++;
    try
      h = tests{t, 2} (A, b);
      r = tests{t, 2} (G, g);
      if (tests{t, 3} && ! isgpuarray (r))
        mismatches{end+1} = sprintf ("%s: the result is a host %s, not a gpumat array", tests{t, 1}, class (r));
        continue;
      endif
      r = gather (r);
      if (! strcmp (class (r), class (h)) || ! isequal (size (r), size (h))
          || norm (double (r(:) - h(:)), Inf) > 1e-8 * max (1, norm (double (h(:)), Inf)))
        mismatches{end+1} = sprintf ("%s: differs from the host", tests{t, 1});
      endif
    catch e
      mismatches{end+1} = sprintf ("%s: %s", tests{t, 1}, e.message);
    end_try_catch
  endfor
endfunction

function x = cg_as_written (A, b)
  x = zeros (size (b), "like", b);
  if (isgpuarray (b))
    x = b * 0;
  endif
  r = b - A * x;  p = r;  rs = dot (r, r);
  for k = 1:100
    Ap = A * p;
    alpha = rs / dot (p, Ap);
    x = x + alpha * p;
    r = r - alpha * Ap;
    rs_new = dot (r, r);
    if (all (sqrt (rs_new) < 1e-12))
      break;
    endif
    p = r + (rs_new / rs) * p;
    rs = rs_new;
  endfor
endfunction

function lambda = power_iteration (A, b)
  v = b / norm (b);
  for k = 1:300
    w = A * v;
    v = w / norm (w);
  endfor
  lambda = v' * A * v;
endfunction

function y = save_load (A, b)
  L = b > 0;
  f = [tempname() ".txt"];
  save ("-text", f, "L");
  s = load (f);
  delete (f);
  y = s.L;
  if (! islogical (y))
    y = double (y);      # a logical array must come back logical
  endif
endfunction

## ---- the Fourier transforms ----------------------------------------------------------------
## Every form of fft, ifft (N and DIM), fft2, ifft2 (M, N), fftn and ifftn (SIZE) on the base
## inputs (every class, empty, scalar, vectors, N-d) and on larger ones (prime lengths 7, 13, 97,
## N-d, 1x1, real and complex, double and single), padded and truncated.  Inputs holding Inf are
## left out: where an infinity meets a twiddle factor, which outputs are NaN and which Inf
## depends on the FFT's algorithm (FFTW's codelets or cuFFT's), not on a rule Octave states.
## kernels/elementwise_int.cu through the gateway's integer branch: each integer class against
## itself (a column of intmin, intmax, 0, 1, 7 and -2 against a row of intmax, intmin, 0, 7
## and -2: every pair), against double and single edge values (+-Inf, NaN, 0.5, 2.5, -1.5,
## 1e10, -3.7) on either side, and a scalar against the column; the unary operators and the
## casts at the same edges (-0.5 too).  Never intmin against -1 (nor a value that rounds to
## -1) in mod and rem: Octave 7.3's own never returns for int32 and int64 there (the host's
## x % y traps, SIGFPE, again and again).
function [cases, mismatches, k] = integer_parity (k, mine)
  bin = {"plus", @plus; "minus", @minus; "times", @times; "rdivide", @rdivide;
         "power", @power; "lt", @lt; "eq", @eq; "ne", @ne; "and", @and; "max", @max;
         "min", @min; "mod", @mod; "rem", @rem};
  un = {"uminus", @uminus; "abs", @abs; "sign", @sign; "not", @not; "round", @round;
        "fix", @fix; "isnan", @isnan; "isfinite", @isfinite; "logical", @logical;
        "double", @double; "single", @single; "int8", @int8; "uint8", @uint8;
        "int16", @int16; "uint16", @uint16; "int32", @int32; "uint32", @uint32;
        "int64", @int64; "uint64", @uint64; "any", @any; "all", @all};
  fl = [0.5 -1.5 2.5 NaN Inf -Inf 1e10 -3.7];     # nothing that rounds to -1 (see above)
  pairs = cell (0, 2);
  inputs = {fl, single(fl), [1.5 -2.5 -0.5 3e9 -1e20 200.5]};
  for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
    e = cast ([intmin(c{1}); intmax(c{1}); 0; 1; 7; -2], c{1});
    pairs(end+1:end+4, :) = {e, [e([2 1 3 5]); cast(-2, c{1})].'; e, fl; single(fl), e; ...
                             intmax(c{1}), e};
    inputs{end+1} = e;
  endfor
  ## x on the GPU, y on the host or the GPU (CI time)
  [cases, mismatches, k] = binary_cases (bin, pairs, [1 3], k, mine);
  [c, m, k] = unary_cases (un, inputs, k, mine);
  cases += c;  mismatches = [mismatches, m];
endfunction

## sum, prod, cumsum, cumprod, max, min, mean and diff of integer data (kernels/reduce_int.cu,
## the "ireduce" command, and the double path): each class on a row that saturates both ways,
## an N-d array of its edge values (every dimension), and a line of 700 (3 chunks on the
## device); empties, a scalar and an N-d array cut by more than its length for int8 and uint64.
## The sums in double of int64 and uint64 data (sum, mean) are left out: past 2^53 each
## addition rounds, and the device's order differs from Octave's: sum ([intmin; 1; intmax; 1])
## is 1 in Octave's order and 0 in a tree's, beyond any tolerance on the result's scale (the
## GPU tests of sum.m and mean.m compare them within 64 eps of sum (abs (x))).
function [cases, mismatches, k] = int_reduce_parity (k, mine)
  fns = {"isum", @sum; "isum_native", @(x) sum (x, "native"); "isum_native2", @(x) sum (x, 2, "native");
         "isum_native3", @(x) sum (x, 3, "native"); "isum_double", @(x) sum (x, 1, "double");
         "icumsum", @cumsum; "icumsum_native", @(x) cumsum (x, "native");
         "icumsum_native1", @(x) cumsum (x, 1, "native"); "icumsum_native2", @(x) cumsum (x, 2, "native");
         "iprod", @prod; "iprod_native", @(x) prod (x, "native"); "iprod_native2", @(x) prod (x, 2, "native");
         "icumprod2", @(x) cumprod (x, 2); "imax", @(x) two_outputs (@max, x); "imin", @(x) two_outputs (@min, x);
         "imax2", @(x) two_outputs (@max, x, [], 2); "imin3", @(x) two_outputs (@min, x, [], 3);
         "imean", @mean; "imean2", @(x) mean (x, 2); "imean_native", @(x) mean (x, "native");
         "idiff", @diff; "idiff2_2", @(x) diff (x, 2, 2); "idiff3_1", @(x) diff (x, 3, 1)};
  in_double = {"isum", "isum_double", "imean", "imean2", "imean_native"};
  cases = 0;  mismatches = {};
  for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
    wide = any (strcmp (c{1}, {"int64", "uint64"}));
    lo = intmin (c{1});  hi = intmax (c{1});
    e = [lo; hi; 0; 1; 7; -2];
    line = cast (mod ((1:700) * 7919, 511) - 255, c{1});
    if (hi > 127)
      line(1:3:end) = line(1:3:end) * (hi / 200);      # beyond the class's range in a few steps
    endif
    inputs = {[hi hi lo -5 hi lo lo 9 hi], reshape([e; e; e; e], 3, 4, 2), line};
    if (any (strcmp (c{1}, {"int8", "uint64"})))
      inputs = [inputs, {zeros(0, 3, c{1}), zeros(3, 0, c{1}), zeros(0, 0, c{1}), hi, ...
                         reshape(e(1:4), 1, 1, 4)}];
    endif
    for i = 1:numel (inputs)
      x = inputs{i};
      for f = 1:rows (fns)
        k++;
        if (! mine (k) || (wide && any (strcmp (fns{f, 1}, in_double))))
          continue;
        endif
        [ok, why] = agree (fns{f, 2}, {x}, {gpumat(x)});
        cases++;
        if (! ok)
          mismatches{end+1} = sprintf ("%s (%s): %s", fns{f, 1}, describe (x), why);
        endif
      endfor
    endfor
  endfor
endfunction

## [M, I] = f (...) as one cell
function r = two_outputs (f, varargin)
  [m, i] = f (varargin{:});
  r = {m, i};
endfunction

## Arrays made from a few scalars with a gpumat argument, against the same call on host
## arguments: each row is {name, f, host_args, gpu_args}.  Deterministic ones must agree
## exactly (value, class, size, -0); random ones are compared by random_sig (class, size,
## whole values in range).  Octave 7.3's rand and randi have no "like": those rows give the
## host the class name instead.
function [cases, mismatches, k] = make_parity (k, mine)
  rows_ = {};
  g = @gpumat;
  protos = {1, single(1), int8(1), uint16(1), int32(1), uint64(1), true, 1i, single(2i)};
  for f = {"zeros", "ones", "Inf", "NaN", "true", "false"}
    fn = str2func (f{1});
    for p = protos
      rows_(end+1, :) = {[f{1} "_like"], fn, {2, 3, "like", p{1}}, {2, 3, "like", g(p{1})}};
    endfor
    rows_(end+1, :) = {[f{1} "_gsize"], fn, {3, 2}, {g(3), 2}};
    rows_(end+1, :) = {[f{1} "_gvec"], fn, {[2 0 3 1]}, {g([2 0 3 1])}};
    rows_(end+1, :) = {[f{1} "_neg"], fn, {-1, 4, "like", 1}, {g(-1), 4, "like", g(1)}};
    rows_(end+1, :) = {[f{1} "_frac"], fn, {2.5}, {g(2.5)}};
    rows_(end+1, :) = {[f{1} "_gint8"], fn, {int8(2), 3}, {g(int8(2)), 3}};
  endfor
  rows_(end+1, :) = {"zeros_class", @zeros, {2, "int16"}, {g(2), "int16"}};
  rows_(end+1, :) = {"ones_1x1", @ones, {"like", uint8(1)}, {"like", g(uint8(1))}};
  for a = {{3}, {2, 5}, {[4 2]}, {-1, 3}, {0, 0}, {2, 3, "uint8"}, {3, "single"}, {2, 3, 4}, {2.5}}
    args = a{1};
    gargs = args;
    gargs{1} = g(args{1});
    rows_(end+1, :) = {"eye", @eye, args, gargs};
  endfor
  ## colon: Octave's count, values and final element, a gpumat in each place
  triples = {{0, 0.1, 1}, {1.8, 0.05, 1.9}, {-5, 1, -0}, {1, -0.3, -2}, {0, 1e-3, 1}, ...
             {2, 1, 1}, {1, 0, 5}, {1, NaN, 3}, {1, Inf, 5}, {-1, 1/3, 1}, {0, pi, 100}, ...
             {1e15, 0.1, 1e15+1}, {3.3, -1.1, -3.3}, {single(0), 0.1, 1}, ...
             {single(1.8), single(0.05), 1.9}, {-0.5, single(0.25), 0.5}, ...
             {int8(-100), 7, 100}, {uint8(200), -3, 5}, {int32(5), int32(-2), -5}, ...
             {uint64(1), 2, 10}, {int16(-7), int16(-3), int16(7)}, {int8(1), 0.5, 3}, ...
             {int8(1), int16(1), 3}, {int8(1), 1, 300}, {uint8(0), 300, 5}, {1, 1, Inf}};
  for t = triples
    for p = 1:3
      gt = t{1};
      gt{p} = g(gt{p});
      rows_(end+1, :) = {"colon3", @colon, t{1}, gt};
    endfor
  endfor
  for t = {{1, 10}, {single(-2.5), 3}, {int16(-3), 4}, {-0, -0}, {5, 1}}
    rows_(end+1, :) = {"colon2", @colon, t{1}, {g(t{1}{1}), t{1}{2}}};
    rows_(end+1, :) = {"colon2", @colon, t{1}, {t{1}{1}, g(t{1}{2})}};
  endfor
  ## linspace: Octave's formulas bit for bit
  for t = {{0, 1, 5}, {0, 1, 4}, {-1, 1, 7}, {1, 1, 3}, {single(0), 1, 10}, {0, 1, 1}, ...
           {0, 1, 0}, {[1; 2], [3; 4], 5}, {[1; 2], 5, 3}, {1, [3 4], 3}, {0, 1, 2.7}, ...
           {-pi, exp(1), 1000}, {[1 2], [1 2 3], 3}, {1, 2i, 3}, {int8(1), 10, 4}, {0, 1}}
    for p = 1:2
      gt = t{1};
      gt{p} = g(gt{p});
      rows_(end+1, :) = {"linspace", @linspace, t{1}, gt};
    endfor
  endfor
  ## random: class, size and range
  ## (no space before an argument list inside braces: "f (x)" there is two elements)
  rs = @(f) @(varargin) random_sig (f (varargin{:}));
  r_rand = rs (@rand);  r_randn = rs (@randn);  r_randi = rs (@randi);
  rows_(end+1, :) = {"rand_gsize", r_rand, {3, 2}, {g(3), 2}};
  rows_(end+1, :) = {"rand_single", r_rand, {[2 3 4], "single"}, {g([2 3 4]), "single"}};
  rows_(end+1, :) = {"rand_like", r_rand, {2, "single"}, {2, "like", g(single(1))}};
  rows_(end+1, :) = {"randn_like", r_randn, {2, 0, "double"}, {2, 0, "like", g(1)}};
  rows_(end+1, :) = {"randn_neg", r_randn, {-1, 3}, {g(-1), 3}};
  rows_(end+1, :) = {"randi", r_randi, {10, 3, 4}, {g(10), 3, 4}};
  rows_(end+1, :) = {"randi_pair", r_randi, {[-3 4], 50, 1}, {g([-3 4]), 50, 1}};
  rows_(end+1, :) = {"randi_like", r_randi, {[-3 4], 2, 3, "int8"}, {[-3 4], 2, 3, "like", g(int8(1))}};
  rows_(end+1, :) = {"randi_class", r_randi, {6, [1 9], "uint16"}, {6, g([1 9]), "uint16"}};
  rows_(end+1, :) = {"randi_one", r_randi, {5}, {g(5)}};
  rows_(end+1, :) = {"randi_bad", r_randi, {0}, {g(0)}};
  rows_(end+1, :) = {"randi_frac", r_randi, {2.5, 2}, {g(2.5), 2}};
  cases = 0;  mismatches = {};
  for r = 1:rows (rows_)
    k++;
    if (! mine (k))
      continue;
    endif
    [ok, why] = agree (rows_{r, 2}, rows_{r, 3}, rows_{r, 4});
    if (ok && ! any (strncmp (rows_{r, 1}, {"rand", "randn", "randi"}, 4)))
      ## a gpumat argument must give a gpumat result (when there is one)
      try
        ok = isgpuarray (rows_{r, 2} (rows_{r, 4}{:}));
        why = "the result is not a gpumat array";
      catch
      end_try_catch
    endif
    cases++;
    if (! ok)
      mismatches{end+1} = sprintf ("%s (%s): %s", rows_{r, 1},
                                   strjoin (cellfun (@mat2str, rows_{r, 3}, "uniformoutput", false), ", "), why);
    endif
  endfor
endfunction

## What two draws of one random call share: the class, the size, and whether every value
## is finite, and whole for randi.
function s = random_sig (r)
  if (isgpuarray (r))
    r = gather (r);
  endif
  s = {class(r), size(r), all (isfinite (r(:))), all (r(:) == fix (r(:)))};
endfunction

function [cases, mismatches, k] = transform_parity (k, mine)
  fns = {"fft", @fft; "fft_dim2", @(x) fft (x, [], 2); "fft_dim3", @(x) fft (x, [], 3);
         "fft_pad7", @(x) fft (x, 7); "fft_13_dim2", @(x) fft (x, 13, 2);
         "fft_trunc2", @(x) fft (x, 2); "fft_n1", @(x) fft (x, 1); "fft_n0", @(x) fft (x, 0);
         "fft_n1_dim2", @(x) fft (x, 1, 2); "ifft", @ifft; "ifft_7_dim2", @(x) ifft (x, 7, 2);
         "ifft_trunc3", @(x) ifft (x, 3); "fft2", @fft2; "fft2_3_5", @(x) fft2 (x, 3, 5);
         "fft2_rows0", @(x) fft2 (x, 0, 2); "fft2_13", @(x) fft2 (x, 13);
         "ifft2", @ifft2; "ifft2_7_13", @(x) ifft2 (x, 7, 13);
         "fftn", @(x) fftn_of (@fftn, x); "fftn_grow", @(x) fftn_of (@fftn, x, size (x) + 1);
         "ifftn", @(x) fftn_of (@ifftn, x); "ifftn_cut", @(x) fftn_of (@ifftn, x, max (size (x) - 1, 0))};
  base = make_inputs ();
  r = @(m, n, p) sin ((1:m)' * (1:n) * 0.7 + (1:m)' * 0.3 + p);
  more = {r(13, 7, 0), r(7, 13, 1), r(1, 13, 2), r(97, 1, 3), r(100, 3, 4), r(16, 5, 5), ...
          reshape(r(30, 7, 6), 5, 6, 7), reshape(r(24, 5, 7), 2, 3, 4, 5), ...
          reshape(r(4, 1, 8), 1, 1, 4), 0.5 - 2i, zeros(0, 7)};
  for i = 1:numel (more)
    v = more{i};
    w = reshape (sin (0.4 * (1:numel (v)) + 9), size (v));
    base(end+1:end+4) = {v, single(v), complex(real(v), w), single(complex(real(v), 1))};
  endfor
  cases = 0;  mismatches = {};  rounded = 0;
  for i = 1:numel (base)
    x = base{i};
    if (any (isinf (x(:))))
      continue;
    endif
    for f = 1:rows (fns)
      k++;
      if (! mine (k))
        continue;
      endif
      [ok, why, narrowed] = transform_agree (fns{f, 2}, x);
      cases++;
      rounded += narrowed;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s): %s", fns{f, 1}, describe (x), why);
      endif
    endfor
  endfor
  if (rounded)
    printf ("parity_check: %d transform results real on one side and complex with imaginary parts within rounding on the other (agreed)\n", rounded);
  endif
endfunction

## fftn and ifftn: Octave 7.3's own never returns for a SIZE with some lengths 0 but not all
## (FFTW loops on the empty plan) or fails ("Error creating FFTW plan"); for those the host's
## side is the result the gpumat methods document: real zeros of that size.
function y = fftn_of (f, x, sz)
  if (nargin < 3)
    sz = size (x);
  endif
  if (! isgpuarray (x) && any (sz == 0) && ! all (sz == 0))
    y = zeros (sz, "double");
    if (isa (x, "single"))
      y = single (y);
    endif
  elseif (nargin < 3)
    y = f (x);
  else
    y = f (x, sz);
  endif
endfunction

## As agree, with a transform's tolerance: elements within 4 (log2 (N) + 1) N eps max |x|, N the
## result's element count (at least the points of one transform), NaN where NaN and, elsewhere,
## Inf where Inf.  Class and size as Octave's; complexity as Octave's unless every imaginary part
## of the complex side is within that tolerance: Octave narrows a result whose imaginary parts are
## all exactly zero, here as there, and FFTW and cuFFT round differently.
function [ok, why, narrowed] = transform_agree (f, x)
  ok = true;  why = "";  narrowed = false;
  host_err = "";  gpu_err = "";
  try
    h = f (x);
  catch e
    host_err = e.message;
  end_try_catch
  try
    g = f (gpumat (x));
    if (! isgpuarray (g))
      ok = false;  why = sprintf ("the result is a host %s", class (g));
      return;
    endif
    g = gather (g);
  catch e
    gpu_err = e.message;
  end_try_catch
  if (! isempty (host_err) || ! isempty (gpu_err))
    ok = ! isempty (host_err) && ! isempty (gpu_err);
    if (! ok)
      why = sprintf ("host error '%s', gpumat error '%s'", host_err, gpu_err);
    endif
    return;
  endif
  if (! strcmp (class (h), class (g)))
    ok = false;  why = sprintf ("class %s, host %s", class (g), class (h));
    return;
  elseif (! isequal (size (h), size (g)))
    ok = false;  why = sprintf ("size %s, host %s", mat2str (size (g)), mat2str (size (h)));
    return;
  elseif (! isfloat (h))
    ok = isequal (h, g);                       # N = 1 keeps an integer or logical class
    why = "values differ";
    return;
  endif
  xs = double (x(isfinite (x)));
  tol = 4 * (log2 (max (numel (h), 2)) + 1) * max (numel (h), 1) * eps (class (h)) ...
        * max ([abs(xs(:)); realmin]);
  if (iscomplex (h) != iscomplex (g))
    c = g;
    if (iscomplex (h))
      c = h;
    endif
    if (any (abs (imag (c(:))) > tol))
      ok = false;  why = sprintf ("complexity %d, host %d", iscomplex (g), iscomplex (h));
      return;
    endif
    narrowed = true;
  endif
  if (! isequal (isnan (h), isnan (g)))
    ok = false;  why = "NaN at other places";
  elseif (! isequal (isinf (h) & ! isnan (h), isinf (g) & ! isnan (g)))
    ok = false;  why = "Inf at other places";
  else
    fin = isfinite (h) & isfinite (g);
    d = abs (double (h(fin)) - double (g(fin)));
    err = max ([d(:); 0]);
    if (err > tol)
      ok = false;  why = sprintf ("values differ by %g (tolerance %g)", err, tol);
    endif
  endif
endfunction

## ---- dense linear algebra ------------------------------------------------------------------
## Each matrix of solver_matrices with each function below, the operands on the GPU in turn
## (both, the matrix only, the right-hand side only), against the host.  A case agrees when both
## raise the same error message or neither does, both give the same singular-matrix warning
## (Octave:singular-matrix, Octave:nearly-singular-matrix) or none, and the values agree by the
## rule of solve_tolerance: a solve's error bound, n eps times the condition number, where the
## device computes; the same bits where Octave's own function answers on the host (rectangular,
## singular and ill-conditioned systems and inverses, NaN and Inf).
function [cases, mismatches, k] = linear_algebra (k, mine)
  cases = 0;  mismatches = {};
  on = {"Octave:singular-matrix", "Octave:nearly-singular-matrix"};
  state = warning ();
  cleanup = onCleanup (@() warning (state));
  for id = on
    warning ("on", id{1});
  endfor
  ## {name, function, tolerance kind, the right-hand side it uses: 2 B, 3 D (finite always)}
  two = {"mldivide", @(A, B, D) A \ B, "solve", 2;
         "mrdivide", @(A, B, D) D / A, "solve", 3;
         "mldivide_view", @(A, B, D) A' \ D.', "solve", 3;
         "mrdivide_view", @(A, B, D) B.' / A.', "solve", 2};
  one = {"inv", @(A) inv (A), "solve";
         "det", @(A) det (A) / hadamard (A) + 1, "factor";
         "lu", @(A) lu (A), "factor";  "lu2", @(A) outputs (@lu, 2, A), "factor";
         "lu3", @(A) outputs (@lu, 3, A), "factor";
         "luvec", @(A) outputs (@(a) lu (a, "vector"), 3, A), "factor";
         "chol", @(A) chol (A), "factor";  "chol_lower", @(A) chol (A, "lower"), "factor";
         "chol2", @(A) outputs (@chol, 2, A), "factor"};
  mats = solver_matrices ();
  for i = 1:rows (mats)
    A = mats{i, 2};  B = mats{i, 3};
    D = reshape (cos (1:2*columns (A)), 2, columns (A));
    if (iscomplex (B))
      D = complex (D, 1);
    endif
    if (isa (B, "single"))
      D = single (D);
    endif
    for f = 1:rows (two)
      for placement = 1:3
        k++;
        if (! mine (k))
          continue;
        endif
        g = {A(:, :), B(:, :), D(:, :)};
        if (placement != 3)
          g{1} = gpumat (A);
        endif
        if (placement != 2)
          g{2} = gpumat (B);  g{3} = gpumat (D);
        endif
        rhs = {A, B, D}{two{f, 4}};
        tol = solve_tolerance (two{f, 3}, A, rhs);
        [ok, why] = agree_linalg (two{f, 2}, {A, B, D}, g, tol);
        cases++;
        if (! ok)
          mismatches{end+1} = sprintf ("%s (%s) placement %d: %s", two{f, 1}, mats{i, 1},
                                       placement, why);
        endif
      endfor
    endfor
    clear = pivots_clear (A);
    for f = 1:rows (one)
      k++;
      if (! mine (k) || ! isempty (mats{i, 4}))
        continue;          # a case of the right-hand side only
      elseif (strncmp (one{f, 1}, "lu", 2) && ! (clear || iscomplex (A)))
        continue;          # LU's factors are the host's only where its pivots are clear
                           # (complex: Octave's own lu on the host, every pivot its own)
      endif
      tol = solve_tolerance (one{f, 3}, A, A);
      [ok, why] = agree_linalg (one{f, 2}, {A}, {gpumat(A)}, tol);
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s): %s", one{f, 1}, mats{i, 1}, why);
      endif
    endfor
  endfor
  ## text operands (Octave's own operator on the host: the same bits), beside a gpumat matrix
  ## that is well conditioned, singular or holds NaN
  T = ["ab"; "cd"];
  for M = {[1 2; 3 5], [1 2; 2 4], [1 NaN; 2 3], single([1 2; 3 5]), [1 2i; 3 5]}
    text = {"text \\ G", @(t, g) t \ g;  "G \\ text", @(t, g) g \ t;
            "text / G", @(t, g) t / g;    "G / text", @(t, g) g / t};
    for f = 1:rows (text)
      k++;
      if (! mine (k))
        continue;
      endif
      [ok, why] = agree_linalg (text{f, 2}, {T, M{1}}, {T, gpumat(M{1})}, 0);
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s): %s", text{f, 1}, mat2str (M{1}), why);
      endif
    endfor
  endfor
  ## eig, svd and qr (kernels/eig_svd.cu)
  [c, m, k] = spectral_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## pinv, rank, null, orth, cond and the matrix 2-norm (from the device svd)
  [c, m, k] = svd_derived_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
  ## expm (Octave's algorithm on device products and a device solve)
  [c, m, k] = expm_parity (k, mine);
  cases += c;  mismatches = [mismatches, m];
endfunction

## expm against the host: within 256 n eps of the class relative to the result's largest
## element on the device path; exactly where the host answers (NaN, Inf, integer data, 1x1 and
## diagonal matrices up to exp's rounding, Octave's errors).
function [cases, mismatches, k] = expm_parity (k, mine)
  cases = 0;  mismatches = {};
  S = reshape (sin ((1:256) .^ 1.3), 16, 16);
  Z = complex (S, reshape (cos ((1:256) .^ 1.1), 16, 16));
  mats = {"general 5", S(1:5, 1:5), "general 16", 3*S, "symmetric 7", S(1:7, 1:7) + S(1:7, 1:7)', ...
          "negative trace", S(1:4, 1:4)-5*eye(4), "badly scaled", [1 1e6; 1e-6 1], ...
          "permuting", [0 1 0; 0 0 1; 1 0 0], "triangular", triu(ones(6)), ...
          "complex", Z(1:4, 1:4), "single", single(S(1:6, 1:6)), "single complex", single(Z(1:3, 1:3)), ...
          "diagonal", diag([1 -2 3]), "1x1", 2.5, "empty", zeros(0, 0), "int32", int32([1 2; 3 4]), ...
          "logical", logical([1 0; 1 1]), "NaN", [1 NaN; 0 1], "Inf", [1 Inf; 0 1], ...
          "-Inf", [1 -Inf; 0 1], "non-square", ones(2, 3), "N-d", ones(2, 2, 2)};
  mats = reshape (mats, 2, [])';
  for i = 1:rows (mats)
    A = mats{i, 2};
    k++;
    if (! mine (k))
      continue;
    endif
    tol = 0;
    if (isfloat (A) && all (isfinite (A(:))) && ! isempty (A))
      tol = 256 * rows (A) * eps (class (A));
    endif
    [ok, why] = agree_linalg (@expm, {A}, {gpumat(A)}, tol);
    cases++;
    if (! ok)
      mismatches{end+1} = sprintf ("expm (%s): %s", mats{i, 1}, why);
    endif
  endfor
endfunction

## eig, svd and qr against the host.  The vectors are unique only up to sign or phase (and within
## a repeated value's space), so each case compares what is unique: the values (eig of a matrix
## that is not Hermitian: as a set, eig_values), V D V' (eig: A itself where A is Hermitian; for
## another, A V = V D and unit columns), U S V', V' V and U' U, Q R and Q' Q (and qr's R and one-output
## X, fixed by LAPACK's reflector convention), and Octave's shapes and classes; within
## 64 n sqrt (n) eps of the class relative to each result's largest element; exactly where the
## host answers (NaN, Inf; Octave's errors).
function [cases, mismatches, k] = spectral_parity (k, mine)
  cases = 0;  mismatches = {};
  funcs = {"eig", @(A) eig_values (A);
           "eig2", @(A) eig_products (A);
           "svd", @(A) svd (A);
           "svd3", @(A) svd_products (A, {});
           "svd_econ", @(A) svd_products (A, {"econ"});
           "svd0", @(A) svd_products (A, {0});
           "qr", @(A) qr (A);
           "qr2", @(A) qr_products (A, {});
           "qr0", @(A) qr_products (A, {0})};
  S = reshape (sin ((1:256) .^ 1.3), 16, 16);
  Z = complex (S, reshape (cos ((1:256) .^ 1.1), 16, 16));
  mats = {"symmetric 5", S(1:5, 1:5) + S(1:5, 1:5)', "symmetric 16", S + S', ...
          "Hermitian 7", Z(1:7, 1:7) + Z(1:7, 1:7)', ...
          "single symmetric", single(S(1:5, 1:5) + S(1:5, 1:5)'), ...
          "single Hermitian", single(Z(1:5, 1:5) + Z(1:5, 1:5)'), "repeated", 2 * eye(4), ...
          "non-symmetric", S(1:5, 1:5), "complex non-Hermitian", Z(1:4, 1:4), ...
          "rotation", [1 -2; 2 1], "non-symmetric 16", S, "single non-symmetric", single(S(1:6, 1:6)), ...
          "single complex non-Hermitian", single(Z(1:5, 1:5)), ...
          "tall", S(1:7, 1:3), "wide", S(1:3, 1:7), "complex wide", Z(1:3, 1:5), ...
          "single tall", single(S(1:6, 1:4)), "logical", logical([1 0 1; 1 1 0]), "1x1", 3, ...
          "empty", zeros(0, 0), "empty 0x3", zeros(0, 3), "NaN", [1 NaN; NaN 1], ...
          "Inf", [2 Inf; 1 3], "int16", int16([2 1; 1 2])};
  mats = reshape (mats, 2, [])';
  for i = 1:rows (mats)
    A = mats{i, 2};
    cls = class (double (A(:, :)) + A(:, :));
    tol = 0;                               # integer data, NaN, Inf: the host's answer, exactly
    if (any (strcmp (cls, {"double", "single"})) && all (isfinite (A(:))))
      tol = 64 * max (size (A)) ^ 1.5 * eps (cls);
    endif
    for f = 1:rows (funcs)
      k++;
      if (! mine (k))
        continue;
      endif
      t = tol;
      [ok, why] = agree_linalg (funcs{f, 2}, {A}, {gpumat(A)}, t);
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s): %s", funcs{f, 1}, mats{i, 1}, why);
      endif
    endfor
  endfor
endfunction

## eig's values, in ascending order of real, then imaginary part where A is not Hermitian (the
## order of xGEEV's values is the library's own: cuSOLVER's may differ from LAPACK's)
function w = eig_values (A)
  w = eig (A);
  if (! hermitian_float (A))
    w = in_pair_order (w);
  endif
endfunction

## the real parts on a grid of 1e-6 of the largest value first: a conjugate pair's real parts
## may differ in the last bit, and a sort by the exact parts would then order the pair either way
function w = in_pair_order (w)
  h = double (gather_if (w));
  grid = 1e-6 * max ([abs(h(:)); realmin]);
  [~, i] = sortrows ([round(real (h(:)) / grid), imag(h(:))]);
  w = w(i);
endfunction

function t = hermitian_float (A)
  a = gather_if (A);
  t = isfloat (a) && ishermitian (a);
endfunction

## [V, D] = eig (A) by what is unique: for a Hermitian A, D, V D V' and V' V; for another, the
## values (in_pair_order), whether A V = V D to rounding and whether V's columns have unit norm
function r = eig_products (A)
  [V, D] = eig (A);
  if (hermitian_float (A))
    r = {D, V * D * V', V' * V};
  else
    a = gather_if (A);
    n = rows (a);
    e = 1e3 * n * eps (class (real (a(1))));
    values = in_pair_order (diag (D));
    residual_small = gather_if (norm (A * V - V * D, 1)) <= e * max (norm (a, 1), 1);
    unit_columns = all (abs (sqrt (sum (abs (gather_if (V)) .^ 2, 1)) - 1) <= e);
    r = {values, residual_small, unit_columns};
  endif
endfunction

function r = svd_products (A, opt)
  [U, S, V] = svd (A, opt{:});
  r = {S, U * S * V', U' * U, V' * V};
endfunction

## R itself too: cuSOLVER's reflectors follow LAPACK's sign rule, so R is the host's
function r = qr_products (A, opt)
  [Q, R] = qr (A, opt{:});
  r = {R, Q * R, Q' * Q};
endfunction

## pinv, rank, null, orth, cond and the matrix 2-norm (@gpumat methods on the device svd)
## against the host.  A basis of a null space or a range is unique only up to a rotation
## within the space: null and orth compare the projector Z Z' and |Z' Z|.  Within 64 n sqrt (n)
## eps of the class relative to each result's largest element; exactly where the host answers
## (NaN: pinv's and norm's NaN, the others' errors).  cond of a rank-deficient matrix (a
## quotient by a singular value at rounding level) is not compared.
function [cases, mismatches, k] = svd_derived_parity (k, mine)
  cases = 0;  mismatches = {};
  funcs = {"rank", @(A) rank (A);  "rank tol", @(A) rank (A, 0.5);
           "pinv", @(A) pinv (A);  "pinv tol", @(A) pinv (A, 0.5);
           "null", @(A) subspace_products (null (A));
           "orth", @(A) subspace_products (orth (A));
           "cond", @(A) cond (A);  "norm", @(A) norm (A);  "norm 2", @(A) norm (A, 2)};
  S = reshape (sin ((1:64) .^ 1.3), 8, 8);
  Z = complex (S, reshape (cos ((1:64) .^ 1.1), 8, 8));
  ## {name, A, rank-deficient}
  mats = {"full rank", S(1:5, 1:5), false;  "tall", S(1:7, 1:4), false;
          "wide", S(1:3, 1:6), false;  "rank-deficient", S(1:6, [1 2 2 3 4]), true;
          "wide rank-deficient", S(1:6, [1 2 2 3 4])', true;
          "complex", Z(1:5, 1:4), false;
          "complex rank-deficient", Z(1:6, 1:2) * Z(1:2, 1:4), true;
          "single", single(S(1:6, 1:4)), false;  "zeros", zeros(3), false;
          "empty", zeros(0, 3), false;  "1x1", 3, false;  "NaN", [1 NaN; 2 3], false};
  for i = 1:rows (mats)
    A = mats{i, 2};
    tol = 64 * max (size (A)) ^ 1.5 * eps (class (A));
    if (! all (isfinite (A(:))))
      tol = 0;
    endif
    for f = 1:rows (funcs)
      k++;
      if (! mine (k) || (mats{i, 3} && strcmp (funcs{f, 1}, "cond")))
        continue;
      endif
      [ok, why] = agree_linalg (funcs{f, 2}, {A}, {gpumat(A)}, tol);
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s): %s", funcs{f, 1}, mats{i, 1}, why);
      endif
    endfor
  endfor
endfunction

## abs (Q' Q): its imaginary parts are rounding, a complex or a narrowed real array by chance
function r = subspace_products (Q)
  r = {Q * Q', abs (Q' * Q)};
endfunction

## {name, A, B, only_rhs}: each of Octave's matrix types (full, upper and lower triangular,
## Hermitian positive definite, Hermitian by the probe but not positive definite), well and ill
## conditioned, singular, with NaN or Inf, complex, single and logical, square and rectangular,
## empty; B with 2 columns (a complex or single B where that is the case's point).
function m = solver_matrices ()
  G = @(n) reshape (sin ((1:n*n) .^ 1.3), n, n) + n / 2 * eye (n);
  Z = @(n) complex (G (n), reshape (cos ((1:n*n) .^ 1.1), n, n));
  rhs = @(a) reshape (cos ((1:2*rows (a)) .^ 1.2), rows (a), 2);
  m = cell (0, 4);
  add = @(m, name, a, b, only_rhs) [m; {name, a, b, only_rhs}];
  for n = [2 5 7 16]
    g = G (n);  z = Z (n);
    m = add (m, sprintf ("full %d", n), g, rhs (g), "");
    m = add (m, sprintf ("upper %d", n), triu (g) + n * eye (n), rhs (g), "");
    m = add (m, sprintf ("lower %d", n), tril (g) + n * eye (n), rhs (g), "");
    m = add (m, sprintf ("spd %d", n), g * g' + eye (n), rhs (g), "");
    m = add (m, sprintf ("complex %d", n), z, rhs (g), "");
    m = add (m, sprintf ("hpd %d", n), z * z' + eye (n), complex (rhs (g), 1), "");
    m = add (m, sprintf ("single %d", n), single (g), single (rhs (g)), "");
  endfor
  g = G (5);  z = Z (5);  b = rhs (g);
  m = add (m, "complex upper", triu (z) + 5i * eye (5), b, "");
  m = add (m, "single spd", single (g * g' + eye (5)), b, "");
  m = add (m, "single complex", single (z), single (b), "");
  m = add (m, "single ill", single (hilb (6)), single (rhs (ones (6))), "");
  m = add (m, "real A, complex B", g, complex (b, fliplr (b)), "rhs");
  m = add (m, "complex A, real B", z, b, "rhs");
  m = add (m, "single A, double B", single (g), b, "rhs");
  m = add (m, "double A, single B", g, single (b), "rhs");
  m = add (m, "NaN in B", g, [b(1:4, :); NaN 1], "rhs");
  m = add (m, "Inf in B", g, [Inf 1; b(2:5, :)], "rhs");
  m = add (m, "-Inf in B, upper A", triu (g) + 5 * eye (5), [b(1:2, :); 1 -Inf; b(4:5, :)], "rhs");
  m = add (m, "NaN in B, spd A", g * g' + eye (5), [b(1:4, :); NaN 1], "rhs");
  m = add (m, "Inf in complex B", z, complex ([Inf 1; b(2:5, :)], 1), "rhs");
  m = add (m, "NaN in single B", single (g), single ([b(1:4, :); 1 NaN]), "rhs");
  m = add (m, "NaN in A, Hermitian", [4 NaN; NaN 5], rhs (ones (2)), "");
  m = add (m, "Inf in A, upper", [1 Inf; 0 3], rhs (ones (2)), "");
  m = add (m, "one rhs", g, b(:, 1), "rhs");
  m = add (m, "nonconformant", g, b(1:4, :), "rhs");
  m = add (m, "symmetric, potrf fails", [1 .9 -.9; .9 1 .9; -.9 .9 1], rhs (ones (3)), "");
  m = add (m, "symmetric indefinite", [2 3; 3 2], rhs (ones (2)), "");
  m = add (m, "diagonal", diag ([1 2 3]), rhs (ones (3)), "");
  m = add (m, "logical", logical ([1 1 0; 0 1 1; 0 0 1]), rhs (ones (3)), "");
  m = add (m, "singular", [1 2; 2 4], rhs (ones (2)), "");
  m = add (m, "singular ones", ones (3), rhs (ones (3)), "");
  m = add (m, "rank-deficient", g(:, [1 1 3 4 5]), b, "");
  m = add (m, "nearly singular", [1 1; 1 1+3e-16], rhs (ones (2)), "");
  m = add (m, "hilbert 12", hilb (12), rhs (ones (12)), "");
  m = add (m, "triangular, tiny pivot", [1 1; 0 1e-17], rhs (ones (2)), "");
  m = add (m, "zero pivot", [0 1; 1 0], rhs (ones (2)), "");
  m = add (m, "NaN", [1 NaN; 2 3], rhs (ones (2)), "");
  m = add (m, "Inf", [Inf 1; 2 3], rhs (ones (2)), "");
  m = add (m, "column sums past realmax", [1e308 1e308; 1e308 -1e308], rhs (ones (2)), "rhs");
  m = add (m, "tall", g(:, 1:3), b, "");
  m = add (m, "wide", g(1:3, :), b(1:3, :), "");
  m = add (m, "tall rank-deficient", ones (4, 2), rhs (ones (4)), "");
  m = add (m, "empty", zeros (0, 0), zeros (0, 3), "");
  m = add (m, "no rhs", g, zeros (5, 0), "rhs");
endfunction

## The relative tolerance of a case (0: the same bits).  "solve" (\, /, inv): where the device
## answers, 32 n eps cond (A); Octave's own answer on the host (a rectangular, singular,
## ill-conditioned or non-finite system; cond (A) past 1e3 / eps: the device's floor for its
## estimate of rcond is 128 eps, kernels/solve.cu) exactly.  "factor" (det normalized by
## Hadamard's bound, lu, chol: the device computes them whatever the condition): 64 n eps, times
## sqrt (cond (A)) for the factors of an ill-conditioned matrix; exactly for NaN and Inf.
function tol = solve_tolerance (kind, A, B)
  cls = "double";
  if (isa (A, "single") || isa (B, "single"))
    cls = "single";
  endif
  n = max (size (A));
  if (! all (isfinite (A(:))) || (strcmp (kind, "solve") && ! all (isfinite (B(:)))))
    tol = 0;
    return;
  endif
  c = Inf;
  if (rows (A) == columns (A) && ! isempty (A))
    w = warning ();
    warning ("off", "all");        # cond's own singular-matrix warnings
    c = cond (double (A), 1);
    warning (w);
  endif
  if (strcmp (kind, "solve"))
    if (rows (A) != columns (A) || ! (c <= 1e3 / eps (cls)))
      tol = 0;
    else
      tol = 32 * n * eps (cls) * max (1, c);
    endif
  else
    tol = 64 * n * eps (cls) * sqrt (max (1, min (c, 1 / eps (cls))));
  endif
endfunction

## Whether partial pivoting picks its rows without doubt: at each step of the elimination the
## largest candidate clearly ahead of the next (by 1e-4 of it: single precision rounds) and
## above rounding noise.  Elsewhere (ties, pivots among rounding noise in a singular matrix)
## LU's factors are right on both sides and still differ.  (Complex data are Octave's own lu
## on the host, which pivots on |re| + |im|: linear_algebra compares them whatever this says.)
function tf = pivots_clear (A)
  tf = false;
  W = double (A);
  if (! all (isfinite (W(:))))
    return;
  endif
  [m, n] = size (W);
  noise = 1e3 * eps * max (1, norm (W, 1));
  for k = 1:min (m, n) - 1
    c = W(k:end, k);
    [a1, p1] = max (abs (c));
    s = sort (abs (c), "descend");
    if (a1 <= noise || (numel (s) > 1 && s(2) > (1 - 1e-4) * s(1)))
      return;
    endif
    p = p1 + k - 1;
    W([k p], :) = W([p k], :);
    W(k+1:end, k) /= W(k, k);
    W(k+1:end, k+1:end) -= W(k+1:end, k) * W(k, k+1:end);
  endfor
  tf = true;
endfunction

## det's scale: Hadamard's bound on |det (A)|, the product of the columns' 2-norms.
function h = hadamard (A)
  h = prod (sqrt (sum (abs (double (gather_if (A))) .^ 2, 1)));
  if (h == 0 || isempty (A))
    h = 1;
  endif
endfunction

function x = gather_if (x)
  if (isgpuarray (x))
    x = gather (x);
  endif
endfunction

## The first N outputs of F (A), as a cell (asked for as a script asks: [a, b] = f (A)).
function r = outputs (f, N, A)
  if (N == 2)
    [a, b] = f (A);
    r = {a, b};
  else
    [a, b, c] = f (A);
    r = {a, b, c};
  endif
endfunction

function [ok, why] = agree_linalg (f, host_args, gpu_args, tol)
  ## Octave keeps a matrix's type in the value after a solve (a singular one marked
  ## rectangular, not warned about again); the device probes at every solve: each call gets
  ## values of its own
  host_args = cellfun (@(x) x(:, :), host_args, "uniformoutput", false);
  [h, host_err, host_warn] = run_capturing (f, host_args);
  [g, gpu_err, gpu_warn] = run_capturing (f, gpu_args);
  ok = true;  why = "";
  if (! isempty (host_err) || ! isempty (gpu_err))
    ok = strcmp (host_err, gpu_err);
    if (! ok)
      why = sprintf ("host error '%s', gpumat error '%s'", host_err, gpu_err);
    endif
    return;
  elseif (! strcmp (host_warn, gpu_warn))
    ok = false;
    why = sprintf ("warning '%s', host '%s'", gpu_warn, host_warn);
    return;
  endif
  [ok, why] = same (h, g, tol, true);
endfunction

## F (ARGS{:}) with its output captured (evalc), its error message and its last warning's
## identifier.
function [r, err, warn_id] = run_capturing (f, args)
  r = [];  err = "";
  lastwarn ("", "");
  try
    evalc ("r = f (args{:});");
  catch e
    err = e.message;
  end_try_catch
  [~, warn_id] = lastwarn ();
endfunction

## ---- comparison ------------------------------------------------------------------------

## Each function of FUNCS (rows {name, handle}) on each input, on the GPU and on the host:
## the cases of this part (MINE), counted on from K.
function [cases, mismatches, k] = unary_cases (funcs, inputs, k, mine)
  cases = 0;  mismatches = {};
  for i = 1:numel (inputs)
    x = inputs{i};
    for f = 1:rows (funcs)
      k++;
      if (! mine (k))
        continue;
      endif
      [ok, why] = agree (funcs{f, 2}, {x}, {gpumat(x)});
      cases++;
      if (! ok)
        mismatches{end+1} = sprintf ("%s (%s): %s", funcs{f, 1}, describe (x), why);
      endif
    endfor
  endfor
endfunction

## Each function of FUNCS on each pair {x, y} of PAIRS, with the operands placed as each of
## PLACEMENTS says (1: x on the GPU, 2: y, 3: both), against the host.
function [cases, mismatches, k] = binary_cases (funcs, pairs, placements, k, mine, compare = @same)
  cases = 0;  mismatches = {};
  for p = 1:rows (pairs)
    x = pairs{p, 1};  y = pairs{p, 2};
    for f = 1:rows (funcs)
      for placement = placements
        k++;
        if (! mine (k))
          continue;
        endif
        gx = x;  gy = y;
        if (placement != 2)
          gx = gpumat (x);
        endif
        if (placement != 1)
          gy = gpumat (y);
        endif
        [ok, why] = agree (funcs{f, 2}, {x, y}, {gx, gy}, compare);
        cases++;
        if (! ok)
          mismatches{end+1} = sprintf ("%s (%s, %s) placement %d: %s", funcs{f, 1},
                                       describe (x), describe (y), placement, why);
        endif
      endfor
    endfor
  endfor
endfunction

## Every function of FUNCS with one gpumat operand and one host operand of a kind a gpumat
## array does not hold (char: gpumat ("ab") is double; sparse: a gpumat array is full), either
## order.  PAIRS lists {X, H}: X uploaded, H kept on the host; COMPARE judges the results.
function [cases, mismatches, k] = host_operand_cases (funcs, pairs, compare, k, mine)
  cases = 0;  mismatches = {};
  for p = 1:numel (pairs)
    x = pairs{p}{1};  h = pairs{p}{2};
    for f = 1:rows (funcs)
      for order = 1:2
        k++;
        if (! mine (k))
          continue;
        endif
        if (order == 1)
          [ok, why] = agree (funcs{f, 2}, {x, h}, {gpumat(x), h}, compare);
        else
          [ok, why] = agree (funcs{f, 2}, {h, x}, {h, gpumat(x)}, compare);
        endif
        cases++;
        if (! ok)
          mismatches{end+1} = sprintf ("%s (%s, host %s%s) order %d: %s", funcs{f, 1},
                                       describe (x), ifelse_str (issparse (h), "sparse "),
                                       describe (h), order, why);
        endif
      endfor
    endfor
  endfor
endfunction

## As same, and both results sparse or both full.
function [ok, why] = same_sparsity (h, g)
  if (issparse (h) != issparse (gather_if (g)))
    ok = false;
    why = sprintf ("sparse %d, host sparse %d", issparse (gather_if (g)), issparse (h));
    return;
  endif
  [ok, why] = same (h, g);
endfunction

function [ok, why] = agree (f, host_args, gpu_args, compare = @same)
  ok = true;  why = "";
  host_err = "";  gpu_err = "";
  try
    h = f (host_args{:});
  catch e
    host_err = e.message;
  end_try_catch
  try
    g = f (gpu_args{:});
  catch e
    gpu_err = e.message;
  end_try_catch
  if (! isempty (host_err) || ! isempty (gpu_err))
    ok = ! isempty (host_err) && ! isempty (gpu_err);
    if (! ok)
      why = sprintf ("host error '%s', gpumat error '%s'", host_err, gpu_err);
    endif
    return;
  endif
  [ok, why] = compare (h, g);
endfunction

## As same, for the result of a complex product: NaN or Inf in the same elements, but which part
## of such an element is NaN and which Inf is the BLAS library's own (the reference BLAS
## multiplies by alpha = 1 + 0i, and 1 * (Inf + 1i) is Inf + NaN i; Octave on the GPU machine's
## BLAS splits them otherwise: kernels/matmul_complex.cu), so only their places are compared.
function [ok, why] = same_product (h, g)
  if (isgpuarray (g))
    g = gather (g);
  endif
  if (iscomplex (h) && iscomplex (g) && strcmp (class (h), class (g))
      && isequal (size (h), size (g)) && isequal (isfinite (h), isfinite (g)))
    h = finite_parts (h);  g = finite_parts (g);
  endif
  [ok, why] = same (h, g);
endfunction

## [real(x), imag(x)] with both parts 0 where x is not finite (real: no narrowing by the zeros)
function p = finite_parts (x)
  bad = ! isfinite (x);
  r = real (x);  i = imag (x);
  r(bad) = 0;  i(bad) = 0;
  p = [r, i];
endfunction

## Whether a gpumat function's result G agrees with the host's H: class, size, complexity, NaN and
## Inf where the host has them, and the other values within TOL of their scale (relative; 0: the
## same bits; default 64 eps of the class).  DEVICE: a numeric result of more than one element
## must be a gpumat array.  Cell results (several outputs) element by element.
function [ok, why] = same (h, g, tol = [], device = false)
  ok = true;  why = "";
  if (iscell (h))
    if (! iscell (g) || numel (g) != numel (h))
      ok = false;  why = "cell results differ in count";
      return;
    endif
    for k = 1:numel (h)
      [ok, why] = same (h{k}, g{k}, tol, device);
      if (! ok)
        why = sprintf ("output %d: %s", k, why);
        return;
      endif
    endfor
    return;
  endif
  if (device && ! isgpuarray (g)
      && (isnumeric (g) && numel (g) > 1 && ! (isnumeric (h) && numel (h) <= 1)))
    ok = false;  why = "a host array, not a gpumat array";
    return;
  endif
  g = gather_if (g);
  h = full (h);
  if (isempty (tol) && isfloat (h))
    tol = 64 * eps (class (h));
  elseif (isempty (tol))
    tol = 0;
  endif
  if (! strcmp (class (h), class (g)))
    ok = false;  why = sprintf ("class %s, host %s", class (g), class (h));
  elseif (! isequal (size (h), size (g)))
    ok = false;  why = sprintf ("size %s, host %s", mat2str (size (g)), mat2str (size (h)));
  elseif (iscomplex (h) != iscomplex (g))
    ok = false;  why = sprintf ("complexity %d, host %d", iscomplex (g), iscomplex (h));
  elseif (! isequaln (h, g))
    ok = false;  why = "values differ";
    if (tol > 0 && isequal (isnan (h), isnan (g)) && isequal (isinf (h), isinf (g)))
      fin = isfinite (h);
      scale = max (abs (double (h(fin)(:))));
      if (isempty (scale) || scale == 0)
        scale = 1;
      endif
      err = max (abs (double (h(fin)) - double (g(fin))));
      if (isempty (err) || err <= tol * scale)
        ok = true;  why = "";
      else
        why = sprintf ("values differ by %g of their scale, allowed %g", err / scale, tol);
      endif
    endif
  endif
endfunction

function s = describe (x)
  s = sprintf ("%s%s %s", ifelse_str (iscomplex (x), "complex "), class (x), mat2str (size (x)));
endfunction

function s = ifelse_str (c, a)
  if (c)
    s = a;
  else
    s = "";
  endif
endfunction
