/* gpumat_value_direct.cc: the value type's direct path.  The hot operations on gpumat arrays
 * call the runtime library's C API (kernels/gpumat.h, libgpumat.so) from here: no feval, no
 * MEX call, no descriptor.  Measured on the H200's host (bench/NOTES-value-type.md), 16x16
 * arrays: G + H 7.2 us here against 13.9 through the gateway, G * H 7.2 against 13.9, gather
 * 19.1 against 24.0.
 *
 * One runtime: the gateway (__gpumat__.mex) and this oct-file link the same libgpumat.so,
 * found beside them (rpath $ORIGIN), so a device block made by either is valid in the other.
 * That is checked once, not assumed: the gateway's ("runtime") names its copy of the library
 * (gm_runtime_instance), and this path is taken only when it is the copy linked here.  Without
 * a GPU, against the host mock of tests/mock, or against a gateway of another build, every
 * call goes to the gateway as before.
 *
 * What it takes (direct_call): the common cases only, with the gateway's own rules and C
 * functions, so the results are the same bits:
 *   binary   + - .* ./ < <= > >= == ~= max min mod rem atan2 hypot of real double/single
 *            gpumat arrays (a real double/single host scalar allowed on either side), same
 *            size or broadcast;
 *   unary    the mappers whose result is real for every real input (uminus, abs, exp,
 *            floor, sin, ..., isnan: gm_unop_describe) of a real double/single gpumat array;
 *   mul      G * H, G' * H, G * H' of real double/single 2-D arrays of one class, views as op
 *            flags, a scalar operand scaling the other;
 *   dot      dot (v, w) of two real vectors of one class;
 *   reduce   sum, mean, max, min (one output) of a real double/single gpumat array;
 *   gather   a gpumat array of any class up to GATHER_DIRECT_BYTES (larger ones take the
 *            gateway's parallel, huge-page copy);
 *   upload   a double, single, integer, logical or complex host array (logical stays logical);
 *   index    G(I1, ..., In) of a real array of any class where each subscript is a colon, a
 *            scalar or a contiguous range (G(:, j), G(a:b, :), G(k)): one gm_index_gather;
 *   assign   G(i, j, ...) = s of one element of a real double or single array, s a real host
 *            scalar: one queued 4- or 8-byte upload;
 *   free     the blocks of gpumat values that died (gm_device_free);
 *   sync     gpumat_sync: gm_sync, the gateway's on any error.
 * The operators (G + H, G * H, -G, abs (G), ...) and indexing call their rows with Octave's
 * operator and operands (direct_binary_operator, direct_product, direct_index, ...), and the hot
 * methods dot, sum, mean, max, min and norm theirs (direct_dot_vectors, direct_reduction,
 * direct_vector_norm2): no command list is built or matched on their road.
 * Everything else, and any case where the C API reports an error before a result exists,
 * declines (returns false): the gateway then does the work and raises the identified error
 * with its messages.  Nothing waits that the gateway would not wait for: results stay on the
 * device, work is queued on stream 0 in call order (one stream: kernels/memory.cu).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat_value.h"
#include "gpumat.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace
{
  /* Gathers up to this many bytes here; larger ones in the gateway (see the header). */
  const std::size_t GATHER_DIRECT_BYTES = std::size_t (1) << 20;

  /* -1: not asked yet; 0: the gateway's runtime is another (or none); 1: the same */
  int direct_state = -1;
  /* __gpumat_call__ ("direct", false) turns the path off for tests and benchmarks */
  bool direct_enabled = true;
  /* calls the direct path computed (tests/direct_check.m reads it to know it was taken) */
  double direct_calls = 0;

  struct device_operand
  {
    const void *ptr = nullptr;
    gm_class cls = GM_DOUBLE;
    int view = 0;
    int nd = 0;
    int64_t dims[GM_MAX_DIMS] = {0};
    int64_t numel = 0;
    bool host_scalar = false;
    double host_value = 0;              /* the host scalar, in cls */
  };

  /* cls "double"/"single" of a real gpumat array (complex too with allow_complex: cls then
     GM_COMPLEX_DOUBLE/SINGLE), owned, non-empty, live on device 0 */
  bool read_gpumat (const octave_value& v, device_operand& o, bool allow_view,
                    bool allow_complex = false)
  {
    if (! is_gpumat (v))
      return false;
    const octave_gpumat& g = rep (v);
    if ((g.m_complex && ! allow_complex) || ! g.m_owner || (g.m_op != 0 && ! allow_view))
      return false;
    if (g.m_cls == "double")
      o.cls = g.m_complex ? GM_COMPLEX_DOUBLE : GM_DOUBLE;
    else if (g.m_cls == "single")
      o.cls = g.m_complex ? GM_COMPLEX_SINGLE : GM_SINGLE;
    else
      return false;
    const dim_vector& dv = g.m_dims;
    if (dv.ndims () > GM_MAX_DIMS)
      return false;
    o.nd = dv.ndims ();
    o.numel = 1;
    for (int d = 0; d < o.nd; d++)
      {
        o.dims[d] = dv(d);
        o.numel *= dv(d);
      }
    if (o.numel == 0)
      return false;
    o.ptr = reinterpret_cast<const void *> (static_cast<uintptr_t> (g.m_ptr));
    o.view = g.m_op;
    /* a live block of this runtime on device 0, the device every call here runs on */
    return gm_device_of (o.ptr) == 0;
  }

  /* a real double or single host scalar (not logical, not char) */
  bool read_host_scalar (const octave_value& v, device_operand& o)
  {
    if (is_gpumat (v) || v.numel () != 1 || v.iscomplex () || ! v.isfloat () || v.issparse ()
        || v.isobject ())
      return false;
    o.cls = v.is_single_type () ? GM_SINGLE : GM_DOUBLE;
    o.host_scalar = true;
    o.host_value = v.double_value ();
    o.nd = 2;
    o.dims[0] = o.dims[1] = 1;
    o.numel = 1;
    return true;
  }

  const char *octave_class (gm_class cls)
  {
    return cls == GM_SINGLE ? "single" : cls == GM_UINT8 ? "logical" : "double";
  }

  /* A new gpumat array owning d_ptr (bytes long), of Octave class `cls` */
  octave_value owned_result (void *d_ptr, std::size_t bytes, int nd, const int64_t *dims,
                             const std::string& cls, bool cplx = false)
  {
    dim_vector dv;
    dv.resize (nd < 2 ? 2 : nd);
    for (int d = 0; d < dv.ndims (); d++)
      dv(d) = d < nd ? dims[d] : 1;
    const uint64_t p = static_cast<uint64_t> (reinterpret_cast<uintptr_t> (d_ptr));
    std::shared_ptr<block_owner> owner;
    try
      {
        owner = std::make_shared<block_owner> (p, bytes);
      }
    catch (...)
      {
        gm_device_free (d_ptr);
        throw;
      }
    return octave_value (new octave_gpumat (p, dv, cls, cplx, 0, owner));
  }

  /* A device block holding a host scalar's value for one call (freed to the cache once the
     work that reads it is queued: its next owner's work queues after it, on stream 0). */
  struct scalar_block
  {
    void *ptr = nullptr;
    ~scalar_block () { gm_device_free (ptr); }
    bool upload (const device_operand& o)
    {
      const std::size_t bytes = gm_class_size (o.cls);
      const float f = static_cast<float> (o.host_value);
      if (gm_device_alloc (&ptr, bytes) != GM_OK)
        return false;
      return gm_copy_to_device_async (ptr, o.cls == GM_SINGLE ? static_cast<const void *> (&f)
                                                                : &o.host_value,
                                      bytes) == GM_OK;
    }
  };

  /* A result block; freed unless kept */
  struct result_block
  {
    void *ptr = nullptr;
    std::size_t bytes = 0;
    ~result_block () { gm_device_free (ptr); }
    bool alloc (std::size_t n) { bytes = n; return gm_device_alloc (&ptr, n) == GM_OK; }
    void *keep () { void *p = ptr; ptr = nullptr; return p; }
  };

  bool name_is (const octave_value& v, const char *name)
  {
    return v.is_string () && v.string_value () == name;
  }

  /* ---- binary ----------------------------------------------------------------------------- */
  /* The ops the direct path takes: .^ asks the device whether the result turns complex, & | xor
     whether an operand holds NaN (Octave's error): both wait for the answer, in the gateway. */
  bool direct_binop (gm_binop op)
  {
    return op >= 0 && op < GM_BIN_COUNT && op != GM_BIN_POW && op != GM_BIN_AND
           && op != GM_BIN_OR && op != GM_BIN_XOR;
  }

  bool binary_op (gm_binop op, const octave_value& x, const octave_value& y, octave_value& out)
  {
    if (! direct_binop (op))
      return false;
    device_operand a, b;
    if (! (read_gpumat (x, a, false) || read_host_scalar (x, a))
        || ! (read_gpumat (y, b, false) || read_host_scalar (y, b))
        || (a.host_scalar && b.host_scalar))
      return false;
    int nd;
    int64_t dims[GM_MAX_DIMS];
    gm_class cls;
    if (gm_broadcast_dims (a.nd, a.dims, b.nd, b.dims, &nd, dims) != GM_OK
        || gm_binop_result_class (op, a.cls, b.cls, &cls) != GM_OK)
      return false;
    std::size_t count = 1;
    for (int d = 0; d < nd; d++)
      if (gm_mul_size (count, static_cast<std::size_t> (dims[d]), &count) != GM_OK)
        return false;
    std::size_t bytes;
    if (count == 0 || gm_mul_size (count, gm_class_size (cls), &bytes) != GM_OK)
      return false;
    /* a host scalar times an array of its own class: the scalar goes to the kernel by value
       (the upload cost 3-4 us of `2 * G`'s 9.7 on the H200); x * s and s * x round alike */
    if (op == GM_BIN_MUL && a.host_scalar != b.host_scalar)
      {
        const device_operand& s = a.host_scalar ? a : b;
        const device_operand& g = a.host_scalar ? b : a;
        if (s.cls == g.cls && cls == g.cls)
          {
            result_block r;
            if (! r.alloc (bytes)
                || gm_scale_value (cls, static_cast<int64_t> (count), s.host_value, g.ptr, r.ptr,
                                   0) != GM_OK)
              return false;
            out = owned_result (r.keep (), bytes, nd, dims, octave_class (cls));
            return true;
          }
      }
    scalar_block sa, sb;
    if ((a.host_scalar && ! sa.upload (a)) || (b.host_scalar && ! sb.upload (b)))
      return false;
    result_block r;
    if (! r.alloc (bytes)
        || gm_binary (op, a.cls, a.nd, a.dims, a.host_scalar ? sa.ptr : a.ptr,
                      b.cls, b.nd, b.dims, b.host_scalar ? sb.ptr : b.ptr, r.ptr, 0) != GM_OK)
      return false;
    out = owned_result (r.keep (), bytes, nd, dims, octave_class (cls));
    return true;
  }

  bool direct_binary (const octave_value_list& args, int, octave_value_list& out)
  {
    if (args.length () != 5 || ! args(2).is_string ())
      return false;
    const std::string name = args(2).string_value ();
    for (int k = 0; k < GM_BIN_COUNT; k++)
      if (name == gm_binop_name (static_cast<gm_binop> (k)))
        {
          octave_value r;
          if (! binary_op (static_cast<gm_binop> (k), args(3), args(4), r))
            return false;
          out = ovl (r);
          return true;
        }
    return false;
  }

  /* ---- unary ------------------------------------------------------------------------------ */
  /* The ops whose result is real for every real input (gm_unop_describe); sqrt, log, asin, ...
     ask the device whether the result turns complex (a wait): the gateway's. */
  bool unary_op (gm_unop op, const octave_value& x, octave_value& out)
  {
    const gm_unop_info *info = gm_unop_describe (op);
    if (! info || info->domain != GM_DOMAIN_ALL)
      return false;
    device_operand a;
    if (! read_gpumat (x, a, false))
      return false;
    const gm_class cls = info->logical_result ? GM_UINT8 : a.cls;
    result_block r;
    const std::size_t bytes = a.numel * gm_class_size (cls);
    if (! r.alloc (bytes) || gm_unary (op, a.cls, a.numel, a.ptr, r.ptr, 0) != GM_OK)
      return false;
    out = owned_result (r.keep (), bytes, a.nd, a.dims, octave_class (cls));
    return true;
  }

  bool direct_unary (const octave_value_list& args, int, octave_value_list& out)
  {
    if (args.length () != 4 || ! args(2).is_string ())
      return false;
    const std::string name = args(2).string_value ();
    for (int k = 0; k < GM_UN_COUNT; k++)
      if (name == gm_unop_name (static_cast<gm_unop> (k)))
        {
          octave_value r;
          if (! unary_op (static_cast<gm_unop> (k), args(3), r))
            return false;
          out = ovl (r);
          return true;
        }
    return false;
  }

  /* ---- mul -------------------------------------------------------------------------------- */
  /* op (X) * op (Y), ta / tb: whether the user's operation transposes X / Y (real data: ' and
     .' are one).  A real double or single host scalar times a gpumat array (or the other way)
     is their element-wise product, Octave's rule for a scalar factor, bit for bit. */
  bool mul_op (const octave_value& x, bool ta, const octave_value& y, bool tb,
               octave_value& out)
  {
    if (! ta && ! tb && (is_gpumat (x) != is_gpumat (y)))
      return binary_op (GM_BIN_MUL, x, y, out);
    device_operand a, b;
    if (! read_gpumat (x, a, true) || ! read_gpumat (y, b, true)
        || a.cls != b.cls || a.nd != 2 || b.nd != 2)
      return false;
    const gm_class cls = a.cls;
    /* the stored operation: a view of real data is its parent read transposed, and a
       transpose of a view reads the parent as it is */
    const gm_op sa = (a.view != 0) != ta ? GM_OP_TRANSPOSE : GM_OP_NONE;
    const gm_op sb = (b.view != 0) != tb ? GM_OP_TRANSPOSE : GM_OP_NONE;
    /* the sizes of op(A) and op(B) */
    if (ta)
      std::swap (a.dims[0], a.dims[1]);
    if (tb)
      std::swap (b.dims[0], b.dims[1]);
    const int64_t m = a.dims[0], k = a.dims[1], n = b.dims[1];
    const bool a_scalar = a.numel == 1, b_scalar = b.numel == 1;
    int64_t rows, cols;
    if (a_scalar || b_scalar)
      {
        /* s * B: B laid out as its size (a view of a matrix needs the gateway's layout step) */
        const device_operand& other = a_scalar ? b : a;
        if ((a_scalar ? sb : sa) != GM_OP_NONE && other.dims[0] > 1 && other.dims[1] > 1)
          return false;
        rows = other.dims[0];
        cols = other.dims[1];
      }
    else
      {
        if (k != b.dims[0])
          return false;                 /* the gateway's nonconformant error */
        rows = m;
        cols = n;
      }
    std::size_t count, bytes;
    if (gm_mul_size (static_cast<std::size_t> (rows), static_cast<std::size_t> (cols), &count)
        != GM_OK || count == 0 || gm_mul_size (count, gm_class_size (cls), &bytes) != GM_OK)
      return false;
    result_block r;
    if (! r.alloc (bytes))
      return false;
    gm_status st;
    if (a_scalar || b_scalar)
      st = gm_scale (cls, static_cast<int64_t> (count), a_scalar ? a.ptr : b.ptr,
                     a_scalar ? b.ptr : a.ptr, r.ptr, 0);
    else
      {
        const int64_t lda = std::max<int64_t> (1, sa == GM_OP_NONE ? m : k);
        const int64_t ldb = std::max<int64_t> (1, sb == GM_OP_NONE ? k : n);
        st = gm_matmul (GM_MATMUL_AUTO, cls, sa, sb, m, n, k, a.ptr, lda, 0, b.ptr, ldb, 0,
                        r.ptr, std::max<int64_t> (1, m), 0, 1, 0);
        /* G'*G and G*G': exactly symmetric, as Octave's own (syrk) and the gateway's */
        if (st == GM_OK && a.ptr == b.ptr && m == n && k > 0
            && (sa == GM_OP_NONE) != (sb == GM_OP_NONE))
          st = gm_mirror_upper_op (cls, GM_OP_TRANSPOSE, m, r.ptr, m, 0);
      }
    if (st != GM_OK)
      return false;
    const int64_t dims[2] = {rows, cols};
    out = owned_result (r.keep (), bytes, 2, dims, octave_class (cls));
    return true;
  }

  bool direct_mul (const octave_value_list& args, int, octave_value_list& out)
  {
    /* ("mul", CALLER, A, B, "auto"): operator *; ("mul", CALLER, A, OPA, B, OPB, "auto"):
       A'*B and the other compound operators (OPA, OPB: "none", "transpose", "ctranspose",
       the same for real data) */
    const bool with_ops = args.length () == 7;
    if ((args.length () != 5 && ! with_ops) || ! name_is (args(with_ops ? 6 : 4), "auto"))
      return false;
    bool ta = false, tb = false;        /* the user's operation on A and B */
    if (with_ops)
      {
        if (! args(3).is_string () || ! args(5).is_string ())
          return false;
        const std::string oa = args(3).string_value (), ob = args(5).string_value ();
        if ((oa != "none" && oa != "transpose" && oa != "ctranspose")
            || (ob != "none" && ob != "transpose" && ob != "ctranspose"))
          return false;
        ta = oa != "none";
        tb = ob != "none";
      }
    octave_value r;
    if (! mul_op (args(2), ta, args(with_ops ? 4 : 3), tb, r))
      return false;
    out = ovl (r);
    return true;
  }

  /* ---- dot of two vectors ------------------------------------------------------------------ */
  /* dot (x, y) of two real vectors of one class and one length (a vector's view has the
     vector's layout) */
  bool dot_vectors (const octave_value& vx, const octave_value& vy, octave_value& out)
  {
    device_operand x, y;
    if (! read_gpumat (vx, x, true) || ! read_gpumat (vy, y, true) || x.cls != y.cls
        || x.numel != y.numel)
      return false;
    result_block r;
    const std::size_t bytes = gm_class_size (x.cls);
    if (! r.alloc (bytes)
        || gm_dot_device (x.cls, 1, x.numel, 1, x.ptr, y.ptr, r.ptr) != GM_OK)
      return false;
    const int64_t dims[2] = {1, 1};
    out = owned_result (r.keep (), bytes, 2, dims, octave_class (x.cls));
    return true;
  }

  /* norm (v) of a real double or single vector: the gateway's "norm" with KIND "2" computes
     the same gm_vector_norm (scaled: no overflow or underflow on the way), so the same bits */
  bool vector_norm2 (const octave_value& va, octave_value& out)
  {
    device_operand a;
    if (! read_gpumat (va, a, true) || a.nd != 2 || (a.dims[0] != 1 && a.dims[1] != 1))
      return false;
    std::size_t ws_bytes = 0;
    if (gm_vector_norm_workspace_size (a.cls, a.numel, &ws_bytes) != GM_OK)
      return false;
    result_block ws, r;
    const std::size_t bytes = gm_class_size (a.cls);
    if ((ws_bytes > 0 && ! ws.alloc (ws_bytes)) || ! r.alloc (bytes)
        || gm_vector_norm (GM_NORM_2, 2.0, a.cls, a.numel, a.ptr, r.ptr, ws.ptr, ws_bytes, 0)
               != GM_OK)
      return false;
    const int64_t dims[2] = {1, 1};
    out = owned_result (r.keep (), bytes, 2, dims, octave_class (a.cls));
    return true;
  }

  bool direct_dot (const octave_value_list& args, int, octave_value_list& out)
  {
    /* ("dot", CALLER, X, Y, PRE, LEN, POST, OUTDIMS) with PRE = POST = 1 and LEN X's length */
    if (args.length () != 8 || args(4).double_value () != 1 || args(6).double_value () != 1
        || args(5).double_value () != double (args(2).numel ()))
      return false;
    octave_value r;
    if (! dot_vectors (args(2), args(3), r))
      return false;
    out = ovl (r);
    return true;
  }

  /* ---- reductions --------------------------------------------------------------------------- */
  /* OP of A along DIM (0: Octave's default dimension), one output */
  bool reduce_op (const char *name, const octave_value& va, double dim_arg, octave_value& out)
  {
    gm_reduce_op op;
    if (! std::strcmp (name, "sum"))
      op = GM_RED_SUM;
    else if (! std::strcmp (name, "mean"))
      op = GM_RED_MEAN;
    else if (! std::strcmp (name, "max"))
      op = GM_RED_MAX;
    else if (! std::strcmp (name, "min"))
      op = GM_RED_MIN;
    else
      return false;
    device_operand a;
    if (! read_gpumat (va, a, false))
      return false;
    if (! (dim_arg >= 0 && dim_arg <= 1e9 && dim_arg == std::floor (dim_arg)))
      return false;
    int64_t dim = static_cast<int64_t> (dim_arg);
    if (dim == 0)
      {
        if (op == GM_RED_MEAN)
          {
            /* Octave 7.3's mean: the first dimension of size above 1 */
            dim = 1;
            for (int d = a.nd - 1; d >= 0; d--)
              if (a.dims[d] > 1)
                dim = d + 1;
          }
        else
          dim = gm_default_dim (a.nd, a.dims);
      }
    if (dim > a.nd)
      dim = a.nd + 1;
    int nd_out;
    int64_t dout[GM_MAX_DIMS];
    if (gm_reduce_dims (op, a.nd, a.dims, static_cast<int> (dim), &nd_out, dout) != GM_OK)
      return false;
    std::size_t count = 1;
    for (int d = 0; d < nd_out; d++)
      count *= static_cast<std::size_t> (dout[d]);
    std::size_t ws_bytes = 0;
    if (count == 0
        || gm_reduce_workspace_size (op, a.cls, a.nd, a.dims, static_cast<int> (dim), &ws_bytes)
           != GM_OK)
      return false;
    result_block ws, r;
    const std::size_t bytes = count * gm_class_size (a.cls);
    if (! ws.alloc (ws_bytes) || ! r.alloc (bytes)
        || gm_reduce (op, a.cls, a.nd, a.dims, static_cast<int> (dim), a.ptr, r.ptr, nullptr,
                      ws.ptr, ws_bytes, 0) != GM_OK)
      return false;
    out = owned_result (r.keep (), bytes, nd_out, dout, octave_class (a.cls));
    return true;
  }

  bool direct_reduce (const octave_value_list& args, int nargout, octave_value_list& out)
  {
    /* ("reduce", CALLER, OP, A, DIM), one output */
    if (args.length () != 5 || nargout > 1 || ! args(4).is_real_scalar () || ! args(2).is_string ())
      return false;
    octave_value r;
    if (! reduce_op (args(2).string_value ().c_str (), args(3), args(4).double_value (), r))
      return false;
    out = ovl (r);
    return true;
  }

  /* ---- fft -------------------------------------------------------------------------------- */
  /* fft (G) and ifft (G) of a double or single array, real or complex, along dimension dim
     (0-based; -1: the first longer than 1, the m-files' common call): gw_fft.c's steps with
     its C functions, so the same bits.  The transform writes a complex block; Octave narrows a
     result whose imaginary parts are all zero, so a sample of them is read back (the one wait, as in the
     gateway: the result's class depends on it) and, only where the sample shows none, the
     whole check runs and the real parts become the result.  A scalar (the m-file returns it
     as it is), a view, an empty or a logical array: the m-file and the gateway's. */
  bool fft_op (const octave_value& x, int dim, bool inverse, octave_value& out)
  {
    device_operand a;
    if (! read_gpumat (x, a, false, true))
      return false;
    if (dim < 0)
      {
        dim = 0;
        while (dim < a.nd && a.dims[dim] == 1)
          dim++;
      }
    if (dim >= a.nd || a.dims[dim] == 1)
      return false;
    const gm_class real_cls = gm_class_real (a.cls), out_cls = gm_class_complex (real_cls);
    std::size_t bytes;
    if (gm_mul_size (static_cast<std::size_t> (a.numel), gm_class_size (out_cls), &bytes)
            != GM_OK
        || gm_fft_library (NULL) != GM_OK)
      return false;
    result_block r;
    int any = 0;
    if (! r.alloc (bytes)
        || gm_fft (a.cls, a.nd, a.dims, dim, dim, inverse, a.ptr, r.ptr, 0) != GM_OK
        || gm_fft_sample_imag (out_cls, a.numel, r.ptr, &any, 0) != GM_OK
        || (! any && gm_complex_has_imag (out_cls, a.numel, r.ptr, &any, 0) != GM_OK))
      return false;
    if (any)
      {
        out = owned_result (r.keep (), bytes, a.nd, a.dims, octave_class (real_cls), true);
        return true;
      }
    result_block re;
    const std::size_t real_bytes = static_cast<std::size_t> (a.numel) * gm_class_size (real_cls);
    if (! re.alloc (real_bytes)
        || gm_complex_real_part (out_cls, a.numel, r.ptr, re.ptr, 0) != GM_OK)
      return false;
    out = owned_result (re.keep (), real_bytes, a.nd, a.dims, octave_class (real_cls));
    return true;
  }

  bool direct_fft_command (const octave_value_list& args, int nargout, octave_value_list& out)
  {
    /* ("fft", CALLER, X, FIRST, LAST, SIZE, INVERSE) along one dimension, SIZE X's own */
    if (args.length () != 7 || nargout > 1 || ! is_gpumat (args(2))
        || ! args(3).is_real_scalar () || ! args(4).is_real_scalar ()
        || ! args(6).is_real_scalar () || ! args(5).is_double_type () || args(5).iscomplex ())
      return false;
    const double first = args(3).double_value ();
    const dim_vector& dv = rep (args(2)).m_dims;
    const NDArray size = args(5).array_value ();
    if (first != args(4).double_value () || first != std::floor (first) || first < 1
        || first > dv.ndims () || size.numel () != dv.ndims ())
      return false;
    for (int d = 0; d < dv.ndims (); d++)
      if (size(d) != dv(d))
        return false;
    octave_value r;
    if (! fft_op (args(2), static_cast<int> (first) - 1, args(6).double_value () != 0, r))
      return false;
    out = ovl (r);
    return true;
  }

  /* ---- gather and upload -------------------------------------------------------------------- */
  template <typename ARRAY>
  octave_value gathered (const octave_gpumat& g, std::size_t bytes, bool& ok)
  {
    ARRAY h (g.m_dims);
    ok = gm_copy_to_host (h.fortran_vec (), reinterpret_cast<const void *> (
                            static_cast<uintptr_t> (g.m_ptr)), bytes) == GM_OK;
    return octave_value (h);
  }

  bool direct_gather (const octave_value_list& args, int, octave_value_list& out)
  {
    /* ("gather", CALLER, G): a view is laid out by the gateway */
    if (args.length () != 3 || ! is_gpumat (args(2)))
      return false;
    const octave_gpumat& g = rep (args(2));
    const int code = gm_desc_class_code (g.m_cls.c_str ());
    if (g.m_op != 0 || ! g.m_owner || code < 0)
      return false;
    const std::size_t bytes = static_cast<std::size_t> (g.m_dims.numel ())
                              * gm_desc_class_bytes[code] * (g.m_complex ? 2 : 1);
    if (bytes == 0 || bytes > GATHER_DIRECT_BYTES
        || gm_device_of (reinterpret_cast<const void *> (static_cast<uintptr_t> (g.m_ptr))) != 0)
      return false;
    bool ok = false;
    octave_value h;
    const std::string& c = g.m_cls;
    if (g.m_complex)
      {
        if (c == "double")
          {
            ComplexNDArray a (g.m_dims);
            ok = gm_copy_to_host (a.fortran_vec (), reinterpret_cast<const void *> (
                                    static_cast<uintptr_t> (g.m_ptr)), bytes) == GM_OK;
            h = octave_value (new octave_complex_matrix (a));
          }
        else if (c == "single")
          {
            FloatComplexNDArray a (g.m_dims);
            ok = gm_copy_to_host (a.fortran_vec (), reinterpret_cast<const void *> (
                                    static_cast<uintptr_t> (g.m_ptr)), bytes) == GM_OK;
            h = octave_value (new octave_float_complex_matrix (a));
          }
        else
          return false;
      }
    else if (c == "double")
      h = gathered<NDArray> (g, bytes, ok);
    else if (c == "single")
      h = gathered<FloatNDArray> (g, bytes, ok);
    else if (c == "logical")
      h = gathered<boolNDArray> (g, bytes, ok);
    else if (c == "int8")
      h = gathered<int8NDArray> (g, bytes, ok);
    else if (c == "uint8")
      h = gathered<uint8NDArray> (g, bytes, ok);
    else if (c == "int16")
      h = gathered<int16NDArray> (g, bytes, ok);
    else if (c == "uint16")
      h = gathered<uint16NDArray> (g, bytes, ok);
    else if (c == "int32")
      h = gathered<int32NDArray> (g, bytes, ok);
    else if (c == "uint32")
      h = gathered<uint32NDArray> (g, bytes, ok);
    else if (c == "int64")
      h = gathered<int64NDArray> (g, bytes, ok);
    else if (c == "uint64")
      h = gathered<uint64NDArray> (g, bytes, ok);
    else
      return false;
    if (! ok)
      return false;                     /* the gateway copies again and raises the error */
    out = ovl (h);                      /* gather () puts a scalar in Octave's scalar form */
    return true;
  }

  bool direct_upload (const octave_value_list& args, int, octave_value_list& out)
  {
    /* ("upload", CALLER, A): char arrays are read as double by the gateway; a logical one is
       uploaded as the logical gpumat array gpumat.m makes of it */
    if (args.length () != 3)
      return false;
    const octave_value& a = args(2);
    if (is_gpumat (a) || a.issparse () || a.isobject () || a.is_string ()
        || ! (a.isnumeric () || a.islogical ()) || a.ndims () > GM_MAX_DIMS)
      return false;
    const std::string cls = a.class_name ();
    const int code = gm_desc_class_code (cls.c_str ());
    const bool cplx = a.iscomplex ();
    if (code < 0 || a.numel () == 0)
      return false;
    const std::size_t bytes = static_cast<std::size_t> (a.numel ()) * gm_desc_class_bytes[code]
                              * (cplx ? 2 : 1);
    result_block r;
    if (! r.alloc (bytes))
      return false;
    /* the host data as Octave stores them (complex interleaved, as ours); h_src may go once
       the call returns */
    gm_status st;
    if (cplx && cls == "double")
      st = gm_copy_to_device_async (r.ptr, a.complex_array_value ().data (), bytes);
    else if (cplx)
      st = gm_copy_to_device_async (r.ptr, a.float_complex_array_value ().data (), bytes);
    else if (cls == "double")
      st = gm_copy_to_device_async (r.ptr, a.array_value ().data (), bytes);
    else if (cls == "single")
      st = gm_copy_to_device_async (r.ptr, a.float_array_value ().data (), bytes);
    else if (cls == "int8")
      st = gm_copy_to_device_async (r.ptr, a.int8_array_value ().data (), bytes);
    else if (cls == "uint8")
      st = gm_copy_to_device_async (r.ptr, a.uint8_array_value ().data (), bytes);
    else if (cls == "int16")
      st = gm_copy_to_device_async (r.ptr, a.int16_array_value ().data (), bytes);
    else if (cls == "uint16")
      st = gm_copy_to_device_async (r.ptr, a.uint16_array_value ().data (), bytes);
    else if (cls == "int32")
      st = gm_copy_to_device_async (r.ptr, a.int32_array_value ().data (), bytes);
    else if (cls == "uint32")
      st = gm_copy_to_device_async (r.ptr, a.uint32_array_value ().data (), bytes);
    else if (cls == "int64")
      st = gm_copy_to_device_async (r.ptr, a.int64_array_value ().data (), bytes);
    else if (cls == "uint64")
      st = gm_copy_to_device_async (r.ptr, a.uint64_array_value ().data (), bytes);
    else if (cls == "logical")     /* a logical gpumat array: one byte an element, 0 or 1 */
      st = gm_copy_to_device_async (r.ptr, a.bool_array_value ().data (), bytes);
    else
      return false;
    if (st != GM_OK)
      return false;
    const dim_vector& dv = a.dims ();
    int64_t dims[GM_MAX_DIMS];
    for (int d = 0; d < dv.ndims (); d++)
      dims[d] = dv(d);
    out = ovl (owned_result (r.keep (), bytes, dv.ndims (), dims, cls, cplx));
    return true;
  }

  /* ("sync", CALLER): gpumat_sync, the one wait (gm_sync).  A fault in queued work is CUDA's
     sticky error, so it declines on any error and the gateway's own gm_sync meets the same
     error and raises it with its identifier (tests/fault_check.m).  Through the gateway it cost
     ~18 us a call (H200, session 32), part of every figure timed up to gpumat_sync. */
  bool direct_sync (const octave_value_list&, int, octave_value_list& out)
  {
    if (gm_sync () != GM_OK)
      return false;
    out = octave_value_list ();
    return true;
  }

  /* One row a command: the commands the direct path knows */
  struct direct_row
  {
    const char *command;
    bool (*run) (const octave_value_list&, int, octave_value_list&);
  };
  const direct_row direct_table[] = {
    {"binary", direct_binary}, {"unary", direct_unary}, {"mul", direct_mul}, {"dot", direct_dot},
    {"reduce", direct_reduce}, {"gather", direct_gather}, {"upload", direct_upload},
    {"fft", direct_fft_command}, {"sync", direct_sync},
  };

}

