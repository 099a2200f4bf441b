/* gm_dist_gpu.c: the distributed product on each rank's GPU (engine "summa" where every rank has
 * a GPU), its broadcast route (the peer route, for the ranks of one host: gm_dist_peer.c).  For
 * C = A * B on a P x Q grid, rank (r, c) computes its piece of C from its grid row of A
 * (rows_c x k: the pieces of the Q ranks of grid row r) and its grid column of B (k x cols_c:
 * those of the P ranks of grid column c), the data each rank receives in SUMMA too:
 *   1. B's grid column is broadcast along the grid column, piece by piece, and placed on the
 *      GPU in k order (gm_copy_block), where it stays for the whole product;
 *   2. A's grid row follows in chunks of rows: each rank of the grid row broadcasts those rows
 *      of its piece, every rank places them in k order on its GPU, and the chunk's rows of C are
 *      computed at once (gm_matmul "auto"); each chunk of C comes down while the next chunk of A
 *      goes up.  Nothing is added up on the host and no panel is multiplied twice.
 * Two threads: this one does the broadcasts (MPI is called from it only), into a ring of
 * SLOTS host buffers; a worker moves each message to the GPU, places it and queues the
 * products, so that the broadcasts, the transfers and the products overlap.
 *
 * Device memory: B's grid column, a chunk of A, a chunk of C and a staging buffer; where some
 * rank cannot have them, no rank computes (*fits = 0) and the caller multiplies panel by panel.
 * Collective over the grid only (ranks outside it do not call it).  A GPU failure on one rank
 * is carried through the remaining broadcasts (which that rank still joins) and reported on
 * every rank of the grid at the end.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gm_dist_internal.h"
#include "gpumat.h"
#include "matmul_native.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The largest message, and a chunk of A on the GPU: 256 MB keeps each broadcast well inside
   MPI's int count and gives products of 256 MB / (8 k) rows (838 at k = 40000, 23 ms on an
   H200) that run near the GPU's full rate.  SLOTS host buffers of that size carry messages
   from the broadcasting thread to the worker. */
enum { DEFAULT_CHUNK_BYTES = 256 << 20, SLOTS = 3 };

/* One message, in the order both threads see them. */
typedef struct {
  enum { MSG_B, MSG_A, MSG_END } kind;
  const char *src;      /* the rank's own piece, or a slot */
  size_t pitch;         /* bytes between columns at src */
  long long rows, cols; /* B: rows of p's piece and w columns; A: h rows and lc columns */
  long long first;      /* B: first column c0; A: first row r0 of the chunk */
  int from;             /* B: grid row p; A: grid column q */
  int last_of_chunk;    /* A: the chunk's last message (its product follows) */
} message;

typedef struct {
  /* the product */
  gm_class cls;
  size_t es;
  int P, Q;
  long long k, rows_c, cols_c, mbB, nbA;
  char *C;
  void *d_b, *d_a, *d_stage, *d_c;
  /* the ring: messages [taken, posted) are waiting; slot i % SLOTS belongs to message i */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  message queue[SLOTS];
  long long posted, taken, done;
  /* the worker's state and first failure */
  long long waiting, waiting_h;   /* the chunk of C on the GPU: first row (-1: none), rows */
  int gpu_ok;
  char gpu_error[400];
  double worker_seconds;
} engine;

static void gpu_step (engine *e, gm_status st, const char *what)
{
  if (st != GM_OK && e->gpu_ok) {
    e->gpu_ok = 0;
    snprintf (e->gpu_error, sizeof e->gpu_error, "%s: %s", what, gm_error_detail ());
  }
}

/* The runs of a rows x cols block whose columns are `pitch` bytes apart on the host. */
static gm_host_span block_span (long long rows, long long cols, size_t es, size_t pitch)
{
  gm_host_span s = {(size_t) rows * es, (size_t) cols, pitch};
  return s;
}

static const gm_host_span no_span = {0, 0, 0};

