/* gm_dist_peer.c: the distributed product where every rank of the grid is on one host (engine
 * "summa", each rank with a GPU): the ranks exchange their pieces GPU to GPU instead of through
 * MPI's shared memory.  For C = A * B on a P x Q grid, rank (r, c):
 *   1. uploads its own piece of A (and of B where P > 1) into a device block the other ranks
 *      may map (gm_peer_alloc: CUDA IPC), and sends its 64-byte handle along its grid row
 *      (column) with MPI;
 *   2. maps the pieces of its grid row of A (column of B) and copies their blocks, in k order,
 *      into its rows_c x k panel of A (k x cols_c of B): device to device, over NVLink where
 *      the pieces are on other GPUs;
 *   3. after a barrier (every rank has read what it needs), unmaps and frees the shared pieces,
 *      and multiplies: gm_matmul_device_host streams B's columns (P = 1: straight from this
 *      rank's piece on the host, which is its grid column already) and C's down, overlapped
 *      with the products, by the native kernel as one process's products of host arrays.
 * Why (bench/NOTES-distributed.md): at 40000^2 double on 1 x 2 ranks of two H200, each rank
 * receives 6.4 GB; MPI's shared-memory broadcasts carried them at 2.8 GB/s (2.3 s, more than
 * the whole one-process product), NVLink in ~20 ms.  The price is device memory: the shared
 * pieces and the panels (rows_c x k of A, k x cols_c of B where P > 1) at once, during step 2.
 *
 * Collective over the grid; every decision (one host, the buffers fit, the handles opened) is
 * agreed by all of its ranks, and a rank that cannot go on makes every rank return done = 0
 * (the caller then broadcasts) or the same error.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gm_dist_internal.h"
#include "gpumat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char note[300];

const char *gm_dist_peer_note (void)
{
  return note;
}

/* 1 when every rank of comm is on this host */
static int on_one_host (MPI_Comm comm, int *yes)
{
  MPI_Comm shared;
  int rc = MPI_Comm_split_type (comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared);
  if (rc != MPI_SUCCESS)
    return gm_dist_mpi_fail (rc, "MPI_Comm_split_type");
  int size, shared_size;
  MPI_Comm_size (comm, &size);
  MPI_Comm_size (shared, &shared_size);
  MPI_Comm_free (&shared);
  *yes = shared_size == size;
  return 0;
}

/* The pieces of one operand along one grid dimension: this rank's shared block and the others'
   mapped ones (own: the rank's place there). */
typedef struct {
  int count, own;
  void *mine;
  gm_peer_handle handle;
  gm_peer_handle *handles;
  void **blocks;
} pieces;

/* The others' blocks unmapped (this rank's stays until every rank has unmapped it). */
static void pieces_unmap (pieces *p)
{
  for (int i = 0; p->blocks && i < p->count; i++)
    if (i != p->own)
      gm_peer_close (p->blocks[i]);
  free (p->blocks);
  free (p->handles);
  p->blocks = NULL;
  p->handles = NULL;
}

static void pieces_free (pieces *p)
{
  pieces_unmap (p);
  gm_peer_free (p->mine);
  p->mine = NULL;
}

/* Every rank's handle along comm, then the others' blocks mapped; *opened = 0 (with the note
   set) where one could not be. */
static int pieces_open (pieces *p, MPI_Comm comm, int *opened)
{
  *opened = 1;
  p->handles = calloc ((size_t) p->count, sizeof *p->handles);
  p->blocks = calloc ((size_t) p->count, sizeof *p->blocks);
  if (!p->handles || !p->blocks)
    return gm_dist_fail ("out of host memory for %d handles", p->count);
  const int rc = MPI_Allgather (&p->handle, (int) sizeof p->handle, MPI_BYTE, p->handles,
                                (int) sizeof p->handle, MPI_BYTE, comm);
  if (rc != MPI_SUCCESS)
    return gm_dist_mpi_fail (rc, "MPI_Allgather");
  for (int i = 0; i < p->count; i++) {
    if (i == p->own)
      p->blocks[i] = p->mine;
    else if (*opened && gm_peer_open (&p->handles[i], &p->blocks[i]) != GM_OK) {
      snprintf (note, sizeof note, "the device memory of another rank could not be mapped: %s",
                gm_error_detail ());
      *opened = 0;
    }
  }
  return 0;
}

