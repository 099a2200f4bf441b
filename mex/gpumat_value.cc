/* gpumat_value.cc: __gpumat_call__.oct, the gpumat array as an Octave value type (issue 12).
 *
 * A thin shell.  The C++ here holds a gpumat array's descriptor (device address, size, element
 * class, complex flag, view operation) and a shared owner of its device block, registers the
 * type "gpumat" with Octave's type table, installs operators, indexing, display and save/load,
 * and forwards every piece of work to the one C gateway __gpumat__ (mex/gpumat_mex.c), which
 * reads the descriptors, converts, validates, raises the errors and calls kernels/.
 *
 * Why call the gateway through feval rather than link its C code in here: the gateway is a MEX
 * file (mx* API, mexErrMsgIdAndTxt, mexCallMATLAB, a MEX context of its own), and the CUDA
 * runtime is linked statically into it: a device pointer is valid only in the runtime that
 * made it, so every device call must go through that one library.  Linking the kernels into
 * this .oct as well would make a second runtime (pointers from one would be invalid in the
 * other), and calling mx* functions outside a MEX call has no context to own their memory.
 * feval of the locked MEX costs about 2 us (probes/octave-dispatch: MEX no-op 2.2 us), which
 * fits the 25 us budget of issue 12.
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
 * (__gpumat__ ("free"), batched: see pending_free) when the last reference goes.  Assignment G(i) = v writes in place only when nothing else
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
                              "rand", "reshape", "cat", "pagemtimes"};
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
  return gw1 (ovl ("gather", "gather", g));
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
    return elementwise_binary (octave_value::op, caller, name, as_value (a), as_value (b));  \
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
  return elementwise_binary (octave_value::op_el_div, "quotient", "rdivide", as_value (b),
                             as_value (a));
}

static octave_value op_mul (const octave_base_value& a, const octave_base_value& b)
{
  return gw1 (ovl ("mul", "operator *", as_value (a), as_value (b), "auto"));
}

/* A'*B, A.'*B, A*B', A*B.': the untransposed operands with an operation flag, as Octave's own
   compound operators pass one to BLAS (no copy of a host operand either). */
