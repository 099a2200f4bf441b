/* elementwise.cu: binary element-wise operations on device arrays with Octave's semantics: the
 * operators + - .* ./ .^, the comparisons < <= > >= == ~= and & | xor (a logical result: one
 * byte, 0 or 1, per element), max (a, b), min (a, b), mod, rem (bit-identical to Octave's),
 * atan2 and hypot; class conversion; the query the gateway needs where Octave's real .^ would
 * turn complex (gm_pow_needs_complex).  One row an operation in binop_table.  Real double and
 * single only.  The unary operations are in elementwise_mappers.cu, the kernels and launch
 * shape both use in elementwise_common.cuh.
 *
 * Broadcasting is Octave's: operands of up to GM_MAX_DIMS dimensions, missing trailing
 * dimensions are 1, a dimension of 1 stretches to the other operand's size (0 included), any
 * other mismatch is refused.  The host plans each call (gm_broadcast_dims and plan_binary):
 *
 * Versions (measured on the H100: bench/NOTES-elementwise.md):
 *   ew_contig      same-size operands, or one of them 1x1 (a scalar, loaded once per thread):
 *                  element i of the output reads element i of each full operand.  VEC = true
 *                  when every full operand is of the compute class and it, the other operand and
 *                  the output are aligned to one vector (16 bytes of the compute class, and the
 *                  matching width of the output): each thread step is one 16-byte load per
 *                  operand and one store, then a scalar tail.  A misaligned pointer (a sub-array
 *                  view one element in) takes the same kernel with VEC = false: scalar, still
 *                  coalesced loads.  Element-wise results do not depend on the path.
 *   ew_bcast       everything else: the output index is split into coordinates over the
 *                  collapsed dimensions (adjacent dimensions that broadcast alike are merged on
 *                  the host, so a row against a matrix is 2 dimensions, not 8) and each
 *                  operand's offset is the dot of those coordinates with its strides (0 along a
 *                  broadcast dimension).  32-bit index arithmetic when the output has fewer than
 *                  2^32 elements (a 64-bit division is ~3x the instructions of a 32-bit one).
 *                  Measured (H100, 2^28 elements): a row + matrix at 95% of the device copy
 *                  in double, 69-70% in single: the two 32-bit divisions per element, not the
 *                  memory, set the single rate.
 *   ew_bcast v2    the same with each division by a collapsed dimension done as a multiply-high
 *                  and a shift by host-computed magic numbers (set_fast_div), below 2^31
 *                  elements; 64-bit division past that.  Predicted: single row + matrix at the
 *                  copy rate like double (the integer work drops from ~40 to ~6 instructions an
 *                  element, under the ~0.7 ms of memory time at 2^28 elements).  Measured
 *                  (H100): 78.9% of the copy (v1 70.2%), double 96.4%: 4-byte loads and stores
 *                  per element now set the single rate (next: 4 outputs a thread, 16-byte
 *                  accesses along dimension 0).
 *   ew_bcast_vec   (ew_bcast v3) where the collapsed dimension 0 is a multiple of VW = 16 bytes
 *                  of the compute class (4 singles, 2 doubles), the output is aligned to VW
 *                  elements and every full operand to VW elements of its class (a misaligned
 *                  column is read by VW scalar loads; bcast_vec_plan): each thread takes VW
 *                  consecutive outputs along dimension 0, so the
 *                  index split runs once per VW and each operand is one load of VW elements (a
 *                  16-byte load of a full or column operand, 32 bytes of a double operand of a
 *                  single result), one value repeated for an operand broadcast along dimension 0
 *                  (the row of a row + matrix), and one VW-wide store.  Same operations per
 *                  element as v2 (bit-identical results).  GPUMAT_EW_BCAST=v2 keeps v2 (for the
 *                  benchmark).  Predicted (H100, 2^28 elements): single row + matrix 79% ->
 *                  ~95% of the copy (~2830 GB/s: per 4 outputs one LDG.128, one LDG.32 of the
 *                  row, one STG.128 and ~12 integer instructions, where a + scalar (ew_contig,
 *                  one LDG.128 and one STG.128 per 4) runs at 97-98%); double 96% -> 96-98%.
 *                  Measured (H100, same run as v2 forced): single 79.0% -> 98.0% of the copy
 *                  (2934 GB/s; 2^26: 97.8%), double 96.2% -> 96.8% (2^26: 99.0%).
 *                  Built for 32-bit indices only: a broadcast of 2^31 outputs or more takes
 *                  v2's 64-bit path (its 2 x 20 op kernels a class pair were 4.5 s of this
 *                  file's 30 s of compiling, for arrays of 8 GB and more).
 *
 * Arithmetic is done in the result class, as Octave does: double with single converts the double
 * operand to single (round to nearest) and computes in single.  Comparisons too (Octave 7.3:
 * single (0.1) == 0.1 is true, single (1) < 1 + 1e-10 is false).
 *
 * Every grid is a grid-stride loop over at most MAX_BLOCKS blocks with int64 (or uint32 when it
 * fits) indices: any count, 0 and past 2^31 included.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <type_traits>
#include "array_internal.h"
#include "elementwise_common.cuh"

namespace {

/* ---- the operations ------------------------------------------------------------------------ */
/* Octave's xisint: an integer value inside int's range (libinterp/corefcn/xpow.cc); a negative
   base with a power that is not such an integer gives a complex result in Octave. */
template <typename C> __device__ __forceinline__ bool xisint (C x)
{
  return rint (x) == x && ((x >= 0 && x < (C) INT_MAX) || (x <= 0 && x > (C) INT_MIN));
}

/* Octave's mod and rem (liboctave lo-mappers.h, octave::math::mod and rem, Octave 7.3), step for
   step (octave_nint is its x_nint); the product y * n is rounded on its own (Octave stores it
   in a volatile; nvcc would fuse x - y * n into one fma, whose single rounding can differ from
   Octave's result in the last bit), so __dmul_rn / __fmul_rn, which are never contracted. */
__device__ __forceinline__ double mul_rn (double a, double b) { return __dmul_rn (a, b); }
__device__ __forceinline__ float mul_rn (float a, float b) { return __fmul_rn (a, b); }
template <typename C, bool MOD> __device__ __forceinline__ C octave_mod_rem (C x, C y)
{
  const C eps = sizeof (C) == 4 ? (C) FLT_EPSILON : (C) DBL_EPSILON;
  C r;
  if (y == 0)
    r = MOD ? x : (C) NAN;                 /* mod (x, 0) is x, rem (x, 0) NaN */
  else {
    const C q = x / y;
    if (octave_nint (y) != y && fabs ((q - octave_nint (q)) / octave_nint (q)) < eps)
      r = 0;                               /* x / y within eps of an integer, y not one */
    else
      r = x - mul_rn (y, MOD ? floor (q) : trunc (q));
  }
  if (x != y && y != 0)
    r = copysign (r, MOD ? y : x);         /* mod takes y's sign, rem x's (zeros included) */
  return r;
}

