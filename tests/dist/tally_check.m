## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## t = tally_check (t, ok, fmt, ...): counts a passed check in t.passed, or keeps the failure's
## message (sprintf (fmt, ...)) in t.failures; t starts as struct ("passed", 0, "failures", {{}}).
## For the distributed tests (dist_check.m, gpu_engine_check.m).
function t = tally_check (t, ok, fmt, varargin)
  if (ok)
    t.passed++;
  else
    t.failures{end + 1} = sprintf (fmt, varargin{:});
  endif
endfunction
