## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{info} =} gpumat_dist_init ()
## Start MPI in this Octave process, once, and say where the process stands: a struct with
## @code{rank} and @code{size} (in @code{MPI_COMM_WORLD}, 0-based) and @code{local_rank} and
## @code{local_size} (among the ranks of this host).
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
    cached = struct ("rank", v(1), "size", v(2), "local_rank", v(3), "local_size", v(4));
  endif
  info = cached;
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   info = gpumat_dist_init ();
%!   assert (info.size >= 1);
%!   assert (info.rank >= 0 && info.rank < info.size);
%!   assert (info.local_rank >= 0 && info.local_rank < info.local_size);
%! else
%!   fail ("gpumat_dist_init ()", "built without MPI");
%! endif
