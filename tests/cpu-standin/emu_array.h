/* emu_array.h: the array commands every emulated __gpumat__ of tests/cpu-standin answers
 * (emu_array.c).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_EMU_ARRAY_H
#define GPUMAT_EMU_ARRAY_H

#include "mex.h"

/* Runs COMMAND when it is one of upload, gather, copy, convert, free, usage and available and
   returns 1; returns 0 for any other command. */
int emu_array_command (const char *command, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
