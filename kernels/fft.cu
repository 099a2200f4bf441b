/* fft.cu: discrete Fourier transforms of device arrays through NVIDIA's cuFFT (gm_fft), as
 * Octave's fft, ifft, fft2, ifft2, fftn and ifftn compute them with FFTW.
 *
 * The transform runs over a contiguous range of dimensions of a column-major N-d array.
 * Dimensions of length 1 are dropped (they change neither the layout nor the transform); the
 * transformed ones are cut into groups of at most three (cuFFT's largest rank), each one cuFFT
 * call over its array viewed as pre x (group) x post: with pre == 1 the transforms are post
 * contiguous blocks; otherwise elements are pre apart, and the transforms are batched along the
 * larger of pre and post with the smaller looped over (Octave's own FFTW calls loop over post).
 * Real input, forward: an R2C transform writes the first n/2+1 outputs of the innermost
 * transformed dimension straight into the full-size complex result, and a kernel fills the rest
 * with the exact conjugates X(n-k, -j) = conj X(k, j), as Octave's convert_packcomplex does after
 * FFTW's r2c; only where the first transformed dimension is the array's first (contiguous)
 * one: real input along a later dimension is promoted to complex and runs as C2C (cuFFT 12.0
 * plans strided R2C layouts and then refuses to execute them), as does a layout it refuses to
 * plan.  Real input, inverse: promoted to complex, then
 * C2C (Octave's ifft of real data is a complex transform).  The inverse divides by the number of points once, at the end, as
 * Octave's oct-fftw.cc divides (a division, not a product with 1/n: the same rounding).
 * Out-of-place C2C and R2C leave their input as it was, so a gpumat array is never copied.
 *
 * cuFFT is loaded with dlopen at the first transform (gm_fft_library), not linked: the package
 * then loads and runs everything else without it (libcufft.so is 287 MB; its first dlopen took
 * 297 ms from a cold page cache on the 2-core build machine, 8 ms warm), and a missing library
 * is an error that names it and says what to install, instead of Octave refusing to load
 * gpumat.  The name is the soname of the cuFFT this file was compiled against
 * (libcufft.so.CUFFT_VER_MAJOR); libgpumat.so carries an rpath to the toolkit's library folder
 * (build.mk), where dlopen looks as well.
 *
 * Plans are cached (at most PLAN_CACHE_SIZE, least recently used dropped) by type (R2C or C2C,
 * double or single), rank, lengths, strides, distances, batch and device; the direction of a
 * C2C transform is an argument of the execution, so one plan serves fft and ifft.  Plans never
 * allocate their own work area: each call takes one from gpumat's device cache for the
 * duration of its queued work.  gm_fft_release (called by gm_reset) destroys them, and the
 * page-locked buffer of gm_fft_sample_imag; after a lost context they are forgotten instead
 * (their memory went with the context).  All of it is meant
 * for one host thread (the gateway's); a mutex guards the cache all the same.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <cufft.h>
#include "gpumat.h"

namespace {

/* ---- cuFFT, loaded on first use ------------------------------------------------------------ */

#define GM_STR2(x) #x
#define GM_STR(x) GM_STR2 (x)
const char *const CUFFT_SONAME = "libcufft.so." GM_STR (CUFFT_VER_MAJOR);

struct cufft_api {
  decltype (&cufftGetVersion) get_version;
  decltype (&cufftCreate) create;
  decltype (&cufftDestroy) destroy;
  decltype (&cufftSetAutoAllocation) set_auto_allocation;
  decltype (&cufftMakePlanMany64) make_plan_many64;
  decltype (&cufftSetWorkArea) set_work_area;
  decltype (&cufftSetStream) set_stream;
  decltype (&cufftExecZ2Z) exec_z2z;
  decltype (&cufftExecC2C) exec_c2c;
  decltype (&cufftExecD2Z) exec_d2z;
  decltype (&cufftExecR2C) exec_r2c;
};

