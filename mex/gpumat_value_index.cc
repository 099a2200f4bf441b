/* gpumat_value_index.cc: indexing and indexed assignment of gpumat arrays, for
 * __gpumat_call__.oct (with gpumat_value.cc and gpumat_value_host.cc).
 *
 * The value type decides what Octave decides for a host array before any device call: the
 * result's size (Array<T>::index's rules, a vector indexed by a vector keeping the source's
 * orientation), growth (resize1, zero_dims_inquire of liboctave 7.3, transcribed), deletion
 * (delete_elements), Octave's own index_exception for bad and out-of-range subscripts, and the
 * class of A after A(I) = V; the gateway's "index", "assign", "resize" and "copy" move the
 * elements.  tests/mock/shell_checks.m compares every size and error with Octave's own on host
 * arrays (73 index forms), and tests/parity_check.m the results.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat_value.h"


/* ---- indexing ----------------------------------------------------------------------------- */

/* The size of the array as n dimensions: dimensions past n folded into the n-th. */
static dim_vector fold_dims (const dim_vector& dv, int n)
{
  dim_vector r = dv.redim (n);
  return r;
}

/* The index vector of index argument k of n (a gpumat one gathered first; a logical mask gives
   its positions), a bad subscript's position set as octave_base_matrix sets it. */
static void index_vector_at (const octave_value& arg, octave::idx_vector& iv, int n, int k)
{
  try
    {
      iv = is_gpumat (arg) ? gather (arg).index_vector () : arg.index_vector ();
    }
  catch (octave::index_exception& e)
    {
      e.set_pos_if_unset (n, k + 1);
      throw;
    }
}

/* An index vector as the gateway takes a subscript: ':' or its 1-based positions as doubles
   (made only for the gateway's road: G(1:n) would otherwise write n doubles the direct road
   never reads). */
static octave_value gateway_subscript (const octave::idx_vector& iv, octave_idx_type extent_limit)
{
  if (iv.is_colon ())
    return octave_value (":");
  const octave_idx_type n = iv.length (extent_limit);
  NDArray d (dim_vector (1, n));
  for (octave_idx_type k = 0; k < n; k++)
    d(k) = double (iv.xelem (k) + 1);
  return d;
}

/* Both: the gateway's subscript for argument k of n, and its index vector in iv */
static octave_value subscript_at (const octave_value& arg, octave_idx_type len,
                                  octave::idx_vector& iv, int n, int k)
{
  index_vector_at (arg, iv, n, k);
  return gateway_subscript (iv, len);
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
  dim_vector rd;
  std::vector<octave::idx_vector> ivs (n);
  /* Bad subscripts (0, 1.5, -1) and subscripts past the end raise Octave's own
     index_exception here, before any device call; the evaluator names the variable in the
     message as for a host array ("G(_,5): out of bound 4 (dimensions are 4x4)"). */
  for (int k = 0; k < n; k++)
    {
      const octave_idx_type len = n == 1 ? dv.numel () : fd(k);
      index_vector_at (ix(k), ivs[k], n, k);
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
  {
    int64_t ext[index_max_subscripts];
    for (int k = 0; k < n && k < index_max_subscripts; k++)
      ext[k] = n == 1 ? dv.numel () : fd(k);
    octave_value direct;
    if (n <= index_max_subscripts && direct_index (g, ivs, ext, rd, direct))
      return ovl (direct);
  }
  /* the gateway's "index": the view G' as it is ("index" reads it where it lies,
     mex/gw_index.c), the result's size, the subscripts */
  RowVector od (rd.ndims ());
  for (int k = 0; k < rd.ndims (); k++)
    od(k) = rd(k);
  octave_value_list gargs (3 + n + 1);
  gargs(0) = "index";
  gargs(1) = "index";
  gargs(2) = self_value (g);
  gargs(3) = od;
  for (int k = 0; k < n; k++)
    gargs(4 + k) = gateway_subscript (ivs[k], n == 1 ? dv.numel () : fd(k));
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
      index_vector_at (ix(0), iv, 1, 0);
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
      index_vector_at (ix(k), ivs[k], n, k);
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
  if (direct_assign_element (self, ivs, rhs))
    return self;
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

