/* gpumat_value.cc: __gpumat_call__.oct, the gpumat array as an Octave value type.
 *
 * A thin shell.  The C++ here (with gpumat_value.h, gpumat_value_index.cc for indexing and
 * assignment, gpumat_value_host.cc for the host fallback and Octave's other virtuals) holds a
 * gpumat array's descriptor (device address, size, element class, complex flag, view
 * operation) and a shared owner of its device block, registers the type "gpumat" with
 * Octave's type table, installs operators, display and save/load, and hands the work to the
 * runtime library or to the one C gateway __gpumat__ (mex/gpumat_mex.c), which reads the
 * descriptors, converts, validates, raises the errors and calls kernels/.
 *
 * Two roads.  The hot operations (element-wise, `*`, dot, reductions, gather, upload, and the
 * frees of dead values) call the runtime library's C API directly (gpumat_value_direct.cc): the
 * gateway and this oct-file link the same libgpumat.so, one CUDA runtime and one device cache.
 * Everything else, every error, and every case the direct path declines goes to the gateway
 * through feval: the gateway is a MEX file (mx* API, mexErrMsgIdAndTxt, a MEX context of its
 * own), whose C code cannot run outside a MEX call; a MEX call costs 7 us on the GPU machine's
 * host (bench/NOTES-value-type.md).  The hot @gpumat methods' commands (dot, sum, norm, the
 * reductions, gather, gpumat (A)) are in gpumat_value_methods.cc, which the compiled method
 * fronts (gpumat_methods.cc) also call.
 *
 * The gateway sees a gpumat operand as its descriptor, packed as mex/descriptor.h says (a 1x1
 * cell holding a uint64 row: a struct cost 16x more in Octave's MEX layer), built here once
 * per array (cached), and returns one for each result, which the shell wraps into a new
 * owning gpumat value.  The gateway never mutates an input:
 * Octave 7.3's mxArray_octave_value caches the dims of what it wraps, and a struct mutated by
 * a MEX file overran memory on destruction (seen in an earlier attempt).
 *
 * Memory: every array that owns device memory holds a std::shared_ptr to a block_owner; views
 * (G', G.'), copies (B = A) and clones share it, and the block is handed back for freeing
 * (gm_device_free on the direct road; else __gpumat__ ("free"), batched: see pending_free) when
 * the last reference goes.  Assignment G(i) = v writes in place only when nothing else
 * shares the block (copy on write otherwise).
 *
 * Registration happens once per session (static guard; a second install_* would abort
 * Octave), from PKG_ADD or the first call, and the .oct is locked (interp.mlock) and the type
 * derives from octave_base_dld_value, so that `clear all` never unloads the code while values
 * live (research/octave-value-type.md section 1: without both, clear + reuse crashes).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat_value.h"

/* ---- calling the gateway ------------------------------------------------------------------ */


/* Blocks whose last holder went, not yet handed to the gateway.  A destructor only records the
   address: the gateway frees the list at the next call that reaches it with FREE_BATCH blocks or
   FREE_BYTES bytes pending, and before any call that is not a hot operation (usage, sync, reset,
   device queries), so leak checks and free-memory queries see every block freed.  That saves a
   MEX call (7 us on the GPU machine) on nearly every operation of a loop (`C = G + H` drops the
   old C), and keeps interpreter calls out of destructors, which also run while errors unwind and
   at exit.  The byte cap bounds the memory held back (a spurious out-of-memory needs a device
   within 16 MiB of full).  The list is allocated once and never destroyed: a gpumat value that
   dies after this library's static destructors ran (a value held past the interpreter's own
   cleanup) must not push onto a destroyed vector; what is left at exit the gateway's at-exit
   reset returns. */
static std::vector<uint64_t>& pending_free = *new std::vector<uint64_t> ();
static std::size_t pending_bytes = 0;
static const std::size_t FREE_BATCH = 32;
static const std::size_t FREE_BYTES = std::size_t (16) << 20;

static void flush_frees ()
{
  if (pending_free.empty ())
    return;
  uint64NDArray a (dim_vector (1, pending_free.size ()));
  for (std::size_t i = 0; i < pending_free.size (); i++)
    a(i) = pending_free[i];
  pending_free.clear ();
  pending_bytes = 0;
  octave::feval ("__gpumat__", ovl ("free", "", a), 0);
}

block_owner::~block_owner ()
{
  if (direct_free (ptr))
    return;
  try
    {
      pending_free.push_back (ptr);
      pending_bytes += bytes;
    }
  catch (...)
    {
    }
}

