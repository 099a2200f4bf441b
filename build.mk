# build.mk: the one set of rules that builds gpumat's MEX file.
#
# In the tree the top-level Makefile runs it (make build); in the package tarball it is
# src/Makefile, with src/mex/ and src/kernels/ beside it, and `pkg install` runs it there with
# `make --jobs N` (N = the machine's cores).  Everything tunable is `?=`; every object depends
# on every header.
#
# What the user sees: one line per file on stderr (pkg install keeps make's stdout to itself
# unless the build fails, but lets stderr through), the compiler's informational notes (ptxas
# info) in BUILD_LOG, and a compiler's full output when it fails.  V=1 shows the commands.
#
# nvcc is found through NVCC, then CUDA_HOME, then PATH, then /usr/local/cuda.

SRCROOT   ?= .
OBJDIR    ?= obj
MEX_OUT   ?= __gpumat__.mex
MKOCTFILE ?= mkoctfile

ifeq ($(origin NVCC),undefined)
  ifneq ($(CUDA_HOME),)
    NVCC := $(CUDA_HOME)/bin/nvcc
  else ifneq ($(shell command -v nvcc 2>/dev/null),)
    NVCC := $(shell command -v nvcc 2>/dev/null)
  else ifneq ($(wildcard /usr/local/cuda/bin/nvcc),)
    NVCC := /usr/local/cuda/bin/nvcc
  endif
endif
ifeq ($(wildcard $(NVCC)),)
  $(error gpumat needs the CUDA toolkit (nvcc) and none was found: install it (e.g. NVIDIA's cuda-toolkit package, or Debian's nvidia-cuda-toolkit) or set NVCC=/path/to/nvcc or CUDA_HOME=/path/to/cuda)
endif
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(realpath $(NVCC)))
CUDA_LIBDIR ?= $(firstword $(wildcard $(CUDA_HOME)/lib64 $(CUDA_HOME)/lib $(CUDA_HOME)/targets/x86_64-linux/lib))

# ---- which GPUs to build for ------------------------------------------------------------------
# Each listed compute capability costs a full device compile of every kernel file (the five
# below cost three times the compiler time of one: 650 s against 210 s), so the build is for
# the GPUs of this machine when nvidia-smi can name them, and for the whole list only when it
# cannot.  CUDA_ARCH overrides both: CUDA_ARCH=90 (one), CUDA_ARCH="80 90", CUDA_ARCH=all.
CUDA_ARCH_ALL := 75 80 86 89 90
ifeq ($(origin CUDA_ARCH),undefined)
  GPU_CAPS  := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null \
                 | sed -n 's/^ *\([0-9][0-9]*\)\.\([0-9]\) *$$/\1\2/p' | sort -nu)
  NVCC_SMS  := $(patsubst sm_%,%,$(filter sm_%,$(shell $(NVCC) --list-gpu-code 2>/dev/null)))
  GPU_ARCH  := $(filter $(NVCC_SMS),$(GPU_CAPS))
  ifneq ($(GPU_ARCH),)
    CUDA_ARCH := $(GPU_ARCH)
    ARCH_WHY  := the GPU$(if $(word 2,$(GPU_CAPS)),s) of this machine, found by nvidia-smi
  else ifneq ($(GPU_CAPS),)
    CUDA_ARCH := $(CUDA_ARCH_ALL)
    ARCH_WHY  := this nvcc cannot build for the GPU found by nvidia-smi ($(GPU_CAPS))
  else
    CUDA_ARCH := $(CUDA_ARCH_ALL)
    ARCH_WHY  := no GPU found by nvidia-smi; CUDA_ARCH=90 would build for one
  endif
else ifeq ($(strip $(CUDA_ARCH)),all)
  override CUDA_ARCH := $(CUDA_ARCH_ALL)
  ARCH_WHY  := CUDA_ARCH=all
else
  ARCH_WHY  := set by CUDA_ARCH
endif
ifneq ($(shell printf '%s\n' $(CUDA_ARCH) | grep -v '^[0-9][0-9]*$$'),)
  $(error CUDA_ARCH="$(CUDA_ARCH)": give compute capabilities as numbers without the dot, e.g. CUDA_ARCH=90 or CUDA_ARCH="80 90", or CUDA_ARCH=all)