/* OP is the gm_binop value; SCALAR_EXP: .^ with a scalar exponent and a non-scalar base, where
   Octave (elem_xpow (NDArray, double)) special-cases integer powers: 2 -> a*a, 3 -> a*a*a,
   -1 -> 1/a, others std::pow (a, int), which for single promotes to double.  TIE_B: max/min
   return b, not a, when a == b (which only shows for -0 against 0): Octave 7.3 returns a for
   same-size arrays and for an array against a scalar, b for a scalar against an array and for
   two scalars; for broadcast operands its bsxfun loop (do_bsxfun_op) returns b only where the
   first dimension in which the sizes differ is the first one with an output extent past 1
   (ldr = 1) and a is 1 along it, else a (measured: 1 ./ max (-0, 0) is Inf, 1 ./ max ([-0 0],
   [0 -0]) is [-Inf Inf], 1 ./ max ([-0 -0], [0; 0]) is all Inf, 1 ./ max ([-0; -0], [0 0]) and
   1 ./ max ([-0 -0; -0 -0], [0; 0]) all -Inf).  BinPlan::bcast_tie_b holds that choice. */
template <typename C, typename O, int OP, bool SCALAR_EXP, bool TIE_B> struct BinOp {
  __device__ __forceinline__ static O apply (C a, C b)
  {
    switch (OP) {
    case GM_BIN_ADD: return a + b;
    case GM_BIN_SUB: return a - b;
    case GM_BIN_MUL: return a * b;
    case GM_BIN_DIV: return a / b;          /* IEEE division (nvcc's default -prec-div=true) */
    case GM_BIN_POW:
      if (SCALAR_EXP && xisint (b)) {
        if (b == (C) 2) return a * a;
        if (b == (C) 3) return a * a * a;
        if (b == (C) -1) return (C) 1 / a;
        return (C) pow ((double) a, (double) b);
      }
      return pow (a, b);                     /* powf for float: Octave's std::pow (float, float) */
    case GM_BIN_LT: return a < b;
    case GM_BIN_LE: return a <= b;
    case GM_BIN_GT: return a > b;
    case GM_BIN_GE: return a >= b;
    case GM_BIN_EQ: return a == b;
    case GM_BIN_NE: return a != b;
    /* Octave's max/min: NaN only when both are NaN (max (NaN, 1) and max (1, NaN) are 1), and
       the sign of a zero tie as TIE_B says, which fmax does not promise either way. */
    case GM_BIN_MAX:
      if (isnan (b)) return a;
      if (isnan (a) || (TIE_B && a == b)) return b;
      return a >= b ? a : b;
    case GM_BIN_MIN:
      if (isnan (b)) return a;
      if (isnan (a) || (TIE_B && a == b)) return b;
      return a <= b ? a : b;
    case GM_BIN_MOD: return octave_mod_rem<C, true> (a, b);
    case GM_BIN_REM: return octave_mod_rem<C, false> (a, b);
    case GM_BIN_ATAN2: return atan2 (a, b);   /* atan2f for float; 2 ulp (double), 3 (single) */
    case GM_BIN_HYPOT: return hypot (a, b);   /* hypotf for float; 2 ulp (double), 3 (single) */
    /* & | xor: in the compute class gm_binary picks (xor: each operand in its own class);
       NaN is nonzero here (the caller refuses it first). */
    case GM_BIN_AND: return a != 0 && b != 0;
    case GM_BIN_OR: return a != 0 || b != 0;
    case GM_BIN_XOR: return (a != 0) != (b != 0);
    default: return (O) 0;
    }
  }
};
/* 1 when a < 0 and b is not an Octave integer: the pair where Octave's .^ goes complex. */
template <typename C> struct PowComplexOp {
  __device__ __forceinline__ static int apply (C a, C b) { return a < 0 && !xisint (b); }
};
/* The variants of one operation, by (SCALAR_EXP, TIE_B). */
template <typename C, typename O, int OP> struct BinOps {
  template <bool SE, bool TB> using op = BinOp<C, O, OP, SE, TB>;
};
template <typename C> struct PowComplexOps {
  template <bool SE, bool TB> using op = PowComplexOp<C>;
};

/* Where results go: an array, or a flag set to 1 if any result is nonzero (for the queries; every
   writer writes the same 1, so plain stores suffice). */
template <typename O> struct ToArray {
  O *out;
  __device__ __forceinline__ void put (int64_t i, O v) const { out[i] = v; }
};
struct ToFlag {
  int *flag;
  __device__ __forceinline__ void put (int64_t, int v) const { if (v) *flag = 1; }
};

/* No __restrict__ on the kernels below: the output may be an input (gm_binary and gm_unary allow
   it), and each element is read once and then written by the same thread; a stream that reads
   every byte once has nothing for the read-only cache to reuse.
   ---- ew_contig ------------------------------------------------------------------------------
   Launch: blocks_for (count / VW) x BLOCK.  Element i of out from element i of a and b (or
   element 0 of a scalar operand).  VEC: a, b (unless scalar) and out are aligned to VW elements
   and a, b are of class C (the host checks both). */
template <typename Op, typename C, typename TA, typename TB, typename O, bool A_SCALAR,
          bool B_SCALAR, bool VEC, typename Store>
__global__ void __launch_bounds__ (BLOCK)
ew_contig (int64_t count, const TA *a, const TB *b, Store st)
{
  constexpr int VW = 16 / sizeof (C);
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  const int64_t first = (int64_t) blockIdx.x * BLOCK + threadIdx.x;
  const C as = A_SCALAR ? (C) a[0] : (C) 0, bs = B_SCALAR ? (C) b[0] : (C) 0;
  int64_t tail = 0;
  if constexpr (VEC) {
    const int64_t nvec = count / VW;
    for (int64_t v = first; v < nvec; v += stride) {
      Pack<C, VW> pa, pb;
      Pack<O, VW> po;
      if (!A_SCALAR) pa = ((const Pack<C, VW> *) a)[v];
      if (!B_SCALAR) pb = ((const Pack<C, VW> *) b)[v];
#pragma unroll
      for (int k = 0; k < VW; k++)
        po.v[k] = Op::apply (A_SCALAR ? as : pa.v[k], B_SCALAR ? bs : pb.v[k]);
      ((Pack<O, VW> *) st.out)[v] = po;
    }
    tail = nvec * VW;
  }
  for (int64_t i = tail + first; i < count; i += stride)
    st.put (i, Op::apply (A_SCALAR ? as : (C) a[i], B_SCALAR ? bs : (C) b[i]));
}

