/* gateway_util.h: reading Octave arrays into gpumat operands, and raising errors cleanly.
 *
 * An operand is either a host array (an Octave matrix, converted to the class of the
 * computation when needed) or a device array (a gpumat value, which the shell passes as its
 * descriptor: packed as mex/descriptor.h says, or a hand-written 1x1 struct with fields ptr,
 * dims, cls, op and complex).  A desc with op = 1 (G.') or op = 2
 * (G', conjugating for complex data) is a view: dims are the view's own (transposed) size, and
 * the device data are the parent's, stored as the transpose of dims; products read it with an
 * op flag, everything else materializes it (gw_materialize_operand).
 *
 * Complex host arrays are read where Octave keeps them, interleaved, through the oct-file
 * __gpumat_address__ (mex/gpumat_address.cc): the split MEX API of Octave 7.3 would copy them
 * element by element.  Nothing here ever calls mxGetPr/mxGetPi/mxGetData/mxGetImagData on a
 * complex input whose address that call gave.  Complex host results are filled in Octave's
 * own storage from __gpumat_alloc__ (gw_result), and narrowed to real when no imaginary part
 * is nonzero, as Octave narrows.  Everything a gateway call allocates is recorded in its `scratch`,
 * and gw_fail frees it all before raising, so an error never leaves memory behind.
 *
 * One stream, in order (issue 12): every command queues its device work on stream 0 and returns
 * without waiting when its result stays on the device; a block freed to the cache (scratch, or a
 * gpumat array's delete) may still be in use by queued work, and its next owner's work queues
 * after it (kernels/memory.cu).  What the host reads waits: copies to the host (gather, host
 * results, the flags behind .^ and sqrt of negative numbers, the complex narrowing check) and
 * gpumat_sync.  A fault in queued work therefore surfaces at the next wait, or at the next
 * launch, as gpumat:cudaError with CUDA's message; gpumat_reset frees the lost context, and a
 * restart of Octave gets a new one (kernels/memory.cu).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GATEWAY_UTIL_H
#define GPUMAT_GATEWAY_UTIL_H

#include <stddef.h>
#include "mex.h"
#include "gpumat.h"

#define GW_MAX_DIMS 32

typedef struct {
  int on_device;               /* a gpumat descriptor rather than a host array      */
  gm_class cls;                /* class of the data pointed to below                 */
  int transposed;              /* device data stored as the transpose of dims (a view G') */
  gm_op view;                  /* GM_OP_TRANSPOSE (G.') or GM_OP_CTRANSPOSE (G') for a view */
  int logical_or_char;         /* a host logical or char array, read as double             */
  int logical;                 /* a logical array: a logical gpumat (cls GM_UINT8, bytes 0 or
                                  1) read by gw_read_operand_raw, or a host logical array     */
  const mxArray *array;        /* the host array as given (NULL for device operands)        */
  mwSize ndims;
  mwSize dims[GW_MAX_DIMS];    /* the size the user sees                              */
  size_t numel;
  const void *host;            /* host data in class cls (the array's own, or scratch) */
  void *device;                /* device data in class cls                            */
} gw_operand;

/* Host and device blocks owned by one gateway call.  The deepest device paths use 7 (counted
 * for the element-wise commands): max or min of two logical views (each converted to double,
 * then laid out: 4; the result, and its conversion back to logical: 3), and [M, I] = max (L',
 * [], DIM) of a logical view (2; workspace, M, I; 2 for the logical M).  .^ through the host
 * needs at most 6 (a logical operand never makes .^ complex).  Twice that, for room. */
#define GW_MAX_SCRATCH 16
typedef struct {
  void *host[GW_MAX_SCRATCH];
  int host_count;
  void *device[GW_MAX_SCRATCH];
  int device_count;
} gw_scratch;
#define GW_SCRATCH_INIT {{0}, 0, {0}, 0}

/* The name errors start with ("gpumat_mul", "operator *"), for the rest of this call; with ""
 * the messages have no prefix. */
void gw_set_caller (const char *name);
/* Frees everything in `scratch`, then raises an Octave error with identifier `id` and the
 * message "<caller>: <text>". */
void gw_fail (gw_scratch *scratch, const char *id, const char *fmt, ...);
/* Frees everything in `scratch`, then raises the error that a gm_status stands for:
 * gpumat:noDevice, gpumat:outOfMemory, gpumat:<area>:tooLarge, gpumat:<area>:invalidArgument
 * or gpumat:cudaError, with gm_error_detail () in the message. */
