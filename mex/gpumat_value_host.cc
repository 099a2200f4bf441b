/* gpumat_value_host.cc: what a gpumat array answers to every Octave builtin that has no GPU
 * method, and the operators whose operands the GPU kernels do not take.
 *
 * Guarantee: no octave_base_value virtual that a builtin can reach keeps the base class's
 * answer.  The base class answers any () and all () with a silent double 0 and the type tests
 * (is_int32_type, ...) with false, which sent find () on an integer gpumat array into Octave's
 * panic_impossible (the session was lost).  Here every such virtual either runs on the device
 * (any, all, nnz, reshape, resize, squeeze, permute, diag, casts to every real class, indexing
 * for `for`) or gathers the array and asks the host array of the same class, so a builtin
 * returns exactly what it returns for that host array, errors included (find, sort, cumsum
 * through array_value, ...).  Such a host fallback warns once per function and session with the
 * identifier gpumat:hostFallback, which `warning ("off", "gpumat:hostFallback")` silences.
 *
 * Operators: the element-wise kernels take real double, single and logical data; integer data
 * where kernels/elementwise_int.cu computes Octave's result (int_pair_on_device: one integer
 * class, or int8 ... uint32 with double, single, logical or char data; not .^); and complex
 * data for + - .* ./ (and / \ by a scalar), the comparisons, unary - and ! (complex_on_device).
 * Anything else, an integer with a complex operand included, is Octave's own operator on the
 * gathered operands, its result uploaded (errors included: int8 + int16 is Octave's error).
 * `/` and `\` with a scalar divisor, and `^` of two scalars, are element-wise on the device; `/`
 * and `\` with a square matrix divisor are the solvers' (mex/gw_solve.c); other divisions
 * (least squares) and matrix powers run on the host.  `&` and `|` are one
 * kernel on the device, with Octave's error for NaN (the gateway's query).  Assigning a gpumat
 * value into an indexed host array (`x(2) = G`) uploads the host array first, so the result is
 * a gpumat array, as MATLAB makes it a gpuArray.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat_value.h"

#include <octave/lo-array-errwarn.h>
#include <octave/ov-fcn.h>
#include <octave/pt-eval.h>

#include <cstring>
#include <set>

octave::interpreter *registering_interpreter = nullptr;

/* ---- the host fallback -------------------------------------------------------------------- */

/* Functions already named in a hostFallback warning this session (never destroyed: values can
   die after this library's static destructors). */
static std::set<std::string>& warned_functions = *new std::set<std::string> ();

void note_host_fallback (const std::string& name)
{
  if (! warned_functions.insert (name).second)
    return;
  warning_with_id ("gpumat:hostFallback",
                   "%s: no GPU method for gpumat arrays yet, so Octave computed it on the host "
                   "from the gathered data (warning (\"off\", \"gpumat:hostFallback\") hides "
                   "this note)", name.c_str ());
}

/* The builtin that is asking (builtins run in a frame of their own), else a generic name. */
static std::string calling_function ()
{
  if (registering_interpreter)
    {
      octave_function *f = registering_interpreter->get_evaluator ().current_function ();
      if (f && ! f->name ().empty ())
        return f->name ();
    }
  return "gpumat array used as a host array";
}

octave_value octave_gpumat::host_value () const
{
  note_host_fallback (calling_function ());
  return gather (self_value (*this));
}

/* ---- integer operands (kernels/elementwise_int.cu, through the gateway's integer branch) ---- */

/* The class of an operand as Octave names it ("int8", "double", "logical", "char", ...), and
   whether it is complex or sparse (neither has an integer kernel). */
static std::string class_of (const octave_value& v)
{
  return is_gpumat (v) ? rep (v).m_cls : v.class_name ();
}

static bool is_int_class (const std::string& c)
{
  return c == "int8" || c == "uint8" || c == "int16" || c == "uint16" || c == "int32"
         || c == "uint32" || c == "int64" || c == "uint64";
}

static bool complex_or_sparse (const octave_value& v)
{
  return is_gpumat (v) ? rep (v).m_complex : v.iscomplex () || v.issparse ();
}

/* True where an operand is integer data (gpumat or host). */
static bool has_int (const octave_value& v)
{
  return is_int_class (class_of (v));
}

