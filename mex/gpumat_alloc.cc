// gpumat_alloc.cc: __gpumat_alloc__, an uninitialized Octave array for the gateway to fill.
//
//   [A, address] = __gpumat_alloc__ (CLASS, DIMS)
//
// Why: Octave 7.3's MEX layer, when built without std::pmr (Debian's is), copies every array a
// MEX file returns, one element at a time, into memory it has just allocated: 1.1-1.3 GB/s on
// the GPU machine (a 256 MiB gather took 200 ms; the GPU copy itself 5.7 ms).  An array that
// Octave itself made and handed to the gateway through mexCallMATLAB is returned as it is,
// so the gateway fills one of these in place instead.
//
// The array is left uninitialized (Octave's Array<T> (dims) does not touch its memory), so its
// pages are first touched by the gateway's parallel copy threads; and its storage is advised to
// use transparent huge pages, which made that first touch 1.6x faster on the GPU machine
// (128 MiB into fresh memory: 13.2 GB/s with 4 KiB pages, 20.9 GB/s with huge pages).
//
// ADDRESS (uint64) is the array's storage: the gateway checks that the pointer it is given for
// A is that same storage before it writes, and falls back to an ordinary MEX array otherwise.
//
// CLASS is "double", "single", an integer class ("int8" ... "uint64"), or "complex double" /
// "complex single".  A complex array is Octave's own interleaved storage (re, im pairs), which
// the MEX interface of 7.3 never hands out (its split API copies element by element, and its
// interleaved API is broken): the gateway writes the pairs at ADDRESS.  The value is made from
// `new octave_complex_matrix (...)`, not octave_value (ComplexNDArray), whose constructor runs
// maybe_mutate (): that would read the uninitialized parts to decide whether to narrow the
// array to real.  The gateway returns a complex array only when some imaginary part is
// nonzero, so the value needs no narrowing later either.
//
// Internal: no GPU code, no CUDA runtime.  Copyright (C) 2026 The gpumat developers.  GPLv3+.

#include <octave/oct.h>
#include <octave/ov-cx-mat.h>
#include <octave/ov-flt-cx-mat.h>
#include <sys/mman.h>
#include <cstdint>
#include <memory>

static void advise_huge_pages (void *data, size_t bytes)
{
  const uintptr_t huge = (uintptr_t) 2 << 20;
  uintptr_t start = ((uintptr_t) data + huge - 1) & ~(huge - 1);
  uintptr_t end = ((uintptr_t) data + bytes) & ~(huge - 1);
  if (end > start)
    madvise ((void *) start, end - start, MADV_HUGEPAGE);   // a hint: failure is harmless
}

// Array<T> (dims) value-initializes (zeroes) every element, one thread, touching every page:
// 165 ms for 256 MiB here.  Array's own "take ownership of PTR" constructor does not; PTR comes
// from the same allocator type the Array releases it with (std::allocator, or std::pmr in builds
// that have it), so the Array frees it as its own.
template <typename T, typename Alloc>
static Array<T, Alloc> uninitialized_array (const dim_vector& dv, const Array<T, Alloc> *)
{
  Alloc alloc;
  const octave_idx_type n = dv.safe_numel ();
  T *data = std::allocator_traits<Alloc>::allocate (alloc, n);
  advise_huge_pages (data, n * sizeof (T));
  return Array<T, Alloc> (data, dv, alloc);
}

DEFUN_DLD (__gpumat_alloc__, args, ,
           "-*- texinfo -*-\n\
@deftypefn {} {[@var{A}, @var{address}] =} __gpumat_alloc__ (@var{class}, @var{dims})\n\
Internal to gpumat: an uninitialized array of class @var{class} (double, single,\n\
complex double, complex single or an integer class) and size @var{dims}.\n\
@end deftypefn")
{
  if (args.length () != 2)
    print_usage ();
  const std::string cls = args(0).xstring_value ("__gpumat_alloc__: CLASS must be a string");
  const Array<octave_idx_type> d = args(1).octave_idx_type_vector_value (true);
  dim_vector dv;
  dv.resize (d.numel () < 2 ? 2 : d.numel ());
  for (octave_idx_type i = 0; i < dv.ndims (); i++)
    dv(i) = i < d.numel () ? d(i) : 1;
  octave_value_list out;
  const void *data;
  if (cls == "single")
    {
      FloatNDArray a (uninitialized_array (dv, static_cast<const Array<float> *> (nullptr)));
      data = a.data ();
      out(0) = a;
    }
  else if (cls == "double")
    {
      NDArray a (uninitialized_array (dv, static_cast<const Array<double> *> (nullptr)));
      data = a.data ();
      out(0) = a;
    }
  else if (cls == "complex double")
    {
      ComplexNDArray a (uninitialized_array (dv, static_cast<const Array<Complex> *> (nullptr)));
      data = a.data ();
      out(0) = octave_value (new octave_complex_matrix (a));     // no maybe_mutate ()
    }
  else if (cls == "complex single")
    {
      FloatComplexNDArray a (uninitialized_array (dv, static_cast<const Array<FloatComplex> *> (nullptr)));
      data = a.data ();
      out(0) = octave_value (new octave_float_complex_matrix (a));
    }
#define GPUMAT_INT_CLASS(NAME, T)                                                       \
  else if (cls == NAME)                                                                 \
    {                                                                                   \
      T##NDArray a (uninitialized_array (dv, static_cast<const Array<octave_##T> *> (nullptr))); \
      data = a.data ();                                                                 \
      out(0) = a;                                                                       \
    }
  GPUMAT_INT_CLASS ("int8", int8)
  GPUMAT_INT_CLASS ("uint8", uint8)
  GPUMAT_INT_CLASS ("int16", int16)
  GPUMAT_INT_CLASS ("uint16", uint16)
  GPUMAT_INT_CLASS ("int32", int32)
  GPUMAT_INT_CLASS ("uint32", uint32)
  GPUMAT_INT_CLASS ("int64", int64)
  GPUMAT_INT_CLASS ("uint64", uint64)
#undef GPUMAT_INT_CLASS
  else
    error ("__gpumat_alloc__: CLASS must be \"double\", \"single\", \"complex double\", "
           "\"complex single\" or an integer class");
  out(1) = octave_uint64 ((uint64_t) (uintptr_t) data);
  return out;
}
