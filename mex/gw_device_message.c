/* gw_device_message.c: the words of the gpumat:noDevice error (see its header).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdio.h>
#include "gw_device_message.h"

/* What to do meanwhile, the same in every message. */
#define NEXT_STEP "gpumat_available () tells whether a GPU can be used; without one, " \
                  "Octave's own * and dot on host arrays compute the same results"

/* CUDA's version numbers are 1000 * major + 10 * minor: 12040 is 12.4. */
static void cuda_version (char *buf, size_t size, int v)
{
  snprintf (buf, size, "%d.%d", v / 1000, (v % 1000) / 10);
}

const char *gw_no_device_message (char *buf, size_t size, const gm_nodev_info *info,
                                  const char *detail)
{
  char driver[16], runtime[16];
  cuda_version (driver, sizeof driver, info->driver_version);
  cuda_version (runtime, sizeof runtime, info->runtime_version);
  switch (info->reason) {
  case GM_NODEV_NO_DRIVER:
    if (info->driver_library && !info->driver_module)
      snprintf (buf, size, GW_NO_DEVICE_PREFIX "the NVIDIA driver's kernel module is not loaded "
                "(there is no /proc/driver/nvidia/version): load it (nvidia-smi should list "
                "your GPU) or reboot after installing the driver; " NEXT_STEP);
    else
      snprintf (buf, size, GW_NO_DEVICE_PREFIX "no NVIDIA driver is installed on this machine "
                "(libcuda.so.1 cannot be loaded): install the NVIDIA driver for your GPU, one "
                "that supports CUDA %s or newer; " NEXT_STEP, runtime);
    break;
  case GM_NODEV_OLD_DRIVER:
    snprintf (buf, size, GW_NO_DEVICE_PREFIX "the NVIDIA driver is too old: it supports CUDA "
              "up to %s, and gpumat was built with CUDA %s: update the NVIDIA driver, or "
              "reinstall gpumat built with a CUDA toolkit no newer than %s; " NEXT_STEP,
              driver, runtime, driver);
    break;
  case GM_NODEV_NO_DEVICE:
    snprintf (buf, size, GW_NO_DEVICE_PREFIX "the NVIDIA driver (CUDA %s) finds no GPU: check "
              "that nvidia-smi lists one, and that CUDA_VISIBLE_DEVICES does not hide it; "
              NEXT_STEP, driver);
    break;
  case GM_NODEV_OLD_DEVICE:
    snprintf (buf, size, GW_NO_DEVICE_PREFIX "the GPU (%s) has compute capability %d.%d, and "
              "this gpumat was built for %d.%d and newer: reinstall gpumat on this machine "
              "(pkg install builds for the GPU it finds) or build it with CUDA_ARCH=%d, where "
              "the CUDA toolkit still supports that GPU; "
              NEXT_STEP, info->device_name[0] ? info->device_name : "device 0",
              info->device_cc / 10, info->device_cc % 10, info->min_cc / 10, info->min_cc % 10,
              info->device_cc);
    break;
  default:
    snprintf (buf, size, GW_NO_DEVICE_PREFIX "%s; " NEXT_STEP,
              detail && detail[0] ? detail : "CUDA gave no reason");
  }
  return buf;
}
