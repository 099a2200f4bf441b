/* gm_dist.c: MPI, the BLACS grid and ScaLAPACK's p?gemm_ behind gm_dist.h (issue 35).
 *
 * Checked by tests/dist/dist_check.m under mpirun on grids 1x1, 1x2, 2x1, 2x2, 1x3 and a 2x1
 * grid on 3 ranks: products against Octave's on the host within the product bound, gathers
 * exact, the errors the same on every rank.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gm_dist_internal.h"

#include <dlfcn.h>
#include <limits.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ScaLAPACK and its C BLACS interface (Fortran calling convention: every argument a pointer). */
extern void Cblacs_get (int context, int what, int *value);
extern void Cblacs_gridinit (int *context, const char *order, int rows, int cols);
extern void Cblacs_gridinfo (int context, int *rows, int *cols, int *row, int *col);
#define GEMM_ARGS(T) const char *, const char *, const int *, const int *, const int *, const T *, \
  const T *, const int *, const int *, const int *, const T *, const int *, const int *,        \
  const int *, const T *, T *, const int *, const int *, const int *
extern void pdgemm_ (GEMM_ARGS (double));
extern void psgemm_ (GEMM_ARGS (float));
extern void pzgemm_ (GEMM_ARGS (double));   /* complex: T points at (re, im) pairs */
extern void pcgemm_ (GEMM_ARGS (float));
#define TRAN_ARGS(T) const int *, const int *, const T *, const T *, const int *, const int *, \
  const int *, const T *, T *, const int *, const int *, const int *
extern void pdtran_ (TRAN_ARGS (double));
extern void pstran_ (TRAN_ARGS (float));
extern void pztranu_ (TRAN_ARGS (double));
extern void pztranc_ (TRAN_ARGS (double));
extern void pctranu_ (TRAN_ARGS (float));
extern void pctranc_ (TRAN_ARGS (float));
typedef void (*dgemm_fn) (GEMM_ARGS (double));
typedef void (*sgemm_fn) (GEMM_ARGS (float));

/* The engine: the p?gemm_ this library links (Debian's ScaLAPACK), or those of a library opened
   by gm_dist_engine (COSMA's or SLATE's ScaLAPACK API, any p?gemm_ of the same signature). */
static struct {
  dgemm_fn d, z;
  sgemm_fn s, c;
  void *handle;
  char name[512];
} engine = {pdgemm_, pzgemm_, psgemm_, pcgemm_, NULL, ""};

static char error_text[512];
static int we_initialised;

int gm_dist_fail (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (error_text, sizeof error_text, fmt, ap);
  va_end (ap);
  return -1;
}

int gm_dist_mpi_fail (int code, const char *call)
{
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string (code, text, &len) != MPI_SUCCESS)
    snprintf (text, sizeof text, "error %d", code);
  return gm_dist_fail ("%s failed: %s", call, text);
}

const char *gm_dist_error (void)
{
  return error_text;
}