DEFINE_OV_TYPEID_FUNCTIONS_AND_DATA (octave_gpumat, "gpumat", "gpumat");

bool is_gpumat (const octave_value& v)
{
  return v.type_id () == octave_gpumat::static_type_id ();
}

/* An octave_value sharing this very rep (no new reference to the device block: subsasgn's
   copy-on-write test counts the block's holders). */
octave_value self_value (const octave_gpumat& g)
{
  return octave_value (const_cast<octave_gpumat *> (&g), true);
}

/* The gpumat rep of v.  The gateway's results are checked here rather than trusted: a
   dynamic_cast of anything else would throw std::bad_cast, which Octave's evaluator does not
   catch (std::terminate, SIGABRT); this is an ordinary, catchable error instead. */
const octave_gpumat& rep (const octave_value& v)
{
  if (! is_gpumat (v))
    error_with_id ("gpumat:internal",
                   "gpumat: expected a gpumat array from the gateway, got %s",
                   v.is_defined () ? v.class_name ().c_str () : "nothing");
  return static_cast<const octave_gpumat&> (v.get_rep ());
}

/* The uint64 row of a packed descriptor (mex/descriptor.h), or an empty array. */
static uint64NDArray packed_descriptor (const octave_value& v)
{
  if (! v.iscell () || v.numel () != 1)
    return uint64NDArray ();
  const octave_value w = v.cell_value ()(0);
  if (! w.is_uint64_type () || w.numel () < 1)
    return uint64NDArray ();
  uint64NDArray a = w.uint64_array_value ();
  return a(0).value () == GM_DESC_MAGIC ? a : uint64NDArray ();
}

/* A descriptor: packed (the gateway's results) or a struct {ptr, dims, cls [, op, complex]}
   (the tests' hand-written ones). */
static bool is_descriptor (const octave_value& v)
{
  if (v.iscell ())
    return ! packed_descriptor (v).isempty ();
  if (! v.isstruct () || v.numel () != 1)
    return false;
  octave_map m = v.map_value ();
  return m.isfield ("ptr") && m.isfield ("dims") && m.isfield ("cls");
}

static void invalid_descriptor ()
{
  error_with_id ("gpumat:array:invalidHandle", "gpumat: not a valid gpumat descriptor");
}

/* A gpumat value for a descriptor; `owning`: the block is this value's to free (a result of
   the gateway), else borrowed (an internal test descriptor).  `packed`: d's row when the
   caller has already taken it out (packed_descriptor), so that a result is read once. */
static octave_value wrap (const octave_value& d, bool owning,
                          const uint64NDArray& packed = uint64NDArray ())
{
  uint64_t ptr;
  std::vector<double> dims;
  std::string cls;
  int op = 0;
  bool cplx = false;
  const uint64NDArray w = packed.isempty () ? packed_descriptor (d) : packed;
  if (! w.isempty ())
    {
      ptr = w.numel () > 1 ? w(1).value () : 0;
      const uint64_t info = w.numel () > 2 ? w(2).value () : ~uint64_t (0);
      /* checked after the owner below is made */
      if (gm_desc_info_valid (info))
        {
          cls = gm_desc_class_names[gm_desc_class (info)];
          op = gm_desc_view (info);
          cplx = gm_desc_complex (info);
        }
      for (octave_idx_type i = GM_DESC_HEADER; i < w.numel (); i++)
        dims.push_back (w(i).value () <= GM_DESC_MAX_DIM ? double (w(i).value ()) : -1.0);
    }
  else
    {
      octave_scalar_map s = d.scalar_map_value ();
      ptr = s.getfield ("ptr").uint64_scalar_value ().value ();
      Matrix dm = s.getfield ("dims").matrix_value ();
      for (octave_idx_type i = 0; i < dm.numel (); i++)
        dims.push_back (dm(i));
      cls = s.getfield ("cls").string_value ();
      op = s.isfield ("op") ? s.getfield ("op").int_value () : 0;
      cplx = s.isfield ("complex") ? s.getfield ("complex").bool_value () : false;
    }
  /* The block is owned from here on, before anything below can raise an error: a descriptor
     the checks refuse still hands its block back (freed at the next flush), never leaked. */
  std::shared_ptr<block_owner> owner;
  if (owning && ptr != 0)
    owner = std::make_shared<block_owner> (ptr, 0);
  const int code = gm_desc_class_code (cls.c_str ());
  const std::size_t nd = dims.size ();
  if (nd < 2 || nd > GM_DESC_MAX_DIMS || code < 0 || op < 0 || op > 2)
    invalid_descriptor ();
  dim_vector dv;
  dv.resize (nd);
  for (std::size_t i = 0; i < nd; i++)
    {
      /* 2^53: past it a double is no exact count, and a cast past 2^63 is undefined */
      if (! (dims[i] >= 0 && dims[i] <= 9007199254740992.0) || dims[i] != octave::math::fix (dims[i]))
        invalid_descriptor ();
      dv(i) = static_cast<octave_idx_type> (dims[i]);
    }
  if (owner)
    owner->bytes = dv.numel () * gm_desc_class_bytes[code] * (cplx ? 2 : 1);
  return octave_value (new octave_gpumat (ptr, dv, cls, cplx, op, owner));
}

