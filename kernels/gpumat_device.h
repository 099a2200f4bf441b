/* gpumat_device.h: device selection and queries, and why no GPU is usable (kernels/memory.cu).
 * Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_DEVICE_H
#define GPUMAT_DEVICE_H

#include <stddef.h>
#include "gpumat_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- device ---------------------------------------------------------------------------- */
typedef struct {
  char name[256];
  int major, minor;            /* compute capability */
  int multiprocessors;
  size_t total_bytes, free_bytes;
  int driver_version;          /* as CUDA encodes it: 1000*major + 10*minor */
  int runtime_version;
} gm_device_info;

/* Devices.  Every function below works on the calling thread's current CUDA device
 * (cudaSetDevice): device 0 for Octave's thread, which gm_init selects once, unless a caller
 * switches it for one call with gm_use_device and switches it back before returning.  Device
 * memory (gm_device_alloc), the staging pool (one per device), the kernels' per-device caches
 * (attributes, properties) and streams all follow that rule; a device pointer is only valid as
 * an operand on the device that allocated it (gm_device_of tells which).  The several-device
 * product (gm_matmul_host_blocked with opt->devices) runs one host thread per device, each
 * with its own device current; everything in kernels/ that it reaches is safe to call from
 * several threads at once for different devices.  Ordinals are CUDA's, 0-based, below
 * GM_MAX_DEVICES. */
#define GM_MAX_DEVICES 16

/* Selects device 0 once and checks that it can be used; GM_ERR_NO_DEVICE with CUDA's reason
 * otherwise.  Cheap after the first successful call. */
gm_status gm_init (void);
/* Why the last gm_init found no usable GPU, in facts the gateway turns into words. */
typedef enum {
  GM_NODEV_OTHER = 0,     /* another CUDA failure: gm_error_detail () names it              */
  GM_NODEV_NO_DRIVER,     /* no NVIDIA driver (libcuda.so.1 does not load)                   */
  GM_NODEV_OLD_DRIVER,    /* a driver older than the CUDA runtime gpumat was built with      */
  GM_NODEV_NO_DEVICE,     /* a driver, and no GPU it can use                                 */
  GM_NODEV_OLD_DEVICE     /* device 0's compute capability is below the oldest one built     */
} gm_nodev_reason;
typedef struct {
  gm_nodev_reason reason;
  int cuda_error;         /* what cudaGetDeviceCount returned (35, 100, ...)                  */
  int driver_version;     /* cudaDriverGetVersion: 12040 for CUDA 12.4; 0 without a driver    */
  int runtime_version;    /* cudaRuntimeGetVersion: the CUDA runtime linked into gpumat       */
  int driver_library;     /* 1 when libcuda.so.1 loads                                        */
  int driver_module;      /* 1 when /proc/driver/nvidia/version exists (kernel module loaded) */
  int device_cc;          /* GM_NODEV_OLD_DEVICE: device 0's capability, 86 for 8.6           */
  int min_cc;             /* the oldest capability gpumat was built for (0: not known)        */
  char device_name[128];  /* GM_NODEV_OLD_DEVICE: device 0's name                            */
} gm_nodev_info;
void gm_no_device_info (gm_nodev_info *info);
/* This copy of the runtime (an address, compared, never dereferenced): the value type and the
 * MEX gateway call each other's device pointers only when both name the same one. */
const void *gm_runtime_instance (void);
/* The number of CUDA devices gpumat can use (at most GM_MAX_DEVICES). */
gm_status gm_device_count (int *count);
/* Makes `dev` the calling thread's current device (its context created now), returning the
 * previous one in *previous (may be NULL); GM_ERR_INVALID_ARGUMENT for an ordinal that does not
 * exist.  The caller switches back with cudaSetDevice (*previous). */
gm_status gm_use_device (int dev, int *previous);
/* gm_device_query for device `dev`; the calling thread's device is left as it was. */
gm_status gm_device_query_index (int dev, gm_device_info *info);
/* Never fails loudly: 1 when a usable GPU is there, 0 otherwise. */
int gm_available (void);
/* Device 0.  Returns cached device blocks first, so free_bytes reflects only live arrays. */
gm_status gm_device_query (gm_device_info *info);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_DEVICE_H */