/* Whether the integer kernels compute `name` (gm_binop_name) of x and y exactly as Octave
   does (gm_int_binary_supported): one integer class on both sides, or an int8 ... uint32
   array with double, single, logical or char data; not .^.  Everything else with an integer
   operand (two integer classes, int64 or uint64 with non-integer data, complex or sparse
   operands) is Octave's own operator on the host, its errors included. */
static bool int_pair_on_device (const char *name, const octave_value& x, const octave_value& y)
{
  if (! strcmp (name, "power") || complex_or_sparse (x) || complex_or_sparse (y))
    return false;
  const std::string cx = class_of (x), cy = class_of (y);
  if (is_int_class (cx) && is_int_class (cy))
    return cx == cy;
  const std::string& ci = is_int_class (cx) ? cx : cy;
  const std::string& co = is_int_class (cx) ? cy : cx;
  return ci != "int64" && ci != "uint64"
         && (co == "double" || co == "single" || co == "logical" || co == "char");
}

/* A host zero of v's class (the other operand of `v != 0` for an integer v: one class, so the
   integer kernels take int64 and uint64 too), or the double 0. */
static octave_value zero_like (const octave_value& v)
{
  const std::string c = class_of (v);
  if (c == "int8") return octave_value (octave_int8 (0));
  if (c == "uint8") return octave_value (octave_uint8 (0));
  if (c == "int16") return octave_value (octave_int16 (0));
  if (c == "uint16") return octave_value (octave_uint16 (0));
  if (c == "int32") return octave_value (octave_int32 (0));
  if (c == "uint32") return octave_value (octave_uint32 (0));
  if (c == "int64") return octave_value (octave_int64 (0));
  if (c == "uint64") return octave_value (octave_uint64 (0));
  return octave_value (0.0);
}

/* True where the element-wise kernels do not take the operand: complex data (the integer
   ones are decided pair by pair: int_pair_on_device). */
static bool host_only (const octave_value& v)
{
  if (is_gpumat (v))
    return rep (v).m_complex;
  return v.iscomplex () || v.issparse ();
}

/* Whether the binary op `name` of x and y runs on the device. */
static bool device_pair (const char *name, const octave_value& x, const octave_value& y)
{
  if (has_int (x) || has_int (y))
    return int_pair_on_device (name, x, y);
  return ! host_only (x) && ! host_only (y);
}

/* The complex element-wise kernels (gw_elementwise.c, kernels/elementwise_complex.cu) take
   + - .* ./ and the comparisons (and max, min, unary -, !, and the mappers of
   octave_gpumat::map) where one operand is complex and neither is an integer (Octave refuses
   complex with integer: the host's error) nor a host array other than a full double, single,
   logical or char one. */
static bool complex_on_device (octave_value::binary_op op, const octave_value& x,
                               const octave_value& y)
{
  switch (op)
    {
    case octave_value::op_add: case octave_value::op_sub: case octave_value::op_el_mul:
    case octave_value::op_el_div: case octave_value::op_div: case octave_value::op_ldiv:
    case octave_value::op_lt: case octave_value::op_le: case octave_value::op_gt:
    case octave_value::op_ge: case octave_value::op_eq: case octave_value::op_ne:
      break;
    default:
      return false;
    }
  bool any_complex = false;
  for (const octave_value *v : {&x, &y})
    {
      if (is_gpumat (*v))
        {
          const octave_gpumat& g = rep (*v);
          if (g.isinteger ())
            return false;
          any_complex = any_complex || g.m_complex;
        }
      else
        {
          if (v->isinteger () || v->issparse () || v->isobject ()
              || ! (v->isfloat () || v->islogical () || v->is_string ()))
            return false;
          any_complex = any_complex || v->iscomplex ();
        }
    }
  return any_complex;
}

/* The binary op (Octave's op, the gateway's name) of x and y runs on the device: the real or
   the integer kernels (device_pair), or the complex ones (complex_on_device). */
static bool on_device (octave_value::binary_op op, const char *name, const octave_value& x,
                       const octave_value& y)
{
  return device_pair (name, x, y) || complex_on_device (op, x, y);
}

template <typename T>
static bool imag_all_zero (const T& a)
{
  for (octave_idx_type k = 0; k < a.numel (); k++)
    if (a(k).imag () != 0)
      return false;
  return true;
}