/* Commands of the per-operation path, which leave a small list of pending frees for later. */
static bool hot_command (const octave_value& cmd)
{
  static const char *hot[] = {"binary", "unary", "mul", "dot", "index", "assign", "resize",
                              "copy", "convert", "reduce", "upload", "gather", "norm", "fill",
                              "rand", "reshape", "cat", "pagemtimes", "scan", "sort", "find",
                              "nnz", "median", "ireduce"};
  if (! cmd.is_string ())
    return false;
  const std::string c = cmd.string_value ();
  for (const char *h : hot)
    if (c == h)
      return true;
  return false;
}

octave_value_list call_gateway (const octave_value_list& args, int nargout)
{
  octave_value_list direct;
  if (direct_call (args, nargout, direct))
    return direct;
  return gateway_call (args, nargout);
}

octave_value_list gateway_call (const octave_value_list& args, int nargout)
{
  if (! pending_free.empty ()
      && (pending_free.size () >= FREE_BATCH || pending_bytes >= FREE_BYTES
          || args.length () == 0 || ! hot_command (args(0))))
    flush_frees ();
  octave_value_list in (args);
  for (octave_idx_type i = 0; i < in.length (); i++)
    if (is_gpumat (in(i)))
      in(i) = rep (in(i)).descriptor ();
  octave_value_list out = octave::feval ("__gpumat__", in, nargout);
  /* The gateway returns packed descriptors only (the struct form is for hand-written ones):
     each result's row is taken out once and handed to wrap. */
  for (octave_idx_type i = 0; i < out.length (); i++)
    if (const uint64NDArray w = packed_descriptor (out(i)); ! w.isempty ())
      {
        try
          {
            out(i) = wrap (out(i), true, w);
          }
        catch (...)
          {
            /* wrap owns a result's block before it checks the descriptor, so a refused result
               still hands its block back; the later results must be owned too (and so handed
               back with the earlier ones as `out` goes), or their blocks would leak. */
            for (octave_idx_type j = i + 1; j < out.length (); j++)
              if (const uint64NDArray wj = packed_descriptor (out(j)); ! wj.isempty ())
                {
                  try
                    {
                      out(j) = wrap (out(j), true, wj);
                    }
                  catch (...)
                    {
                    }
                }
            throw;
          }
      }
  return out;
}

/* One result of a gateway command. */
octave_value gw1 (const octave_value_list& args)
{
  octave_value_list out = call_gateway (args, 1);
  return out.length () > 0 ? out(0) : octave_value ();
}

/* A value the user sees as a host array of the same class (messages name it) */
octave_value gather (const octave_value& g)
{
  return host_scalar_form (gw1 (ovl ("gather", "gather", g)));
}

/* A gathered 1x1 array in the form Octave gives a host scalar: the gateway's result is a 1x1
   matrix type, which some builtins refuse where they take the scalar (bitand on a 1x1 'float
   complex matrix').  A complex value stays complex, as complex (3, 0) does on the host. */
octave_value host_scalar_form (const octave_value& h)
{
  if (h.numel () != 1 || h.ndims () != 2 || h.issparse () || is_gpumat (h))
    return h;
  if (h.iscomplex ())
    return h.is_single_type () ? octave_value (new octave_float_complex (h.float_complex_value ()))
                               : octave_value (new octave_complex (h.complex_value ()));
  octave_value r (h);
  r.maybe_mutate ();
  return r;
}

/* ---- views -------------------------------------------------------------------------------- */

octave_value octave_gpumat::transposed (int op) const
{
  if (m_dims.ndims () > 2)
    error_with_id ("gpumat:array:ndArray", "transpose not defined for N-D objects");
  if (! m_complex)
    op = 1;
  if (m_op == 0)
    return octave_value (new octave_gpumat (m_ptr, dim_vector (m_dims(1), m_dims(0)), m_cls,
                                            m_complex, op, m_owner));
  if (m_op == op || ! m_complex)
    return octave_value (new octave_gpumat (m_ptr, dim_vector (m_dims(1), m_dims(0)), m_cls,
                                            m_complex, 0, m_owner));
  /* (G.')' or (G').' of complex data: conj (G), laid out once on the device, then viewed. */
  octave_value laid = gw1 (ovl ("copy", "gpumat", self_value (*this)));
  return rep (laid).transposed (op);
}

