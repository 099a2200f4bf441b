# gpumat: top-level Makefile (Octave Forge layout).
#
#   make            build the MEX in the tree (target/)
#   make dist       target/gpumat-VERSION.tar.gz, the tarball `pkg install` takes
#   make install    pkg install that tarball into your own Octave
#   make check      install the tarball into a private prefix under target/ and run every test
#   make demo       run gpumat_mul with every kernel against * on the GPU, print a table
#   make test-kernels / sanitize   C-level kernel tests, plain / under compute-sanitizer
#   make bench-kernels / bench     kernel benchmark against cuBLAS / end-to-end against * and dot
#   make bench-percall             per-call cost of gpumat operations (issue 12), with host refs
#   make bench-scale               60000^2 products from host arrays, past the device, vs cuBLASXt,
#                                  and the same from Octave beside them
#   make bench-matmul              ozaki, tf32x3, dmma and warp at 4096 and 8192 from C, and the same
#                                  on gpumat arrays from Octave beside them
#   make bench-algorithms          CG, power iteration, an MLP and a Gram matrix: the same code on
#                                  host arrays and on gpumat arrays (bench/bench_algorithms.m)
#   make bench-accuracy            the double products' error on adversarial data, each kernel
#                                  against an exact reference and against dmma (issue 34)
#   BENCH_VERSIONS=1               with any of these: also build the kernels' earlier versions
#                                  that only a GPUMAT_* variable selects (doc/TUNING.md)
#
# Tools are overridable: OCTAVE, MKOCTFILE, NVCC (or CUDA_HOME), CUDA_ARCH (e.g. CUDA_ARCH=90;
# by default the GPUs of this machine, or every capability of build.mk's list when there is none).
# Builds run on every core unless -j is given.  Built files are kept in target/cache, named by
# their sources and flags, so make check, make install and make test-kernels compile each once.

PACKAGE := $(shell sed -n 's/^Name: *//p' DESCRIPTION)
VERSION := $(shell sed -n 's/^Version: *//p' DESCRIPTION)
TARGET  := target
TARBALL := $(TARGET)/$(PACKAGE)-$(VERSION).tar.gz
OCTAVE  ?= octave-cli
export OCTAVE
ifeq ($(filter -j%,$(MAKEFLAGS)),)
  MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif
# read by build.mk here and in the pkg install of the tarball (the environment passes through)
export GPUMAT_BUILD_CACHE ?= $(CURDIR)/$(TARGET)/cache

SRCROOT := .
OBJDIR  := $(TARGET)/obj
MEX_OUT := $(TARGET)/__gpumat__.mex
# the method fronts as in the installed package: target/@gpumat/NAME.oct, target/gpumat.oct
METHOD_DIR := $(TARGET)/
include build.mk

.PHONY: build dist install check demo bench bench-percall bench-algorithms bench-kernels bench-scale bench-matmul ozaki2-model test-kernels sanitize clean octave-deps
.DEFAULT_GOAL := build
build: all

