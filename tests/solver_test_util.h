/* solver_test_util.h: what tests/test_solve.cu and tests/test_eig_svd.cu share: complex-valued
 * host matrices (column-major, double or long double parts) for every float class, their
 * upload to and download from the device in a class's layout, and the 1-norm.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_SOLVER_TEST_UTIL_H
#define GPUMAT_SOLVER_TEST_UTIL_H

#include <complex>
#include <cstring>
#include <vector>
#include "test_util.h"

typedef std::complex<double> cd;
typedef std::complex<long double> cl;
typedef std::vector<cd> mat;          /* column-major, values exactly representable in the class */

static int quick;
static const gm_class classes[] = {GM_DOUBLE, GM_SINGLE, GM_COMPLEX_DOUBLE, GM_COMPLEX_SINGLE};

static bool cplx (gm_class c) { return gm_class_is_complex (c) != 0; }
static double eps_of (gm_class c) { return tu_eps (gm_class_real (c)); }

/* a value rounded to the class (the imaginary part dropped for a real class) */
static cd fit (gm_class c, cd v)
{
  if (!cplx (c))
    v = cd (v.real (), 0);
  if (gm_class_real (c) == GM_SINGLE)
    v = cd ((float) v.real (), (float) v.imag ());
  return v;
}

/* a device copy of a in class c's layout (16 bytes of slack) */
static void *upload (gm_class c, const mat &a)
{
  const size_t es = gm_class_size (c);
  std::vector<unsigned char> h (a.size () * es + 16);
  for (size_t i = 0; i < a.size (); i++) {
    if (gm_class_real (c) == GM_SINGLE) {
      const float v[2] = {(float) a[i].real (), (float) a[i].imag ()};
      memcpy (&h[i * es], v, es);
    } else {
      const double v[2] = {a[i].real (), a[i].imag ()};
      memcpy (&h[i * es], v, es);
    }
  }
  void *d;
  TU_CUDA (cudaMalloc (&d, h.size ()));
  TU_CUDA (cudaMemcpy (d, h.data (), h.size (), cudaMemcpyHostToDevice));
  return d;
}

static mat download (gm_class c, const void *d, size_t count)
{
  const size_t es = gm_class_size (c);
  std::vector<unsigned char> h (count * es + 1);
  if (count)
    TU_CUDA (cudaMemcpy (h.data (), d, count * es, cudaMemcpyDeviceToHost));
  mat a (count);
  for (size_t i = 0; i < count; i++) {
    if (gm_class_real (c) == GM_SINGLE) {
      float v[2] = {0, 0};
      memcpy (v, &h[i * es], es);
      a[i] = cd (v[0], v[1]);
    } else {
      double v[2] = {0, 0};
      memcpy (v, &h[i * es], es);
      a[i] = cd (v[0], v[1]);
    }
  }
  return a;
}

static long double norm1 (const mat &a, int64_t m, int64_t n)
{
  long double best = 0;
  for (int64_t j = 0; j < n; j++) {
    long double s = 0;
    for (int64_t i = 0; i < m; i++)
      s += std::abs (cl (a[i + j * m]));
    if (s > best)
      best = s;
  }
  return best;
}

#endif
