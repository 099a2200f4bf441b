/* matmul_test_util.h: what the product test programs (test_matmul, test_complex,
 * test_matmul_int, test_tf32) share beyond test_util.h: operation pairs, stored operand sizes and
 * offsets, host allocation, page layouts, and the start of main.  Include it after the program's
 * `static const char *PROGRAM`, which xmalloc names in its message.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_MATMUL_TEST_UTIL_H
#define GPUMAT_MATMUL_TEST_UTIL_H

#include "test_util.h"

static const char op_letter[3] = {'N', 'T', 'C'};

/* The nine operation pairs, in the order NN TN CN NT TT CT NC TC CC. */
static inline gm_op pair_a (int p) { return (gm_op) (p % 3); }
static inline gm_op pair_b (int p) { return (gm_op) (p / 3); }

/* Stored sizes: op(A) is m x k, A is stored m x k (none) or k x m; op(B) is k x n, B is stored
   k x n (none) or n x k. */
static inline int64_t stored_rows_a (gm_op op, int64_t m, int64_t k) { return op == GM_OP_NONE ? m : k; }
static inline int64_t stored_cols_a (gm_op op, int64_t m, int64_t k) { return op == GM_OP_NONE ? k : m; }
static inline int64_t stored_rows_b (gm_op op, int64_t k, int64_t n) { return op == GM_OP_NONE ? k : n; }
static inline int64_t stored_cols_b (gm_op op, int64_t k, int64_t n) { return op == GM_OP_NONE ? n : k; }
/* Offset of op(A)(i, p) and op(B)(p, j) in their stored page (in elements). */
static inline int64_t at_a (gm_op op, int64_t i, int64_t p, int64_t lda)
{
  return op == GM_OP_NONE ? i + p * lda : p + i * lda;
}
static inline int64_t at_b (gm_op op, int64_t p, int64_t j, int64_t ldb)
{
  return op == GM_OP_NONE ? p + j * ldb : j + p * ldb;
}

static inline void *xmalloc (size_t bytes)
{
  void *p = malloc (bytes ? bytes : 1);
  if (!p) {
    fprintf (stderr, "%s: no host memory for %zu bytes\n", PROGRAM, bytes);
    exit (2);
  }
  return p;
}

/* Pages of A and B along `ndims` dimensions with counts cnt_a, cnt_b (1: broadcast; a zero
   count makes C's zero), each operand's pages contiguous in column-major order of their
   indices, one stored page of step_a / step_b / step_c elements apart (gap included). */
static inline void page_layout (gm_pages *pg, int ndims, const int64_t *cnt_a,
                                const int64_t *cnt_b, int64_t step_a, int64_t step_b,
                                int64_t step_c)
{
  memset (pg, 0, sizeof *pg);
  pg->ndims = ndims > 0 ? ndims : 0;
  for (int d = 0; d < pg->ndims; d++) {
    pg->count[d] = cnt_a[d] > cnt_b[d] ? cnt_a[d] : cnt_b[d];
    if (cnt_a[d] == 0 || cnt_b[d] == 0)
      pg->count[d] = 0;
    pg->stride_a[d] = cnt_a[d] == 1 ? 0 : step_a;
    pg->stride_b[d] = cnt_b[d] == 1 ? 0 : step_b;
    pg->stride_c[d] = step_c;
    step_a *= cnt_a[d] > 0 ? cnt_a[d] : 1;
    step_b *= cnt_b[d] > 0 ? cnt_b[d] : 1;
    step_c *= pg->count[d] > 0 ? pg->count[d] : 1;
  }
}

/* The element offsets of every page of A, B and C, in page order (freed by the caller). */
static inline void page_offsets (const gm_pages *pg, int64_t total, int64_t **oa, int64_t **ob,
                                 int64_t **oc)
{
  *oa = (int64_t *) xmalloc (sizeof (int64_t) * total);
  *ob = (int64_t *) xmalloc (sizeof (int64_t) * total);
  *oc = (int64_t *) xmalloc (sizeof (int64_t) * total);
  for (int64_t b = 0; b < total; b++) {
    int64_t r = b;
    (*oa)[b] = (*ob)[b] = (*oc)[b] = 0;
    for (int d = 0; d < pg->ndims; d++) {
      const int64_t i = r % pg->count[d];
      r /= pg->count[d];
      (*oa)[b] += i * pg->stride_a[d];
      (*ob)[b] += i * pg->stride_b[d];
      (*oc)[b] += i * pg->stride_c[d];
    }
  }
}

/* The start of a product test's main: the mode from its argument (1: --quick, 2: --race, else
   0) into *quick, then the device into *info and the program's first line.  0 where there is no
   GPU (main then returns tu_finish (PROGRAM)). */
static inline int start_program (int argc, char **argv, int *quick, gm_device_info *info)
{
  *quick = argc > 1 && strcmp (argv[1], "--quick") == 0 ? 1
           : argc > 1 && strcmp (argv[1], "--race") == 0 ? 2 : 0;
  if (!tu_gpu_or_skip (PROGRAM))
    return 0;
  TU_GM (gm_device_query (info));
  printf ("%s: %s (compute capability %d.%d)%s\n", PROGRAM, info->name, info->major,
          info->minor, *quick == 2 ? ", race" : *quick ? ", quick" : "");
  return 1;
}

#endif