/* ---- ew_bcast ------------------------------------------------------------------------------ */
struct BcastPlan {
  int nd;                              /* collapsed dimensions, 1..GM_MAX_DIMS */
  int64_t dims[GM_MAX_DIMS];           /* of the output, dims[0] contiguous */
  int64_t sa[GM_MAX_DIMS], sb[GM_MAX_DIMS];   /* element strides, 0 where broadcast */
  /* rest / dims[d] as __umulhi (rest, div_mul[d]) >> div_shift[d] for rest < 2^31 (set_fast_div;
     div_mul 0: dims[d] is 1, the quotient is rest) */
  uint32_t div_mul[GM_MAX_DIMS], div_shift[GM_MAX_DIMS];
};

/* Division by an invariant n (1 <= n < 2^31) for dividends below 2^31, as a multiply-high and a
   shift (Granlund and Montgomery; CUTLASS's FastDivmod): with l = ceil(log2 n), p = 31 + l and
   m = ceil(2^p / n) = (2^p + e) / n, 0 <= e < n, floor(r m / 2^p) = floor(r / n + r e / (n 2^p))
   and r e / (n 2^p) < 2^31 / 2^p = 2^-l <= 1/n, which cannot carry r / n past the next integer;
   m < 2^32 because n > 2^(l-1).  A 32-bit `%` and `/` cost ~20 instructions each (no divide
   unit): per element that made a single row + matrix broadcast instruction-bound at 69% of the
   copy bandwidth on the H100 (2082 GB/s against 2967, bench_elementwise, November 2026). */
static void set_fast_div (int64_t n, uint32_t *mul, uint32_t *shift)
{
  if (n <= 1) {
    *mul = 0;
    *shift = 0;
    return;
  }
  int l = 0;
  while (((int64_t) 1 << l) < n)
    l++;
  const uint64_t pow = (uint64_t) 1 << (31 + l);
  *mul = (uint32_t) ((pow + (uint64_t) n - 1) / (uint64_t) n);
  *shift = (uint32_t) (l - 1);
}

/* Launch: blocks_for (count) x BLOCK.  I is uint32_t when count < 2^31 (the fast division's
   range), else uint64_t. */
/* The offsets of output element `rest` in a and b: its coordinates over the collapsed
 * dimensions, each dotted with the operands' strides (ew_bcast and ew_bcast_vec). */
template <typename I>
__device__ __forceinline__ void bcast_offsets (const BcastPlan &p, I rest, int64_t &oa,
                                               int64_t &ob)
{
  oa = 0;
  ob = 0;
#pragma unroll
  for (int d = 0; d < GM_MAX_DIMS; d++) {
    if (d >= p.nd)
      break;
    const I n = (I) p.dims[d];
    I q;
    if (d == p.nd - 1)
      q = 0;                                           /* the last dimension takes the rest */
    else if constexpr (std::is_same<I, uint32_t>::value)
      q = p.div_mul[d] ? __umulhi (rest, p.div_mul[d]) >> p.div_shift[d] : rest;
    else
      q = rest / n;
    const I c = rest - q * n;
    rest = q;
    oa += (int64_t) c * p.sa[d];
    ob += (int64_t) c * p.sb[d];
  }
}

template <typename Op, typename C, typename TA, typename TB, typename I, typename Store>
__global__ void __launch_bounds__ (BLOCK)
ew_bcast (int64_t count, BcastPlan p, const TA *a, const TB *b, Store st)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < count; i += stride) {
    int64_t oa, ob;
    bcast_offsets<I> (p, (I) i, oa, ob);
    st.put (i, Op::apply ((C) a[oa], (C) b[ob]));
  }
}

/* ---- ew_bcast_vec (ew_bcast v3) ------------------------------------------------------------ */
/* How an operand's VW values along dimension 0 are read (chosen on the host, the same for every
   thread of a launch, so the branch costs no divergence). */
enum VecLoad : int {
  LOAD_REPEAT = 0,   /* stride 0 along dimension 0 (a row against a matrix): one value, VW times */
  LOAD_VEC = 1,      /* stride 1, aligned to VW elements of its class: one Pack load */
  LOAD_SCALAR = 2    /* stride 1, misaligned (a view one element in): VW scalar loads */
};

/* The VW values of x from element off on, as `mode` says, converted to C as ew_bcast does. */
template <typename C, int VW, typename T>
__device__ __forceinline__ void load_vw (const T *x, int64_t off, int mode, C (&v)[VW])
{
  if (mode == LOAD_REPEAT) {
    const C s = (C) x[off];
#pragma unroll
    for (int k = 0; k < VW; k++)
      v[k] = s;
  } else if (mode == LOAD_VEC) {
    const Pack<T, VW> q = *(const Pack<T, VW> *) (x + off);
#pragma unroll
    for (int k = 0; k < VW; k++)
      v[k] = (C) q.v[k];
  } else {
#pragma unroll
    for (int k = 0; k < VW; k++)
      v[k] = (C) x[off + k];
  }
}

/* Launch: blocks_for (count / VW) x BLOCK, VW = 16 / sizeof (C).  Contract (run_plan checks it):
   p.dims[0] % VW == 0 (so count % VW == 0, and a group of VW outputs never crosses a column),
   p.sa[d] and p.sb[d] multiples of VW for d >= 1 (an operand's offset at the start of a group is
   then a multiple of VW wherever it is contiguous along dimension 0), out aligned to VW elements
   of O, and an operand read with LOAD_VEC aligned to VW elements of its class.  Group g is the
   outputs g*VW .. g*VW+VW-1, contiguous along dimension 0; its first index is split as in
   ew_bcast (I, the magic numbers and the 64-bit path alike: count < 2^31 for uint32_t). */
template <typename Op, typename C, typename TA, typename TB, typename O, typename I>
__global__ void __launch_bounds__ (BLOCK)
ew_bcast_vec (int64_t count, BcastPlan p, int mode_a, int mode_b, const TA *a, const TB *b,
              O *out)
{
  constexpr int VW = 16 / sizeof (C);
  const int64_t groups = count / VW;
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t g = (int64_t) blockIdx.x * BLOCK + threadIdx.x; g < groups; g += stride) {
    int64_t oa, ob;
    bcast_offsets<I> (p, (I) (g * VW), oa, ob);
    C va[VW], vb[VW];
    load_vw<C, VW> (a, oa, mode_a, va);
    load_vw<C, VW> (b, ob, mode_b, vb);
    Pack<O, VW> po;
#pragma unroll
    for (int k = 0; k < VW; k++)
      po.v[k] = Op::apply (va[k], vb[k]);
    ((Pack<O, VW> *) out)[g] = po;
  }
}