# ---- package tarball: src/ holds build.mk as its Makefile, plus mex/ and kernels/ -----------
DIST_DIR  := $(TARGET)/dist/$(PACKAGE)-$(VERSION)
DIST_FILES := DESCRIPTION COPYING INDEX NEWS README.md $(wildcard inst/*.m inst/private/*.m inst/@*/*.m inst/@*/private/*.m) inst/PKG_ADD \
              $(wildcard mex/*.c mex/*.cc mex/*.h dist/*.c dist/*.h) $(KERNEL_SOURCES) $(KERNEL_HEADERS) build.mk Makefile
# Reproducible: fixed order, owner and time (the DESCRIPTION date), gzip without a timestamp.
# pkg install appends a top-level PKG_ADD to the PKG_ADD of the folder with the compiled files,
# which runs once that folder is on the path: the value type is registered at `pkg load`, before
# any `load` of a file holding gpumat arrays.
$(TARBALL): $(DIST_FILES)
	@rm -rf $(TARGET)/dist && mkdir -p $(DIST_DIR)/src/mex $(DIST_DIR)/src/kernels $(DIST_DIR)/src/dist $(DIST_DIR)/inst
	@cp DESCRIPTION COPYING INDEX NEWS README.md $(DIST_DIR)/
	@cp inst/PKG_ADD $(DIST_DIR)/PKG_ADD
	@cp -R inst/. $(DIST_DIR)/inst/
	@cp build.mk $(DIST_DIR)/src/Makefile
	@cp mex/*.c mex/*.cc $(wildcard mex/*.h) $(DIST_DIR)/src/mex/
	@cp --parents $(KERNEL_SOURCES) $(KERNEL_HEADERS) $(DIST_DIR)/src/
	@cp dist/*.c dist/*.h $(DIST_DIR)/src/dist/
	@tar -C $(TARGET)/dist --sort=name --owner=0 --group=0 --numeric-owner \
	  --mtime="$$(sed -n 's/^Date: *//p' DESCRIPTION) 00:00Z" -cf - $(PACKAGE)-$(VERSION) \
	  | gzip -n -9 > $@
	@echo "gpumat: wrote $@"
dist: $(TARBALL)

octave-deps:
	@tests/ensure-octave.sh

install: $(TARBALL) octave-deps
	@echo "gpumat: pkg install $(TARBALL)"
	@env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $(OCTAVE) --no-history --no-gui --eval 'pkg install "$(TARBALL)"'

# ---- tests ----------------------------------------------------------------------------------
# build first: the pkg install of the tarball then takes every file from target/cache, and the
# CPU stand-in tests find the .oct helpers in target/.
check: build $(TARBALL) octave-deps
	@bash tests/check.sh "$(TARBALL)"

demo: $(TARBALL) octave-deps
	@bash tests/with-package.sh "$(TARBALL)" 'addpath ("$(CURDIR)/bench"); gpumat_demo ()'

bench: $(TARBALL) octave-deps
	@bash tests/with-package.sh "$(TARBALL)" 'addpath ("$(CURDIR)/bench"); bench_end_to_end ("$(CURDIR)/$(TARGET)")'

# Issue 12 item 2: what one call on a gpumat array costs, beside Octave's own host calls.
bench-percall: $(TARBALL) octave-deps
	@bash tests/with-package.sh "$(TARBALL)" 'addpath ("$(CURDIR)/bench"); bench_percall ()'

# Issue 32 item 5: the solvers, eig, svd and fft: bench/bench_linalg (cuSOLVER and cuFFT alone on
# device memory, beside gpumat's C API), then bench/bench_linalg.m (each function on gpumat
# arrays beside Octave's on host arrays), into target/ (bench/NOTES-linalg.md).  This program
# links cuSOLVER and cuFFT itself (the package dlopens them): its own rule, before the pattern's.
$(TARGET)/bench/bench_linalg: bench/bench_linalg.cu tests/test_util.h bench/bench_util.h $(KERNEL_HEADERS) $(KERNEL_OBJECTS)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ALL_FLAGS) -Itests $< $(KERNEL_OBJECTS) -L$(CUDA_LIBDIR) -lcusolver -lcufft -lcublas -Xlinker -rpath=$(CUDA_LIBDIR) -o $@
# Issue 34 item 2: every double kernel's error on randn, scaled, wide-exponent, tiny x huge,
# cancelling, integer and NaN/Inf data, k = 256 to 16384 (bench/bench_accuracy.cu says how).
.PHONY: bench-accuracy
bench-accuracy: $(TARGET)/bench/bench_accuracy
	@$(TARGET)/bench/bench_accuracy $(BENCH_ACCURACY_ARGS) | tee $(TARGET)/bench-accuracy.txt