int gm_dist_init (gm_dist_info *info)
{
  int initialised = 0, finalised = 0;
  MPI_Initialized (&initialised);
  MPI_Finalized (&finalised);
  if (finalised)
    return gm_dist_fail ("MPI was finalised in this process; it cannot start again (restart Octave)");
  if (!initialised) {
    /* Octave loads this library with RTLD_LOCAL; Open MPI's components, loaded by MPI_Init as
       plugins, need libmpi's symbols global. */
    (void) dlopen ("libmpi.so.40", RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
    int provided = 0;
    const int rc = MPI_Init_thread (NULL, NULL, MPI_THREAD_FUNNELED, &provided);
    if (rc != MPI_SUCCESS)
      return gm_dist_mpi_fail (rc, "MPI_Init_thread");
    we_initialised = 1;
  }
  MPI_Comm_set_errhandler (MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank (MPI_COMM_WORLD, &info->rank);
  MPI_Comm_size (MPI_COMM_WORLD, &info->size);
  /* the place among the ranks of this host: a collective split, done once per process (a
     later call, on one rank only, must not wait for the others) */
  static int local_rank = -1, local_size = 0;
  if (local_rank < 0) {
    MPI_Comm host;
    const int rc = MPI_Comm_split_type (MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, info->rank,
                                        MPI_INFO_NULL, &host);
    if (rc != MPI_SUCCESS)
      return gm_dist_mpi_fail (rc, "MPI_Comm_split_type");
    MPI_Comm_rank (host, &local_rank);
    MPI_Comm_size (host, &local_size);
    MPI_Comm_free (&host);
  }
  info->local_rank = local_rank;
  info->local_size = local_size;
  return 0;
}

int gm_dist_rank (void)
{
  int rank = 0;
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  return rank;
}

void gm_dist_finalize (void)
{
  int initialised = 0, finalised = 0;
  MPI_Initialized (&initialised);
  MPI_Finalized (&finalised);
  if (we_initialised && initialised && !finalised)
    MPI_Finalize ();
}

int gm_dist_engine (const char *library)
{
  if (!library || !library[0]) {
    engine.d = pdgemm_;  engine.s = psgemm_;  engine.z = pzgemm_;  engine.c = pcgemm_;
    engine.name[0] = 0;
    return 0;
  }
  /* global: an engine's own plugins and libraries may look its symbols up */
  void *h = dlopen (library, RTLD_NOW | RTLD_GLOBAL);
  if (!h)
    return gm_dist_fail ("cannot open the engine %s: %s", library, dlerror ());
  const char *names[4] = {"pdgemm_", "psgemm_", "pzgemm_", "pcgemm_"};
  void *fns[4];
  for (int i = 0; i < 4; i++)
    if (!(fns[i] = dlsym (h, names[i]))) {
      dlclose (h);
      return gm_dist_fail ("the engine %s has no %s (it must export ScaLAPACK's p?gemm_)", library,
                   names[i]);
    }
  /* every function of that library, not another one of the same name loaded earlier */
  engine.d = (dgemm_fn) fns[0];  engine.s = (sgemm_fn) fns[1];
  engine.z = (dgemm_fn) fns[2];  engine.c = (sgemm_fn) fns[3];
  engine.handle = h;            /* kept open while the process runs */
  snprintf (engine.name, sizeof engine.name, "%s", library);
  return 0;
}

const char *gm_dist_engine_name (void)
{
  return engine.name;
}

int gm_dist_agree (int ok_here, char *message, size_t message_len, int *all_ok, int *bad_rank)
{
  int rank, size;
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  int mine = ok_here ? size : rank, lowest = size;
  int rc = MPI_Allreduce (&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS)
    return gm_dist_mpi_fail (rc, "MPI_Allreduce");
  *all_ok = lowest == size;
  *bad_rank = *all_ok ? -1 : lowest;
  if (!*all_ok) {
    if (message_len > INT_MAX)
      return gm_dist_fail ("an error message longer than %d bytes", INT_MAX);
    message[message_len - 1] = 0;
    rc = MPI_Bcast (message, (int) message_len, MPI_CHAR, lowest, MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS)
      return gm_dist_mpi_fail (rc, "MPI_Bcast");
    message[message_len - 1] = 0;
  }
  return 0;
}

int gm_dist_same (const long long *values, int count, int *same)
{
  long long *low = malloc (2 * (size_t) count * sizeof *low + 1);
  if (!low)
    return gm_dist_fail ("out of host memory");
  long long *high = low + count;
  int rc = MPI_Allreduce (values, low, count, MPI_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
  if (rc == MPI_SUCCESS)
    rc = MPI_Allreduce (values, high, count, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS) {
    free (low);
    return gm_dist_mpi_fail (rc, "MPI_Allreduce");
  }
  *same = 1;
  for (int i = 0; i < count; i++)
    if (low[i] != high[i])
      *same = 0;
  free (low);
  return 0;
}

int gm_dist_max (const long long *values, int count, long long *out)
{
  const int rc = MPI_Allreduce (values, out, count, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  return rc == MPI_SUCCESS ? 0 : gm_dist_mpi_fail (rc, "MPI_Allreduce");
}

/* Each grid's row and column communicators (the ranks of one grid row, ranked by column; of one
   grid column, ranked by row), by BLACS context, for gm_dist_bcast. */
enum { MAX_GRIDS = 64 };
static struct { int context; MPI_Comm row, col; } grids[MAX_GRIDS];
static int grid_count;

int gm_dist_grid (int P, int Q, int *context, int *row, int *col)
{
  int size;
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  if (P < 1 || Q < 1 || (long long) P * Q > size)
    return gm_dist_fail ("a %d x %d grid needs %lld ranks; this run has %d", P, Q, (long long) P * Q,
                 size);
  int ctxt = 0, rows = 0, cols = 0;
  Cblacs_get (-1, 0, &ctxt);
  Cblacs_gridinit (&ctxt, "Row", P, Q);
  *context = ctxt;
  *row = *col = -1;
  if (ctxt >= 0)
    Cblacs_gridinfo (ctxt, &rows, &cols, row, col);
  if (*row < 0 || *col < 0) {
    *row = *col = -1;
    *context = -1;
  }
  /* collective over MPI_COMM_WORLD: ranks outside the grid take part with no color */
  MPI_Comm row_comm = MPI_COMM_NULL, col_comm = MPI_COMM_NULL;
  const int inside = *context >= 0;
  int rc = MPI_Comm_split (MPI_COMM_WORLD, inside ? *row : MPI_UNDEFINED, *col, &row_comm);
  if (rc == MPI_SUCCESS)
    rc = MPI_Comm_split (MPI_COMM_WORLD, inside ? *col : MPI_UNDEFINED, *row, &col_comm);
  if (rc != MPI_SUCCESS)
    return gm_dist_mpi_fail (rc, "MPI_Comm_split");
  if (inside) {
    if (grid_count == MAX_GRIDS)
      return gm_dist_fail ("at most %d process grids in one run", MAX_GRIDS);
    grids[grid_count].context = *context;
    grids[grid_count].row = row_comm;
    grids[grid_count].col = col_comm;
    grid_count++;
  }
  return 0;
}

int gm_dist_grid_comms (int context, MPI_Comm *row, MPI_Comm *col)
{
  for (int i = 0; i < grid_count; i++)
    if (grids[i].context == context) {
      *row = grids[i].row;
      *col = grids[i].col;
      return 0;
    }
  return gm_dist_fail ("no grid with context %d on this rank", context);
}

int gm_dist_bcast_root (int context, int along_row, int root, int *is_root)
{
  for (int i = 0; i < grid_count; i++)
    if (grids[i].context == context) {
      int rank = -1;
      MPI_Comm_rank (along_row ? grids[i].row : grids[i].col, &rank);
      *is_root = rank == root;
      return 0;
    }
  return gm_dist_fail ("no grid with context %d on this rank", context);
}

int gm_dist_bcast (int context, int along_row, int root, void *data, long long bytes)
{
  for (int i = 0; i < grid_count; i++)
    if (grids[i].context == context) {
      if (bytes > INT_MAX)
        return gm_dist_fail ("a panel of %lld bytes: at most %d go in one broadcast", bytes, INT_MAX);
      const int rc = MPI_Bcast (data, (int) bytes, MPI_BYTE, root,
                                along_row ? grids[i].row : grids[i].col);
      return rc == MPI_SUCCESS ? 0 : gm_dist_mpi_fail (rc, "MPI_Bcast");
    }
  return gm_dist_fail ("no grid with context %d on this rank", context);
}

long long gm_dist_local_count (long long n, long long nb, int iproc, int nprocs)
{
  if (n <= 0 || nb <= 0 || iproc < 0 || nprocs <= 0)
    return 0;
  const long long blocks = n / nb, extra = blocks % nprocs;
  long long count = blocks / nprocs * nb;
  if (iproc < extra)
    count += nb;
  else if (iproc == extra)
    count += n % nb;
  return count;
}

size_t gm_dist_element_size (gm_dist_class cls)
{
  switch (cls) {
  case GM_DIST_DOUBLE: return 8;
  case GM_DIST_SINGLE: return 4;
  case GM_DIST_COMPLEX_DOUBLE: return 16;
  default: return 8;
  }
}

/* Whether a piece of count elements holds what its descriptor says this rank owns. */
static int check_piece (const int *desc, long long count, const char *name)
{
  int rows = 0, cols = 0, row = -1, col = -1;
  Cblacs_gridinfo (desc[1], &rows, &cols, &row, &col);
  if (row < 0 || col < 0)
    return gm_dist_fail ("%s: this rank is not in the descriptor's grid", name);
  const long long lr = gm_dist_local_count (desc[2], desc[4], row, rows),
                  lc = gm_dist_local_count (desc[3], desc[5], col, cols);
  const long long need = lr == 0 || lc == 0 ? 0 : (long long) desc[8] * (lc - 1) + lr;
  if (desc[8] < (lr > 1 ? lr : 1) || count < need)
    return gm_dist_fail ("%s: the local piece (%lld elements, leading dimension %d) does not hold the "
                 "%lld x %lld its descriptor places on this rank", name, count, desc[8], lr, lc);
  return 0;
}

/* Collective: 0 where every rank's pieces are sound (ok), else -2 with the lowest failing
   rank's message on every rank (-1: the agreement itself failed). */
static int agree_pieces (int ok)
{
  char message[512];
  snprintf (message, sizeof message, "%s", ok ? "" : error_text);
  int all_ok = 0, bad = -1;
  if (gm_dist_agree (ok, message, sizeof message, &all_ok, &bad) != 0)
    return -1;
  if (!all_ok) {
    gm_dist_fail ("rank %d: %s", bad, message);
    return -2;
  }
  return 0;
}

int gm_dist_gemm (gm_dist_class cls, char opa, char opb, long long m, long long n, long long k,
                  const void *A, long long countA, const int *descA, const void *B,
                  long long countB, const int *descB, void *C, long long countC,
                  const int *descC)
{
  if (m > INT_MAX || n > INT_MAX || k > INT_MAX)
    return gm_dist_fail ("ScaLAPACK's p?gemm_ takes dimensions up to %d; this product is %lld x %lld "
                 "x %lld", INT_MAX, m, k, n);
  /* every rank of MPI_COMM_WORLD agrees that the pieces are sound before any calls the engine
     (a rank outside the grid, context -1, only takes part in the agreement) */
  const int inside = descA[1] >= 0;
  const int st = agree_pieces (!inside || (check_piece (descA, countA, "A") == 0
                                           && check_piece (descB, countB, "B") == 0
                                           && check_piece (descC, countC, "C") == 0));
  if (st != 0)
    return st;
  const int M = (int) m, N = (int) n, K = (int) k, one = 1;
  const char ta[2] = {opa, 0}, tb[2] = {opb, 0};
  if (!inside || m == 0 || n == 0)
    return 0;
  switch (cls) {
  case GM_DIST_DOUBLE: {
    const double alpha = 1, beta = 0;
    engine.d (ta, tb, &M, &N, &K, &alpha, A, &one, &one, descA, B, &one, &one, descB, &beta, C,
             &one, &one, descC);
    break;
  }
  case GM_DIST_SINGLE: {
    const float alpha = 1, beta = 0;
    engine.s (ta, tb, &M, &N, &K, &alpha, A, &one, &one, descA, B, &one, &one, descB, &beta, C,
             &one, &one, descC);
    break;
  }
  case GM_DIST_COMPLEX_DOUBLE: {
    const double alpha[2] = {1, 0}, beta[2] = {0, 0};
    engine.z (ta, tb, &M, &N, &K, alpha, A, &one, &one, descA, B, &one, &one, descB, beta, C,
             &one, &one, descC);
    break;
  }
  default: {
    const float alpha[2] = {1, 0}, beta[2] = {0, 0};
    engine.c (ta, tb, &M, &N, &K, alpha, A, &one, &one, descA, B, &one, &one, descB, beta, C,
             &one, &one, descC);
    break;
  }
  }
  return 0;
}

int gm_dist_tran (gm_dist_class cls, int conjugate, long long m, long long n, const void *A,
                  long long countA, const int *descA, void *C, long long countC,
                  const int *descC)
{
  if (m > INT_MAX || n > INT_MAX)
    return gm_dist_fail ("ScaLAPACK's p?tran takes dimensions up to %d; this matrix is %lld x %lld",
                 INT_MAX, n, m);
  const int inside = descA[1] >= 0;
  const int st = agree_pieces (!inside || (check_piece (descA, countA, "A") == 0
                                           && check_piece (descC, countC, "C") == 0));
  if (st != 0)
    return st;
  if (!inside || m == 0 || n == 0)
    return 0;
  const int M = (int) m, N = (int) n, one = 1;
  switch (cls) {
  case GM_DIST_DOUBLE: {
    const double alpha = 1, beta = 0;
    pdtran_ (&M, &N, &alpha, A, &one, &one, descA, &beta, C, &one, &one, descC);
    break;
  }
  case GM_DIST_SINGLE: {
    const float alpha = 1, beta = 0;
    pstran_ (&M, &N, &alpha, A, &one, &one, descA, &beta, C, &one, &one, descC);
    break;
  }
  case GM_DIST_COMPLEX_DOUBLE: {
    const double alpha[2] = {1, 0}, beta[2] = {0, 0};
    (conjugate ? pztranc_ : pztranu_) (&M, &N, alpha, A, &one, &one, descA, beta, C, &one,
                                       &one, descC);
    break;
  }
  default: {
    const float alpha[2] = {1, 0}, beta[2] = {0, 0};
    (conjugate ? pctranc_ : pctranu_) (&M, &N, alpha, A, &one, &one, descA, beta, C, &one,
                                       &one, descC);
    break;
  }
  }
  return 0;
}

/* Every rank's count elements of type (size bytes each), in rank order, on rank root (root < 0:
   on every rank): *out (malloc'ed, to free) where they arrive, NULL elsewhere; *offsets (to free,
   may be NULL) each rank's first element there; *total the elements that arrive. */
static int exchange (const void *mine, long long count, MPI_Datatype type, size_t size_of,
                     int root, char **out, int **offsets_out, long long *total)
{
  int rank, size, rc, status = 0;
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  *out = NULL;
  *total = 0;
  long long *all = malloc ((size_t) size * sizeof *all);
  int *counts = malloc ((size_t) size * sizeof *counts);
  int *offsets = malloc ((size_t) size * sizeof *offsets);
  if (!all || !counts || !offsets) {
    status = gm_dist_fail ("out of host memory");
    goto done;
  }
  rc = MPI_Allgather (&count, 1, MPI_LONG_LONG, all, 1, MPI_LONG_LONG, MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS) {
    status = gm_dist_mpi_fail (rc, "MPI_Allgather");
    goto done;
  }
  long long sum = 0;
  for (int r = 0; r < size; r++) {
    if (sum + all[r] > INT_MAX) {
      status = gm_dist_fail ("at most %d elements (%s) come to one rank at a time", INT_MAX,
                     size_of == 1 ? "bytes" : "values");
      goto done;
    }
    counts[r] = (int) all[r];
    offsets[r] = (int) sum;
    sum += all[r];
  }
  *total = sum;
  if (root < 0 || rank == root) {
    *out = malloc ((size_t) sum * size_of + 1);
    if (!*out) {
      status = gm_dist_fail ("out of host memory for %lld elements", sum);
      goto done;
    }
  }
  rc = root < 0 ? MPI_Allgatherv (mine, (int) count, type, *out, counts, offsets, type,
                                  MPI_COMM_WORLD)
                : MPI_Gatherv (mine, (int) count, type, *out, counts, offsets, type, root,
                               MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS)
    status = gm_dist_mpi_fail (rc, root < 0 ? "MPI_Allgatherv" : "MPI_Gatherv");
done:
  if (status != 0) {
    free (*out);
    *out = NULL;
  }
  if (offsets_out && status == 0)
    *offsets_out = offsets;
  else
    free (offsets);
  free (all);
  free (counts);
  return status;
}

int gm_dist_collect (const double *values, long long count, int root, double **out,
                     long long *total)
{
  char *bytes = NULL;
  const int status = exchange (values, count, MPI_DOUBLE, sizeof (double), root, &bytes, NULL,
                               total);
  *out = (double *) bytes;
  return status;
}

/* The piece of the rank at grid place (prow, pcol) into the whole matrix out (m x n). */
static void place_piece (size_t es, long long m, long long mb, long long nb, int P, int Q,
                         int prow, int pcol, const char *piece, long long lr, long long lc,
                         char *out)
{
  for (long long lj = 0; lj < lc; lj++) {
    const long long gj = (lj / nb * Q + pcol) * nb + lj % nb;
    for (long long li = 0; li < lr; li += mb) {
      const long long gi = (li / mb * P + prow) * mb;
      const long long run = lr - li < mb ? lr - li : mb;
      memcpy (out + (size_t) (gi + gj * m) * es, piece + (size_t) (li + lj * lr) * es,
              (size_t) run * es);
    }
  }
}

int gm_dist_gather (gm_dist_class cls, long long m, long long n, long long mb, long long nb,
                    int P, int Q, int row, int col, const void *local, long long local_rows,
                    long long local_cols, int root, void *out)
{
  int size;
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  const size_t es = gm_dist_element_size (cls);
  const long long bytes = row < 0 || col < 0 ? 0 : local_rows * local_cols * (long long) es;
  char *pieces = NULL;
  int *offsets = NULL;
  long long total = 0;
  if (exchange (local, bytes, MPI_BYTE, 1, root, &pieces, &offsets, &total) != 0)
    return -1;
  if (pieces)
    for (int r = 0; r < size && r < P * Q; r++) {
      const int prow = r / Q, pcol = r % Q;
      place_piece (es, m, mb, nb, P, Q, prow, pcol, pieces + offsets[r],
                   gm_dist_local_count (m, mb, prow, P), gm_dist_local_count (n, nb, pcol, Q),
                   (char *) out);
    }
  free (pieces);
  free (offsets);
  return 0;
}