template <typename S, typename D> struct ConvOp {
  __device__ __forceinline__ static D apply (S x) { return (D) x; }   /* round to nearest */
};



/* Bit `bit` of *flag set when Op holds for any element of src, read as T and judged in class C
   (the class the power is computed in); atomicOr, since two such queries share the flag. */
template <typename Op, typename C, typename T>
__global__ void __launch_bounds__ (BLOCK)
any_flag_bit (int64_t count, const T *__restrict__ src, int *flag, int bit)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  int any = 0;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < count; i += stride)
    any |= Op::apply ((C) src[i]);
  if (__syncthreads_or (any) && threadIdx.x == 0)
    atomicOr (flag, bit);
}

/* *flag = both bits 1 and 2 set. */
__global__ void flag_both (int *flag) { *flag = *flag == 3; }

/* Octave's all_integers () test per element: finite and integral (Inf and NaN are not). */
template <typename T> struct NonIntegerOp {
  __device__ __forceinline__ static int apply (T x) { return !(isfinite (x) && rint (x) == x); }
};

/* ======================================================================================= */
/* host side                                                                                 */

/* "2x3x4" for messages. */
void dims_text (char *buf, size_t len, int nd, const int64_t *dims)
{
  size_t used = 0;
  buf[0] = 0;
  if (nd <= 0) {
    snprintf (buf, len, "1x1");
    return;
  }
  for (int d = 0; d < nd && used < len; d++)
    used += (size_t) snprintf (buf + used, len - used, d ? "x%lld" : "%lld",
                               (long long) dims[d]);
  if (nd == 1 && used < len)
    snprintf (buf + used, len - used, "x1");
}

gm_status check_dims (const char *who, int nd, const int64_t *dims)
{
  if (nd < 0 || nd > GM_MAX_DIMS)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: %d dimensions (0 to %d are supported)", who, nd,
                    GM_MAX_DIMS);
  if (nd > 0 && !dims)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL dimension array", who);
  for (int d = 0; d < nd; d++)
    if (dims[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative dimension %lld", who,
                      (long long) dims[d]);
  return GM_OK;
}

gm_status numel_of (const char *who, int nd, const int64_t *dims, int64_t *n)
{
  size_t total = 1;
  for (int d = 0; d < nd; d++)
    if (gm_mul_size (total, (size_t) dims[d], &total) != GM_OK || total > (size_t) INT64_MAX)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: the number of elements overflows int64", who);
  *n = (int64_t) total;
  return GM_OK;
}


/* One row an op, in gm_binop's order (gm_binop_describe): read by the dispatch (logical_result
   picks the logical kernels, nan_is_error their compute class), the result class, the gateway's
   class checks and its NaN query. */
const gm_binop_info binop_table[GM_BIN_COUNT] = {
  /* name      logical_result takes_logical nan_is_error */
  {"plus",     0, 1, 0}, {"minus", 0, 1, 0}, {"times", 0, 1, 0}, {"rdivide", 0, 1, 0},
  {"power",    0, 1, 0},
  {"lt",       1, 1, 0}, {"le", 1, 1, 0}, {"gt", 1, 1, 0}, {"ge", 1, 1, 0}, {"eq", 1, 1, 0},
  {"ne",       1, 1, 0},
  {"max",      0, 1, 0}, {"min", 0, 1, 0},
  /* Octave 7.3: mod (true, 2) is "mod: wrong type argument 'bool'", atan2 and hypot alike */
  {"mod",      0, 0, 0}, {"rem", 0, 0, 0}, {"atan2", 0, 0, 0}, {"hypot", 0, 0, 0},
  {"and",      1, 1, 1}, {"or", 1, 1, 1}, {"xor", 1, 1, 1}};

bool logical_result (gm_binop op) { return binop_table[op].logical_result != 0; }

/* The plan of one binary call: the output's element count, and either the contiguous case (each
   operand full or a scalar) or the collapsed broadcast. */
struct BinPlan {
  int64_t count, na, nb;          /* elements of the result, of a, of b */
  bool contig, a_scalar, b_scalar;
  bool bcast_tie_b;               /* a broadcast whose max/min ties return b (see BinOp) */
  BcastPlan bc;
};

gm_status plan_binary (const char *who, int nd_a, const int64_t *dims_a, int nd_b,
                       const int64_t *dims_b, BinPlan *p)
{
  int nd_out;
  int64_t out[GM_MAX_DIMS];
  gm_status st = gm_broadcast_dims (nd_a, dims_a, nd_b, dims_b, &nd_out, out);
  if (st != GM_OK)
    return st;
  if ((st = numel_of (who, nd_out, out, &p->count)) != GM_OK)
    return st;
  int64_t na = 0, nb = 0;
  if ((st = numel_of (who, nd_a, dims_a, &na)) != GM_OK
      || (st = numel_of (who, nd_b, dims_b, &nb)) != GM_OK)
    return st;
  p->na = na;
  p->nb = nb;
  /* Octave's bsxfun tie rule: the first dimension where the sizes differ, and the output extent
     before it */
  {
    int s = 0;
    int64_t ldr = 1;
    for (; s < nd_out; s++) {
      const int64_t da = s < nd_a ? dims_a[s] : 1, db = s < nd_b ? dims_b[s] : 1;
      if (da != db)
        break;
      ldr *= out[s];
    }
    p->bcast_tie_b = s < nd_out && ldr == 1 && (s < nd_a ? dims_a[s] : 1) == 1;
  }
  /* Two 1x1 operands take the scalar-a path: Octave's ties and powers for two scalars are those
     of a scalar against an array. */
  p->a_scalar = na == 1;
  p->b_scalar = nb == 1 && p->count != 1;
  p->contig = (na == p->count || p->a_scalar) && (nb == p->count || p->b_scalar);
  /* Collapse: drop output dimensions of 1, merge d into the previous kept one when both operands
     continue their stride chain (broadcast along both, or contiguous along both). */
  BcastPlan &b = p->bc;
  b.nd = 0;
  int64_t ca = 1, cb = 1;         /* contiguous strides of a and b in their own layouts */
  for (int d = 0; d < nd_out; d++) {
    const int64_t da = d < nd_a ? dims_a[d] : 1, db = d < nd_b ? dims_b[d] : 1;
    const int64_t sa = da == 1 ? 0 : ca, sb = db == 1 ? 0 : cb;
    ca *= da;
    cb *= db;
    if (out[d] == 1)
      continue;
    if (b.nd > 0) {
      const int k = b.nd - 1;
      if (sa == b.sa[k] * b.dims[k] && sb == b.sb[k] * b.dims[k]) {
        b.dims[k] *= out[d];
        continue;
      }
    }
    b.dims[b.nd] = out[d];
    b.sa[b.nd] = sa;
    b.sb[b.nd] = sb;
    b.nd++;
  }
  if (b.nd == 0) {               /* a 1x1 output */
    b.nd = 1;
    b.dims[0] = 1;
    b.sa[0] = b.sb[0] = 0;
  }
  for (int d = 0; d < b.nd; d++)
    if (b.dims[d] < ((int64_t) 1 << 31))
      set_fast_div (b.dims[d], &b.div_mul[d], &b.div_shift[d]);
    else
      b.div_mul[d] = b.div_shift[d] = 0;   /* only with count past 2^31: the 64-bit path */
  return GM_OK;
}