/* The chunk of C waiting on the GPU, as a download into the piece (nothing when none waits). */
static gm_host_span waiting_span (const engine *e, char **h_dst)
{
  if (e->waiting < 0 || e->cols_c == 0) {
    *h_dst = NULL;
    return no_span;
  }
  *h_dst = e->C + (size_t) e->waiting * e->es;
  return block_span (e->waiting_h, e->cols_c, e->es, (size_t) e->rows_c * e->es);
}

/* The worker's part of one message: up to the GPU, placed in k order; after a chunk's last
   message, its product. */
static void take (engine *e, const message *m)
{
  if (!e->gpu_ok || e->cols_c == 0)
    return;
  const size_t es = e->es;
  if (m->kind == MSG_B && e->P == 1)   /* whole columns, in k order already */
    gpu_step (e, gm_copy_duplex_2d ((char *) e->d_b + (size_t) m->first * e->k * es, m->src,
                                    block_span (m->rows, m->cols, es, m->pitch), NULL, NULL,
                                    no_span), "B's piece up");
  if (m->kind == MSG_B) {
    /* each row block of p's piece to its rows of the k x cols_c column */
    for (long long i = 0; e->P > 1 && e->gpu_ok && i * e->mbB < m->rows; i++) {
      const long long h = m->rows - i * e->mbB < e->mbB ? m->rows - i * e->mbB : e->mbB;
      const int64_t dims[2] = {h, m->cols}, dst_dims[2] = {e->k, e->cols_c},
                    origin[2] = {(i * e->P + m->from) * e->mbB, m->first};
      gpu_step (e, gm_copy_duplex_2d (e->d_stage, m->src + (size_t) i * e->mbB * es,
                                      block_span (h, m->cols, es, m->pitch), NULL, NULL, no_span),
                "B's blocks up");
      if (e->gpu_ok)
        gpu_step (e, gm_copy_block (e->cls, 2, dims, e->d_stage, dst_dims, origin, e->d_b, 0),
                  "B's blocks placed");
    }
    return;
  }
  if (m->kind == MSG_A && m->cols > 0) {
    /* up, with the previous chunk of C coming down at the same time (the copy starts after
       that chunk's product, queued before it) */
    char *h_down;
    const gm_host_span down = waiting_span (e, &h_down);
    gpu_step (e, gm_copy_duplex_2d (e->Q == 1 ? e->d_a : e->d_stage, m->src,
                                    block_span (m->rows, m->cols, es, m->pitch), h_down, e->d_c,
                                    down), "A's rows up");
    e->waiting = -1;
    /* each column block of q's to its columns of the rows x k chunk (Q == 1: in k order) */
    for (long long j = 0; e->Q > 1 && e->gpu_ok && j * e->nbA < m->cols; j++) {
      const long long w = m->cols - j * e->nbA < e->nbA ? m->cols - j * e->nbA : e->nbA;
      const int64_t dims[2] = {m->rows, w}, dst_dims[2] = {m->rows, e->k},
                    origin[2] = {0, (j * e->Q + m->from) * e->nbA};
      const char *block = (const char *) e->d_stage + (size_t) j * e->nbA * m->rows * es;
      gpu_step (e, gm_copy_block (e->cls, 2, dims, block, dst_dims, origin, e->d_a, 0),
                "A's blocks placed");
    }
  }
  if (m->kind == MSG_A && m->last_of_chunk && e->gpu_ok) {
    char *h_down;
    const gm_host_span down = waiting_span (e, &h_down);
    if (h_down)   /* k == 0: no upload carried it down */
      gpu_step (e, gm_copy_duplex_2d (NULL, NULL, no_span, h_down, e->d_c, down), "C's rows down");
    gpu_step (e, gm_matmul_native (GM_MATMUL_AUTO, e->cls, GM_OP_NONE, GM_OP_NONE, m->rows,
                                   e->cols_c, e->k, e->d_a, m->rows, 0, e->d_b,
                                   e->k > 0 ? e->k : 1, 0, e->d_c, m->rows, 0, 1, 0),
              "product");
    e->waiting = m->first;
    e->waiting_h = m->rows;
  }
}

