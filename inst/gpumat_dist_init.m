## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{info} =} gpumat_dist_init ()
## @deftypefnx {} {@var{info} =} gpumat_dist_init ("engine", @var{library})
## Start MPI in this Octave process, once, and say where the process stands: a struct with
## @code{rank} and @code{size} (in @code{MPI_COMM_WORLD}, 0-based) and @code{local_rank} and
## @code{local_size} (among the ranks of this host), and @code{gpu}: the GPU this rank's gpumat
## work runs on.
##
## Each rank takes one GPU of its host: the GPU numbered @code{mod (local_rank, G)} of the
## host's @var{G} GPUs (as @command{nvidia-smi -L} lists them), made the first one the process
## sees (@env{CUDA_VISIBLE_DEVICES} lists it, then the host's other GPUs), so that the ranks of a
## host spread over its GPUs and each rank's gpumat arrays and products live on its own, while
## the ranks can still reach each other's GPUs: distributed products on one host move their
## pieces GPU to GPU (CUDA IPC) instead of through MPI.  @code{gpu} is the number of the rank's
## own GPU.  Where @env{CUDA_VISIBLE_DEVICES} is set already (by the launcher, or by a wrapper
## script) it is left as it is, and @code{gpu} says what it holds.  The choice takes effect
## only before the process first uses its GPU: call
## @code{gpumat_dist_init} first (a rank that used its GPU before says so with the warning
## @code{gpumat:dist:gpuChosenLate}).  @code{gpu} is empty where no GPU was found.
##
## Distributed arrays (@code{gpumat_dist}) run one Octave process per rank, started by
## @command{mpirun} or @command{srun}, for example
## @example
## mpirun --bind-to none -np 4 octave-cli --eval "pkg load gpumat; my_script"
## @end example
## Every distributed function is collective: each rank calls it with the same arguments, in the
## same order.  An error on any rank is raised on every rank, with the rank that found it.
## MPI stays up until Octave exits.
##
## The products are computed by ScaLAPACK's @code{p?gemm_}: by default those of the ScaLAPACK
## the package was built with; @code{"engine", @var{library}} takes them from another shared
## library that exports the same four functions (@code{pdgemm_}, @code{psgemm_}, @code{pzgemm_},
## @code{pcgemm_}), such as COSMA's @file{libcosma_pxgemm.so} or SLATE's ScaLAPACK API;
## @qcode{"summa"} takes gpumat's own: where every rank has a GPU, each rank multiplies its grid
## row of @var{A} by its grid column of @var{B} on its GPU (any blocks), which gets them GPU to
## GPU where the ranks of the grid share one host (each rank's pieces go up once; CUDA IPC), or
## else in large MPI broadcasts, multiplied as they arrive; where some rank has none, or a GPU
## cannot hold a grid column of @var{B}, SUMMA panel by panel, where the inner blocks match (@var{A}'s column blocks of
## @var{B}'s row blocks' size; other products go to the linked ScaLAPACK); a transposed operand
## is transposed first, by ScaLAPACK's @code{p?tran}; and
## @code{""} goes back to the default.  @code{@var{info}.engine} names the one in use.  Choosing
## it is collective: every rank passes the same library (errors on every rank otherwise).  Needs the package built with MPI and ScaLAPACK (Debian:
## @code{libopenmpi-dev} and @code{libscalapack-openmpi-dev}, then @code{pkg install} again):
## without them this raises @code{gpumat:dist:unavailable}.
## @seealso{gpumat_dist_grid, gpumat_dist}
## @end deftypefn
function info = gpumat_dist_init (varargin)
  persistent cached;
  if (! (nargin == 0 || (nargin == 2 && strcmp (varargin{1}, "engine"))))
    error ("gpumat:dist:invalidArgument",
           "gpumat_dist_init: call it as gpumat_dist_init () or gpumat_dist_init (\"engine\", LIBRARY)");
  endif
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
  if (nargin == 2)
    library = varargin{2};
    id = "";  msg = "";
    if (! (ischar (library) && (isrow (library) || isempty (library))))
      id = "gpumat:dist:invalidArgument";
      msg = "gpumat_dist_init: LIBRARY must be the path of a shared library, or \"\"";
    elseif (strcmp (library, "summa"))
      __gpumat_dist__ ("engine", "");         # the linked ScaLAPACK for what SUMMA leaves
    else
      try
        __gpumat_dist__ ("engine", library);
      catch err
        id = err.identifier;  msg = err.message;
      end_try_catch
    endif
    __gpumat_dist__ ("agree", double (isempty (msg)), id, msg);
    code = double (library(:)');
    if (! __gpumat_dist__ ("same", [numel(code), sum(code .* (1:numel(code))), sum(code .^ 2)]))
      error ("gpumat:dist:mismatch", "gpumat_dist_init: the ranks chose different engines");
    endif
  endif
  if (nargin == 2)
    cached.summa = strcmp (library, "summa");
  endif
  info = cached;
  info.engine = __gpumat_dist__ ("engine");
  if (isfield (cached, "summa") && cached.summa)
    info.engine = "summa";
  elseif (isempty (info.engine))
    info.engine = "ScaLAPACK (linked)";
  endif
  info = rmfield (info, intersect (fieldnames (info), {"summa"}));
endfunction

## the GPU of this rank: CUDA_VISIBLE_DEVICES as the launcher set it, or one of the host's GPUs
## by the local rank (made CUDA's device 0 here, the others after it); "" without a GPU
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
  own = mod (local_rank, count);
  gpu = sprintf ("%d", own);
  ## the rank's own GPU first (CUDA's device 0 in this process), then the others
  visible = strjoin (arrayfun (@(d) sprintf ("%d", d), [own, setdiff(0:count - 1, own)],
                               "uniformoutput", false), ",");
  ## the CUDA driver reads CUDA_VISIBLE_DEVICES once, when the process first uses a GPU
  maps = "";
  if (exist ("/proc/self/maps", "file"))
    maps = fileread ("/proc/self/maps");
  endif
  if (! isempty (strfind (maps, "libcuda.so")))
    warning ("gpumat:dist:gpuChosenLate", ["gpumat_dist_init: this process used a GPU before ", ...
             "gpumat_dist_init, so the ranks of this host may share one: call it first"]);
  endif
  setenv ("CUDA_VISIBLE_DEVICES", visible);
endfunction

%!test
%! if (exist ("__gpumat_dist__") == 3)
%!   info = gpumat_dist_init ();
%!   assert (ischar (info.gpu));
%!   assert (info.engine, "ScaLAPACK (linked)");
%!   fail ("gpumat_dist_init (\"engine\", \"/nonexistent/libengine.so\")", "cannot open the engine");
%!   fail ("gpumat_dist_init (\"engine\", \"libm.so.6\")", "has no pdgemm_");
%!   assert (gpumat_dist_init ().engine, "ScaLAPACK (linked)");
%!   assert (gpumat_dist_init ("engine", "summa").engine, "summa");
%!   assert (gpumat_dist_init ().engine, "summa");
%!   assert (gpumat_dist_init ("engine", "").engine, "ScaLAPACK (linked)");
%!   fail ("gpumat_dist_init (\"engine\")", "call it as");
%!   assert (info.size >= 1);
%!   assert (info.rank >= 0 && info.rank < info.size);
%!   assert (info.local_rank >= 0 && info.local_rank < info.local_size);
%! else
%!   fail ("gpumat_dist_init ()", "built without MPI");
%! endif