void gw_fail_status (gw_scratch *scratch, gm_status st, const char *area);
/* Frees everything in `scratch` (the normal end of a call). */
void gw_scratch_free (gw_scratch *scratch);
/* A host block owned by the call. */
void *gw_host_alloc (gw_scratch *scratch, size_t bytes);
/* A device block owned by the call (freed at the end, or on error). */
void *gw_device_alloc (gw_scratch *scratch, size_t bytes, const char *area);
/* Hand a device block over to the caller (it outlives the call, e.g. as a gpumat result). */
void gw_device_keep (gw_scratch *scratch, void *d_ptr);

/* 1 when `arg` is a gpumat operand: the descriptor the shell passes for a gpumat array
 * (mex/gpumat_value.cc). */
int gw_is_gpumat (const mxArray *arg);
/* Reads argument `arg` (named `what` in messages, e.g. "A") as an operand.  Accepts full
 * double, single (real or complex), integer, logical and char arrays (logical and char become
 * double) and gpumat descriptors; anything else raises gpumat:<area>:<reason>. */
void gw_read_operand (gw_scratch *scratch, const mxArray *arg, const char *area, const char *what,
                      gw_operand *op);
/* As gw_read_operand, except that a logical gpumat array stays as it is on the device: class
 * GM_UINT8 with `logical` set (its bytes are 0 or 1).  gw_read_operand turns it into double on
 * the device (gw_logical_to_double), as Octave's arithmetic reads a logical array. */
void gw_read_operand_raw (gw_scratch *scratch, const mxArray *arg, const char *area,
                          const char *what, gw_operand *op);
/* A logical gpumat operand as double (or single: cls) on the device, in scratch; `logical`
 * stays set, to say where it came from.  Does nothing to other operands. */
void gw_logical_to_float (gw_scratch *scratch, gw_operand *op, gm_class cls, const char *area);
/* Converts the operand to class `cls`, on the side where it lives: double -> single (both
 * parts of a complex operand), and real -> complex (a zero imaginary part, as Octave's `*`
 * promotes a real operand against a complex one). */
void gw_convert_operand (gw_scratch *scratch, gw_operand *op, gm_class cls, const char *area);
/* Makes sure the operand is on the device (uploading a host operand into scratch).  The upload
 * is queued on stream 0 (gm_copy_to_device_async): the kernels that read it come after it. */
void gw_upload_operand (gw_scratch *scratch, gw_operand *op, const char *area);
/* A transposed view laid out as its own size: transposed on the device into scratch (a
 * vector's transpose has the same layout and is only relabelled).  Queued on stream 0, like
 * every device operation: a copy to the host right after (gm_copy_to_host) waits for it. */
void gw_materialize_operand (gw_scratch *scratch, gw_operand *op, const char *area);
/* The operation a product passes to kernels/ for operand x under the user's operation `op`:
 * GM_OP_NONE when the device or host data are laid out as op(x), else the transpose (real
 * data) or the transpose or conjugate transpose (complex data).  A complex view combined
 * with the other transpose (conj (x) with no transpose) has no flag: gw_prepare_view first. */
gm_op gw_stored_op (const gw_operand *x, gm_op op);
/* Materializes a complex view that gw_stored_op could not express under `op`. */
void gw_prepare_view (gw_scratch *scratch, gw_operand *x, gm_op op, const char *area);
/* Rows and columns of op(x) for a 2-D operand (or of op applied to x's pages). */
void gw_op_dims (const gw_operand *x, gm_op op, mwSize *rows, mwSize *cols);
/* An operation name argument ("none", "transpose", "ctranspose"); anything else raises
 * gpumat:<area>:invalidOp naming `what` (e.g. "OPA"). */
gm_op gw_read_op (gw_scratch *scratch, const mxArray *arg, const char *area, const char *what);

/* A packed gpumat descriptor (mex/descriptor.h; view 0) for a device block the caller
 * now owns (its class code from cls: "double" for complex double, the complex bit set). */
mxArray *gw_make_descriptor (void *d_ptr, gm_class cls, mwSize ndims, const mwSize *dims);
/* The descriptor of a new gpumat array owning the device block d_ptr (which leaves `scratch`:
 * the shell wraps it into a gpumat value that frees the block); on failure the
 * block is freed and an error raised. */
mxArray *gw_make_gpumat (gw_scratch *scratch, void *d_ptr, gm_class cls, mwSize ndims,
                         const mwSize *dims, const char *area);
/* The same for a logical result: d_ptr holds one byte (0 or 1) an element; cls "logical". */
mxArray *gw_make_logical_gpumat (gw_scratch *scratch, void *d_ptr, mwSize ndims,
                                 const mwSize *dims, const char *area);