/* Seconds on a monotonic clock (the worker makes no MPI call: MPI_THREAD_FUNNELED). */
static double now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void *worker (void *arg)
{
  engine *e = arg;
  const double start = now ();
  for (;;) {
    pthread_mutex_lock (&e->lock);
    while (e->taken == e->posted)
      pthread_cond_wait (&e->changed, &e->lock);
    const message m = e->queue[e->taken % SLOTS];
    e->taken++;
    pthread_mutex_unlock (&e->lock);
    if (m.kind == MSG_END)
      break;
    take (e, &m);
    /* the message's bytes are on the GPU (or dropped): its slot may be filled again */
    pthread_mutex_lock (&e->lock);
    e->done++;
    pthread_cond_broadcast (&e->changed);
    pthread_mutex_unlock (&e->lock);
  }
  char *h_down;
  const gm_host_span down = waiting_span (e, &h_down);
  if (e->gpu_ok && h_down)
    gpu_step (e, gm_copy_duplex_2d (NULL, NULL, no_span, h_down, e->d_c, down), "C's rows down");
  if (e->gpu_ok)
    gpu_step (e, gm_sync (), "the queued work");
  e->worker_seconds = now () - start;
  return NULL;
}

/* The slot of the next message, once the worker is done with the message that last used it. */
static char *next_slot (engine *e, char *slots, size_t slot_bytes)
{
  pthread_mutex_lock (&e->lock);
  while (e->posted - e->done >= SLOTS)
    pthread_cond_wait (&e->changed, &e->lock);
  pthread_mutex_unlock (&e->lock);
  return slots + (size_t) (e->posted % SLOTS) * slot_bytes;
}

static void post (engine *e, const message *m)
{
  pthread_mutex_lock (&e->lock);
  while (e->posted - e->done >= SLOTS)
    pthread_cond_wait (&e->changed, &e->lock);
  e->queue[e->posted % SLOTS] = *m;
  e->posted++;
  pthread_cond_broadcast (&e->changed);
  pthread_mutex_unlock (&e->lock);
}

int gm_dist_grid_min (MPI_Comm row, MPI_Comm col, int *flags, int count)
{
  int rc = MPI_Allreduce (MPI_IN_PLACE, flags, count, MPI_INT, MPI_MIN, row);
  if (rc == MPI_SUCCESS)
    rc = MPI_Allreduce (MPI_IN_PLACE, flags, count, MPI_INT, MPI_MIN, col);
  return rc == MPI_SUCCESS ? 0 : gm_dist_mpi_fail (rc, "MPI_Allreduce");
}

/* Broadcast along `comm` from `root`: the root sends `runs` runs of `run` bytes, `pitch` bytes
   apart, from src; the others receive runs * run bytes, packed, into dst. */
static int bcast_runs (MPI_Comm comm, int root, int me, const void *src, size_t run,
                       size_t runs, size_t pitch, void *dst)
{
  if (run * runs == 0)
    return 0;
  if (run * runs > INT_MAX)
    return gm_dist_fail ("a message of %zu bytes: at most %d go in one broadcast", run * runs,
                         INT_MAX);
  int rc;
  if (me != root)
    rc = MPI_Bcast (dst, (int) (run * runs), MPI_BYTE, root, comm);
  else {
    MPI_Datatype runs_type;
    rc = MPI_Type_create_hvector ((int) runs, (int) run, (MPI_Aint) pitch, MPI_BYTE, &runs_type);
    if (rc == MPI_SUCCESS)
      rc = MPI_Type_commit (&runs_type);
    if (rc != MPI_SUCCESS)
      return gm_dist_mpi_fail (rc, "MPI_Type_create_hvector");
    rc = MPI_Bcast ((void *) src, 1, runs_type, root, comm);
    MPI_Type_free (&runs_type);
  }
  return rc == MPI_SUCCESS ? 0 : gm_dist_mpi_fail (rc, "MPI_Bcast");
}