cufft_api api;
int api_loaded;
int api_version;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const char *result_name (cufftResult r)
{
  switch (r) {
  case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
  case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
  case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
  case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
  case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
  case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
  case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
  case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
  case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
  case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
  case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
  case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
  case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
  case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
  case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";
  case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
  case CUFFT_NVJITLINK_FAILURE: return "CUFFT_NVJITLINK_FAILURE";
  case CUFFT_NVSHMEM_FAILURE: return "CUFFT_NVSHMEM_FAILURE";
  default: return "an unknown cuFFT error";
  }
}

/* A cuFFT failure as a status whose detail names the call and cuFFT's error. */
gm_status cufft_status (cufftResult r, const char *call)
{
  if (r == CUFFT_SUCCESS)
    return GM_OK;
  /* a failed cudaMalloc inside cuFFT may leave a CUDA error behind */
  (void) cudaGetLastError ();
  return gm_fail (r == CUFFT_ALLOC_FAILED ? GM_ERR_OUT_OF_MEMORY : GM_ERR_CUDA,
                  "cuFFT: %s failed: %s (%d)", call, result_name (r), (int) r);
}

/* Loads cuFFT once; lock held.  A failure is retried at the next call. */
gm_status load_locked (void)
{
  if (api_loaded)
    return GM_OK;
  void *lib = dlopen (CUFFT_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror ();
    return gm_fail (GM_ERR_CUDA,
                    "NVIDIA's cuFFT library (%s) could not be loaded: %s.  fft, ifft, fft2, "
                    "ifft2, fftn and ifftn on gpumat arrays need it: install the CUDA %d "
                    "toolkit's cuFFT (NVIDIA's package libcufft-%d-*, or the whole toolkit), "
                    "or add the folder that holds %s to LD_LIBRARY_PATH before starting Octave",
                    CUFFT_SONAME, why ? why : "not found", CUDART_VERSION / 1000,
                    CUDART_VERSION / 1000, CUFFT_SONAME);
  }
  cufft_api a;
  struct { void **slot; const char *name; } syms[] = {
    {(void **) &a.get_version, "cufftGetVersion"},
    {(void **) &a.create, "cufftCreate"},
    {(void **) &a.destroy, "cufftDestroy"},
    {(void **) &a.set_auto_allocation, "cufftSetAutoAllocation"},
    {(void **) &a.make_plan_many64, "cufftMakePlanMany64"},
    {(void **) &a.set_work_area, "cufftSetWorkArea"},
    {(void **) &a.set_stream, "cufftSetStream"},
    {(void **) &a.exec_z2z, "cufftExecZ2Z"},
    {(void **) &a.exec_c2c, "cufftExecC2C"},
    {(void **) &a.exec_d2z, "cufftExecD2Z"},
    {(void **) &a.exec_r2c, "cufftExecR2C"}};
  for (auto &s : syms) {
    *s.slot = dlsym (lib, s.name);
    if (!*s.slot) {
      dlclose (lib);
      return gm_fail (GM_ERR_CUDA, "NVIDIA's cuFFT library (%s) has no %s: it is not the cuFFT "
                      "of CUDA %d that gpumat was built with", CUFFT_SONAME, s.name,
                      CUDART_VERSION / 1000);
    }
  }
  int version = 0;
  gm_status st = cufft_status (a.get_version (&version), "cufftGetVersion");
  if (st != GM_OK)
    return st;
  api = a;
  api_version = version;
  api_loaded = 1;   /* never unloaded: plans and their kernels live in it */
  return GM_OK;
}

/* ---- the plan cache ------------------------------------------------------------------------- */

constexpr int PLAN_CACHE_SIZE = 16;

struct plan_key {
  cufftType type;
  int rank, device;
  unsigned epoch;                /* gm_context_epoch () when made */
  long long n[3], stride, dist, batch;
};

struct plan_entry {
  plan_key key;
  cufftHandle handle;
  size_t work_bytes;
  unsigned long long used;       /* the cache's clock at its last use */
  int valid;
};