static octave_value op_transpose (const octave_base_value& a)
{
  return dynamic_cast<const octave_gpumat&> (a).transposed (1);
}

static octave_value op_hermitian (const octave_base_value& a)
{
  return dynamic_cast<const octave_gpumat&> (a).transposed (2);
}

/* ---- operators ---------------------------------------------------------------------------- */

octave_value as_value (const octave_base_value& a)
{
  /* an octave_value that shares a's rep (no copy of any data) */
  return octave_value (const_cast<octave_base_value *> (&a), true);
}

/* Element-wise binary operations: (CALLER, NAME) of gw_elementwise.c, or Octave's own on the
   host for integer and complex operands (gpumat_value_host.cc). */
#define BINOP(fname, op, caller, name)                                                       \
  static octave_value fname (const octave_base_value& a, const octave_base_value& b)        \
  {                                                                                          \
    octave_value x = as_value (a), y = as_value (b), r;                                      \
    if (direct_binary_operator (octave_value::op, x, y, r))                                  \
      return r;                                                                              \
    return elementwise_binary (octave_value::op, caller, name, x, y);                        \
  }
BINOP (op_add, op_add, "operator +", "plus")
BINOP (op_sub, op_sub, "operator -", "minus")
BINOP (op_el_mul, op_el_mul, "product", "times")
BINOP (op_el_div, op_el_div, "quotient", "rdivide")
BINOP (op_el_pow, op_el_pow, "operator .^", "power")
BINOP (op_lt, op_lt, "mx_el_lt", "lt")
BINOP (op_le, op_le, "mx_el_le", "le")
BINOP (op_gt, op_gt, "mx_el_gt", "gt")
BINOP (op_ge, op_ge, "mx_el_ge", "ge")
BINOP (op_eq, op_eq, "mx_el_eq", "eq")
BINOP (op_ne, op_ne, "mx_el_ne", "ne")
#undef BINOP

/* A .\ B is B ./ A, and Octave reports it so (op1 is B). */
static octave_value op_el_ldiv (const octave_base_value& a, const octave_base_value& b)
{
  octave_value x = as_value (b), y = as_value (a), r;
  if (direct_binary_operator (octave_value::op_el_div, x, y, r))
    return r;
  if (sparse_pair (x, y))              /* Octave's S .\ G is not always its G ./ S (complex) */
    return host_operator (octave_value::op_el_ldiv, y, x);
  return elementwise_binary (octave_value::op_el_div, "quotient", "rdivide", x, y);
}

static octave_value op_mul (const octave_base_value& a, const octave_base_value& b)
{
  octave_value x = as_value (a), y = as_value (b), r;
  if (direct_product (x, false, y, false, r))
    return r;
  if (sparse_pair (x, y))
    return host_operator (octave_value::op_mul, x, y);
  return gw1 (ovl ("mul", "operator *", x, y, "auto"));
}

/* A'*B, A.'*B, A*B', A*B.': the untransposed operands with an operation flag, as Octave's own
   compound operators pass one to BLAS (no copy of a host operand either). */
#define MULOP(fname, opa, opb)                                                               \
  static octave_value fname (const octave_base_value& a, const octave_base_value& b)        \
  {                                                                                          \
    octave_value r;                                                                          \
    if (direct_product (as_value (a), opa[0] != 'n', as_value (b), opb[0] != 'n', r))        \
      return r;                                                                              \
    if (sparse_pair (as_value (a), as_value (b)))                                            \
      return host_operator (octave_value::fname, as_value (a), as_value (b));                \
    octave_value_list l (7);                                                                 \
    l(0) = "mul"; l(1) = "operator *"; l(2) = as_value (a); l(3) = opa;                      \
    l(4) = as_value (b); l(5) = opb; l(6) = "auto";                                          \
    return gw1 (l);                                                                          \
  }
MULOP (op_trans_mul, "transpose", "none")
MULOP (op_herm_mul, "ctranspose", "none")
MULOP (op_mul_trans, "none", "transpose")
MULOP (op_mul_herm, "none", "ctranspose")
#undef MULOP

static octave_value op_uminus (const octave_base_value& a)
{
  octave_value x = as_value (a), r;
  if (direct_unary_operator ("uminus", x, r))
    return r;
  return elementwise_uminus (x);
}