static bool all_imag_zero (const octave_value& h)
{
  return h.is_single_type () ? imag_all_zero (h.float_complex_array_value ())
                             : imag_all_zero (h.complex_array_value ());
}

/* A gpumat operand as Octave holds the same host value: a 1x1 array as a scalar (a 1x1
   complex matrix divisor would be a matrix division), complex only with a nonzero
   imaginary part (a value whose imaginary parts are all zero keeps its complexity, as
   complex () makes it). */
static octave_value host_of (const octave_value& v)
{
  if (! is_gpumat (v))
    return v;
  octave_value h = gather (v);
  const bool keep_complex = h.iscomplex () && all_imag_zero (h);
  if (! keep_complex)
    h.maybe_mutate ();
  return h;
}

/* A host result as Octave stores it (a complex result with all-zero imaginary parts is
   real), uploaded; a sparse one (G .* S with S sparse) stays on the host as Octave gives it,
   since a gpumat array is full. */
static octave_value upload_result (octave_value r)
{
  r.maybe_mutate ();
  if (r.issparse ())
    return r;
  return upload_host (r);
}

/* Octave's own operator on the gathered operands, the result uploaded. */
static octave_value host_binary (octave_value::binary_op op, const octave_value& a,
                                 const octave_value& b)
{
  note_host_fallback ("operator " + octave_value::binary_op_as_string (op));
  return upload_result (octave::binary_op (op, host_of (a), host_of (b)));
}

/* Octave's own operator on the gathered operands, for a pair the device does not take where
   the caller decides it (a sparse host operand of *, or of .\ with the operands in Octave's
   order); compound forms (A.' * S) included. */
bool sparse_pair (const octave_value& a, const octave_value& b)
{
  return a.issparse () || b.issparse ();
}

octave_value host_operator (octave_value::binary_op op, const octave_value& a,
                            const octave_value& b)
{
  return host_binary (op, a, b);
}

octave_value host_operator (octave_value::compound_binary_op op, const octave_value& a,
                            const octave_value& b)
{
  note_host_fallback ("operator *");
  return upload_result (octave::binary_op (op, host_of (a), host_of (b)));
}

static octave_value host_unary (octave_value::unary_op op, const octave_value& a)
{
  note_host_fallback ("operator " + octave_value::unary_op_as_string (op));
  return upload_result (octave::unary_op (op, host_of (a)));
}

/* ---- helpers on the device ---------------------------------------------------------------- */

static RowVector dims_row (const dim_vector& dv)
{
  RowVector r (dv.ndims ());
  for (int k = 0; k < dv.ndims (); k++)
    r(k) = dv(k);
  return r;
}

/* How many elements of a gpumat array are nonzero (NaN counts), waiting for the answer. */
static double count_nonzero (const octave_value& g, const char *caller)
{
  const octave_gpumat& r = rep (g);
  const octave_idx_type n = r.m_dims.numel ();
  if (n == 0)
    return 0;
  octave_value nz = gw1 (ovl ("binary", caller, "ne", g, 0.0));
  if (r.m_dims.ndims () != 2 || r.m_dims(1) != 1)
    nz = gw1 (ovl ("reshape", caller, nz, RowVector (dims_row (dim_vector (n, 1)))));
  return gather (gw1 (ovl ("reduce", caller, "sum", nz, 1.0))).double_value ();
}

/* Octave's error for NaN where a logical value is needed (!NaN, NaN & 1, logical (NaN)). */
static void check_no_nan (const octave_value& v, const char *caller)
{
  if (is_gpumat (v))
    {
      const octave_gpumat& g = rep (v);
      if (g.m_cls != "double" && g.m_cls != "single")
        return;
      /* NaN is the one value that differs from itself */
      if (count_nonzero (gw1 (ovl ("binary", caller, "ne", v, v)), caller) > 0)
        octave::err_nan_to_logical_conversion ();
    }
  else if (v.isfloat () && v.isreal () && v.array_value ().any_element_is_nan ())
    octave::err_nan_to_logical_conversion ();
}

/* v as a logical gpumat array (v ~= 0), after Octave's NaN check */
static octave_value device_logical (const octave_value& v, const char *caller)
{
  check_no_nan (v, caller);
  if (is_gpumat (v) && rep (v).islogical ())
    return v;
  return gw1 (ovl ("binary", caller, "ne", v, 0.0));     /* a host v is uploaded for the call */
}

