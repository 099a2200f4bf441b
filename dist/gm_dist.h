/* gm_dist.h: distributed products over MPI through ScaLAPACK's interface (issue 35).
 *
 * One process per rank, started by mpirun or srun; matrices in ScaLAPACK's 2-D block-cyclic
 * distribution on a P x Q BLACS grid, each rank's piece a column-major array in ScaLAPACK's
 * local storage (leading dimension max (1, local rows)).  The product is p?gemm_ of the
 * ScaLAPACK this library is linked with (Debian's by default; any engine that exports the same
 * p?gemm_ signature, COSMA's or SLATE's, can be linked or preloaded in its place).
 *
 * Every function here is collective over MPI_COMM_WORLD where it says so: each rank calls it, in
 * the same order.  gm_dist_agree turns an error seen by some ranks into the same error on all of
 * them, so that no rank is left waiting in a collective that another has left.  Functions return
 * 0, or -1 with a message for gm_dist_error ().
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#ifndef GM_DIST_H
#define GM_DIST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ScaLAPACK's array descriptor: DTYPE (1), CTXT, M, N, MB, NB, RSRC, CSRC, LLD. */
enum { GM_DIST_DESC_LEN = 9 };

typedef enum { GM_DIST_DOUBLE, GM_DIST_SINGLE, GM_DIST_COMPLEX_DOUBLE, GM_DIST_COMPLEX_SINGLE }
  gm_dist_class;

typedef struct {
  int rank, size;               /* in MPI_COMM_WORLD */
  int local_rank, local_size;   /* among the ranks of this host (MPI_COMM_TYPE_SHARED) */
} gm_dist_info;

const char *gm_dist_error (void);

/* MPI initialised (once per process; finalised by gm_dist_finalize) and this rank's place.
   Collective the first time only. */
int gm_dist_init (gm_dist_info *info);
void gm_dist_finalize (void);
/* This rank in MPI_COMM_WORLD (after gm_dist_init; not collective). */
int gm_dist_rank (void);

/* The p?gemm_ that gm_dist_gemm calls: those of the shared library at path `library` (opened
   once, kept open; it must export pdgemm_, psgemm_, pzgemm_ and pcgemm_), or with NULL or ""
   the ScaLAPACK this library is linked with.  Not collective: every rank must choose the same
   (the caller checks).  gm_dist_engine_name: the library's path, "" for the linked one. */
int gm_dist_engine (const char *library);
const char *gm_dist_engine_name (void);

/* Collective.  ok_here: whether this rank found its arguments good (message: why not).  *all_ok
   is 1 when every rank did; otherwise *bad_rank is the lowest rank that did not, and message
   (length message_len, at least 1) receives that rank's message on every rank. */
int gm_dist_agree (int ok_here, char *message, size_t message_len, int *all_ok, int *bad_rank);

/* Collective.  *same: whether every rank passed the same count values. */
int gm_dist_same (const long long *values, int count, int *same);

/* Collective.  out[i]: the largest values[i] of any rank. */
int gm_dist_max (const long long *values, int count, long long *out);

/* A P x Q grid, row-major over the ranks 0 .. P*Q-1 (collective).  Ranks past P*Q are not in it:
   *row = *col = -1 and *context = -1. */
int gm_dist_grid (int P, int Q, int *context, int *row, int *col);

/* C (m x n) = A.' or, with conjugate, A' (A is n x m), through ScaLAPACK's p?tran; collective
   over MPI_COMM_WORLD as gm_dist_gemm is (the same checks of the pieces, -2 and -1 alike). */
int gm_dist_tran (gm_dist_class cls, int conjugate, long long m, long long n, const void *A,
                  long long countA, const int *descA, void *C, long long countC,
                  const int *descC);

/* Collective over one row (along_row) or column of the grid `context`: the bytes of rank `root`
   of it (its grid column, along a row; its grid row, along a column) into data on the others. */