endif
ARCH_LIST := $(shell printf '%s\n' $(CUDA_ARCH) | sort -nu)
ARCH_SHOWN = $(shell printf '%s\n' $(ARCH_LIST) | sed 's/\(.\)$$/.\1/')
# Machine code for each listed capability, plus PTX of the newest for GPUs newer than all of
# them (the driver compiles it at first use).  CUDA_CODE=ptx: PTX only, for a machine that runs
# no GPU code (CI): every kernel still goes through the compiler proper (cicc), but not through
# ptxas, the machine-code stage, which is half of the build (CUDA_ARCH=90 on 2 cores: 272 s of
# compiler time with machine code, 144 s without; matmul_tf32.cu's sm_90a ptxas alone 40 s).  A
# GPU would run such a build only after the driver compiled all of it at first use.
# CUDA_CODE=check: PTX without the device optimiser (cicc -O0) and host code at -O0, for a
# machine that only checks that everything compiles and links and runs no kernel (CI): the
# front ends see every line as before, in about half the compiler time of CUDA_CODE=ptx
# (elementwise.cu 15.4 -> 7.1 s).  Never for a GPU that runs it: the kernels are unoptimised.
ifneq ($(filter ptx check,$(CUDA_CODE)),)
  CUDA_GENCODE ?= $(foreach a,$(ARCH_LIST),-gencode arch=compute_$(a),code=compute_$(a))
  SM90_CODE := compute_90
  ifeq ($(CUDA_CODE),check)
    CHECK_ONLY_FLAGS := -Xcicc -O0 -O0
    BUILT_FOR  = PTX without optimisation (CUDA_CODE=check: compiles and links, runs no kernel) for compute capability $(ARCH_SHOWN)
  else
    BUILT_FOR  = PTX only (CUDA_CODE=ptx: no machine code) for compute capability $(ARCH_SHOWN)
  endif
else
  CUDA_GENCODE ?= $(foreach a,$(ARCH_LIST),-gencode arch=compute_$(a),code=sm_$(a)) \
                  -gencode arch=compute_$(lastword $(ARCH_LIST)),code=compute_$(lastword $(ARCH_LIST))
  SM90_CODE := sm_90
  BUILT_FOR  = compute capability $(ARCH_SHOWN) and PTX for newer GPUs
endif
NVCCFLAGS ?= -std=c++17 -lineinfo
NVCC_ALL_FLAGS = $(NVCCFLAGS) $(KERNEL_ARCH_FLAGS) -Xcompiler -fPIC -I$(SRCROOT)/kernels
# nvcc's -O is the host compiler's level only (cicc's and ptxas's command lines are the same at
# -O1 and -O3: device code is optimised fully either way).  A kernel file's host code plans and
# launches, so it is compiled at -O1 (elementwise.cu's gcc time 19 s -> 8 s); the files whose
# host code does the work (host and out-of-core products, transfers, the allocator) at -O3.  An
# -O in NVCCFLAGS sets every file.
HOST_WORK_KERNELS := host_ooc host_ops transfer memory tuning
host_opt = $(if $(filter -O%,$(NVCCFLAGS) $(CHECK_ONLY_FLAGS)),,$(if $(filter $(HOST_WORK_KERNELS),$(1)),-O3,-O1))
KERNEL_ARCH_FLAGS = $(CUDA_GENCODE) $(CHECK_ONLY_FLAGS)