/* ---- operators ---------------------------------------------------------------------------- */

static bool is_scalar_operand (const octave_value& v)
{
  return is_gpumat (v) ? rep (v).m_dims.numel () == 1 : v.numel () == 1;
}

/* A 2-D matrix the solvers take (gw_solve.c): a gpumat array of double, single or logical
   data, or a host array of those or char; not integer or sparse, whose divisions Octave
   refuses or computes by rules of its own.  A host diagonal or permutation matrix is its full
   form as the dividend (Octave converts it) but has rules of its own as the divisor (dm \ m,
   m / dm, pm \ m): `divisor` says which the operand is. */
static bool solver_operand (const octave_value& v, bool divisor)
{
  if (is_gpumat (v))
    return ! rep (v).isinteger () && rep (v).m_dims.ndims () == 2;
  return (v.isfloat () || v.islogical () || v.is_string ()) && ! v.issparse ()
         && ! (divisor && (v.is_diag_matrix () || v.is_perm_matrix ())) && v.ndims () == 2;
}

static bool is_square (const octave_value& v)
{
  const dim_vector dv = is_gpumat (v) ? rep (v).m_dims : v.dims ();
  return dv.ndims () == 2 && dv(0) == dv(1);
}

/* A / B: element-wise when B is a scalar (Octave's rule); a square B on the device (the
   gateway's "solve": LU, Cholesky or a triangular solve, Octave's matrix_type rules); else
   Octave's own mrdivide on the host (least squares for a rectangular B). */
static octave_value op_div (const octave_base_value& a, const octave_base_value& b)
{
  octave_value x = as_value (a), y = as_value (b);
  if (is_scalar_operand (y))
    {
      if (on_device (octave_value::op_div, "rdivide", x, y))
        return gw1 (ovl ("binary", "operator /", "rdivide", x, y));
    }
  else if (solver_operand (x, false) && solver_operand (y, true) && is_square (y))
    return gw1 (ovl ("solve", "operator /", "mrdivide", x, y));
  return host_binary (octave_value::op_div, x, y);
}

/* A \ B: element-wise when A is a scalar; a square A on the device; else the host's
   mldivide. */
static octave_value op_ldiv (const octave_base_value& a, const octave_base_value& b)
{
  octave_value x = as_value (a), y = as_value (b);
  if (is_scalar_operand (x))
    {
      if (on_device (octave_value::op_ldiv, "rdivide", y, x))
        return gw1 (ovl ("binary", "operator \\", "rdivide", y, x));
    }
  else if (solver_operand (x, true) && solver_operand (y, false) && is_square (x))
    return gw1 (ovl ("solve", "operator \\", "mldivide", x, y));
  return host_binary (octave_value::op_ldiv, x, y);
}

/* A ^ B: for two scalars A .^ B, else the host's matrix power. */
static octave_value op_pow (const octave_base_value& a, const octave_base_value& b)
{
  octave_value x = as_value (a), y = as_value (b);
  if (is_scalar_operand (x) && is_scalar_operand (y) && device_pair ("power", x, y))
    return gw1 (ovl ("binary", "operator ^", "power", x, y));
  return host_binary (octave_value::op_pow, x, y);
}

/* A & B and A | B: one "and" / "or" kernel on the device, with Octave's broadcasting, its
   class rule (a double with a single is rounded to single first) and its errors: the gateway's
   NaN query raises "invalid conversion from NaN to logical", and the caller names the
   nonconformant error as Octave's does (mx_el_and). */
static octave_value logical_op (octave_value::binary_op op, const octave_value& x,
                                const octave_value& y)
{
  const bool is_and = op == octave_value::op_el_and;
  if (! device_pair (is_and ? "and" : "or", x, y))
    return host_binary (op, x, y);
  return gw1 (ovl ("binary", is_and ? "mx_el_and" : "mx_el_or", is_and ? "and" : "or", x, y));
}

static octave_value op_el_and (const octave_base_value& a, const octave_base_value& b)
{
  return logical_op (octave_value::op_el_and, as_value (a), as_value (b));
}