plan_entry cache[PLAN_CACHE_SIZE];
unsigned long long cache_clock;
long long plans_made;

bool same_key (const plan_key &a, const plan_key &b)
{
  return a.type == b.type && a.rank == b.rank && a.device == b.device && a.epoch == b.epoch
         && a.stride == b.stride && a.dist == b.dist && a.batch == b.batch
         && !memcmp (a.n, b.n, sizeof a.n);
}

/* Destroys an entry's plan (or forgets it, when its context is gone); lock held.  Work queued
   with the plan may still be running (nothing waits for a transform): the device is waited for
   first, so that its tables are not freed under it. */
void drop_locked (plan_entry &e, int destroy)
{
  if (e.valid && destroy) {
    (void) cudaDeviceSynchronize ();
    (void) cudaGetLastError ();
    (void) api.destroy (e.handle);
  }
  e.valid = 0;
}

/* Layouts cuFFT refused to plan (other than for memory), so that a refusal costs one attempt:
   gm_fft then runs the transform another way (a strided R2C as C2C). */
plan_key refused[PLAN_CACHE_SIZE];
int refused_count;

/* The plan for `key` (made and cached if it is not there) and its work area size; lock held.
   *was_refused is set when cuFFT refuses the layout itself (now or at an earlier call). */
gm_status get_plan_locked (const plan_key &key, cufftHandle *handle, size_t *work_bytes,
                           int *was_refused)
{
  plan_entry *slot = NULL;
  *was_refused = 0;
  for (int i = 0; i < refused_count && i < PLAN_CACHE_SIZE; i++)
    if (same_key (refused[i], key)) {
      *was_refused = 1;
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "cuFFT: cufftMakePlanMany64 refused this layout");
    }
  for (auto &e : cache) {
    if (e.valid && e.key.epoch != key.epoch)
      drop_locked (e, 0);                  /* made in a context that a reset lost */
    if (e.valid && same_key (e.key, key)) {
      e.used = ++cache_clock;
      *handle = e.handle;
      *work_bytes = e.work_bytes;
      return GM_OK;
    }
  }
  for (auto &e : cache)
    if (!e.valid) {
      slot = &e;
      break;
    }
  if (!slot) {
    slot = &cache[0];
    for (auto &e : cache)
      if (e.used < slot->used)
        slot = &e;
    drop_locked (*slot, 1);
  }
  cufftHandle h;
  gm_status st = cufft_status (api.create (&h), "cufftCreate");
  if (st != GM_OK)
    return st;
  st = cufft_status (api.set_auto_allocation (h, 0), "cufftSetAutoAllocation");
  long long n[3], embed[3], points = 1;
  for (int i = 0; i < key.rank; i++) {
    n[i] = embed[i] = key.n[i];
    points *= key.n[i];
  }
  /* Contiguous transforms (stride 1, one after the other) in cuFFT's basic layout (no embed),
     as cufftPlan1d makes them; the advanced layout with embed = n times the same (2^24 complex
     points: 0.456 ms both ways, H200; bench/NOTES-linalg.md).  Not for R2C past one 1-D
     transform: the basic layout packs its output (n/2+1 along the first dimension), where
     gm_fft leaves room for the whole spectrum. */
  const bool r2c = key.type == CUFFT_D2Z || key.type == CUFFT_R2C;
  const bool basic = key.stride == 1 && key.dist == points && (!r2c || (key.rank == 1
                                                                         && key.batch == 1));
  long long *layout = basic ? NULL : embed;
  size_t work = 0;
  if (st == GM_OK)
    st = cufft_status (api.make_plan_many64 (h, key.rank, n, layout, key.stride, key.dist,
                                             layout, key.stride, key.dist, key.type, key.batch,
                                             &work),
                       "cufftMakePlanMany64");
  if (st != GM_OK) {
    (void) api.destroy (h);
    if (st != GM_ERR_OUT_OF_MEMORY) {
      refused[refused_count++ % PLAN_CACHE_SIZE] = key;
      *was_refused = 1;
    }
    return st;
  }
  plans_made++;
  slot->key = key;
  slot->handle = h;
  slot->work_bytes = work;
  slot->used = ++cache_clock;
  slot->valid = 1;
  *handle = h;
  *work_bytes = work;
  return GM_OK;
}

