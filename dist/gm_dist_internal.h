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
/* The lowest of `count` flags over a grid (its row, then its column), in place on every rank of
   it; the ranks' agreement, and a barrier. */
int gm_dist_grid_min (MPI_Comm row, MPI_Comm col, int *flags, int count);
/* C = A * B on the GPUs of a grid whose ranks share one host (dist/gm_dist_peer.c): the
   arguments of gm_dist_gemm_gpu; *done = 0 (nothing computed, 0 returned, the same on every
   rank) where the ranks are not on one host, cannot map each other's device memory or cannot
   hold the buffers, with the reason in gm_dist_peer_note () (gm_dist.h). */
int gm_dist_gemm_peer (gm_dist_class cls, int context, long long m, long long n, long long k,
                       const void *A, long long mbA, long long nbA, const void *B,
                       long long mbB, long long nbB, void *C, int *done, double seconds[3]);
/* Bytes of one element of cls (a complex element is both parts). */
size_t gm_dist_element_size (gm_dist_class cls);

#endif
