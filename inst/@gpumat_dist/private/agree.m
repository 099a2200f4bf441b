## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## agree (ok, id, msg): collective; where any rank is not ok, every rank raises the error of the
## lowest such rank ("rank R: ..."), so that no rank waits in a collective another has left
function agree (ok, id, msg)
  __gpumat_dist__ ("agree", double (ok), id, msg);
endfunction