/* +G is G itself, except that a logical array becomes double, as in Octave. */
static octave_value op_uplus (const octave_base_value& a)
{
  const octave_gpumat& g = dynamic_cast<const octave_gpumat&> (a);
  if (g.m_cls == "logical")
    return gw1 (ovl ("convert", "operator +", "double", as_value (a)));
  return as_value (a);
}

/* !G is G == 0, a logical gpumat array, as Octave's ! of a numeric array (NaN refused). */
static octave_value op_not (const octave_base_value& a)
{
  return elementwise_not (as_value (a));
}

bool octave_gpumat::is_true () const
{
  /* if (G): Octave's rule (nonempty and all nonzero) on the gathered array. */
  return gather (self_value (*this)).is_true ();
}

/* The mappers the gateway's "unary" command computes on the device, by Octave's function name
   (gm_unop_name); outside an op's real domain the gateway itself takes Octave's own route. */
static const struct { octave_base_value::unary_mapper_t umap; const char *name; }
device_mappers[] = {
  {octave_base_value::umap_abs, "abs"}, {octave_base_value::umap_sqrt, "sqrt"},
  {octave_base_value::umap_exp, "exp"}, {octave_base_value::umap_log, "log"},
  {octave_base_value::umap_floor, "floor"}, {octave_base_value::umap_ceil, "ceil"},
  {octave_base_value::umap_round, "round"}, {octave_base_value::umap_fix, "fix"},
  {octave_base_value::umap_signum, "sign"}, {octave_base_value::umap_sin, "sin"},
  {octave_base_value::umap_cos, "cos"}, {octave_base_value::umap_tan, "tan"},
  {octave_base_value::umap_asin, "asin"}, {octave_base_value::umap_acos, "acos"},
  {octave_base_value::umap_atan, "atan"}, {octave_base_value::umap_sinh, "sinh"},
  {octave_base_value::umap_cosh, "cosh"}, {octave_base_value::umap_tanh, "tanh"},
  {octave_base_value::umap_asinh, "asinh"}, {octave_base_value::umap_acosh, "acosh"},
  {octave_base_value::umap_atanh, "atanh"}, {octave_base_value::umap_log2, "log2"},
  {octave_base_value::umap_log10, "log10"}, {octave_base_value::umap_log1p, "log1p"},
  {octave_base_value::umap_expm1, "expm1"}, {octave_base_value::umap_gamma, "gamma"},
  {octave_base_value::umap_lgamma, "lgamma"}, {octave_base_value::umap_erf, "erf"},
  {octave_base_value::umap_erfc, "erfc"}, {octave_base_value::umap_cbrt, "cbrt"},
  {octave_base_value::umap_isnan, "isnan"}, {octave_base_value::umap_isinf, "isinf"},
  {octave_base_value::umap_isfinite, "isfinite"}};

/* The mappers of complex data on the device (kernels/elementwise_complex.cu); the other
   mappers of complex data (exp, log, sqrt, sin, ...) stay Octave's own on the host. */
static const struct { octave_base_value::unary_mapper_t umap; const char *name; }
complex_mappers[] = {
  {octave_base_value::umap_abs, "abs"}, {octave_base_value::umap_real, "real"},
  {octave_base_value::umap_imag, "imag"}, {octave_base_value::umap_conj, "conj"},
  {octave_base_value::umap_arg, "arg"}, {octave_base_value::umap_signum, "sign"},
  {octave_base_value::umap_isnan, "isnan"}, {octave_base_value::umap_isinf, "isinf"},
  {octave_base_value::umap_isfinite, "isfinite"}};