static octave_value op_el_or (const octave_base_value& a, const octave_base_value& b)
{
  return logical_op (octave_value::op_el_or, as_value (a), as_value (b));
}

/* Element-wise operators of gpumat_value.cc: the device, or the host for integer and complex
   operands (declared there through this). */
octave_value elementwise_binary (octave_value::binary_op op, const char *caller,
                                 const char *name, const octave_value& x, const octave_value& y)
{
  if (! on_device (op, name, x, y))
    return host_binary (op, x, y);
  return gw1 (ovl ("binary", caller, name, x, y));
}

/* A complex gpumat array (not integer: gpumat arrays are never both) for the complex
   unary kernels. */
static bool complex_gpumat (const octave_value& x)
{
  return is_gpumat (x) && rep (x).m_complex && ! rep (x).isinteger ();
}

octave_value elementwise_not (const octave_value& x)
{
  if (complex_gpumat (x))
    return gw1 (ovl ("unary", "operator !", "not", x));   /* NaN refused there */
  if (host_only (x))
    return host_unary (octave_value::op_not, x);
  check_no_nan (x, "operator !");
  return gw1 (ovl ("binary", "operator !", "eq", x, zero_like (x)));
}

octave_value elementwise_uminus (const octave_value& x)
{
  if (complex_gpumat (x))
    return gw1 (ovl ("unary", "operator -", "uminus", x));
  if (host_only (x))
    return host_unary (octave_value::op_uminus, x);
  return gw1 (ovl ("unary", "operator -", "uminus", x));
}

octave_value logical_value (const octave_value& x)
{
  if (host_only (x))
    {
      note_host_fallback ("logical");
      return upload_host (octave_value (gather (x).bool_array_value ()));
    }
  if (has_int (x))                     /* no NaN to refuse: x != 0 in x's class */
    return gw1 (ovl ("binary", "logical", "ne", x, zero_like (x)));
  return device_logical (x, "logical");
}

/* x(I) = G for a host array x: x uploaded first (then G's own assignment runs). */
static octave_base_value * widen_to_gpumat (const octave_base_value& a)
{
  octave_value g = upload_host (as_value (a));
  return new octave_gpumat (rep (g));
}

void install_host_ops (octave::type_info& ti, int t, const std::vector<int>& others)
{
  struct { octave_value::binary_op op; octave::type_info::binary_op_fcn f; } bin[] = {
    {octave_value::op_div, op_div}, {octave_value::op_ldiv, op_ldiv},
    {octave_value::op_pow, op_pow}, {octave_value::op_el_and, op_el_and},
    {octave_value::op_el_or, op_el_or}};
  ti.install_binary_op (octave_value::op_div, t, t, op_div);
  for (auto& b : bin)
    {
      if (b.op != octave_value::op_div)
        ti.install_binary_op (b.op, t, t, b.f);
      for (int o : others)
        {
          ti.install_binary_op (b.op, t, o, b.f);
          ti.install_binary_op (b.op, o, t, b.f);
        }
    }
  /* numeric host arrays take a gpumat right-hand side by becoming gpumat arrays */
  static const char *assignable[] = {
    "scalar", "matrix", "complex scalar", "complex matrix", "float scalar", "float matrix",
    "float complex scalar", "float complex matrix", "bool", "bool matrix",
    "int8 scalar", "int16 scalar", "int32 scalar", "int64 scalar",
    "uint8 scalar", "uint16 scalar", "uint32 scalar", "uint64 scalar",
    "int8 matrix", "int16 matrix", "int32 matrix", "int64 matrix",
    "uint8 matrix", "uint16 matrix", "uint32 matrix", "uint64 matrix"};
  const string_vector names = ti.installed_type_names ();
  for (const char *nm : assignable)
    for (octave_idx_type i = 0; i < names.numel (); i++)
      if (names(i) == nm)
        {
          ti.install_pref_assign_conv (int (i), t, t);
          ti.install_widening_op (int (i), t, widen_to_gpumat);
        }
}

/* ---- octave_base_value's virtuals on the device ------------------------------------------- */

std::size_t octave_gpumat::byte_size () const
{
  const int code = gm_desc_class_code (m_cls.c_str ());
  return code < 0 ? 0 : m_dims.numel () * gm_desc_class_bytes[code] * (m_complex ? 2 : 1);
}

