/* test_device_message.c: the words of the gpumat:noDevice error, checked on the CPU.
 *
 * gw_no_device_message (mex/gw_device_message.c) for each reason gm_init can report: each
 * message keeps the stable prefix, names what is wrong (the missing driver, both versions of a
 * driver too old, the capabilities of a GPU too old) and the next step.  make check builds and
 * runs it with the host compiler: no GPU and no driver needed.
 *
 *   cc -Imex -Ikernels -I/usr/local/cuda/include tests/test_device_message.c \
 *      mex/gw_device_message.c -o test_device_message && ./test_device_message
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdio.h>
#include <string.h>
#include "gw_device_message.h"

static int passed, failed;

static void expect (const char *what, const char *message, const char *part)
{
  if (strstr (message, part)) {
    passed++;
  } else {
    failed++;
    printf ("FAIL %s: \"%s\" not in\n  %s\n", what, part, message);
  }
}

/* What every message has: the prefix the tests of the .m files assert, and the next step. */
static void expect_common (const char *what, const char *message)
{
  if (strncmp (message, GW_NO_DEVICE_PREFIX, strlen (GW_NO_DEVICE_PREFIX)) == 0) {
    passed++;
  } else {
    failed++;
    printf ("FAIL %s: does not start with \"%s\":\n  %s\n", what, GW_NO_DEVICE_PREFIX, message);
  }
  expect (what, message, "gpumat_available ()");
  expect (what, message, "Octave's own * and dot on host arrays");
}

int main (void)
{
  char buf[1024];
  gm_nodev_info info;

  /* a machine without any NVIDIA driver: CUDA says "insufficient driver" (35) */
  memset (&info, 0, sizeof info);
  info.reason = GM_NODEV_NO_DRIVER;
  info.cuda_error = 35;
  info.runtime_version = 13000;
  gw_no_device_message (buf, sizeof buf, &info, "cudaGetDeviceCount: CUDA driver version is "
                        "insufficient for CUDA runtime version (cudaErrorInsufficientDriver)");
  expect_common ("no driver", buf);
  expect ("no driver", buf, "no NVIDIA driver is installed");
  expect ("no driver", buf, "install the NVIDIA driver");
  expect ("no driver", buf, "CUDA 13.0 or newer");
  if (strstr (buf, "insufficient")) {
    failed++;
    printf ("FAIL no driver: CUDA's misleading words are quoted:\n  %s\n", buf);
  } else {
    passed++;
  }

  /* the driver's library is there, its kernel module is not loaded */
  info.driver_library = 1;
  gw_no_device_message (buf, sizeof buf, &info, "");
  expect_common ("no module", buf);
  expect ("no module", buf, "kernel module is not loaded");

  /* a driver older than the runtime: both versions */
  memset (&info, 0, sizeof info);
  info.reason = GM_NODEV_OLD_DRIVER;
  info.cuda_error = 35;
  info.driver_version = 12040;
  info.runtime_version = 13000;
  info.driver_library = info.driver_module = 1;
  gw_no_device_message (buf, sizeof buf, &info, "");
  expect_common ("old driver", buf);
  expect ("old driver", buf, "the NVIDIA driver is too old");
  expect ("old driver", buf, "supports CUDA up to 12.4");
  expect ("old driver", buf, "built with CUDA 13.0");
  expect ("old driver", buf, "update the NVIDIA driver");

  /* a driver and no GPU (100) */
  memset (&info, 0, sizeof info);
  info.reason = GM_NODEV_NO_DEVICE;
  info.cuda_error = 100;
  info.driver_version = 13010;
  info.runtime_version = 13000;
  gw_no_device_message (buf, sizeof buf, &info, "");
  expect_common ("no device", buf);
  expect ("no device", buf, "finds no GPU");
  expect ("no device", buf, "CUDA 13.1");
  expect ("no device", buf, "nvidia-smi");

  /* a GPU older than the oldest capability built */
  memset (&info, 0, sizeof info);
  info.reason = GM_NODEV_OLD_DEVICE;
  info.device_cc = 75;
  info.min_cc = 90;
  snprintf (info.device_name, sizeof info.device_name, "Tesla T4");
  gw_no_device_message (buf, sizeof buf, &info, "");
  expect_common ("old device", buf);
  expect ("old device", buf, "Tesla T4");
  expect ("old device", buf, "compute capability 7.5");
  expect ("old device", buf, "built for 9.0 and newer");
  expect ("old device", buf, "CUDA_ARCH=75");

  /* anything else: CUDA's own words */
  memset (&info, 0, sizeof info);
  gw_no_device_message (buf, sizeof buf, &info, "creating a CUDA context on device 0: "
                        "out of memory (cudaErrorMemoryAllocation)");
  expect_common ("other", buf);
  expect ("other", buf, "creating a CUDA context on device 0: out of memory");

  /* a short buffer is cut, never overrun */
  char small[24];
  memset (&info, 0, sizeof info);
  info.reason = GM_NODEV_NO_DRIVER;
  gw_no_device_message (small, sizeof small, &info, "");
  if (strlen (small) == sizeof small - 1) {
    passed++;
  } else {
    failed++;
    printf ("FAIL short buffer: length %zu\n", strlen (small));
  }

  printf ("test_device_message: %d passed, %d failed, 0 skipped\n", passed, failed);
  return failed != 0;
}