octave_value octave_gpumat::map (unary_mapper_t umap) const
{
  octave_value self = self_value (*this);
  /* integer data: Octave's identities (floor ... fix, real, conj), abs, sign and the isnan
     family on the device (gw_elementwise.c's integer branch); other mappers below */
  if (! m_complex && isinteger ())
    switch (umap)
      {
      case umap_real: case umap_conj:
        return self;
      case umap_abs: case umap_floor: case umap_ceil: case umap_round: case umap_fix:
      case umap_signum: case umap_isnan: case umap_isinf: case umap_isfinite:
        for (const auto& m : device_mappers)
          if (m.umap == umap)
            return gw1 (ovl ("unary", m.name, m.name, self));
        break;
      default:
        break;
      }
  if (m_complex && isfloat ())
    for (const auto& m : complex_mappers)
      if (m.umap == umap)
        return gw1 (ovl ("unary", m.name, m.name, self));
  /* the kernels take real double, single and logical data */
  const bool on_device = ! m_complex && (isfloat () || islogical ());
  if (on_device)
    for (const auto& m : device_mappers)
      if (m.umap == umap)
        {
          octave_value r;
          if (direct_unary_operator (m.name, self, r))
            return r;
          return gw1 (ovl ("unary", m.name, m.name, self));
        }
  if (on_device)
    switch (umap)
      {
      case umap_real:
      case umap_conj:
        if (isfloat ())
          return self;        /* real data: real (G) and conj (G) are G, no copy, no kernel */
        /* fall through */
      case umap_imag:
        {
          /* through the host (gather, compute, upload): simple rather than fast, as before */
          octave_value h = gather (self).map (umap);
          return gw1 (ovl ("upload", "gpumat", h));
        }
      default:
        break;
      }
  /* Everything else (erfinv, isna, ..., and every mapper of integer and complex data)
     as Octave computes it on the host array, the result uploaded (logical results stay
     logical). */
  if (umap != umap_real && umap != umap_imag && umap != umap_conj)
    note_host_fallback (get_umap_name (umap));
  return upload_host (gather (self).map (umap));
}

/* ---- display ------------------------------------------------------------------------------ */

/* Arrays up to this many elements show their values (gathered), as MATLAB shows a gpuArray's;
   larger ones their size and class only, so that typing a name never moves gigabytes. */
static const octave_idx_type display_limit = 1000;

static std::string summary (const octave_gpumat& g)
{
  std::string cls = g.m_complex ? "complex " + g.m_cls : g.m_cls;
  /* an empty array holds no device memory (and needs no GPU): it says only what it is */
  return g.m_dims.str ('x') + " " + cls + " gpumat array"
         + (g.m_dims.numel () > 0 ? ", on the GPU" : " (empty)");
}

bool octave_gpumat::print_name_tag (std::ostream& os, const std::string& name) const
{
  os << name << " =";
  newline (os);
  newline (os);
  return true;              /* display adds the closing blank line, as for a matrix */
}

void octave_gpumat::print (std::ostream& os, bool pr_as_read_syntax)
{
  print_raw (os, pr_as_read_syntax);
}

void octave_gpumat::print_raw (std::ostream& os, bool pr_as_read_syntax) const
{
  const octave_idx_type n = m_dims.numel ();
  if (n == 0 || n > display_limit)
    {
      os << "  " << summary (*this);
      newline (os);
      return;
    }
  os << "  " << summary (*this) << ":";
  newline (os);
  newline (os);
  octave_value h = gather (self_value (*this));
  h.print_raw (os, pr_as_read_syntax);
  newline (os);
}

/* ---- save and load: the gathered host array, in Octave's own format for it -------------- */
/* Text:   "# host: <typeinfo of the host array>", then that array's own text form.
   Binary: int32 length and the type name, then that array's own binary form.
   Load uploads it (a logical array stays logical); without a GPU load fails with
   gpumat:noDevice, as any upload does (an empty array needs none). */

octave_value upload_host (const octave_value& h)
{
  octave_value g = gw1 (ovl ("upload", "load", h));
  if (h.islogical () && ! (is_gpumat (g) && rep (g).m_cls == "logical"))
    g = gw1 (ovl ("binary", "load", "ne", g, 0.0));
  return g;
}

bool octave_gpumat::save_ascii (std::ostream& os)
{
  octave_value h = gather (self_value (*this));
  os << "# host: " << h.type_name () << "\n";
  return h.save_ascii (os);
}

bool octave_gpumat::load_ascii (std::istream& is)
{
  /* the rest of the line: type names have spaces ("float complex matrix") */
  std::string tname = extract_keyword (is, "host");
  if (tname.empty ())
    error ("load: failed to read the host type of a gpumat array");
  octave::type_info& ti = octave::__get_type_info__ ("gpumat load");
  octave_value h = ti.lookup_type (tname);
  if (h.is_undefined () || ! h.load_ascii (is))
    error ("load: failed to read the data of a gpumat array (%s)", tname.c_str ());
  octave_value g = upload_host (h);
  take (rep (g));
  return true;
}

bool octave_gpumat::save_binary (std::ostream& os, bool save_as_floats)
{
  octave_value h = gather (self_value (*this));
  std::string tname = h.type_name ();
  int32_t len = tname.size ();
  os.write (reinterpret_cast<const char *> (&len), 4);
  os.write (tname.c_str (), len);
  return h.save_binary (os, save_as_floats);
}

