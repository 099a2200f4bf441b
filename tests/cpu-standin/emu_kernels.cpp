// emu_kernels.cpp: CPU stand-ins of the kernels/ functions that mex/gateway_util.c and
// mex/gw_index.c call (memory with a live-block table, copies, class conversions, transposes),
// for the gateway check of tests/cpu-standin/run.sh.
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#include "emu.h"
#include "gpumat.h"
#include <map>
#include <complex>
static std::map<const void *, size_t> live;
extern "C" {
gm_status gm_device_alloc (void **p, size_t bytes) { if (!bytes) { *p = NULL; return GM_OK; } *p = malloc (bytes); live[*p] = bytes; return GM_OK; }
void gm_device_free (void *p) { if (p && live.count (p)) { live.erase (p); free (p); } }
int gm_device_is_live (const void *p, size_t bytes) { auto it = live.find (p); return it != live.end () && it->second >= bytes; }
int gm_device_of (const void *p) { return p && live.count (p) ? 0 : -1; }
int gm_context_lost (void) { return 0; }
void gm_no_device_info (gm_nodev_info *info) { memset (info, 0, sizeof *info); }
gm_status gm_check_devices (const int *, int) { return GM_OK; }
void gm_device_usage (size_t *b, size_t *l, size_t *c) { size_t t = 0; for (auto &x : live) t += x.second; *b = live.size (); *l = t; *c = 0; }
gm_status gm_sync (void) { return GM_OK; }
gm_status gm_copy_to_device (void *d, const void *h, size_t n) { memcpy (d, h, n); return GM_OK; }
gm_status gm_copy_to_device_async (void *d, const void *h, size_t n) { memcpy (d, h, n); return GM_OK; }
gm_status gm_copy_to_host (void *h, const void *d, size_t n) { memcpy (h, d, n); return GM_OK; }
gm_status gm_copy_device (void *d, const void *s, size_t n) { memcpy (d, s, n); return GM_OK; }
gm_status gm_mul_size (size_t a, size_t b, size_t *o) { if (b && a > SIZE_MAX / b) return GM_ERR_SIZE_OVERFLOW; *o = a * b; return GM_OK; }
void gm_oom_bytes (size_t *r, size_t *f) { *r = *f = 0; }
gm_status gm_op_from_name (const char *, gm_op *op) { *op = GM_OP_NONE; return GM_OK; }
gm_status gm_double_to_single (int64_t n, const double *s, float *d, cudaStream_t) { for (int64_t i = 0; i < n; i++) d[i] = (float) s[i]; return GM_OK; }
gm_status gm_convert (gm_class from, gm_class to, int64_t n, const void *s, void *d, cudaStream_t)
{
  for (int64_t i = 0; i < n; i++) {
    double v = from == GM_DOUBLE ? ((const double *) s)[i] : from == GM_SINGLE ? ((const float *) s)[i]
               : from == GM_UINT8 ? ((const unsigned char *) s)[i] : NAN;
    if (to == GM_DOUBLE) ((double *) d)[i] = v; else if (to == GM_SINGLE) ((float *) d)[i] = (float) v;
    else return GM_ERR_INVALID_ARGUMENT;
  }
  return GM_OK;
}
gm_status gm_real_to_complex (gm_class cls, int64_t n, const void *s, void *d, cudaStream_t)
{
  for (int64_t i = 0; i < n; i++)
    if (cls == GM_COMPLEX_DOUBLE) { ((double *) d)[2*i] = ((const double *) s)[i]; ((double *) d)[2*i+1] = 0; }
    else { ((float *) d)[2*i] = ((const float *) s)[i]; ((float *) d)[2*i+1] = 0; }
  return GM_OK;
}
gm_status gm_complex_has_imag (gm_class cls, int64_t n, const void *s, int *any, cudaStream_t)
{
  *any = 0;
  for (int64_t i = 0; i < n; i++) {
    double im = cls == GM_COMPLEX_DOUBLE ? ((const double *) s)[2*i+1] : ((const float *) s)[2*i+1];
    if (im != 0 || im != im) *any = 1;
  }
  return GM_OK;
}
gm_status gm_complex_real_part (gm_class cls, int64_t n, const void *s, void *d, cudaStream_t)
{
  for (int64_t i = 0; i < n; i++)
    if (cls == GM_COMPLEX_DOUBLE) ((double *) d)[i] = ((const double *) s)[2*i]; else ((float *) d)[i] = ((const float *) s)[2*i];
  return GM_OK;
}
gm_status gm_transpose_op (gm_class cls, gm_op op, int64_t rows, int64_t cols, const void *s, int64_t lds, void *d, int64_t ldd, cudaStream_t)
{
  size_t es = gm_class_size (cls);
  for (int64_t j = 0; j < cols; j++)
    for (int64_t i = 0; i < rows; i++) {
      const char *src = (const char *) s + (i + j * lds) * es;
      char *dst = op == GM_OP_NONE ? (char *) d + (i + j * ldd) * es : (char *) d + (j + i * ldd) * es;
      memcpy (dst, src, es);
      if (op == GM_OP_CTRANSPOSE && gm_class_is_complex (cls)) dst[es - 1] ^= (char) 0x80;
    }
  return GM_OK;
}
gm_status gm_transpose (gm_class cls, int64_t r, int64_t c, const void *s, int64_t lds, void *d, int64_t ldd, cudaStream_t st)
{ return gm_transpose_op (cls, GM_OP_TRANSPOSE, r, c, s, lds, d, ldd, st); }
void gm_reset (void) {}
}
