/* gpumat_value_methods.cc: the shell's side of the hot @gpumat methods' common calls,
 * dot (x, y), sum (G), norm (G), mean (G), max (G), min (G), gather (G) and gpumat (A): the
 * commands "dotv", "sum", "norm2", "gather" and "upload1" of __gpumat_call__ (what the m-files
 * call), and the same functions in the table that the compiled fronts call, with fft (G) and
 * ifft (G) (the direct road's "fft" row, which fourier.m's command reaches too) (gpumat_front.h,
 * mex/gpumat_methods.cc), so that both roads compute with the same code, bit for bit.
 *
 * Each decides device or host in C++, where the m-files' class tests in Octave code cost
 * 10-37 us a call (bench/NOTES-value-type.md).  dot of two vectors and the reductions call the
 * direct road's typed functions (direct_dot_vectors, direct_reduction) with their operands; what
 * they decline goes to the gateway with the command list the gateway reads.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat_value.h"
#include "gpumat_front.h"

/* ("reduce", OP, OP, A, 0): the direct road, else the gateway */
static octave_value_list reduction (const char *op, const octave_value& a)
{
  octave_value r;
  if (direct_reduction (op, a, 0.0, r))
    return ovl (r);
  return gateway_call (ovl ("reduce", op, op, a, 0.0), 1);
}

/* dot (x, y) of two gpumat vectors of one length (@gpumat/dot.m): the shape checks here, not in
   Octave code, where they cost 37 us a call; anything else is gpumat_dot's, with its checks and
   errors. */
octave_value_list method_dotv (const octave_value& x, const octave_value& y)
{
  /* Octave's dot takes numeric data only (gpumat_dot also takes logical) */
  for (const octave_value *v : {&x, &y})
    if (is_gpumat (*v) ? rep (*v).m_cls == "logical" : ! v->isnumeric () || v->islogical ())
      error_with_id ("gpumat:dot:notNumeric", "dot: X and Y must be numeric");
  if (x.issparse () || y.issparse ())
    {
      /* a sparse host operand, which the GPU does not take: Octave's own dot of the gathered
         data (a full result comes back to the device; Octave's error for single or integer
         data with a sparse operand is raised as it is) */
      note_host_fallback ("dot");
      const octave_value hx = is_gpumat (x) ? gather (x) : x;
      const octave_value hy = is_gpumat (y) ? gather (y) : y;
      const octave_value r = octave::feval ("dot", ovl (hx, hy), 1)(0);
      return ovl (r.issparse () ? r : upload_host (r));
    }
  if (is_gpumat (x) && is_gpumat (y))
    {
      const dim_vector& dx = rep (x).m_dims;
      const dim_vector& dy = rep (y).m_dims;
      const octave_idx_type n = dx.numel ();
      if (dx.ndims () == 2 && dy.ndims () == 2 && (dx(0) == 1 || dx(1) == 1)
          && (dy(0) == 1 || dy(1) == 1) && dy.numel () == n)
        {
          octave_value r;
          if (direct_dot_vectors (x, y, r))
            return ovl (r);
          RowVector pages (2, 1.0);
          return gateway_call (ovl ("dot", "gpumat_dot", x, y, 1.0, double (n), 1.0, pages), 1);
        }
    }
  return octave::feval ("gpumat_dot", ovl (x, y), 1);
}

/* sum (G), @gpumat/sum.m's one-argument call: the device for real double, single and logical
   data, else Octave's own sum of the gathered array (a hostFallback), decided here in one call
   where the m-file's class tests cost three more */
octave_value_list method_sum (const octave_value& a)
{
  const octave_gpumat& g = rep (a);
  if (! g.m_complex && (g.isfloat () || g.islogical ()))
    return reduction ("sum", a);
  note_host_fallback ("sum");
  return ovl (upload_host (octave::feval ("sum", ovl (gather (a)), 1)(0)));
}