bool octave_gpumat::load_binary (std::istream& is, bool swap,
                                 octave::mach_info::float_format fmt)
{
  int32_t len;
  if (! is.read (reinterpret_cast<char *> (&len), 4))
    return false;
  if (swap)
    swap_bytes<4> (&len);
  if (len <= 0 || len > 256)
    return false;
  std::string tname (len, ' ');
  if (! is.read (&tname[0], len))
    return false;
  octave::type_info& ti = octave::__get_type_info__ ("gpumat load");
  octave_value h = ti.lookup_type (tname);
  if (h.is_undefined () || ! h.load_binary (is, swap, fmt))
    return false;
  octave_value g = upload_host (h);
  take (rep (g));
  return true;
}

/* ---- registration ------------------------------------------------------------------------- */

static void install_ops (octave::type_info& ti)
{
  const int t = octave_gpumat::static_type_id ();
  /* Every host type Octave 7.3 has for numeric, logical and char data; the gateway decides
     what each operation accepts (integer operands raise gpumat:elementwise:unsupportedClass
     for element-wise operations and work for *, as the classdef did). */
  static const char *host_names[] = {
    "scalar", "matrix", "complex scalar", "complex matrix", "float scalar", "float matrix",
    "float complex scalar", "float complex matrix", "bool", "bool matrix", "double_range",
    "range", "char_matrix_str", "sq_string", "string",
    "int8 scalar", "int16 scalar", "int32 scalar", "int64 scalar",
    "uint8 scalar", "uint16 scalar", "uint32 scalar", "uint64 scalar",
    "int8 matrix", "int16 matrix", "int32 matrix", "int64 matrix",
    "uint8 matrix", "uint16 matrix", "uint32 matrix", "uint64 matrix",
    "diagonal matrix", "float diagonal matrix", "complex diagonal matrix",
    "float complex diagonal matrix", "permutation matrix",
    /* refused by the gateway with its own identified errors (gpumat:<area>:sparse,
       gpumat:<area>:invalidType "... not cell"), as the classdef's methods did */
    "sparse matrix", "sparse complex matrix", "sparse bool matrix", "cell", "struct",
    "scalar struct"};
  string_vector names = ti.installed_type_names ();
  auto id_of = [&] (const std::string& nm) {
    for (octave_idx_type i = 0; i < names.numel (); i++)
      if (names(i) == nm)
        return int (i);
    return -1;
  };
  std::vector<int> others;
  for (const char *nm : host_names)
    {
      int id = id_of (nm);
      if (id >= 0 && id != t)
        others.push_back (id);
    }
  struct { octave_value::binary_op op; octave::type_info::binary_op_fcn f; } bin[] = {
    {octave_value::op_add, op_add}, {octave_value::op_sub, op_sub},
    {octave_value::op_el_mul, op_el_mul}, {octave_value::op_el_div, op_el_div},
    {octave_value::op_el_ldiv, op_el_ldiv}, {octave_value::op_el_pow, op_el_pow},
    {octave_value::op_lt, op_lt}, {octave_value::op_le, op_le}, {octave_value::op_gt, op_gt},
    {octave_value::op_ge, op_ge}, {octave_value::op_eq, op_eq}, {octave_value::op_ne, op_ne},
    {octave_value::op_mul, op_mul}};
  struct { octave_value::compound_binary_op op; octave::type_info::binary_op_fcn f; } cmp[] = {
    {octave_value::op_trans_mul, op_trans_mul}, {octave_value::op_herm_mul, op_herm_mul},
    {octave_value::op_mul_trans, op_mul_trans}, {octave_value::op_mul_herm, op_mul_herm}};
  std::vector<int> with = others;
  with.push_back (t);
  for (int o : with)
    {
      for (auto& b : bin)
        {
          ti.install_binary_op (b.op, t, o, b.f);
          if (o != t)
            ti.install_binary_op (b.op, o, t, b.f);
        }
      for (auto& c : cmp)
        {
          ti.install_binary_op (c.op, t, o, c.f);
          if (o != t)
            ti.install_binary_op (c.op, o, t, c.f);
        }
    }
  /* /, \, ^, &, | and the assignment of gpumat values into host arrays */
  install_host_ops (ti, t, others);
  ti.install_unary_op (octave_value::op_transpose, t, op_transpose);
  ti.install_unary_op (octave_value::op_hermitian, t, op_hermitian);
  ti.install_unary_op (octave_value::op_uminus, t, op_uminus);
  ti.install_unary_op (octave_value::op_uplus, t, op_uplus);
  ti.install_unary_op (octave_value::op_not, t, op_not);
}