int gm_dist_bcast (int context, int along_row, int root, void *data, long long bytes);
/* Whether this rank is that broadcast's root (the root's data is only read). */
int gm_dist_bcast_root (int context, int along_row, int root, int *is_root);

/* Local rows (or columns) of an n-long dimension in blocks of nb over nprocs, on process iproc
   (ScaLAPACK's numroc, source process 0). */
long long gm_dist_local_count (long long n, long long nb, int iproc, int nprocs);

/* C = op(A) op(B) (collective over MPI_COMM_WORLD: a rank outside the grid, whose descriptors
   have context -1, takes part in the check of the pieces and computes nothing).
   ops 'N', 'T' or 'C'; A, B and C local pieces of countA, countB and countC elements with their
   descriptors (checked to hold what the descriptors place on this rank before ScaLAPACK runs:
   -2 where one does not; -1 for dimensions past ScaLAPACK's int). */
int gm_dist_gemm (gm_dist_class cls, char opa, char opb, long long m, long long n, long long k,
                  const void *A, long long countA, const int *descA, const void *B,
                  long long countB, const int *descB, void *C, long long countC,
                  const int *descC);

/* C = A * B on the GPU of each rank of the grid `context`, collective over that grid only.  A:
   this rank's piece of the m x k A in mbA x nbA blocks (leading dimension its local rows); B:
   of the k x n B in mbB x nbB blocks; C: this rank's piece of the m x n result (mbA x nbB
   blocks), complex interleaved.  Two routes:
     GM_DIST_ROUTE_PEER (where every rank of the grid is on one host and can map the others'
       device memory, dist/gm_dist_peer.c): the pieces go up once and move GPU to GPU;
     GM_DIST_ROUTE_BROADCAST (dist/gm_dist_gpu.c): each rank's grid row of A and grid column of
       B broadcast with MPI in messages of at most chunk_bytes (0: 256 MB), multiplied as
       they arrive.
   route GM_DIST_ROUTE_ANY takes the first that can run, *used says which (the same on every
   rank; GM_DIST_ROUTE_NONE: none), and gm_dist_peer_note why the peer route did not.  *fits = 0
   (and 0 returned, nothing computed) when no route asked for can hold its buffers on every
   rank's GPU.  seconds: the broadcasts (peer: the pieces up and between the GPUs), the GPU's
   busy time (broadcast: the worker thread's), and the whole call. */
enum { GM_DIST_ROUTE_NONE = 0, GM_DIST_ROUTE_PEER = 1, GM_DIST_ROUTE_BROADCAST = 2,
       GM_DIST_ROUTE_ANY = 3 };
int gm_dist_gemm_gpu (gm_dist_class cls, int context, long long m, long long n, long long k,
                      const void *A, long long mbA, long long nbA, const void *B, long long mbB,
                      long long nbB, void *C, size_t chunk_bytes, int route, int *fits,
                      int *used, double seconds[3]);
/* Why the last product with GM_DIST_ROUTE_PEER allowed did not take it ("" when it did). */
const char *gm_dist_peer_note (void);

/* Collective over MPI_COMM_WORLD: every rank's count doubles, in rank order, on rank root only
   (root < 0: on every rank).  *total: how many arrive (on every rank); out: a buffer of *total
   doubles (malloc'ed here, to free) where they arrive, NULL elsewhere. */
int gm_dist_collect (const double *values, long long count, int root, double **out,
                     long long *total);

/* The whole m x n matrix (column-major, class cls) assembled from every rank's local piece
   (collective over MPI_COMM_WORLD): on rank root only, or on every rank when root < 0.  Ranks
   outside the grid pass row = col = -1 and no data.  out: m * n elements where it is filled. */
int gm_dist_gather (gm_dist_class cls, long long m, long long n, long long mb, long long nb,
                    int P, int Q, int row, int col, const void *local, long long local_rows,
                    long long local_cols, int root, void *out);

#ifdef __cplusplus
}
#endif
#endif
