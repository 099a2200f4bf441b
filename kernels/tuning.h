/* tuning.h: the GPUMAT_* environment variables, read once into one snapshot (kernels/tuning.cu).
 *
 * Every tuning variable gpumat has is parsed in tuning.cu, from one table (name, kind, range,
 * default), the first time a kernel asks (gm_tuning) and again on gm_tuning_reload; nothing else
 * in kernels/ or mex/ calls getenv.  doc/TUNING.md lists them with their meaning.  A program that
 * changes one between calls (the tests and benchmarks that run every setting in one process)
 * calls gm_tuning_reload after setenv; the gateway's __gpumat__ ("tuning_reload") does the same
 * for an Octave session.
 *
 * A value that is not valid is taken as the variable's default (with the clamps noted below), as
 * each variable was before the snapshot; its text is kept (gm_tuning_invalid) for the one place
 * that reports it, gm_matmul_dmma_plan.
 *
 * Plain C, no CUDA: tests/test_tuning.cu builds with g++ as well as nvcc.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_TUNING_H
#define GPUMAT_TUNING_H

#ifdef __cplusplus
extern "C" {
#endif

/* GPUMAT_DMMA_TILE: auto's cost model, "v2" (128x128 only and auto's old dmma-or-warp rule), or a
   tile; the tile values follow matmul_dmma.cu's DmmaTileId order, from 2 on. */
enum { GM_DMMA_TILE_AUTO = 0, GM_DMMA_TILE_V2, GM_DMMA_TILE_128x128, GM_DMMA_TILE_128x64,
       GM_DMMA_TILE_64x128, GM_DMMA_TILE_64x64 };
/* GPUMAT_OZAKI2_GEMM: the gemm of ozaki's scheme II, by shape (0) or forced. */
enum { GM_OZAKI2_GEMM_DEFAULT = 0, GM_OZAKI2_GEMM_MMA, GM_OZAKI2_GEMM_WG, GM_OZAKI2_GEMM_WS,
       GM_OZAKI2_GEMM_WS256 };

/* Ranges that the kernels' own constants must agree with (static_asserts where they live). */
#define GM_TUNE_DMMA_SLICES_MAX 512      /* matmul_internal.cuh SPLIT_MAX_SLICES */
#define GM_TUNE_OZAKI_SLICES_DEFAULT 8   /* ozaki/ozaki.cuh OZ_DEFAULT_SLICES */
#define GM_TUNE_OZAKI_SLICES_MAX 11      /* ozaki/ozaki.cuh OZ_MAX_SLICES */
#define GM_TUNE_OZAKI_MODULI_MAX 16      /* ozaki/scheme2.cuh OZ2_MAX_MODULI */
#define GM_TUNE_PANELS_MAX 32            /* host_ops.cu MAX_PANELS */
#define GM_TUNE_TRANSFER_THREADS_MAX 64

#define GM_TUNING_VARS 18
#define GM_TUNING_TEXT 48                /* bytes kept of an invalid value's text */

typedef struct {
  /* matmul "dmma" (matmul_dmma.cu) */
  int dmma_tile;           /* GPUMAT_DMMA_TILE: a GM_DMMA_TILE_* value; default AUTO        */
  int dmma_slices;         /* GPUMAT_DMMA_SLICES: 1 .. 512 slices of k; 0 (default) planned  */
  int dmma_mma_k8;         /* GPUMAT_DMMA_MMA: 1 for "k8", the m16n8k8 loop; default 0: k16   */
  /* matmul "tf32x3" (tf32/wgmma.cu) */
  int tf32x3_version;      /* GPUMAT_TF32X3_VERSION: 1 .. 3 forced; 0 (default) by shape     */
  int tf32x3_group;        /* GPUMAT_TF32X3_GROUP: 1 .. 4 k-tiles a FADD; 0 (default) by k    */
  /* matmul "ozaki" (kernels/ozaki/) */
  int ozaki_version;       /* GPUMAT_OZAKI_VERSION: 1 or 2 scheme I; default 3, scheme II     */
  int ozaki_slices;        /* GPUMAT_OZAKI_SLICES: scheme I's slices, 2 .. 11; default 8      */
  int ozaki_moduli;        /* GPUMAT_OZAKI_MODULI: scheme II's moduli, 12 .. 16; 0 (default) by k */
  int ozaki2_gemm;         /* GPUMAT_OZAKI2_GEMM: a GM_OZAKI2_GEMM_* value; default by shape   */
  int auto_double_dmma;    /* GPUMAT_AUTO_DOUBLE: 1 for "dmma" (auto never takes ozaki); default
                              0: ozaki where pick_auto's model finds it faster (matmul.cu)     */
  /* element-wise (elementwise.cu) */
  int ew_bcast_v2;         /* GPUMAT_EW_BCAST: 1 for "v2" (every broadcast on ew_bcast v2)    */
  /* host-array products (host_ops.cu) */
  int matmul_panels;       /* GPUMAT_MATMUL_PANELS: 1 .. 32 panels of B; 0 (default) planned  */
  /* the staging pool (transfer.cu), read when a pool is made */
  double transfer_threads;  /* GPUMAT_TRANSFER_THREADS: 1 .. 64 (then the cores); default 12  */
  double transfer_chunk_mb; /* GPUMAT_TRANSFER_CHUNK_MB: 1/16 .. 256 MiB; default 2          */
  double transfer_small_kb; /* GPUMAT_TRANSFER_SMALL_KB: up to 2^20 KiB; default -1: 2048 KiB
                               up, 256 KiB down                                              */
  double transfer_nt;       /* GPUMAT_TRANSFER_NT: nonzero for non-temporal stores; default 0 */
  double transfer_hugepage; /* GPUMAT_TRANSFER_HUGEPAGE: nonzero asks for huge pages; def. 1 */
  /* host-array products past device memory (host_ooc.cu) */
  double host_prefault;     /* GPUMAT_HOST_PREFAULT: threads that fault C's pages in ahead of
                               its blocks, 0 .. 64; default 8                                */
  /* the text of each variable found set to an invalid value, "" where valid or unset, in the
     table's order (tuning.cu) */
  char invalid[GM_TUNING_VARS][GM_TUNING_TEXT];
} gm_tuning_t;

/* The snapshot, read from the environment on the first call; never NULL. */
const gm_tuning_t *gm_tuning (void);
/* Reads the environment again (tests and benchmarks, after setenv; __gpumat__
   ("tuning_reload")).  Not while another thread runs a gpumat operation. */
void gm_tuning_reload (void);
/* The invalid text the snapshot holds for variable `name` ("GPUMAT_DMMA_TILE"), NULL where it
   is valid, unset or not a tuning variable. */
const char *gm_tuning_invalid (const char *name);
/* For the listing and tests: the name of tuning variable i (0 .. GM_TUNING_VARS - 1), NULL past
   the end. */
const char *gm_tuning_name (int i);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_TUNING_H */