static void ensure_registered (octave::interpreter& interp)
{
  static bool done = false;
  if (done)
    return;
  octave::type_info& ti = interp.get_type_info ();
  /* The type is there but not from this library: another copy of __gpumat_call__.oct (an
     installed package and a build tree both on the path, or two installed versions) registered
     it first.  Installing this copy's operators would abort Octave ("duplicate binary operator",
     abort_on_duplicate), so refuse with an error instead; the first copy keeps working. */
  const string_vector names = ti.installed_type_names ();
  for (octave_idx_type i = 0; i < names.numel (); i++)
    if (names(i) == "gpumat")
      {
        const std::string file = octave::get_current_shlib ().file_name ();
        error_with_id ("gpumat:array:duplicateType",
                       "gpumat: the gpumat type is already registered by another copy of "
                       "__gpumat_call__.oct, not %s: keep one gpumat folder on the path "
                       "(restart Octave after changing it)",
                       file.empty () ? "this one" : file.c_str ());
      }
  interp.mlock ();
  registering_interpreter = &interp;
  octave_gpumat::register_type (ti);
  install_ops (ti);
  done = true;
}

DEFMETHOD_DLD (__gpumat_call__, interp, args, nargout,
               "-*- texinfo -*-\n\
@deftypefn {} {@dots{} =} __gpumat_call__ (@var{command}, @var{caller}, @dots{})\n\
Internal: the gateway __gpumat__ with gpumat arrays passed as their descriptors and\n\
results wrapped as gpumat arrays.  Extra commands of the shell itself:\n\
@code{(\"register\")} registers the type (PKG_ADD); @code{(\"wrap\", @var{desc})} makes a\n\
gpumat array of a descriptor that owns nothing (tests); @code{(\"desc\", @var{G})}\n\
returns G's descriptor; @code{(\"isgpumat\", @var{X})}; @code{(\"shared\", @var{G})}\n\
how many arrays share G's device block; @code{(\"direct\", @var{TF})} and\n\
@code{(\"fronts\", @var{TF})} turn the direct road and the compiled method fronts on or off.\n\
@end deftypefn")
{
  ensure_registered (interp);
  if (args.length () >= 1 && args(0).is_string ())
    {
      const std::string cmd = args(0).string_value ();
      if (cmd == "register")
        return ovl ();
      if (cmd == "wrap" && args.length () == 2)
        {
          if (! is_descriptor (args(1)))
            error_with_id ("Octave:invalid-fun-call", "Invalid call to gpumat");
          return ovl (wrap (args(1), false));
        }
      if (cmd == "desc" && args.length () == 2 && is_gpumat (args(1)))
        return ovl (rep (args(1)).descriptor_struct ());
      if (cmd == "logical" && args.length () == 2 && is_gpumat (args(1)))
        return ovl (logical_value (args(1)));
      if (cmd == "fallback_note" && args.length () == 2 && args(1).is_string ())
        {
          note_host_fallback (args(1).string_value ());
          return ovl ();
        }
      if (cmd == "isgpumat" && args.length () == 2)
        return ovl (is_gpumat (args(1)));
      if (cmd == "shared" && args.length () == 2 && is_gpumat (args(1)))
        return ovl (double (rep (args(1)).m_owner ? rep (args(1)).m_owner.use_count () : 0));
      if (cmd == "dotv" && args.length () == 3)
        return method_dotv (args(1), args(2));
      if (cmd == "sum" && args.length () == 2 && is_gpumat (args(1)))
        return method_sum (args(1));
      if (cmd == "upload1" && args.length () == 2)
        return method_upload1 (args(1));
      if (cmd == "norm2" && args.length () == 2 && is_gpumat (args(1)))
        return method_norm2 (args(1));
      if (cmd == "fronts" && args.length () <= 2)
        {
          /* ("fronts", TF): the compiled method fronts' road on or off (tests, benchmarks);
             returns whether it is on and how many calls took it */
          return fronts_switch (args);
        }
      if (cmd == "direct" && args.length () == 2)
        {
          /* ("direct", TF): the direct path on or off (tests, benchmarks); returns whether
             calls now take it and how many it has computed */
          set_direct_enabled (args(1).bool_value ());
          return ovl (direct_available (), direct_call_count ());
        }
      if (cmd == "gather" && args.length () == 3 && is_gpumat (args(2)))
        return ovl (gather (args(2)));
      if (cmd == "transpose" && args.length () == 3 && is_gpumat (args(1)))
        return ovl (rep (args(1)).transposed (args(2).int_value ()));
    }
  return call_gateway (args, nargout);
}