int gm_dist_gemm_gpu (gm_dist_class cls, int context, long long m, long long n, long long k,
                      const void *A, long long mbA, long long nbA, const void *B, long long mbB,
                      long long nbB, void *C, size_t chunk_bytes, int route, int *fits,
                      int *used, double seconds[3])
{
  *fits = 0;
  *used = GM_DIST_ROUTE_NONE;
  seconds[0] = seconds[1] = seconds[2] = 0;
  if (route & GM_DIST_ROUTE_PEER) {
    int done = 0;
    const int rc =
      gm_dist_gemm_peer (cls, context, m, n, k, A, mbA, nbA, B, mbB, nbB, C, &done, seconds);
    if (rc != 0 || done) {
      *fits = done;
      *used = done ? GM_DIST_ROUTE_PEER : GM_DIST_ROUTE_NONE;
      return rc;
    }
  }
  if (!(route & GM_DIST_ROUTE_BROADCAST))
    return 0;
  seconds[0] = seconds[1] = seconds[2] = 0;
  const double start = MPI_Wtime ();
  if (chunk_bytes == 0)
    chunk_bytes = DEFAULT_CHUNK_BYTES;
  MPI_Comm row_comm, col_comm;
  if (gm_dist_grid_comms (context, &row_comm, &col_comm) != 0)
    return -1;
  engine e;
  memset (&e, 0, sizeof e);
  int my_row, my_col;
  MPI_Comm_size (col_comm, &e.P);
  MPI_Comm_rank (col_comm, &my_row);
  MPI_Comm_size (row_comm, &e.Q);
  MPI_Comm_rank (row_comm, &my_col);
  e.cls = (gm_class) cls;   /* the same order: double, single, complex double, complex single */
  e.es = gm_dist_element_size (cls);
  e.k = k;
  e.mbB = mbB;
  e.nbA = nbA;
  e.C = C;
  e.rows_c = gm_dist_local_count (m, mbA, my_row, e.P);
  e.cols_c = gm_dist_local_count (n, nbB, my_col, e.Q);
  e.waiting = -1;
  e.gpu_ok = 1;
  const size_t es = e.es;
  long long rows_b_max = 0;
  for (int p = 0; p < e.P; p++) {
    const long long r = gm_dist_local_count (k, mbB, p, e.P);
    rows_b_max = r > rows_b_max ? r : rows_b_max;
  }
  /* rows of A a chunk (the same on every rank of a grid row, as rows_c and k are) and columns
     of B a broadcast, each message within chunk_bytes; one row of A or one column of a piece
     of B past it does not fit this engine */
  const long long row_fit = k == 0 ? LLONG_MAX : (long long) (chunk_bytes / ((size_t) k * es));
  const long long chunk_rows = row_fit < e.rows_c ? row_fit : e.rows_c;
  const long long chunk_cols =
    rows_b_max == 0 ? e.cols_c + 1 : (long long) (chunk_bytes / ((size_t) rows_b_max * es));

  char *slots = NULL;
  size_t b_bytes = 0;
  gm_status st = row_fit < 1 || chunk_cols < 1
                   ? GM_ERR_OUT_OF_MEMORY
                   : gm_mul_size3 ((size_t) k, (size_t) e.cols_c, es, &b_bytes);
  if (st == GM_OK)
    st = gm_device_alloc (&e.d_b, b_bytes);
  if (st == GM_OK)
    st = gm_device_alloc (&e.d_a, (size_t) chunk_rows * (size_t) k * es + es);
  if (st == GM_OK)
    st = gm_device_alloc (&e.d_stage, chunk_bytes);
  if (st == GM_OK)
    st = gm_device_alloc (&e.d_c, (size_t) chunk_rows * (size_t) e.cols_c * es + es);
  if (st == GM_OK && !(slots = malloc (SLOTS * chunk_bytes)))
    st = GM_ERR_OUT_OF_MEMORY;
  if (st != GM_ERR_OUT_OF_MEMORY)
    gpu_step (&e, st, "device buffers");
  pthread_mutex_init (&e.lock, NULL);
  pthread_cond_init (&e.changed, NULL);
  pthread_t thread;
  const int started = st == GM_OK && pthread_create (&thread, NULL, worker, &e) == 0;
  if (st == GM_OK && !started)
    gpu_step (&e, GM_ERR_INVALID_ARGUMENT, "the worker thread could not be started");
  /* every rank of the grid goes on, or none does: flags = {fits, GPU fine} */
  int flags[2] = {st != GM_ERR_OUT_OF_MEMORY, e.gpu_ok};
  int rc = gm_dist_grid_min (row_comm, col_comm, flags, 2);
  if (rc == 0 && flags[0] && !flags[1])
    rc = e.gpu_ok ? gm_dist_fail ("another rank's GPU failed before the product started")
                  : gm_dist_fail ("the GPU of this rank: %s", e.gpu_error);
  *fits = rc == 0 && flags[0];
  const int go = *fits;

  /* 1. B's grid column: P == 1 goes up whole as one message of its own piece */
  for (int p = 0; go && rc == 0 && p < e.P; p++) {
    const long long lr = gm_dist_local_count (k, mbB, p, e.P);
    for (long long c0 = 0; c0 < e.cols_c && lr > 0 && rc == 0; c0 += chunk_cols) {
      const long long w = e.cols_c - c0 < chunk_cols ? e.cols_c - c0 : chunk_cols;
      message msg = {MSG_B, NULL, (size_t) lr * es, lr, w, c0, p, 0};
      if (p == my_row)
        msg.src = (const char *) B + (size_t) c0 * lr * es;
      else
        msg.src = next_slot (&e, slots, chunk_bytes);
      const double t = MPI_Wtime ();
      rc = e.P == 1 ? 0 : bcast_runs (col_comm, p, my_row, msg.src, (size_t) lr * es,
                                      (size_t) w, (size_t) lr * es, (void *) msg.src);
      seconds[0] += MPI_Wtime () - t;
      if (rc == 0)
        post (&e, &msg);
    }
  }
  /* 2. A's grid row, chunk by chunk of rows */
  for (long long r0 = 0; go && r0 < e.rows_c && rc == 0; r0 += chunk_rows) {
    const long long h = e.rows_c - r0 < chunk_rows ? e.rows_c - r0 : chunk_rows;
    for (int q = 0; q < e.Q && rc == 0; q++) {
      /* q's rows r0 .. r0+h-1 of its piece: h x lc, columns rows_c apart there */
      const long long lc = gm_dist_local_count (k, nbA, q, e.Q);
      message msg = {MSG_A, NULL, (size_t) h * es, h, lc, r0, q, q == e.Q - 1};
      if (q == my_col) {
        msg.src = (const char *) A + (size_t) r0 * es;
        msg.pitch = (size_t) e.rows_c * es;
      } else if (lc > 0)
        msg.src = next_slot (&e, slots, chunk_bytes);
      const double t = MPI_Wtime ();
      rc = bcast_runs (row_comm, q, my_col, msg.src, (size_t) h * es, (size_t) lc,
                       (size_t) e.rows_c * es, (void *) msg.src);
      seconds[0] += MPI_Wtime () - t;
      if (rc == 0)
        post (&e, &msg);
    }
  }
  if (started) {
    const message end = {MSG_END, NULL, 0, 0, 0, 0, 0, 0};
    post (&e, &end);
    pthread_join (thread, NULL);
    seconds[1] = e.worker_seconds;
  }
  pthread_mutex_destroy (&e.lock);
  pthread_cond_destroy (&e.changed);
  free (slots);

  /* one answer on every rank of the grid (after an MPI failure the others may not get here:
     that rank returns MPI's message) */
  if (go && rc == 0) {
    flags[0] = e.gpu_ok;
    rc = gm_dist_grid_min (row_comm, col_comm, flags, 1);
    if (rc == 0 && !e.gpu_ok)
      rc = gm_dist_fail ("the GPU of this rank: %s", e.gpu_error);
    else if (rc == 0 && !flags[0])
      rc = gm_dist_fail ("the product failed on the GPU of another rank of the grid");
  }

  gm_device_free (e.d_b);
  gm_device_free (e.d_a);
  gm_device_free (e.d_stage);
  gm_device_free (e.d_c);
  seconds[2] = MPI_Wtime () - start;
  *used = *fits ? GM_DIST_ROUTE_BROADCAST : GM_DIST_ROUTE_NONE;
  return rc;
}