/* The operators' own road: the computations of direct_call's "binary", "unary" and "mul" rows,
   called with Octave's operator and the operands, no command list or name to build and match
   (bench/NOTES-value-type.md has what that saves a call). */
static bool counted (bool done)
{
  direct_calls += done;
  return done;
}

bool direct_binary_operator (octave_value::binary_op op, const octave_value& x,
                             const octave_value& y, octave_value& out)
{
  gm_binop bop;
  switch (op)
    {
    case octave_value::op_add: bop = GM_BIN_ADD; break;
    case octave_value::op_sub: bop = GM_BIN_SUB; break;
    case octave_value::op_el_mul: bop = GM_BIN_MUL; break;
    case octave_value::op_el_div: bop = GM_BIN_DIV; break;
    case octave_value::op_lt: bop = GM_BIN_LT; break;
    case octave_value::op_le: bop = GM_BIN_LE; break;
    case octave_value::op_gt: bop = GM_BIN_GT; break;
    case octave_value::op_ge: bop = GM_BIN_GE; break;
    case octave_value::op_eq: bop = GM_BIN_EQ; break;
    case octave_value::op_ne: bop = GM_BIN_NE; break;
    default: return false;
    }
  return direct_available () && counted (binary_op (bop, x, y, out));
}

bool direct_unary_operator (const char *name, const octave_value& x, octave_value& out)
{
  if (! direct_available ())
    return false;
  for (int k = 0; k < GM_UN_COUNT; k++)
    if (! std::strcmp (name, gm_unop_name (static_cast<gm_unop> (k))))
      return counted (unary_op (static_cast<gm_unop> (k), x, out));
  return false;
}

