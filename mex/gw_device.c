/* gw_device.c: the gateway commands that describe the GPUs and the package's state:
 * ("device", CALLER [, "devices", LIST]) (gpumat_device, gpuDevice), ("kernels", CALLER)
 * (gpumat_kernels: the matmul registry's rows) and ("usage", CALLER) (live blocks, their bytes
 * and the cache's).  Dispatched from gpumat_mex.c's gateway_commands[].
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_device.h"

static mxArray *scalar (double v) { return mxCreateDoubleScalar (v); }

/* The fields of one device (Index ... FreeMemory): the entries of Devices, and the top level. */
static void device_fields (mxArray *s, mwIndex i, int ordinal, const gm_device_info *info)
{
  char cc[32];
  snprintf (cc, sizeof cc, "%d.%d", info->major, info->minor);
  mxSetField (s, i, "Index", scalar (ordinal));
  mxSetField (s, i, "Name", mxCreateString (info->name));
  mxSetField (s, i, "ComputeCapability", mxCreateString (cc));
  mxSetField (s, i, "MultiprocessorCount", scalar (info->multiprocessors));
  mxSetField (s, i, "TotalMemory", scalar ((double) info->total_bytes));
  mxSetField (s, i, "FreeMemory", scalar ((double) info->free_bytes));
}

/* ("device", CALLER): device 0's description (the GPU gpumat arrays live on), with every
   device in Devices and the default device list of host-array products in ProductDevices.
   ("device", CALLER, "devices", LIST): sets that default first ([]: back to device 0). */
void gw_cmd_device (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs;
  if (nrhs != 2 && nrhs != 4)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"device\", CALLER [, \"devices\", LIST]): wrong number of arguments");
  if (nrhs == 4) {
    char name[16];
    gw_read_string (NULL, prhs[2], name, sizeof name, "device", "Option");
    if (strcmp (name, "devices"))
      gw_fail (NULL, "gpumat:device:invalidOption", "unknown setting '%s' (\"devices\" is the "
               "one setting)", name);
    int list[GM_MAX_DEVICES], count = 0;
    if (!mxIsEmpty (prhs[3]) || !mxIsNumeric (prhs[3]))
      count = gw_read_devices (NULL, prhs[3], list, 1);
    gw_set_default_devices (list, count);
  }
  int device_count = 0;
  gm_status st = gm_device_count (&device_count);
  gm_device_info info;
  if (st == GM_OK)
    st = gm_device_query (&info);
  if (st != GM_OK)
    gw_fail_status (NULL, st, "device");
  const char *fields[] = {"Name", "ComputeCapability", "MultiprocessorCount", "TotalMemory",
                          "FreeMemory", "DriverVersion", "RuntimeVersion", "Index",
                          "DeviceCount", "Devices", "ProductDevices"};
  const char *device_field_names[] = {"Index", "Name", "ComputeCapability",
                                      "MultiprocessorCount", "TotalMemory", "FreeMemory"};
  /* every device's entry, made before the result so that an error leaves nothing behind */
  mxArray *all = mxCreateStructMatrix (1, (mwSize) device_count, 6, device_field_names);
  for (int d = 0; d < device_count; d++) {
    gm_device_info one;
    st = gm_device_query_index (d, &one);
    if (st != GM_OK) {
      mxDestroyArray (all);
      gw_fail_status (NULL, st, "device");
    }
    device_fields (all, (mwIndex) d, d, &one);
  }
  char driver[32], runtime[32];
  snprintf (driver, sizeof driver, "%d.%d", info.driver_version / 1000,
            info.driver_version % 1000 / 10);
  snprintf (runtime, sizeof runtime, "%d.%d", info.runtime_version / 1000,
            info.runtime_version % 1000 / 10);
  mxArray *s = mxCreateStructMatrix (1, 1, 11, fields);
  device_fields (s, 0, 0, &info);
  mxSetField (s, 0, "DriverVersion", mxCreateString (driver));
  mxSetField (s, 0, "RuntimeVersion", mxCreateString (runtime));
  mxSetField (s, 0, "DeviceCount", scalar (device_count));
  mxSetField (s, 0, "Devices", all);
  const int *defaults;
  const int ndefault = gw_default_devices (&defaults);
  mxArray *product = mxCreateDoubleMatrix (1, ndefault ? (mwSize) ndefault : 1, mxREAL);
  for (int i = 0; i < ndefault; i++)
    mxGetPr (product)[i] = defaults[i];     /* none set: [0] (zeros) */
  mxSetField (s, 0, "ProductDevices", product);
  plhs[0] = s;
}

/* The registry's names, and with a second output its rows: Name, Classes (a cell row of class
   names), MinComputeCapability (8 for 8.0; 0: any device), Summary. */
void gw_cmd_kernels (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nrhs; (void) prhs;
  static const char *fields[] = {"Name", "Classes", "MinComputeCapability", "Summary"};
  mxArray *names = mxCreateCellMatrix (1, GM_MATMUL_KERNEL_COUNT);
  mxArray *rows = nlhs > 1 ? mxCreateStructMatrix (1, GM_MATMUL_KERNEL_COUNT, 4, fields) : NULL;
  for (int k = 0; k < GM_MATMUL_KERNEL_COUNT; k++) {
    const gm_matmul_kernel_info *row = gm_matmul_kernel_info_of ((gm_matmul_kernel) k);
    mxSetCell (names, k, mxCreateString (row->name));
    if (!rows)
      continue;
    mwSize count = 0;
    for (int c = 0; c < GM_CLASS_COUNT; c++)
      count += (row->classes & GM_CLASS_BIT (c)) != 0;
    mxArray *classes = mxCreateCellMatrix (1, count);
    for (int c = 0, i = 0; c < GM_CLASS_COUNT; c++)
      if (row->classes & GM_CLASS_BIT (c))
        mxSetCell (classes, i++, mxCreateString (gm_class_name ((gm_class) c)));
    mxSetField (rows, k, "Name", mxCreateString (row->name));
    mxSetField (rows, k, "Classes", classes);
    mxSetField (rows, k, "MinComputeCapability", mxCreateDoubleScalar (row->min_cc / 10.0));
    mxSetField (rows, k, "Summary", mxCreateString (row->summary));
  }
  plhs[0] = names;
  if (rows)
    plhs[1] = rows;
}

void gw_cmd_usage (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void) nlhs; (void) nrhs; (void) prhs;
  size_t blocks, live, cached;
  gm_device_usage (&blocks, &live, &cached);
  mxArray *u = mxCreateDoubleMatrix (1, 3, mxREAL);
  mxGetPr (u)[0] = (double) blocks;
  mxGetPr (u)[1] = (double) live;
  mxGetPr (u)[2] = (double) cached;
  plhs[0] = u;
}
