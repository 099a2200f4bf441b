/* gpumat_front.h: what the compiled fronts of the hot @gpumat methods (mex/gpumat_methods.cc,
 * installed as @gpumat/dot.oct, sum.oct, norm.oct, mean.oct, max.oct, min.oct, gather.oct,
 * fft.oct, ifft.oct and gpumat.oct) call in the value type's shell (__gpumat_call__.oct,
 * gpumat_value_methods.cc).
 *
 * The fronts are a library of their own (Octave loads a method from the file that bears its
 * name), which cannot see the shell's type: they find this table once, by its name in the
 * shell's loaded library, and call these functions with the operands the m-file would hand to
 * __gpumat_call__.  Each is the shell's command of that m-file's common call, so that a result
 * is the same bits by either road: dotv ("dotv"), sum ("sum"), norm2 ("norm2"), reduce
 * ("reduce", OP, OP, A, 0) for mean, max and min with one output, gather ("gather"),
 * upload1 ("upload1": [G, done]) and fft1 (fft (G) and ifft (G): fourier.m's ("fft", CALLER,
 * G, DIM, DIM, size (G), INVERSE) along the first dimension longer than 1).  A call through
 * this table costs a C++ call; through the m-file, Octave's m-file dispatch and its tests
 * (bench/NOTES-value-type.md).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_FRONT_H
#define GPUMAT_FRONT_H

#include <octave/oct.h>

/* A front finds the table by this symbol and takes it only at this version. */
#define GPUMAT_FRONT_SYMBOL "gpumat_front_table_v1"
#define GPUMAT_FRONT_VERSION 2

struct gpumat_front_table
{
  int version;
  /* false after __gpumat_call__ ("fronts", false): every front then runs its m-file */
  bool (*enabled) ();
  octave_value_list (*dotv) (const octave_value& x, const octave_value& y);
  octave_value_list (*sum) (const octave_value& a);
  octave_value_list (*norm2) (const octave_value& a);
  /* OP: "mean", "max" or "min" */
  octave_value_list (*reduce) (const char *op, const octave_value& a);
  octave_value_list (*gather) (const octave_value& g);
  octave_value_list (*upload1) (const octave_value& a);
  /* fft (G) or ifft (G) on the direct road; an empty list where that road declines (the
     m-file then takes the call) */
  octave_value_list (*fft1) (const octave_value& a, bool inverse);
};

extern "C" OCTAVE_EXPORT const gpumat_front_table *gpumat_front_table_v1 ();

#endif