bool direct_product (const octave_value& x, bool tx, const octave_value& y, bool ty,
                     octave_value& out)
{
  return direct_available () && counted (mul_op (x, tx, y, ty, out));
}

/* G(I1, ..., In) where every subscript is a colon, a scalar or a contiguous range (G(:, j),
   G(2:5, :), G(k)) of an owned real array of any class: one gm_index_gather, as the gateway's
   "index" makes it for these subscripts (elements moved as bits).  ivs are Octave's checked
   subscripts, ext the extent of each (the array's dimensions folded to n), rd the result's
   size by Octave's rules (index_op has them all). */
static_assert (index_max_subscripts == GM_INDEX_MAX_DIMS, "the shell's subscript limit");

bool direct_index (const octave_gpumat& g, const std::vector<octave::idx_vector>& ivs,
                   const int64_t *ext, const dim_vector& rd, octave_value& out)
{
  const int n = static_cast<int> (ivs.size ());
  if (! direct_available () || g.m_complex || g.m_op != 0 || ! g.m_owner || n < 1
      || n > GM_INDEX_MAX_DIMS || rd.ndims () > GM_MAX_DIMS)
    return false;
  const int code = gm_desc_class_code (g.m_cls.c_str ());
  const void *src = reinterpret_cast<const void *> (static_cast<uintptr_t> (g.m_ptr));
  if (code < 0 || gm_device_of (src) != 0)
    return false;
  const int bytes_each = gm_desc_class_bytes[code];
  /* bits moved: a class of the element's size */
  const gm_class moved = bytes_each == 8 ? GM_DOUBLE : bytes_each == 4 ? GM_SINGLE
                         : bytes_each == 2 ? GM_INT16 : GM_UINT8;
  gm_index_side side;
  gm_index_side_colons (&side, n, ext);
  int64_t count[GM_INDEX_MAX_DIMS];
  std::size_t total = 1;
  for (int k = 0; k < n; k++)
    {
      octave_idx_type lo, hi;
      if (! ivs[k].is_cont_range (ext[k], lo, hi))
        return false;
      side.first[k] = lo;
      count[k] = hi - lo;
      total *= static_cast<std::size_t> (count[k]);
    }
  if (total == 0 || total != static_cast<std::size_t> (rd.numel ()))
    return false;
  result_block r;
  const std::size_t bytes = total * bytes_each;
  if (! r.alloc (bytes)
      || gm_index_gather (moved, 0, n, count, &side, src, r.ptr, 0) != GM_OK)
    return false;
  int64_t dims[GM_MAX_DIMS];
  for (int d = 0; d < rd.ndims (); d++)
    dims[d] = rd(d);
  out = owned_result (r.keep (), bytes, rd.ndims (), dims, g.m_cls);
  direct_calls++;
  return true;
}