/* norm (G), @gpumat/norm.m's one-argument call (power iteration's): the 2-norm of a real double
   or single vector on the device; of a double or single matrix (real or complex), norm (G, 2)
   of norm.m (the device SVD's largest singular value); other classes and complex vectors
   through the host fallback; in one call where the m-file's tests cost a dozen */
octave_value_list method_norm2 (const octave_value& a)
{
  const octave_gpumat& g = rep (a);
  const bool real_float = ! g.m_complex && g.isfloat ();
  if (real_float && g.m_dims.ndims () > 2)
    error_with_id ("gpumat:norm:ndArray", "norm: only valid for 2-D objects");
  if (real_float && (g.m_dims(0) <= 1 || g.m_dims(1) <= 1))
    {
      octave_value r;
      if (direct_vector_norm2 (a, r))
        return ovl (r);
      return gateway_call (ovl ("norm", "norm", a, "2", 2.0), 1);
    }
  if (g.isfloat () && g.m_dims.ndims () == 2 && g.m_dims(0) > 1 && g.m_dims(1) > 1)
    return octave::feval ("norm", ovl (a, 2.0), 1);
  if (! real_float)
    note_host_fallback ("norm");
  return ovl (upload_host (octave::feval ("norm", ovl (gather (a), 2.0), 1)(0)));
}

/* gpumat (A) of a host numeric or logical array, gpumat.m's common call, with its tests made
   here (they cost five calls in Octave code): [G, true]; anything else [[], false], and
   gpumat.m takes it from there */
octave_value_list method_upload1 (const octave_value& a)
{
  if ((a.isnumeric () || a.islogical ()) && ! is_gpumat (a) && ! a.isobject ())
    {
      octave_value g = gw1 (ovl ("upload", "gpumat", a));
      if (a.islogical () && ! (is_gpumat (g) && rep (g).islogical ()))
        g = gw1 (ovl ("binary", "gpumat", "ne", g, 0.0));   /* logical stays logical */
      return ovl (g, true);
    }
  return ovl (Matrix (), false);
}

/* ---- the table of the compiled fronts ------------------------------------------------------ */
namespace
{
  /* __gpumat_call__ ("fronts", TF) turns the fronts' road off (A/B benchmarks, tests) */
  bool fronts_on = true;
  /* calls the fronts made through the table (tests read it to know the road was taken) */
  double front_calls = 0;

  bool front_enabled ()
  {
    return fronts_on;
  }

  octave_value_list front_dotv (const octave_value& x, const octave_value& y)
  {
    front_calls++;
    return method_dotv (x, y);
  }

  octave_value_list front_sum (const octave_value& a)
  {
    front_calls++;
    return method_sum (a);
  }

  octave_value_list front_norm2 (const octave_value& a)
  {
    front_calls++;
    return method_norm2 (a);
  }

  octave_value_list front_reduce (const char *op, const octave_value& a)
  {
    front_calls++;
    return reduction (op, a);
  }

  octave_value_list front_gather (const octave_value& g)
  {
    front_calls++;
    return ovl (gather (g));
  }

  octave_value_list front_upload1 (const octave_value& a)
  {
    front_calls++;
    return method_upload1 (a);
  }

  /* fft (G), ifft (G): the direct road or nothing (an m-file's road is the gateway's through
     fourier.m, whose tests this would repeat) */
  octave_value_list front_fft1 (const octave_value& a, bool inverse)
  {
    octave_value r;
    if (! direct_fft (a, inverse, r))
      return octave_value_list ();
    front_calls++;
    return ovl (r);
  }

  const gpumat_front_table table = {
    GPUMAT_FRONT_VERSION, front_enabled, front_dotv, front_sum, front_norm2, front_reduce,
    front_gather, front_upload1, front_fft1,
  };
}

extern "C" OCTAVE_EXPORT const gpumat_front_table *gpumat_front_table_v1 ()
{
  return &table;
}

octave_value_list fronts_switch (const octave_value_list& args)
{
  if (args.length () == 2)
    fronts_on = args(1).bool_value ();
  return ovl (fronts_on, front_calls);
}