# A kernel family with generations has a folder of its own (kernels/ozaki/, kernels/tf32/); its
# files' objects are named folder_file.o (kernel_object), so that they cannot collide with
# kernels/file.o.
KERNEL_FOLDERS := ozaki tf32
KERNEL_HEADERS := $(wildcard $(SRCROOT)/kernels/*.h $(SRCROOT)/kernels/*.cuh \
                    $(KERNEL_FOLDERS:%=$(SRCROOT)/kernels/%/*.cuh))
KERNEL_SOURCES := $(wildcard $(SRCROOT)/kernels/*.cu $(KERNEL_FOLDERS:%=$(SRCROOT)/kernels/%/*.cu))
kernel_object = $(patsubst %,$(OBJDIR)/%.o,$(subst /,_,$(patsubst $(SRCROOT)/kernels/%.cu,%,$(1))))
# The slowest files first, so that the cores finish together rather than one of them compiling
# the longest file alone at the end (seconds each in the 2-core machine's parallel build, one
# capability, November 2026: matmul_warp 40, matmul_tf32 40 (two device passes: sm_90a code and
# compute_90 PTX), elementwise 38, matmul_dmma 18, matmul_int 12, dot 10 (since split:
# dot_int.cu has 5.9 of the 8.8 s nvcc -O3 took for the whole file alone); the value type's
# sources 8 each; the others 1 to 5 s; cicc and ptxas take 3/4, once per capability).  Alone on
# the same machine: matmul_int 10, dot 7.8, matmul_dmma 7.2, ozaki/scheme1 and ozaki/scheme2 5.0
# each (matmul_ozaki.cu, which they split, was 10.4 alone and 18 in the parallel build).  The
# tf32 files, which split matmul_tf32.cu, in one parallel build on the machine loaded by a third
# build (matmul_warp 61 and elementwise 53 in it): tf32/wgmma_ws 31, tf32/wgmma 26,
# tf32/mma_sync 23, matmul_int 23, matmul_dmma 15, dot_int 12, ozaki/scheme1 12, ozaki/scheme2 11;
# alone on it (nvcc -O3): tf32/wgmma_ws 11.6-14.3, tf32/wgmma 11.7-12.8, tf32/mma_sync 9.5-10.9
# (matmul_tf32.cu 32.6-34.1).
SLOW_KERNELS   := matmul_warp elementwise tf32/wgmma_ws tf32/wgmma tf32/mma_sync matmul_int \
                  matmul_dmma dot_int ozaki/scheme1 ozaki/scheme2
SLOW_SOURCES   := $(filter $(KERNEL_SOURCES),$(SLOW_KERNELS:%=$(SRCROOT)/kernels/%.cu))
KERNEL_OBJECTS := $(call kernel_object,$(SLOW_SOURCES) $(filter-out $(SLOW_SOURCES),$(KERNEL_SOURCES)))
# gw_dist.c is the distributed arrays' own MEX file (below), linked with MPI, not with this one
MEX_SOURCES    := $(filter-out $(SRCROOT)/mex/gw_dist.c,$(wildcard $(SRCROOT)/mex/*.c))
MEX_HEADERS    := $(wildcard $(SRCROOT)/mex/*.h)
MEX_OBJECTS    := $(patsubst $(SRCROOT)/mex/%.c,$(OBJDIR)/mex/%.o,$(MEX_SOURCES))
VALUE_SOURCES  := $(SRCROOT)/mex/gpumat_value.cc $(SRCROOT)/mex/gpumat_value_index.cc \
                  $(SRCROOT)/mex/gpumat_value_host.cc $(SRCROOT)/mex/gpumat_value_direct.cc \
                  $(SRCROOT)/mex/gpumat_value_methods.cc
VALUE_HEADERS  := $(SRCROOT)/mex/gpumat_value.h $(SRCROOT)/mex/gpumat_front.h \
                  $(SRCROOT)/mex/descriptor.h $(KERNEL_HEADERS)
VALUE_OBJECTS  := $(patsubst $(SRCROOT)/mex/%.cc,$(OBJDIR)/value/%.o,$(VALUE_SOURCES))
CUDA_LIBS      := -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++

# ---- distributed products (issue 35): MPI and ScaLAPACK, optional ------------------------------
# __gpumat_dist__.mex (mex/gw_dist.c over dist/gm_dist.c) is built where pkg-config knows MPI and
# ScaLAPACK (Debian: libopenmpi-dev, libscalapack-openmpi-dev); elsewhere the package builds
# without it and gpumat_dist_init says what to install.  DIST_PC names other pkg-config modules
# (an MPICH ScaLAPACK: DIST_PC="scalapack-mpich mpich"); DIST=no leaves it out.
DIST_PC  ?= scalapack-openmpi mpi
DIST_OUT ?= $(dir $(MEX_OUT))__gpumat_dist__.mex
ifneq ($(DIST),no)
  ifeq ($(shell pkg-config --exists $(DIST_PC) 2>/dev/null && echo yes),yes)
    DIST_TARGETS := $(DIST_OUT)
    DIST_FLAGS   := $(shell pkg-config --cflags $(DIST_PC))
    DIST_LIBS    := $(shell pkg-config --libs $(DIST_PC))
  endif
endif
DIST_SOURCES := $(SRCROOT)/mex/gw_dist.c $(SRCROOT)/mex/gw_octave_array.c $(SRCROOT)/dist/gm_dist.c \
                $(SRCROOT)/dist/gm_dist_gpu.c $(SRCROOT)/dist/gm_dist_peer.c

RUNTIME_OUT    ?= $(dir $(MEX_OUT))libgpumat.so
ALLOC_OUT      ?= $(dir $(MEX_OUT))__gpumat_alloc__.oct
ADDRESS_OUT    ?= $(dir $(MEX_OUT))__gpumat_address__.oct
VALUE_OUT      ?= $(dir $(MEX_OUT))__gpumat_call__.oct
# The compiled fronts of the hot @gpumat methods and of the constructor (mex/gpumat_methods.cc):
# one library, copied as METHOD_DIR@gpumat/NAME.oct for each of METHOD_NAMES and as
# METHOD_DIR/gpumat.oct.  In the package METHOD_DIR is a folder of its own, which src/FILES
# names as "fronts/.", so that pkg install copies its contents into the package's own folder,
# beside the m-files they stand for (a .oct named in FILES would go to the architecture's
# folder instead, where `sum.oct` would shadow Octave's sum for every class); in the tree the
# top-level Makefile makes it target/, which the checks put before inst/ on the path.
METHOD_NAMES   := dot sum norm mean max min gather fft ifft
METHOD_DIR     ?= $(dir $(MEX_OUT))fronts/
METHOD_LIB     := $(OBJDIR)/methods/gpumat_methods.oct
METHOD_OUTS    := $(METHOD_NAMES:%=$(METHOD_DIR)@gpumat/%.oct) $(METHOD_DIR)gpumat.oct
METHOD_FILES   := $(if $(filter-out $(dir $(MEX_OUT)),$(METHOD_DIR)),$(patsubst $(dir $(MEX_OUT))%,%,$(METHOD_DIR)).)

# ---- progress, notes and the cache of built files ---------------------------------------------
# BUILD_LOG collects every compiler's output.  pkg install (which sets OCTAVE_CONFIG) builds in a
# temporary folder that it deletes afterwards, so there the log goes where it outlives the build.
ifneq ($(OCTAVE_CONFIG),)
  BUILD_LOG ?= $(or $(GPUMAT_BUILD_CACHE),$(or $(TMPDIR),/tmp))/gpumat-build-$(shell id -un 2>/dev/null).log
else
  BUILD_LOG ?= $(OBJDIR)/build.log
endif
# GPUMAT_BUILD_CACHE (set by the top-level Makefile to target/cache): a folder of built files,
# each named by a hash of its sources, its flags and its compiler, so that `make check` and then
# `make install` (each a pkg install of the same tarball, in a folder of its own) compile once.
BUILD_CACHE ?= $(GPUMAT_BUILD_CACHE)
ifeq ($(V),1)
  SHOW_COMMAND = echo '$(1)' >&2;
endif
NVCC_ID      = $(shell $(NVCC) --version 2>/dev/null | tail -n 1)
# mkoctfile compiles with Octave's own flags less -g: debug information is a third of the value
# type's compile time (gpumat_value.cc 7.5 s -> 5.1 s).  CFLAGS and CXXFLAGS set by the caller
# are used as they are.
ifeq ($(origin CFLAGS),undefined)
  CFLAGS := $(filter-out -g,$(shell $(MKOCTFILE) -p CFLAGS 2>/dev/null))
endif
ifeq ($(origin CXXFLAGS),undefined)
  CXXFLAGS := $(filter-out -g,$(shell $(MKOCTFILE) -p CXXFLAGS 2>/dev/null))
endif
export CFLAGS CXXFLAGS
MKOCTFILE_ID = $(shell $(MKOCTFILE) --version 2>&1) $(shell $(MKOCTFILE) -p CC 2>/dev/null) $(CFLAGS) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS)

# $(call build_step,LABEL,KEY,INPUTS,COMMAND): build $@ with COMMAND, or copy it from the cache
# when KEY (flags and compiler) and the INPUTS' contents are those of an earlier build.
define build_step
@mkdir -p $(@D) $(OBJDIR)/logs
@log=$(OBJDIR)/logs/$(notdir $@).log; \
key=$$( { printf '%s\n' '$(strip $(2))'; cat $(3); } | sha256sum | cut -c1-40); \
if [ -n "$(BUILD_CACHE)" ] && [ -f "$(BUILD_CACHE)/$$key" ]; then \
  cp "$(BUILD_CACHE)/$$key" $@ && echo "== $(1): reused $(BUILD_CACHE)/$$key" > $$log && exit 0; \
fi; \
echo "gpumat:   $(1)" >&2; $(call SHOW_COMMAND,$(4)) \
start=$$(date +%s); \
if ( $(4) ) > $$log.tmp 2>&1; then \
  { echo "== $(1): $$(( $$(date +%s) - start )) s"; cat $$log.tmp; } > $$log; rm -f $$log.tmp; \
  grep -v -e '^ptxas info' -e '^ *$$' $$log | sed 1d | sed 's/^/gpumat:     /' >&2 || true; \
else \
  cat $$log.tmp >&2; echo "gpumat: FAILED: $(1) (the compiler's output is above)" >&2; \
  rm -f $@; exit 1; \
fi; \
if [ -n "$(BUILD_CACHE)" ]; then \
  mkdir -p "$(BUILD_CACHE)" && cp $@ "$(BUILD_CACHE)/$$key.$$$$" \
    && mv -f "$(BUILD_CACHE)/$$key.$$$$" "$(BUILD_CACHE)/$$key"; \
fi
endef

.PHONY: all kernel-objects build-start
# make starts prerequisites in the order listed: the slow kernel files, then the value type's
# sources (8 s each), then the rest, longest first, so that both cores finish together.
all: $(call kernel_object,$(SLOW_SOURCES)) $(VALUE_OBJECTS) \
     $(RUNTIME_OUT) $(MEX_OUT) $(ALLOC_OUT) $(ADDRESS_OUT) $(VALUE_OUT) $(METHOD_OUTS) $(DIST_TARGETS) \
     $(dir $(MEX_OUT))FILES
	@cat $(OBJDIR)/logs/*.log > $(BUILD_LOG) 2>/dev/null || true
	@reused=$$(find $(OBJDIR)/logs -name '*.log' -newer $(OBJDIR)/build-start -exec grep -l '^== .*: reused ' {} + | wc -l); \
	echo "gpumat: built in $$(( $$(date +%s) - $$(cat $(OBJDIR)/build-start) )) s$$( [ $$reused = 0 ] || echo " ($$reused files unchanged since an earlier build: reused from $(BUILD_CACHE))"); the compilers' notes are in $(BUILD_LOG)" >&2

kernel-objects: $(KERNEL_OBJECTS)

# Said once, before the first file: what is built, for which GPUs and why, on how many cores.
build-start:
	@mkdir -p $(OBJDIR) && date +%s > $(OBJDIR)/build-start
	@echo "gpumat: building for $(BUILT_FOR) ($(ARCH_WHY)); $(patsubst -j%,%,$(or $(filter -j%,$(MAKEFLAGS)),-j1)) files at a time" >&2

$(OBJDIR)/%.o: $(SRCROOT)/kernels/%.cu $(KERNEL_HEADERS) | build-start
	$(call build_step,nvcc      kernels/$*.cu,$(NVCC_ID) $(call host_opt,$*) $(NVCC_ALL_FLAGS),$< $(KERNEL_HEADERS),$(NVCC) $(call host_opt,$*) $(NVCC_ALL_FLAGS) -c $< -o $@)
# kernels/ozaki/x.cu -> ozaki_x.o, kernels/tf32/x.cu -> tf32_x.o (one such rule a folder of
# KERNEL_FOLDERS)
$(OBJDIR)/ozaki_%.o: $(SRCROOT)/kernels/ozaki/%.cu $(KERNEL_HEADERS) | build-start
	$(call build_step,nvcc      kernels/ozaki/$*.cu,$(NVCC_ID) $(call host_opt,$*) $(NVCC_ALL_FLAGS),$< $(KERNEL_HEADERS),$(NVCC) $(call host_opt,$*) $(NVCC_ALL_FLAGS) -c $< -o $@)
$(OBJDIR)/tf32_%.o: $(SRCROOT)/kernels/tf32/%.cu $(KERNEL_HEADERS) | build-start
	$(call build_step,nvcc      kernels/tf32/$*.cu,$(NVCC_ID) $(call host_opt,$*) $(NVCC_ALL_FLAGS),$< $(KERNEL_HEADERS),$(NVCC) $(call host_opt,$*) $(NVCC_ALL_FLAGS) -c $< -o $@)

# tf32x3 v2 and v3 (tf32/wgmma.cu, tf32/wgmma_ws.cu) and Ozaki scheme II's gemms wg, ws and
# ws256 (ozaki/scheme2_wgmma.cu) issue wgmma, which only sm_90a code has (not sm_90): where 90 is
# listed, those files' sm_90 machine code is built for sm_90a instead (it runs on every compute
# capability 9.0 device) and GPUMAT_SM90A tells their host code that the wgmma kernels are
# there.  Every file of kernels/ozaki/ is built so (GPUMAT_SM90A picks scheme II's gemm in
# scheme2.cu), and every file of kernels/tf32/: GPUMAT_SM90A lets wgmma.cu's planning choose v2
# and v3, and tf32/mma_sync.cu (v1, mma.sync only) leaves its two-stage kernels, which no 9.0
# device launches, out of sm_90a code (__CUDA_ARCH_FEAT_SM90_ALL): as sm_90 code they cost its
# ptxas 4.6 s instead of 2.4, and the machine code of the kernels a 9.0 device runs is the same.
comma := ,
OZAKI_OBJECTS := $(call kernel_object,$(filter $(SRCROOT)/kernels/ozaki/%,$(KERNEL_SOURCES)))
TF32_OBJECTS  := $(call kernel_object,$(filter $(SRCROOT)/kernels/tf32/%,$(KERNEL_SOURCES)))
$(TF32_OBJECTS) $(OZAKI_OBJECTS): KERNEL_ARCH_FLAGS = \
  $(subst arch=compute_90$(comma)code=$(SM90_CODE) ,arch=compute_90a$(comma)code=$(SM90_CODE)a ,$(CUDA_GENCODE) ) \
  $(CHECK_ONLY_FLAGS) $(if $(filter 90,$(ARCH_LIST)),-DGPUMAT_SM90A) $(KERNEL_VERSION_FLAGS)

# BENCH_VERSIONS=1 keeps the kernels' earlier versions that only a tuning variable selects, for
# benchmarks side by side (GPUMAT_DMMA_MMA=k8: matmul_dmma.cu's m16n8k8 loop;
# GPUMAT_OZAKI_VERSION=2 and GPUMAT_OZAKI2_GEMM=wg: ozaki/scheme1.cu's gemm v2 and
# ozaki/scheme2_wgmma.cu's gemm wg); without it they are not built and the variable selects the
# current version.
ifeq ($(BENCH_VERSIONS),1)
  KERNEL_VERSION_FLAGS := -DGPUMAT_BENCH_VERSIONS
endif
$(OBJDIR)/matmul_dmma.o: KERNEL_ARCH_FLAGS = $(CUDA_GENCODE) $(CHECK_ONLY_FLAGS) $(KERNEL_VERSION_FLAGS)

# matmul_warp.cu's LARGE single tile with BK = 16 (74.5 KB of shared memory) is for devices that
# cannot give a block the 149 KB of its BK = 32 form (sm_75, sm_86/87/89, sm_120/121): built
# only where CUDA_ARCH lists one of them (7 s of the file's 34 s of compiling); a build without
# runs SMALL tiles on such a device.
WARP_BIG_SMEM_ARCHS := 80 90 100 103 110
$(OBJDIR)/matmul_warp.o: KERNEL_ARCH_FLAGS = $(CUDA_GENCODE) $(CHECK_ONLY_FLAGS) \
  $(if $(filter-out $(WARP_BIG_SMEM_ARCHS),$(ARCH_LIST)),-DGPUMAT_WARP_BK16)

# gm_init (memory.cu) refuses a GPU older than the oldest capability built, with a message that
# says so, rather than failing at the first kernel launch.
$(OBJDIR)/memory.o: KERNEL_ARCH_FLAGS = $(CUDA_GENCODE) $(CHECK_ONLY_FLAGS) -DGPUMAT_MIN_ARCH=$(firstword $(ARCH_LIST))

# The runtime library: the kernels and the runtime (memory, transfers, host and out-of-core
# products) with the static CUDA runtime linked in once, so the installed package needs only
# the NVIDIA driver.  The MEX gateway and the value type's oct-file both link it and find it
# beside themselves (rpath $ORIGIN): one CUDA runtime and one device cache in the process, so
# a device pointer made by either is valid in the other, and the value type calls the C API
# directly on its hot path (mex/gpumat_value_direct.cc).  mkoctfile hands its flags to a shell
# of its own: \$$ORIGIN reaches the linker as $ORIGIN.
LIB_CXX      := $(shell $(MKOCTFILE) -p CXX 2>/dev/null || echo g++)
# cuFFT, cuSOLVER and cuBLAS are not linked: kernels/fft.cu and kernels/solver_lib.cu load them
# (dlopen) at the first transform or solve, so that gpumat loads and runs everything else
# without them (linked, cuSOLVER and cuBLAS cost every `pkg load` 220-320 ms).  The rpath
# makes that dlopen look in this toolkit's library folder as well (after LD_LIBRARY_PATH,
# before the system's folders).
CUFFT_RPATH   = -Wl,-rpath,$(CUDA_LIBDIR)
RUNTIME_LINK  = -L$(abspath $(dir $(RUNTIME_OUT))) -lgpumat -Wl,-rpath,'\$$ORIGIN'
$(RUNTIME_OUT): $(KERNEL_OBJECTS)
	@echo "gpumat:   link      $(notdir $@)" >&2
	@$(call SHOW_COMMAND,$(LIB_CXX) -shared -o $@ $^ $(CUDA_LIBS) $(CUFFT_RPATH)) \
	$(LIB_CXX) -shared -o $@ -Wl,-soname,libgpumat.so $^ $(CUDA_LIBS) $(CUFFT_RPATH) > $(OBJDIR)/logs/link-lib.log 2>&1 \
	  || { cat $(OBJDIR)/logs/link-lib.log >&2; echo "gpumat: FAILED: link $(notdir $@)" >&2; exit 1; }

# What pkg install copies next to the package's functions (src/FILES: without it, pkg takes
# only *.m, *.oct and *.mex, and the runtime library would be left behind).
$(dir $(MEX_OUT))FILES: $(RUNTIME_OUT) $(MEX_OUT) $(ALLOC_OUT) $(ADDRESS_OUT) $(VALUE_OUT) \
                       $(DIST_TARGETS) $(METHOD_OUTS)
	@printf '%s\n' $(notdir $(filter-out $(METHOD_OUTS),$^)) $(METHOD_FILES) > $@

# mkoctfile compiles the gateway sources (one rule a file, so they build in parallel) and links
# them with the runtime library.
MEX_CFLAGS = -I$(SRCROOT)/kernels -I$(SRCROOT)/mex -I$(CUDA_HOME)/include
$(OBJDIR)/mex/%.o: $(SRCROOT)/mex/%.c $(MEX_HEADERS) $(KERNEL_HEADERS) | build-start
	$(call build_step,mkoctfile mex/$*.c,$(MKOCTFILE_ID) --mex -c $(MEX_CFLAGS),$< $(MEX_HEADERS) $(KERNEL_HEADERS),$(MKOCTFILE) --mex -c $(MEX_CFLAGS) $< -o $@)

$(MEX_OUT): $(MEX_OBJECTS) $(RUNTIME_OUT)
	@echo "gpumat:   link      $(notdir $@)" >&2
	@$(call SHOW_COMMAND,$(MKOCTFILE) --mex -o $@ $(MEX_OBJECTS) $(RUNTIME_LINK)) \
	$(MKOCTFILE) --mex -o $@ $(MEX_OBJECTS) $(RUNTIME_LINK) > $(OBJDIR)/logs/link.log 2>&1 \
	  || { cat $(OBJDIR)/logs/link.log >&2; echo "gpumat: FAILED: link $(notdir $@)" >&2; exit 1; }

# The gateway's result allocator: plain Octave C++, no CUDA (see its header for why).
$(ALLOC_OUT): $(SRCROOT)/mex/gpumat_alloc.cc | build-start
	$(call build_step,mkoctfile mex/gpumat_alloc.cc,$(MKOCTFILE_ID),$<,mkdir -p $(OBJDIR)/alloc && cd $(OBJDIR)/alloc && $(MKOCTFILE) -o $(abspath $@) $(abspath $<))

# The method fronts: plain Octave C++, no CUDA, no link to the shell (they find its table at run
# time: mex/gpumat_front.h); -z nodelete keeps the library mapped after `clear all` unloads it.
$(METHOD_LIB): $(SRCROOT)/mex/gpumat_methods.cc $(SRCROOT)/mex/gpumat_front.h | build-start
	$(call build_step,mkoctfile mex/gpumat_methods.cc,$(MKOCTFILE_ID) -Wl$(comma)-z$(comma)nodelete,$^,mkdir -p $(OBJDIR)/methods && cd $(OBJDIR)/methods && $(MKOCTFILE) -I$(abspath $(SRCROOT)/mex) -o $(abspath $@) $(abspath $<) -Wl$(comma)-z$(comma)nodelete)
$(METHOD_DIR)@gpumat/%.oct: $(METHOD_LIB)
	@mkdir -p $(@D) && cp $< $@
$(METHOD_DIR)gpumat.oct: $(METHOD_LIB)
	@mkdir -p $(@D) && cp $< $@

# Where Octave keeps a complex input's interleaved elements (see its header): no CUDA either.
$(ADDRESS_OUT): $(SRCROOT)/mex/gpumat_address.cc | build-start
	$(call build_step,mkoctfile mex/gpumat_address.cc,$(MKOCTFILE_ID),$<,mkdir -p $(OBJDIR)/address && cd $(OBJDIR)/address && $(MKOCTFILE) -o $(abspath $@) $(abspath $<))

# The gpumat value type: a C++ shell registering "gpumat" with Octave's type table; the hot
# operations call the runtime library directly (gpumat_value_direct.cc), the rest goes to the
# gateway above through feval (see gpumat_value.cc's header); gpumat_value_index.cc holds
# indexing and assignment, gpumat_value_host.cc the host fallback and Octave's other virtuals.
# Linked against the runtime library, found beside it at run time.
# (paths as given, not made absolute: the cache key holds them, and pkg install builds in a
# temporary folder of its own, where absolute paths made the value type compile a second time)
VALUE_FLAGS     = -I$(SRCROOT)/mex -I$(SRCROOT)/kernels -I$(CUDA_HOME)/include
# One object a source, each started with the kernels (they need the runtime library only to
# link): 26 s of compiling off the end of the build.  At -O1 (Octave's flags say -O2): 5.0 ->
# 3.9 s of compiling each on the 2-core machine; the per-call cost to be compared with
# make bench-percall.
VALUE_CXXFLAGS = $(patsubst -O2,-O1,$(CXXFLAGS))
$(OBJDIR)/value/%.o: $(SRCROOT)/mex/%.cc $(VALUE_HEADERS) | build-start
	$(call build_step,mkoctfile mex/$*.cc,$(MKOCTFILE_ID) -c $(VALUE_FLAGS) $(VALUE_CXXFLAGS),$< $(VALUE_HEADERS),CXXFLAGS='$(VALUE_CXXFLAGS)' $(MKOCTFILE) -c $(VALUE_FLAGS) $< -o $@)

$(VALUE_OUT): $(VALUE_OBJECTS) $(RUNTIME_OUT)
	@echo "gpumat:   link      $(notdir $@)" >&2
	@$(call SHOW_COMMAND,$(MKOCTFILE) -o $@ $(VALUE_OBJECTS) $(RUNTIME_LINK)) \
	$(MKOCTFILE) -o $@ $(VALUE_OBJECTS) $(RUNTIME_LINK) > $(OBJDIR)/logs/link-value.log 2>&1 \
	  || { cat $(OBJDIR)/logs/link-value.log >&2; echo "gpumat: FAILED: link $(notdir $@)" >&2; exit 1; }


# the distributed arrays' MEX file (variables above, with the other sources)
# (linked with the runtime library: each rank's share of a product runs on its GPU through it)
DIST_INCLUDES = -I$(abspath $(SRCROOT)/dist) -I$(abspath $(SRCROOT)/mex) -I$(abspath $(SRCROOT)/kernels) \
                -I$(CUDA_HOME)/include
$(DIST_OUT): $(DIST_SOURCES) $(wildcard $(SRCROOT)/dist/*.h) $(SRCROOT)/mex/gw_octave_array.h $(KERNEL_HEADERS) $(RUNTIME_OUT) | build-start
	$(call build_step,mkoctfile __gpumat_dist__.mex,$(MKOCTFILE_ID) --mex $(DIST_INCLUDES) $(DIST_FLAGS) $(DIST_LIBS) $(RUNTIME_LINK),$(filter-out $(RUNTIME_OUT),$^),mkdir -p $(OBJDIR)/dist && cd $(OBJDIR)/dist && $(MKOCTFILE) --mex $(DIST_INCLUDES) $(DIST_FLAGS) $(abspath $(DIST_SOURCES)) $(DIST_LIBS) $(RUNTIME_LINK) -o $(abspath $@))