/* G(i, j, ...) = s with scalar subscripts (checked and inside G: the shell has resized and
   copied as needed, so G owns its block alone) and s a real double or single host scalar, G real
   double or single: the one element written by a queued upload of s in G's class (a double
   into single rounded as Octave's assignment rounds it), as the gateway's "assign" writes it. */
bool direct_assign_element (const octave_value& self, const std::vector<octave::idx_vector>& ivs,
                            const octave_value& rhs)
{
  if (! direct_available () || ! is_gpumat (self) || is_gpumat (rhs) || rhs.numel () != 1
      || rhs.iscomplex () || ! rhs.isfloat () || rhs.issparse () || rhs.isobject ())
    return false;
  const octave_gpumat& g = rep (self);
  if (g.m_complex || g.m_op != 0 || ! g.m_owner || g.m_owner.use_count () > 1
      || (g.m_cls != "double" && g.m_cls != "single"))
    return false;
  const int n = static_cast<int> (ivs.size ());
  const dim_vector fd = n == 1 ? dim_vector (g.m_dims.numel (), 1) : g.m_dims.redim (n);
  int64_t offset = 0, stride = 1;
  for (int k = 0; k < n; k++)
    {
      if (ivs[k].length (fd(k)) != 1 || ivs[k].extent (fd(k)) > fd(k))
        return false;
      offset += ivs[k].xelem (0) * stride;
      stride *= fd(k);
    }
  void *base = reinterpret_cast<void *> (static_cast<uintptr_t> (g.m_ptr));
  if (gm_device_of (base) != 0)
    return false;
  const double d = rhs.double_value ();
  const float f = static_cast<float> (rhs.is_single_type () ? rhs.float_value () : d);
  const bool single = g.m_cls == "single";
  char *dst = static_cast<char *> (base) + offset * (single ? 4 : 8);
  if (gm_copy_to_device_async (dst, single ? static_cast<const void *> (&f) : &d,
                               single ? 4 : 8) != GM_OK)
    return false;
  direct_calls++;
  return true;
}