/* ---- kernels ---------------------------------------------------------------------------------- */

constexpr int BLOCK = 256;
constexpr int64_t MAX_BLOCKS = 8192;

unsigned blocks_for (int64_t count)
{
  const int64_t b = (count + BLOCK - 1) / BLOCK;
  return (unsigned) (b < MAX_BLOCKS ? b : MAX_BLOCKS);
}

template <typename R> struct alignas (2 * sizeof (R)) Cplx { R re, im; };

/* The part an R2C transform leaves out, for an array viewed as pre x n0 x n1 x n2 x post with
   the transform over n0 (halved by R2C), n1, n2 (n1 = n2 = 1 for fewer dimensions): element
   (p, k0, k1, k2, q) for k0 > n0/2 is the conjugate of (p, n0-k0, -k1 mod n1, -k2 mod n2, q),
   which R2C wrote.  One thread an element of the missing part (grid-stride, int64 indices). */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
fill_conjugates (Cplx<R> *out, int64_t pre, int64_t n0, int64_t n1, int64_t n2, int64_t post)
{
  const int64_t half = n0 / 2, missing = n0 - half - 1;
  const int64_t count = pre * missing * n1 * n2 * post;
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride) {
    int64_t r = i;
    const int64_t p = r % pre;  r /= pre;
    const int64_t k0 = half + 1 + r % missing;  r /= missing;
    const int64_t k1 = r % n1;  r /= n1;
    const int64_t k2 = r % n2;  r /= n2;
    const int64_t q = r;
    const int64_t j1 = k1 ? n1 - k1 : 0, j2 = k2 ? n2 - k2 : 0;
    const Cplx<R> s = out[p + pre * ((n0 - k0) + n0 * (j1 + n1 * (j2 + n2 * q)))];
    out[p + pre * (k0 + n0 * (k1 + n1 * (k2 + n2 * q)))] = Cplx<R>{s.re, -s.im};
  }
}

/* out[i] / n, each part divided (correctly rounded, as Octave's ifft divides by the number of
   points: -prec-div is on, no fast math). */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
divide (Cplx<R> *out, int64_t count, R n)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride) {
    const Cplx<R> v = out[i];
    out[i] = Cplx<R>{v.re / n, v.im / n};
  }
}

/* ---- the transform ---------------------------------------------------------------------------- */

/* One cuFFT call's worth: a group of up to three consecutive transformed dimensions, n[0] the
   innermost (contiguous-most), over an array viewed as pre x n[0] x ... x post. */
struct group {
  int rank;
  int64_t n[3];
  int64_t pre, points, post;
};

/* Runs one group: R2C (real_in) or C2C in `direction`, from in to out (in may be out).
   *was_refused: cuFFT refused to plan it (nothing was queued). */
