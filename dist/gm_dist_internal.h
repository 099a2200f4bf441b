/* gm_dist_internal.h: what gm_dist.c shares with the other files of the distributed layer (the
 * GPU engine, gm_dist_gpu.c), not with the gateway: MPI's types, a grid's communicators, and
 * the error text that gm_dist_error returns.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#ifndef GM_DIST_INTERNAL_H
#define GM_DIST_INTERNAL_H

#include <mpi.h>
#include "gm_dist.h"

/* The communicators of grid `context` on this rank: its grid row (ranked by grid column) and
   its grid column (ranked by grid row); -1 with a message when this rank has no such grid. */
int gm_dist_grid_comms (int context, MPI_Comm *row, MPI_Comm *col);
/* Sets gm_dist_error's text (printf-style) and returns -1. */
int gm_dist_fail (const char *fmt, ...);
/* gm_dist_fail with MPI's own words for `code`, after the call's name. */
int gm_dist_mpi_fail (int code, const char *call);
/* Bytes of one element of cls (a complex element is both parts). */
size_t gm_dist_element_size (gm_dist_class cls);

#endif