/* G(I, ...) for Octave's own code (the columns of `for k = G`) */
octave_value octave_gpumat::do_index_op (const octave_value_list& idx, bool)
{
  octave_value_list r = index_op (*this, idx);
  return r.length () > 0 ? r(0) : octave_value ();
}

/* any (G, DIM): sum (G ~= 0, DIM) > 0, whose sizes are any's for every shape (0x0 gives a 1x1
   false, 0xN a 1xN false); DIM is 0-based, -1 for Octave's default. */
octave_value octave_gpumat::any (int dim) const
{
  if (host_only (self_value (*this)))
    return upload_host (host_value ().any (dim));
  octave_value self = self_value (*this);
  octave_value nz = gw1 (ovl ("binary", "any", "ne", self, zero_like (self)));
  octave_value s = gw1 (ovl ("reduce", "any", "sum", nz, double (dim + 1)));
  return gw1 (ovl ("binary", "any", "gt", s, 0.0));
}

/* all (G, DIM): sum (G == 0, DIM) == 0 (NaN is nonzero) */
octave_value octave_gpumat::all (int dim) const
{
  if (host_only (self_value (*this)))
    return upload_host (host_value ().all (dim));
  octave_value self = self_value (*this);
  octave_value z = gw1 (ovl ("binary", "all", "eq", self, zero_like (self)));
  octave_value s = gw1 (ovl ("reduce", "all", "sum", z, double (dim + 1)));
  return gw1 (ovl ("binary", "all", "eq", s, 0.0));
}

/* nnz (G) of every class, complex and integer too: one count on the device (gw_sort.c) */
octave_idx_type octave_gpumat::nnz () const
{
  return static_cast<octave_idx_type> (gw1 (ovl ("nnz", "nnz", self_value (*this)))
                                       .double_value ());
}

octave_value octave_gpumat::full_value () const
{
  return self_value (*this);
}

octave_value octave_gpumat::reshape (const dim_vector& dv) const
{
  if (dv == m_dims)
    return self_value (*this);
  return gw1 (ovl ("reshape", "reshape", self_value (*this), dims_row (dv)));
}

/* liboctave's Array<T>::squeeze (which Octave's arrays use, not dim_vector::squeeze): a 2-D
   array stays as it is; of more dimensions the 1s go, and one dimension left is a column
   (squeeze (ones (1, 1, 3)) is 3x1). */
octave_value octave_gpumat::squeeze () const
{
  const int nd = m_dims.ndims ();
  if (nd <= 2)
    return self_value (*this);
  dim_vector dv = m_dims;
  int k = 0;
  for (int i = 0; i < nd; i++)
    if (m_dims(i) != 1)
      dv(k++) = m_dims(i);
  if (k == 0)
    dv = dim_vector (1, 1);
  else if (k == 1)
    dv = dim_vector (dv(0), 1);
  else
    dv.resize (k);
  return reshape (dv);
}

octave_value octave_gpumat::resize (const dim_vector& dv, bool) const
{
  if (dv == m_dims)
    return self_value (*this);
  /* Array<T>::resize of liboctave 7.3: two sizes resize only a 2-D array, and more sizes
     never fewer dimensions than the array has */
  if ((dv.ndims () == 2 && m_dims.ndims () != 2) || m_dims.ndims () > dv.ndims ()
      || dv.any_neg ())
    octave::err_invalid_resize ();
  octave_value self = self_value (*this);
  if (m_op != 0)
    self = gw1 (ovl ("copy", "resize", self));
  return gw1 (ovl ("resize", "resize", self, dims_row (dv)));
}

octave_value octave_gpumat::as_double () const
{
  return gw1 (ovl ("convert", "double", "double", self_value (*this)));
}

octave_value octave_gpumat::as_single () const
{
  return gw1 (ovl ("convert", "single", "single", self_value (*this)));
}

/* int8 (G) ... uint64 (G): on the device (kernels/elementwise_int.cu: rounded half away from
   zero, saturated, NaN to 0); complex data through the host array's own conversion. */
#define DEVICE_CAST(NAME, CLS)                                                               \
  octave_value octave_gpumat::NAME () const                                                  \
  {                                                                                          \
    if (m_complex)                                                                           \
      return upload_host (host_value ().NAME ());                                            \
    return gw1 (ovl ("convert", CLS, CLS, self_value (*this)));                              \
  }