static long long min_ll (long long a, long long b)
{
  return a < b ? a : b;
}

int gm_dist_gemm_peer (gm_dist_class cls, int context, long long m, long long n, long long k,
                       const void *A, long long mbA, long long nbA, const void *B,
                       long long mbB, long long nbB, void *C, int *done, double seconds[3])
{
  *done = 0;
  seconds[0] = seconds[1] = seconds[2] = 0;
  note[0] = 0;
  const double start = MPI_Wtime ();
  MPI_Comm row_comm, col_comm;
  if (gm_dist_grid_comms (context, &row_comm, &col_comm) != 0)
    return -1;
  int P, Q, my_row, my_col;
  MPI_Comm_size (col_comm, &P);
  MPI_Comm_rank (col_comm, &my_row);
  MPI_Comm_size (row_comm, &Q);
  MPI_Comm_rank (row_comm, &my_col);
  const size_t es = gm_dist_element_size (cls);
  const gm_class gcls = (gm_class) cls;   /* the same order: double, single, complex ... */
  const long long rows_c = gm_dist_local_count (m, mbA, my_row, P);
  const long long cols_c = gm_dist_local_count (n, nbB, my_col, Q);
  const long long cols_a = gm_dist_local_count (k, nbA, my_col, Q);
  const long long rows_b = gm_dist_local_count (k, mbB, my_row, P);

  /* 0. every rank of the grid on this host */
  int flags[2] = {1, 1};
  int rc = on_one_host (row_comm, &flags[0]);
  if (rc == 0)
    rc = on_one_host (col_comm, &flags[1]);
  flags[0] = flags[0] && flags[1];
  if (rc == 0)
    rc = gm_dist_grid_min (row_comm, col_comm, flags, 1);
  if (rc != 0 || !flags[0]) {
    if (rc == 0)
      snprintf (note, sizeof note, "the ranks of the grid are not all on one host");
    return rc;
  }

  /* 1. the buffers, and this rank's pieces up (A's straight into its panel where Q = 1) */
  pieces pa, pb;
  memset (&pa, 0, sizeof pa);
  memset (&pb, 0, sizeof pb);
  pa.count = Q;
  pa.own = my_col;
  pb.count = P;
  pb.own = my_row;
  void *panel_a = NULL, *panel_b = NULL;
  size_t a_bytes = 0, b_bytes = 0;
  gm_status st = gm_mul_size3 ((size_t) rows_c, (size_t) k, es, &a_bytes);
  if (st == GM_OK)
    st = gm_mul_size3 ((size_t) k, (size_t) cols_c, es, &b_bytes);
  if (st == GM_OK)
    st = gm_device_alloc (&panel_a, a_bytes + es);
  if (st == GM_OK && Q > 1)
    st = gm_peer_alloc (&pa.mine, (size_t) rows_c * cols_a * es, &pa.handle);
  if (st == GM_OK && P > 1)
    st = gm_device_alloc (&panel_b, b_bytes + es);
  if (st == GM_OK && P > 1)
    st = gm_peer_alloc (&pb.mine, (size_t) rows_b * cols_c * es, &pb.handle);
  if (st == GM_OK && rows_c * cols_a > 0)
    st = gm_copy_to_device (Q > 1 ? pa.mine : panel_a, A, (size_t) rows_c * cols_a * es);
  if (st == GM_OK && P > 1 && rows_b * cols_c > 0)
    st = gm_copy_to_device (pb.mine, B, (size_t) rows_b * cols_c * es);
  if (st == GM_OK)
    st = gm_sync ();   /* the pieces are there before any other rank reads them */
  char why[400] = "";
  if (st != GM_OK)
    snprintf (why, sizeof why, "%s", gm_error_detail ());
  flags[0] = st != GM_ERR_OUT_OF_MEMORY;
  flags[1] = st == GM_OK || st == GM_ERR_OUT_OF_MEMORY;
  rc = gm_dist_grid_min (row_comm, col_comm, flags, 2);
  if (rc == 0 && !flags[1])
    rc = st != GM_OK && st != GM_ERR_OUT_OF_MEMORY
           ? gm_dist_fail ("the GPU of this rank: pieces up: %s", why)
           : gm_dist_fail ("another rank's GPU failed before the product started");
  if (rc == 0 && !flags[0])
    snprintf (note, sizeof note, "some rank's GPU cannot hold the pieces and the panels");

  /* 2. the handles along the grid row (A) and column (B), the others' pieces mapped */
  int go = rc == 0 && flags[0];
  const int shared = go;
  if (go) {
    int opened[2] = {1, 1};
    if (Q > 1)
      rc = pieces_open (&pa, row_comm, &opened[0]);
    if (rc == 0 && P > 1)
      rc = pieces_open (&pb, col_comm, &opened[1]);
    opened[0] = opened[0] && opened[1];
    if (rc == 0)
      rc = gm_dist_grid_min (row_comm, col_comm, opened, 1);
    if (rc == 0 && !opened[0] && !note[0])
      snprintf (note, sizeof note, "another rank could not map this rank's device memory");
    go = rc == 0 && opened[0];
  }
  /* each column block of piece q of A to its columns of the panel; each row block of piece p of
     B to its rows */
  st = GM_OK;
  for (int q = 0; go && Q > 1 && q < Q && st == GM_OK; q++) {
    const long long lc = gm_dist_local_count (k, nbA, q, Q);
    for (long long j = 0; j * nbA < lc && st == GM_OK; j++) {
      const long long w = min_ll (nbA, lc - j * nbA), col = (j * Q + q) * nbA;
      const size_t bytes = (size_t) rows_c * w * es;
      st = gm_copy_device_2d ((char *) panel_a + (size_t) col * rows_c * es, bytes,
                              (const char *) pa.blocks[q] + (size_t) j * nbA * rows_c * es,
                              bytes, bytes, 1);
    }
  }
  for (int p = 0; go && P > 1 && p < P && st == GM_OK; p++) {
    const long long lr = gm_dist_local_count (k, mbB, p, P);
    for (long long i = 0; i * mbB < lr && st == GM_OK; i++) {
      const long long h = min_ll (mbB, lr - i * mbB), row = (i * P + p) * mbB;
      st = gm_copy_device_2d ((char *) panel_b + (size_t) row * es, (size_t) k * es,
                              (const char *) pb.blocks[p] + (size_t) i * mbB * es,
                              (size_t) lr * es, (size_t) h * es, (size_t) cols_c);
    }
  }
  if (go && st == GM_OK)
    st = gm_sync ();
  if (go) {   /* every rank has its panels: the shared pieces may go */
    if (st != GM_OK)
      snprintf (why, sizeof why, "%s", gm_error_detail ());
    flags[0] = st == GM_OK;
    rc = gm_dist_grid_min (row_comm, col_comm, flags, 1);
    if (rc == 0 && !flags[0])
      rc = st != GM_OK ? gm_dist_fail ("the GPU of this rank: pieces between GPUs: %s", why)
                       : gm_dist_fail ("the product failed on the GPU of another rank of the grid");
    go = rc == 0;
  }
  pieces_unmap (&pa);
  pieces_unmap (&pb);
  if (shared && rc == 0) {   /* nobody maps this rank's pieces any more */
    int unmapped = 1;
    rc = gm_dist_grid_min (row_comm, col_comm, &unmapped, 1);
  }
  pieces_free (&pa);
  pieces_free (&pb);
  seconds[0] = MPI_Wtime () - start;

  /* 3. the product, B's columns and C's streamed */
  if (go) {
    st = gm_matmul_device_host (GM_MATMUL_AUTO, gcls, rows_c, cols_c, k, panel_a,
                                P > 1 ? panel_b : B, P == 1, C, &seconds[1]);
    if (st != GM_OK)
      snprintf (why, sizeof why, "%s", gm_error_detail ());
    flags[0] = st == GM_OK;
    rc = gm_dist_grid_min (row_comm, col_comm, flags, 1);
    if (rc == 0 && st != GM_OK)
      rc = gm_dist_fail ("the GPU of this rank: product: %s", why);
    else if (rc == 0 && !flags[0])
      rc = gm_dist_fail ("the product failed on the GPU of another rank of the grid");
    *done = rc == 0;
  }
  gm_device_free (panel_a);
  gm_device_free (panel_b);
  seconds[2] = MPI_Wtime () - start;
  return rc;
}