/* Marks a descriptor made by gw_make_descriptor (of GM_UINT8 data) as logical. */
void gw_descriptor_set_logical (mxArray *desc);
/* A host result array of a real or integer class cls, uninitialized: the caller writes every
 * element. */
mxArray *gw_make_host_array (gm_class cls, mwSize ndims, const mwSize *dims);
void *gw_array_data (mxArray *array);

/* A host result of any class: `data` is where the caller writes its elements (interleaved for
 * a complex class).  For a complex class that is Octave's own storage of a complex array made
 * by __gpumat_alloc__ (or, if that cannot be had, scratch that gw_result_finish splits). */
typedef struct {
  mxArray *array;
  gm_class cls;
  void *data;
  mwSize ndims;
  mwSize dims[GW_MAX_DIMS];
  size_t numel;
} gw_result;
void gw_result_make (gw_scratch *scratch, gm_class cls, mwSize ndims, const mwSize *dims,
                     gw_result *r);
/* The finished array.  For a complex class, has_imag says whether some imaginary part is
 * nonzero (1), none is (0: the result is narrowed to the real class, as Octave narrows), or
 * is not known (-1: looked at here). */
mxArray *gw_result_finish (gw_scratch *scratch, gw_result *r, int has_imag);
/* Frees an unfinished result (before raising an error). */
void gw_result_discard (gw_result *r);
/* Narrows a complex device result in place of *d_ptr (count elements of *cls): when no
 * imaginary part is nonzero, *d_ptr becomes a new block of the real class (the old one stays
 * in scratch) and *cls the real class.  Real classes are left alone. */
void gw_narrow_device (gw_scratch *scratch, void **d_ptr, gm_class *cls, size_t count,
                       const char *area);
/* A device operand copied into a new host array (a view materialized first; complex data
 * stay complex; a logical gpumat read by gw_read_operand_raw gives a logical array). */
mxArray *gw_gather_operand (gw_scratch *scratch, gw_operand *op, const char *area);

/* Octave's class name of the elements: "double" for double and complex double, "int8" ... */
const char *gw_class_name (gm_class cls);
/* "complex double", "int32 matrix"-style names for messages: "complex double", "int32". */
const char *gw_class_text (gm_class cls);

/* "2x3" or "2x3x4" */
void gw_format_dims (char *buf, size_t len, mwSize ndims, const mwSize *dims);
/* The element count of a result of shape (nd, dims), the dims also copied into mw_dims; the
 * count and its bytes (elem_bytes an element) checked for overflow: gpumat:<area>:tooLarge
 * "the result (MxN...) is too large", so that a wrapped-around size never allocates a small
 * block that a kernel then overruns. */
size_t gw_result_count (gw_scratch *scratch, int nd, const int64_t *dims, mwSize *mw_dims,
                        size_t elem_bytes, const char *area);

/* The string argument `arg` into buf (raises gpumat:<area>:<reason_id> if not a char row). */
void gw_read_string (gw_scratch *scratch, const mxArray *arg, char *buf, size_t len,
                     const char *area, const char *what);
/* A real scalar integer argument >= minimum. */
int64_t gw_read_count (gw_scratch *scratch, const mxArray *arg, int64_t minimum,
                       const char *area, const char *what);

/* Ctrl-C pending in Octave (the callback of gm_host_options). */
int gw_interrupted (void *ctx);
/* A positive whole number of bytes (an option's value), or an identified error. */
size_t gw_read_bytes (gw_scratch *scratch, const mxArray *in, const char *area, const char *what);

/* Several GPUs.  gw_read_devices: a "devices" value, a non-empty vector of distinct 0-based
 * CUDA ordinals, into devices[GM_MAX_DEVICES]; returns their count.  Its form is checked
 * without a GPU; with check_present, also that each exists (gm_check_devices).  Raises
 * gpumat:device:invalidDevice. */
int gw_read_devices (gw_scratch *scratch, const mxArray *in, int *devices, int check_present);
/* The package default (gpumat_device ("devices", LIST)); count 0: none set (device 0). */
int gw_default_devices (const int **devices);
void gw_set_default_devices (const int *devices, int count);
/* gpumat:device:mixedDevices when the gpumat operands among ops live on different GPUs, or on
 * a GPU that a non-empty `devices` list leaves out. */
void gw_check_operand_devices (gw_scratch *scratch, const gw_operand *const *ops, int nops,
                               const int *devices, int count);

#endif