/* The caller's stream, set by each API function before it launches: a thread-local so that the
   launch helpers stay short and two host threads calling at once do not mix their streams. */
thread_local cudaStream_t g_stream;

template <typename Op, typename C, typename TA, typename TB, typename O, bool AS, bool BS,
          typename Store>
gm_status launch_contig (const BinPlan &p, const void *a, const void *b, Store st, bool vec)
{
  constexpr int VW = 16 / sizeof (C);
  constexpr bool FLAG = std::is_same<Store, ToFlag>::value;   /* no vector store for a flag */
  if constexpr (!FLAG) {
    if (vec) {
      ew_contig<Op, C, TA, TB, O, AS, BS, true, Store><<<blocks_for (p.count / VW), BLOCK, 0,
                                                         g_stream>>> (p.count, (const TA *) a,
                                                                      (const TB *) b, st);
      return launched ("gm_binary: ew_contig launch");
    }
  }
  ew_contig<Op, C, TA, TB, O, AS, BS, false, Store><<<blocks_for (p.count), BLOCK, 0,
                                                      g_stream>>> (p.count, (const TA *) a,
                                                                   (const TB *) b, st);
  return launched ("gm_binary: ew_contig launch");
}

/* gm_binary_last_bcast's answer. */
thread_local int g_last_bcast;

/* GPUMAT_EW_BCAST = "v2": every broadcast takes ew_bcast v2, so that bench_elementwise can time
   v2 and v3 side by side in one process; unset or anything else: ew_bcast_vec where its contract
   holds.  From the tuning snapshot (tuning.h), which bench_elementwise reloads. */
bool bcast_v2_forced (void) { return gm_tuning ()->ew_bcast_v2 != 0; }

/* Whether ew_bcast_vec's launch contract holds for this plan and these pointers (element sizes
   es_a, es_b of the operands, es_o of the output; VW elements a group), and how it reads each
   operand along dimension 0.  A full operand (as many elements as the output) off alignment
   stays on v2: its VW scalar loads a thread would touch 4x the sectors per warp instruction of
   v2's coalesced ones; a column (contiguous along dimension 0, broadcast along a later one) is
   read again and again from the caches, so its scalar loads are cheap. */
bool bcast_vec_plan (const BinPlan &p, const void *a, size_t es_a, const void *b, size_t es_b,
                     const void *out, size_t es_o, int vw, int *mode_a, int *mode_b)
{
  const BcastPlan &bc = p.bc;
  if (bc.dims[0] % vw != 0 || !aligned (out, es_o * vw))
    return false;
  /* s[0] is 0 or 1: collapsed dimension 0 is the output's first dimension past 1, and the
     operand's too unless it is 1 there.  Contiguous along it, the operand's later strides are
     multiples of dims[0] (so of VW; checked all the same, since the loads rely on it); a
     repeated operand may start a group anywhere (a row's stride along dimension 1 is 1). */
  auto mode = [&] (const int64_t *s, const void *x, size_t es, int64_t n, int *m) {
    if (s[0] == 0) {
      *m = LOAD_REPEAT;
      return true;
    }
    for (int d = 1; d < bc.nd; d++)
      if (s[d] % vw != 0)
        return false;
    *m = aligned (x, es * vw) ? LOAD_VEC : LOAD_SCALAR;
    return *m == LOAD_VEC || n < p.count;
  };
  return mode (bc.sa, a, es_a, p.na, mode_a) && mode (bc.sb, b, es_b, p.nb, mode_b);
}

/* One (op, classes) combination: the contiguous kernel for the plan's scalar pattern, or a
   broadcast kernel (v3 where its contract holds, else v2); Ops::op<SCALAR_EXP, TIE_B> the
   operation's variant for each. */
template <typename Ops, typename C, typename TA, typename TB, typename O, typename Store>
gm_status run_plan (const BinPlan &p, const void *a, const void *b, Store st, bool can_vec)
{
  typedef typename Ops::template op<false, true> Op;     /* a is a scalar; some broadcasts */
  typedef typename Ops::template op<false, false> OpA;   /* the other broadcasts */
  if (!p.contig) {
    const bool wide = p.count > (int64_t) INT32_MAX;     /* the fast division's range */
    if constexpr (!std::is_same<Store, ToFlag>::value) {  /* no vector store for a flag */
      constexpr int VW = 16 / sizeof (C);
      int ma, mb;
      if (!wide
          && bcast_vec_plan (p, a, sizeof (TA), b, sizeof (TB), st.out, sizeof (O), VW, &ma, &mb)
          && !bcast_v2_forced ()) {
        const unsigned blocks = blocks_for (p.count / VW);
        const TA *pa = (const TA *) a;
        const TB *pb = (const TB *) b;
        if (p.bcast_tie_b)
          ew_bcast_vec<Op, C, TA, TB, O, uint32_t><<<blocks, BLOCK, 0, g_stream>>> (
              p.count, p.bc, ma, mb, pa, pb, st.out);
        else
          ew_bcast_vec<OpA, C, TA, TB, O, uint32_t><<<blocks, BLOCK, 0, g_stream>>> (
              p.count, p.bc, ma, mb, pa, pb, st.out);
        g_last_bcast = 3;
        return launched ("gm_binary: ew_bcast_vec launch");
      }
    }
    if (p.bcast_tie_b && !wide)
      ew_bcast<Op, C, TA, TB, uint32_t><<<blocks_for (p.count), BLOCK, 0, g_stream>>> (
          p.count, p.bc, (const TA *) a, (const TB *) b, st);
    else if (p.bcast_tie_b)
      ew_bcast<Op, C, TA, TB, uint64_t><<<blocks_for (p.count), BLOCK, 0, g_stream>>> (
          p.count, p.bc, (const TA *) a, (const TB *) b, st);
    else if (!wide)
      ew_bcast<OpA, C, TA, TB, uint32_t><<<blocks_for (p.count), BLOCK, 0, g_stream>>> (
          p.count, p.bc, (const TA *) a, (const TB *) b, st);
    else
      ew_bcast<OpA, C, TA, TB, uint64_t><<<blocks_for (p.count), BLOCK, 0, g_stream>>> (
          p.count, p.bc, (const TA *) a, (const TB *) b, st);
    g_last_bcast = 2;
    return launched ("gm_binary: ew_bcast launch");
  }
  if (p.a_scalar)
    return launch_contig<Op, C, TA, TB, O, true, false> (p, a, b, st, can_vec);
  if (p.b_scalar)
    return launch_contig<typename Ops::template op<true, false>, C, TA, TB, O, false, true> (
        p, a, b, st, can_vec);
  return launch_contig<typename Ops::template op<false, false>, C, TA, TB, O, false, false> (
      p, a, b, st, can_vec);
}