gm_status run_group (const group &g, int is_double, int real_in, int direction, const void *in,
                     void *out, cudaStream_t stream, int device, unsigned epoch,
                     int *was_refused)
{
  plan_key key;
  memset (&key, 0, sizeof key);
  key.type = real_in ? (is_double ? CUFFT_D2Z : CUFFT_R2C) : (is_double ? CUFFT_Z2Z : CUFFT_C2C);
  key.rank = g.rank;
  key.device = device;
  key.epoch = epoch;
  for (int i = 0; i < g.rank; i++)
    key.n[i] = g.n[g.rank - 1 - i];      /* cuFFT's n[0] varies slowest */
  int64_t loops, step;
  if (g.pre == 1) {
    key.stride = 1;  key.dist = g.points;  key.batch = g.post;  loops = 1;  step = 0;
  } else if (g.post <= g.pre) {
    key.stride = g.pre;  key.dist = 1;  key.batch = g.pre;  loops = g.post;  step = g.pre * g.points;
  } else {
    key.stride = g.pre;  key.dist = g.pre * g.points;  key.batch = g.post;  loops = g.pre;  step = 1;
  }
  cufftHandle plan;
  size_t work_bytes = 0;
  pthread_mutex_lock (&lock);
  gm_status st = get_plan_locked (key, &plan, &work_bytes, was_refused);
  pthread_mutex_unlock (&lock);
  if (st != GM_OK)
    return st;
  void *work = NULL;
  st = gm_device_alloc (&work, work_bytes);
  if (st != GM_OK)
    return st;
  st = cufft_status (api.set_stream (plan, stream), "cufftSetStream");
  if (st == GM_OK)
    st = cufft_status (api.set_work_area (plan, work), "cufftSetWorkArea");
  const size_t real_bytes = is_double ? sizeof (double) : sizeof (float);
  const size_t in_bytes = real_in ? real_bytes : 2 * real_bytes, out_bytes = 2 * real_bytes;
  for (int64_t l = 0; l < loops && st == GM_OK; l++) {
    char *src = (char *) in + (size_t) (l * step) * in_bytes;
    char *dst = (char *) out + (size_t) (l * step) * out_bytes;
    cufftResult r;
    const char *call;
    if (real_in && is_double) {
      r = api.exec_d2z (plan, (cufftDoubleReal *) src, (cufftDoubleComplex *) dst);
      call = "cufftExecD2Z";
    } else if (real_in) {
      r = api.exec_r2c (plan, (cufftReal *) src, (cufftComplex *) dst);
      call = "cufftExecR2C";
    } else if (is_double) {
      r = api.exec_z2z (plan, (cufftDoubleComplex *) src, (cufftDoubleComplex *) dst, direction);
      call = "cufftExecZ2Z";
    } else {
      r = api.exec_c2c (plan, (cufftComplex *) src, (cufftComplex *) dst, direction);
      call = "cufftExecC2C";
    }
    st = cufft_status (r, call);
  }
  /* to the cache at once: the next owner's work queues after this on stream 0 (memory.cu) */
  gm_device_free (work);
  return st;
}

/* After an R2C group: the conjugate half that R2C leaves out (see fill_conjugates). */
template <typename R>
gm_status fill_missing (const group &g, void *out, cudaStream_t stream)
{
  const int64_t missing = g.n[0] - g.n[0] / 2 - 1;
  const int64_t work = g.pre * missing * g.n[1] * g.n[2] * g.post;
  if (work <= 0)
    return GM_OK;
  fill_conjugates<R><<<blocks_for (work), BLOCK, 0, stream>>> ((Cplx<R> *) out, g.pre, g.n[0],
                                                               g.n[1], g.n[2], g.post);
  return gm_cuda_status (cudaGetLastError (), "gm_fft (conjugate fill)");
}

template <typename R>
gm_status divide_all (int64_t count, int64_t points, void *out, cudaStream_t stream)
{
  divide<R><<<blocks_for (count), BLOCK, 0, stream>>> ((Cplx<R> *) out, count, (R) points);
  return gm_cuda_status (cudaGetLastError (), "gm_fft (division by the number of points)");
}

}  // namespace

extern "C" gm_status gm_fft_library (int *version)
{
  pthread_mutex_lock (&lock);
  gm_status st = load_locked ();
  if (st == GM_OK && version)
    *version = api_version;
  pthread_mutex_unlock (&lock);
  return st;
}

