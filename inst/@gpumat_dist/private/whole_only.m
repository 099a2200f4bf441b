## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
## whole_only (name): the error of a function that distributed matrices do not have, where
## Octave's default for a class would answer without looking at the data
function whole_only (name)
  error ("gpumat:dist:unsupported", ["%s: not defined for distributed matrices; gather (D) ", ...
         "makes the whole matrix an Octave matrix on every rank"], name);
endfunction