/* Which kernels a (classes) combination gets: every shape (FULL: the operands' classes equal,
   or a mixed pair converted first, see gm_binary), or only the contiguous kernel with the
   off-class operand as its scalar (a 1x1 double against a single array: converted in the
   kernel, no temporary).  The mixed pairs' other kernels are never built: half the file's
   compile time. */
enum Shapes { FULL, SCALAR_A, SCALAR_B };

template <typename C, typename TA, typename TB, typename O, int OP, Shapes SH>
gm_status run_op (const BinPlan &p, const void *a, const void *b, void *out)
{
  constexpr int VW = 16 / sizeof (C);
  /* The vector path loads full operands as Pack<C, VW>: they must be of class C (no conversion)
     and aligned, as must the output for its Pack<O, VW> store. */
  const bool can_vec = (p.a_scalar || (std::is_same<TA, C>::value && aligned (a, 16)))
                       && (p.b_scalar || (std::is_same<TB, C>::value && aligned (b, 16)))
                       && aligned (out, sizeof (O) * VW);
  typedef BinOps<C, O, OP> Ops;
  const ToArray<O> st{(O *) out};
  if constexpr (SH == SCALAR_A)
    return launch_contig<typename Ops::template op<false, true>, C, TA, TB, O, true, false> (
        p, a, b, st, can_vec);
  else if constexpr (SH == SCALAR_B)
    return launch_contig<typename Ops::template op<true, false>, C, TA, TB, O, false, true> (
        p, a, b, st, can_vec);
  else
    return run_plan<Ops, C, TA, TB, O> (p, a, b, st, can_vec);
}

template <typename C, typename TA, typename TB, Shapes SH = FULL>
gm_status run_classes (gm_binop op, const BinPlan &p, const void *a, const void *b, void *out)
{
  switch (op) {
  case GM_BIN_ADD: return run_op<C, TA, TB, C, GM_BIN_ADD, SH> (p, a, b, out);
  case GM_BIN_SUB: return run_op<C, TA, TB, C, GM_BIN_SUB, SH> (p, a, b, out);
  case GM_BIN_MUL: return run_op<C, TA, TB, C, GM_BIN_MUL, SH> (p, a, b, out);
  case GM_BIN_DIV: return run_op<C, TA, TB, C, GM_BIN_DIV, SH> (p, a, b, out);
  case GM_BIN_POW: return run_op<C, TA, TB, C, GM_BIN_POW, SH> (p, a, b, out);
  case GM_BIN_MAX: return run_op<C, TA, TB, C, GM_BIN_MAX, SH> (p, a, b, out);
  case GM_BIN_MIN: return run_op<C, TA, TB, C, GM_BIN_MIN, SH> (p, a, b, out);
  case GM_BIN_MOD: return run_op<C, TA, TB, C, GM_BIN_MOD, SH> (p, a, b, out);
  case GM_BIN_REM: return run_op<C, TA, TB, C, GM_BIN_REM, SH> (p, a, b, out);
  case GM_BIN_ATAN2: return run_op<C, TA, TB, C, GM_BIN_ATAN2, SH> (p, a, b, out);
  case GM_BIN_HYPOT: return run_op<C, TA, TB, C, GM_BIN_HYPOT, SH> (p, a, b, out);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_binary: op %d is not arithmetic", (int) op);
  }
}

template <typename C, typename TA, typename TB, Shapes SH = FULL>
gm_status run_compare (gm_binop op, const BinPlan &p, const void *a, const void *b, void *out)
{
  typedef uint8_t L;
  switch (op) {
  case GM_BIN_LT: return run_op<C, TA, TB, L, GM_BIN_LT, SH> (p, a, b, out);
  case GM_BIN_LE: return run_op<C, TA, TB, L, GM_BIN_LE, SH> (p, a, b, out);
  case GM_BIN_GT: return run_op<C, TA, TB, L, GM_BIN_GT, SH> (p, a, b, out);
  case GM_BIN_GE: return run_op<C, TA, TB, L, GM_BIN_GE, SH> (p, a, b, out);
  case GM_BIN_EQ: return run_op<C, TA, TB, L, GM_BIN_EQ, SH> (p, a, b, out);
  case GM_BIN_NE: return run_op<C, TA, TB, L, GM_BIN_NE, SH> (p, a, b, out);
  case GM_BIN_AND: return run_op<C, TA, TB, L, GM_BIN_AND, SH> (p, a, b, out);
  case GM_BIN_OR: return run_op<C, TA, TB, L, GM_BIN_OR, SH> (p, a, b, out);
  case GM_BIN_XOR: return run_op<C, TA, TB, L, GM_BIN_XOR, SH> (p, a, b, out);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_binary: op %d is not a comparison", (int) op);
  }
}

/* Validation shared by gm_binary and gm_pow_needs_complex. */
gm_status check_binary (const char *who, gm_class a_cls, int nd_a, const int64_t *dims_a,
                        const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                        const void *d_b, const void *d_out, BinPlan *p)
{
  gm_status st;
  if ((st = gm_check_real_float (who, a_cls)) != GM_OK
      || (st = gm_check_real_float (who, b_cls)) != GM_OK)
    return st;
  if ((st = plan_binary (who, nd_a, dims_a, nd_b, dims_b, p)) != GM_OK)
    return st;
  if (p->count > 0 && (!d_a || !d_b || !d_out))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL device pointer with %lld elements", who,
                    (long long) p->count);
  return GM_OK;
}