# BENCH_LINALG_PARTS=c or =octave runs one half (the Octave half reads the C half's times from
# target/bench-linalg-c.txt); BENCH_LINALG_ARGS go to the program; BENCH_LINALG_SIZES="1024
# 2048" sets the Octave half's matrix orders (default 1024 to 8192: the host's [U, S, V] = svd
# and [V, D] = eig at 4096 take minutes, past one 10-minute device call with the rest).
BENCH_LINALG_PARTS ?= c octave
BENCH_LINALG_SIZES ?=
comma := ,
.PHONY: bench-linalg
bench-linalg: $(TARGET)/bench/bench_linalg $(TARBALL) octave-deps
	@case " $(BENCH_LINALG_PARTS) " in *" c "*) bash -o pipefail -c \
	  '$(TARGET)/bench/bench_linalg $(BENCH_LINALG_ARGS) | tee $(TARGET)/bench-linalg-c.txt';; esac
	@case " $(BENCH_LINALG_PARTS) " in *" octave "*) bash tests/with-package.sh "$(TARBALL)" \
	  'addpath ("$(CURDIR)/bench"); bench_linalg ("$(CURDIR)/$(TARGET)"$(if $(strip $(BENCH_LINALG_SIZES)),$(comma) [$(BENCH_LINALG_SIZES)]));';; esac

# Issue 35: the N x N double product in one process (every GPU of the host) and on RANKS ranks
# under mpirun (gpumat_dist), the same matrices, and the ratio (bench/bench_dist.sh); the
# issue's figure: make bench-dist BENCH_DIST_ARGS="40000 2048 2 summa" on the two-GPU machine
# (the fifth word: the engine; summa puts each rank's local products on its GPU).
BENCH_DIST_ARGS ?= 4096 512 2
.PHONY: bench-dist
bench-dist: $(TARBALL) octave-deps build
	@bash bench/bench_dist.sh "$(TARBALL)" $(BENCH_DIST_ARGS)

# Issue 12 item 3: the four programs of bench/algorithms/ on host and on gpumat arrays; the CSV
# goes to target/.
bench-algorithms: $(TARBALL) octave-deps
	@bash tests/with-package.sh "$(TARBALL)" 'addpath ("$(CURDIR)/bench"); bench_algorithms ("$(CURDIR)/$(TARGET)")'

# C-level programs: each tests/test_*.cu and bench/bench_*.cu links the kernel objects; the
# tests' rpath is where kernels/fft.cu's dlopen finds cuFFT, as libgpumat.so's is (build.mk).
TEST_PROGRAMS  := $(patsubst tests/%.cu,$(TARGET)/tests/%,$(wildcard tests/test_*.cu))
BENCH_PROGRAMS := $(patsubst bench/%.cu,$(TARGET)/bench/%,$(wildcard bench/bench_*.cu))

