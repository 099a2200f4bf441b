# build.mk: the one set of rules that builds gpumat's MEX file.
#
# In the tree the top-level Makefile runs it (make build); in the package tarball it is
# src/Makefile, with src/mex/ and src/kernels/ beside it, and `pkg install` runs it there with
# `make --jobs N`.  Everything tunable is `?=`; every object depends on every header.
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

# Machine code for each listed architecture, plus PTX of the newest for cards yet to come.
CUDA_ARCH ?= 75 80 86 89 90
CUDA_GENCODE ?= $(foreach a,$(CUDA_ARCH),-gencode arch=compute_$(a),code=sm_$(a)) \
                -gencode arch=compute_$(lastword $(CUDA_ARCH)),code=compute_$(lastword $(CUDA_ARCH))
NVCCFLAGS ?= -O3 -std=c++17 -lineinfo
NVCC_ALL_FLAGS = $(NVCCFLAGS) $(KERNEL_ARCH_FLAGS) -Xcompiler -fPIC -I$(SRCROOT)/kernels
KERNEL_ARCH_FLAGS = $(CUDA_GENCODE)

KERNEL_HEADERS := $(wildcard $(SRCROOT)/kernels/*.h $(SRCROOT)/kernels/*.cuh)
KERNEL_SOURCES := $(wildcard $(SRCROOT)/kernels/*.cu)
KERNEL_OBJECTS := $(patsubst $(SRCROOT)/kernels/%.cu,$(OBJDIR)/%.o,$(KERNEL_SOURCES))
MEX_SOURCES    := $(wildcard $(SRCROOT)/mex/*.c)
MEX_HEADERS    := $(wildcard $(SRCROOT)/mex/*.h)
CUDA_LIBS      := -L$(CUDA_LIBDIR) -lcudart_static -lrt -ldl -lpthread -lstdc++

ALLOC_OUT      ?= $(dir $(MEX_OUT))__gpumat_alloc__.oct
ADDRESS_OUT    ?= $(dir $(MEX_OUT))__gpumat_address__.oct

.PHONY: all kernel-objects
all: $(MEX_OUT) $(ALLOC_OUT) $(ADDRESS_OUT)

kernel-objects: $(KERNEL_OBJECTS)

$(OBJDIR)/%.o: $(SRCROOT)/kernels/%.cu $(KERNEL_HEADERS)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ALL_FLAGS) -c $< -o $@

# tf32x3 v2 (matmul_tf32.cu) and Ozaki v3's gemm wg (matmul_ozaki.cu) issue wgmma, which only
# sm_90a code has (not sm_90): where 90 is listed, those files' sm_90 machine code is built for
# sm_90a instead (it runs on every compute capability 9.0 device) and GPUMAT_SM90A tells their
# host code that the wgmma kernels are there.
comma := ,
$(OBJDIR)/matmul_tf32.o $(OBJDIR)/matmul_ozaki.o: KERNEL_ARCH_FLAGS = \
  $(subst arch=compute_90$(comma)code=sm_90 ,arch=compute_90a$(comma)code=sm_90a ,$(CUDA_GENCODE) ) \
  $(if $(filter 90,$(CUDA_ARCH)),-DGPUMAT_SM90A)

# mkoctfile compiles the gateway sources and links them with the kernels and the static CUDA
# runtime, so the installed package needs only the NVIDIA driver.  Its object files go to a
# folder of this target's own, which keeps parallel builds apart.
$(MEX_OUT): $(MEX_SOURCES) $(MEX_HEADERS) $(KERNEL_HEADERS) $(KERNEL_OBJECTS)
	@mkdir -p $(OBJDIR)/mex
	@echo "gpumat: building $@ with $(NVCC) for CUDA_ARCH=$(CUDA_ARCH)"
	for f in $(MEX_SOURCES); do \
	  $(MKOCTFILE) --mex -c -I$(SRCROOT)/kernels -I$(SRCROOT)/mex -I$(CUDA_HOME)/include \
	    $$f -o $(OBJDIR)/mex/$$(basename $$f .c).o || exit 1; \
	done
	$(MKOCTFILE) --mex -o $@ $(patsubst $(SRCROOT)/mex/%.c,$(OBJDIR)/mex/%.o,$(MEX_SOURCES)) \
	  $(KERNEL_OBJECTS) $(CUDA_LIBS)

# The gateway's result allocator: plain Octave C++, no CUDA (see its header for why).
$(ALLOC_OUT): $(SRCROOT)/mex/gpumat_alloc.cc
	@mkdir -p $(OBJDIR)/alloc
	cd $(OBJDIR)/alloc && $(MKOCTFILE) -o $(abspath $@) $(abspath $<)

# Where Octave keeps a complex input's interleaved elements (see its header): no CUDA either.
$(ADDRESS_OUT): $(SRCROOT)/mex/gpumat_address.cc
	@mkdir -p $(OBJDIR)/address
	cd $(OBJDIR)/address && $(MKOCTFILE) -o $(abspath $@) $(abspath $<)

# The gpumat value type (issue 12): a C++ shell registering "gpumat" with Octave's type table,
# forwarding every operation to the gateway above through feval (see its header for why).
VALUE_OUT      ?= $(dir $(MEX_OUT))__gpumat_call__.oct
all: $(VALUE_OUT)

VALUE_SOURCES  := $(SRCROOT)/mex/gpumat_value.cc $(SRCROOT)/mex/gpumat_value_host.cc
$(VALUE_OUT): $(VALUE_SOURCES) $(SRCROOT)/mex/gpumat_value.h $(SRCROOT)/mex/descriptor.h
	@mkdir -p $(OBJDIR)/value
	cd $(OBJDIR)/value && $(MKOCTFILE) -I$(abspath $(SRCROOT)/mex) -o $(abspath $@) \
	  $(abspath $(VALUE_SOURCES))
