## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{info} =} gpumat_dist_init ()
## Start MPI in this Octave process, once, and say where the process stands: a struct with
## @code{rank} and @code{size} (in @code{MPI_COMM_WORLD}, 0-based) and @code{local_rank} and
## @code{local_size} (among the ranks of this host), and @code{gpu}: the GPU this rank's gpumat
## work runs on.
##
## Each rank takes one GPU of its host: the GPU numbered @code{mod (local_rank, G)} of the
## host's @var{G} GPUs (as @command{nvidia-smi -L} lists them), made the only one the process
## sees (@env{CUDA_VISIBLE_DEVICES}), so that the ranks of a host spread over its GPUs and each
## rank's gpumat arrays and products live on its own.  Where @env{CUDA_VISIBLE_DEVICES} is set
## already (by the launcher, or by a wrapper script) it is left as it is, and @code{gpu} says
## what it holds.  The choice takes effect only before the process first uses its GPU: call
## @code{gpumat_dist_init} first (a rank that used its GPU before says so with the warning
## @code{gpumat:dist:gpuChosenLate}).  @code{gpu} is empty where no GPU was found.
##
## Distributed arrays (@code{gpumat_dist}) run one Octave process per rank, started by
## @command{mpirun} or @command{srun}, for example
## @example
## mpirun -np 4 octave-cli --eval "pkg load gpumat; my_script"
## @end example
## Every distributed function is collective: each rank calls it with the same arguments, in the
## same order.  An error on any rank is raised on every rank, with the rank that found it.
## MPI stays up until Octave exits.  Needs the package built with MPI and ScaLAPACK (Debian:
## @code{libopenmpi-dev} and @code{libscalapack-openmpi-dev}, then @code{pkg install} again):
## without them this raises @code{gpumat:dist:unavailable}.
## @seealso{gpumat_dist_grid, gpumat_dist}
## @end deftypefn
function info = gpumat_dist_init ()
  persistent cached;
  if (isempty (cached))
    if (exist ("__gpumat_dist__") != 3)
      error ("gpumat:dist:unavailable", ["gpumat_dist_init: this gpumat was built without MPI ", ...
             "and ScaLAPACK; install them (Debian: apt-get install libopenmpi-dev ", ...
             "libscalapack-openmpi-dev) and pkg install gpumat again"]);
    endif
    v = __gpumat_dist__ ("init");
    cached = struct ("rank", v(1), "size", v(2), "local_rank", v(3), "local_size", v(4),
                     "gpu", choose_gpu (v(3)));
  endif
  info = cached;
endfunction

## the GPU of this rank: CUDA_VISIBLE_DEVICES as the launcher set it, or one of the host's GPUs
## by the local rank; "" without a GPU
function gpu = choose_gpu (local_rank)
  gpu = getenv ("CUDA_VISIBLE_DEVICES");
  if (! isempty (gpu))
    return;
  endif
  [status, listing] = system ("nvidia-smi -L 2>/dev/null");
  count = 0;
  if (status == 0)
    count = numel (regexp (listing, '^GPU \d+:', "lineanchors"));
  endif
  if (count == 0)
    return;
  endif
  gpu = sprintf ("%d", mod (local_rank, count));
  ## the CUDA driver reads CUDA_VISIBLE_DEVICES once, when the process first uses a GPU
  maps = "";
  if (exist ("/proc/self/maps", "file"))
    maps = fileread ("/proc/self/maps");
  endif
  if (! isempty (strfind (maps, "libcuda.so")))
    warning ("gpumat:dist:gpuChosenLate", ["gpumat_dist_init: this process used a GPU before ", ...
             "gpumat_dist_init, so the ranks of this host may share one: call it first"]);
  endif
  setenv ("CUDA_VISIBLE_DEVICES", gpu);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   info = gpumat_dist_init ();
%!   assert (ischar (info.gpu));
%!   assert (info.size >= 1);
%!   assert (info.rank >= 0 && info.rank < info.size);
%!   assert (info.local_rank >= 0 && info.local_rank < info.local_size);
%! else
%!   fail ("gpumat_dist_init ()", "built without MPI");
%! endif