$(TARGET)/tests/%: tests/%.cu $(wildcard tests/*.h) $(KERNEL_HEADERS) $(KERNEL_OBJECTS)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ALL_FLAGS) -Itests $< $(KERNEL_OBJECTS) -Xlinker -rpath=$(CUDA_LIBDIR) -o $@

# The triangular solve's timeline: kernels/tri_solve.cu built into the program with its stamps
# (GM_TRI_SOLVE_TIMELINE), the package's own copy left out.  Its own rule, before the pattern's.
$(TARGET)/bench/tri_solve_timeline: bench/tri_solve_timeline.cu kernels/tri_solve.cu $(KERNEL_HEADERS) $(KERNEL_OBJECTS)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ALL_FLAGS) -DGM_TRI_SOLVE_TIMELINE -Itests $< $(filter-out %/tri_solve.o,$(KERNEL_OBJECTS)) -Xlinker -rpath=$(CUDA_LIBDIR) -o $@

$(TARGET)/bench/%: bench/%.cu tests/test_util.h bench/bench_util.h $(KERNEL_HEADERS) $(KERNEL_OBJECTS)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ALL_FLAGS) -Itests $< $(KERNEL_OBJECTS) -L$(CUDA_LIBDIR) -lcublas -Xlinker -rpath=$(CUDA_LIBDIR) -o $@

# The programs run at once (their CPU references are single-threaded), each into its own log,
# printed in order.
# Each program has KERNEL_TEST_LIMIT seconds: a hung kernel or a runaway test fails alone, with a
# line that says so, instead of holding up make check.
# (test_matmul, the longest, passed in about 250 s beside the others until November 2026; with
# four more programs beside it on the H200 it was stopped at 300 s)
KERNEL_TEST_LIMIT ?= 420
# test_matmul, the longest (354 s on the H200 beside the others, November 2026), runs as two
# processes, one a class (--class=double, --class=single: 217 s and 137 s of that run).
KERNEL_TEST_SPLIT := test_matmul
test-kernels: $(TEST_PROGRAMS)
	@mkdir -p $(TARGET)/test-kernels; status=0; pids=; for t in $(TEST_PROGRAMS); do \
	  parts=-; case " $(KERNEL_TEST_SPLIT) " in *" $${t##*/} "*) parts="double single";; esac; \
	  for part in $$parts; do \
	  name=$${t##*/}; args=; [ $$part = - ] || { name=$$name-$$part; args=--class=$$part; }; \
	  log=$(TARGET)/test-kernels/$$name.log; \
	  { timeout $(KERNEL_TEST_LIMIT) $$t $$args || { rc=$$?; \
	      [ $$rc = 124 ] && echo "$$name: FAILED: still running after $(KERNEL_TEST_LIMIT) s, stopped"; \
	      grep -q '^test_.*: [0-9]* passed, [0-9]* failed' $$log || echo "$$name: 0 passed, 1 failed, 0 skipped"; \
	      exit $$rc; }; } > $$log 2>&1 & pids="$$pids $$!:$$log"; \
	  done; \
	done; \
	for p in $$pids; do wait $${p%%:*} || status=1; cat $${p#*:}; done; exit $$status