template <typename S, typename D> gm_status run_convert (int64_t count, const void *src, void *dst)
{
  constexpr int VW = 16 / (sizeof (S) > sizeof (D) ? sizeof (S) : sizeof (D));
  if (aligned (src, sizeof (S) * VW) && aligned (dst, sizeof (D) * VW))
    un_contig<ConvOp<S, D>, S, D, true><<<blocks_for (count / VW), BLOCK, 0, g_stream>>> (
        count, (const S *) src, (D *) dst);
  else
    un_contig<ConvOp<S, D>, S, D, false><<<blocks_for (count), BLOCK, 0, g_stream>>> (
        count, (const S *) src, (D *) dst);
  return launched ("gm_convert: un_contig launch");
}

/* Both operands of one class (double when DBL): every kernel shape. */
gm_status run_same_class (gm_binop op, bool dbl, const BinPlan &p, const void *a, const void *b,
                          void *out)
{
  if (logical_result (op))
    return dbl ? run_compare<double, double, double> (op, p, a, b, out)
               : run_compare<float, float, float> (op, p, a, b, out);
  return dbl ? run_classes<double, double, double> (op, p, a, b, out)
             : run_classes<float, float, float> (op, p, a, b, out);
}

/* A mixed pair's off-class operand (COUNT elements, of the other real float class) converted to
   class TO in a temporary from the caching allocator, on g_stream. */
gm_status convert_operand (const void *src, int64_t count, gm_class to, void **tmp)
{
  gm_status st = gm_device_alloc (tmp, (size_t) count * gm_class_size (to));
  if (st != GM_OK)
    return st;
  st = to == GM_SINGLE ? run_convert<double, float> (count, src, *tmp)
                       : run_convert<float, double> (count, src, *tmp);
  if (st != GM_OK) {
    gm_device_free (*tmp);
    *tmp = NULL;
  }
  return st;
}

/* The temporary back to the allocator once the kernels that read it are queued: on stream 0 a
   later owner's work queues after them (memory.cu); on another stream, after they finish. */
gm_status release_operand (void *tmp, cudaStream_t stream, gm_status st)
{
  if (stream != 0) {
    gm_status done = gm_cuda_status (cudaStreamSynchronize (stream),
                                     "gm_binary: waiting for a mixed-class operation");
    if (st == GM_OK)
      st = done;
  }
  gm_device_free (tmp);
  return st;
}

} /* namespace */

gm_status gm_check_real_float (const char *who, gm_class c)
{
  if (gm_real_float (c))
    return GM_OK;
  return gm_fail (GM_ERR_INVALID_ARGUMENT,
                  "%s: class %s is not supported yet (real double and single only)", who,
                  gm_class_valid (c) ? gm_class_name (c) : "(unknown)");
}

/* ---- the C API ------------------------------------------------------------------------------ */
extern "C" const char *gm_binop_name (gm_binop op)
{
  return (int) op >= 0 && op < GM_BIN_COUNT ? binop_table[op].name : NULL;
}

extern "C" const gm_binop_info *gm_binop_describe (gm_binop op)
{
  return (int) op >= 0 && op < GM_BIN_COUNT ? &binop_table[op] : NULL;
}

extern "C" gm_status gm_broadcast_dims (int nd_a, const int64_t *dims_a, int nd_b,
                                        const int64_t *dims_b, int *nd_out, int64_t *dims_out)
{
  gm_status st;
  if (!nd_out || !dims_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_broadcast_dims: NULL result pointer");
  if ((st = check_dims ("gm_broadcast_dims", nd_a, dims_a)) != GM_OK
      || (st = check_dims ("gm_broadcast_dims", nd_b, dims_b)) != GM_OK)
    return st;
  int nd = nd_a > nd_b ? nd_a : nd_b;
  if (nd < 2)
    nd = 2;
  for (int d = 0; d < nd; d++) {
    const int64_t da = d < nd_a ? dims_a[d] : 1, db = d < nd_b ? dims_b[d] : 1;
    if (da != db && da != 1 && db != 1) {
      char ta[200], tb[200];
      dims_text (ta, sizeof ta, nd_a, dims_a);
      dims_text (tb, sizeof tb, nd_b, dims_b);
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "nonconformant arguments (op1 is %s, op2 is %s)",
                      ta, tb);
    }
    dims_out[d] = da == 1 ? db : da;
  }
  /* Octave's dim_vector::chop_trailing_singletons: never fewer than 2 dimensions. */
  while (nd > 2 && dims_out[nd - 1] == 1)
    nd--;
  *nd_out = nd;
  return GM_OK;
}

extern "C" gm_status gm_binop_result_class (gm_binop op, gm_class a_cls, gm_class b_cls,
                                            gm_class *out_cls)
{
  if (!out_cls)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_binop_result_class: NULL result pointer");
  if ((int) op < 0 || op >= GM_BIN_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_binary: unknown op %d", (int) op);
  gm_status st;
  if ((st = gm_check_real_float ("gm_binary", a_cls)) != GM_OK
      || (st = gm_check_real_float ("gm_binary", b_cls)) != GM_OK)
    return st;
  *out_cls = logical_result (op) ? GM_UINT8
             : (a_cls == GM_SINGLE || b_cls == GM_SINGLE) ? GM_SINGLE : GM_DOUBLE;
  return GM_OK;
}

extern "C" gm_status gm_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                                const void *d_a, gm_class b_cls, int nd_b,
                                const int64_t *dims_b, const void *d_b, void *d_out,
                                cudaStream_t stream)
{
  g_last_bcast = 0;
  gm_class out_cls;
  gm_status st = gm_binop_result_class (op, a_cls, b_cls, &out_cls);
  BinPlan p;
  if (st != GM_OK
      || (st = check_binary ("gm_binary", a_cls, nd_a, dims_a, d_a, b_cls, nd_b, dims_b, d_b,
                             d_out, &p)) != GM_OK)
    return st;
  if (p.count == 0)
    return GM_OK;
  g_stream = stream;
  if (a_cls == b_cls)
    return run_same_class (op, a_cls == GM_DOUBLE, p, d_a, d_b, d_out);
  /* Mixed classes.  Octave computes in single when either is single: the double operand is
     rounded to single first (Octave 7.3: single (0.1) == 0.1 is true, single (1) < 1 + 1e-10
     false); xor in double when either is double: xor.m tests logical (x) and logical (y), each
     in its own class (xor (single (0), 1e-50) is true), where & and | round the double to
     single first, as the comparisons do (single (1) & 1e-50 is false). */
  typedef uint8_t L;
  const bool xor_op = op == GM_BIN_XOR;
  const gm_class compute = xor_op ? GM_DOUBLE : GM_SINGLE;
  const bool a_off = a_cls != compute;
  if (a_off ? p.a_scalar : p.b_scalar) {
    /* the off-class operand is the scalar of the contiguous kernel: converted in the kernel */
    if (xor_op)
      return a_off ? run_op<double, float, double, L, GM_BIN_XOR, SCALAR_A> (p, d_a, d_b, d_out)
                   : run_op<double, double, float, L, GM_BIN_XOR, SCALAR_B> (p, d_a, d_b, d_out);
    if (logical_result (op))
      return a_off ? run_compare<float, double, float, SCALAR_A> (op, p, d_a, d_b, d_out)
                   : run_compare<float, float, double, SCALAR_B> (op, p, d_a, d_b, d_out);
    return a_off ? run_classes<float, double, float, SCALAR_A> (op, p, d_a, d_b, d_out)
                 : run_classes<float, float, double, SCALAR_B> (op, p, d_a, d_b, d_out);
  }
  /* Otherwise the off-class operand is converted into a temporary of the compute class (the
     same rounding as the kernels' own conversion: bit-identical results) and the same-class
     kernels run: one pass more over that operand, for a pair Octave code rarely makes. */
  void *tmp = NULL;
  if ((st = convert_operand (a_off ? d_a : d_b, a_off ? p.na : p.nb, compute, &tmp)) != GM_OK)
    return st;
  st = run_same_class (op, compute == GM_DOUBLE, p, a_off ? tmp : d_a, a_off ? d_b : tmp, d_out);
  return release_operand (tmp, stream, st);
}