DEVICE_CAST (as_int8, "int8")
DEVICE_CAST (as_int16, "int16")
DEVICE_CAST (as_int32, "int32")
DEVICE_CAST (as_int64, "int64")
DEVICE_CAST (as_uint8, "uint8")
DEVICE_CAST (as_uint16, "uint16")
DEVICE_CAST (as_uint32, "uint32")
DEVICE_CAST (as_uint64, "uint64")
#undef DEVICE_CAST

/* ---- on the host: the gathered array's own answer ----------------------------------------- */

/* ---- moves of elements on the device (mex/gw_shape.c) ------------------------------------- */

/* permute and ipermute (Octave's builtins convert PERM and call this, 0-based): liboctave's
   Array<T>::permute checks and messages, then the device; the identity is G itself. */
octave_value octave_gpumat::permute (const Array<int>& vec, bool inv) const
{
  const char *name = inv ? "ipermute" : "permute";
  const int n = vec.numel ();
  if (n < m_dims.ndims ())
    error ("%s: invalid permutation vector", name);
  std::vector<bool> checked (n, false);
  bool identity = true;
  for (int i = 0; i < n; i++)
    {
      const int e = vec(i);
      if (e >= n || e < 0)
        error ("%s: permutation vector contains an invalid element", name);
      if (checked[e])
        error ("%s: permutation vector cannot contain identical elements", name);
      checked[e] = true;
      identity = identity && e == i;
    }
  if (identity)
    return self_value (*this);
  /* the forward permutation, 1-based: result dimension k is dimension perm(k) of G */
  RowVector perm (n);
  for (int i = 0; i < n; i++)
    {
      if (inv)
        perm(vec(i)) = i + 1;
      else
        perm(i) = vec(i) + 1;
    }
  return gw1 (ovl ("permute", name, self_value (*this), perm));
}

/* diag (G, K) (Octave's builtin converts K): liboctave's Array<T>::diag, on the device.  A K
   past 2^53 is as far off as any: the diagonal misses a matrix, a vector's matrix is too large. */
octave_value octave_gpumat::diag (octave_idx_type k) const
{
  if (m_dims.ndims () > 2)
    error ("Matrix must be 2-dimensional");
  const double limit = 9007199254740992.0;
  const double kd = std::max (-limit, std::min (limit, double (k)));
  return gw1 (ovl ("diag", "diag", self_value (*this), kd));
}

/* diag (V, M, N): the builtin checked that V is a vector; a negative size fails as Octave's
   own does for the class (a resize error for floating-point data, an allocation error for
   integer and logical data). */
octave_value octave_gpumat::diag (octave_idx_type m, octave_idx_type n) const
{
  if (m < 0 || n < 0)
    {
      if (isfloat ())
        octave::err_invalid_resize ();
      error_with_id ("Octave:bad-alloc",
                     "out of memory or dimension too large for Octave's index type");
    }
  return gw1 (ovl ("diag", "diag", self_value (*this), double (m), double (n)));
}

octave_value octave_gpumat::sort (octave_idx_type dim, sortmode mode) const
{
  return upload_host (host_value ().sort (dim, mode));
}

octave_value octave_gpumat::sort (Array<octave_idx_type>& sidx, octave_idx_type dim,
                                  sortmode mode) const
{
  return upload_host (host_value ().sort (sidx, dim, mode));
}

/* Each of these returns what the host array of the same class returns (or its error). */
#define HOST_GETTER(RET, NAME, PARAMS, ARGS)                                                 \
  RET octave_gpumat::NAME PARAMS const { return host_value ().NAME ARGS; }

HOST_GETTER (sortmode, issorted, (sortmode mode), (mode))
HOST_GETTER (Array<octave_idx_type>, sort_rows_idx, (sortmode mode), (mode))
HOST_GETTER (sortmode, is_sorted_rows, (sortmode mode), (mode))
HOST_GETTER (MatrixType, matrix_type, (), ())
HOST_GETTER (MatrixType, matrix_type, (const MatrixType& typ), (typ))
HOST_GETTER (octave::idx_vector, index_vector, (bool req), (req))
HOST_GETTER (octave_value, convert_to_str_internal, (bool pad, bool force, char type),
             (pad, force, type))