extern "C" gm_status gm_fft (gm_class cls, int nd, const int64_t *dims, int first, int last,
                             int inverse, const void *d_x, void *d_out, cudaStream_t stream)
{
  if (!(cls == GM_DOUBLE || cls == GM_SINGLE || cls == GM_COMPLEX_DOUBLE
        || cls == GM_COMPLEX_SINGLE))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_fft: class %s: the transforms take double or "
                    "single data, real or complex", gm_class_name (cls));
  if (nd < 0 || nd > GM_MAX_DIMS || first < 0 || last < first || (nd > 0 && last >= nd)
      || (nd == 0 && last > 0) || (nd > 0 && !dims))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_fft: dimensions %d to %d of a %d-d array", first,
                    last, nd);
  int64_t count = 1;
  for (int d = 0; d < nd; d++) {
    if (dims[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_fft: negative size %lld",
                      (long long) dims[d]);
    size_t c;
    if (gm_mul_size ((size_t) count, (size_t) dims[d], &c) != GM_OK || c > (size_t) INT64_MAX)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_fft: the array has too many elements");
    count = (int64_t) c;
  }
  if (count == 0)
    return GM_OK;
  if (!d_x || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_fft: NULL device pointer");
  const int is_double = gm_class_real (cls) == GM_DOUBLE;
  const int real_in = !gm_class_is_complex (cls);
  const gm_class out_cls = gm_class_complex (gm_class_real (cls));

  /* The transformed dimensions of length above 1, innermost first, and the elements before
     them (each group's post is what is left of count). */
  int64_t t[GM_MAX_DIMS], pre = 1, total_points = 1;
  int m = 0;
  for (int d = 0; d <= last && d < nd; d++) {
    if (d < first)
      pre *= dims[d];
    else if (dims[d] > 1) {
      t[m++] = dims[d];
      total_points *= dims[d];
    }
  }
  if (m == 0) {
    /* every transformed length is 1: the transform is the identity (times 1/1) */
    if (real_in)
      return gm_real_to_complex (out_cls, count, d_x, d_out, stream);
    if (d_out == d_x)
      return GM_OK;
    return gm_cuda_status (cudaMemcpyAsync (d_out, d_x, (size_t) count * gm_class_size (cls),
                                            cudaMemcpyDeviceToDevice, stream),
                           "gm_fft (copy)");
  }

  gm_status st = gm_fft_library (NULL);
  if (st != GM_OK)
    return st;
  int device = 0;
  cudaError_t err = cudaGetDevice (&device);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cudaGetDevice");
  const unsigned epoch = gm_context_epoch ();
  const int direction = inverse ? CUFFT_INVERSE : CUFFT_FORWARD;

  /* Real input, inverse: promoted to complex in d_out, then transformed there. */
  const void *src = d_x;
  int r2c = real_in;
  if (real_in && inverse) {
    st = gm_real_to_complex (out_cls, count, d_x, d_out, stream);
    if (st != GM_OK)
      return st;
    src = d_out;
    r2c = 0;
  }
  /* Real input, forward, along a dimension past the first (a strided layout): promoted to
     complex and run as C2C.  cuFFT 12.0 (CUDA 13.0, H200) plans such R2C layouts, then its
     exec refuses them (CUFFT_INVALID_VALUE: 5x6x7 along dimension 2, 2x50x3, 40x3x50). */
  if (r2c && pre != 1) {
    st = gm_real_to_complex (out_cls, count, d_x, d_out, stream);
    if (st != GM_OK)
      return st;
    src = d_out;
    r2c = 0;
  }
  int64_t inner = pre;
  for (int g0 = 0; g0 < m; g0 += 3) {
    group g;
    g.rank = m - g0 < 3 ? m - g0 : 3;
    g.points = 1;
    g.n[0] = g.n[1] = g.n[2] = 1;
    for (int i = 0; i < g.rank; i++) {
      g.n[i] = t[g0 + i];
      g.points *= t[g0 + i];
    }
    g.pre = inner;
    g.post = count / (inner * g.points);
    int was_refused = 0;
    st = run_group (g, is_double, r2c, direction, src, d_out, stream, device, epoch,
                    &was_refused);
    if (st != GM_OK && r2c && was_refused) {
      /* a layout cuFFT does not take for R2C (strided real input): the real input promoted
         to complex, and the same transform as C2C */
      st = gm_real_to_complex (out_cls, count, d_x, d_out, stream);
      if (st == GM_OK)
        st = run_group (g, is_double, 0, direction, d_out, d_out, stream, device, epoch,
                        &was_refused);
      r2c = 0;
    }
    /* the later groups read the whole spectrum: completed before they run */
    if (st == GM_OK && r2c)
      st = is_double ? fill_missing<double> (g, d_out, stream)
                     : fill_missing<float> (g, d_out, stream);
    if (st != GM_OK)
      return st;
    inner *= g.points;
    src = d_out;
    r2c = 0;
  }
  if (!inverse)
    return GM_OK;
  return is_double ? divide_all<double> (count, total_points, d_out, stream)
                   : divide_all<float> (count, total_points, d_out, stream);
}

namespace {

/* The sample's landing place: page-locked, so that the copy is one DMA and not a staged copy
   into pageable memory on the path of every fft call's wait (bench/NOTES-linalg.md, session
   32).  Made at the first sample, freed by gm_fft_release (gm_reset); lock held.  Where it
   cannot be made, the caller's stack buffer serves. */
constexpr size_t SAMPLE_MAX = 64;
void *sample_pinned;

void *sample_buffer_locked (void)
{
  if (!sample_pinned) {
    void *p = NULL;
    if (cudaMallocHost (&p, 2 * SAMPLE_MAX * sizeof (double)) == cudaSuccess)
      sample_pinned = p;
    else
      (void) cudaGetLastError ();
  }
  return sample_pinned;
}

}  // namespace

extern "C" gm_status gm_fft_sample_imag (gm_class cls, int64_t count, const void *d_x,
                                         int *h_any, cudaStream_t stream)
{
  *h_any = 0;
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_fft_sample_imag: class %s is not complex",
                    gm_class_name (cls));
  if (count <= 0)
    return GM_OK;
  /* elements 1, 1 + step, ...: spread over the array, and past a leading DC term (real for
     real data) */
  const int64_t take = count - 1 < (int64_t) SAMPLE_MAX ? count - 1 : (int64_t) SAMPLE_MAX;
  const int64_t step = take ? (count - 1) / take : 1;
  const size_t es = gm_class_size (cls);
  double stack_buf[2 * SAMPLE_MAX];
  if (take == 0)
    return GM_OK;
  pthread_mutex_lock (&lock);
  double *buf = (double *) sample_buffer_locked ();
  if (!buf)
    buf = stack_buf;
  cudaError_t err = cudaMemcpy2DAsync (buf, es, (const char *) d_x + es, (size_t) step * es, es,
                                       (size_t) take, cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess)
    err = cudaStreamSynchronize (stream);
  if (err == cudaSuccess)
    for (int64_t i = 0; i < take; i++) {
      const double im = gm_class_real (cls) == GM_DOUBLE
                          ? buf[2 * i + 1] : (double) ((const float *) buf)[2 * i + 1];
      *h_any |= !(im == 0);            /* NaN is not zero */
    }
  pthread_mutex_unlock (&lock);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "gm_fft_sample_imag");
  return GM_OK;
}

extern "C" void gm_fft_release (void)
{
  pthread_mutex_lock (&lock);
  const int lost = gm_context_lost ();
  if (api_loaded)
    for (auto &e : cache)
      drop_locked (e, !lost);
  /* the sample buffer belongs to the context: freed with it, or forgotten where it is lost */
  if (sample_pinned && !lost && cudaFreeHost (sample_pinned) != cudaSuccess)
    (void) cudaGetLastError ();
  sample_pinned = NULL;
  pthread_mutex_unlock (&lock);
}

extern "C" void gm_fft_plan_stats (int *cached, long long *made)
{
  pthread_mutex_lock (&lock);
  int c = 0;
  for (auto &e : cache)
    c += e.valid;
  if (cached)
    *cached = c;
  if (made)
    *made = plans_made;
  pthread_mutex_unlock (&lock);
}
