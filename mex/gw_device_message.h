/* gw_device_message.h: the words of the gpumat:noDevice error.
 *
 * Pure C with no Octave API, so that tests/test_device_message.c checks every message on a
 * machine without a GPU.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_DEVICE_MESSAGE_H
#define GPUMAT_GW_DEVICE_MESSAGE_H

#include <stddef.h>
#include "gpumat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every message starts with GW_NO_DEVICE_PREFIX, says what is wrong in words, then the next
 * step.  `detail` is gm_error_detail (): CUDA's own words, quoted for a failure without a
 * reason of its own (GM_NODEV_OTHER).  Returns `buf`. */
#define GW_NO_DEVICE_PREFIX "no usable CUDA GPU: "
const char *gw_no_device_message (char *buf, size_t size, const gm_nodev_info *info,
                                  const char *detail);

#ifdef __cplusplus
}
#endif

#endif