HOST_GETTER (mxArray *, as_mxArray, (bool interleaved), (interleaved))
HOST_GETTER (short int, short_value, (bool r, bool f), (r, f))
HOST_GETTER (unsigned short int, ushort_value, (bool r, bool f), (r, f))
HOST_GETTER (int, int_value, (bool r, bool f), (r, f))
HOST_GETTER (unsigned int, uint_value, (bool r, bool f), (r, f))
HOST_GETTER (int, nint_value, (bool f), (f))
HOST_GETTER (long int, long_value, (bool r, bool f), (r, f))
HOST_GETTER (unsigned long int, ulong_value, (bool r, bool f), (r, f))
HOST_GETTER (int64_t, int64_value, (bool r, bool f), (r, f))
HOST_GETTER (uint64_t, uint64_value, (bool r, bool f), (r, f))
HOST_GETTER (double, double_value, (bool f), (f))
HOST_GETTER (float, float_value, (bool f), (f))
HOST_GETTER (Matrix, matrix_value, (bool f), (f))
HOST_GETTER (FloatMatrix, float_matrix_value, (bool f), (f))
HOST_GETTER (NDArray, array_value, (bool f), (f))
HOST_GETTER (FloatNDArray, float_array_value, (bool f), (f))
HOST_GETTER (Complex, complex_value, (bool f), (f))
HOST_GETTER (FloatComplex, float_complex_value, (bool f), (f))
HOST_GETTER (ComplexMatrix, complex_matrix_value, (bool f), (f))
HOST_GETTER (FloatComplexMatrix, float_complex_matrix_value, (bool f), (f))
HOST_GETTER (ComplexNDArray, complex_array_value, (bool f), (f))
HOST_GETTER (FloatComplexNDArray, float_complex_array_value, (bool f), (f))
HOST_GETTER (bool, bool_value, (bool w), (w))
HOST_GETTER (boolMatrix, bool_matrix_value, (bool w), (w))
HOST_GETTER (boolNDArray, bool_array_value, (bool w), (w))
HOST_GETTER (charMatrix, char_matrix_value, (bool f), (f))
HOST_GETTER (charNDArray, char_array_value, (bool f), (f))
HOST_GETTER (SparseMatrix, sparse_matrix_value, (bool f), (f))
HOST_GETTER (SparseComplexMatrix, sparse_complex_matrix_value, (bool f), (f))
HOST_GETTER (SparseBoolMatrix, sparse_bool_matrix_value, (bool w), (w))
HOST_GETTER (DiagMatrix, diag_matrix_value, (bool f), (f))
HOST_GETTER (FloatDiagMatrix, float_diag_matrix_value, (bool f), (f))
HOST_GETTER (ComplexDiagMatrix, complex_diag_matrix_value, (bool f), (f))
HOST_GETTER (FloatComplexDiagMatrix, float_complex_diag_matrix_value, (bool f), (f))
HOST_GETTER (octave_int8, int8_scalar_value, (), ())
HOST_GETTER (octave_int16, int16_scalar_value, (), ())
HOST_GETTER (octave_int32, int32_scalar_value, (), ())
HOST_GETTER (octave_int64, int64_scalar_value, (), ())
HOST_GETTER (octave_uint8, uint8_scalar_value, (), ())
HOST_GETTER (octave_uint16, uint16_scalar_value, (), ())
HOST_GETTER (octave_uint32, uint32_scalar_value, (), ())
HOST_GETTER (octave_uint64, uint64_scalar_value, (), ())
HOST_GETTER (int8NDArray, int8_array_value, (), ())
HOST_GETTER (int16NDArray, int16_array_value, (), ())
HOST_GETTER (int32NDArray, int32_array_value, (), ())
HOST_GETTER (int64NDArray, int64_array_value, (), ())
HOST_GETTER (uint8NDArray, uint8_array_value, (), ())
HOST_GETTER (uint16NDArray, uint16_array_value, (), ())
HOST_GETTER (uint32NDArray, uint32_array_value, (), ())
HOST_GETTER (uint64NDArray, uint64_array_value, (), ())
HOST_GETTER (string_vector, string_vector_value, (bool pad), (pad))
HOST_GETTER (std::string, string_value, (bool force), (force))
#undef HOST_GETTER