/* Whether the gateway calls the runtime linked here (asked once, at the first call that could
   go direct). */
bool direct_available ()
{
  if (! direct_enabled)
    return false;
  if (direct_state < 0)
    {
      direct_state = 0;
      try
        {
          octave_value_list r = octave::feval ("__gpumat__", ovl ("runtime", "gpumat"), 1);
          if (r.length () == 1 && r(0).is_uint64_type () && r(0).numel () == 1
              && r(0).uint64_scalar_value ().value ()
                 == static_cast<uint64_t> (reinterpret_cast<uintptr_t> (gm_runtime_instance ())))
            direct_state = 1;
        }
      catch (const octave::execution_exception&)
        {
          /* the mock, the CPU stand-in or an older gateway: everything through the gateway */
          octave::interpreter& interp = *registering_interpreter;
          interp.recover_from_exception ();
        }
    }
  return direct_state == 1;
}

void set_direct_enabled (bool on)
{
  direct_enabled = on;
}

double direct_call_count ()
{
  return direct_calls;
}

bool direct_call (const octave_value_list& args, int nargout, octave_value_list& out)
{
  if (args.length () < 2 || ! args(0).is_string () || ! direct_available ())
    return false;
  const std::string command = args(0).string_value ();
  for (const direct_row& row : direct_table)
    if (command == row.command)
      {
        const bool done = row.run (args, nargout, out);
        direct_calls += done;
        return done;
      }
  return false;
}

/* The hot methods' typed road (gpumat_value_methods.cc): the computations of the "dot" and
   "reduce" rows, with the operands, no command list to build and match. */
bool direct_dot_vectors (const octave_value& x, const octave_value& y, octave_value& out)
{
  return direct_available () && counted (dot_vectors (x, y, out));
}

bool direct_vector_norm2 (const octave_value& a, octave_value& out)
{
  return direct_available () && counted (vector_norm2 (a, out));
}

bool direct_reduction (const char *op, const octave_value& a, double dim, octave_value& out)
{
  return direct_available () && counted (reduce_op (op, a, dim, out));
}

bool direct_fft (const octave_value& x, bool inverse, octave_value& out)
{
  return direct_available () && counted (fft_op (x, -1, inverse, out));
}

bool direct_free (uint64_t block)
{
  /* known to share the gateway's runtime (never asked from here: a destructor calls this) */
  if (direct_state != 1)
    return false;
  gm_device_free (reinterpret_cast<void *> (static_cast<uintptr_t> (block)));
  return true;
}