# memcheck finds out-of-bounds and misaligned accesses, racecheck shared-memory races; the
# programs' --quick mode keeps the shapes that reach every edge case but fewer large ones, and
# racecheck runs test_matmul --race (every kernel and op pair, fewer shapes: racecheck is the
# slower tool by far; test_matmul_int, test_complex, test_tf32, test_ozaki, test_sort and
# test_solve --race likewise: test_sort --quick had not finished under racecheck after 420 s on
# the H200; test_solve --race keeps the triangular solve's spin-waiting blocks to n <= 321 and
# the cuSOLVER solves to two classes).  Session 29, every program at once on the H200: all but
# test_solve finished inside 537 s with 0 hazards (test_matmul's deep-k vectors and test_ozaki's
# deep-k moduli runs since left out of --race; test_solve's two classes are newer still).
# The programs' output is line-buffered (stdbuf -oL), so that a log stopped by a time limit
# still says how far its program got (session 28: test_matmul and test_ozaki --race under
# racecheck, two at once, printed nothing in 520 s).
SANITIZER ?= $(CUDA_HOME)/bin/compute-sanitizer
# Every (tool, program) pair runs at once, each into its own log, printed in order afterwards:
# the tools are CPU-bound instrumentation with the GPU mostly idle, and one after another they
# took over 6 minutes on the GPU machine.
# racecheck skips test_host_blocked: its one kernel of its own (accumulate) uses no shared memory,
# its products run the kernels test_matmul --race checks, and under racecheck its blocked
# products had not finished after 430 s on the H100 (memcheck checks it in 1 to 2 minutes).
RACECHECK_SKIP := test_host_blocked
# racecheck of these programs instruments our kernels only: --kernel-name regex= with every
# __global__ of kernels/ and tests/ (tests/kernel-names.sh: each name as the mangled name has it,
# length first, 15column_abs_sums), so that NVIDIA's cuSOLVER and cuBLAS kernels run uninstrumented
# (racecheck is for our shared memory; theirs is not ours to check).  Session 30 on the H200,
# every program at once: test_solve --race's triangular solve (ours alone) took 177 s with 0
# hazards, and its cuSOLVER part had not finished 400 s later.  None of the mangled kernel names
# in CUDA 13.0's libcusolver, libcublas and libcublasLt matches (the bare names would:
# transpose_kernel and identity_kernel 26 times each); every one of ours in target/obj does,
# CUB's sort and select kernels in sort.cu and find.cu aside (library code, and not test_solve's).
# The log's "triangular solve done ... (N s)" line is the check that ours are still instrumented:
# N far above a plain run's (177 s unfiltered in session 30), not the plain run's few seconds.
# Session 31, filtered: 200 s among the others, 45 s alone, where the plain run takes 0 s; alone,
# the double part after it took 231 s more at the --quick sizes and the run did not finish in
# 401 s, so --race now keeps fewer sizes there (bench/results/sanitize-s31-h200.txt).  Within
# the GPU machine's 10-minute call, run it apart: make sanitize SANITIZE_TOOLS=racecheck
# SANITIZE_PROGRAMS=test_solve, then the others.
RACECHECK_OWN_ONLY := test_solve
# No tool runs the host-only programs (the registry's table and the settings snapshot make no
# CUDA call): compute-sanitizer counts "terminated before first instrumented API call" an error.
SANITIZE_HOST_ONLY := test_registry test_tuning
# One tool at a time fits the GPU machine's 10-minute call better: make sanitize
# SANITIZE_TOOLS=memcheck, then SANITIZE_TOOLS=racecheck (both at once, 8 programs each, took
# over 380 s on the H100 in November 2026).
SANITIZE_TOOLS ?= memcheck racecheck
# The programs of the kernels a change touched, where a whole run would not fit one call:
# make sanitize SANITIZE_PROGRAMS="test_eig_svd test_fft" SANITIZE_TOOLS="memcheck racecheck synccheck"
SANITIZE_PROGRAMS ?= $(patsubst $(TARGET)/tests/%,%,$(TEST_PROGRAMS))
sanitize: $(addprefix $(TARGET)/tests/,$(SANITIZE_PROGRAMS))
	@mkdir -p $(TARGET)/sanitize; status=0; pids=; own=; \
	case " $(SANITIZE_TOOLS) " in *" racecheck "*) \
	  own=$$(sh tests/kernel-names.sh $(KERNEL_SOURCES) $(KERNEL_HEADERS) $(wildcard tests/*.cu tests/*.h)) || exit 1;; esac; \
	owns=$$(echo "$$own" | tr '|' ' ' | wc -w); \
	for tool in $(SANITIZE_TOOLS); do for t in $(addprefix $(TARGET)/tests/,$(SANITIZE_PROGRAMS)); do \
	  case " $(SANITIZE_HOST_ONLY) " in *" $${t##*/} "*) continue;; esac; \
	  [ $$tool = racecheck ] && case " $(RACECHECK_SKIP) " in *" $${t##*/} "*) continue;; esac; \
	  mode=--quick; [ $$tool = racecheck ] && case $${t##*/} in test_matmul|test_matmul_int|test_complex|test_tf32|test_ozaki|test_sort|test_solve) \
	    mode=--race;; esac; \
	  kernels=; [ $$tool = racecheck ] && case " $(RACECHECK_OWN_ONLY) " in *" $${t##*/} "*) kernels=$$own;; esac; \
	  log=$(TARGET)/sanitize/$$tool-$${t##*/}.log; \
	  ( echo "== compute-sanitizer --tool $$tool$${kernels:+ --kernel-name regex=<our $$owns kernel names>} $$t $$mode"; \
	    stdbuf -oL $(SANITIZER) --tool $$tool --error-exitcode 99 $${kernels:+--kernel-name regex=$$kernels} $$t $$mode ) > $$log 2>&1 & \
	  pids="$$pids $$!:$$log"; \
	done; done; \
	for p in $$pids; do wait $${p%%:*} || status=1; cat $${p#*:}; done; \
	if [ $$status = 0 ]; then echo "sanitize: 0 errors ($(SANITIZE_TOOLS))"; \
	else echo "sanitize: FAILED"; fi; exit $$status

bench-kernels: $(BENCH_PROGRAMS)
	@for b in $(BENCH_PROGRAMS); do $$b || exit 1; done

# The issue-15 product: 60000^2 double and single from host arrays (86.4 GB of host memory in
# double) against cuBLASXt on the same arrays, on GPU 0 and on every GPU; then the same double
# products from Octave (bench/bench_scale.m), each beside bench_blocked's time from this call
# (issue 33).  BENCH_SCALE_N for another size; BENCH_SCALE_ARGS=--no-xt leaves cuBLASXt out;
# BENCH_SCALE_BUDGET_GB caps the device memory of both (0: the free memory; 70 on an H200
# models an 80 GB H100, where 60000^2 double runs past the device).
BENCH_SCALE_N ?= 60000
BENCH_SCALE_ARGS ?=
BENCH_SCALE_BUDGET_GB ?= 0
BENCH_SCALE_DEVICES = $(shell nvidia-smi -L 2>/dev/null | awk '{printf "%s%d", (NR > 1 ? "," : ""), NR - 1}')
bench-scale: $(TARGET)/bench/bench_blocked $(TARBALL) octave-deps
	@bash -o pipefail -c '$(TARGET)/bench/bench_blocked --n=$(BENCH_SCALE_N) --budget-gb=$(BENCH_SCALE_BUDGET_GB) --reps=1 \
	  $(if $(BENCH_SCALE_DEVICES),--devices=$(BENCH_SCALE_DEVICES)) $(BENCH_SCALE_ARGS) | tee $(TARGET)/bench-scale-c.txt'
	@bash tests/with-package.sh "$(TARBALL)" 'addpath ("$(CURDIR)/bench"); bench_scale ("$(CURDIR)/$(TARGET)/bench-scale-c.txt", $(BENCH_SCALE_N), 1, $(BENCH_SCALE_BUDGET_GB))'

# Issue 33: the products on gpumat arrays from Octave beside bench_matmul's kernel times from
# the same make call (bench/bench_matmul_octave.m), as the ratio of the rates.  Both idle the GPU
# BENCH_MATMUL_REST seconds before each timing: at its power cap an H200 ran ozaki 8192^3 at
# 12.5 ms a call from rest and 13.9 ms a second later (bench/NOTES-end-to-end.md).
BENCH_MATMUL_ARGS ?= --shapes=4096,8192 --kernels=ozaki,tf32x3,dmma,warp --classes=double,single
BENCH_MATMUL_REST ?= 2
bench-matmul: $(TARGET)/bench/bench_matmul $(TARBALL) octave-deps
	@bash -o pipefail -c '$(TARGET)/bench/bench_matmul $(BENCH_MATMUL_ARGS) --rest=$(BENCH_MATMUL_REST) | tee $(TARGET)/bench-matmul-c.txt'
	@bash tests/with-package.sh "$(TARBALL)" 'addpath ("$(CURDIR)/bench"); bench_matmul_octave ("$(CURDIR)/$(TARGET)/bench-matmul-c.txt", 10, $(BENCH_MATMUL_REST))'

# Issue 13 item 2: the Ozaki scheme II modelled on the CPU (no GPU needed): moduli, bits and the
# guard, against a __float128 reference (bench/ozaki2_model.c, bench/NOTES-matmul.md).
# OZAKI2_MODEL_ARGS=--moduli: the error by k and modulus count beside dmma's (issue 34);
# --single: the scheme for float operands beside the FP32 warp kernel's order (issue 34 item 4).
# --crt: ozaki2_crt's arithmetic step for step against exact values, 12 to 16 moduli (make check
# runs it).
ozaki2-model:
	@mkdir -p $(TARGET)
	$(CC) -O2 -Wall -o $(TARGET)/ozaki2_model bench/ozaki2_model.c -lquadmath -lm
	$(TARGET)/ozaki2_model $(OZAKI2_MODEL_ARGS)

clean:
	rm -rf $(TARGET) fntests.log