extern "C" int gm_binary_last_bcast (void) { return g_last_bcast; }

/* Octave's global .^ test (elem_xpow for a scalar base against an array exponent, and for
   broadcast operands): complex when any base is negative and any exponent is not an integer,
   whichever pairs they meet in; bit 1 and bit 2 of the flag, then both. */
template <typename C, typename TA, typename TB>
gm_status pow_complex_global (const BinPlan &p, const void *a, const void *b, int *flag)
{
  any_flag_bit<NegativeOp<C>, C, TA><<<blocks_for (p.na), BLOCK, 0, g_stream>>> (
      p.na, (const TA *) a, flag, 1);
  any_flag_bit<NonIntegerOp<C>, C, TB><<<blocks_for (p.nb), BLOCK, 0, g_stream>>> (
      p.nb, (const TB *) b, flag, 2);
  flag_both<<<1, 1, 0, g_stream>>> (flag);
  return launched ("gm_pow_needs_complex: flag launches");
}

extern "C" gm_status gm_pow_needs_complex (gm_class a_cls, int nd_a, const int64_t *dims_a,
                                           const void *d_a, gm_class b_cls, int nd_b,
                                           const int64_t *dims_b, const void *d_b, int *d_flag,
                                           cudaStream_t stream)
{
  const char *who = "gm_pow_needs_complex";
  BinPlan p;
  gm_status st = check_binary (who, a_cls, nd_a, dims_a, d_a, b_cls, nd_b, dims_b, d_b, d_flag,
                               &p);
  if (st != GM_OK)
    return st;
  if (!d_flag)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL flag pointer", who);
  if ((st = gm_cuda_status (cudaMemsetAsync (d_flag, 0, sizeof (int), stream),
                            "gm_pow_needs_complex: cudaMemsetAsync")) != GM_OK || p.count == 0)
    return st;
  g_stream = stream;
  ToFlag f{d_flag};
  /* The pair is judged in the class the power is computed in: single when either is single,
     the double operand rounded to single first (in a temporary: convert_operand). */
  void *tmp = NULL;
  if (a_cls != b_cls) {
    const bool a_off = a_cls == GM_DOUBLE;
    if ((st = convert_operand (a_off ? d_a : d_b, a_off ? p.na : p.nb, GM_SINGLE, &tmp)) != GM_OK)
      return st;
    (a_off ? d_a : d_b) = tmp;
  }
  const bool dbl = a_cls == GM_DOUBLE && b_cls == GM_DOUBLE;
  /* Octave's three rules (xpow.cc): same sizes, an array base with a scalar exponent, and two
     scalars: pair by pair with xisint (an integer in int's range); a scalar base with an array
     exponent, and broadcasts: any negative base and any non-integer exponent (all_integers:
     finite and integral, no range limit), e.g. [-1 2; 3 4] .^ [2 0.5] is complex and
     (-2) .^ [2^31 1] real. */
  if (!p.contig || (p.a_scalar && p.count > 1))
    st = dbl ? pow_complex_global<double, double, double> (p, d_a, d_b, d_flag)
             : pow_complex_global<float, float, float> (p, d_a, d_b, d_flag);
  else
    st = dbl ? run_plan<PowComplexOps<double>, double, double, double, int> (p, d_a, d_b, f, false)
             : run_plan<PowComplexOps<float>, float, float, float, int> (p, d_a, d_b, f, false);
  return tmp ? release_operand (tmp, stream, st) : st;
}

extern "C" gm_status gm_convert (gm_class src_cls, gm_class dst_cls, int64_t count,
                                 const void *d_src, void *d_dst, cudaStream_t stream)
{
  gm_status st;
  /* GM_UINT8 as a source is a logical array's bytes (0 or 1), for logical gpumat arrays. */
  if ((src_cls != GM_UINT8 && (st = gm_check_real_float ("gm_convert", src_cls)) != GM_OK)
      || (st = gm_check_real_float ("gm_convert", dst_cls)) != GM_OK)
    return st;
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_convert: negative count");
  if (count == 0)
    return GM_OK;
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_convert: NULL device pointer with %lld elements",
                    (long long) count);
  g_stream = stream;
  if (src_cls == dst_cls)
    return gm_cuda_status (cudaMemcpyAsync (d_dst, d_src, (size_t) count * gm_class_size (src_cls),
                                            cudaMemcpyDeviceToDevice, stream),
                           "gm_convert: cudaMemcpyAsync");
  if (src_cls == GM_UINT8)
    return dst_cls == GM_DOUBLE ? run_convert<uint8_t, double> (count, d_src, d_dst)
                                : run_convert<uint8_t, float> (count, d_src, d_dst);
  return src_cls == GM_DOUBLE ? run_convert<double, float> (count, d_src, d_dst)
                              : run_convert<float, double> (count, d_src, d_dst);
}