#define MULOP(fname, opa, opb)                                                               \
  static octave_value fname (const octave_base_value& a, const octave_base_value& b)        \
  {                                                                                          \
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
  return elementwise_uminus (as_value (a));
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

octave_value octave_gpumat::map (unary_mapper_t umap) const
{
  octave_value self = self_value (*this);
  /* the kernels take real double, single and logical data */
  const bool on_device = ! m_complex && (isfloat () || islogical ());
  if (on_device)
    switch (umap)
      {
      case umap_abs:
        return gw1 (ovl ("unary", "abs", "abs", self));
      case umap_sqrt:
        return gw1 (ovl ("unary", "sqrt", "sqrt", self));
      case umap_exp:
        return gw1 (ovl ("unary", "exp", "exp", self));
      case umap_log:
        return gw1 (ovl ("unary", "log", "log", self));
      case umap_real:
      case umap_imag:
      case umap_conj:
        {
          /* through the host (gather, compute, upload): simple rather than fast, as before */
          octave_value h = gather (self).map (umap);
          return gw1 (ovl ("upload", "gpumat", h));
        }
      default:
        break;
      }
  /* Everything else (isnan, floor, sin, ..., and every mapper of integer and complex data)
     as Octave computes it on the host array, the result uploaded (logical results stay
     logical). */
  if (umap != umap_real && umap != umap_imag && umap != umap_conj)
    note_host_fallback (get_umap_name (umap));
  return upload_host (gather (self).map (umap));
}

/* ---- indexing ----------------------------------------------------------------------------- */

/* The size of the array as n dimensions: dimensions past n folded into the n-th. */
static dim_vector fold_dims (const dim_vector& dv, int n)
{
  dim_vector r = dv.redim (n);
  return r;
}

/* The subscripts of one index argument for the gateway: ':' or 1-based doubles, and its
   count.  Logical masks (host, or gpumat gathered) become their positions. */
static octave_value subscript (const octave_value& arg, octave_idx_type extent_limit,
                               octave::idx_vector& iv)
{
  octave_value a = arg;
  if (is_gpumat (a))
    a = gather (a);
  iv = a.index_vector ();
  if (iv.is_colon ())
    return octave_value (":");
  const octave_idx_type n = iv.length (extent_limit);
  NDArray d (dim_vector (1, n));
  for (octave_idx_type k = 0; k < n; k++)
    d(k) = double (iv.xelem (k) + 1);
  return d;
}

/* subscript (), with a bad subscript's position set as octave_base_matrix does (k of n) */
static octave_value subscript_at (const octave_value& arg, octave_idx_type len,
                                  octave::idx_vector& iv, int n, int k)
{
  try
    {
      return subscript (arg, len, iv);
    }
  catch (octave::index_exception& e)
    {
      e.set_pos_if_unset (n, k + 1);
      throw;
    }
}

octave_value octave_gpumat::subsref (const std::string& type,
                                     const std::list<octave_value_list>& idx)
{
  octave_value_list r = subsref (type, idx, 1);
  return r.length () > 0 ? r(0) : octave_value ();
}


octave_value_list octave_gpumat::subsref (const std::string& type,
                                          const std::list<octave_value_list>& idx, int nargout)
{
  octave_value_list retval;
  std::size_t skip = 1;
  switch (type[0])
    {
    case '(':
      retval = index_op (*this, idx.front ());
      break;
    case '.':
      {
        /* gpumat.zeros (3) etc.: `gpumat` is a function called with no argument, whose empty
           result is indexed with .zeros and then (3); G.desc is the descriptor (internal, for
           the tests). */
        std::string name = idx.front ()(0).string_value ();
        if (name == "desc")
          {
            retval = ovl (descriptor_struct ());
            break;
          }
        static const char *makers[] = {"zeros", "ones", "eye", "rand", "randn"};
        bool found = false;
        for (const char *m : makers)
          found = found || name == m;
        if (! found)
          error_with_id ("gpumat:index:unsupported",
                         "gpumat cannot be indexed with .%s (a gpumat array has no fields; "
                         "gpumat.zeros, .ones, .eye, .rand and .randn make arrays)",
                         name.c_str ());
        octave_value_list args;
        if (type.size () > 1 && type[1] == '(')
          {
            auto it = idx.begin ();
            args = *(++it);
            skip = 2;
          }
        octave_value_list fargs (args.length () + 1);
        fargs(0) = name;
        for (octave_idx_type k = 0; k < args.length (); k++)
          fargs(k + 1) = args(k);
        retval = octave::feval ("gpumat", fargs, 1);
        break;
      }
    default:
      /* Octave's own words for a matrix ("matrix cannot be indexed with {"), no identifier */
      error ("gpumat cannot be indexed with %c", type[0]);
    }
  if (idx.size () > skip && retval.length () > 0)
    {
      retval = retval(0).next_subsref (nargout, type, idx, skip);
    }
  return retval;
}

/* G(I1, ..., In): Octave's result size, then the gateway's "index". */
octave_value_list index_op (const octave_gpumat& g, const octave_value_list& ix)
{
  const int n = ix.length ();
  if (n == 0)
    return ovl (octave_value (g.clone ()));
  const dim_vector dv = g.m_dims;
  const dim_vector fd = n == 1 ? dim_vector (dv.numel (), 1) : fold_dims (dv, n);
  octave_value_list args (3 + n);
  args(0) = "index";
  args(1) = "index";
  /* a view G' goes as it is: "index" reads it where it lies (mex/gw_index.c) */
  args(2) = self_value (g);
  dim_vector rd;
  std::vector<octave::idx_vector> ivs (n);
  /* Bad subscripts (0, 1.5, -1) and subscripts past the end raise Octave's own
     index_exception here, before any device call; the evaluator names the variable in the
     message as for a host array ("G(_,5): out of bound 4 (dimensions are 4x4)"). */
  for (int k = 0; k < n; k++)
    {
      const octave_idx_type len = n == 1 ? dv.numel () : fd(k);
      args(3 + k) = subscript_at (ix(k), len, ivs[k], n, k);
      const octave_idx_type ext = ivs[k].extent (len);
      if (ext > len)
        octave::err_index_out_of_range (n, k + 1, ext, len, dv);
    }
  if (n == 1)
    {
      /* Octave's Array<T>::index rule: a colon gives a column; otherwise the index's shape,
         except that a vector indexed by a vector keeps the source's orientation. */
      const octave::idx_vector& i = ivs[0];
      const octave_idx_type len = i.length (dv.numel ());
      if (i.is_colon ())
        rd = dim_vector (dv.numel (), 1);
      else
        {
          rd = i.orig_dimensions ();
          if (dv.ndims () == 2 && dv.numel () != 1 && rd.isvector ())
            {
              if (dv(1) == 1)
                rd = dim_vector (len, 1);
              else if (dv(0) == 1)
                rd = dim_vector (1, len);
            }
        }
    }
  else
    {
      rd.resize (n);
      for (int k = 0; k < n; k++)
        rd(k) = ivs[k].length (fd(k));
      rd.chop_trailing_singletons ();
    }
  RowVector od (rd.ndims ());
  for (int k = 0; k < rd.ndims (); k++)
    od(k) = rd(k);
  octave_value_list gargs (3 + n + 1);
  gargs(0) = "index";
  gargs(1) = "index";
  gargs(2) = args(2);
  gargs(3) = od;
  for (int k = 0; k < n; k++)
    gargs(4 + k) = args(3 + k);
  return call_gateway (gargs, 1);
}

/* The complement of the positions iv selects among 0..n-1, as 1-based doubles. */
static NDArray complement (const octave::idx_vector& iv, octave_idx_type n)
{
  std::vector<bool> del (n, false);
  const octave_idx_type len = iv.length (n);
  for (octave_idx_type k = 0; k < len; k++)
    {
      octave_idx_type e = iv.xelem (k);
      if (e >= n)
        octave::err_del_index_out_of_range (false, e + 1, n);
      del[e] = true;
    }
  std::vector<double> keep;
  for (octave_idx_type k = 0; k < n; k++)
    if (! del[k])
      keep.push_back (double (k + 1));
  NDArray d (dim_vector (1, keep.size ()));
  for (std::size_t k = 0; k < keep.size (); k++)
    d(k) = keep[k];
  return d;
}

/* G(I...) = [] : Octave's deletion rules (Array<T>::delete_elements of liboctave 7.3): one
   index deletes linearly (a literal colon gives 0x0; a column keeps its orientation, anything
   else becomes a row); several indices need all but one to be a literal colon (or to cover
   their dimension), all literal colons give a 0 first dimension, and an index that selects
   nothing changes nothing.  Done by "index" with the kept positions, all dimensions given. */
static octave_value delete_elements (const octave_gpumat& g, const octave_value_list& ix)
{
  const int n = ix.length ();
  const dim_vector dv = g.m_dims;
  octave_value self = self_value (g);       /* "index" reads a view where it lies */
  if (n == 1)
    {
      octave::idx_vector iv;
      subscript_at (ix(0), dv.numel (), iv, 1, 0);
      const octave_idx_type total = dv.numel ();
      if (iv.is_colon ())
        return gw1 (ovl ("index", "index", self, RowVector (2, 0.0), NDArray (dim_vector (1, 0))));
      if (iv.length (total) == 0)
        return self;
      if (iv.extent (total) != total)
        octave::err_del_index_out_of_range (true, iv.extent (total), total);
      NDArray keep = complement (iv, total);
      const octave_idx_type m = keep.numel ();
      const bool col_vec = dv.ndims () == 2 && dv(1) == 1 && dv(0) != 1;
      octave_idx_type l, u;
      dim_vector rd;
      if (iv.is_cont_range (total, l, u))
        rd = col_vec ? dim_vector (m, 1) : dim_vector (1, m);     /* a row, or a column */
      else if (dv.ndims () == 2 && (dv(0) == 1 || dv(1) == 1))
        rd = dv(1) == 1 ? dim_vector (m, 1) : dim_vector (1, m);  /* the vector's own way */
      else
        {
          /* index (complement): a column; an N-D vector keeps its one long dimension
             (measured on Octave 7.3: ones (1,1,5) with ([1 3]) = [] is 1x1x3) */
          int long_dims = 0, which_dim = 0;
          for (int k = 0; k < dv.ndims (); k++)
            if (dv(k) != 1)
              long_dims++, which_dim = k;
          rd = dim_vector (m, 1);
          if (long_dims == 1)
            {
              rd = dv;
              rd(which_dim) = m;
            }
        }
      RowVector od (rd.ndims ());
      for (int k = 0; k < rd.ndims (); k++)
        od(k) = rd(k);
      return gw1 (ovl ("index", "index", self, od, keep));
    }
  const int nd = std::max (n, int (dv.ndims ()));
  dim_vector full = dv.redim (nd);
  std::vector<octave::idx_vector> ivs (n);
  int which = -1;
  bool literal_colons = true, selects_nothing = false;
  for (int k = 0; k < n; k++)
    {
      const octave_idx_type len = k < dv.ndims () ? dv(k) : 1;
      subscript_at (ix(k), len, ivs[k], n, k);
      if (! ivs[k].is_colon ())
        {
          literal_colons = false;
          if (which < 0)
            which = k;
        }
      if (ivs[k].length (len) == 0)
        selects_nothing = true;
    }
  RowVector od (nd);
  for (int k = 0; k < nd; k++)
    od(k) = full(k);
  octave_value_list args (4 + nd);
  args(0) = "index";
  args(1) = "index";
  args(2) = self;
  for (int k = 0; k < nd; k++)
    args(4 + k) = octave_value (":");
  if (literal_colons)
    {
      od(0) = 0;
      args(4) = NDArray (dim_vector (1, 0));
    }
  else
    {
      int only = -1, count = 0;
      for (int k = 0; k < n; k++)
        if (! ivs[k].is_colon ())
          only = k, count++;
      if (count > 1)
        {
          /* Octave 7.3: more than one index that is not a literal colon is an error, unless
             one of them selects nothing (then nothing changes) */
          if (selects_nothing)
            return self;
          error ("a null assignment can only have one non-colon index");
        }
      if (only >= dv.ndims () && n != 1)
        error ("invalid dimension in delete_elements");
      const octave_idx_type len = dv(only);
      if (ivs[only].extent (len) != len)
        octave::err_del_index_out_of_range (false, ivs[only].extent (len), len);
      NDArray keep = complement (ivs[only], len);
      od(only) = keep.numel ();
      args(4 + only) = keep;
    }
  dim_vector rd;
  rd.resize (nd);
  for (int k = 0; k < nd; k++)
    rd(k) = od(k);
  rd.chop_trailing_singletons ();
  RowVector odc (rd.ndims ());
  for (int k = 0; k < rd.ndims (); k++)
    odc(k) = rd(k);
  args(3) = odc;
  return gw1 (args);
}

/* The sizes the colons of A(I1, ..., In) = V take when A's dimensions are all zero: Octave
   7.3's zero_dims_inquire (liboctave/array/Array-util.cc), both forms, transcribed; only the
   entries of colons are used (the others are the subscripts' extents). */
static dim_vector zero_dims_inquire (const std::vector<octave::idx_vector>& ia,
                                     const dim_vector& rhdv)
{
  const int ial = ia.size ();
  dim_vector rdv;
  rdv.resize (std::max (ial, 2), 1);
  if (ial == 2)
    {
      const bool icol = ia[0].is_colon (), jcol = ia[1].is_colon ();
      if (icol && jcol && rhdv.ndims () == 2)
        {
          rdv(0) = rhdv(0);
          rdv(1) = rhdv(1);
        }
      else if (rhdv.ndims () == 2 && ! ia[0].is_scalar () && ! ia[1].is_scalar ())
        {
          rdv(0) = icol ? rhdv(0) : ia[0].extent (0);
          rdv(1) = jcol ? rhdv(1) : ia[1].extent (0);
        }
      else
        {
          dim_vector rhdv0 = rhdv;
          rhdv0.chop_all_singletons ();
          int k = 0;
          rdv(0) = ia[0].extent (0);
          if (icol)
            rdv(0) = rhdv0(k++);
          else if (! ia[0].is_scalar ())
            k++;
          rdv(1) = ia[1].extent (0);
          if (jcol)
            rdv(1) = rhdv0(k++);
        }
      return rdv;
    }
  int nonsc = 0;
  bool all_colons = true;
  for (int i = 0; i < ial; i++)
    {
      if (! ia[i].is_scalar ())
        nonsc++;
      if (! ia[i].is_colon ())
        rdv(i) = ia[i].extent (0);
      all_colons = all_colons && ia[i].is_colon ();
    }
  if (all_colons)
    {
      for (int i = 0; i < ial; i++)
        rdv(i) = i < rhdv.ndims () ? rhdv(i) : 1;
    }
  else if (nonsc == rhdv.ndims ())
    {
      for (int i = 0, j = 0; i < ial; i++)
        {
          if (ia[i].is_scalar ())
            continue;
          if (ia[i].is_colon ())
            rdv(i) = rhdv(j);
          j++;
        }
    }
  else
    {
      dim_vector rhdv0 = rhdv;
      rhdv0.chop_all_singletons ();
      const int rhdv0l = rhdv0.ndims ();
      for (int i = 0, j = 0; i < ial; i++)
        {
          if (ia[i].is_scalar ())
            continue;
          if (ia[i].is_colon ())
            rdv(i) = j < rhdv0l ? rhdv0(j++) : 1;
        }
    }
  return rdv;
}

/* A(I, J) = V whose selection does not match V while both are empty: Octave 7.3's
   Array<T>::assign (the two-index form) then changes nothing.  RDV: the
   size A would take (the subscripts' extents, or zero_dims_inquire). */
static bool both_empty_mismatch (const std::vector<octave::idx_vector>& ia, const dim_vector& rdv,
                                 const dim_vector& rhs_dims)
{
  const int ial = ia.size ();
  if (rhs_dims.numel () == 1)
    return false;                                   /* a fill always matches */
  bool lhsempty = false;
  for (int i = 0; i < ial; i++)
    lhsempty = lhsempty || ia[i].length (rdv(i)) == 0;
  if (! lhsempty)
    return false;
  if (ial == 2)
    {
      const octave_idx_type il = ia[0].length (rdv(0)), jl = ia[1].length (rdv(1));
      dim_vector rhdv = rhs_dims;
      rhdv.chop_all_singletons ();                  /* as Octave: 1x0 is compared as 0x1 */
      const bool match = (rhdv.ndims () == 2 && il == rhdv(0) && jl == rhdv(1))
                         || (il == 1 && jl == rhdv(0) && rhdv(1) == 1);
      return ! match && (rhdv(0) == 0 || rhdv(1) == 0);
    }
  /* three or more subscripts: Octave's test reads V's dimensions past their count (rhdv(j++)
     in the N-index form), so its answer is not modelled here; the gateway decides */
  return false;
}

octave_value octave_gpumat::subsasgn (const std::string& type,
                                      const std::list<octave_value_list>& idx,
                                      const octave_value& rhs_in)
{
  if (type[0] != '(')
    error ("gpumat cannot be indexed with %c", type[0]);     /* Octave's words, no id */
  if (idx.size () != 1)
    error_with_id ("gpumat:index:unsupported",
                   "gpumat: only G(I, ...) = V assignment is supported for gpumat arrays");
  const octave_value_list& ix = idx.front ();
  const int n = ix.length ();
  if (n == 0)
    error_with_id ("Octave:index-out-of-bounds", "=: nonconformant arguments (no index)");
  /* G(I) = [] deletes, as do G(I) = "" and G(I) = '': Octave deletes for the null values a
     literal makes (its null-assign operators), not for a 0x0 array held in a variable
     (x = []; A(1) = x is "=: nonconformant arguments (op1 is 1x1, op2 is 0x0)"). */
  if (rhs_in.isnull ())
    return delete_elements (*this, ix);

  octave_value rhs = rhs_in;
  octave_value self = self_value (*this);
  /* Octave 7.3's class of A after A(I) = V (measured): A keeps its class (a logical A with a
     double or integer V stays logical, V's nonzeros becoming true; a double A stays double
     with a single or integer V), except that a logical A becomes double with a single V, and
     real A becomes complex with a complex V.  A complex V into a real A is refused
     (gpumat:index:unsupportedClass): the gateway has no real-to-complex conversion of a
     gpumat array in place, and a silent gather would hide a transfer. */
  const bool rhs_complex = is_gpumat (rhs) ? rep (rhs).m_complex : rhs.iscomplex ();
  const std::string rhs_cls = is_gpumat (rhs) ? rep (rhs).m_cls : rhs.class_name ();
  if (rhs_complex && ! m_complex)
    {
      /* A real A taking complex values becomes complex: Octave's own assignment on the host,
         the result uploaded (no real-to-complex widening of a gpumat array in place yet) */
      note_host_fallback ("complex assignment into a real gpumat array");
      octave_value h = gather (self);
      h.assign (octave_value::op_asn_eq, type, idx, is_gpumat (rhs) ? gather (rhs) : rhs);
      return upload_host (h);
    }
  if (m_cls == "logical" && rhs_cls == "single")
    self = gw1 (ovl ("convert", "index", "double", self));

  /* a view is laid out first: the block it shares is its parent's, stored transposed */
  if (rep (self).m_op != 0)
    self = gw1 (ovl ("copy", "index", self));
  /* the subscripts, and the size G must grow to */
  const octave_gpumat *g = &rep (self);
  dim_vector dv = g->m_dims;
  octave_value_list sub (n);
  std::vector<octave::idx_vector> ivs (n);
  dim_vector need = dv;
  if (n == 1)
    {
      sub(0) = subscript_at (ix(0), dv.numel (), ivs[0], 1, 0);
      const octave_idx_type ext = ivs[0].extent (dv.numel ());
      if (ext > dv.numel ())
        {
          /* Octave's Array<T>::resize1: 0xN and 1xN arrays grow into a row (0x0, 0x3 and
             0x1 included), other Nx1 ones into a column; a matrix or an N-D array cannot
             grow through one subscript (A(7) = 1 for a 2x2 A). */
          if (dv.ndims () == 2 && (dv(0) == 0 || dv(0) == 1))
            need = dim_vector (1, ext);
          else if (dv.ndims () == 2 && dv(1) == 1)
            need = dim_vector (ext, 1);
          else
            octave::err_invalid_resize ();
        }
    }
  else
    {
      need = fold_dims (dv, n);
      dim_vector fd = need;
      /* every subscript first: the sizes a colon takes on an empty A depend on the others */
      for (int k = 0; k < n; k++)
        sub(k) = subscript_at (ix(k), fd(k), ivs[k], n, k);
      const dim_vector inquired
        = dv.all_zero () ? zero_dims_inquire (ivs, is_gpumat (rhs) ? rep (rhs).m_dims : rhs.dims ())
                         : dim_vector ();
      for (int k = 0; k < n; k++)
        {
          if (ivs[k].is_colon ())
            {
              /* A(:, j) = V on an all-zero A takes the colon's size from V */
              if (dv.all_zero ())
                need(k) = inquired(k);
              continue;
            }
          const octave_idx_type ext = ivs[k].extent (fd(k));
          if (ext > need(k))
            need(k) = ext;
        }
      /* Octave assigns (and grows) only when the selection matches V; otherwise both sides
         empty is a silent no-op, not a growth (A = zeros (1, 0); A([1 2], :) = zeros (1, 0)
         leaves 1x0), and anything else is the gateway's nonconformant error */
      if (both_empty_mismatch (ivs, need, is_gpumat (rhs) ? rep (rhs).m_dims : rhs.dims ()))
        return self_value (*this);
      /* fewer subscripts than dimensions: growing past the folded size is Octave's invalid
         resize (A(5, 3) = 1 on 3x4x5; an all-zero N-D A, which Octave 7.3 sometimes grows
         through a colon, is refused here too); without growth the array keeps its own
         dimensions, not the folded ones (G(2, 20) = 7 on a 3x4x5 G writes in place, where
         comparing 3x20 with 3x4x5 resized it) */
      if (n < dv.ndims () && need != fd)
        octave::err_invalid_resize ();
      if (n < dv.ndims ())
        need = dv;
      need.chop_trailing_singletons ();
    }
  if (need != dv)
    {
      RowVector nd (need.ndims ());
      for (int k = 0; k < need.ndims (); k++)
        nd(k) = need(k);
      self = gw1 (ovl ("resize", "index", self, nd));
    }
  else if (g->m_owner && g->m_owner.use_count () > 1)
    {
      /* copy on write: the block is shared with another array or a view, or this is a view */
      self = gw1 (ovl ("copy", "index", self));
    }
  octave_value_list args (4 + n);
  args(0) = "assign";
  args(1) = "index";
  args(2) = self;
  args(3) = rhs;
  for (int k = 0; k < n; k++)
    args(4 + k) = sub(k);
  call_gateway (args, 0);
  if (rep (self).m_complex && ! rhs_complex)
    {
      /* Octave narrows a complex array whose imaginary parts are all zero after an
         assignment (a = [1+1i 2]; a(1) = 5 is real): the gateway's index narrows the same
         way, so the array is read once through it */
      const dim_vector d = rep (self).m_dims;
      RowVector od (d.ndims ());
      for (int k = 0; k < d.ndims (); k++)
        od(k) = d(k);
      self = gw1 (ovl ("index", "index", self, od, octave_value (":")));
    }
  return self;
}

/* ---- display ------------------------------------------------------------------------------ */

/* Arrays up to this many elements show their values (gathered), as MATLAB shows a gpuArray's;
   larger ones their size and class only, so that typing a name never moves gigabytes. */
static const octave_idx_type display_limit = 1000;

static std::string summary (const octave_gpumat& g)
{
  std::string cls = g.m_complex ? "complex " + g.m_cls : g.m_cls;
  return g.m_dims.str ('x') + " " + cls + " gpumat array, on the GPU";
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
  if (h.islogical ())
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
how many arrays share G's device block.\n\
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
        {
          /* dot (x, y) of two gpumat vectors of one length (@gpumat/dot.m): the shape checks
             here, not in Octave code, where they cost 37 us a call (bench/NOTES-value-type.md);
             anything else is gpumat_dot's, with its checks and errors. */
          if (is_gpumat (args(1)) && is_gpumat (args(2)))
            {
              const dim_vector& dx = rep (args(1)).m_dims;
              const dim_vector& dy = rep (args(2)).m_dims;
              const octave_idx_type n = dx.numel ();
              if (dx.ndims () == 2 && dy.ndims () == 2 && (dx(0) == 1 || dx(1) == 1)
                  && (dy(0) == 1 || dy(1) == 1) && dy.numel () == n)
                {
                  RowVector pages (2, 1.0);
                  return call_gateway (ovl ("dot", "gpumat_dot", args(1), args(2), 1.0,
                                            double (n), 1.0, pages), 1);
                }
            }
          return octave::feval ("gpumat_dot", ovl (args(1), args(2)), 1);
        }
      if (cmd == "transpose" && args.length () == 3 && is_gpumat (args(1)))
        return ovl (rep (args(1)).transposed (args(2).int_value ()));
    }
  return call_gateway (args, nargout);
}
